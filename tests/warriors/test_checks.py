"""Checks, points and knacks (rulebook: How the game works, Spending Points, Knacks,
Using Knacks, Sprains)."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.core.errors import IllegalAction
from claw.core.warriors.checks import CheckSpec, decide, resolve
from claw.core.warriors.dice import critical, d100
from claw.core.warriors.odds import chance, critical_chances
from claw.core.warriors.points import pay

from .conftest import dice


def test_check_total_is_3d6_plus_ability_skill_points(cat, rules):
    """A check adds the skill's ability, the skill and spent matching points to 3d6."""
    c = cat("emberpaw")              # STR 5, pounce 1 (INT 3)
    new, r = resolve(c, rules, CheckSpec(skill="pounce", spend=2, vs=15), dice(2, 3, 4))
    assert r["total"] == 9 + 3 + 1 + 2 and r["success"] is True
    assert new["pools"]["intelligence"] == 1 and c["pools"]["intelligence"] == 3


def test_plain_ability_check(cat, rules):
    new, r = resolve(cat("emberpaw"), rules, CheckSpec(ability="strength", vs=20), dice(6, 5, 3))
    assert r["total"] == 14 + 5 and r["success"] is False


def test_criticals_two_or_three_of_a_kind():
    """Two or three 1s: critical failure; two or three 6s: critical success."""
    assert critical([1, 1, 5]) == "failure" and critical([1, 1, 1]) == "failure"
    assert critical([6, 6, 2]) == "success" and critical([6, 6, 6]) == "success"
    assert critical([1, 6, 3]) is None


def test_critical_failure_fails_regardless_by_default(cat, rules):
    """Ruling: under 'absolute' a critical failure fails whatever the total; option 'total'."""
    c = cat("bramble")            # swat 3 + INT 3
    _, r = resolve(c, rules, CheckSpec(skill="swat", spend=0, vs=8), dice(1, 1, 6))
    assert r["total"] == 8 + 6 and r["success"] is False
    _, r = resolve(c, rules, CheckSpec(skill="swat", vs=8), dice(1, 1, 6), criticals="total")
    assert r["success"] is True
    assert decide(5, "success", 30) is True and decide(5, "success", 30, "total") is False


def test_critical_failure_on_physical_check_sprains(cat, rules):
    """Sprains: a critical failure on a physical check sprains for 3 sunrises."""
    new, r = resolve(cat("emberpaw"), rules, CheckSpec(skill="pounce", vs=5), dice(1, 1, 2))
    assert r["sprain"] and new["sprain"] == 3
    new, r = resolve(cat("emberpaw"), rules, CheckSpec(skill="listen", vs=5), dice(1, 1, 2))
    assert not r["sprain"] and new["sprain"] == 0


def test_conversion_two_for_one():
    """Spending Points: 2 points of other kinds (1 of each or 2 of one) buy 1 point."""
    pools, parts = pay({"strength": 3, "intelligence": 0, "spirit": 1}, "intelligence", 1)
    assert pools == {"strength": 1, "intelligence": 0, "spirit": 1}
    pools, _ = pay({"strength": 1, "intelligence": 0, "spirit": 1}, "intelligence", 1)
    assert pools == {"strength": 0, "intelligence": 0, "spirit": 0}
    pools, _ = pay({"strength": 3, "intelligence": 1, "spirit": 3}, "intelligence", 2, ["spirit"])
    assert pools == {"strength": 3, "intelligence": 0, "spirit": 1}
    with pytest.raises(IllegalAction):
        pay({"strength": 1, "intelligence": 0, "spirit": 0}, "intelligence", 1)


@given(st.dictionaries(st.sampled_from(["strength", "intelligence", "spirit"]), st.integers(0, 10), min_size=3),
       st.sampled_from(["strength", "intelligence", "spirit"]), st.integers(0, 12))
def test_payment_never_goes_negative_and_costs_at_least_the_points(pools, ability, points):
    try:
        new, _ = pay(pools, ability, points)
    except IllegalAction:
        assert sum(pools.values()) - pools[ability] < 2 * (points - pools[ability])
        return
    assert all(v >= 0 for v in new.values())
    spent = sum(pools.values()) - sum(new.values())
    direct = min(points, pools[ability])
    assert spent == direct + 2 * (points - direct)


def test_knack_bonus_scales_with_repeats(cat, rules):
    """Dodge x2 gives +2 for 1 Spirit point; Alertness can be paid several times."""
    c = cat("reedwhisker")       # jump 2, SPT 5, dodge x2, alertness x1
    new, r = resolve(c, rules, CheckSpec(skill="jump", knacks={"dodge": 1}), dice(3, 3, 3))
    assert r["total"] == 9 + 5 + 2 + 2 and new["pools"]["spirit"] == 4
    new, r = resolve(c, rules, CheckSpec(skill="see", knacks={"alertness": 3}), dice(3, 3, 3))
    assert r["knack_bonus"] == 3 and new["pools"]["spirit"] == 2


