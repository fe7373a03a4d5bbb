"""Base-game outcomes the table records (one command each) and exploring rooms.

The chapter leans on the base game for movement, encounters and most combat; these
functions keep the chapter's tracker in step with what happened at the table.
"""

from __future__ import annotations

import re

from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.mice import rooms as R
from claw.core.mice.scare import check_cleared, check_revert
from claw.core.mice.track import add_wheel, advance_hourglass, check_end
from claw.core.outcome import Outcome, begin

MAX_MINIONS = 200
KIND_RE = re.compile(r"[a-z][a-z0-9-]{0,39}")  # the chapter file's bestiary keys
ESCAPE_ROOMS = ("tunnel-entrance", "kings-tunnels")  # ruling: the tunnels borrow marker 3 (tiles.json)


def place_minions(res: Outcome, kind: str, count: int, room: str, tiles: dict, *, why: str, escapes: bool = True,
                  spot: str = "floor", fid: str | None = None, suspicious: bool = False) -> list[str]:
    """Put ``count`` minions of ``kind`` in ``room`` with fresh ids (or ``fid``)."""
    s = res.state
    if len(s["minions"]) + count > MAX_MINIONS:
        raise UsageError(f"too many minions on the board (limit {MAX_MINIONS}): {count}")
    ids = []
    for _ in range(count):
        mid = fid or R.new_id(s, kind)
        s["minions"].append({"id": mid, "kind": kind, "room": room, "spot": spot, "wounds": 0,
                             "escapes": escapes, "suspicious": suspicious})
        ids.append(mid)
    res.add("minions-placed", f"{why}: {R.kind_name(kind, count)} placed in the {R.tile(tiles, room)['name']} "
            f"({', '.join(ids)}).",
            kind=kind, ids=ids, room=room)
    return ids


def add_minion(state: dict, kind: str, count: int, room: str | None, tiles: dict) -> Outcome:
    """Minions from a revealed encounter card or a base-game effect."""
    R.ensure_playing(state)
    if not KIND_RE.fullmatch(kind):
        raise UsageError(f"a minion kind is lower-case letters, digits and dashes, as in the bestiary "
                         f"(e.g. rat-warrior): {quoted(kind)}")
    if not 1 <= count <= 20:
        raise UsageError(f"count must be 1..20: {count}")
    res = begin(state)
    room = room or res.state["current_room"]
    R.tile(tiles, room)
    if not res.state["rooms"][room]["explored"]:
        raise IllegalAction(f"the {R.tile(tiles, room)['name']} is not explored yet: {room}")
    place_minions(res, kind, count, room, tiles, why="Encounter")
    return res


def defeat(state: dict, fid: str, tiles: dict) -> Outcome:
    """A minion defeated in base-game combat: remove it (Barnacle and Blackpaw count)."""
    R.ensure_playing(state)
    res = begin(state)
    f = R.minion(res.state, fid)
    if f is None:
        raise UsageError(f"no such minion on the board: {quoted(fid)}")
    if fid == "blackpaw" and R.minion(res.state, "barnacle"):
        raise IllegalAction("Blackpaw cannot be attacked until Barnacle is defeated (Dining Hall 4): blackpaw")
    remove_minion(res, f, tiles, "defeated")
    return res


def remove_minion(res: Outcome, f: dict, tiles: dict, why: str) -> None:
    """Take minion ``f`` off the board; Barnacle and Blackpaw tick their objectives."""
    s = res.state
    s["minions"].remove(f)
    res.add("minion-defeated", f"{f['id']} ({f['kind']}) {why}.", minion=f["id"], room=f["room"])
    if f["id"] in ("barnacle", "blackpaw"):
        s["objectives"][f"{f['id']}_defeated"] = True
        if f["id"] == "barnacle":
            res.add("barnacle-gone", f"{R.cite(tiles, 'dining-hall', 4)}: Barnacle is gone; "
                    "Blackpaw may be attacked now.")
    check_cleared(res, f["room"], tiles)
    check_end(res)


def capture(state: dict, mid: str, tiles: dict) -> Outcome:
    """A mouse captured at the table (base game): may move the hourglass and end the chapter."""
    R.ensure_playing(state)
    res = begin(state)
    capture_mouse(res, R.mouse(res.state, mid), tiles)
    return res


def capture_mouse(res: Outcome, m: dict, tiles: dict) -> None:
    """Capture ``m`` inside a running result (used by ``capture`` and by attacks)."""
    if m["captured"]:
        raise IllegalAction(f"{m['name']} is already captured: {m['id']}")
    if m.get("job"):
        raise IllegalAction(f"{m['name']} is inside the ghost costume and cannot be captured: {m['id']}")
    m.update(captured=True, room=None, spot=None)
    res.add("captured", f"{m['name']} is captured.", mouse=m["id"])
    check_end(res)
    if R.option(res.state, "capture_advances_hourglass") and not res.state["outcome"]:
        advance_hourglass(res, 1, f"{m['name']} captured (base game)")


