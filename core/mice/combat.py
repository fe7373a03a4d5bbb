"""Attacks, with the chapter's Blackpaw and Barnacle rule (Dining Hall 4).

Base-game resolution (not printed in the chapter): the attacker rolls its battle
(mice) or attack (minions) in action dice; each sword (melee) or bow (ranged) is a
hit; the defender rolls its defence in dice and each shield blocks a hit; every
unblocked hit is a wound. Cheese a mouse rolls goes to that mouse; cheese a minion
rolls goes on the minion wheel.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.mice import actiondie as A
from claw.core.mice import rooms as R
from claw.core.mice.track import add_wheel
from claw.core.outcome import Outcome, begin

if TYPE_CHECKING:  # exact odds load fractions only when asked
    from fractions import Fraction

BLACKPAW_EXTRA = 2
SWORD, BOW, SHIELD = "sword", "bow", "shield"


def hit_symbol(ranged: bool) -> str:
    """The symbol that hits: bow for a ranged attack, sword for melee."""
    return BOW if ranged else SWORD


def wound_odds(faces, attack_dice: int, defense_dice: int, ranged: bool = False) -> dict[int, Fraction]:
    """Exact distribution of unblocked hits."""
    hits = A.symbol_total(faces, hit_symbol(ranged), attack_dice)
    blocks = A.symbol_total(faces, SHIELD, defense_dice)
    out: dict[int, Fraction] = {}
    for h, p in hits.items():
        for b, q in blocks.items():
            w = max(0, h - b)
            out[w] = out.get(w, 0) + p * q
    return dict(sorted(out.items()))


def exchange(dice, faces, attack_dice: int, defense_dice: int, ranged: bool) -> dict:
    """Roll one attack and its defence; returns the counts."""
    att = A.roll(dice, faces, attack_dice, "attack action die")
    dfn = A.roll(dice, faces, defense_dice, "defence action die")
    hits = A.count(att, hit_symbol(ranged))
    blocks = A.count(dfn, SHIELD)
    return {"attack": att, "defense": dfn, "hits": hits, "blocks": blocks,
            "wounds": max(0, hits - blocks), "attack_cheese": A.count(att, A.CHEESE),
            "defense_cheese": A.count(dfn, A.CHEESE)}


def stats(state: dict, f: dict, special: dict) -> dict:
    """Attack/defence/life of minion ``f`` from the bestiary, with Barnacle's printed values."""
    base = dict(state["bestiary"].get(f["kind"], {}))
    base.update({k: v for k, v in special.get(f["id"], {}).items() if k in ("attack", "defense", "life")})
    if f["id"] == "barnacle":
        base.update({k: special["barnacle"][k] for k in ("defense", "life")})
    needed = ("defense", "life") if f["id"] == "barnacle" else ("attack", "defense", "life")  # he never attacks
    missing = [k for k in needed if k not in base]
    if missing:
        raise IllegalAction(f"the chapter file's bestiary gives no {', '.join(missing)} for a {f['kind']}: {f['id']}")
    return base


def targets(state: dict, attacker: str) -> list[str]:
    """The figures ``attacker`` may attack: a mouse the minions on the board (not Blackpaw
    while Barnacle guards him, Dining Hall 4), a minion the free mice outside the ghost
    costume — what `claw attack ATTACKER <TAB>` offers."""
    minions = [f["id"] for f in state.get("minions", [])]
    if any(m["id"] == attacker for m in state.get("mice", [])):
        return [i for i in minions if not (i == "blackpaw" and "barnacle" in minions)]
    if attacker in minions:
        return [m["id"] for m in state.get("mice", []) if not m.get("captured") and not m.get("job")]
    return []


def matchup(state: dict, attacker: str, target: str, tiles: dict, *, ranged: bool = False,
            bonus: int = 0) -> dict:
    """Who attacks whom with how many dice, or the refusal: what an attack and its exact
    odds share. The figures returned are ``state``'s own dicts."""
    R.ensure_playing(state)
    if not 0 <= bonus <= 20:
        raise UsageError(f"--bonus must be 0..20 dice: {bonus}")
    special = tiles["special_figures"]
    why4 = R.cite(tiles, "dining-hall", 4)
    mice_ids = {m["id"] for m in state["mice"]}
    if attacker in mice_ids:
        m = R.mouse(state, attacker)
        R.ensure_free(state, m)
        f = R.minion(state, target)
        if f is None and any(r["id"] == target for r in state["raiders"]):
            raise IllegalAction(f"raiders are not fought but scared (Scaring the Human Raiders): {target}")
        if f is None:
            raise UsageError(f"no such minion on the board: {quoted(target)}")
        if f["id"] == "blackpaw" and R.minion(state, "barnacle"):
            raise IllegalAction(f"{why4}: Blackpaw cannot be attacked until Barnacle is defeated: {target}")
        st = stats(state, f, special)
        return {"mouse_attacks": True, "mouse": m, "minion": f, "stats": st, "extra": 0,
                "attack_dice": m["battle"] + bonus, "defense_dice": st["defense"]}
    f = R.minion(state, attacker)
    if f is None:
        raise UsageError(f"no such mouse or minion: {quoted(attacker)}")
    if f["id"] == "barnacle":
        raise IllegalAction(f"{why4}: Barnacle never takes a turn or attacks; he only guards Blackpaw: barnacle")
    if f["suspicious"]:
        raise IllegalAction(f"{R.cite(tiles, 'dining-hall', 3)}: the minions on the table do not attack while the "
                            f"ghost is around: {attacker}")
    if target not in mice_ids:
        raise UsageError(f"no such mouse: {quoted(target)}")
    m = R.mouse(state, target)
    if m.get("job"):
        raise IllegalAction(f"{m['name']} is inside the ghost costume; the chapter has no rule for attacking "
                            f"the ghost: {target}")
    R.ensure_free(state, m)
    st = stats(state, f, special)
    extra = special.get(f["id"], {}).get("extra_attack_dice", 0)
    return {"mouse_attacks": False, "mouse": m, "minion": f, "stats": st, "extra": extra,
            "attack_dice": st["attack"] + extra + bonus, "defense_dice": m["defense"]}


