"""Hunting (rulebook: Hunting, Prey, Ration Table, A Note on Crowfood): Locate
(Listen, See or Smell), Approach (Sneak), Grab (Pounce), Kill (Bite), each a check
against the prey's row; the hunt stops at the first failed stage."""

from __future__ import annotations

from fractions import Fraction

from claw.core.errors import IllegalAction, UsageError
from claw.core.outcome import Outcome, begin
from claw.core.warriors import knacks as K
from claw.core.warriors.checks import CheckSpec, able, decide, explain, resolve
from claw.core.warriors.dice import below, critical, d100, roll_3d6
from claw.core.warriors.rules import Rules

SENSES = ("listen", "see", "smell")
STAGES = ("locate", "approach", "grab", "kill")
# a hunt from plain numbers names the Locate skill only as "sense" (no cat to pick one)
PLAIN_SKILLS = {"locate": "sense", "approach": "sneak", "grab": "pounce", "kill": "bite"}


class HuntSpec:
    """A hunt: ``prey`` id, Locate ``sense`` (None: the cat's best), ``spend`` and
    ``modifier`` by stage, ``knacks`` as [(knack, uses)] placed on the stage they help,
    the catch's ``weight``, whether it is eaten as ``crowfood`` (and the ``illness`` that
    sickness is: None, a note only). A hunt from plain numbers (no party) gives ``bonus``:
    stage -> everything added to that stage's 3d6."""

    def __init__(self, prey: str, sense: str | None = None, spend: dict | None = None,
                 knacks: list | None = None, modifier: dict | None = None, weight: str = "average",
                 crowfood: bool = False, convert_from: list | None = None, bonus: dict | None = None,
                 illness: str | None = None) -> None:
        self.prey, self.sense = prey, sense
        self.spend, self.knacks, self.modifier = dict(spend or {}), list(knacks or []), dict(modifier or {})
        self.weight, self.crowfood, self.convert_from = weight, crowfood, convert_from
        self.bonus, self.illness = dict(bonus or {}), illness
        self.helpers: dict = {}      # stage -> id of the cat making that stage's check instead
        self.start = "locate"        # a retried chain resumes at the stage that failed


def best_sense(cat: dict, rules: Rules) -> tuple[str, list[str]]:
    """The sense with the highest ability + skill; ties go Listen, See, Smell and the
    tied alternatives are returned for the explanation."""
    def score(s):
        return cat["abilities"][rules.skill_ability(s)] + cat["skills"].get(s, 0)
    top = max(score(s) for s in SENSES)
    tied = [s for s in SENSES if score(s) == top]
    return tied[0], tied[1:]


def stage_cats(state: dict, cat_id: str, spec: HuntSpec) -> dict:
    """Who makes each stage's check: the hunter, or a helper (Complicated Actions:
    the checks of a chain may be shared by the party)."""
    cats = state["cats"]
    return {st: cats[spec.helpers.get(st, cat_id)] for st in STAGES}


def stage_skills(locator: dict, rules: Rules, spec: HuntSpec) -> dict:
    """The skill of each stage: the chosen or the locating cat's best sense, Sneak, Pounce, Bite."""
    sense = spec.sense or best_sense(locator, rules)[0]
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
                                f"made in one spot: claw check CAT sneak --knack {knack}")
        for stage, skill in skills.items():
            if rules.knacks[knack]["kind"] == "check" and K.applies_to(rules, knack, skill, rules.skill_ability(skill)):
                out[stage][knack] = out[stage].get(knack, 0) + uses
                break
        else:
            raise IllegalAction(f"{rules.knacks[knack]['name']} helps no hunting check here: {knack}")
    return out


def _from_start(rules: Rules, spec: HuntSpec) -> list[str]:
    """The stages this hunt makes: from its start stage (a resumed chain) to the Kill."""
    order = [st["id"] for st in rules.stages]
    if spec.start not in order:
        raise UsageError(f"unknown hunt stage: {spec.start} (locate, approach, grab, kill)")
    return order[order.index(spec.start):]


