"""Issue 23 item 7 for the Ratcatcher: `claw show` names the potions (special-ability
tokens, by colour) and upgrade slots; `claw show ID` gives the Ratcatcher, the Nemesis or
a Peculiar Rat in full."""

from __future__ import annotations

import json

from claw.cli.testing import run
from tests.paths import ROOT

FIRST = ROOT / "examples/ratcatcher/first-game.yaml"


def _game(tmp_path):
    path = tmp_path / "rc.json"
    assert run(["new", str(FIRST), "--seed", "1", "-o", str(path), "-q"]).code == 0
    return path


def test_show_names_the_potions_by_colour_and_the_upgrades(tmp_path):
    """Character Board (Setup: potions by colour on the special-ability icons; upgrade slots)."""
    res = run(["show", "-s", str(_game(tmp_path))], env={"COLUMNS": None})
    assert res.code == 0, res.stderr
    assert "  potions (special abilities): smoke (green) 2/2, lure (blue) locked" in res.stdout
    assert "  upgrades: attack-up 0/2, health-up 0/2, move-up 0/3, cage-up 0/2" in res.stdout


def test_show_id_gives_the_ratcatcher_in_full(tmp_path):
    path = _game(tmp_path)
    before = path.read_bytes()
    res = run(["show", "madam-cage", "-s", str(path)], env={"COLUMNS": None})
    assert res.code == 0, res.stderr
    assert res.stdout.startswith("Madam Cage (madam-cage), in zone 0.a")
    assert "    Smoke Bomb (smoke, green potion): 2/2 — +1 defence until the end of the turn" in res.stdout
    assert "    +1 wound (health-up): 0/2 cheese" in res.stdout and "Peculiar reward cards: none" in res.stdout
    data = json.loads(run(["show", "madam-cage", "--json", "-s", str(path)]).stdout)
    assert [p["id"] for p in data["holdings"]["potions"]] == ["smoke", "lure"]
    assert path.read_bytes() == before


def test_show_id_gives_the_nemesis_and_refuses_a_picture(tmp_path):
    path = _game(tmp_path)
    res = run(["show", "rat-king", "-s", str(path)])
    assert res.code == 0 and "the Nemesis: not yet spawned" in res.stdout
    assert run(["show", "rat-king", "--svg", "-s", str(path)]).code == 2
    assert run(["show", "madam", "-s", str(path)]).code == 2
