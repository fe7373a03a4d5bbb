"""Issue 15 item 3 in The Ratcatcher: a correction must pass the state check. Character
Board, *Wounds*: the Ratcatcher never has more wounds than its track holds (the Nemesis
likewise on its own wound tracker); `claw adjust ratcatcher wounds=99` was accepted."""

import pytest

from claw.cli.testing import run
from tests.table import adjust_round_trip, load, new


@pytest.fixture
def city(tmp_path):
    return new(tmp_path, "ratcatcher/first-game.yaml", "--seed", "7")


@pytest.mark.parametrize("target", ["ratcatcher", "nemesis"])
def test_more_wounds_than_the_track_is_refused(city, target):
    before = city.read_bytes()
    most = load(city)["state"][target]["stats"]["wounds"]
    res = run(["adjust", target, f"wounds={most + 1}", "--reason", "r", "-s", str(city), "-i"])
    assert res.code == 4 and "wound track" in res.stderr, res.stderr
    assert city.read_bytes() == before


@pytest.mark.parametrize("target", ["ratcatcher", "nemesis"])
def test_wounds_within_the_track_are_accepted_and_undone(city, target):
    most = load(city)["state"][target]["stats"]["wounds"]
    adjust_round_trip(city, target, f"wounds={most - 1}")
