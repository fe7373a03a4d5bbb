"""Character creation and growth (rulebook: Ability Scores, Skills, Clans, Knacks,
the age table, Hit Points, Retirement)."""

import json

import jsonschema
import pytest

from claw.core.warriors.character import build, check, max_hp
from tests.paths import ROOT

from .conftest import EXAMPLES, load_yaml

SCHEMA = json.loads((ROOT / "schemas" / "character-warriors.json").read_text())
GOOD = ["emberpaw", "reedwhisker", "sloefoot", "bramble"]


@pytest.mark.parametrize("name", GOOD)
def test_example_party_is_valid(name, doc, rules):
    d = doc(name)
    jsonschema.validate(d, SCHEMA)
    assert check(d, rules) == []


def test_hit_points_formula():
    """Hit Points = 5 + Age in Moons + Strength Score."""
    assert max_hp(12, 5) == 22
    assert max_hp(10, 1) == 16


def test_emberpaw_derivation(doc, rules):
    """5 creation points + 10-moon bonus (+1 STR, +1 INT) + ThunderClan (+1 STR, +1 SPT, Ponder)
    + moon 11 skill + moon 12 ability; HP 5 + 12 + 5."""
    c, _ = build(doc("emberpaw"), rules)
    assert c["abilities"] == {"strength": 5, "intelligence": 3, "spirit": 2}
    assert c["skills"] == {"bite": 1, "listen": 1, "ponder": 1, "pounce": 1, "sneak": 1}
    assert c["hp_max"] == c["hp"] == 22
    assert c["pools"] == c["abilities"]


def test_broken_character_reports_every_problem(rules):
    d = load_yaml(EXAMPLES / "broken-cat.yaml")
    jsonschema.validate(d, SCHEMA)
    got = check(d, rules)
    paths = [p for p, _ in got]
    msgs = " | ".join(m for _, m in got)
    assert ("creation", "abilities") in paths and "add up to 6" in msgs
    assert ("creation", "abilities", "spirit") in paths
    assert ("creation", "skills") in paths
    assert ("creation", "knacks") in paths
    assert ("creation",) in paths and "ten_moons" in msgs
    assert ("growth", 1, "knack") in paths           # moon 12 gives no knack
    assert ("growth", 1) in paths                    # and its ability is missing
    assert ("growth", 3, "ability") in paths         # moon 14 is INT or SPT
    assert ("growth", 4, "moon") in paths            # moon 16 after age 15
    assert ("growth",) in paths                      # moon 15's skill is missing
    assert ("sheet", "hp") in paths


def test_creation_points_must_total_five(doc, rules):
    """Ability Scores: 5 points at creation, at least 1 in each."""
    d = doc("emberpaw")
    d["creation"]["abilities"] = {"strength": 3, "intelligence": 1, "spirit": 0}
    d.pop("sheet")
    msgs = [m for _, m in check(d, rules)]
    assert any("at least 1" in m for m in msgs)
    d["creation"]["abilities"] = {"strength": 3, "intelligence": 2, "spirit": 1}
    assert any("add up to 6" in m for m in check(d, rules)[0:1][0][1:])


