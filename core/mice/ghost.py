"""Kitchen 5 (Actions with the Ghost) and the Dining Hall's set-up (Dining Hall 1-3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.mice import actiondie as A
from claw.core.mice import rooms as R
from claw.core.mice.scare import check_revert, scare_raider
from claw.core.outcome import Outcome, begin

if TYPE_CHECKING:  # exact odds load fractions only when asked
    from fractions import Fraction

MAX_DISTANCE = 200


def move_odds(faces, number: int, movers: int) -> dict[int, Fraction]:
    """Exact distribution of spaces the ghost may move."""
    return A.sum_of(A.matches_per_die(faces, number), movers)


def noise_odds(faces, mice: int, distance: int) -> Fraction:
    """Chance the cheese total of ``mice`` dice beats ``distance`` spaces."""
    return A.at_least(A.symbol_total(faces, A.CHEESE, mice), distance + 1)


def _ghost(state: dict, tiles: dict) -> dict:
    if not state["ghost"]:
        raise IllegalAction(f"{R.cite(tiles, 'kitchen', 5)}: there is no ghost on the board (build-ghost first)")
    return state["ghost"]


def crew_dice(state: dict, mid: str, job: str, tiles: dict) -> int:
    """Dice for a ghost action led by ``mid`` (Kitchen 5), after checking the ghost is built
    and ``mid`` has the ``job`` it needs: the mop mice for a move, the whole crew for noises."""
    R.ensure_playing(state)
    _ghost(state, tiles)
    _job(state, mid, job, tiles)
    return sum(1 for m in state["mice"] if (m.get("job") == "mop" if job == "mop" else m.get("job")))


def _job(state: dict, mid: str, job: str, tiles: dict) -> dict:
    m = R.mouse(state, mid)
    if m.get("job") != job:
        what = "holding the mop" if job == "mop" else "at an eye"
        raise IllegalAction(f"{R.cite(tiles, 'kitchen', 5)}: only a mouse {what} can do this; "
                            f"{m['name']} has job {m.get('job') or 'none'}: {mid}")
    return m


def move_ghost(state: dict, mid: str, number: int, dice, faces, tiles: dict, enter: str | None = None) -> Outcome:
    """Kitchen 5, Move the Ghost: mop mouse ``mid`` calls ``number``; one space per mop die
    showing it; ``enter`` records the ghost entering a room (the Dining Hall sets up)."""
    R.ensure_playing(state)
    if not 1 <= number <= 3:
        raise UsageError(f"choose a number from 1 to 3: {number}")
    g = _ghost(state, tiles)
    if enter:
        _check_entry(state, g, enter, tiles)
    res = begin(state)
    s = res.state
    m = _job(s, mid, "mop", tiles)
    g = s["ghost"]
    movers = [x["id"] for x in s["mice"] if x.get("job") == "mop"]
    rolled = A.roll(dice, faces, len(movers), "ghost movement action die")
    spaces = sum(1 for f in rolled if f.number == number)
    res.info.update(number=number, rolled=[f.number for f in rolled], faces=A.labels(rolled), spaces=spaces)
    res.add("ghost-move", f"{R.cite(tiles, 'kitchen', 5)}: {m['name']} calls {number}; the {len(movers)} mop mice "
            f"roll {A.show(rolled)}: the ghost may move up to {spaces} space(s).",
            mouse=mid, number=number, rolled=[f.number for f in rolled], spaces=spaces)
    if enter and spaces < 1:
        # the roll is the mouse's action whatever it shows: keep it (and its log), refuse only the entry
        res.add("ghost-stays", f"No die matched: the ghost cannot move, so it does not enter the "
                f"{R.tile(tiles, enter)['name']}.", room=g["room"], wanted=enter)
    elif enter:
        g["room"] = enter
        s["current_room"] = enter
        res.add("ghost-enters", f"The ghost enters the {R.tile(tiles, enter)['name']}.", room=enter)
        if not s["rooms"][enter]["explored"]:
            s["rooms"][enter]["explored"] = True
            if enter == "dining-hall":
                dining_setup(res, tiles)
        check_revert(res, tiles)
    return res


def _check_entry(state: dict, g: dict, enter: str, tiles: dict) -> None:
    """Where the ghost may go: a room already explored, or the Dining Hall, whose set-up
    its entry triggers (Dining Hall 1). Other rooms' set-ups need the mice on foot."""
    t = R.tile(tiles, enter)
    if enter == g["room"]:
        raise UsageError(f"the ghost is already in the {t['name']}: {enter}")
    if enter != "dining-hall" and not state["rooms"][enter]["explored"]:
        raise IllegalAction(f"the ghost can only enter explored rooms or the Dining Hall; the {t['name']} "
                            f"is unexplored (explore it first): {enter}")


