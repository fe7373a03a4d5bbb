"""Issue 23 item 7 for msm: `claw show` lists what each cat holds (Loot Cards: weapon,
armour and loot slots; Depleted weapons) and `claw show ID` shows one figure in full."""

from __future__ import annotations

import json

from claw.cli.testing import run
from claw.core.msm.holdings import holdings
from tests.paths import ROOT

SCENARIO_2 = ROOT / "examples/msm/scenario-2.yaml"


def _game(tmp_path):
    game = tmp_path / "game.json"
    assert run(["new", str(SCENARIO_2), "--seed", "7", "-o", str(game), "-q"]).code == 0
    env = {"CLAW_STATE": str(game), "COLUMNS": None}  # a pipe: whole lines, not wrapped
    assert run(["entry", "2", "--hero", "leon", "-q"], env=env).code == 0  # Leon takes two loot cards
    return game, env


def test_show_lists_each_cat_s_cards(tmp_path):
    """Loot Cards: a cat keeps weapons, armour and loot; the board's figure list says which."""
    _, env = _game(tmp_path)
    res = run(["show"], env=env)
    assert res.code == 0, res.stderr
    lines = res.stdout.splitlines()
    leon = next(i for i, line in enumerate(lines) if line.split()[1:2] == ["leon"])
    assert lines[leon + 1].strip() == ("holds: weapons Charleville Musket, Rapier · loot Tome of Fencing, "
                                       "Healing Draught")
    assert not any("holds:" in line for line in lines if "rat-" in line)


def test_show_id_gives_one_cat_in_full_and_changes_nothing(tmp_path):
    """`claw show leon`: each card with its values and ability; the state is not written."""
    game, env = _game(tmp_path)
    before = game.read_bytes()
    res = run(["show", "leon"], env=env)
    assert res.code == 0, res.stderr
    assert res.stdout.startswith("leon on B")
    assert "    Rapier (rapier): 1 die, stun 6, wound 9, range 0, 1 hand" in res.stdout
    assert "  armour: none" in res.stdout and "    Tome of Fencing (tome-of-fencing): level 1" in res.stdout
    data = json.loads(run(["show", "leon", "--json"], env=env).stdout)
    assert [h["id"] for h in data["holdings"]] == ["charleville-musket", "rapier", "tome-of-fencing",
                                                   "healing-draught"]
    assert game.read_bytes() == before


def test_show_id_keeps_a_face_down_rat_hidden_and_refuses_an_unknown_id(tmp_path):
    game, env = _game(tmp_path)
    state = json.loads(game.read_text())["state"]
    hidden = next(f for f, v in state["figures"].items() if v["side"] == "rat" and not v["revealed"])
    res = run(["show", hidden], env=env)
    assert res.code == 0 and "face-down" in res.stdout and state["figures"][hidden]["type"] not in res.stdout
    res = run(["show", "lon"], env=env)
    assert res.code == 2 and "did you mean leon?" in res.stderr


def test_a_depleted_weapon_is_marked():
    """Brace of Pistols, once per scenario: after its shot it is Depleted."""
    pistols = {"id": "brace-of-pistols", "name": "Brace of Pistols", "type": "weapon", "level": 1}
    fig = {"side": "cat", "weapons": [pistols], "armour": None, "loot": [], "depleted": ["brace-of-pistols"]}
    assert holdings(fig)[0]["depleted"] is True
    assert holdings({"side": "rat", "type": "roach"}) == []
