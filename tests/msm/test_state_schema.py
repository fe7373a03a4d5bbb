"""The msm state schema types every field (issue 21, item 1)."""

from __future__ import annotations

import json

from claw.cli.formats.content import load_data
from tests.paths import SCHEMAS


def test_the_state_schemas_rat_types_are_the_bestiarys():
    """"Rat Types" (the bestiary): a state names only rats the bestiary describes; the
    schema's list and data/msm/bestiary.yaml are kept equal by this test."""
    schema = json.loads((SCHEMAS / "state-msm.json").read_text(encoding="utf-8"))
    assert sorted(schema["$defs"]["rat_type"]["enum"]) == sorted(load_data("msm/bestiary.yaml")["rats"])


def test_an_unknown_rat_type_is_refused_by_validate_naming_the_bestiary(tmp_path):
    from claw.cli.testing import run
    from tests.paths import EXAMPLES

    made = run(["new", str(EXAMPLES / "msm" / "scenario-1.yaml"), "--seed", "3"])
    envelope = json.loads(made.stdout)
    envelope["state"]["rat_pool"][0] = "dragon"
    r = run(["validate", "-"], stdin=json.dumps(envelope))
    assert r.code == 3 and "dragon" in r.stdout + r.stderr
    r = run(["show", "-s", "-"], stdin=json.dumps(envelope))
    assert r.code == 3 and "not in the bestiary" in r.stderr


def test_every_initiative_roll_the_rule_returns_is_a_state_the_schema_takes():
    """"Tied for Closest" / initiative: a tie is recorded as winner "tie" (the cats choose);
    every roll of the two d12, with and without the Leader, fits the state schema's round."""
    from jsonschema import Draft202012Validator

    from claw.core.msm.rounds import roll_initiative
    from claw.core.rng import PhysicalDice

    schema = json.loads((SCHEMAS / "state-msm.json").read_text(encoding="utf-8"))
    initiative = Draft202012Validator(schema["properties"]["round"]["properties"]["initiative"])
    winners = set()
    for leader in (False, True):
        for cats in range(1, 13):
            for rats in range(1, 13):
                ini = roll_initiative(PhysicalDice([cats, rats]), leader)
                winners.add(ini["winner"])
                assert not list(initiative.iter_errors(ini)), ini
    assert winners == {"cats", "rats", "tie"}