def test_ability_never_above_ten(doc, rules):
    d = doc("emberpaw")
    d.pop("sheet")
    d["creation"]["abilities"] = {"strength": 3, "intelligence": 1, "spirit": 1}
    d["age"] = 32
    d["growth"] = [{"moon": m, **g} for m, g in {
        11: {"skill": "climb"}, 12: {"ability": "strength"}, 13: {"knack": "dash"}, 14: {"ability": "spirit"},
        15: {"skill": "climb"}, 16: {"knack": "leap"}, 17: {"ability": "strength"},
        19: {"skill": "swim", "knack": "hide"},
        21: {"ability": "strength"}, 22: {"knack": "balance"}, 23: {"skill": "swim"}, 25: {"knack": "pin"},
        26: {"ability": "spirit"}, 27: {"skill": "arch"}, 28: {"knack": "pin"}, 30: {"skill": "arch"},
        31: {"knack": "orate"}, 32: {"ability": "strength"}}.items()]
    # 3 + 1 (10 moons) + 1 (ThunderClan) + 4 picks = 9: fine
    assert check(d, rules) == []
    d["creation"]["abilities"] = {"strength": 2, "intelligence": 2, "spirit": 1}
    d["clan"] = "bloodclan"      # +2 Strength: 2+1+2+4 = 9
    assert check(d, rules) == []
    d["creation"]["abilities"] = {"strength": 3, "intelligence": 1, "spirit": 1}   # 3+1+2+4 = 10
    assert check(d, rules) == []
    d["growth"][3] = {"moon": 14, "ability": "intelligence"}
    d["growth"][12] = {"moon": 26, "ability": "intelligence"}
    d["growth"].append({"moon": 33})
    d["age"] = 33
    assert check(d, rules) == []
    d["growth"][16] = {"moon": 31, "knack": "orate"}
    d["creation"]["abilities"] = {"strength": 3, "intelligence": 1, "spirit": 1}
    d["growth"][1] = {"moon": 12, "ability": "strength"}
    d["clan"] = "bloodclan"
    d["rewards"] = []
    d["creation"]["ten_moons"] = "intelligence"
    d["creation"]["abilities"] = {"strength": 3, "intelligence": 1, "spirit": 1}
    # one more Strength than the ceiling: 3 +1 +2 +4 = 10, so give the 10-moon INT to STR? not allowed;
    # instead start at Strength 3 with BloodClan and add a fifth pick at moon 14? (INT/SPT only) -> use 12,17,21,32 + 45
    d["age"] = 45
    extra = {33: {}, 34: {"knack": "orate"}, 35: {"skill": "hiss"}, 36: {}, 37: {"knack": "orate"},
             38: {}, 39: {"skill": "hiss"}, 40: {"knack": "orate"}, 41: {}, 42: {"skill": "focus"},
             43: {"knack": "orate"}, 44: {}, 45: {"ability": "strength"}}
    d["growth"] = [g for g in d["growth"] if g["moon"] < 33] + [{"moon": m, **g} for m, g in extra.items()]
    got = check(d, rules)
    assert len(got) == 1 and got[0][0] == ("growth", len(d["growth"]) - 1, "ability")
    assert "never exceed 10" in got[0][1]


def test_ten_moon_bonus_needs_age_ten(doc, rules):
    d = doc("sloefoot")
    d["age"] = 9
    d.pop("sheet")
    assert [p for p, _ in check(d, rules)] == [("creation", "ten_moons")]
    d["creation"].pop("ten_moons")
    assert check(d, rules) == []


def test_clan_bonus_applied_once_and_skill_stacks(doc, rules):
    """Clans: RiverClan +1 STR +1 SPT and Swim +1, which stacks with a Swim pick."""
    c, _ = build(doc("reedwhisker"), rules)
    assert c["skills"]["swim"] == 2
    assert c["abilities"] == {"strength": 4, "intelligence": 3, "spirit": 5}


def test_shadowclan_stealth_reads_as_sneak_or_the_chosen_skill(doc, rules):
    """Ruling: ShadowClan's 'Stealth' bonus goes to Sneak unless clan_choice.skill says otherwise."""
    d = doc("sloefoot")
    d.pop("sheet")
    c, p = build(d, rules)
    assert p == [] and c["skills"]["sneak"] == 1
    d["clan_choice"] = {"skill": "jump"}
    c, p = build(d, rules)
    assert p == [] and "sneak" not in c["skills"] and c["skills"]["jump"] == 1
    d["clan_choice"] = {"skill": "none"}
    c, p = build(d, rules)
    assert p == [] and "sneak" not in c["skills"]


