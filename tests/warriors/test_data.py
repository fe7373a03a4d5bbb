"""Every table the rulebook prints is a data file that passes its schema and agrees
with the printed numbers (rulebook sections named in each test)."""

import json

import jsonschema
import pytest

from claw.cli.games.warriors.data import TABLES, table
from tests.paths import ROOT

from .conftest import RULEBOOK

SCHEMAS = ROOT / "schemas"


def schema(name):
    return json.loads((SCHEMAS / f"{name}-warriors.json").read_text())


@pytest.mark.parametrize("name", TABLES)
def test_table_matches_schema(name):
    s = schema(name)
    jsonschema.Draft202012Validator.check_schema(s)
    assert s["$id"] == f"urn:claw:schema:{name}-warriors"
    jsonschema.Draft202012Validator(s).validate(table(name))


@pytest.mark.parametrize("name", TABLES)
def test_schemas_reject_unknown_keys(name):
    doc = {**table(name), "surprise": 1}  # a copy: the loader's document is shared
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, schema(name))


def test_skills_and_abilities_as_printed():
    """Skills: each skill builds on the ability printed next to its name."""
    printed = {"arch": "strength", "bite": "strength", "climb": "strength", "focus": "spirit",
               "hiss": "spirit", "jump": "spirit", "listen": "spirit", "ponder": "intelligence",
               "pounce": "intelligence", "see": "intelligence", "smell": "intelligence",
               "sneak": "spirit", "swat": "intelligence", "swim": "strength", "wrestle": "strength"}
    got = {s["id"]: s["ability"] for s in table("skills")["skills"]}
    assert got == printed
    assert [a["id"] for a in table("abilities")["abilities"]] == ["strength", "intelligence", "spirit"]


def test_clan_bonuses_as_printed():
    """Clans: ability and skill bonuses of every Clan and group."""
    got = {c["id"]: (c["abilities"], c["skills"]) for c in table("clans")["clans"]}
    assert got == {
        "thunderclan": ({"strength": 1, "spirit": 1}, {"ponder": 1}),
        "riverclan": ({"strength": 1, "spirit": 1}, {"swim": 1}),
        "windclan": ({"intelligence": 1, "spirit": 1}, {"listen": 1}),
        "shadowclan": ({"strength": 1, "intelligence": 1}, {"sneak": 1}),
        "bloodclan": ({"strength": 2}, {"wrestle": 1}),
        "skyclan": ({"intelligence": 2}, {"climb": 1}),
        "tribe": ({"spirit": 2}, {"focus": 1}),
        "loners": ({}, {}), "kittypets": ({}, {}), "warriorclan": ({}, {}),
    }


def test_prey_difficulty_table_as_printed():
    """Prey: Difficulty Table; the Rat row printed twice is kept once (ruling)."""
    printed = """Mice 17 9 15 6|Rabbit 10 18 18 16|Vole 16 10 10 9|Small Birds 8 16 15 6|
    Squirrel 11 17 18 9|Fish 12 12 16 8|Rat 13 17 11 11|Frog/Toad 14 12 16 12|
    Large Birds 9 15 16 13|Snakes 16 13 14 16|Lizards 17 17 14 8|Rat 13 17 11 11"""
    rows = {}
    for line in printed.split("|"):
        *name, a, b, c, d = line.split()
        name = " ".join(name)
        assert rows.get(name, (int(a), int(b), int(c), int(d))) == (int(a), int(b), int(c), int(d))
        rows[name] = (int(a), int(b), int(c), int(d))
    got = {p["name"]: (p["locate"], p["approach"], p["grab"], p["kill"]) for p in table("prey")["prey"]}
    assert got == rows