def stage_specs(who: dict, rules: Rules, spec: HuntSpec) -> list[tuple[str, CheckSpec]]:
    """The checks this hunt makes (``who``: stage -> the cat making it), in order from its
    start stage, with points and knacks placed."""
    prey = rules.prey[spec.prey]
    skills = stage_skills(who["locate"], rules, spec)
    placed = place_knacks(rules, skills, spec.knacks)
    for stage, n in spec.spend.items():
        if stage not in skills:
            raise UsageError(f"unknown hunt stage: {stage} (locate, approach, grab, kill)")
        if n < 0:
            raise UsageError(f"points to spend must be 0 or more: {stage}={n}")
    made = _from_start(rules, spec)
    for st in STAGES[:STAGES.index(made[0])]:
        if spec.spend.get(st):
            raise IllegalAction(f"points for {st}, which this hunt skips: {st}={spec.spend[st]}")
        for knack in placed[st]:
            raise IllegalAction(f"{rules.knacks[knack]['name']} helps {st}, which this hunt skips: {knack}")
    return [(st, CheckSpec(skill=skills[st], spend=spec.spend.get(st, 0), knacks=placed[st],
                           modifier=spec.modifier.get(st, 0), vs=prey[st], convert_from=spec.convert_from,
                           label=f"hunt {st}"))
            for st in made]


def _party(state: dict, rules: Rules, cat_id: str, spec: HuntSpec) -> dict:
    """Who makes each stage's check, once every one of them may hunt (else refused, exit 4)."""
    who = stage_cats(state, cat_id, spec)
    able(state["cats"][cat_id], "hunt", rules)
    for c in who.values():
        if c["id"] != cat_id:
            able(c, "hunt", rules)
    return who


def _plain_stage(rules: Rules, stage: str, bonus: int, vs: int, dice, criticals: str) -> dict:
    """One stage of a hunt from plain numbers: 3d6 + everything it adds, against the prey."""
    rolled = roll_3d6(dice, f"hunt {stage}")
    total = sum(rolled) + bonus
    ok = decide(total, critical(rolled), vs, criticals)
    return {"stage": stage, "skill": PLAIN_SKILLS[stage], "dice": rolled, "bonus": bonus, "total": total,
            "vs": vs, "success": ok, "critical": critical(rolled),
            "text": f"{stage}: 3d6 {'+'.join(map(str, rolled))} + {bonus} = {total} vs {vs}: "
                    + ("success" if ok else "failure")}


