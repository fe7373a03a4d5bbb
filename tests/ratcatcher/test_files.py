"""File formats: schemas, rule-level checks, the example content and data (issue item 1)."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from claw.cli.formats.content import load_schema
from claw.cli.testing import run
from tests.ratcatcher.conftest import EX, ROOT, load

SCHEMAS = sorted((ROOT / "schemas").glob("*-ratcatcher.json"))


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schemas_are_2020_12_with_claw_ids(path):
    schema = json.loads(path.read_text())
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == f"urn:claw:schema:{path.stem}"


@pytest.mark.parametrize("name", sorted(p.name for p in EX.glob("*.yaml")))
def test_examples_validate_and_are_marked_illustrative(name):
    r = run(["validate", str(EX / name)])
    assert r.code == 0, r.stderr + r.stdout
    assert load(EX / name)["illustrative"] is True


def test_rules_data_validates():
    """data/ratcatcher/rules.yaml: the numbers the procedures print (64 rats, 10 cheese …)."""
    r = run(["validate", str(ROOT / "data" / "ratcatcher" / "rules.yaml")])
    assert r.code == 0, r.stderr
    from claw.cli.formats.content import load_data

    rules = load_data("ratcatcher/rules.yaml")
    assert rules["sack_size"] == 64 and rules["win_cheese"] == 10 and rules["lose_cheese"] == 10
    assert rules["consume_weight"] == {"common": 1, "peculiar": 3, "nemesis": 5}


def test_example_deck_has_at_least_12_townships(content):
    assert len(content["townships"]["cards"]) >= 12


def test_unknown_keys_are_rejected(tmp_path):
    doc = (EX / "madam-cage.yaml").read_text() + "colour_of_hat: red\n"
    p = tmp_path / "c.yaml"
    p.write_text(doc)
    r = run(["validate", str(p)])
    assert r.code == 3
    assert "colour_of_hat" in r.stdout + r.stderr


BROKEN_DECK = """\
game: ratcatcher
kind: townships
cards:
  - number: 0
    name: Square
    expansion: 1
    zones:
      - {id: a, adjacent: [b, q]}
      - {id: b}
      - {id: z}
    connectors:
      - {id: n, zone: x}
      - {id: e, zone: b}
  - number: 4
    expansion: 2
    zones:
      - {id: a, slots: [start]}
    connectors:
      - {id: s, zone: a}
  - number: 4
    expansion: 1
    zones:
      - {id: a}
    connectors:
      - {id: s, zone: a}
"""


def test_validate_pinpoints_planted_errors_in_a_broken_deck(tmp_path):
    """Issue 5 'done means': unresolved zone/connector ids, no start zone on #00,
    a start zone elsewhere, a duplicate number, an unreachable zone — each at its line."""
    p = tmp_path / "deck.yaml"
    p.write_text(BROKEN_DECK)
    r = run(["validate", str(p)])
    assert r.code == 3
    text = r.stdout + r.stderr
    expect = [
        (8, "adjacent zone the card lacks: 'q'"),
        (7, "needs a start zone"),
        (10, "zone z of #00 cannot be reached"),
        (12, "sits on a zone the card lacks: 'x'"),
        (17, "only township #00 has a start zone"),
        (20, "duplicate township number 4"),
    ]
    for line, message in expect:
        assert any(f"deck.yaml:{line}:" in ln and message in ln for ln in text.splitlines()), (line, message, text)


def test_card_without_connector_is_a_schema_error(tmp_path):
    p = tmp_path / "deck.yaml"
    p.write_text("game: ratcatcher\nkind: townships\ncards:\n  - number: 0\n    expansion: 1\n"
                 "    zones: [{id: a, slots: [start]}]\n    connectors: []\n")
    r = run(["validate", str(p)])
    assert r.code == 3
    assert "deck.yaml:7:" in r.stdout + r.stderr


def test_sack_must_hold_64(tmp_path):
    """Setup 5: the sack holds all 64 Rat tokens."""
    text = (EX / "first-game.yaml").read_text().replace("brown: {count: 24", "brown: {count: 25")
    p = tmp_path / "s.yaml"
    p.write_text(text)
    r = run(["validate", str(p)])
    assert r.code == 3
    assert "= 65" in r.stdout + r.stderr


def test_nemesis_tracker_needs_ten_spaces_and_one_spawn(tmp_path, rules, content):
    from claw.core.ratcatcher.checks import check

    nem = dict(content["nemesis"], tracker=[{}] * 9)
    msgs = [m for _, m in check("nemesis", nem, rules)]
    assert any("exactly 10" in m for m in msgs)
    assert any("no 'Spawn Nemesis'" in m for m in msgs)


def test_character_checks(rules, content):
    from claw.core.ratcatcher.checks import check

    ch = json.loads(json.dumps(content["character"]))
    ch["upgrades"].append({"id": "x", "name": "x", "cost": 1, "effect": {"trap": {"id": "net"}}})
    ch["abilities"][1]["colour"] = "green"
    ch["start_wounds"] = 9
    msgs = [m for _, m in check("character", ch, rules)]
    assert any("'net'" in m for m in msgs)
    assert any("share the token colour" in m for m in msgs)
    assert any("start_wounds 9" in m for m in msgs)


def test_cross_check_scenario_against_board(content):
    from claw.core.ratcatcher.checks import cross_check

    sc = dict(content["scenario"], question_tokens={"potion-purple": 1},
              tallyman=[{"rats": 2, "reward": {"tokens": {"fly": 1}}}])
    msgs = [m for _, m in cross_check(sc, content["character"], None, None, None)]
    assert any("'potion-purple'" in m for m in msgs) and any("'fly'" in m for m in msgs)


def test_schema_command_serves_our_schemas():
    for name in ("townships", "character", "nemesis", "peculiar", "scenario", "state"):
        r = run(["schema", f"{name}-ratcatcher"])
        assert r.code == 0, r.stderr
        assert json.loads(r.stdout)["title"] == load_schema(f"{name}-ratcatcher")["title"]  # bundled, no $id
