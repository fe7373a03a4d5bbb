"""Revealing rats ("Revealing Rats", "Unrevealed Rat Markers").

A face-down rat marker is flipped as soon as any hero has line of sight to it,
whenever that happens (setup, a move, a spawn, a scenario effect). Every rule that
moves or places a figure calls :func:`reveal_in_los` afterwards.
"""

from __future__ import annotations

from claw.core.draws import exchange
from claw.core.msm.board import Board
from claw.core.msm.figures import acts_as_roach, is_cat, is_rat, square_of
from claw.core.msm.fov import visible_from
from claw.core.outcome import Outcome


def reveal_in_los(board: Board, state: dict, dice=None) -> Outcome:
    """Flip every unrevealed marker some cat can see; changes ``state`` in place (the
    outcome holds that same state and the reveals).

    Repeats until nothing changes: a flipped roach stops blocking lines
    ("Terrain"), which can bring another marker into view. With ``dice`` carrying the
    table's typed draws (``--draw rats=TYPE``), a flipped marker shows the typed type,
    exchanged with one in the rat pool (claw.core.draws.exchange).
    """
    figures = state["figures"]
    roaches = state.get("options", {}).get("roaches", "ignore")
    events: list[dict] = []
    changed = True
    while changed:
        changed = False
        hidden: dict = {}
        for rid, rat in figures.items():
            if is_rat(rat) and not rat.get("revealed", True) and rat.get("square"):
                hidden.setdefault(square_of(rat), []).append(rid)
        if not hidden:
            break
        cats = [(fid, square_of(f)) for fid, f in figures.items() if is_cat(f) and f.get("square")
                and not f.get("down")]
        for cid, csq in cats:
            # One ray sweep per cat over the hidden markers' squares (exact, same as LOS).
            seen = visible_from(board, figures, csq, roaches=roaches, targets=set(hidden), hindrance=False)
            for sq in sorted(seen, key=lambda s: (s[1], s[0])):
                for rid in hidden.pop(sq, []):
                    rat = figures[rid]
                    rat["type"] = exchange(dice, "rats", rat["type"], state.setdefault("rat_pool", []))
                    rat["revealed"] = True
                    events.append({"type": "reveal", "text": f"{rid} on {rat['square']} is revealed: "
                                   f"{rat['type']} ({cid} can see it).", "figure": rid,
                                   "rat": rat["type"], "seen_by": cid, "square": rat["square"]})
                    changed = changed or acts_as_roach(rat)
            if changed:
                break  # a flipped roach stops blocking lines: look again from the start
    return Outcome(state, events)
