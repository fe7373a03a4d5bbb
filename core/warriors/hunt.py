"""Hunting (rulebook: Hunting, Prey, Ration Table, A Note on Crowfood): Locate
(Listen, See or Smell), Approach (Sneak), Grab (Pounce), Kill (Bite), each a check
against the prey's row; the hunt stops at the first failed stage."""

from __future__ import annotations

from fractions import Fraction

from claw.core.errors import IllegalAction, UsageError
from claw.core.warriors import knacks as K
from claw.core.warriors.checks import CheckSpec, able, resolve
from claw.core.warriors.dice import below, d100
from claw.core.warriors.rules import Rules

SENSES = ("listen", "see", "smell")


class HuntSpec:
    """A hunt: ``prey`` id, Locate ``sense`` (None: the cat's best), ``spend`` and
    ``modifier`` by stage, ``knacks`` as [(knack, uses)] placed on the stage they help,
    the catch's ``weight``, and whether it is eaten as ``crowfood``."""

    def __init__(self, prey: str, sense: str | None = None, spend: dict | None = None,
                 knacks: list | None = None, modifier: dict | None = None, weight: str = "average",
                 crowfood: bool = False, convert_from: list | None = None) -> None:
        self.prey, self.sense = prey, sense
        self.spend, self.knacks, self.modifier = dict(spend or {}), list(knacks or []), dict(modifier or {})
        self.weight, self.crowfood, self.convert_from = weight, crowfood, convert_from
        self.helpers: dict = {}      # stage -> cat (dict) making that stage's check instead
        self.start = "locate"        # a retried chain resumes at the stage that failed


def best_sense(cat: dict, rules: Rules) -> tuple[str, list[str]]:
    """The sense with the highest ability + skill; ties go Listen, See, Smell and the
    tied alternatives are returned for the explanation."""
    def score(s):
        return cat["abilities"][rules.skill_ability(s)] + cat["skills"].get(s, 0)
    top = max(score(s) for s in SENSES)
    tied = [s for s in SENSES if score(s) == top]
    return tied[0], tied[1:]


def stage_cats(cat: dict, spec: HuntSpec) -> dict:
    """Who makes each stage's check: the hunter, or a helper (Complicated Actions:
    the checks of a chain may be shared by the party)."""
    return {st: spec.helpers.get(st, cat) for st in ("locate", "approach", "grab", "kill")}


def stage_skills(cat: dict, rules: Rules, spec: HuntSpec) -> dict:
    """The skill of each stage: the chosen or best sense, Sneak, Pounce, Bite."""
    sense = spec.sense or best_sense(stage_cats(cat, spec)["locate"], rules)[0]
    if sense not in SENSES:
        raise UsageError(f"Locate uses listen, see or smell: {sense}")
    return {"locate": sense, "approach": "sneak", "grab": "pounce", "kill": "bite"}


MOVING = ("approach",)   # the hunt's stages made while the cat moves (Approach: stalking close)


def place_knacks(rules: Rules, skills: dict, knacks: list) -> dict:
    """Put each requested knack on the first stage whose skill it helps."""
    out: dict = {s: {} for s in skills}
    for knack, uses in knacks:
        row = rules.knacks[knack]
        if row.get("still") and any(K.applies_to(rules, knack, skills[st], rules.skill_ability(skills[st]))
                                    for st in MOVING if st in skills):
            # Hide: "sitting still in a single spot … As soon as the cat moves, this bonus is
            # lost"; Approach is the cat moving close to the prey (ruling 54)
            raise IllegalAction(f"{row['name']} needs the cat keeping still ({row.get('condition', '')}), and "
                                f"the hunt's Approach is the cat moving close to its prey; it helps a Sneak check "
                                f"made in one spot (claw check CAT sneak --knack {knack}): {knack}")
        for stage, skill in skills.items():
            if rules.knacks[knack]["kind"] == "check" and K.applies_to(rules, knack, skill, rules.skill_ability(skill)):
                out[stage][knack] = out[stage].get(knack, 0) + uses
                break
        else:
            raise IllegalAction(f"{rules.knacks[knack]['name']} helps no hunting check here: {knack}")
    return out