def test_loners_choose_their_bonus(doc, rules):
    d = doc("bramble")
    c, p = build(d, rules)
    assert p == []
    d["clan_choice"]["abilities"] = {"strength": 1, "spirit": 1}
    assert check(d, rules) == []
    d["clan_choice"]["abilities"] = {"strength": 2, "spirit": 1}
    assert [x for x, _ in check(d, rules)] == [("clan_choice", "abilities")]
    d["clan_choice"] = {"abilities": {"strength": 2}}
    assert [x for x, _ in check(d, rules)] == [("clan",)]


def test_fixed_clans_cannot_choose(doc, rules):
    d = doc("emberpaw")
    d["clan_choice"] = {"abilities": {"strength": 2}, "skill": "swim"}
    paths = [x for x, _ in check(d, rules)]
    assert ("clan_choice", "abilities") in paths and ("clan_choice", "skill") in paths


def test_skill_never_above_five(doc, rules):
    """Skills: a skill can never be increased above 5."""
    d = doc("reedwhisker")
    d.pop("sheet")
    d["rewards"] = [{"skill": "swim"}] * 4
    got = check(d, rules)
    assert [p for p, _ in got] == [("rewards", 3, "skill")]


def test_knack_repeat_limits(doc, rules):
    """Knacks: Dodge at most three times; Balance once; Herb Lore without limit."""
    d = doc("reedwhisker")
    d.pop("sheet")
    d["rewards"] = [{"knack": "dodge"}, {"knack": "dodge"}, {"knack": "balance"}, {"knack": "balance"},
                    {"knack": "herb-lore"}, {"knack": "herb-lore"}, {"knack": "herb-lore"}]
    got = check(d, rules)
    assert [p for p, _ in got] == [("rewards", 1, "knack"), ("rewards", 3, "knack")]


def test_growth_must_match_age_table(doc, rules):
    d = doc("emberpaw")
    d["growth"] = [{"moon": 11, "skill": "listen"}]
    got = check(d, rules)
    assert ("growth",) in [p for p, _ in got]     # moon 12's ability is missing
    d["growth"] = [{"moon": 11, "skill": "listen", "knack": "hide"}, {"moon": 12, "ability": "strength"}]
    assert ("growth", 0, "knack") in [p for p, _ in check(d, rules)]


def test_automatic_age_losses_floor_at_one(doc, rules):
    """Ruling: the -1 Strength at 57 and 68 moons never takes Strength below 1."""
    from claw.core.warriors.character import _Builder
    b = _Builder(rules)
    b.abilities["strength"] = 1
    b.ability("strength", -1, ("x",), "moon 57")
    assert b.abilities["strength"] == 1 and b.problems == []


def test_retirement_at_71_moons(doc, rules):
    d = doc("sloefoot")
    d["age"] = 71
    assert ("age",) in [p for p, _ in check(d, rules)]


def test_sheet_mismatch_is_reported(doc, rules):
    d = doc("emberpaw")
    d["sheet"]["abilities"]["spirit"] = 3
    d["sheet"]["skills"].pop("ponder")
    d["sheet"]["knacks"]["track"] = 2
    paths = [p for p, _ in check(d, rules)]
    assert paths == [("sheet", "abilities", "spirit"), ("sheet", "skills"), ("sheet", "knacks", "track")]


SKILL_IDS = ["arch", "bite", "climb", "focus", "hiss", "jump", "listen", "ponder", "pounce", "see", "smell",
             "sneak", "swat", "swim", "wrestle"]
KNACK_IDS = ["alertness", "balance", "dodge", "feint", "herb-lore", "hide", "launch", "pin", "spring", "track"]
CLAN_IDS = ["thunderclan", "riverclan", "windclan", "shadowclan", "bloodclan", "skyclan", "tribe", "loners",
            "kittypets", "warriorclan"]
ABIL = ["strength", "intelligence", "spirit"]

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

