"""Tile searches (base game: one action die, a cheese succeeds) and the chapter's
Special Search cards (Tunnel Entrance 1 and 4, King's Chamber 4)."""

from __future__ import annotations

from claw.core.errors import IllegalAction, quoted
from claw.core.mice import actiondie as A
from claw.core.mice import rooms as R
from claw.core.outcome import Outcome, begin


def specials_here(tiles: dict, room: str, spot: str, found: list[str]) -> list[dict]:
    """Unfound special searches a mouse at ``spot`` can make: whole-tile ones, and
    marked ones when standing at their mark; marked ones first."""
    t = R.tile(tiles, room)
    out = []
    for r in t["rules"]:
        if r["kind"] != "special-search" or r["item"] in found:
            continue
        if r["n"] in t["whole_tile"] or r.get("spot") == spot:
            out.append(r)
    return sorted(out, key=lambda r: r["n"] in t["whole_tile"])


def search(state: dict, mid: str, dice, faces, tiles: dict, item: str | None = None) -> Outcome:
    """A mouse searches its tile: one die, a cheese finds the special search that applies
    there (else the base game's search deck)."""
    R.ensure_playing(state)
    res = begin(state)
    s = res.state
    m = R.mouse(s, mid)
    R.ensure_free(s, m)
    room = m["room"]
    if R.option(s, "one_search_per_tile") and room in m["searched"]:
        raise IllegalAction(f"{m['name']} has already searched the {room} (one search per tile): {mid}")
    cands = specials_here(tiles, room, m["spot"], s["found"])
    if item:
        pick = [r for r in cands if r["item"] == item]
        if not pick:
            raise IllegalAction(f"no unfound special search {quoted(item)} for {m['name']} at {room} "
                                f"({m['spot']}): {item}")
        cands = pick + [r for r in cands if r is not pick[0]]
    m["searched"].append(room)
    rolled = A.roll(dice, faces, 1, "search action die")
    ok = A.count(rolled, A.CHEESE) > 0
    res.info.update(rolled=[f.number for f in rolled], faces=A.labels(rolled), found=ok)
    if not ok:
        res.add("search", f"{m['name']} searches the {R.tile(tiles, room)['name']} and rolls {A.show(rolled)}: "
                "nothing found.",
                mouse=mid, found=None)
        return res
    if not cands:
        res.add("search", f"{m['name']} searches and rolls {A.show(rolled)}: draw a card from the search deck "
                "(base game).", mouse=mid, found="search-deck")
        return res
    r = cands[0]
    s["found"].append(r["item"])
    if r["to"] == "stash":
        s["stash"].append(r["item"])
        where = "the party stash"
    else:
        m["items"].append(r["item"])
        where = f"{m['name']}'s items"
    res.add("search", f"{m['name']} rolls {A.show(rolled)}: {R.cite(tiles, room, r['n'])} found; it goes to {where}.",
            mouse=mid, found=r["item"], alternatives=[c["item"] for c in cands[1:]])
    return res