def hunt(state: dict | None, rules: Rules, cat_id: str | None, spec: HuntSpec, dice,
         criticals: str = "absolute", d100_rule: str = "below") -> Outcome:
    """Run the hunt (Hunting): each stage's check in order, stopping at the first that
    fails; a catch feeds by its weight (Ration Table) and, eaten as crowfood, may sicken
    the hunter (A Note on Crowfood). ``state`` None: a hunt from plain numbers
    (``spec.bonus``), nothing paid, the outcome holds no state. ``info``: the stages'
    results, ``caught``, ``failed_stage``, and for a catch its ``weight``, ``rations``,
    ``hours_fed`` (and ``crowfood``)."""
    prey = rules.prey[spec.prey]
    if state is None:
        out = Outcome(None, cat=None, prey=spec.prey, prey_name=prey["name"])
        for stage in _from_start(rules, spec):
            r = _plain_stage(rules, stage, spec.bonus.get(stage, 0), prey[stage], dice, criticals)
            out.add("hunt-stage", r.pop("text"), **{k: r[k] for k in ("stage", "dice", "total", "vs", "success")})
            _reached(out, r)
            if not r["success"]:
                break
        return _end(out)
    assert cat_id is not None
    who = _party(state, rules, cat_id, spec)
    checks = stage_specs(who, rules, spec)          # refusals come before anything is rolled
    out = begin(state, cat=cat_id, prey=spec.prey, prey_name=prey["name"])
    cats = out.state["cats"]
    name = {cid: c["name"] for cid, c in cats.items()}
    if spec.sense is None and spec.start == "locate":
        sense, tied = best_sense(who["locate"], rules)
        if tied:
            out.add("choice", f"Locate: {', '.join([sense] + tied)} tie; using {sense} (--sense to choose)",
                    chosen=sense, options=[sense] + tied)
    for stage, cs in checks:
        maker = who[stage]["id"]
        cats[maker], r = resolve(cats[maker], rules, cs, dice, criticals)
        r["stage"] = stage
        by = "" if maker == cat_id else f" ({name[maker]})"
        out.add("hunt-stage", f"{stage.capitalize()}{by}: " + explain(r, rules), cat=maker, stage=stage,
                skill=r["skill"], dice=r["dice"], total=r["total"], vs=r["vs"], success=r["success"],
                critical=r["critical"], paid=r["paid"])
        _reached(out, r)
        if not r["success"]:
            break
    _end(out)
    hunter = cats[cat_id]
    if out.info["caught"]:
        w = rules.weights[spec.weight]
        num, den = w["rations"]["num"], w["rations"]["den"]
        hours = w["hours_fed"]
        out.info.update(weight=spec.weight, rations=f"{num}/{den}" if den != 1 else str(num), hours_fed=hours)
        fed = f"{hours['min']}-{hours['max']}" if hours["min"] != hours["max"] else str(hours["min"])
        out.add("catch", f"{hunter['name']} catches {prey['name'].lower()} ({w['name'].lower()}): "
                         f"{out.info['rations']} ration(s), feeds one cat {fed} hours",
                cat=cat_id, prey=spec.prey, weight=spec.weight, rations=out.info["rations"])
        if spec.crowfood:
            cf = eat_crowfood(out.state, rules, cat_id, dice, d100_rule, spec.illness)
            out.state = cf.state
            out.events += cf.events
            out.info["crowfood"] = cf.info
        else:  # fresh-kill, kept until a cat eats it (ruling 57)
            pile = out.state.setdefault("fresh_kill", [])
            pile.append({"prey": spec.prey, "weight": spec.weight, "day": out.state["day"], "hunter": cat_id})
            out.add("fresh-kill", f"the {prey['name'].lower()} goes on the fresh-kill pile ({len(pile)} piece(s))",
                    prey=spec.prey, weight=spec.weight, pile=len(pile))
    else:
        out.add("escape", f"the {prey['name'].lower()} gets away at the {out.info['failed_stage']} stage",
                cat=cat_id, prey=spec.prey, failed_stage=out.info["failed_stage"])
    rest = rules.injuries["sprain"]["rest_sunrises"]
    for r in out.info["stages"]:
        if r["sprain"]:
            out.add("sprain", f"{name[r['cat']]} is sprained: rest {rest} sunrises", cat=r["cat"])
    return out


def _reached(out: Outcome, result: dict) -> None:
    out.info.setdefault("stages", []).append(result)


def _end(out: Outcome) -> Outcome:
    """Caught when every stage made succeeded; else the stage that failed."""
    last = out.info["stages"][-1]
    out.info["caught"] = bool(last["success"])
    out.info["failed_stage"] = None if last["success"] else last["stage"]
    return out


def piece_name(rules: Rules, piece: dict) -> str:
    """A fresh-kill piece in words: ``vole (average, caught on day 3 by emberpaw)``."""
    return (f"{rules.prey[piece['prey']]['name'].lower()} ({rules.weights[piece['weight']]['name'].lower()}, "
            f"caught on day {piece['day']} by {piece['hunter']})")


def take_piece(state: dict, prey: str | None) -> tuple[int, dict]:
    """The fresh-kill piece a cat eats: the oldest one (of ``prey`` when named)."""
    pile = state.get("fresh_kill") or []
    for i, piece in enumerate(pile):
        if prey in (None, piece["prey"]):
            return i, piece
    if not pile:
        raise IllegalAction("the fresh-kill pile is empty: a hunt's catch goes there (claw hunt CAT PREY), "
                            "or eat crowfood (claw eat CAT --crowfood)")
    have = ", ".join(sorted({p["prey"] for p in pile}))
    raise IllegalAction(f"no {prey} on the fresh-kill pile (it holds: {have})")


