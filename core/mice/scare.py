"""Scaring the Human Raiders: the scare track, raiders leaving at 10 points, and the
Dining Hall's Suspicious Rats (a wheel cheese per raider scared, and the mice coming
out of the costume once no raider is left)."""

from __future__ import annotations

from claw.core.mice import rooms as R
from claw.core.mice.result import Result


def add_points(res: Result, points: int, source: str, tiles: dict) -> None:
    s = res.state
    before = s["scare"]
    s["scare"] = min(R.SCARE_GOAL, before + points)
    lost = before + points - s["scare"]
    extra = f" ({lost} beyond the track's end are lost)" if lost else ""
    res.add("scare", f"Scare track {before} -> {s['scare']} (+{points}, {source}){extra}.",
            points=points, before=before, after=s["scare"], lost=lost, source=source)
    if s["scare"] >= R.SCARE_GOAL and not s["objectives"]["raiders_scared"]:
        s["objectives"]["raiders_scared"] = True
        s["chapter_end"] = min(99, s["chapter_end"] + 1)
        res.add("raiders-flee", f"10 scare points: the raiders leave the castle; the chapter end marker moves "
                f"to page {s['chapter_end']}.", chapter_end=s["chapter_end"])
        feed = s["options"]["exodus_feeds_wheel"]
        for r in list(s["raiders"]):
            remove_raider(res, r["id"], tiles, scared=feed, why="leaving the castle")
    check_revert(res, tiles)
    from claw.core.mice.track import check_end

    check_end(res)


def remove_raider(res: Result, rid: str, tiles: dict, scared: bool, why: str) -> None:
    s = res.state
    r = next(r for r in s["raiders"] if r["id"] == rid)
    s["raiders"].remove(r)
    if r.get("burly"):
        s["burly"]["scared"] = True
    if r["room"] == "kitchen":
        s["kitchen_raider_scared"] = True
    res.add("raider-removed", f"Raider token {rid} removed from the {R.tile(tiles, r['room'])['name']} ({why}).",
            raider=rid, room=r["room"])
    if scared and s["rooms"]["dining-hall"]["explored"]:
        from claw.core.mice.track import add_wheel

        add_wheel(res, 1, f"{R.cite(tiles, 'dining-hall', 3)}: a raider was scared", tiles)
    check_cleared(res, "kitchen", tiles)


def check_cleared(res: Result, room: str, tiles: dict) -> None:
    """Kitchen 3: the story moment once the Kitchen holds no minions or raiders."""
    s = res.state
    st = s["rooms"][room]
    if st["explored"] and not st["cleared"] and not R.minions_in(s, room) and not R.raiders_in(s, room):
        st["cleared"] = True
        if room == "kitchen":
            res.add("story", f"{R.cite(tiles, 'kitchen', 3)}: the Kitchen is clear of minions and raiders; "
                    "read the story moment.")


def check_revert(res: Result, tiles: dict) -> None:
    """Dining Hall 3: with every raider gone and the ghost in play there, the mice come out."""
    s = res.state
    g = s["ghost"]
    if not g or g["room"] != "dining-hall" or s["raiders"]:
        return
    for m in s["mice"]:
        if m.get("job"):
            m["spot"] = "ghost-space" if m["job"] == "mop" else "next-to-ghost"
            m["room"], m["job"] = "dining-hall", None
    on, nxt = g["mop"], g["eyes"]
    s["ghost"] = None
    for f in s["minions"]:
        f["suspicious"] = False
    res.add("ghost-removed", f"{R.cite(tiles, 'dining-hall', 3)}: no raiders remain. {', '.join(on)} go on the "
            f"ghost's space, {', '.join(nxt)} next to it, the ghost token is removed and play is normal: "
            "the minions now move and attack.", on_space=on, adjacent=nxt,
            alternatives="any 4 mice may take the ghost's space; move them with place")
