"""The rulebook tables as data files, checked by their schemas (msm: "New Foes",
"Les Cafard", "Dramatis Personae", "Cat Level and Skills", "Taverne ... A. Gossip")."""

import json

import pytest
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

from tests.paths import ROOT


def load(path):
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))


def schema(name):
    return json.loads((ROOT / "schemas" / f"{name}.json").read_text())


@pytest.mark.parametrize("data,name", [
    ("data/msm/bestiary.yaml", "bestiary-msm"),
    ("data/msm/heroes.yaml", "heroes-msm"),
    ("data/msm/skills.yaml", "skills-msm"),
    ("data/msm/tavern-events.yaml", "tavern-events-msm"),
    ("data/msm/entries.yaml", "entries-msm"),
    ("examples/msm/loot-illustrative.yaml", "loot-msm"),
    ("examples/msm/campaign-example.yaml", "campaign-msm"),
])
def test_data_file_matches_schema(data, name):
    s = schema(name)
    Draft202012Validator.check_schema(s)
    assert s["$id"] == f"urn:claw:schema:{name}"
    errors = list(Draft202012Validator(s).iter_errors(load(ROOT / data)))
    assert not errors, [e.message for e in errors]


def test_unknown_keys_are_rejected():
    doc = load(ROOT / "data/msm/bestiary.yaml")
    doc["rats"]["roach"]["colour"] = "brown"
    assert list(Draft202012Validator(schema("bestiary-msm")).iter_errors(doc))


def test_bestiary_values_from_new_foes():
    """New Foes: Norwegian Brown health 2, AP 2; mace stun 7 wound 9; pistol range 1 stun 6 wound 8."""
    rats = load(ROOT / "data/msm/bestiary.yaml")["rats"]
    assert (rats["roach"]["health"], rats["roach"]["action_points"]) == (1, 1)
    brown = rats["norwegian-brown"]
    assert (brown["health"], brown["action_points"]) == (2, 2)
    assert [(a["range"], a["stun"], a["wound"]) for a in brown["attacks"]] == [(0, 7, 9), (1, 6, 8)]
    assert brown["attacks"][1]["once_per_scenario"]
    arb = rats["arbaletrier"]
    assert [(a["range"], a["stun"], a["wound"]) for a in arb["attacks"]] == [(2, 7, 10), (0, 8, 11)]
    assert [(a["range"], a["stun"], a["wound"]) for a in rats["detestable"]["attacks"]] == [(0, 7, 10)]
    assert "toxic-stench" in rats["detestable"]["powers"]


def test_tavern_chart_covers_each_d12_face_once():
    """Events chart: 1d12, six events of two faces each."""
    chart = load(ROOT / "data/msm/tavern-events.yaml")
    faces = sorted(r for e in chart["events"] for r in e["rolls"])
    assert faces == list(range(1, 13))


def test_skills_table():
    """Cat Level and Skills: level 3 = three level-1, two level-2, one level-3 skills."""
    table = {row["level"]: row["skills"] for row in load(ROOT / "data/msm/skills.yaml")["levels"]}
    assert table[1] == [1, 0, 0] and table[2] == [2, 1, 0] and table[3] == [3, 2, 1]
