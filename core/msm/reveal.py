"""Revealing rats ("Revealing Rats", "Unrevealed Rat Markers").

A face-down rat marker is flipped as soon as any hero has line of sight to it,
whenever that happens (setup, a move, a spawn, a scenario effect). Every rule that
moves or places a figure calls :func:`reveal_in_los` afterwards.
"""

from __future__ import annotations

from claw.core.msm.board import Board
from claw.core.msm.figures import is_cat, is_rat, square_of
from claw.core.msm.los import line_of_sight


def reveal_in_los(board: Board, state: dict) -> tuple[dict, list[dict]]:
    """Flip every unrevealed marker some cat can see; changes ``state`` in place.

    Repeats until nothing changes: a flipped roach stops blocking lines
    ("Terrain"), which can bring another marker into view.
    """
    figures = state["figures"]
    roaches = state.get("options", {}).get("roaches", "ignore")
    events: list[dict] = []
    changed = True
    while changed:
        changed = False
        cats = [(fid, square_of(f)) for fid, f in figures.items() if is_cat(f) and f.get("square")
                and not f.get("down")]
        for rid, rat in figures.items():
            if not is_rat(rat) or rat.get("revealed", True) or not rat.get("square"):
                continue
            target = square_of(rat)
            for cid, csq in cats:
                if line_of_sight(board, figures, csq, target, roaches=roaches, all_lines=False).visible:
                    rat["revealed"] = True
                    events.append({"type": "reveal", "text": f"{rid} on {rat['square']} is revealed: "
                                   f"{rat['type']} ({cid} can see it).", "figure": rid,
                                   "rat": rat["type"], "seen_by": cid, "square": rat["square"]})
                    changed = True
                    break
    return state, events