def attack_odds(state: dict, attacker: str, target: str, faces, tiles: dict, *, ranged: bool = False,
                bonus: int = 0) -> dict:
    """The exact wound distribution of the attack ``attack`` would roll now (the same
    dice, the same refusals), without rolling: {attack_dice, defense_dice, extra, wounds}."""
    plan = matchup(state, attacker, target, tiles, ranged=ranged, bonus=bonus)
    return {"attack_dice": plan["attack_dice"], "defense_dice": plan["defense_dice"], "extra": plan["extra"],
            "wounds": wound_odds(faces, plan["attack_dice"], plan["defense_dice"], ranged)}


def attack(state: dict, attacker: str, target: str, dice, faces, tiles: dict, *, ranged: bool = False,
           bonus: int = 0, toothpick: bool = True) -> Outcome:
    """A base-game attack between a mouse and a minion, with Dining Hall 3 and 4 and the Toothpick."""
    res = begin(state)
    s = res.state
    plan = matchup(s, attacker, target, tiles, ranged=ranged, bonus=bonus)
    why4 = R.cite(tiles, "dining-hall", 4)
    m, f, st = plan["mouse"], plan["minion"], plan["stats"]
    if plan["mouse_attacks"]:
        x = exchange(dice, faces, plan["attack_dice"], plan["defense_dice"], ranged)
        m["cheese"] += x["attack_cheese"]
        res.info.update({k: v for k, v in x.items() if k not in ("attack", "defense")},
                        attack_faces=A.labels(x["attack"]), defense_faces=A.labels(x["defense"]))
        res.add("attack", f"{m['name']} attacks {f['id']} ({'ranged' if ranged else 'melee'}): "
                f"{A.show(x['attack'])} -> {x['hits']} hit(s); defence {A.show(x['defense'])} -> "
                f"{x['blocks']} block(s); {x['wounds']} wound(s).", attacker=attacker, target=target,
                hits=x["hits"], blocks=x["blocks"], wounds=x["wounds"],
                attack=[a.number for a in x["attack"]], defense=[d.number for d in x["defense"]])
        if x["attack_cheese"]:
            res.add("cheese", f"{m['name']} gains {x['attack_cheese']} cheese from the roll.", mouse=attacker,
                    change=x["attack_cheese"])
        _wound_minion(res, f, x["wounds"], st["life"], tiles)
        add_wheel(res, x["defense_cheese"], "cheese rolled by a defending minion", tiles)
        return res
    extra = plan["extra"]
    x = exchange(dice, faces, plan["attack_dice"], plan["defense_dice"], ranged)
    note = f" (+{extra} dice, {why4})" if extra else ""
    res.info.update({k: v for k, v in x.items() if k not in ("attack", "defense")},
                    attack_faces=A.labels(x["attack"]), defense_faces=A.labels(x["defense"]))
    res.add("attack", f"{f['id']} attacks {m['name']}{note}: {A.show(x['attack'])} -> {x['hits']} hit(s); "
            f"defence {A.show(x['defense'])} -> {x['blocks']} block(s); {x['wounds']} wound(s).",
            attacker=attacker, target=target, hits=x["hits"], blocks=x["blocks"], wounds=x["wounds"],
            extra_dice=extra, attack=[a.number for a in x["attack"]], defense=[d.number for d in x["defense"]])
    if x["defense_cheese"]:
        m["cheese"] += x["defense_cheese"]
        res.add("cheese", f"{m['name']} gains {x['defense_cheese']} cheese from the defence roll.",
                mouse=target, change=x["defense_cheese"])
    guarded = f["id"] == "blackpaw" and R.minion(s, "barnacle") and R.option(s, "barnacle_stops_toothpick")
    if x["defense_cheese"] and not ranged and "toothpick" in m["items"]:
        if guarded:
            res.add("toothpick", f"{why4}: Barnacle shields Blackpaw, so the Toothpick cannot strike back "
                    "(option barnacle_stops_toothpick).", wounds=0)
        elif toothpick:
            res.add("toothpick", f"{R.cite(tiles, 'tunnel-entrance', 1)}: {m['name']} strikes back for "
                    f"{x['defense_cheese']} unblockable wound(s).", wounds=x["defense_cheese"],
                    alternatives="--no-toothpick declines")
            _wound_minion(res, f, x["defense_cheese"], st["life"], tiles)
        else:
            res.add("toothpick", f"{m['name']} does not use the Toothpick.", wounds=0)
    m["wounds"] += x["wounds"]
    if x["wounds"]:
        res.add("mouse-wounded", f"{m['name']} has {m['wounds']} of {m['life']} wounds.", mouse=target,
                wounds=m["wounds"])
    if m["wounds"] >= m["life"]:
        from claw.core.mice.outcomes import capture_mouse

        capture_mouse(res, m, tiles)
    add_wheel(res, x["attack_cheese"], "cheese rolled by an attacking minion", tiles)
    return res


def _wound_minion(res: Outcome, f: dict, wounds: int, life: int, tiles: dict) -> None:
    if not wounds or f not in res.state["minions"]:
        return
    f["wounds"] += wounds
    if f["wounds"] >= life:
        from claw.core.mice.outcomes import remove_minion

        remove_minion(res, f, tiles, "is defeated")
    else:
        res.add("minion-wounded", f"{f['id']} has {f['wounds']} of {life} wounds.", minion=f["id"])