def test_knack_limits_and_fit(cat, rules):
    c = cat("reedwhisker")
    with pytest.raises(IllegalAction, match="at most 1"):
        resolve(c, rules, CheckSpec(skill="jump", knacks={"dodge": 2}), dice(3, 3, 3))
    with pytest.raises(IllegalAction, match="does not add"):
        resolve(c, rules, CheckSpec(skill="swim", knacks={"dodge": 1}), dice(3, 3, 3))
    with pytest.raises(IllegalAction, match="does not know"):
        resolve(c, rules, CheckSpec(skill="sneak", knacks={"hide": 1}), dice(3, 3, 3))


def test_lore_knacks_fit_intelligence_and_ponder(cat, rules):
    c = cat("reedwhisker")
    _, r = resolve(c, rules, CheckSpec(ability="intelligence", knacks={"herb-lore": 1}), dice(3, 3, 3))
    assert r["knack_bonus"] == 1
    _, r = resolve(c, rules, CheckSpec(skill="ponder", knacks={"medicine-lore": 1}), dice(3, 3, 3))
    assert r["knack_bonus"] == 1


def test_hide_and_stalk_give_two_per_use(cat, rules):
    c = cat("emberpaw")
    new, r = resolve(c, rules, CheckSpec(skill="sneak", knacks={"stalk": 2}), dice(3, 3, 3))
    assert r["knack_bonus"] == 4 and new["pools"]["spirit"] == 0


def test_percentile_digits():
    """How the Dice Work: tens and ones digits; 0 and 0 make 100; 7 and 1 make 71."""
    assert d100(dice(7, 1))[0] == 71
    assert d100(dice(0, 0))[0] == 100
    assert d100(dice(0, 5))[0] == 5


def test_exact_check_chances():
    """3d6 + 0 vs 18 succeeds on 6,6,x (critical success, 16/216) under 'absolute'."""
    assert chance(0, 18, "total") == Fraction(1, 216)
    assert chance(0, 18) == Fraction(16, 216)
    assert chance(20, 5) == 1 - Fraction(16, 216)
    assert critical_chances() == {"failure": Fraction(16, 216), "success": Fraction(16, 216)}


@given(st.integers(-5, 25), st.integers(1, 40))
def test_chance_is_a_probability_and_monotone(bonus, vs):
    p = chance(bonus, vs)
    assert 0 <= p <= 1 and chance(bonus + 1, vs) >= p


CHECK_KNACKS = {   # knack: (a skill it helps, a skill it does not, bonus at level 1, at level 2 or None)
    "alertness": ("smell", "sneak", 1, 2), "animal-lore": ("ponder", "see", 1, 2),
    "balance": ("climb", "swim", 1, None),
    "dodge": ("jump", "swat", 1, 2), "feint": ("swat", "jump", 1, 2), "herb-lore": ("ponder", "focus", 1, 2),
    "hide": ("sneak", "see", 2, None), "intuition": ("focus", "listen", 1, 2),
    "medicine-lore": ("ponder", "swim", 1, 2), "orate": ("focus", "arch", 1, 2), "stalk": ("sneak", "climb", 2, None),
    "track": ("listen", "ponder", 1, 2), "twoleg-lore": ("ponder", "hiss", 1, 2), "yowl": ("hiss", "focus", 1, 2),
}


@pytest.mark.parametrize("knack", sorted(CHECK_KNACKS))
def test_every_check_knack_helps_its_skills_at_its_price(knack, cat, rules):
    """Knacks: each bonus knack adds to the checks it names, costs its points, and
    repeats raise the bonus as printed."""
    good, bad, b1, b2 = CHECK_KNACKS[knack]
    c = cat("emberpaw", knacks={knack: 1}, pools={"strength": 5, "intelligence": 5, "spirit": 5})
    new, r = resolve(c, rules, CheckSpec(skill=good, knacks={knack: 1}), dice(3, 3, 3))
    cost = rules.knacks[knack]["cost"]
    assert r["knack_bonus"] == b1
    assert new["pools"][cost["ability"]] == 5 - cost["points"]
    with pytest.raises(IllegalAction):
        resolve(c, rules, CheckSpec(skill=bad, knacks={knack: 1}), dice(3, 3, 3))
    if b2 is not None:
        c2 = dict(c, knacks={knack: 2})
        _, r = resolve(c2, rules, CheckSpec(skill=good, knacks={knack: 1}), dice(3, 3, 3))
        assert r["knack_bonus"] == b2


def test_repeat_picks_lower_costs(rules):
    """Spring costs 3, 2, then 1 Strength; Mighty Swat 2 then 1; Launch 3 Strength then 2 Spirit."""
    from claw.core.warriors.knacks import cost
    assert [cost(rules, "spring", n)["points"] for n in (1, 2, 3)] == [3, 2, 1]
    assert [cost(rules, "mighty-swat", n)["points"] for n in (1, 2)] == [2, 1]
    assert cost(rules, "launch", 2) == {"ability": "spirit", "points": 2}
    assert cost(rules, "interpret-dreams", 2)["points"] == 1 and cost(rules, "pin", 2)["points"] == 2


