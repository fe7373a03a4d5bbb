"""The body of `claw simulate`: read the files, build the variants, run the engine's
chunks on a process pool (or a Dask cluster with --scheduler), then print, save, plot."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from claw.core.errors import InvalidInput, UsageError, quoted

BLOCK = 200          # games per variant in one --until-ci block
UNTIL_CI_CAP = 20000  # games per variant at most with --until-ci (unless --games says otherwise)


@dataclass
class Request:
    files: list[str]
    games: int | None = None
    until_ci: float | None = None
    seed: int = 1
    policy: str = "greedy"
    ties: str = "first"
    vary: list[str] = field(default_factory=list)
    option: list[str] = field(default_factory=list)
    max_rounds: int = 30
    workers: int | None = None
    scheduler: str | None = None
    json: bool = False
    plot: str | None = None
    save_games: str | None = None
    quiet: bool = False


def _read(path: str | Path) -> dict:
    from claw.cli.validation.diagnostics import check_file

    report = check_file(str(path))
    if not report.ok:
        raise InvalidInput(report.errors[0].text() + f" (run claw validate {path})")
    return report.data


def load_setup(path: str):
    """The engine's Setup for one scenario file (read and validated here, as claw new does;
    the game's part by its hooks' SIMULATE_SETUP)."""
    from claw.cli.framework.adapter import GAMES, NAMES, game_hooks

    doc = _read(path)
    game = doc.get("game")
    setup = game_hooks(game).simulate_setup if game in GAMES else None
    if setup is None:
        able = [g for g in GAMES if game_hooks(g).simulate_setup is not None]
        others = [NAMES[g].split(":")[0] for g in GAMES if g not in able]
        raise UsageError(f"claw simulate plays {' and '.join(able)} scenarios; "
                         f"{path} is a {quoted(game)} file ({' and '.join(others)} have no policy)")
    return setup(path, doc, _read)


def _value(text: str):
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return text


def _values(spec: str) -> tuple[str, list]:
    key, eq, rest = spec.partition("=")
    if not eq or not key or not rest:
        raise UsageError(f"--vary wants KEY=V1,V2 or KEY=A..B: {quoted(spec)}")
    if ".." in rest:
        lo, _, hi = rest.partition("..")
        if not (lo.strip().lstrip("-").isdigit() and hi.strip().lstrip("-").isdigit()) or int(lo) > int(hi):
            raise UsageError(f"--vary KEY=A..B wants whole numbers A <= B: {quoted(spec)}")
        if int(hi) - int(lo) >= 100:
            raise UsageError(f"--vary gives at most 100 values: {quoted(spec)}")
        return key.strip(), list(range(int(lo), int(hi) + 1))
    return key.strip(), [_value(v.strip()) for v in rest.split(",") if v.strip()]


def _rulings(game: str) -> tuple[str, ...]:
    from claw.cli.framework.adapter import game_hooks

    return game_hooks(game).simulate_rulings


def _ruling(game: str, key: str) -> str | None:
    name = key.replace("-", "_")
    return name if name in _rulings(game) else None


def build_variants(game: str, req: Request):
    """(index, Variant, arm) triples: the product of the --vary values, each once (arm a),
    and with --option twice (a: the default reading, b: the option)."""
    import itertools

    from claw.core.sim.engine import Variant

    axes = [_values(v) for v in req.vary]
    extra = []
    for spec in req.option:
        name, eq, value = spec.partition("=")
        ruling = _ruling(game, name.strip())
        if not eq or ruling is None:
            names = ", ".join(o.replace("_", "-") for o in _rulings(game))
            raise UsageError(f"--option wants NAME=VALUE with a ruling of {game} ({names}): {quoted(spec)}")
        extra.append((ruling, _value(value.strip())))
    out = []
    for index, combo in enumerate(itertools.product(*[vals for _, vals in axes]) if axes else [()]):
        doc_changes, options, rounds = [], [], req.max_rounds
        parts = []
        for (key, _), value in zip(axes, combo, strict=True):
            parts.append(f"{key}={value}")
            if key in ("max-rounds", "max_rounds"):
                if not isinstance(value, int) or value < 1:
                    raise UsageError(f"--vary max-rounds takes whole numbers from 1: {quoted(str(value))}")
                rounds = value
            elif _ruling(game, key):
                options.append((_ruling(game, key), value))
            else:
                doc_changes.append((key, value))
        label = ", ".join(parts) or "as written"
        base = Variant(label, tuple(doc_changes), tuple(options), rounds)
        out.append((index, base, "a"))
        if extra:
            out.append((index, Variant(label + " | " + ", ".join(f"{k}={v}" for k, v in extra), tuple(doc_changes),
                                       tuple(options) + tuple(extra), rounds), "b"))
    return out


def _check_variants(setup, variants) -> None:
    """Set each variant up once here, so that a bad value is one message (exit 2/3)."""
    from claw.core.rng import SeededDice
    from claw.core.sim.engine import start

    for _i, variant, _arm in variants:
        try:
            start(setup, variant, SeededDice(0))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise UsageError(f"--vary {variant.label}: the scenario has no such value ({exc})") from None


def _executor(req: Request):
    """A map over chunks that keeps their order: in process, a process pool, or Dask."""
    if req.scheduler:
        try:
            from distributed import Client  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            raise UsageError("--scheduler needs Dask: pip install 'claw-tabletop[cluster]'") from None
        client = Client(req.scheduler, timeout="20s")

        def dask_map(fn, items):
            try:
                return client.gather(client.map(fn, items, pure=False))
            finally:
                client.close()
        return dask_map
    workers = req.workers if req.workers is not None else (os.cpu_count() or 1)
    if workers < 1:
        raise UsageError(f"--workers must be at least 1: {workers}")
    if workers == 1:
        return lambda fn, items: [fn(c) for c in items]

    def pool_map(fn, items):
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            return list(pool.map(fn, items))
    return pool_map


def run(req: Request, output) -> int:
    from claw.core.sim import engine
    from claw.core.sim.stats import wilson

    if req.ties not in ("first", "random", "policy"):
        raise UsageError(f"--ties is first, random or policy: {quoted(req.ties)}")
    if req.games is not None and not 1 <= req.games <= 1_000_000:
        raise UsageError(f"--games must be 1..1000000: {req.games}")
    if req.until_ci is not None and not 0 < req.until_ci < 0.5:
        raise UsageError(f"--until-ci is a half-width between 0 and 0.5, e.g. 0.02: {req.until_ci}")
    if not 0 <= req.seed < 2**64:
        raise UsageError(f"--seed must be between 0 and 2^64-1: {req.seed}")
    engine.load_policy(req.policy)   # a bad --policy is refused before anything runs
    documents = []
    run_map = None
    for path in req.files:
        setup = load_setup(path)
        variants = build_variants(setup.game, req)
        _check_variants(setup, variants)
        run_map = run_map or _executor(req)
        records: list[dict] = []
        done = 0
        target = req.games if req.games is not None else (UNTIL_CI_CAP if req.until_ci else 200)
        step = min(BLOCK, target) if req.until_ci else target
        while done < target:
            todo = min(step, target - done)
            items = engine.chunks(setup, variants, done, todo, req.seed, req.policy, req.ties,
                                  bool(req.save_games))
            records += _with_progress(output, req, run_map, engine.play_chunk, items, path)
            done += todo
            if req.until_ci:
                widest = 0.0
                for index, _v, arm in variants:
                    mine = [r for r in records if r["variant"] == index and r["arm"] == arm]
                    lo, hi = wilson(sum(r["outcome"] == "won" for r in mine), len(mine))
                    widest = max(widest, (hi - lo) / 2)
                if widest <= req.until_ci:
                    break
        doc = engine.summarise(records, variants, req.policy)
        doc = {"file": path, "game": setup.game, "seed": req.seed, "ties": req.ties,
               "games_per_variant": done, **doc}
        documents.append(doc)
        if req.save_games:
            _save(req, setup, variants, records)
        if not req.json:
            for line in render_text(doc):
                output.emit(line)
    if req.plot:
        from claw.cli.render.plot import write_plot

        write_plot(req.plot, documents[0])
    if req.json:
        output.emit_json(documents[0] if len(documents) == 1 else documents)
    return 0


def _with_progress(output, req: Request, run_map, fn, items, path: str) -> list[dict]:
    """Run the chunks; on a terminal, with a progress bar on stderr (rich)."""
    import sys

    out: list[dict] = []
    if req.quiet or not sys.stderr.isatty() or len(items) < 4:
        for chunk_records in run_map(fn, items):
            out += chunk_records
        return out
    from rich.progress import Progress

    total = sum(len(c.games) for c in items)
    with Progress(transient=True) as bar:   # rich writes to stderr (Console(stderr=True) below)
        bar.console.stderr = True
        task = bar.add_task(f"simulating {path}", total=total)
        for lo in range(0, len(items), 8):
            for chunk_records in run_map(fn, items[lo:lo + 8]):
                out += chunk_records
                bar.advance(task, len(chunk_records))
    return out


def _pct(rate: dict) -> str:
    lo, hi = rate["interval"]
    return f"{rate['rate'] * 100:.1f}% [{lo * 100:.1f}, {hi * 100:.1f}]"


def _len(stats: dict) -> str:
    if not stats["n"]:
        return "-"
    return f"median {stats['median']:g} (p10 {stats['p10']:g}, p90 {stats['p90']:g})"


def render_text(doc: dict) -> list[str]:
    lines = [f"{doc['file']}: {doc['games_per_variant']} games per row, policy {doc['policy']}, seed {doc['seed']}"
             f" (the policy is part of the answer)"]
    for row in doc["variants"]:
        lines.append(f"{row['variant']}: won {_pct(row['won'])}, lost {_pct(row['lost'])}, "
                     f"unfinished {_pct(row['unfinished'])}")
        lines.append(f"  rounds: won {_len(row['rounds']['won'])}; lost {_len(row['rounds']['lost'])}")
        where = sorted(row["falls"]["where"].items(), key=lambda kv: (-kv[1], kv[0]))[:5]
        if where:
            lines.append("  falls (side@place: count): " + ", ".join(f"{k}: {v}" for k, v in where))
        if row["events"]:
            lines.append("  events with winning or losing (correlation, not cause): " + ", ".join(
                f"{e['event']} {e['in_won'] * 100:.0f}% of wins vs {e['in_lost'] * 100:.0f}% of losses"
                for e in row["events"][:3]))
    for p in doc["paired"]:
        if p["difference"] is None:
            continue
        lo, hi = p["interval"]
        opts = ", ".join(f"{k}={v}" for k, v in p["option"].items())
        lines.append(f"paired {p['variant']} with {opts}: win rate {p['difference'] * 100:+.1f} points "
                     f"[{lo * 100:+.1f}, {hi * 100:+.1f}] (McNemar p = {p['p_value']:.3g}; "
                     f"{p['b_only']} games won only with it, {p['a_only']} only without)")
    return lines


def replay_words(setup, variant) -> list[str]:
    """The `claw play` start words for a game of ``variant`` (its rulings as claw new options)."""
    words = [setup.source or ""]
    for name, value in variant.options:
        flag = "--" + name.replace("_", "-")
        words += [flag] if value is True else [flag, str(value)]
    return words


def _save(req: Request, setup, variants, records: list[dict]) -> None:
    """DIR/<row>-<arm>-<k>.claw: a header with the seed and how to replay, then the lines."""
    import shlex

    from claw.cli.store.atomic import replace_file

    folder = Path(req.save_games or ".")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        from claw.core.errors import CannotWrite

        raise CannotWrite(f"cannot create {folder}: {exc.strerror}") from None
    by_index = {(i, arm): v for i, v, arm in variants}
    for r in records:
        variant = by_index[(r["variant"], r["arm"])]
        name = f"v{r['variant']}{r['arm']}-{r['k']:05d}.claw"
        start = " ".join(shlex.quote(w) for w in replay_words(setup, variant))
        target = str(folder / name)   # the replay line works from where simulate ran, as the FILE does
        head = [f"# claw simulate: {setup.game}, row {variant.label}, game {r['k']}, policy {req.policy}",
                f"# seed {r['seed']}; outcome {r['outcome'] or 'unfinished'} after {r['rounds']} rounds",
                f"# replay: claw play {start} --seed {r['seed']} {shlex.quote(target)}"]
        if variant.doc_changes:
            head.append("# the row changes the scenario (" + ", ".join(f"{k}={v}" for k, v in variant.doc_changes)
                        + "): replay it with a copy of the file so changed")
        replace_file(target, ("\n".join(head + r["script"]) + "\n").encode(), target, commit=False)