def release(state: dict, mid: str, tiles: dict) -> Outcome:
    """A captured mouse rejoins the party in the current room, unwounded."""
    R.ensure_playing(state)
    res = begin(state)
    m = R.mouse(res.state, mid)
    if not m["captured"]:
        raise IllegalAction(f"{m['name']} is not captured: {mid}")
    m.update(captured=False, wounds=0, room=res.state["current_room"], spot="floor")
    res.add("released", f"{m['name']} rejoins the party in the {R.tile(tiles, m['room'])['name']}.", mouse=mid)
    return res


def gain_cheese(state: dict, mid: str, n: int) -> Outcome:
    """Mouse ``mid`` gains ``n`` cheese (base game)."""
    R.ensure_playing(state)
    if not 1 <= n <= 100:
        raise UsageError(f"cheese must be 1..100: {n}")
    res = begin(state)
    m = R.mouse(res.state, mid)
    m["cheese"] += n
    res.add("cheese", f"{m['name']} gains {n} cheese ({m['cheese']}).", mouse=mid, change=n)
    return res


def spend_cheese(state: dict, mid: str, n: int) -> Outcome:
    """Mouse ``mid`` spends ``n`` cheese (base game)."""
    R.ensure_playing(state)
    if not 1 <= n <= 100:
        raise UsageError(f"cheese must be 1..100: {n}")
    res = begin(state)
    m = R.mouse(res.state, mid)
    if m["cheese"] < n:
        raise IllegalAction(f"{m['name']} has only {m['cheese']} cheese: {n}")
    m["cheese"] -= n
    res.add("cheese", f"{m['name']} spends {n} cheese ({m['cheese']} left).", mouse=mid, change=-n)
    return res


def wheel_cheese(state: dict, n: int, tiles: dict, reason: str = "base game") -> Outcome:
    """``n`` cheese onto the minion wheel; each full wheel surges."""
    R.ensure_playing(state)
    if not 1 <= n <= 12:
        raise UsageError(f"cheese must be 1..12: {n}")
    res = begin(state)
    add_wheel(res, n, reason, tiles)
    return res


def minion_turn(state: dict, kind: str, tiles: dict, room: str | None = None, pick: str | None = None) -> Outcome:
    """Tunnel Entrance 3, Minions Escaping: as a minion card starts its turn, one of its
    minions is set aside for the next encounter (the surge spider never escapes).
    The card is the current tile's unless ``room`` names another tunnel tile."""
    R.ensure_playing(state)
    if room and room not in ESCAPE_ROOMS:
        R.tile(tiles, room)
        raise IllegalAction(f"minions only escape up the ladder from the Tunnel Entrance or King's Tunnels: {room}")
    res = begin(state)
    s = res.state
    room = room or s["current_room"]
    if room not in ESCAPE_ROOMS:
        res.add("no-escape", f"The {R.tile(tiles, room)['name']} has no ladder rule (Tunnel Entrance 3 holds on "
                "the tunnel tiles); the card plays normally.", room=room)
        return res
    cands = [f for f in s["minions"] if f["kind"] == kind and f["room"] == room and f["escapes"]]
    if not cands:
        res.add("no-escape", f"No {kind} in the {R.tile(tiles, room)['name']} can escape up the ladder; "
                "the card plays normally.", room=room)
        return res
    f = cands[0]
    if pick:
        f = next((c for c in cands if c["id"] == pick), None)
        if f is None:
            a = "an" if kind[:1] in "aeiou" else "a"   # an elite-rat-warrior
            raise IllegalAction(f"{pick} is not {a} {kind} that can escape here "
                                f"(choices: {', '.join(c['id'] for c in cands)}): {pick}")
    s["minions"].remove(f)
    s["escaped"].append({"id": f["id"], "kind": f["kind"]})
    others = [c["id"] for c in cands if c is not f]
    res.add("escaped", f"{R.cite(tiles, 'tunnel-entrance', 3)}: {f['id']} climbs the ladder and is set aside "
            f"({len(s['escaped'])} set aside for the next encounter).", minion=f["id"],
            alternatives=others)
    check_cleared(res, f["room"], tiles)
    return res


