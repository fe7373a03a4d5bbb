"""Chapter track (hourglass and chapter end marker), minion cheese wheel, surges,
and the Victory / Defeat checks of the Chapter Objective."""

from __future__ import annotations

from claw.core.errors import UsageError
from claw.core.mice import rooms as R
from claw.core.outcome import Outcome, begin

MAX_PAGE = 99


def check_end(res: Outcome) -> None:
    """Victory needs both objectives; defeat comes from the hourglass reaching the
    chapter end marker first, or from every mouse being captured at once."""
    s = res.state
    if s["outcome"]:
        return
    o = s["objectives"]
    if o["raiders_scared"] and o["blackpaw_defeated"] and o["barnacle_defeated"]:
        s["outcome"], s["outcome_reason"] = "victory", "raiders scared off and Blackpaw and Barnacle defeated"
        res.add("victory", "Victory! The raiders fled and Blackpaw and Barnacle are beaten.")
    elif s["hourglass"] >= s["chapter_end"]:
        s["outcome"] = "defeat"
        s["outcome_reason"] = f"the hourglass reached the chapter end marker (page {s['chapter_end']})"
        res.add("defeat", f"Defeat: {s['outcome_reason']}.")
    elif not R.free_mice(s):
        s["outcome"], s["outcome_reason"] = "defeat", "all mice are captured at the same time"
        res.add("defeat", f"Defeat: {s['outcome_reason']}.")


def advance_hourglass(res: Outcome, pages: int, reason: str) -> None:
    """Move the hourglass ``pages`` pages and check the end of the chapter."""
    s = res.state
    before = s["hourglass"]
    s["hourglass"] = min(MAX_PAGE, before + pages)
    res.add("hourglass", f"Hourglass moves {pages} page(s): {before} -> {s['hourglass']} "
            f"(chapter end on page {s['chapter_end']}); {reason}.",
            before=before, after=s["hourglass"], reason=reason)
    check_end(res)


def add_wheel(res: Outcome, n: int, reason: str, tiles: dict) -> None:
    """Cheese onto the minion wheel; each time it fills (6), a surge."""
    if n <= 0:
        return
    s = res.state
    s["wheel"] += n
    res.add("wheel", f"{n} cheese onto the minion wheel ({reason}): {s['wheel']}/{R.WHEEL_SIZE}.",
            added=n, wheel=s["wheel"], reason=reason)
    while s["wheel"] >= R.WHEEL_SIZE and not s["outcome"]:
        s["wheel"] -= R.WHEEL_SIZE
        surge(res, tiles)


def surge(res: Outcome, tiles: dict) -> None:
    """Base game: a full wheel empties, the hourglass moves one page, and the current
    tile's special surge (else the encounter card's surge) happens."""
    s = res.state
    room = s["current_room"]
    res.add("surge", f"Surge in the {R.tile(tiles, room)['name']}: the minion wheel empties.", room=room)
    advance_hourglass(res, 1, "surge")
    if s["outcome"]:
        return
    st = s["rooms"][room]
    if st["surged"] and R.option(s, "special_surge_once"):
        res.add("surge-spent", "This tile has surged before: only the hourglass moves.")
        return
    st["surged"] = True
    special = [(room, r) for r in R.tile(tiles, room)["rules"] if r["kind"] == "special-surge"]
    borrowed = R.tile(tiles, room).get("borrows")
    if not special and borrowed:  # King's Tunnels markers 3 and 5 are the Tunnel Entrance's rules
        special = [(borrowed["tile"], r) for r in R.tile(tiles, borrowed["tile"])["rules"]
                   if r["kind"] == "special-surge" and r["n"] in borrowed["rules"]]
    if not special:
        carded = all(r.get("encounter_card", True) for r in R.tile(tiles, room)["rules"]
                     if r["kind"] == "special-setup")
        if carded:
            res.add("surge-card", "Place the surge minions of the current encounter card (base game); "
                    "record them with add-minion.")
        else:
            res.add("surge-none", f"The {R.tile(tiles, room)['name']} was set up without an encounter card and "
                    "has no Special Surge: no surge minions, only the hourglass moves.", room=room)
        return
    owner, rule = special[0]
    if owner == "kings-chamber":
        b = s["burly"]
        if b["placed"] and not b["scared"]:
            b["suspicious"] = True
            res.add("burly-suspicious", f"{R.cite(tiles, owner, rule['n'])}: the burly raider is suspicious; "
                    "at most 3 scare points can come from him now.")
        else:
            res.add("surge-none", "The burly raider is already scared off: this surge does nothing more.")
        return
    from claw.core.mice.outcomes import place_minions

    for p in rule.get("place", []):
        place_minions(res, p["kind"], p["count"], room, tiles, escapes=rule.get("escapes", True),
                      why=R.cite(tiles, owner, rule["n"]))


def scenario_step(state: dict, tiles: dict, pages: int = 1, reason: str = "chapter track") -> Outcome:
    """``claw scenario-step``: move the hourglass (0 pages = only check the end)."""
    if not 0 <= pages <= 20:
        raise UsageError(f"--pages must be 0..20: {pages}")
    R.ensure_playing(state)
    res = begin(state)
    if pages:
        advance_hourglass(res, pages, reason)
    else:
        check_end(res)
    s = res.state
    if not s["outcome"]:
        left = s["chapter_end"] - s["hourglass"]
        todo = [k for k, v in s["objectives"].items() if not v]
        res.add("status", f"Page {s['hourglass']} of {s['chapter_end']} ({left} to go); still to do: "
                f"{', '.join(t.replace('_', ' ') for t in todo)}.", pages_left=left, todo=todo)
    return res
