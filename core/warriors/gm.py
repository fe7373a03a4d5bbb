"""The Game Master's rulings applied to the party (rulebook: Leap "the GM may rule that
your cat suffers damage", Diseases and Injuries, Sprains), and wild animals as
opponents. The rulebook gives animals no scores, so the GM supplies them: an animal is
a figure with Strength, Intelligence, Spirit, skills and HP, never checked as a legal
cat (no age, clan, creation points or knacks) and left out of sunrises."""

from __future__ import annotations

from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.outcome import Outcome
from claw.core.warriors.rules import ABILITIES, Rules

ANIMAL_SCORE_MAX = 20      # the state schema's bound on any score
ANIMAL_HP_MAX = 500


class Ruling:
    """What the GM rules for one cat: ``damage`` HP lost (a fall, a bad Leap landing),
    a ``disease`` caught, a disease ``cure``d, ``sprain`` sunrises of rest (0 clears it),
    and the ``reason`` to log."""

    def __init__(self, damage: int = 0, disease: str | None = None, cure: str | None = None,
                 sprain: int | None = None, reason: str = "") -> None:
        self.damage, self.disease, self.cure, self.sprain, self.reason = damage, disease, cure, sprain, reason


def apply(state: dict, rules: Rules, cid: str, ruling: Ruling, dice) -> Outcome:
    """Apply a GM ruling to a cat (an Outcome: the new state and its events). Damage goes through the
    rules of HP loss (knocked out at 0, the death roll at -(STR + SPT))."""
    from claw.core.warriors.fight import copy_fight, lose_hp, settle
    if not (ruling.damage or ruling.disease or ruling.cure or ruling.sprain is not None):
        raise UsageError("claw gm needs something to rule: --damage N, --disease D, --cure D or --sprain N")
    if ruling.damage < 0:
        raise UsageError(f"--damage is the HP lost, 1 or more: {ruling.damage}")
    s = {**state, "cats": dict(state["cats"]), "fight": copy_fight(state.get("fight"))}
    cat = dict(s["cats"][cid], diseases=list(s["cats"][cid]["diseases"]))
    why = f" ({ruling.reason})" if ruling.reason else ""
    if cat["status"] in ("dead", "retired"):
        raise IllegalAction(f"{cat['name']} is {cat['status']}: {cid}")
    events: list[dict] = []
    has = {d["id"] for d in cat["diseases"]}
    if ruling.cure:
        if ruling.cure not in has:
            raise IllegalAction(f"{cat['name']} does not have {rules.diseases[ruling.cure]['name']}: {ruling.cure}")
        cat["diseases"] = [d for d in cat["diseases"] if d["id"] != ruling.cure]
        events.append({"type": "gm-cure", "cat": cid, "disease": ruling.cure, "reason": ruling.reason,
                       "text": f"GM: {cat['name']} is over {rules.diseases[ruling.cure]['name']}{why}"})
    if ruling.disease:
        if ruling.disease in has and ruling.disease != ruling.cure:
            raise IllegalAction(f"{cat['name']} already has {rules.diseases[ruling.disease]['name']}: "
                                f"{ruling.disease}")
        if cat.get("animal"):
            raise IllegalAction(f"{cat['name']} is a wild animal: the party's illnesses are kept for cats")
        cat["diseases"].append({"id": ruling.disease, "day": 0})
        events.append({"type": "gm-disease", "cat": cid, "disease": ruling.disease, "reason": ruling.reason,
                       "text": f"GM: {cat['name']} has {rules.diseases[ruling.disease]['name']}{why}"})
    if ruling.sprain is not None:
        if ruling.sprain < 0:
            raise UsageError(f"--sprain is the sunrises of rest left, 0 to clear it: {ruling.sprain}")
        if ruling.sprain == 0 and not cat.get("sprain"):
            raise IllegalAction(f"{cat['name']} has no sprain to clear: {cid}")
        cat["sprain"] = ruling.sprain
        events.append({"type": "gm-sprain", "cat": cid, "rest": ruling.sprain, "reason": ruling.reason,
                       "text": f"GM: {cat['name']} " + (f"has a sprain: {ruling.sprain} sunrise(s) of rest{why}"
                                                         if ruling.sprain else f"is over the sprain{why}")})
    s["cats"][cid] = cat
    if ruling.damage:
        events.append({"type": "gm-damage", "cat": cid, "damage": ruling.damage, "reason": ruling.reason,
                       "text": f"GM: {cat['name']} takes {ruling.damage} damage{why}"})
        events += lose_hp(s, rules, cid, ruling.damage, dice)
        events += settle(s)
    return Outcome(s, events)


def add_animal(state: dict, rules: Rules, aid: str, name: str, abilities: dict, hp: int,
               skills: dict) -> Outcome:
    """A wild animal joins the state as an opponent (GM-controlled, never a legal cat)."""
    if aid in state["cats"]:
        raise IllegalAction(f"there is already a figure with the id {quoted(aid)}")
    for a in ABILITIES:
        v = abilities.get(a)
        if v is None:
            raise UsageError(f"an animal needs --{a} N (the rulebook gives animals no scores)")
        if not 1 <= v <= ANIMAL_SCORE_MAX:
            raise UsageError(f"--{a} is 1-{ANIMAL_SCORE_MAX}: {v}")
    if not 1 <= hp <= ANIMAL_HP_MAX:
        raise UsageError(f"--hp is 1-{ANIMAL_HP_MAX}: {hp}")
    for sk, v in skills.items():
        if sk not in rules.skills:
            raise UsageError(f"no skill {quoted(sk)} (skills: {', '.join(rules.skills)})")
        if not 0 <= v <= 5:
            raise UsageError(f"a skill is 0-5: {sk}={v}")
    animal = {"id": aid, "name": name, "animal": True, "npc": True, "abilities": dict(abilities),
              "pools": dict(abilities), "skills": dict(sorted(skills.items())), "knacks": {}, "hp_max": hp,
              "hp": hp, "diseases": [], "sprain": 0, "status": "ok"}
    s = {**state, "cats": {**state["cats"], aid: animal}, "order": [*state["order"], aid]}
    return Outcome(s, [{"type": "animal", "cat": aid, "text": f"GM: {name} ({aid}) enters: STR {abilities['strength']} "
                        f"INT {abilities['intelligence']} SPT {abilities['spirit']}, HP {hp}"
                        + (", " + ", ".join(f"{k} {v}" for k, v in sorted(skills.items())) if skills else "")}])


def remove_animal(state: dict, aid: str) -> Outcome:
    """The animal leaves (runs off, or the GM is done with it)."""
    cat = state["cats"].get(aid)
    if cat is None or not cat.get("animal"):
        raise IllegalAction(f"{aid} is not a wild animal in this state")
    f = state.get("fight")
    if f and aid in f["order"]:
        raise IllegalAction(f"{cat['name']} is in the fight; end it first (claw fight --end)")
    cats = {k: v for k, v in state["cats"].items() if k != aid}
    return Outcome({**state, "cats": cats, "order": [c for c in state["order"] if c != aid]},
                   [{"type": "animal-gone", "cat": aid, "text": f"GM: {cat['name']} leaves"}])