def scary_noises(state: dict, mid: str, distance: int, dice, faces, tiles: dict,
                 raider: str | None = None) -> Outcome:
    """Kitchen 5, Make Scary Noises: eye mouse ``mid`` leads; one die per mouse in the costume;
    a cheese total above ``distance`` scares the raider (3 points, token removed)."""
    R.ensure_playing(state)
    if not 0 <= distance <= MAX_DISTANCE:
        raise UsageError(f"--distance must be 0..{MAX_DISTANCE} spaces: {distance}")
    _ghost(state, tiles)
    res = begin(state)
    s = res.state
    m = _job(s, mid, "eye", tiles)
    why = R.cite(tiles, "kitchen", 5)
    if not s["raiders"]:
        raise IllegalAction(f"{why}: there is no raider left to scare: {mid}")
    room = s["ghost"]["room"]
    order = sorted(s["raiders"], key=lambda r: (r["room"] != room, r["id"]))
    if raider:
        target = next((r for r in s["raiders"] if r["id"] == raider), None)
        if target is None:
            raise UsageError(f"no such raider token on the board: {quoted(raider)} "
                             f"(raiders: {', '.join(r['id'] for r in order)})")
    else:
        target = order[0]
    others = [r["id"] for r in order if r is not target]
    crew = [x["id"] for x in s["mice"] if x.get("job")]
    rolled = A.roll(dice, faces, len(crew), "scary noises action die")
    total = A.count(rolled, A.CHEESE)
    ok = total > distance
    res.info.update(rolled=[f.number for f in rolled], faces=A.labels(rolled), cheese=total, distance=distance,
                    scared=ok)
    res.add("scary-noises", f"{why}: {m['name']} leads {len(crew)} mice in ghostly noises: {A.show(rolled)} = "
            f"{total} cheese against {distance} space(s) to {target['id']}: "
            + ("the raider is scared!" if ok else "not enough, the raider stays."),
            mouse=mid, raider=target["id"], cheese=total, distance=distance, scared=ok,
            rolled=[f.number for f in rolled], alternatives=others)
    if ok:
        scare_raider(res, target["id"], R.RAIDER_POINTS_NOISES, "ghost's scary noises", tiles)
    return res


def dining_setup(res: Outcome, tiles: dict) -> None:
    """Dining Hall 1: raiders on three entry spaces, Blackpaw's crew on the table.
    They stay suspicious (inactive) while the ghost is in play (Dining Hall 3)."""
    from claw.core.mice.outcomes import place_minions

    s = res.state
    rule = R.rule(tiles, "dining-hall", 1)
    why = R.cite(tiles, "dining-hall", 1)
    s["current_room"] = "dining-hall"
    res.add("story", f"{why}: no encounter card this time.")
    if s["objectives"]["raiders_scared"]:
        res.add("no-raiders", f"{why}: the raiders have already left the castle; no raider tokens.")
    else:
        for _ in range(rule["raiders"]):
            rid = R.new_id(s, "raider")
            s["raiders"].append({"id": rid, "room": "dining-hall"})
        res.add("raider-placed", f"{why}: {rule['raiders']} raider tokens on minion entry spaces.",
                raiders=[r["id"] for r in R.raiders_in(s, "dining-hall")])
    wary = s["ghost"] is not None
    for p in rule["place"]:
        place_minions(res, p["kind"], p["count"], "dining-hall", tiles, why=why, spot=p.get("spot", "floor"),
                      fid=p.get("id"), suspicious=wary)
    res.add("story", f"{why}: shuffle the rat warrior cards into the initiative track, put Barnacle's card by "
            "the rat warriors', and read the story moment.")
    if wary:
        res.add("suspicious", f"{R.cite(tiles, 'dining-hall', 3)}: the minions on the table watch the ghost and do "
                "not move or attack for now.")