def stage_specs(cat: dict, rules: Rules, spec: HuntSpec) -> list[tuple[str, CheckSpec]]:
    """The checks this hunt makes, in order from its start stage, with points and knacks placed."""
    prey = rules.prey[spec.prey]
    skills = stage_skills(cat, rules, spec)
    placed = place_knacks(rules, skills, spec.knacks)
    for stage, n in spec.spend.items():
        if stage not in skills:
            raise UsageError(f"unknown hunt stage: {stage} (locate, approach, grab, kill)")
        if n < 0:
            raise UsageError(f"points to spend must be 0 or more: {stage}={n}")
    order = [st["id"] for st in rules.stages]
    if spec.start not in order:
        raise UsageError(f"unknown hunt stage: {spec.start} (locate, approach, grab, kill)")
    for st in order[:order.index(spec.start)]:
        if spec.spend.get(st):
            raise IllegalAction(f"points for {st}, which this hunt skips: {st}={spec.spend[st]}")
        for knack in placed[st]:
            raise IllegalAction(f"{rules.knacks[knack]['name']} helps {st}, which this hunt skips: {knack}")
    return [(st, CheckSpec(skill=skills[st], spend=spec.spend.get(st, 0), knacks=placed[st],
                           modifier=spec.modifier.get(st, 0), vs=prey[st], convert_from=spec.convert_from,
                           label=f"hunt {st}"))
            for st in order[order.index(spec.start):]]


def hunt(cat: dict, rules: Rules, spec: HuntSpec, dice, criticals: str = "absolute",
         d100_rule: str = "below") -> tuple[dict, dict]:
    """Run the hunt; returns (updated cat, result)."""
    able(cat, "hunt", rules)
    prey = rules.prey[spec.prey]
    stages = []
    caught = True
    who = {st: c["id"] for st, c in stage_cats(cat, spec).items()}
    party = {c["id"]: c for c in stage_cats(cat, spec).values()}
    for c in party.values():
        if c["id"] != cat["id"]:
            able(c, "hunt", rules)
    for stage, cs in stage_specs(cat, rules, spec):
        party[who[stage]], r = resolve(party[who[stage]], rules, cs, dice, criticals)
        r["stage"] = stage
        stages.append(r)
        if not r["success"]:
            caught = False
            break
    cat = party[cat["id"]]
    result = {"cat": cat["id"], "prey": spec.prey, "prey_name": prey["name"], "stages": stages,
              "caught": caught, "failed_stage": None if caught else stages[-1]["stage"]}
    if caught:
        w = rules.weights[spec.weight]
        result["weight"] = spec.weight
        num, den = w["rations"]["num"], w["rations"]["den"]
        result["rations"] = f"{num}/{den}" if den != 1 else str(num)
        result["hours_fed"] = w["hours_fed"]
        if spec.crowfood:
            cat, result["crowfood"] = eat_crowfood(cat, rules, dice, d100_rule)
    party[cat["id"]] = cat
    result["cats"] = party
    return cat, result


def eat_crowfood(cat: dict, rules: Rules, dice, d100_rule: str = "below",
                 illness: str | None = None) -> tuple[dict, dict]:
    """Crowfood: below 66 on 1d100 the cat falls ill; ShadowClan cats never roll."""
    cf = rules.crowfood
    if cat["clan"] in cf["immune_clans"]:
        return cat, {"rolled": None, "ill": False, "immune": True}
    roll, digits = d100(dice, "crowfood")
    ill = below(roll, cf["ill_below"], d100_rule)
    out = {"rolled": roll, "digits": digits, "ill": ill, "immune": False, "illness": None}
    if ill:
        cat = dict(cat)
        if illness:
            cat["diseases"] = cat["diseases"] + [{"id": illness, "day": 0}]
            out["illness"] = illness
        else:
            cat["ailments"] = sorted(set(cat.get("ailments", [])) | {"crowfood"})
            out["illness"] = "crowfood"
    return cat, out


def odds(cat: dict, rules: Rules, spec: HuntSpec, criticals: str = "absolute") -> dict:
    """Exact chance of each stage and of the whole hunt (bonuses as requested;
    the pools are not checked or paid). A cat that could not hunt is refused, as the hunt is."""
    from claw.core.warriors.odds import chance
    rows = []
    reach = Fraction(1)
    who = stage_cats(cat, spec)
    able(cat, "hunt", rules)
    for c in who.values():
        if c["id"] != cat["id"]:
            able(c, "hunt", rules)
    for stage, cs in stage_specs(cat, rules, spec):
        c = who[stage]
        assert cs.skill is not None       # every hunt stage is a skill check
        bonus = (c["abilities"][rules.skill_ability(cs.skill)] + c["skills"].get(cs.skill, 0)
                 + cs.spend + cs.modifier
                 + sum(K.bonus(rules, k, K.require(c, rules, k, u)) * u for k, u in cs.knacks.items()))
        p = chance(bonus, cs.vs, criticals)
        reach *= p
        rows.append({"stage": stage, "skill": cs.skill, "by": c["id"], "bonus": bonus, "vs": cs.vs,
                     "chance": p, "cumulative": reach})
    return {"cat": cat["id"], "prey": spec.prey, "stages": rows, "success": reach}
