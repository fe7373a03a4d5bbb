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
        call.apply(move_cat(board, state, fid, dest, mode, dice=call.dice))  # dice: typed reveals
    else:
        from claw.core.msm.actions import paid_move

        call.apply(paid_move(state, board, fid, dest, mode, call.dice))


def moves(call: Call) -> None:
    """`claw moves CAT`: the legal squares per movement mode (a query)."""
    from claw.core.msm.setup import board_from_state

    state = call.need_state()
    board = board_from_state(state)
    fid = call.arg("CAT")
    if state["figures"][fid].get("side") != "cat":
        raise UsageError(f"not a cat on this state: {quoted(fid)}")
    if not state["figures"][fid].get("square"):
        from claw.core.errors import IllegalAction

        raise IllegalAction(f"{fid} is not on the map, so it has no moves")
    _list_moves(call, board, state, fid, call.out)


def _list_moves(call: Call, board, state, fid, say) -> None:
    from claw.core.msm.movement import COST, MODES, enemies_adjacent, moves_now
    from claw.core.msm.squares import square_name

    opts, short = moves_now(board, state, fid)  # none is listed that the cat cannot pay
    fig = state["figures"][fid]
    left = fig.get("ap") if state.get("phase") == "cats" else None
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
