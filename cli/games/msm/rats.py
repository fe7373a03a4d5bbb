"""Handler of `claw rats` in msm: the rats' activation order, their closest cats and
next steps, ties listed for the players to break."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.msm.board import _picture, _wants_picture
from claw.cli.render.text import Styled, styled
from claw.core.errors import UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def rats(call: Call) -> None:
    """`claw rats`: activation order, closest cats and next steps, ties listed."""
    from claw.core.msm.figures import acts_as_roach
    from claw.core.msm.pathing import activation_order
    from claw.core.msm.setup import board_from_state
    from claw.core.msm.squares import square_name

    state = call.need_state()
    board = board_from_state(state)
    figures = state["figures"]
    chosen = None
    if call.arg("RAT"):
        chosen = call.arg("RAT")
        for fid in chosen:
            if figures[fid].get("side") != "rat":
                raise UsageError(f"not a rat on this state: {quoted(fid)}")
    apart = (state.get("options") or {}).get("rat_wall") == "apart"   # play ruling 9's option
    order, ties, plans = activation_order(board, figures, chosen, walls_separate=apart)
    if _wants_picture(call):
        from claw.cli.games.msm.svg_overlays import rats_overlay

        return _picture(call, rats_overlay(order, plans, ties), board)
    if call.json:
        call.emit_json({"order": order, "ties": ties, "rats": [plans[r].to_json() for r in order]})
        return
    if not order:
        call.out("No rats on the map.")
        return
    for i, rid in enumerate(order, 1):
        p = plans[rid]
        if p.distance is None:
            call.out(f"{i}. {rid} on {square_name(p.square)}: no cat reachable, stays put")
            continue
        target = p.cats[0]
        if p.distance == 0:
            what = f"already {'on' if acts_as_roach(figures[rid]) else 'next to'} {target}"
        else:
            step = p.steps_for.get(target, p.steps)[0]
            what = f"{p.distance} move(s) to {target}, next step {square_name(step)}"
        extra: str | Styled = ""
        if len(p.cats) > 1:
            extra += " " + styled("yellow", f"(tied: {', '.join(p.cats)}; the player chooses)")
        steps = p.steps_for.get(target, p.steps)
        if p.distance and len(steps) > 1:
            extra += " " + styled("yellow", f"(steps tied: {', '.join(square_name(s) for s in steps)})")
        call.out(f"{i}. {rid} on {square_name(p.square)}: {what}" + extra)
    for group in ties:
        d = plans[group[0]].distance
        call.say(f"Tied for closest ({'unreachable' if d is None else f'{d} move(s)'}): "
                 f"{', '.join(group)} — default order by rat number; the player may choose.")
