"""`claw undo`: put back the state from before the last in-place command."""

from __future__ import annotations


def run(state, steps, output, store) -> int:
    import json

    from claw.cli.framework.state_rules import STATE_RULES
    from claw.cli.store import statefile
    if store.in_memory:  # `claw play`: the session's history (its file's, when it has one)
        return store.undo(state, steps, output)
    path = state or statefile.env_state()
    if not path or path == "-":
        from claw.cli.render.wording import needs_state

        raise needs_state("undo", file_only=True)
    text, left = statefile.pop_undo(path, STATE_RULES, steps)
    log = json.loads(text).get("log", [])
    last = log[-1] if log else None
    where = f"after #{last['seq']} {last['command']}" if last else "at the start"
    output.say(f"restored {path} to the state {where} ({left} more step(s) of history)")
    return 0
