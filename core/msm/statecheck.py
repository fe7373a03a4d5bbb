"""Consistency of an msm state's game part after a table correction (`claw adjust`).

The schema checks shapes; this checks what a hand correction can get wrong: figures on
squares of the map that a figure may stand on, one figure per small square except
roaches ("Stacking"), and health, wounds and action points within their tracks.
"""

from __future__ import annotations

from claw.core.errors import ClawError
from claw.core.msm.board import board_from_map
from claw.core.msm.squares import parse_square

MAX_HEALTH = 9  # "Dramatis Personae": every cat starts a campaign with nine lives


def adjust_problems(state: dict) -> list[str]:
    """Every problem found, as "where: what" strings (empty when the state is sound)."""
    out: list[str] = []
    board = board_from_map(state["map"]) if "map" in state else None
    standing: dict[str, list[str]] = {}
    for fid, fig in state.get("figures", {}).items():
        where = f"figures.{fid}"
        sq_name = fig.get("square")
        if sq_name and board is not None:
            try:
                sq = parse_square(sq_name)
            except ClawError:
                out.append(f"{where}.square: not a square name: {sq_name!r}")
                continue
            if not board.in_bounds(sq):
                out.append(f"{where}.square: {sq_name} is off the map")
            elif board.is_blocking(sq):
                out.append(f"{where}.square: {sq_name} is blocking terrain, no figure stands there")
            else:
                standing.setdefault(sq_name.upper(), []).append(fid)
        if fig.get("side") == "cat" and not 0 <= fig.get("health", MAX_HEALTH) <= MAX_HEALTH:
            out.append(f"{where}.health: {fig['health']} is outside 0..{MAX_HEALTH}")
        if fig.get("wounds", 0) < 0:
            out.append(f"{where}.wounds: {fig['wounds']} is below 0")
        ap, top = fig.get("ap"), fig.get("max_ap")
        if ap is not None and top is not None and not 0 <= ap <= top:
            out.append(f"{where}.ap: {ap} is outside 0..{top}")
    for sq_name, fids in standing.items():
        solid = [f for f in fids if state["figures"][f].get("type") != "roach"]
        if len(solid) > 1:
            out.append(f"figures: {', '.join(solid)} stand on the same small square {sq_name} (only roaches stack)")
    return out