growth_entry = st.fixed_dictionaries({"moon": st.integers(11, 70)}, optional={
    "skill": st.sampled_from(SKILL_IDS), "knack": st.sampled_from(KNACK_IDS), "ability": st.sampled_from(ABIL)})
character_doc = st.fixed_dictionaries({
    "game": st.just("warriors"), "kind": st.just("character"), "id": st.just("cat"), "name": st.just("Cat"),
    "clan": st.sampled_from(CLAN_IDS), "age": st.integers(1, 80),
    "creation": st.fixed_dictionaries({
        "abilities": st.fixed_dictionaries({a: st.integers(0, 6) for a in ABIL}),
        "skills": st.lists(st.sampled_from(SKILL_IDS), max_size=4),
        "knacks": st.lists(st.sampled_from(KNACK_IDS), max_size=4)},
        optional={"ten_moons": st.sampled_from(["intelligence", "spirit"])}),
}, optional={
    "growth": st.lists(growth_entry, max_size=12),
    "clan_choice": st.fixed_dictionaries({}, optional={
        "abilities": st.dictionaries(st.sampled_from(ABIL), st.integers(1, 2), max_size=3),
        "skill": st.sampled_from(SKILL_IDS + ["none"])}),
    "rewards": st.lists(st.fixed_dictionaries({}, optional={"skill": st.sampled_from(SKILL_IDS),
                                                            "knack": st.sampled_from(KNACK_IDS)}), max_size=6),
    "sheet": st.fixed_dictionaries({}, optional={"hp": st.integers(0, 100)}),
})


VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


@settings(max_examples=150, deadline=None)
@given(character_doc)
def test_any_schema_valid_character_is_checked_without_crashing(d):
    """Property: the rule-level check of any schema-valid character returns problems
    (each with a path into the document) and never raises; a clean one stays in bounds."""
    from claw.cli.games.warriors.data import rules as load
    VALIDATOR.validate(d)
    cat, problems = build(d, load())
    for path, message in problems:
        node = d
        for step in path:
            node = node[step]                       # every path exists in the document
        assert isinstance(message, str) and message
    if not problems:
        assert all(1 <= v <= 10 for v in cat["abilities"].values())
        assert all(0 <= v <= 5 for v in cat["skills"].values())
        assert cat["hp_max"] == 5 + cat["age"] + cat["abilities"]["strength"]


def test_a_sheet_and_ageing_apply_the_same_automatic_age_gain(doc, rules):
    """Age table (38 moons: +1 Intelligence) and Ability Scores (1-10): a cat at the cap
    keeps 10 whether claw ages it (scenario-step --age) or its file is written at that
    age; `validate` accepts what ageing produces (issue 14, item 2)."""
    from claw.core.warriors.sunrise import age_one_moon
    d = doc("emberpaw")
    d.pop("sheet")
    d["creation"]["abilities"] = {"strength": 1, "intelligence": 3, "spirit": 1}
    d["age"] = 37
    skills = iter(["climb", "swim", "arch", "hiss", "focus"] * 5)   # none reaches 5
    d["growth"] = []
    for m in range(11, 38):
        e = {"moon": m}
        for g in rules.age_row(m):
            if g["type"] == "skill":
                e["skill"] = next(skills)
            elif g["type"] == "knack":
                e["knack"] = "animal-lore"                            # no repeat limit
            elif len(g["choices"]) > 1:
                e["ability"] = "intelligence" if "intelligence" in g["choices"] else g["choices"][0]
        d["growth"].append(e)
    cat37, problems = build(d, rules)
    assert problems == [] and cat37["abilities"]["intelligence"] == 10
    aged, events = age_one_moon(cat37, rules)
    assert aged["abilities"]["intelligence"] == 10 and "stays 10" in events[1]["text"]
    d["age"] = 38
    cat38, problems = build(d, rules)
    assert problems == [], problems
    assert cat38["abilities"] == aged["abilities"] and cat38["hp_max"] == aged["hp_max"]
