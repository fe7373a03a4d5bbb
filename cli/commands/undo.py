"""`claw undo` and `claw redo`: step back through a state's history, and forward again."""

from __future__ import annotations


def run(state, steps, to, output, store, back: bool = True) -> int:
    from claw.cli.framework.state_rules import STATE_RULES
    from claw.cli.store import history, statefile
    from claw.core.errors import UsageError

    word = "undo" if back else "redo"
    if steps is not None and to is not None:
        raise UsageError(f"{word}: give -n STEPS or --to SEQ, not both")
    steps = 1 if steps is None else steps
    if store.in_memory:  # `claw play`: the session's history (its file's, when it has one)
        return store.undo(state, steps, to, output) if back else store.redo(state, steps, to, output)
    path = state or statefile.env_state()
    if not path or path == "-":
        from claw.cli.render.wording import needs_state

        raise needs_state(word, file_only=True)
    envelope, _, left_back, left_forward = history.travel(path, STATE_RULES, back, steps, to)
    output.say(restored(path, envelope, left_back, left_forward))
    return 0


def restored(where: str, envelope: dict, left_back: int, left_forward: int) -> str:
    """What an undo or redo says: where the state now is, and how far each way it can go."""
    log = envelope.get("log", [])
    last = log[-1] if log else None
    at = f"after #{last['seq']} {last['command']}" if last else "at the start"
    return f"restored {where} to the state {at} ({left_back} step(s) to undo, {left_forward} to redo)"
