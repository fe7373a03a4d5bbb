"""Type-mutation fuzz of the game part of real states of all four games (issue 21).

Builds real states with claw's own commands on the bundled examples (a start state and a
state a few steps on, per game), lists every *path pattern* of the game part (list
indices become ``[]``; the keys of an id-keyed map such as ``figures`` become ``*``), and
for each pattern mutates its first instance: the value replaced by 7.5, -1, 0, 10**30, "x",
"", null, true, [], {}; the key or item deleted; an unknown key added to an object. Each
mutant goes through ``claw validate``, ``claw show``, ``claw scenario-step`` and one action
of its game, in-process (``claw.cli.testing.run``) in worker processes with a time bound.

A *bug* is an exit 1 (internal error) or a hang; a *disagreement* is a state ``validate``
accepts and a command refuses with exit 3. Results go to ``OUT/<game>.txt`` as they come:
the failures line by line, then a summary on top when the game is done.

    python scripts/fuzz_states.py                       # all four games, /work/fuzz
    python scripts/fuzz_states.py --game msm --out DIR  # one game
    python scripts/fuzz_states.py --limit 50            # the first 50 mutants per game
"""

from __future__ import annotations

import argparse
import copy
import json
import multiprocessing as mp
import os
import re
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("ratcatcher", "msm", "warriors", "mice")
BOUND = 5.0  # seconds a command may take before it counts as a hang (a normal one takes ms)
UNKNOWN = "zz_unknown_key"

# game -> base states, each: label -> (the `claw new` arguments, then commands played on it)
BASES: dict[str, dict[str, list[list[str]]]] = {
    "msm": {
        "start": [["new", "examples/msm/scenario-1.yaml", "--seed", "7"]],
        # scenario 2, round 2: rats revealed and moved, cats in the cats' turn
        "round2": [["new", "examples/msm/scenario-2.yaml", "--seed", "7"],
                   ["scenario-step"], ["move", "nera", "A3"], ["move", "nera", "A5"], ["move", "leon", "B4"],
                   ["move", "guy", "C2"], ["move", "adara", "D3"],
                   ["scenario-step"], ["scenario-step"], ["scenario-step"], ["scenario-step"],
                   ["activate", "leon"]],
    },
    "ratcatcher": {
        "start": [["new", "examples/ratcatcher/first-game.yaml", "--seed", "3"]],
        # cheese gathered, two townships explored, one rats' turn played
        "round2": [["new", "examples/ratcatcher/first-game.yaml", "--seed", "3"],
                   ["move", "0.b"], ["gather"], ["move", "4.a"], ["move", "4.b"], ["gather"], ["move", "4.d"],
                   ["gather"], ["explore", "4:e"], ["scenario-step"]],
    },
    "warriors": {
        "start": [["new", "examples/warriors/emberpaw.yaml", "examples/warriors/bramble.yaml",
                   "examples/warriors/cinderpelt.yaml", "--seed", "7"]],
        # a fight under way; a third cat with a disease and a sprain
        "fight": [["new", "examples/warriors/emberpaw.yaml", "examples/warriors/bramble.yaml",
                   "examples/warriors/cinderpelt.yaml", "--seed", "7"],
                  ["gm", "cinderpelt", "--disease", "whitecough"], ["gm", "cinderpelt", "--sprain", "2"],
                  ["fight", "emberpaw", "bramble"]],
    },
    "mice": {
        "start": [["new", "examples/mice/ghost-of-castle-andon.yaml", "--seed", "7"]],
        # minions on the board, cheese gained, the hourglass moved
        "later": [["new", "examples/mice/ghost-of-castle-andon.yaml", "--seed", "7"],
                  ["add-minion", "rat-warrior", "--count", "2"], ["gain-cheese", "collin", "2"], ["scenario-step"],
                  ["explore", "kings-tunnels"]],
    },
}

