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
