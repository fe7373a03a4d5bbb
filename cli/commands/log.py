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


def render_log(entries: list[dict]) -> list:
    """One line per command, its dice and its events. Texts are literal (the state's
    version 2); older states' markup was removed when the state was read (statefile.migrate)."""
    from claw.cli.render.text import styled

    lines: list = []
    for entry in entries:
        head = ""
        if entry.get("args"):
            head += " " + " ".join(entry["args"])
        for key, value in entry.get("options", {}).items():
            head += f" --{key.replace('_', '-')}" + ("" if value is True else f" {value}")
        if entry.get("correction"):
            head += "  [correction by hand]"
        lines.append(styled("bold", f"#{entry['seq']} {entry['command']}") + head)
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