# game -> base label -> the one action tried on each mutant of that base
ACTIONS: dict[str, dict[str, list[str]]] = {
    "msm": {"start": ["moves", "nera"], "round2": ["attack", "leon", "rat-3"]},
    "ratcatcher": {"start": ["move", "0.b"], "round2": ["attack"]},
    "warriors": {"start": ["check", "emberpaw", "bite"], "fight": ["attack", "emberpaw", "bramble"]},
    "mice": {"start": ["search", "collin"], "later": ["search", "collin"]},
}

MUTATIONS: list[tuple[str, Any]] = [
    ("7.5", 7.5), ("-1", -1), ("0", 0), ("10**30", 10**30), ('"x"', "x"), ('""', ""),
    ("null", None), ("true", True), ("[]", []), ("{}", {}),
]


# --- building the states -------------------------------------------------------------------


def _run(args: list[str], stdin: str | None = None) -> str:
    from claw.cli.testing import run

    r = run(args, stdin=stdin)
    if r.code != 0:
        raise SystemExit(f"claw {' '.join(args)} failed ({r.code}): {r.stderr.strip()}")
    return r.stdout


def build(steps: list[list[str]]) -> dict:
    """The state envelope the commands of *steps* leave (run from the repository root)."""
    text = _run(steps[0])
    for args in steps[1:]:
        text = _run(args + ["-s", "-"], stdin=text)
    return json.loads(text)


def bases(game: str) -> dict[str, dict]:
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        return {label: build(steps) for label, steps in BASES[game].items()}
    finally:
        os.chdir(here)


# --- path patterns -------------------------------------------------------------------------

Path_ = tuple  # a concrete path: keys (str) and list indices (int)


def _is_map(obj: dict) -> bool:
    """An id-keyed map (figures, cards, cats, rooms …): two or more entries, all objects
    sharing most of their keys, so one entry stands for the pattern of all."""
    values = list(obj.values())
    if len(values) < 2 or not all(isinstance(v, dict) and v for v in values):
        return False
    common = set(values[0]).intersection(*values[1:])
    return len(common) * 2 >= max(len(v) for v in values)


def walk(obj: Any, path: Path_ = (), pattern: str = "") -> Iterator[tuple[str, Path_, Any]]:
    """Every (pattern, path, value) below *obj*, parents before children."""
    if isinstance(obj, dict):
        as_map = _is_map(obj)
        for key, value in obj.items():
            step = ".*" if as_map else f".{key}"
            yield pattern + step, path + (key,), value
            yield from walk(value, path + (key,), pattern + step)
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            yield pattern + "[]", path + (i,), value
            yield from walk(value, path + (i,), pattern + "[]")


def patterns(bases_: dict[str, dict]) -> dict[tuple[str, str], Path_]:
    """(base label, pattern) -> the first path of that pattern in that base's game part."""
    out: dict[tuple[str, str], Path_] = {}
    for label, envelope in bases_.items():
        for pattern, path, _value in walk(envelope["state"], (), "state"):
            out.setdefault((label, pattern), path)
    return out


def show_path(path: Path_) -> str:
    text = "state"
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else f".{step}"
    return text


def mutants(state: dict, path: Path_, value: Any) -> Iterator[tuple[str, dict]]:
    """(mutation name, mutated game part) for one path."""
    for name, new in MUTATIONS:
        if new == value and type(new) is type(value):
            continue  # not a mutation
        yield name, _set(state, path, copy.deepcopy(new))
    yield "delete", _set(state, path, None, delete=True)
    if isinstance(value, dict):
        yield "unknown key", _set(state, path + (UNKNOWN,), 1)


def _set(state: dict, path: Path_, new: Any, delete: bool = False) -> dict:
    out = copy.deepcopy(state)
    parent = out
    for step in path[:-1]:
        parent = parent[step]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return out


def get(state: dict, path: Path_) -> Any:
    for step in path:
        state = state[step]
    return state


# --- running one mutant in a worker ---------------------------------------------------------


class Hang(BaseException):
    """Raised by the alarm: a BaseException so claw's own guard (which turns an Exception
    into exit 1) lets it through."""


def _alarm(_signum: int, _frame: Any) -> None:
    raise Hang


