"""Handlers of `claw move` and `claw moves` in msm: a cat's move, paid for through its
activation, and the squares each movement mode reaches."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.msm.board import _picture, _wants_picture
from claw.core.errors import IllegalAction, UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def move(call: Call) -> None:
    """`claw move CAT SQUARE`: apply a move and pay its AP, or refuse saying why."""
    from claw.core.msm.movement import MODES, move_cat
    from claw.core.msm.setup import board_from_state

    state = call.need_state()
    board = board_from_state(state)
    fid = call.arg("CAT")
    if state["figures"][fid].get("side") != "cat":
        raise IllegalAction(f"{fid} is not a cat: rats move on their own turn (claw scenario-step)")
    mode = call.opts.get("as_")
    if mode is not None and mode not in MODES:
        raise UsageError(f"--as must be prowl, stride or pounce: {quoted(mode)}")
    if call.opts.get("options"):
        call.query()  # a question: answer on stdout, leave the state file alone
        _list_moves(call, board, state, fid, call.out)
        return
    dest = call.arg("SQUARE")
    if dest is None:
        raise UsageError("claw move needs CAT and SQUARE (or CAT --options)")
    if call.opts.get("free"):
        _state, events = move_cat(board, state, fid, dest, mode, dice=call.dice)  # dice: typed reveals
    else:
        events = _paid_move(state, board, fid, dest, mode, call.dice)
    for e in events:
        call.event(e.pop("type"), e.pop("text"), **e)


def _paid_move(state: dict, board, fid: str, dest, mode, dice=None) -> list[dict]:
    """Pay for the move (starting the cat's activation), then make it.

    The activation comes first because it belongs before the cat's first action: it
    removes the Vulnerable marker of the cat's previous pounce and checks Toxic Stench
    in the big square the cat activates in ("Vulnerable", "Les Détestables"). Paying
    after the move would strip a fresh pounce's Vulnerable marker and check the
    stench at the destination. The mode and cost come from a trial move on a copy; an
    illegal move reports the turn or AP problem first, if there is one.
    """
    import copy

    from claw.core.msm.movement import move_cat

    try:
        _trial, tried = move_cat(board, copy.deepcopy(state), fid, dest, mode)
    except IllegalAction:
        _pay(copy.deepcopy(state), board, fid, 1, "move")   # wrong turn, no AP: say that first
        raise
    used, cost = tried[0]["mode"], tried[0]["cost"]
    paid = _pay(state, board, fid, cost, used)
    fig = state["figures"][fid]
    if fig.get("down") or not fig.get("square"):
        return paid   # the activation itself put the cat down (Toxic Stench): no move
    _state, events = move_cat(board, state, fid, dest, used, dice=dice)
    from claw.core.msm import victory

    return paid + events + victory.check(state)   # a reach objective is met on arrival


def _pay(state, board, fid, cost, mode) -> list[dict]:
    """Pay AP through the play rules' activation (turn and AP checks)."""
    try:
        from claw.core.msm.rounds import spend_ap
    except ImportError:  # play rules not present: track AP on the figure only
        fig = state["figures"][fid]
        if fig.get("ap") is not None:
            if fig["ap"] < cost:
                raise IllegalAction(f"{fid} has {fig['ap']} AP left; a {mode} costs {cost}") from None
            fig["ap"] -= cost
        return []
    return spend_ap(state, board, fid, cost, f"a {mode}")


def moves(call: Call) -> None:
    """`claw moves CAT`: the legal squares per movement mode (a query)."""
    from claw.core.msm.setup import board_from_state

    state = call.need_state()
    board = board_from_state(state)
    fid = call.arg("CAT")
    if state["figures"][fid].get("side") != "cat":
        raise UsageError(f"not a cat on this state: {quoted(fid)}")
    _list_moves(call, board, state, fid, call.out)


def _list_moves(call: Call, board, state, fid, say) -> None:
    from claw.core.msm.movement import COST, MODES, enemies_adjacent, move_options
    from claw.core.msm.squares import square_name

    opts = move_options(board, state["figures"], fid,
                        pounce_ruling=(state.get("options") or {}).get("pounce", "stride-too"))
    fig = state["figures"][fid]
    left = fig.get("ap") if state.get("phase") == "cats" else None
    short = [m for m in MODES if left is not None and COST[m] > left]
    for m in short:   # Cat Actions: a move costs its AP; none is listed that the cat cannot pay
        opts[m] = []
    if say == call.out and _wants_picture(call):
        from claw.cli.games.msm.svg_overlays import reach_overlay
        from claw.core.msm.squares import parse_square

        caption = f"{fid} can reach (AP cost): " + ", ".join(f"{m} {COST[m]}" for m in MODES if opts[m]) \
            if any(opts.values()) else f"{fid} cannot move now"
        return _picture(call, reach_overlay(parse_square(fig["square"]), opts, COST, caption), board)
    if call.json and say == call.out:
        call.emit_json({m: [square_name(s) for s in v] for m, v in opts.items()})
        return
    for m in MODES:
        squares = " ".join(square_name(s) for s in opts[m]) or "-"
        note = f" (not affordable: {fid} has {left} AP left)" if m in short else ""
        say(f"{m} ({COST[m]} AP): {squares}{note}")
    enemies = enemies_adjacent(board, state["figures"], fid)
    if enemies:
        call.say(f"{fid} has an enemy adjacent ({', '.join(enemies)}): only a prowl is allowed.")
