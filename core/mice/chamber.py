"""King's Chamber 3 and 5: pushing the chest lid shut on the burly raider."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.core.errors import IllegalAction
from claw.core.mice import actiondie as A
from claw.core.mice import rooms as R
from claw.core.mice.scare import scare_raider
from claw.core.outcome import Outcome, begin

if TYPE_CHECKING:  # exact odds load fractions only when asked
    from fractions import Fraction

SUSPICIOUS_CAP = 3


def lid_points(cheese: int, suspicious: bool) -> tuple[int, int]:
    """(points earned, points lost): one per cheese, at most 3 once he is suspicious."""
    if suspicious and cheese > SUSPICIOUS_CAP:
        return SUSPICIOUS_CAP, cheese - SUSPICIOUS_CAP
    return cheese, 0


def lid_odds(faces, n_dice: int, suspicious: bool) -> dict[int, Fraction]:
    """Exact distribution of scare points from one attempt with ``n_dice`` dice."""
    out: dict[int, Fraction] = {}
    for c, p in A.symbol_total(faces, A.CHEESE, n_dice).items():
        pts = lid_points(c, suspicious)[0]
        out[pts] = out.get(pts, 0) + p
    return dict(sorted(out.items()))


def lid_helpers(state: dict, mid: str, tiles: dict) -> list[str]:
    """The other mice on the bed who add a die when ``mid`` pushes the lid, after checking
    that ``mid`` may try now (King's Chamber 3); used by the roll and by its odds."""
    R.ensure_playing(state)
    m = R.mouse(state, mid)
    R.ensure_free(state, m)
    why = R.cite(tiles, "kings-chamber", 3)
    if not any(r.get("burly") for r in state["raiders"]):
        raise IllegalAction(f"{why}: there is no raider in the chest to scare: {mid}")
    if m["room"] != "kings-chamber" or m["spot"] != "bed":
        raise IllegalAction(f"{why}: only a mouse on the king's bed can push the lid; {m['name']} is "
                            f"{R.where(tiles, m)}: {mid}")
    if state["burly"].get("lid_failed_by") == mid:
        raise IllegalAction(f"{why}: {m['name']} failed to push the lid shut; the mice try again on a different "
                            f"mouse's turn, so another mouse on the bed makes the next try: {mid}")
    return [o["id"] for o in R.free_mice(state) if o is not m and o["room"] == "kings-chamber" and o["spot"] == "bed"]


def chest_lid(state: dict, mid: str, dice, faces, tiles: dict) -> Outcome:
    """King's Chamber 3: mouse ``mid`` on the bed pushes the lid; 1 die plus 1 per other
    mouse on the bed, each cheese a scare point (capped at 3 once he is suspicious)."""
    helpers = lid_helpers(state, mid, tiles)
    res = begin(state)
    s = res.state
    m = R.mouse(s, mid)
    why = R.cite(tiles, "kings-chamber", 3)
    raider = next(r for r in s["raiders"] if r.get("burly"))
    rolled = A.roll(dice, faces, 1 + len(helpers), "chest lid action die")
    cheese = A.count(rolled, A.CHEESE)
    info = {"dice": 1 + len(helpers), "rolled": [f.number for f in rolled], "faces": A.labels(rolled),
            "cheese": cheese}
    res.info.update(info)
    s["burly"].pop("lid_failed_by", None)
    if not cheese:
        s["burly"]["lid_failed_by"] = mid   # the next try is on a different mouse's turn
        res.add("chest-lid", f"{why}: {m['name']} and {len(helpers)} helper(s) roll {A.show(rolled)}: no cheese, "
                "the lid will not budge. A different mouse may try on its turn.", mouse=mid, helpers=helpers, **info)
        return res
    pts, lost = lid_points(cheese, s["burly"]["suspicious"])
    note = f"; he was suspicious, so {lost} point(s) are lost (King's Chamber 5)" if lost else ""
    res.add("chest-lid", f"{why}: {m['name']} and {len(helpers)} helper(s) roll {A.show(rolled)}: {cheese} cheese, "
            f"the lid slams on the raider{note}.", mouse=mid, helpers=helpers, points=pts, lost=lost, **info)
    scare_raider(res, raider["id"], pts, "chest lid", tiles)
    res.add("story", f"{why}: the raider is scared; read the story moment.")
    return res