def run_bounded(args: list[str], stdin: str, bound: float = BOUND) -> tuple[int | None, str]:
    """(exit code, first line of stderr) of one in-process claw call; code None = a hang.
    For a crash or a hang the line ends with where in claw it happened (`@ file:line`)."""
    from claw.cli.testing import run

    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, bound)
    try:
        r = run(args, stdin=stdin)
    except Hang as exc:
        return None, f"no answer within {bound:g} s" + _where(traceback.extract_tb(exc.__traceback__))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    first = next((line for line in lines if "Error" in line or line.startswith("claw:")), lines[0] if lines else "")
    if r.code == 1:
        first += _crash_site(args, stdin, bound)
    first = first.replace("; nothing written. Re-run with --debug for the traceback.", "")
    return r.code, first[:400]


def _crash_site(args: list[str], stdin: str, bound: float) -> str:
    """Where the crash is: the innermost claw frame of the exception --debug lets out."""
    from claw.cli.testing import run

    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, bound)
    try:
        run(args + ["--debug"], stdin=stdin)
    except (Exception, Hang) as exc:
        return _where(traceback.extract_tb(exc.__traceback__))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return ""


def _where(frames: traceback.StackSummary) -> str:
    ours = [f for f in frames if re.search(r"/claw/(cli|core)/", f.filename) and "/testing.py" not in f.filename]
    if not ours:
        return ""
    last = ours[-1]
    return f" @ {re.sub(r'.*/claw/', '', last.filename)}:{last.lineno} {last.name}"


def commands(game: str, label: str) -> list[list[str]]:
    return [["validate", "-"], ["show", "-s", "-"], ["scenario-step", "-s", "-"], ACTIONS[game][label] + ["-s", "-"]]


def try_mutant(game: str, label: str, text: str) -> list[tuple[str, int | None, str]]:
    names = ["validate", "show", "scenario-step", " ".join(ACTIONS[game][label])]
    return [(name, *run_bounded(args, text)) for name, args in zip(names, commands(game, label), strict=True)]


def _worker(conn: Any) -> None:
    import resource

    os.chdir(ROOT)
    limit = 3 * 1024**3  # a runaway allocation ends as MemoryError (exit 1), not a swapping machine
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    while True:
        job = conn.recv()
        if job is None:
            return
        conn.send(try_mutant(*job))


@dataclass
class Pool:
    """Worker processes, each given one mutant at a time; a worker that does not answer
    (a hang its own alarm could not break, e.g. inside C code) is killed and replaced."""

    size: int
    procs: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.ctx = mp.get_context("fork")
        self.procs = [self._start() for _ in range(self.size)]

    def _start(self) -> tuple[Any, Any]:
        parent, child = self.ctx.Pipe()
        proc = self.ctx.Process(target=_worker, args=(child,), daemon=True)
        proc.start()
        return proc, parent

    def map(self, jobs: Iterator[tuple[Any, tuple]]) -> Iterator[tuple[Any, list]]:
        """(tag, result) for each (tag, job), in completion order."""
        from multiprocessing.connection import wait

        busy: dict[int, tuple[Any, float]] = {}
        pending = iter(jobs)
        done = False
        while True:
            for i, (_proc, conn) in enumerate(self.procs):
                if i not in busy and not done:
                    try:
                        tag, job = next(pending)
                    except StopIteration:
                        done = True
                        break
                    conn.send(job)
                    busy[i] = (tag, time.monotonic())
            if not busy:
                return
            ready = wait([self.procs[i][1] for i in busy], timeout=1.0)
            for i in list(busy):
                proc, conn = self.procs[i]
                tag, started = busy[i]
                if conn in ready:
                    del busy[i]
                    yield tag, conn.recv()
                elif time.monotonic() - started > 4 * BOUND + 10:
                    proc.kill()  # our own worker, by its handle
                    proc.join()
                    self.procs[i] = self._start()
                    del busy[i]
                    yield tag, [("worker", None, "worker killed: no answer at all")]

    def close(self) -> None:
        for proc, conn in self.procs:
            conn.send(None)
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()


