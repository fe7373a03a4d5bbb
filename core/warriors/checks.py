"""Checks (rulebook: How the game works, Skills, Spending Points, Knacks):
3d6 + ability + skill + spent matching points + paid knack bonuses, against a
difficulty. Two or three 1s are a critical failure, two or three 6s a critical
success; a critical failure on a physical check sprains (Sprains)."""

from __future__ import annotations

from claw.core.errors import IllegalAction, UsageError
from claw.core.outcome import Outcome
from claw.core.warriors import knacks as K
from claw.core.warriors.dice import critical, roll_3d6
from claw.core.warriors.points import describe, pay
from claw.core.warriors.rules import Rules

CRITICALS = ("absolute", "total")   # option: does a critical decide the check by itself?


class CheckSpec:
    """What a check adds up: ``skill`` (None for a plain ability check), ``ability``
    (default: the skill's), ``spend`` points bought, ``knacks`` (id -> paid uses), the
    GM's ``modifier``, difficulty ``vs``, ``physical`` (None: from the skill table;
    plain Strength checks are physical) and the dice ``label``."""

    def __init__(self, skill: str | None = None, ability: str | None = None, spend: int = 0,
                 knacks: dict | None = None, modifier: int = 0, vs: int | None = None,
                 convert_from: list | None = None, physical: bool | None = None, label: str = "check") -> None:
        self.skill, self.ability, self.spend = skill, ability, spend
        self.knacks = dict(knacks or {})
        self.modifier, self.vs, self.convert_from = modifier, vs, convert_from
        self.physical, self.label = physical, label


def ability_of(spec: CheckSpec, rules: Rules) -> str:
    """The ability a check uses: the one asked for, else the skill's."""
    if spec.ability:
        return spec.ability
    if spec.skill is None:
        raise UsageError("a check needs a skill or an ability")
    return rules.skill_ability(spec.skill)


def is_physical(spec: CheckSpec, rules: Rules, ability: str) -> bool:
    """Whether a critical failure on this check sprains (ruling 17)."""
    if spec.physical is not None:
        return spec.physical
    if spec.skill is not None:
        return rules.skills[spec.skill]["physical"]
    return ability == "strength"


def able(cat: dict, action: str, rules: Rules) -> None:
    """Refuse an action a knocked-out, dead, retired, ill or sprained cat cannot take."""
    if cat["status"] != "ok":
        raise IllegalAction(f"{cat['name']} is {cat['status']} and cannot act: {cat['id']}")
    for d in cat["diseases"]:
        if action in rules.diseases[d["id"]]["blocks"]:
            raise IllegalAction(f"{cat['name']} has {rules.diseases[d['id']]['name']} and cannot {action}: {cat['id']}")
    if cat.get("sprain", 0) and action in ("hunt", "fight"):
        raise IllegalAction(f"{cat['name']} is resting a sprain ({cat['sprain']} sunrise(s) left) and cannot "
                            f"{action}: {cat['id']}")


def pay_bonuses(cat: dict, spec: CheckSpec, rules: Rules, ability: str) -> tuple[dict, dict]:
    """Pay spent points and knack uses; returns (new pools, payment summary)."""
    pools = cat["pools"]
    parts_all: list[dict] = []
    knack_bonus = 0
    used = []
    for knack, uses in spec.knacks.items():
        lvl = K.require(cat, rules, knack, uses)
        row = rules.knacks[knack]
        if row["kind"] != "check" or not K.applies_to(rules, knack, spec.skill, ability):
            target = spec.skill or ability
            raise IllegalAction(f"{row['name']} does not add to a {target} check: {knack}")
        c = K.cost(rules, knack, lvl)
        pools, parts = pay(pools, c["ability"], c["points"] * uses, spec.convert_from, cat["name"], row["name"])
        parts_all += parts
        b = K.bonus(rules, knack, lvl) * uses
        knack_bonus += b
        used.append({"knack": knack, "uses": uses, "bonus": b, "cost": c["points"] * uses,
                     "pool": c["ability"], "condition": row.get("condition")})
    if spec.spend < 0:
        raise UsageError(f"points to spend must be 0 or more: {spec.spend}")
    pools, parts = pay(pools, ability, spec.spend, spec.convert_from, cat["name"], f"+{spec.spend}")
    parts_all += parts
    return pools, {"knacks": used, "knack_bonus": knack_bonus, "paid": parts_all}