def test_movement_and_narrative_knacks(party):
    """Dash, Leap (up to 4 paid uses), Spring, Pathfinder, Interpret Dreams: paid with `claw knack`."""
    import json

    from claw.cli.testing import run
    s = json.loads(party.read_text())
    s["state"]["cats"]["bramble"]["knacks"].update({"leap": 1, "pathfinder": 2})
    party.write_text(json.dumps(s))
    res = run(["knack", "bramble", "leap", "--uses", "4", "-s", str(party)])
    assert res.code == 0 and res.state["state"]["cats"]["bramble"]["pools"]["strength"] == 3
    assert run(["knack", "bramble", "leap", "--uses", "5", "-s", str(party)]).code == 4
    res = run(["knack", "bramble", "pathfinder", "-s", str(party)])
    assert res.code == 0 and "two answers" in res.stderr


@given(st.integers(-5, 25), st.integers(-10, 40))
def test_chances_agree_with_the_framework_dice_engine(bonus, vs):
    """Under the 'total' reading a check is P(3d6 >= vs - bonus), as the framework's
    independent dice engine computes it; criticals match its critical odds."""
    from claw.core.dice import critical_odds, distribution
    assert chance(bonus, vs, "total") == distribution("3d6").at_least(vs - bonus)
    assert critical_chances() == critical_odds("3d6")


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["pounce", "sneak", "see", "jump", "ponder", "swat", None]),
       st.integers(0, 6), st.dictionaries(st.sampled_from(["track", "stalk", "feint", "hide", "alertness"]),
                                          st.integers(1, 3), max_size=2),
       st.lists(st.integers(1, 6), min_size=3, max_size=3))
def test_a_check_adds_up_or_is_refused(skill, spend, knacks, rolled):
    """Property: a check either refuses cleanly (IllegalAction) or its total is the sum
    of its parts, pools only fall, and the points paid cover spend plus knack costs."""
    from claw.cli.games.warriors.data import rules as load
    from claw.core.errors import UsageError

    from .conftest import example_cat
    r = load()
    c = example_cat("emberpaw")
    spec = CheckSpec(skill=skill, ability=None if skill else "strength", spend=spend, knacks=knacks)
    try:
        new, res = resolve(c, r, spec, dice(*rolled))
    except (IllegalAction, UsageError):
        return
    assert res["total"] == sum(rolled) + res["ability_score"] + res["skill_score"] + spend + res["knack_bonus"]
    assert all(0 <= new["pools"][a] <= c["pools"][a] for a in c["pools"])
    paid = sum(c["pools"].values()) - sum(new["pools"].values())
    cost = spend + sum(k["cost"] for k in res["knacks"])
    assert cost <= paid <= 2 * cost


@pytest.mark.parametrize("knack,skill,picks,bonus", [
    ("animal-lore", "ponder", 3, 3), ("herb-lore", "ponder", 3, 3), ("medicine-lore", "ponder", 3, 3),
    ("orate", "focus", 3, 3), ("twoleg-lore", "ponder", 3, 3), ("feint", "swat", 3, 3), ("dodge", "jump", 3, 3),
    ("yowl", "arch", 3, 3), ("alertness", "see", 2, 2), ("intuition", "ponder", 2, 2), ("track", "smell", 2, 2)])
def test_worked_examples_of_repeated_knacks(knack, skill, picks, bonus, cat, rules):
    """The knack texts' examples: "if you choose Animal Lore twice you get 2 bonus points
    each time, if you choose it three times you get 3" (likewise Feint +3, Dodge +3, Yowl
    at most 3; Alertness, Intuition and Track give 2 after a second pick)."""
    c = cat("emberpaw", knacks={knack: picks}, pools={"strength": 5, "intelligence": 5, "spirit": 5})
    _, r = resolve(c, rules, CheckSpec(skill=skill, knacks={knack: 1}), dice(3, 3, 3))
    assert r["knack_bonus"] == bonus


def test_conversion_default_is_reported_as_a_choice():
    """The player chooses which pools pay a conversion: the default is named."""
    from claw.core.warriors.points import describe
    _, parts = pay({"strength": 3, "intelligence": 0, "spirit": 2}, "intelligence", 1)
    assert "--convert-from" in describe(parts)
    _, parts = pay({"strength": 3, "intelligence": 0, "spirit": 2}, "intelligence", 1, ["spirit"])
    assert "--convert-from" not in describe(parts)
    _, parts = pay({"strength": 3, "intelligence": 0, "spirit": 0}, "intelligence", 1)
    assert "--convert-from" not in describe(parts)      # no choice: only Strength can pay
