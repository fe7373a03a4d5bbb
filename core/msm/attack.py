"""Attacks on the board ("Cat Attack", "Counting Range", "Attack Modifiers",
"Attack Results", "Rat Attack", "Rat Elimination", "Roaches Are Different",
"Scratch Rule"). The dice arithmetic is in ``combat.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.msm import combat
from claw.core.msm.figures import is_cat, is_rat, square_of
from claw.core.msm.playstate import (
    DEFAULT_UNARMED,
    discard_rat,
    event,
    figure,
    powers,
    rat_health_left,
    rat_stats,
    stench_key,
    wound_cat,
)
from claw.core.outcome import Outcome, begin

MAX_SCRATCH = 3


@dataclass
class Weapon:
    id: str
    name: str
    dice: int
    stun: int
    wound: int
    range: int
    modifier: int = 0
    once: bool = False

    def profile(self) -> combat.Profile:
        return combat.Profile(self.dice, self.stun, self.wound, self.name, self.range)


@dataclass
class ScratchPolicy:
    """What the team does with scratch tokens on this attack ("Scratch Rule")."""

    take_on_one: bool = True          # take a token for a natural 1 (team max 3)
    reroll_ones: bool = False         # spend tokens to reroll natural 1s
    reroll: list[int] = field(default_factory=list)   # 0-based dice to reroll with tokens


def cat_weapons(fig: dict) -> list[Weapon]:
    """Equipped weapons (up to 2) and the unarmed attack from the hero sheet."""
    out = []
    for card in fig.get("weapons", []):
        out.append(Weapon(card["id"], card["name"], card["dice"], card["stun"], card["wound"],
                          card["range"], card.get("modifier", 0), bool(card.get("once_per_scenario"))))
    un = fig.get("unarmed") or DEFAULT_UNARMED
    out.append(Weapon("unarmed", "unarmed", un["dice"], un["stun"], un["wound"], un["range"],
                      un.get("modifier", 0)))
    return out


def rat_weapons(bestiary: dict, fig: dict) -> list[Weapon]:
    return [Weapon(a["id"], a["name"], a.get("dice", 1), a["stun"], a["wound"], a["range"], 0,
                   bool(a.get("once_per_scenario")))
            for a in rat_stats(bestiary, fig)["attacks"]]


def _better(w: Weapon) -> tuple:
    """Default weapon order: lowest wound value, then lowest stun, then more dice."""
    return (w.wound - w.modifier, w.stun - w.modifier, -w.dice)


def usable(board, fig: dict, target_sq, weapons: list[Weapon]) -> tuple[list[Weapon], list[str]]:
    """Weapons that reach the target and are not depleted, best first; and why others not."""
    from collections import Counter

    from claw.core.msm.geometry import in_range, range_between

    here = square_of(fig)
    # the record holds one id per shot fired, so two copies of a card fire once each
    spent = Counter(fig.get("depleted", []))
    ok, why = [], []
    for w in weapons:
        if w.once and spent[w.id] > 0:
            spent[w.id] -= 1
            why.append(f"{w.name} is Depleted (once per scenario)")
        elif not in_range(board, here, target_sq, w.range):
            why.append(f"{w.name} (RANGE {w.range}) does not reach: the target is "
                       f"{range_between(board, here, target_sq)} big square(s) away")
        else:
            ok.append(w)
    ok.sort(key=_better)
    return ok, why


def pick_weapon(board, fig: dict, target_sq, weapons: list[Weapon], wanted: str | None) -> tuple[Weapon, list[Weapon]]:
    ok, why = usable(board, fig, target_sq, weapons)
    if wanted:
        match = [w for w in weapons if wanted.lower() in (w.id.lower(), w.name.lower())]
        if not match:
            raise UsageError(f"no weapon {quoted(wanted)} (has: {', '.join(w.id for w in weapons)})")
        ready = [w for w in match if any(w is o for o in ok)]
        if not ready:
            reason = next((r for r in why if r.startswith(match[0].name)), "it cannot be used")
            raise IllegalAction(reason)
        return ready[0], [w for w in ok if w is not ready[0]]
    if not ok:
        raise IllegalAction("no weapon can hit the target: " + "; ".join(why))
    return ok[0], ok[1:]


def skill_modifiers(fig: dict, weapon: Weapon) -> list[combat.Modifier]:
    out = []
    for skill in fig.get("skills", []):
        if isinstance(skill, dict) and skill.get("modifier"):
            names = skill.get("weapons")
            if not names or weapon.id in names or weapon.name in names:
                out.append(combat.Modifier(f"skill: {skill['name']}", skill["modifier"], "Skill and Weapon"))
    return out


def attack(state: dict, board, bestiary: dict, attacker: str, target: str, dice, *,
           weapon: str | None = None, extra_mod: int = 0, scratch: ScratchPolicy | None = None,
           free: bool = False, medallion: bool = False) -> Outcome:
    """One attack action by a cat or a rat: the new state, its events, and the roll
    (``info["roll"]``, a ``combat.AttackRoll``)."""
    from claw.core.msm.los import line_of_sight
    from claw.core.msm.reveal import reveal_in_los
    from claw.core.msm.rounds import spend_ap

    # the checks read ``state`` (nothing changes before the AP are paid), so a refused
    # attack costs no copy: the simulator asks this of every rat in every position
    st = state
    scratch = scratch or ScratchPolicy()
    aid, afig = figure(st, attacker)
    tid, tfig = figure(st, target)
    if not afig.get("square") or not tfig.get("square"):
        raise IllegalAction(f"{aid if not afig.get('square') else tid} is not on the map")
    if is_cat(afig) == is_cat(tfig):
        raise IllegalAction(f"{aid} and {tid} are on the same side")
    a_sq, t_sq = square_of(afig), square_of(tfig)
    cat_attacks = is_cat(afig)
    if cat_attacks:
        from claw.core.msm.rounds import require_cats_turn

        require_cats_turn(st)
        if st.get("scenario", {}).get("no_cat_attacks"):
            raise IllegalAction("the cats may not attack in this scenario (its special rules)")
        if afig.get("down"):
            raise IllegalAction(f"{aid} is down")
        if afig.get("stunned") and st.get("options", {}).get("cat_stun") == "keep":
            raise IllegalAction(f"{aid} is stunned: remove the stun first (claw remove-stun {aid}, 1 AP)")
        weapons = cat_weapons(afig)
    else:
        if tfig.get("down"):
            raise IllegalAction(f"{tid} is down")
        weapons = rat_weapons(bestiary, afig)
        if not weapons:
            raise IllegalAction(f"{aid} ({afig['type']}) has no attack: a roach only hurts a cat in its own square")
    if cat_attacks and afig.get("pounced") and not weapon:
        # the free attack after a pounce needs a RANGE 0 weapon: prefer one
        reach0 = [w for w in weapons if w.range == 0]
        if usable(board, afig, t_sq, reach0)[0]:
            weapons = reach0 + [w for w in weapons if w.range != 0]
            weapon = usable(board, afig, t_sq, reach0)[0][0].id
    chosen, others = pick_weapon(board, afig, t_sq, weapons, weapon)
    roaches = st.get("options", {}).get("roaches", "ignore")
    sight = line_of_sight(board, st["figures"], a_sq, t_sq, roaches=roaches)
    if not sight.visible:
        raise IllegalAction(f"{aid} has no line of sight to {tid}: {sight.reason}")
    pounce = False
    if cat_attacks:
        pounce = bool(free or (afig.get("pounced") and chosen.range == 0))
        left = afig.get("ap")
        if afig.get("pounced") and not pounce and left is not None and left < 1 and st.get("active") == aid:
            # Pouncing: the one attack at the end of the move must use a RANGE 0 weapon
            raise IllegalAction(f"the free attack after a pounce must use a RANGE 0 weapon, and {chosen.name} is"
                                f" RANGE {chosen.range}; {aid} has no AP left for a paid attack")
    out = begin(state)
    st = out.state
    afig, tfig = st["figures"][aid], st["figures"][tid]
    events = out.events   # the outcome's own list: appended to below
    if cat_attacks:
        events += spend_ap(st, board, aid, 0 if pounce else 1, "an attack")
        if pounce and afig.get("pounced"):
            afig["pounced"] = False
            events.append(event("pounce-attack", f"{aid} makes the free RANGE 0 attack that ends its pounce.",
                                figure=aid))
    alt = f" (other choices: {', '.join(w.id for w in others)}; --weapon)" if others else ""
    events.append(event("weapon", f"{aid} attacks {tid} with {chosen.name}{alt}.", weapon=chosen.id,
                        alternatives=[w.id for w in others]))
    if is_rat(tfig) and not tfig.get("revealed", True):
        tfig["revealed"] = True
        events.append(event("reveal", f"{tid} is attacked while face down: revealed as {tfig['type']}.",
                            figure=tid, rat=tfig["type"]))
    mods = _modifiers(st, bestiary, afig, tfig, chosen, sight, extra_mod)
    roll = combat.roll_attack(chosen.profile(), mods, dice, f"{aid} attack d12")
    if cat_attacks:
        events += _scratch(st, roll, dice, scratch)
    if medallion:
        events += _medallion(afig, aid, roll)
    if chosen.once:
        afig.setdefault("depleted", []).append(chosen.id)
        events.append(event("depleted", f"{chosen.name} is Depleted: it fired its one shot this scenario.",
                            figure=aid, weapon=chosen.id))
    events.append(event("attack-roll", combat.roll_text(roll), attacker=aid, target=tid, **roll.to_json()))
    if cat_attacks:
        events += apply_to_rat(st, bestiary, tid, roll, board)
    else:
        events += apply_to_cat(st, tid, roll)
    out.extend(reveal_in_los(board, st, dice))
    from claw.core.msm import victory

    events += victory.check(st, bestiary)
    out.info["roll"] = roll
    return out


def weapons_of(state: dict, bestiary: dict, attacker: str) -> list[Weapon]:
    """The attacks ``attacker`` has: a cat's equipped weapons and unarmed, a rat's own."""
    _, fig = figure(state, attacker)
    return cat_weapons(fig) if is_cat(fig) else rat_weapons(bestiary, fig)


def targets(state: dict, board, bestiary: dict, attacker: str) -> list[str]:
    """The figures ``attacker`` may attack from where it stands: the other side's figures on
    the map (a cat that is down is no rat's target) that one of its weapons reaches ("Counting
    Range") in line of sight — the checks :func:`attack` makes of the pair."""
    from claw.core.msm.los import line_of_sight

    _, afig = figure(state, attacker)
    if not afig.get("square"):
        return []
    weapons = weapons_of(state, bestiary, attacker)
    roaches = state.get("options", {}).get("roaches", "ignore")
    found = []
    for tid, tfig in state["figures"].items():
        if not tfig.get("square") or is_cat(tfig) == is_cat(afig) or (is_cat(tfig) and tfig.get("down")):
            continue
        if not usable(board, afig, square_of(tfig), weapons)[0]:
            continue
        if line_of_sight(board, state["figures"], square_of(afig), square_of(tfig), roaches=roaches).visible:
            found.append(tid)
    return found


def attack_chances(state: dict, board, bestiary: dict, attacker: str, target: str, weapon: str | None = None,
                   extra_mod: int = 0):
    """Exact odds of ``attacker`` on ``target`` with the modifiers the board gives now
    (``claw attack --odds``): (weapon, modifiers, combat.Odds). No line of sight: refused."""
    from claw.core.msm.los import line_of_sight
    from claw.core.msm.playstate import rat_health_left

    aid, afig = figure(state, attacker)
    tid, tfig = figure(state, target)
    weapons = cat_weapons(afig) if is_cat(afig) else rat_weapons(bestiary, afig)
    chosen, _ = pick_weapon(board, afig, square_of(tfig), weapons, weapon)
    sight = line_of_sight(board, state["figures"], square_of(afig), square_of(tfig),
                          roaches=state.get("options", {}).get("roaches", "ignore"))
    if not sight.visible:
        raise IllegalAction(f"{aid} has no line of sight to {tid}: {sight.reason}")
    mods = _modifiers(state, bestiary, afig, tfig, chosen, sight, extra_mod)
    total = sum(m.value for m in mods)
    if is_cat(tfig):
        health, roach = 1, False
    else:
        health, roach = rat_health_left(bestiary, tfig), tfig["type"] == "roach"
    return chosen, mods, combat.attack_odds(chosen.profile(), total, health=health, roach=roach)


def _modifiers(st, bestiary, afig, tfig, weapon: Weapon, sight, extra: int) -> list[combat.Modifier]:
    """Every modifier that applies, each kept for the explanation ("Attack Modifiers")."""
    mods = []
    if is_rat(tfig) and tfig.get("stunned"):
        mods.append(combat.Modifier("stunned rat", combat.STUNNED_RAT))
    if sight.hindered:
        why = sight.witness.hindered_by if sight.witness else "hindering terrain"
        mods.append(combat.Modifier(f"hindering terrain ({why})", combat.HINDERING))
    if is_cat(tfig) and tfig.get("vulnerable"):
        mods.append(combat.Modifier("rat attacking a Vulnerable cat", combat.VULNERABLE_CAT))
    if weapon.modifier:
        mods.append(combat.Modifier(f"weapon: {weapon.name}", weapon.modifier, "Skill and Weapon"))
    if is_cat(afig):
        mods += skill_modifiers(afig, weapon)
    if extra:
        mods.append(combat.Modifier("given modifier (--mod)", extra, "Skill and Weapon"))
    return mods


MEDALLION = "st-gertrude-medallion"


def _medallion(fig: dict, fid: str, roll: combat.AttackRoll) -> list[dict]:
    """Fête de Sainte Gertrude: trade a medallion in for an automatic success on a die
    (the worst die of this roll; a success is read as a wound)."""
    held = [i for i, c in enumerate(fig.get("loot", [])) if c.get("id") == MEDALLION]
    if not held:
        raise IllegalAction(f"{fid} holds no St. Gertrude medallion")
    del fig["loot"][held[0]]
    rank = {combat.NATURAL_ONE: 0, combat.MISS: 1, combat.STUN: 2, combat.WOUND: 3}
    worst = min(range(len(roll.dice)), key=lambda i: (rank[roll.dice[i].outcome], roll.dice[i].total))
    combat.make_automatic(roll, worst)
    return [event("medallion", f"{fid} trades in a St. Gertrude medallion: die {worst + 1} is an automatic"
                  " success (a wound).", figure=fid, die=worst + 1)]


def _scratch(st: dict, roll: combat.AttackRoll, dice, policy: ScratchPolicy) -> list[dict]:
    """Scratch Rule: on a natural 1 take a token (team max 3) or spend one to reroll a die."""
    events = []
    for idx in policy.reroll:
        if idx >= len(roll.dice):
            raise UsageError(f"--reroll: there is no attack die number {idx + 1}")
        if st.get("scratch_tokens", 0) < 1:
            raise IllegalAction("the team has no scratch token to spend on a reroll")
        st["scratch_tokens"] -= 1
        old = roll.dice[idx].natural
        new = combat.reroll_die(roll, idx, dice)
        events.append(event("scratch-spend", f"A scratch token is spent to reroll die {idx + 1} ({old} → "
                            f"{new.natural}); {st['scratch_tokens']} left.", tokens=st["scratch_tokens"]))
    if policy.reroll_ones:
        for idx, d in enumerate(list(roll.dice)):
            if d.natural == 1 and st.get("scratch_tokens", 0) > 0:
                st["scratch_tokens"] -= 1
                new = combat.reroll_die(roll, idx, dice)
                events.append(event("scratch-spend", f"A scratch token rerolls the natural 1 on die {idx + 1}"
                                    f" → {new.natural}; {st['scratch_tokens']} left.",
                                    tokens=st["scratch_tokens"]))
    if policy.take_on_one:
        events += take_scratch(st, roll.ones)
    return events


def take_scratch(st: dict, ones: int) -> list[dict]:
    """Scratch Rule: a cat's natural 1s each give the team a token, up to 3 in all."""
    if not ones:
        return []
    have = st.get("scratch_tokens", 0)
    gain = min(ones, MAX_SCRATCH - have)
    if gain <= 0:
        return [event("scratch-full", f"A natural 1, but the team already holds {MAX_SCRATCH}"
                      " scratch tokens.", tokens=have)]
    st["scratch_tokens"] = have + gain
    return [event("scratch-take", f"A natural 1: the team takes {gain} scratch token(s)"
                  f" ({st['scratch_tokens']}/{MAX_SCRATCH}); --no-scratch declines.", tokens=st["scratch_tokens"])]


def take_token(state: dict) -> Outcome:
    """``claw scratch --take`` (Scratch Rule): the team takes a scratch token from the
    discard area, refused when it already holds the maximum of 3."""
    out = begin(state)
    have = out.state.get("scratch_tokens", 0)
    if have >= MAX_SCRATCH:
        raise IllegalAction(f"the team already holds {MAX_SCRATCH} scratch tokens (the maximum)")
    out.state["scratch_tokens"] = have + 1
    out.add("scratch-take", f"The team takes a scratch token ({have + 1}/{MAX_SCRATCH}).", tokens=have + 1)
    return out


def spend_token(state: dict) -> Outcome:
    """``claw scratch --spend`` (Scratch Rule): the team discards a scratch token (to reroll
    a die by hand), refused when it holds none."""
    out = begin(state)
    have = out.state.get("scratch_tokens", 0)
    if have < 1:
        raise IllegalAction("the team has no scratch token")
    out.state["scratch_tokens"] = have - 1
    out.add("scratch-spend", f"The team discards a scratch token ({have - 1}/{MAX_SCRATCH}).", tokens=have - 1)
    return out


def apply_to_rat(st: dict, bestiary: dict, tid: str, roll: combat.AttackRoll, board) -> list[dict]:
    """Attack Results on a rat: wounds, elimination, stun (no second marker), roach
    removal, Toxic Stench."""
    fig = st["figures"][tid]
    if roll.wounds:
        fig["wounds"] = fig.get("wounds", 0) + roll.wounds
        left = rat_health_left(bestiary, fig)
        if left <= 0:
            st.setdefault("eliminated", []).append(fig["type"])
            return [discard_rat(st, tid, f"takes {roll.wounds} wound(s) and is eliminated")]
        text = f"{tid} takes {roll.wounds} wound(s): {left} {'life' if left == 1 else 'lives'} left"
        events = [event("rat-wounded", text + ".", figure=tid, wounds=fig["wounds"], health=left)]
    elif roll.stuns:
        events = []
    else:
        return [event("no-effect", f"{tid}: no stun, no wound.", figure=tid)]
    # stunned (a wound stuns too, when the rat survives it)
    if fig["type"] == "roach" and fig.get("revealed", True):
        st.setdefault("eliminated", []).append("roach")
        return events + [discard_rat(st, tid, "is stunned; a stunned roach is removed")]
    if fig.get("stunned"):
        return events + [event("stun-again", f"{tid} is already stunned: no second stun marker.", figure=tid)]
    fig["stunned"] = True
    events.append(event("rat-stunned", f"{tid} is stunned.", figure=tid))
    if "toxic-stench" in powers(bestiary, fig):
        big = board.big(square_of(fig))
        key = stench_key(big)
        stench = st.setdefault("toxic_stench", [])
        if key not in stench:
            stench.append(key)
        events.append(event("toxic-stench", f"{tid}'s bottle breaks: a toxic stench token fills its big square;"
                            " a cat activating there takes 1 wound.", figure=tid, big_square=key))
    return events


def apply_to_cat(st: dict, tid: str, roll: combat.AttackRoll) -> list[dict]:
    """Rat Attack: unless stated otherwise a rat attack causes 1 stun or 1 wound; a wound stuns."""
    fig = st["figures"][tid]
    if roll.wounds:
        return wound_cat(st, tid, 1, "a rat attack")
    if roll.stuns:
        if fig.get("stunned"):
            return [event("stun-again", f"{tid} is already stunned: no second stun marker.", figure=tid)]
        fig["stunned"] = True
        return [event("cat-stunned", f"{tid} is stunned.", figure=tid)]
    return [event("no-effect", f"{tid}: no stun, no wound.", figure=tid)]
