"""Issue 12 item 3: "did you mean …" for near-miss spellings, in the shared commands too
(click's own "Possible options" list became a suggestion like the game commands give),
for schema names, and for the figure ids and keys of `claw adjust` (issue 15 item 3)."""

import pytest

from claw.cli.testing import run
from tests.table import EXAMPLES


@pytest.mark.parametrize(("args", "meant"), [
    (["roll", "2d12", "--odd"], "--odds"),
    (["roll", "2d12", "--jsn"], "--json"),
    (["lookup", "prey", "--game", "warriors", "--jsn"], "--json"),
    (["log", "--lst", "1"], "--last"),
])
def test_a_shared_command_suggests_the_option_meant(args, meant):
    res = run(args)
    assert res.code == 2
    first = res.stderr.splitlines()[0]
    assert first.startswith("claw: no such option") and f"did you mean {meant}?" in first, res.stderr


def test_an_option_nothing_is_near_gets_no_suggestion():
    res = run(["roll", "2d12", "--zzzzzz"])
    assert res.code == 2 and "did you mean" not in res.stderr and "--zzzzzz" in res.stderr


def test_a_schema_name_misspelt_gets_a_suggestion():
    res = run(["schema", "scenario-mssm"])
    assert res.code == 2 and "did you mean scenario-msm?" in res.stderr


@pytest.fixture
def msm_state(tmp_path):
    res = run(["new", str(EXAMPLES / "msm/scenario-1.yaml"), "--seed", "7", "-q", "-o", str(tmp_path / "g.json")])
    assert res.code == 0, res.stderr
    return tmp_path / "g.json"


def test_adjust_suggests_the_figure_and_the_key_meant(msm_state):
    before = msm_state.read_bytes()
    res = run(["adjust", "nerra", "health=7", "--reason", "typo", "-s", str(msm_state), "-i"])
    assert res.code == 2 and "did you mean nera?" in res.stderr, res.stderr
    res = run(["adjust", "nera", "helth=7", "--reason", "typo", "-s", str(msm_state), "-i"])
    assert res.code == 2 and "did you mean health?" in res.stderr, res.stderr
    assert msm_state.read_bytes() == before


def test_a_misspelt_square_gets_a_suggestion(msm_state):
    """Issue 12 item 3 names squares among the words that get "did you mean"."""
    res = run(["move", "nera", "B1O", "-s", str(msm_state), "-i"])
    assert res.code == 2 and "did you mean" in res.stderr and "B10" in res.stderr.split("did you mean")[1], res.stderr
    res = run(["los", "nera", "E9O", "-s", str(msm_state)])
    assert res.code == 2 and "E9" in res.stderr.split("did you mean")[1], res.stderr
    res = run(["los", "nerra", "E9", "-s", str(msm_state)])  # a figure id still finds the figure
    assert "did you mean nera?" in res.stderr, res.stderr


def test_a_square_off_the_map_gets_the_range_not_a_guess(msm_state):
    res = run(["los", "nera", "P13", "-s", str(msm_state)])
    assert res.code == 2 and "off the map" in res.stderr and "did you mean" not in res.stderr, res.stderr


def test_a_move_destination_that_is_no_square_says_so(msm_state):
    res = run(["move", "nera", "B1O", "-s", str(msm_state), "-i"])
    assert res.stderr.startswith("claw: not a square name") and "figures: none" not in res.stderr