# --- classifying and reporting --------------------------------------------------------------


def classify(results: list[tuple[str, int | None, str]]) -> list[tuple[str, str, int | None, str]]:
    """(kind, command, exit, stderr line) for each failure among one mutant's results."""
    out = []
    accepted = results[0][0] == "validate" and results[0][1] == 0
    for command, code, line in results:
        if code is None or code == 1:
            out.append(("hang" if code is None else "bug", command, code, line))
        elif accepted and code == 3:
            out.append(("disagreement", command, code, line))
        elif code not in (0, 2, 3, 4):
            out.append(("odd exit", command, code, line))
    return out


def fuzz(game: str, out_dir: Path, jobs: int, limit: int | None) -> dict[str, int]:
    started = time.monotonic()
    bases_ = bases(game)
    found = patterns(bases_)
    work = []
    for (label, pattern), path in found.items():
        state = bases_[label]["state"]
        for name, mutated in mutants(state, path, get(state, path)):
            envelope = dict(bases_[label], state=mutated)
            # claw's own layout, with the base's now stale seal: every read must see the edit
            text = json.dumps(envelope, indent=1, ensure_ascii=False)
            work.append(((label, pattern, show_path(path), name), (game, label, text)))
    if limit is not None:
        work = work[:limit]
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{game}.txt"
    failures: list[str] = []
    kinds: Counter[str] = Counter()
    bad_mutants: Counter[str] = Counter()
    by_cause: Counter[tuple[str, str]] = Counter()
    by_site: dict[str, set[str]] = {}
    pool = Pool(jobs)
    try:
        with target.open("w", encoding="utf-8") as live:
            live.write(f"# {game}: running {len(work)} mutants of {len(found)} path patterns …\n")
            for count, ((label, _pattern, path, name), results) in enumerate(pool.map(iter(work)), 1):
                bad = classify(results)
                worst = {kind for kind, *_ in bad}
                for kind in ("bug", "hang", "disagreement", "odd exit"):
                    if kind in worst:
                        bad_mutants[kind] += 1
                for kind, command, code, line in bad:
                    kinds[kind] += 1
                    by_cause[(kind, line)] += 1
                    site = line.split(" @ ", 1)[1] if " @ " in line else f"{command}: {line}"
                    by_site.setdefault(f"{kind} @ {site}", set()).add(f"{label} {path} {name}")
                    row = f"{kind}\t{label}\t{path}\t{name}\t{command}\texit {code}\t{line}"
                    failures.append(row)
                    live.write(row + "\n")
                    live.flush()
                if count % 500 == 0:
                    print(f"{game}: {count}/{len(work)}", file=sys.stderr)
    finally:
        pool.close()
    seconds = time.monotonic() - started
    summary = [
        f"# {game}: {len(work)} mutants of {len(found)} path patterns ({', '.join(bases_)} states), "
        f"{seconds:.0f} s",
        f"# mutants with a bug (exit 1): {bad_mutants['bug']}; with a hang: {bad_mutants['hang']}; "
        f"with a disagreement (validate 0, command 3): {bad_mutants['disagreement']}; "
        f"other exits: {bad_mutants['odd exit']}",
        "# mutants by kind and place (where claw crashed or hung; the message for a refusal):",
        *[f"#   {len(ms):5d}  {site}" for site, ms in sorted(by_site.items(), key=lambda kv: -len(kv[1]))],
        "# failures by kind and message, all commands (count):",
        *[f"#   {n:5d}  {kind}: {line}" for (kind, line), n in by_cause.most_common()],
        "# kind\tbase\tpath\tmutation\tcommand\texit\tfirst line of stderr",
    ]
    target.write_text("\n".join(summary + sorted(failures)) + "\n", encoding="utf-8")
    return {"mutants": len(work), "patterns": len(found), **bad_mutants}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--out", default="/work/fuzz")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--limit", type=int)
    opts = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    for game in opts.game or GAMES:
        counts = fuzz(game, Path(opts.out), opts.jobs, opts.limit)
        print(f"{game}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
