"""Every bundled example's start state comes from core alone: the files read as data, the
dice a ``SeededDice(seed)``, and the game part and rng position equal, byte for byte, to
what ``claw new FILE --seed S`` writes (issue 20's core set-up; issue 24's simulator
sets games up this way)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from claw.cli.formats.content import load_data
from claw.cli.testing import run
from claw.cli.validation.diagnostics import check_file
from claw.core.rng import SeededDice

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples"


def _read(path: Path) -> dict:
    report = check_file(str(path))
    assert report.ok, path
    return report.data


def _dump(obj) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False)


def _cli(words: list[str], seed: int) -> dict:
    r = run(["new", *words, "--seed", str(seed)])
    assert r.code == 0, r.stderr
    return json.loads(r.stdout)


def _msm(name: str, seed: int, campaign: str | None = None) -> tuple[dict, dict]:
    from claw.core.msm.start import StartFiles, start_state

    path = EX / "msm" / name
    doc = _read(path)
    decks = [_read(path.parent / rel) for rel in doc.get("loot_files", [])]
    here = os.getcwd()
    paths = [os.path.relpath(path.parent / rel, here) for rel in doc.get("loot_files", [])]
    camp, camp_decks = None, []
    if campaign:
        camp_path = EX / "msm" / campaign
        camp = _read(camp_path)
        camp_decks = [_read(camp_path.parent / rel) for rel in camp.get("loot_decks", [])]
        camp["loot_decks"] = [os.path.relpath(camp_path.parent / rel, here) for rel in camp["loot_decks"]]
    files = StartFiles(heroes=load_data("msm/heroes.yaml"), decks=decks, loot_paths=paths, campaign=camp,
                       campaign_decks=camp_decks, campaign_source=campaign)
    dice = SeededDice(seed)
    source = os.path.relpath(path, here)
    state, _events = start_state(doc, dice, files, source=source)
    return state, dice.to_json()


def _ratcatcher(name: str, seed: int) -> tuple[dict, dict]:
    from claw.core.ratcatcher.setup import new_game

    path = EX / "ratcatcher" / name
    scenario = _read(path)
    parts = {key: _read(path.parent / scenario[key]) for key in ("character", "nemesis", "townships", "peculiar")}
    dice = SeededDice(seed)
    scenario = dict(scenario, options=dict(scenario.get("options", {})))
    state, _events = new_game(scenario, parts["character"], parts["nemesis"], parts["townships"],
                              parts["peculiar"], load_data("ratcatcher/rules.yaml"), dice)
    return state, dice.to_json()


def _mice(name: str, seed: int) -> tuple[dict, dict]:
    from claw.core.mice.setup import new_state

    dice = SeededDice(seed)
    result = new_state(_read(EX / "mice" / name), load_data("mice/tiles.json"))
    return result.state, dice.to_json()


def _warriors(names: list[str], seed: int) -> tuple[dict, dict]:
    from claw.cli.games.warriors.data import rules
    from claw.cli.games.warriors.handlers import DEFAULT_OPTIONS
    from claw.core.warriors.character import build
    from claw.core.warriors.party import new_party

    cats = []
    for name in names:
        cat, problems = build(_read(EX / "warriors" / name), rules())
        assert not problems
        cats.append(cat)
    return new_party(cats, DEFAULT_OPTIONS), SeededDice(seed).to_json()


CASES = [
    ("msm", ["scenario-1.yaml"], lambda s: _msm("scenario-1.yaml", s)),
    ("msm", ["scenario-2.yaml"], lambda s: _msm("scenario-2.yaml", s)),
    ("msm", ["large.yaml"], lambda s: _msm("large.yaml", s)),
    ("msm", ["scenario-2.yaml", "--campaign", "examples/msm/campaign-example.yaml"],
     lambda s: _msm("scenario-2.yaml", s, "campaign-example.yaml")),
    ("ratcatcher", ["first-game.yaml"], lambda s: _ratcatcher("first-game.yaml", s)),
    ("mice", ["ghost-of-castle-andon.yaml"], lambda s: _mice("ghost-of-castle-andon.yaml", s)),
    ("warriors", ["bramble.yaml", "cinderpelt.yaml", "emberpaw.yaml", "reedwhisker.yaml", "sloefoot.yaml"],
     lambda s: _warriors(["bramble.yaml", "cinderpelt.yaml", "emberpaw.yaml", "reedwhisker.yaml",
                          "sloefoot.yaml"], s)),
]


@pytest.mark.parametrize("game,words,build", CASES, ids=[f"{c[0]}-{c[1][0]}-{len(c[1])}" for c in CASES])
@pytest.mark.parametrize("seed", [7, 2026])
def test_core_builds_the_start_state_claw_new_writes(game, words, build, seed, monkeypatch):
    """Setting Up (each game): core alone, given the files as data and the dice, gives the
    start state of `claw new FILE --seed S` byte for byte (game part and rng position)."""
    monkeypatch.chdir(ROOT)
    files = [w if w.startswith("-") or w.startswith("examples/") or not w.endswith(".yaml")
             else f"examples/{game}/{w}" for w in words]
    envelope = _cli(files, seed)
    state, rng = build(seed)
    assert envelope["game"] == game
    assert _dump(state) == _dump(envelope["state"])
    assert rng == envelope["rng"]


def test_the_campaign_case_really_carries_the_campaign(monkeypatch):
    """Choose Your Heroes: the campaign case differs from the plain one (so it tests something)."""
    monkeypatch.chdir(ROOT)
    plain, _ = _msm("scenario-2.yaml", 7)
    carried, _ = _msm("scenario-2.yaml", 7, "campaign-example.yaml")
    assert carried["campaign"]["name"] == "Example campaign"
    assert plain["figures"]["guy"]["health"] != carried["figures"]["guy"]["health"]
