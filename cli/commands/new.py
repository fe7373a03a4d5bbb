"""`claw new FILE... [--seed N]`: start a game state from scenario/character/chapter files."""

from __future__ import annotations

from claw.cli.store.stores import FILES, Store
from claw.core.errors import quoted


def game_options_help() -> str:
    """Each game's own `new` options (NEW_OPTIONS in its adapter), for --help."""
    from claw.cli.framework.adapter import GAMES, adapter

    lines = []
    for game in GAMES:
        for opt in adapter(game).new_options:
            value = "" if opt.type is bool else f" {opt.type.__name__.upper()}"
            lines.append(f"  {game}: {opt.flag}{value}  {opt.help}")
    return "Game options:\n\n\b\n" + "\n".join(lines) if lines else ""


def parse_extra(words: list[str]) -> tuple[list[str], dict[str, str | bool]]:
    """Split ``FILE... --heroes a,b --two-cats`` into files and game options."""
    files: list[str] = []
    opts: dict[str, str | bool] = {}
    i = 0
    while i < len(words):
        word = words[i]
        if word.startswith("--") and len(word) > 2:
            key, eq, value = word[2:].partition("=")
            key = key.replace("-", "_")
            if eq:
                opts[key] = value
            elif i + 1 < len(words) and not words[i + 1].startswith("-"):
                opts[key] = words[i + 1]
                i += 1
            else:
                opts[key] = True
        else:
            files.append(word)
        i += 1
    return files, opts


def run(words, seed, dice_values, output_file, output, draw=None, store: Store = FILES) -> int:
    import sys
    from pathlib import Path

    from claw.cli.framework.adapter import adapter
    from claw.cli.framework.call import Call, RecordingDice
    from claw.cli.framework.runner import (
        Common,
        fresh_seed,
        log_draws,
        make_dice,
        say_seed,
        settle,
        warn_unused_draws,
        write_state,
    )
    from claw.cli.store import statefile
    from claw.cli.validation.diagnostics import check_file
    from claw.core.errors import IllegalAction, InvalidInput, UsageError

    files, opts = parse_extra(words)
    if not files:
        raise UsageError("give at least one scenario, character or chapter file")
    docs = []
    for path in files:
        report = check_file(path)
        if not report.ok:
            for d in report.diagnostics:
                output.errors.write_raw(d.text())
            raise InvalidInput(f"{path}: {len(report.errors)} error(s); nothing started")
        docs.append(report.data)
    games = {d.get("game") for d in docs}
    if len(games) != 1:
        raise InvalidInput(f"files are for different games: {', '.join(sorted(map(str, games)))}")
    game = games.pop()
    spec = adapter(game)
    if spec.new is None:
        raise IllegalAction(f"{game}: `claw new` is not implemented for this game yet")
    opts = _typed_options(spec.new_options, opts)
    seed_given = seed is not None
    seed = seed if seed_given else fresh_seed()
    envelope = statefile.new_envelope(game, seed)
    source, seeded = make_dice(Common(seed=seed, dice=dice_values), envelope)
    recorder = RecordingDice(source)
    if draw:
        from claw.cli.framework.draws import table_draws

        recorder.table_draws = table_draws(game, draw)
    call = Call(command="new", game=game, args=files, opts=opts, envelope=envelope, dice=recorder,
                output=output, docs=docs, sources=files)
    if output_file and output_file != "-":  # paths in the state are stored relative to where it goes
        call.state_folder = str(Path(output_file).resolve().parent)
    else:
        call.state_folder = statefile.stream_folder(sys.stdout) or "."
    output.hold()  # said once the new state is in place (claw.cli.framework.runner)
    to_stdout = not store.in_memory and output_file in (None, "-")
    try:
        spec.new(call)
        _carry_reminders(call, game, docs)
        warn_unused_draws(recorder, output)
        envelope["rng"] = seeded.to_json()
        entry = {"seq": 1, "command": "new", "args": files}
        if not seed_given and (dice_values is not None or draw) and say_seed(recorder, seeded, output):
            opts = {**opts, "seed": seed}  # recorded, so the log shows how to repeat this set-up
        if opts:
            entry["options"] = opts
        if recorder.drawn:
            entry["dice"] = recorder.drawn
            if dice_values is not None:
                entry["physical_dice"] = True
        log_draws(entry, recorder)
        entry["events"] = call.events
        envelope["log"].append(entry)
        code = write_state(envelope, Common(output=output_file), None, False, None, output, store=store)
    except BaseException:
        settle(output, to_stdout)
        raise
    output.release(stdout_to_stderr=to_stdout)
    return code


def _carry_reminders(call, game: str, docs: list[dict]) -> None:
    """The scenario's round reminders go into the new state (docs/input-files.md, "Round
    reminders"); any due at once (a round that has started at set-up) are said."""
    wanted = next((d.get("reminders") for d in docs if d.get("reminders")), None)
    if not wanted or call.state is None:
        return
    from claw.core import reminders

    call.state["reminders"] = reminders.normalised(wanted)
    call.apply(reminders.passed(game, None, call.state))


def _typed_options(options, opts: dict) -> dict:
    """Check game options of `new` against the adapter's NEW_OPTIONS (Opt objects)."""
    from claw.core.errors import UsageError

    allowed = {o.name: o for o in options}
    out = {}
    for key, value in opts.items():
        opt = allowed.get(key)
        if opt is None:
            known = ", ".join(o.flag for o in allowed.values()) or "none"
            raise UsageError(f"--{key.replace('_', '-')}: not an option of `claw new` for this game (options: {known})")
        if opt.type is bool:
            if value is not True:
                raise UsageError(f"{opt.flag} takes no value: {quoted(value)}")
            out[key] = True
        elif value is True:
            raise UsageError(f"{opt.flag} needs a value")
        else:
            try:
                out[key] = opt.type(value)
            except ValueError:
                raise UsageError(f"{opt.flag} expects {opt.type.__name__}: {quoted(value)}") from None
    return out
