"""`claw log`: the event log as a readable history."""

from __future__ import annotations


def run(state, last, json_out, output, store) -> int:
    from claw.cli.framework.runner import Common, state_source
    from claw.cli.framework.state_rules import STATE_RULES
    from claw.cli.store import statefile
    source, _ = state_source(Common(state=state), needs_state=True, store=store)
    if source is None:
        from claw.cli.render.wording import needs_state

        raise needs_state("log", changes=False)
    envelope = store.checkout() if store.in_memory else statefile.load_any(source, STATE_RULES)[0]
    entries = envelope.get("log", [])
    if last:
        entries = entries[-last:]
    if json_out:
        output.emit_json(entries)
        return 0
    for line in render_log(entries):
        output.emit(line)
    if not entries:
        output.emit("(empty log)")
    return 0


def command_words(entry: dict) -> list[str]:
    """The words of the command a log entry records, as they would be typed again."""
    words = [*entry.get("args", [])]
    for key, value in entry.get("options", {}).items():
        flag = "--" + key.replace("_", "-")
        for one in value if isinstance(value, list) else [value]:
            words += [flag] if one is True else [flag, str(one)]
    return words


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
