"""A cat's paid move ("Cats' Turn", "Movement", "Vulnerable"): what ``claw move CAT SQUARE``
does, as one function, so the CLI and the simulator play the same rule."""

from __future__ import annotations

from claw.core.errors import IllegalAction
from claw.core.outcome import Outcome, deep_copy


def paid_move(state: dict, board, fid: str, dest, mode, dice=None) -> Outcome:
    """Pay for the move (starting the cat's activation), then make it; changes ``state``
    in place (the outcome holds it: the simulator saves a copy per move).

    The activation comes first because it belongs before the cat's first action: it
    removes the Vulnerable marker of the cat's previous pounce and checks Toxic Stench
    in the big square the cat activates in ("Vulnerable", "Les Détestables"). Paying
    after the move would strip a fresh pounce's Vulnerable marker and check the
    stench at the destination. The mode and cost come from the move's checks (which only
    read the state); an illegal move reports the turn or AP problem first, if there is one.
    """
    from claw.core.msm import victory
    from claw.core.msm.movement import COST, move_cat, move_mode
    from claw.core.msm.rounds import spend_ap

    try:
        used = move_mode(board, state, fid, dest, mode)
    except IllegalAction:
        spend_ap(deep_copy(state), board, fid, 1, "a move")   # wrong turn, no AP: say that first
        raise
    cost = COST[used]
    out = Outcome(state, spend_ap(state, board, fid, cost, f"a {used}"))
    fig = state["figures"][fid]
    if fig.get("down") or not fig.get("square"):
        return out   # the activation itself put the cat down (Toxic Stench): no move
    out.extend(move_cat(board, state, fid, dest, used, dice=dice))
    out.events += victory.check(state)   # a reach objective is met on arrival
    return out
