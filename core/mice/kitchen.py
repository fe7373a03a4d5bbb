"""Kitchen 2 and 4: the dinner fork, flinging cheese at the raider, building the ghost."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.core.errors import IllegalAction, UsageError
from claw.core.mice import actiondie as A
from claw.core.mice import rooms as R
from claw.core.mice.scare import scare_raider
from claw.core.outcome import Outcome, begin

if TYPE_CHECKING:  # exact odds load fractions only when asked
    from fractions import Fraction

EYES = 2
MOP = 4


def fling_odds(faces) -> Fraction:
    """Chance one flung cheese hits (a cheese on one die)."""
    return A.at_least(A.symbol_total(faces, A.CHEESE, 1), 1)


def deploy_fork(state: dict, tiles: dict) -> Outcome:
    """Kitchen 2: the dinner fork from the stash goes up on the kitchen counter."""
    R.ensure_playing(state)
    why = R.cite(tiles, "kitchen", 2)
    if "dinner-fork" not in state["stash"]:
        raise IllegalAction(f"{why}: the party stash has no dinner fork (search the King's Chamber tray): dinner-fork")
    if not state["rooms"]["kitchen"]["explored"]:
        raise IllegalAction(f"{why}: the Kitchen is not explored yet: kitchen")
    if state["fork_deployed"]:
        raise IllegalAction(f"{why}: the dinner fork is already on the counter: dinner-fork")
    res = begin(state)
    res.state["fork_deployed"] = True
    res.add("fork-deployed", f"{why}: the dinner fork is set up on the kitchen counter as a catapult.")
    return res


def fling_cheese(state: dict, mid: str, dice, faces, tiles: dict) -> Outcome:
    """Kitchen 2: mouse ``mid`` on the counter spends 1 cheese and rolls one die; a cheese
    scores 1 scare point and removes the Kitchen raider."""
    R.ensure_playing(state)
    res = begin(state)
    s = res.state
    m = R.mouse(s, mid)
    R.ensure_free(s, m)
    why = R.cite(tiles, "kitchen", 2)
    raider = next(iter(R.raiders_in(s, "kitchen")), None)
    if raider is None:
        raise IllegalAction(f"{why}: there is no raider in the Kitchen: {mid}")
    if not s["fork_deployed"]:
        raise IllegalAction(f"{why}: the dinner fork must be deployed on the counter first (deploy-fork): {mid}")
    if m["room"] != "kitchen" or m["spot"] != "counter":
        raise IllegalAction(f"{why}: only a mouse on the kitchen counter can fling cheese; {m['name']} is "
                            f"{R.where(tiles, m)}: {mid}")
    if m["cheese"] < 1:
        raise IllegalAction(f"{why}: {m['name']} has no cheese to fling: {mid}")
    m["cheese"] -= 1
    rolled = A.roll(dice, faces, 1, "fling cheese action die")
    hit = A.count(rolled, A.CHEESE) > 0
    res.info.update(rolled=[f.number for f in rolled], faces=A.labels(rolled), hit=hit)
    res.add("fling-cheese", f"{why}: {m['name']} spends 1 cheese ({m['cheese']} left) and rolls {A.show(rolled)}: "
            + ("a cheese, the raider is hit!" if hit else "no cheese, the raider stays."),
            mouse=mid, rolled=[f.number for f in rolled], hit=hit)
    if hit:
        scare_raider(res, raider["id"], 1, "flung cheese", tiles)
    return res


def build_ghost(state: dict, tiles: dict, eyes: list[str] | None = None) -> Outcome:
    """Kitchen 4: needs the Kitchen free of minions and its raider scared off by flung
    cheese (or gone with the rest at 10 points); every free mouse takes a job."""
    R.ensure_playing(state)
    why = R.cite(tiles, "kitchen", 4)
    if state["ghost"]:
        raise IllegalAction(f"{why}: the ghost is already built: ghost")
    if not state["rooms"]["kitchen"]["explored"]:
        raise IllegalAction(f"{why}: the Kitchen is not explored yet: kitchen")
    left = [f["id"] for f in R.minions_in(state, "kitchen")]
    if left:
        raise IllegalAction(f"{why}: the Kitchen still has minions: {', '.join(left)}")
    if not (state["kitchen_raider_scared"] or state["objectives"]["raiders_scared"]):
        raise IllegalAction(f"{why}: the Kitchen raider has not been scared off by flung cheese yet: kitchen")
    res = begin(state)
    s = res.state
    free = [m["id"] for m in R.free_mice(s)]
    if len(free) < 3:
        raise IllegalAction(f"{why}: the ghost needs 2 eyes and mop holders; only {len(free)} mice are free")
    default = free[:EYES]
    chosen = eyes or default
    if len(chosen) != EYES or len(set(chosen)) != EYES:
        raise UsageError(f"--eyes needs exactly two different mice: {','.join(chosen)}")
    for c in chosen:
        R.mouse(s, c)
        if c not in free:
            raise IllegalAction(f"{why}: a captured mouse cannot be an eye: {c}")
    mop = [c for c in free if c not in chosen][:MOP]
    for m in s["mice"]:
        if m["id"] in chosen:
            m["job"] = "eye"
        elif m["id"] in mop:
            m["job"] = "mop"
        if not m["captured"]:
            m["room"], m["spot"] = None, None
    s["ghost"] = {"room": "kitchen", "spot": "mop", "eyes": chosen, "mop": mop}
    res.add("ghost-built", f"{why}: the mice leave the board and build the ghost on the mop space. Eyes: "
            f"{', '.join(chosen)}; mop: {', '.join(mop)}.", eyes=chosen, mop=mop,
            alternatives="choose the eyes with --eyes A,B" if not eyes else "")
    return res