def decide(total: int, crit: str | None, vs: int | None, criticals: str = "absolute") -> bool | None:
    """Success against ``vs``; under 'absolute' a critical decides by itself (ruling)."""
    if vs is None:
        return None
    if criticals == "absolute" and crit:
        return crit == "success"
    return total >= vs


def prepare(cat: dict, rules: Rules, spec: CheckSpec) -> tuple[dict, dict]:
    """Everything of a check but the dice: pays spent points and knacks (refusing what
    cannot be paid) and adds up the fixed part of the total. Returns (cat with its pools
    paid, the prepared check). ``resolve`` rolls it; exact odds read its ``bonus``."""
    ability = ability_of(spec, rules)
    pools, paid = pay_bonuses(cat, spec, rules, ability)
    skill_value = cat["skills"].get(spec.skill, 0) if spec.skill else 0
    bonus = cat["abilities"][ability] + skill_value + spec.spend + paid["knack_bonus"] + spec.modifier
    return dict(cat, pools=pools), {
        "cat": cat["id"], "skill": spec.skill, "ability": ability,
        "ability_score": cat["abilities"][ability], "skill_score": skill_value,
        "spent": spec.spend, "knack_bonus": paid["knack_bonus"], "knacks": paid["knacks"],
        "modifier": spec.modifier, "paid": paid["paid"], "bonus": bonus, "vs": spec.vs,
        "physical": is_physical(spec, rules, ability), "label": spec.label}


def roll(cat: dict, prepared: dict, rules: Rules, dice, criticals: str = "absolute",
         sprains: bool = True) -> tuple[dict, dict]:
    """Roll a prepared check: 3d6 + its bonus; a critical failure on a physical check sprains."""
    rolled = roll_3d6(dice, prepared["label"])
    total = sum(rolled) + prepared["bonus"]
    crit = critical(rolled)
    sprained = bool(sprains and crit == "failure" and prepared["physical"])
    new = dict(cat)
    if sprained:
        new["sprain"] = rules.injuries["sprain"]["rest_sunrises"]
    result = {k: v for k, v in prepared.items() if k not in ("bonus", "label")}
    result.update(dice=rolled, total=total, critical=crit, sprain=sprained,
                  success=decide(total, crit, prepared["vs"], criticals))
    return new, result


def resolve(cat: dict, rules: Rules, spec: CheckSpec, dice, criticals: str = "absolute",
            sprains: bool = True) -> tuple[dict, dict]:
    """Roll one check for ``cat``. Returns (updated cat, result). Points are paid
    before the dice are rolled (knacks are declared up front)."""
    cat, prepared = prepare(cat, rules, spec)
    return roll(cat, prepared, rules, dice, criticals, sprains)


def check(state: dict, rules: Rules, cid: str, spec: CheckSpec, dice, criticals: str = "absolute") -> Outcome:
    """One cat of the party makes a check: the state with what it paid (and a sprain),
    and one "check" event telling how the total and the result came about."""
    cat = state["cats"][cid]
    new, result = resolve(cat, rules, spec, dice, criticals)
    out = Outcome({**state, "cats": {**state["cats"], cid: new}})
    out.add("check", f"{cat['name']}: " + explain(result, rules),
            **{k: v for k, v in result.items() if k != "knacks"}, knacks=result["knacks"])
    return out


def explain(r: dict, rules: Rules) -> str:
    """One line telling how a check's total and result came about."""
    what = rules.skills[r["skill"]]["name"] if r["skill"] else r["ability"].capitalize()
    bits = [f"3d6 {'+'.join(map(str, r['dice']))}={sum(r['dice'])}",
            f"{r['ability']} {r['ability_score']}"]
    if r["skill"]:
        bits.append(f"{r['skill']} {r['skill_score']}")
    if r["spent"]:
        bits.append(f"spent {r['spent']}")
    for k in r["knacks"]:
        bits.append(f"{k['knack']} x{k['uses']} +{k['bonus']}")
    if r["modifier"]:
        bits.append(f"modifier {r['modifier']:+d}")
    text = f"{what} check: {' + '.join(bits)} = {r['total']}"
    if r["vs"] is not None:
        text += f" vs {r['vs']}: {'success' if r['success'] else 'failure'}"
    if r["critical"]:
        text += f" (critical {r['critical']})"
    if r["paid"]:
        text += f"; paid {describe(r['paid'])}"
    if r["sprain"]:
        text += "; the critical failure sprains the cat (rest 3 sunrises)"
    return text