def test_ration_table_as_printed():
    """Ration Table: hours fed for one cat and Clan rations by weight."""
    got = [(w["name"], w["hours_fed"]["min"], w["hours_fed"]["max"], w["rations"]["num"], w["rations"]["den"])
           for w in table("rations")["weights"]]
    assert got == [("Skin and Bones", 3, 4, 1, 3), ("Underweight", 10, 12, 1, 2), ("Average", 24, 24, 1, 1),
                   ("Plump", 48, 48, 2, 1), ("Massive", 72, 72, 3, 1)]
    assert table("rations")["crowfood"]["ill_below"] == 66


def test_age_table_as_printed():
    """Age table 11-70 moons: the gain printed on each row."""
    def short(g):
        if g["type"] != "ability":
            return g["type"]
        c = g["choices"]
        if len(c) == 3:
            return "any"
        if len(c) == 2:
            return "int-spt"
        return ("+" if g.get("delta", 1) > 0 else "-") + c[0]
    got = {r["moon"]: " ".join(short(g) for g in r["gains"]) for r in table("age-table")["moons"]}
    skill = [11, 15, 23, 27, 30, 35, 39, 42, 47, 51, 59, 63]
    knack = [13, 16, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52, 58, 61, 64, 70]
    both = {19: "skill knack", 55: "knack skill", 67: "knack skill"}
    expected = {m: "" for m in range(11, 71)}
    expected.update({m: "skill" for m in skill})
    expected.update({m: "knack" for m in knack})
    expected.update(both)
    expected.update({12: "any", 17: "any", 21: "any", 32: "any", 45: "any", 62: "any",
                     14: "int-spt", 26: "int-spt", 38: "+intelligence", 50: "+spirit", 69: "+spirit",
                     57: "-strength", 68: "-strength"})
    assert got == expected


def test_knack_costs_and_limits_as_printed():
    """Knacks: cost of one use, cost after repeats, and how often each may be chosen."""
    k = {x["id"]: x for x in table("knacks")["knacks"]}
    assert len(k) == 25
    cost = {i: (x["cost"]["ability"][:3], x["cost"]["points"]) for i, x in k.items()}
    assert cost == {
        "alertness": ("spi", 1), "animal-lore": ("int", 1), "balance": ("spi", 1), "belly-rake": ("str", 2),
        "chomp": ("str", 3), "dash": ("str", 1), "dodge": ("spi", 1), "feint": ("int", 1), "herb-lore": ("int", 1),
        "hide": ("spi", 1), "interpret-dreams": ("spi", 2), "intuition": ("spi", 1), "launch": ("str", 3),
        "leap": ("str", 1), "medicine-lore": ("int", 1), "mighty-swat": ("str", 2), "orate": ("spi", 1),
        "pathfinder": ("int", 1), "pin": ("str", 3), "pummel": ("str", 3), "spring": ("str", 3),
        "stalk": ("spi", 1), "track": ("int", 1), "twoleg-lore": ("int", 1), "yowl": ("int", 1)}
    limits = {i: x["max_level"] for i, x in k.items()}
    assert limits == {
        "alertness": 2, "animal-lore": None, "balance": 1, "belly-rake": 2, "chomp": 1, "dash": 1, "dodge": 3,
        "feint": 3, "herb-lore": None, "hide": 1, "interpret-dreams": 2, "intuition": 2, "launch": 2, "leap": 1,
        "medicine-lore": None, "mighty-swat": 2, "orate": None, "pathfinder": 2, "pin": 2, "pummel": 2,
        "spring": 3, "stalk": 1, "track": 2, "twoleg-lore": None, "yowl": 3}
    assert k["launch"]["cost_by_level"]["2"] == {"ability": "spirit", "points": 2}
    assert k["spring"]["cost_by_level"] == {"2": {"ability": "strength", "points": 2},
                                            "3": {"ability": "strength", "points": 1}}
    assert k["launch"]["uses_per_check"] == 4 and k["leap"]["uses_per_check"] == 4


