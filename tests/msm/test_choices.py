"""Tied for Closest ("Any time there is a tie in the game then the player chooses"):
`scenario-step --choose` settles the rats' ties; a choice that matches none of the ties
that came up is refused (exit 4) with the real alternatives, never dropped in silence."""

import copy
import json

import pytest

from claw.cli.store.statefile import dump_state, new_envelope
from claw.cli.testing import run
from claw.core.errors import IllegalAction
from claw.core.msm.rat_turn import rats_turn
from claw.core.rng import PhysicalDice

from .play_helpers import BESTIARY, cat, rat, state

OPEN = ["........"] * 8


def tied_state():
    """rat-1 on D4 is 5 moves from Nera (A1) and from Leon (G7): tied on the cat, and
    tied on its first step toward either (D3/C4 toward Nera, E4/D5 toward Leon)."""
    return state(OPEN, {"nera": cat("A1"), "leon": cat("G7"), "rat-1": rat("detestable", "D4")}, phase="rats")


def turn(choices):
    st, board = tied_state()
    new, events = rats_turn(copy.deepcopy(st), board, PhysicalDice([]), BESTIARY, choices)
    return new, events


def test_default_is_the_first_cat_and_the_first_step_north():
    new, events = turn(None)
    assert new["figures"]["rat-1"]["square"] == "D3"
    ties = {e["tie"] for e in events if e["type"] == "tie"}
    assert ties == {"closest-cat", "step"}


def test_a_rat_tied_on_cat_and_step_takes_both_choices():
    """Tied for Closest: the rat is tied on its target cat and on its first step; both
    choices apply together (Leon, then the south step D5)."""
    new, _ = turn({"rat-1": ["leon", "D5"]})
    assert new["figures"]["rat-1"]["square"] == "D5"
    new, _ = turn({"rat-1": ["leon"]})
    assert new["figures"]["rat-1"]["square"] == "E4"


def test_a_step_toward_either_tied_cat_is_accepted_on_its_own():
    """Tied for Closest: the rat is tied between Nera and Leon, so any shortest first step
    toward either is the players' choice; `--choose rat-1=D5` alone (a step toward Leon)
    is taken, and it sends the rat for Leon, without `rat-1=leon` as well."""
    new, events = turn({"rat-1": ["D5"]})
    assert new["figures"]["rat-1"]["square"] == "D5"
    move = next(e for e in events if e["type"] == "rat-move")
    assert move["toward"] == "leon"
    new, _ = turn({"rat-1": ["C4"]})                    # a step toward the default cat still works
    assert new["figures"]["rat-1"]["square"] == "C4"


def test_a_step_toward_no_tied_cat_is_refused_naming_every_legal_step():
    """Tied for Closest: the refusal names the legal set, the steps toward every tied cat."""
    with pytest.raises(IllegalAction) as err:
        turn({"rat-1": ["H2"]})
    assert "first steps toward the tied cats D3, C4, E4, D5" in str(err.value)


@pytest.mark.parametrize("choices, named", [
    ({"rat-1": ["H2"]}, "first steps toward nera D3, C4"),          # not one of its tied steps
    ({"rat-1": ["leon", "D3"]}, "first steps toward leon E4, D5"),  # a step toward the other cat
    ({"rat-1": ["sekhmet"]}, "closest cats nera, leon"),            # not a tied cat
    ({"rat-99": ["nera"]}, "no figure rat-99 on the map (rats: rat-1)"),
    ({"first": ["rat-8"]}, "not in a group of rats tied for closest"),
])
def test_a_choice_that_matches_nothing_is_refused_with_the_alternatives(choices, named):
    with pytest.raises(IllegalAction) as err:
        turn(choices)
    assert named in str(err.value)


@pytest.mark.parametrize("choices, named", [
    ({"rat-1": ["D3", "C4"]}, "rat-1=C4: rat-1 was also given D3 for the same tie"),
    ({"rat-1": ["nera", "leon"]}, "rat-1=leon: rat-1 was also given nera for the same tie"),
])
def test_two_choices_for_one_tie_are_refused_as_a_conflict(choices, named):
    """Tied for Closest: the player makes one choice at a tie. Two values for the same tie
    (both real options) are refused as a conflict, not as "not one of its tied choices"
    while the refused value is listed among them (issue 14, item 8)."""
    with pytest.raises(IllegalAction) as err:
        turn(choices)
    assert named in str(err.value)
    assert "not one of" not in str(err.value)


def test_a_rat_without_a_tie_says_so():
    st, board = state(OPEN, {"nera": cat("A1"), "rat-1": rat("detestable", "A4")}, phase="rats")
    with pytest.raises(IllegalAction, match="it had no tie to settle"):
        rats_turn(st, board, PhysicalDice([]), BESTIARY, {"rat-1": ["nera"]})


def test_first_choice_among_the_tied_group():
    st, board = state(OPEN, {"nera": cat("D4"), "rat-1": rat("roach", "D1"), "rat-2": rat("roach", "D7"),
                             "rat-3": rat("roach", "H8")}, phase="rats")
    with pytest.raises(IllegalAction, match=r"first=rat-3: .*tied groups: rat-1, rat-2"):
        rats_turn(copy.deepcopy(st), board, PhysicalDice([]), BESTIARY, {"first": ["rat-3"]})


# --- through the CLI -----------------------------------------------------------------------


@pytest.fixture
def tied_file(tmp_path):
    st, _ = tied_state()
    env = new_envelope("msm", 1)
    env["state"] = st
    path = tmp_path / "tied.json"
    path.write_text(dump_state(env))
    return path


def step(path, *choose):
    args = ["scenario-step", "-s", str(path)]
    for c in choose:
        args += ["--choose", c]
    return run(args)


@pytest.mark.parametrize("choose", [["rat-1=H2"], ["rat-1=sekhmet"], ["rat-99=nera"], ["first=rat-8"]])
def test_cli_refuses_a_choice_that_matches_nothing_exit_4(tied_file, choose):
    before = tied_file.read_text()
    r = step(tied_file, *choose)
    assert r.code == 4 and "--choose matched nothing" in r.stderr and "Traceback" not in r.stderr
    assert tied_file.read_text() == before


def test_cli_takes_every_occurrence_of_choose(tied_file):
    """`--choose` given twice keeps both (before, only the last one counted)."""
    r = step(tied_file, "rat-1=leon", "rat-1=D5")
    assert r.code == 0, r.stderr
    assert json.loads(r.stdout)["state"]["figures"]["rat-1"]["square"] == "D5"
    r = step(tied_file, "rat-1=leon,rat-1=D5")
    assert json.loads(r.stdout)["state"]["figures"]["rat-1"]["square"] == "D5"


def test_cli_choose_outside_the_rats_turn_is_refused(tied_file):
    env = json.loads(tied_file.read_text())
    env["state"]["phase"] = "end"
    tied_file.write_text(json.dumps(env))
    r = step(tied_file, "rat-1=leon")
    assert r.code == 4 and "ran none" in r.stderr
