"""`claw log`: the event log as a readable history."""

from __future__ import annotations

BY = ("kind", "label")  # how `claw log --dice` groups the dice


def run(state, last, json_out, output, store, dice: bool = False, by: str | None = None) -> int:
    from claw.cli.framework.runner import Common, state_source
    from claw.cli.framework.state_rules import STATE_RULES
    from claw.cli.store import statefile
    from claw.core.errors import UsageError

    if by is not None and not dice:
        raise UsageError("--by groups the dice of `claw log --dice`: add --dice")
    if by is not None and by not in BY:
        raise UsageError(f"--by takes {' or '.join(BY)}: {by}")
    source, _ = state_source(Common(state=state), needs_state=True, store=store)
    if source is None:
        from claw.cli.render.wording import needs_state

        raise needs_state("log", changes=False)
    envelope = store.checkout() if store.in_memory else statefile.load_any(source, STATE_RULES)[0]
    entries = envelope.get("log", [])
    if last:
        entries = entries[-last:]
    if dice:
        from claw.core.dice_luck import luck

        stats = luck(entries, by_label=by == "label")
        if json_out:
            output.emit_json(stats)
        else:
            for line in render_luck(stats):
                output.emit(line)
        return 0
    if json_out:
        output.emit_json(entries)
        return 0
    for line in render_log(entries):
        output.emit(line)
    if not entries:
        output.emit("(empty log)")
    return 0


def command_words(entry: dict) -> list[str]:
    """The words of the command a log entry records, as they would be typed again (an
    argument that starts with '-' goes after `--`, the options before it)."""
    args = [str(a) for a in entry.get("args", [])]
    options: list[str] = []
    for key, value in entry.get("options", {}).items():
        flag = "--" + key.replace("_", "-")
        for one in value if isinstance(value, list) else [value]:
            options += [flag] if one is True else [flag, str(one)]
    if any(a.startswith("-") and a != "-" for a in args):
        return [*options, "--", *args]
    return [*args, *options]


def render_log(entries: list[dict]) -> list:
    """One line per command, its dice and its events. The command is shell-quoted, so what
    follows ``#N `` can be pasted back after ``claw`` (or into `claw play`). Texts are literal
    (the state's version 2); older states' markup was removed when the state was read
    (statefile.migrate)."""
    import shlex

    from claw.cli.render.text import styled

    lines: list = []
    for entry in entries:
        words = command_words(entry)
        head = " " + shlex.join(words) if words else ""
        if entry.get("correction"):
            head += "  # correction by hand"  # a comment to a shell and to claw play alike
        lines.append(styled("bold", f"#{entry['seq']} {shlex.quote(entry['command'])}") + head)
        if entry.get("dice"):
            rolled = ", ".join(f"{d['die']}={d['value']}" for d in entry["dice"] if d["die"] != "shuffle")
            if rolled:
                lines.append(f"    dice: {rolled}" + (" (physical)" if entry.get("physical_dice") else ""))
        if entry.get("table_draws"):
            typed = ", ".join(f"{d['deck']}={d['card']}" for d in entry["table_draws"])
            lines.append(f"    drawn at the table: {typed}")
        for event in entry.get("events", []):
            lines.append("    " + (event.get("text") or event["type"]))
    return lines


def render_luck(stats: dict) -> list:
    """`claw log --dice`: each kind (or label) of die, its mean against a fair die's, typed
    and seeded apart, and a warning for each one too short to judge."""
    from claw.cli.render.text import styled

    groups = stats["groups"]
    if not groups:
        lines: list = [f"No dice in the log ({stats['commands']} command(s))."]
    else:
        typed = sum(g["typed"]["count"] for g in groups)
        lines = [f"Dice in the log: {stats['dice']} over {stats['commands']} command(s) "
                 f"({stats['dice'] - typed} seeded, {typed} typed)."]
    for g in groups:
        fair = f"a fair {g['kind']}: {g['expected']:.2f}"
        lines.append(styled("bold", g["group"]) + f": {g['count']} rolled, mean {g['mean']:.2f} "
                     f"({fair}; z = {g['z']:+.2f})")
        lines.append("    faces " + " ".join(f"{face}:{n}" for face, n in g["faces"].items()))
        lines.append("    " + "; ".join(_source(word, g[word]) for word in ("seeded", "typed")))
    if stats["not_dice"]:
        counted = ", ".join(f"{label} {n}" for label, n in stats["not_dice"].items())
        lines.append(f"Not dice (counted, not judged): {counted}.")
    for g in groups:
        if g["too_few"]:
            lines.append(styled("yellow", "warning:") + f" too few rolls of {g['group']} to judge ({g['count']}; "
                         f"{g['needed']} needed, {stats['per_face']} per face): with fewer, a fair die's "
                         "counts and mean swing too far to tell luck from a bias")
    return lines


def _source(word: str, part: dict) -> str:
    return f"{word} {part['count']}" + (f", mean {part['mean']:.2f}" if part["count"] else "")