def test_diseases_as_printed():
    """Diseases: daily d100 thresholds, deadlines and progressions."""
    d = {x["id"]: x for x in table("diseases")["diseases"]}
    assert d["whitecough"]["deadline"] == {"days": 7, "becomes": "greencough"}
    assert d["greencough"]["deadline"] == {"days": 14, "becomes": "blackcough"}
    assert d["greencough"]["daily"] == [{"below": 25, "outcome": "death"}]
    assert d["blackcough"]["daily"][0]["below"] == 75 and d["blackcough"]["deadline"]["becomes"] == "death"
    assert d["kitten-cough"]["daily"] == [{"below": 10, "outcome": "death"}, {"above": 60, "outcome": "cure"}]
    assert d["redcough"]["daily"][0]["below"] == 90 and d["yellowcough"]["daily"][0]["below"] == 30
    assert d["yellowcough"]["cures"] == [["lungwort"]]
    assert d["whitecough"]["prevention"]["dc"] == 10 and d["kitten-cough"]["prevention"]["dc"] == 12
    for name in ("greencough", "blackcough"):
        assert {c["disease"]: c["below"] for c in d[name]["complications"]} == {"redcough": 20, "yellowcough": 20}


def test_every_cure_and_treatment_names_a_listed_herb():
    herbs = {h["id"] for h in table("herbs")["herbs"]}
    assert len(herbs) == 49   # 48 described in Medicine + lungwort (named under Yellowcough)
    for d in table("diseases")["diseases"]:
        for option in d["cures"]:
            assert set(option) <= herbs
    for i in table("diseases")["injuries"]:
        assert set(i.get("herbs", [])) <= herbs


def test_character_schema_enums_follow_the_tables():
    s = schema("character")
    jsonschema.Draft202012Validator.check_schema(s)
    props = s["properties"]
    assert set(props["clan"]["enum"]) == {c["id"] for c in table("clans")["clans"]}
    assert set(props["rank"]["enum"]) == {r["id"] for r in table("ranks")["ranks"]}
    creation = props["creation"]["properties"]
    assert set(creation["skills"]["items"]["enum"]) == {x["id"] for x in table("skills")["skills"]}
    assert set(creation["knacks"]["items"]["enum"]) == {x["id"] for x in table("knacks")["knacks"]}


@pytest.mark.skipif(not RULEBOOK.is_file(), reason="the rulebook lives beside the project (../shared/rules), "
                    "not in the repository or the sdist: it is not ours to distribute")
def test_every_herb_is_printed_or_marked_as_not_printed():
    """Medicine: each herb in the data has its rulebook entry with a use, or a note saying
    what the book does not print (lungwort). Yarrow's Usage is the rulebook's last line
    (the file has no final newline), so its uses are printed (ruling 40)."""
    book = RULEBOOK.read_text()
    med = book[book.index("\nMedicine\n"):]
    herbs = table("herbs")["herbs"]
    starts = sorted((med.find("\n" + h["name"]), h) for h in herbs if med.find("\n" + h["name"]) >= 0)
    found = {h["id"] for _, h in starts}
    for h in herbs:
        if h["id"] not in found or not h["uses"]:
            assert h.get("note"), f"{h['id']}: not printed in Medicine, yet not marked as such"
    for k, (i, h) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(med)
        entry = med[i:end]
        assert "Usage:" in entry or h["id"] == "mouse-bile", h["id"]
    yarrow = med[med.index("\nYarrow"):]
    assert "Usage: Extracts poison from wounds" in yarrow and not book.endswith("\n")
    y = next(h for h in herbs if h["id"] == "yarrow")
    assert any("poison" in u for u in y["uses"]) and any("pads" in u for u in y["uses"])


def test_tables_come_through_the_shared_loader():
    """Issue 27: the Warriors tables are read by ``content.load_data`` (plain file reads,
    cached once a process), like every other game's data, not through importlib.resources."""
    from claw.cli.formats.content import load_data

    for name in TABLES:
        assert table(name) is load_data(f"warriors/{name}.json")
