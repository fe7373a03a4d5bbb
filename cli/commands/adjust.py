"""`claw adjust ID KEY=VALUE… --reason TEXT`: correct the game by hand, logged, undoable."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.core.errors import quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call

MAX_REASON = 500


def complete_target(ctx, incomplete: str) -> list[str]:
    from claw.cli.shell.completion import for_adjust_target

    return for_adjust_target(ctx, incomplete)


def complete_change(ctx, incomplete: str) -> list[str]:
    from claw.cli.shell.completion import for_adjust_change

    return for_adjust_change(ctx, incomplete)


def parse_pairs(words: list[str]) -> list[tuple[str, str]]:
    from claw.core.errors import UsageError

    pairs = []
    for word in words:
        key, eq, value = word.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"a correction is KEY=VALUE, e.g. health=7: {quoted(word)}")
        pairs.append((key.strip().lower().replace("_", "-"), value.strip()))
    return pairs


def correct(call: Call, target: str, words: list[str], reason: str) -> None:
    from claw.cli.framework.adapter import adapter
    from claw.cli.store.statefile import check_state
    from claw.core.adjust import apply_adjustments
    from claw.core.errors import IllegalAction, InvalidInput, UnknownName, UsageError

    reason = " ".join(reason.split())
    if not reason:
        raise UsageError('`claw adjust` needs --reason TEXT, e.g. --reason "misread the stun"')
    if len(reason) > MAX_REASON:
        raise UsageError(f"--reason is at most {MAX_REASON} characters")
    game = adapter(call.game or "")
    spec = game.adjust
    if not spec:
        raise IllegalAction(f"{call.game}: nothing can be adjusted yet")
    try:
        new_state, changes = apply_adjustments(call.need_state(), spec, target.strip(), parse_pairs(words))
    except UnknownName as exc:
        from claw.cli.render.suggest import hint

        near = hint(exc.word, exc.names, show_all=0)
        raise UsageError(f"{exc}; {near}" if near else str(exc)) from None
    # a value play could never reach is refused first, naming its limit (exit 4)
    _refuse(game.adjust_check(new_state, call.need_state()) if game.adjust_check is not None else [])
    trial = {**(call.envelope or {}), "state": new_state}
    try:
        check_state(trial, "the corrected state")
    except InvalidInput as exc:
        raise InvalidInput(f"{exc}; nothing changed") from None
    _refuse(game.state_check(new_state) if game.state_check is not None else [])
    # what the corrected values trigger in play (a cat at 0 HP is knocked out …), run like a
    # handler on a consistent state; part of this correction: logged and undone with it
    new_state, consequences = game.after_adjust(new_state)
    if consequences:
        try:
            check_state({**trial, "state": new_state}, "the corrected state")
        except InvalidInput as exc:
            raise InvalidInput(f"{exc}; nothing changed") from None
        _refuse(game.state_check(new_state) if game.state_check is not None else [])
    call.state = new_state
    said = "; ".join(f"{c['target']} {c['key']} {_show(c['old'])} → {_show(c['new'])}" for c in changes)
    call.event("correction", f"correction by hand: {said} ({reason})", changes=changes, reason=reason)
    for found in consequences:  # marked, so the log tells the rules' part from the table's
        data = {k: v for k, v in found.items() if k not in ("type", "text")}
        entry = call.event(found["type"], "  → " + found.get("text", found["type"]), **data, consequence=True)
        entry["text"] = found.get("text", found["type"])
    call.correction = {"reason": reason, "changes": changes}


def _refuse(problems: list) -> None:
    from claw.core.errors import IllegalAction

    if problems:
        first = problems[0] if isinstance(problems[0], str) else problems[0][1]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise IllegalAction(f"the correction breaks the game's rules: {first}{more}; nothing changed")


def _show(value) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ",".join(map(str, value)) or "(empty)"
    return str(value)