def place_mouse(state: dict, mid: str, room: str, spot: str, tiles: dict) -> Outcome:
    """A base-game move: where a mouse now stands (room and spot)."""
    R.ensure_playing(state)
    res = begin(state)
    s = res.state
    m = R.mouse(s, mid)
    R.ensure_free(s, m)
    t = R.tile(tiles, room)
    if not s["rooms"][room]["explored"]:
        raise IllegalAction(f"the {t['name']} is not explored yet: {room}")
    allowed = t["spots"] + ["next-to-flip", "ghost-space", "next-to-ghost"]
    if spot not in allowed:
        raise UsageError(f"no spot {quoted(spot)} in the {t['name']} (spots: {', '.join(t['spots'])})")
    burly_there = room == "kings-chamber" and any(r.get("burly") for r in s["raiders"])
    if spot == "chest" and burly_there:
        raise IllegalAction(f"{R.cite(tiles, room, 2)}: the raider occupies the chest spaces: chest")
    if spot in t.get("high_spots", []) and burly_there and R.option(s, "bed_needs_fishhook") \
            and "fishhook-and-thread" not in s["stash"]:
        raise IllegalAction(f"{R.cite(tiles, room, 2)}: with the chest blocked, climbing to the {spot} needs the "
                            f"Fishhook & Thread in the party stash: {spot}")
    m["room"], m["spot"] = room, spot
    res.add("placed", f"{m['name']} is now in the {t['name']} ({spot}).", mouse=mid, room=room, spot=spot)
    return res


def explore(state: dict, room: str, tiles: dict) -> Outcome:
    """Exploring a room: its Special Setup and Story Moment (the Dining Hall's set-up
    runs when the ghost enters; see ``ghost.enter``)."""
    R.ensure_playing(state)
    t = R.tile(tiles, room)
    if state["rooms"][room]["explored"]:
        raise IllegalAction(f"the {t['name']} ({room}) is already explored")
    if state["ghost"]:
        raise IllegalAction(f"{R.cite(tiles, 'kitchen', 5)}: the mice are inside the ghost costume and go where "
                            f"the ghost goes: move-ghost MOUSE N --enter {room}")
    res = begin(state)
    s = res.state
    s["rooms"][room]["explored"] = True
    s["current_room"] = room
    moved = []
    for m in R.free_mice(s):
        m["room"], m["spot"] = room, "floor"
        moved.append(m["id"])
    res.add("explored", f"The mice explore the {t['name']} and move onto it ({', '.join(moved)}; "
            "record where each stands with place).", room=room, mice=moved)
    if room == "dining-hall":
        from claw.core.mice.ghost import dining_setup

        dining_setup(res, tiles)
        return res
    for r in t["rules"]:
        if r["kind"] == "story-moment" and r.get("when") == "explored":
            res.add("story", f"{R.cite(tiles, room, r['n'])}: read the story moment.")
        if r["kind"] != "special-setup":
            continue
        why = R.cite(tiles, room, r["n"])
        if r.get("encounter_card", True):
            res.add("story", f"{why}: reveal an encounter card and record its minions with add-minion.")
        else:
            res.add("story", f"{why}: no encounter card this time.")
        for p in r.get("place", []):
            place_minions(res, p["kind"], p["count"], room, tiles, why=why)
        if (r.get("returns_escaped") or R.option(s, "escaped_join_next_room")) and s["escaped"]:
            back = s["escaped"]
            s["escaped"] = []
            for e in back:
                s["minions"].append({"id": e["id"], "kind": e["kind"], "room": room, "spot": "floor",
                                     "wounds": 0, "escapes": room in ESCAPE_ROOMS, "suspicious": False})
            res.add("escaped-return", f"{why}: the {len(back)} minion(s) that climbed the ladder join this "
                    f"encounter ({', '.join(e['id'] for e in back)}); add their initiative card if needed.",
                    ids=[e["id"] for e in back])
        if r.get("raiders") and s["objectives"]["raiders_scared"]:
            res.add("no-raiders", f"{why}: the raiders have already left the castle; no raider token.")
        for _ in range(0 if s["objectives"]["raiders_scared"] else r.get("raiders", 0)):
            rid = R.new_id(s, "raider")
            raider: dict = {"id": rid, "room": room}
            if room == "kings-chamber":
                raider["burly"] = True
                s["burly"]["placed"] = True
            s["raiders"].append(raider)
            res.add("raider-placed", f"{why}: raider token {rid} placed.", raider=rid, room=room)
        if room == "kings-tunnels":
            res.add("story", f"{why}: after dealing the initiative track, read the story moment before the "
                    "first card acts.")
        if room == "kings-chamber":
            res.add("chest-blocked", f"{R.cite(tiles, room, 2)}: the chest spaces are the raider's, the chest "
                    "is no way up to the bed, and no minion may be placed on the corner entry space by it.")
            res.add("story", f"{why}: read the story moment.")
    check_revert(res, tiles)
    return res
