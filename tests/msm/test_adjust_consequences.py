"""Issue 21 item 5 in msm: a correction applies what its value does in play, and a value
play never reaches is refused naming its limit. Rulebook: *Cat Health* (a cat at 0 health
is down and leaves the map; its cards stay where it fell, see Rulings), *Objectives*
(every cat down loses), *Scratch Tokens* (the team holds at most 3)."""

from __future__ import annotations

import pytest

from claw.cli.testing import run
from tests.table import adjust_round_trip, assert_adjust_refused, load, new, ok

GAME = "msm/scenario-1.yaml"


@pytest.fixture
def game(tmp_path):
    return new(tmp_path, GAME, "--seed", "4")


def test_health_0_puts_the_cat_down_as_its_last_wound_does(game):
    """Cat Health: at 0 health nera is down: off the map with no AP, her cards on her
    square, exactly as ``wound_cat`` leaves a cat whose last life a rat took."""
    from claw.core.msm.playstate import wound_cat

    before = load(game)["state"]
    played = {**before, "figures": {k: dict(v) for k, v in before["figures"].items()},
              "loot": {**before["loot"], "table": dict(before["loot"].get("table", {}))}}
    wound_cat(played, "nera", before["figures"]["nera"]["health"], "a rat attack")
    res = ok(["adjust", "nera", "health=0", "--reason", "we forgot a wound", "-s", str(game), "-i"])
    assert "nera is down and leaves the map" in res.stderr
    after = load(game)["state"]
    fig, want = after["figures"]["nera"], played["figures"]["nera"]
    assert fig["down"] and fig["square"] is None and fig["ap"] == 0
    assert {k: fig[k] for k in ("down", "square", "ap", "health", "loot", "weapons", "armour")} == \
        {k: want[k] for k in ("down", "square", "ap", "health", "loot", "weapons", "armour")}
    assert after["loot"]["table"] == played["loot"]["table"]
    r = run(["activate", "nera", "-s", str(game)])
    assert r.code == 4 and "nera is down" in r.stderr


def test_the_last_cat_down_loses_the_scenario(game):
    """Objectives: every cat down is a defeat, checked after the correction as after an action."""
    for cat in ("guy", "adara", "leon"):
        ok(["adjust", cat, "health=0", "--reason", "r", "-s", str(game), "-i", "-q"])
    res = ok(["adjust", "nera", "health=0", "--reason", "r", "-s", str(game), "-i"])
    assert "Defeat: every cat is down" in res.stderr
    assert load(game)["state"]["outcome"]["result"] == "defeat"


def test_the_consequences_are_one_entry_and_one_undo(game):
    entry = adjust_round_trip(game, "nera", "health=0")
    kinds = [e["type"] for e in entry["events"]]
    assert kinds[0] == "correction" and kinds[-1] == "cat-down"
    assert all(e.get("consequence") for e in entry["events"][1:])
    assert not load(game)["state"]["figures"]["nera"].get("down")


def test_values_play_never_reaches_are_refused_naming_the_limit(game):
    """Cat Health (9 lives), a cat's AP a turn, Scratch Tokens (3): refused with the limit,
    the file left byte for byte."""
    assert_adjust_refused(game, [
        ("nera", "health=10", 4, "a cat has 0 to 9 lives"),
        ("nera", "health=1000000000000000000000000000000", 4, "a cat has 0 to 9 lives"),
        ("nera", "ap=3", 4, "nera has at most 2 AP a turn"),
        ("game", "scratch-tokens=4", 4, "the team holds 0 to 3 scratch tokens"),
    ])


def test_msm_has_no_rat_sack_to_correct(game):
    """The Rat Sack is the Ratcatcher's (its limit is tested there); msm's rat pool is a
    deck of markers, corrected by order only."""
    r = run(["adjust", "game", "sack-black=1000000000000000000000000000000", "--reason", "r", "-s", str(game)])
    assert r.code == 2 and "no adjustable 'sack-black'" in r.stderr
