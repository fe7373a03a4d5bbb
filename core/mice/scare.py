"""Scaring the Human Raiders: the scare track, raiders leaving at 10 points, and the
Dining Hall's Suspicious Rats (a wheel cheese per raider scared, and the mice coming
out of the costume once no raider is left)."""

from __future__ import annotations

from claw.core.mice import rooms as R
from claw.core.outcome import Outcome


def scare_raider(res: Outcome, rid: str, points: int, source: str, tiles: dict) -> None:
    """The mice scare raider ``rid`` off for ``points`` scare points.

    Order (ruling 13): the token goes, the points go on the track (at 10 the chapter
    end marker moves and the other raiders leave), and only then does the Suspicious
    Rats cheese go on the minion wheel, so a surge it causes meets the moved marker.
    """
    remove_raider(res, rid, tiles, why=f"scared by the {source}")
    add_points(res, points, source, tiles)
    _suspicious_rats_cheese(res, tiles)


def add_points(res: Outcome, points: int, source: str, tiles: dict) -> None:
    """Advance the scare track (capped at 10); at 10 every raider left leaves the castle."""
    s = res.state
    before = s["scare"]
    s["scare"] = min(R.SCARE_GOAL, before + points)
    lost = before + points - s["scare"]
    extra = f" ({lost} beyond the track's end are lost)" if lost else ""
    res.add("scare", f"Scare track {before} -> {s['scare']} (+{points}, {source}){extra}.",
            points=points, before=before, after=s["scare"], lost=lost, source=source)
    track_full(res, tiles)
    check_revert(res, tiles)
    from claw.core.mice.track import check_end

    check_end(res)


def track_full(res: Outcome, tiles: dict) -> None:
    """*Scaring the Human Raiders*: once the scare track reaches 10 (the first time), the
    chapter end marker moves one page and every raider left leaves the castle."""
    s = res.state
    if s["scare"] >= R.SCARE_GOAL and not s["objectives"]["raiders_scared"]:
        s["objectives"]["raiders_scared"] = True
        s["chapter_end"] = min(99, s["chapter_end"] + 1)
        res.add("raiders-flee", f"10 scare points: the raiders leave the castle; the chapter end marker moves "
                f"to page {s['chapter_end']}.", chapter_end=s["chapter_end"])
        feed = R.option(s, "exodus_feeds_wheel")
        for r in list(s["raiders"]):
            remove_raider(res, r["id"], tiles, why="leaving the castle")
            if feed:
                _suspicious_rats_cheese(res, tiles)


def remove_raider(res: Outcome, rid: str, tiles: dict, why: str) -> None:
    """Take raider token ``rid`` off the board (no points, no wheel cheese)."""
    s = res.state
    r = next(r for r in s["raiders"] if r["id"] == rid)
    s["raiders"].remove(r)
    if r.get("burly"):
        s["burly"]["scared"] = True
    if r["room"] == "kitchen":
        s["kitchen_raider_scared"] = True
    res.add("raider-removed", f"Raider token {rid} removed from the {R.tile(tiles, r['room'])['name']} ({why}).",
            raider=rid, room=r["room"])
    check_cleared(res, "kitchen", tiles)


def _suspicious_rats_cheese(res: Outcome, tiles: dict) -> None:
    """Dining Hall 3: once the hall is in play, each raider scared away feeds the wheel."""
    if res.state["rooms"]["dining-hall"]["explored"]:
        from claw.core.mice.track import add_wheel

        add_wheel(res, 1, f"{R.cite(tiles, 'dining-hall', 3)}: a raider was scared", tiles)


def check_cleared(res: Outcome, room: str, tiles: dict) -> None:
    """Kitchen 3: the story moment once the Kitchen holds no minions or raiders."""
    s = res.state
    st = s["rooms"][room]
    if st["explored"] and not st["cleared"] and not R.minions_in(s, room) and not R.raiders_in(s, room):
        st["cleared"] = True
        if room == "kitchen":
            res.add("story", f"{R.cite(tiles, 'kitchen', 3)}: the Kitchen is clear of minions and raiders; "
                    "read the story moment.")


def check_revert(res: Outcome, tiles: dict) -> None:
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