def eat(state: dict, rules: Rules, cat_id: str, dice, *, prey: str | None = None, crowfood: bool = False,
        d100_rule: str = "below", illness: str | None = None) -> Outcome:
    """A cat eats (Ration Table, A Note on Crowfood; ruling 57): a piece of the party's
    fresh-kill (the oldest, or of ``prey``) feeds it for the catch's hours and is gone;
    ``crowfood`` eats crowfood instead and rolls the sickness (with ``prey``, that piece
    of the pile, gone stale)."""
    if crowfood and prey is None:
        return eat_crowfood(state, rules, cat_id, dice, d100_rule, illness)
    i, piece = take_piece(state, prey)
    out = begin(state)
    del out.state["fresh_kill"][i]
    cat = out.state["cats"][cat_id]
    if crowfood:
        out.add("eat", f"{cat['name']} eats the {piece_name(rules, piece)}, gone stale: crowfood",
                cat=cat_id, prey=piece["prey"], crowfood=True)
        return out.extend(eat_crowfood(out.state, rules, cat_id, dice, d100_rule, illness))
    hours = rules.weights[piece["weight"]]["hours_fed"]
    fed = f"{hours['min']}-{hours['max']}" if hours["min"] != hours["max"] else str(hours["min"])
    left = len(out.state["fresh_kill"])
    out.add("eat", f"{cat['name']} eats the {piece_name(rules, piece)} from the fresh-kill pile: fed {fed} hours "
                   f"({left} piece(s) left)", cat=cat_id, prey=piece["prey"], weight=piece["weight"], left=left)
    return out


def eat_crowfood(state: dict, rules: Rules, cat_id: str, dice, d100_rule: str = "below",
                 illness: str | None = None) -> Outcome:
    """A Note on Crowfood: below 66 on 1d100 the cat falls ill (``illness``, a disease it
    catches today, else the 'crowfood' ailment, a note); ShadowClan cats never roll.
    ``info``: ``rolled``, ``ill``, ``immune``, ``illness`` (and the d100 ``digits``)."""
    cf = rules.crowfood
    out = begin(state)
    cat = out.state["cats"][cat_id]
    if cat["clan"] in cf["immune_clans"]:
        out.info.update(rolled=None, ill=False, immune=True)
        out.add("crowfood", f"{cat['name']} is {rules.clans[cat['clan']]['name']}: crowfood does no harm",
                cat=cat_id, ill=False)
        return out
    roll, digits = d100(dice, "crowfood")
    ill = below(roll, cf["ill_below"], d100_rule)
    out.info.update(rolled=roll, digits=digits, ill=ill, immune=False, illness=None)
    if ill:
        if illness:
            cat["diseases"] = cat["diseases"] + [{"id": illness, "day": 0}]
            out.info["illness"] = illness
        else:
            cat["ailments"] = sorted(set(cat.get("ailments", [])) | {"crowfood"})
            out.info["illness"] = "crowfood"
    what = f"falls ill ({out.info['illness']})" if ill else "stays well"
    out.add("crowfood", f"crowfood: d100 {roll} (ill below {cf['ill_below']}): {cat['name']} {what}",
            cat=cat_id, rolled=roll, ill=ill, illness=out.info["illness"])
    return out


def odds(state: dict | None, rules: Rules, cat_id: str | None, spec: HuntSpec,
         criticals: str = "absolute") -> dict:
    """Exact chance of each stage and of the whole hunt (bonuses as requested; the pools
    are not checked or paid). A cat that could not hunt is refused, as the hunt is.
    ``state`` None: the odds from plain numbers (``spec.bonus``)."""
    from claw.core.warriors.odds import chance
    rows = []
    reach = Fraction(1)
    if state is None:
        prey = rules.prey[spec.prey]
        for stage in _from_start(rules, spec):
            bonus = spec.bonus.get(stage, 0)
            p = chance(bonus, prey[stage], criticals)
            reach *= p
            rows.append({"stage": stage, "skill": PLAIN_SKILLS[stage], "bonus": bonus, "vs": prey[stage],
                         "chance": p, "cumulative": reach})
        return {"cat": None, "prey": spec.prey, "stages": rows, "success": reach}
    assert cat_id is not None
    who = _party(state, rules, cat_id, spec)
    for stage, cs in stage_specs(who, rules, spec):
        c = who[stage]
        assert cs.skill is not None       # every hunt stage is a skill check
        bonus = (c["abilities"][rules.skill_ability(cs.skill)] + c["skills"].get(cs.skill, 0)
                 + cs.spend + cs.modifier
                 + sum(K.bonus(rules, k, K.require(c, rules, k, u)) * u for k, u in cs.knacks.items()))
        p = chance(bonus, cs.vs, criticals)
        reach *= p
        rows.append({"stage": stage, "skill": cs.skill, "by": c["id"], "bonus": bonus, "vs": cs.vs,
                     "chance": p, "cumulative": reach})
    return {"cat": cat_id, "prey": spec.prey, "stages": rows, "success": reach}
