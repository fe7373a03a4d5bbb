"""The round: "Sequence of Play" (initiative, turns, end segment), "Cat Actions"
(status markers, AP, activations), Toxic Stench, the round track wrapping."""

import pytest
from hypothesis import given
from hypothesis import strategies as st_

from claw.core.errors import IllegalAction, UsageError
from claw.core.msm import rounds
from claw.core.msm.rounds import roll_initiative
from claw.core.rng import PhysicalDice

from .play_helpers import BESTIARY, cat, rat, state

OPEN = ["........"] * 8


@pytest.mark.parametrize("cats,rats_die,leader,winner,first", [
    (5, 9, False, "cats", "cats"),     # 9 - 4 = 5: a tie, the players choose (cats by default)
    (5, 10, False, "rats", "rats"),    # 10 - 4 = 6 > 5
    (6, 9, False, "cats", "cats"),
    (5, 9, True, "rats", "rats"),      # Leader of the Pack: no -4
    (12, 12, True, "cats", "cats"),    # tie without the -4
])
def test_initiative_two_d12_rats_minus_four(cats, rats_die, leader, winner, first):
    """Initiative Segment: roll two d12, subtract 4 from the rats' die; higher wins."""
    ini = roll_initiative(PhysicalDice([cats, rats_die]), leader)
    assert ini["first"] == first and (ini["winner"] == winner or ini["winner"] == "tie")


def test_rats_always_choose_to_go_first_and_cats_may_let_them():
    """Players can choose to go first or allow the rats; rats always choose to go first."""
    assert roll_initiative(PhysicalDice([2, 12]), False, cats_choice="cats")["first"] == "rats"
    assert roll_initiative(PhysicalDice([12, 1]), False, cats_choice="rats")["first"] == "rats"
    with pytest.raises(UsageError):
        roll_initiative(PhysicalDice([12, 1]), False, cats_choice="dogs")


@given(st_.integers(1, 12), st_.integers(1, 12), st_.booleans())
def test_initiative_winner_is_the_higher_total(c, r, leader):
    ini = roll_initiative(PhysicalDice([c, r]), leader)
    total = r - (0 if leader else 4)
    assert ini["winner"] == ("rats" if total > c else "cats" if c > total else "tie")
    assert ini["first"] == ("rats" if total > c else "cats")


def test_a_whole_round_goes_through_every_phase_and_wraps_the_track():
    """Sequence of Play: initiative, two turns, end segment; the round marker moves
    right and goes back to the first space after the last."""
    st, board = state(OPEN, {"nera": cat("A1"), "rat-1": rat("roach", "H8")}, phase="initiative",
                      track=[[], []])
    st["round"]["space"] = 1
    seen = []
    dice = PhysicalDice([12, 1])            # cats win
    for _ in range(4):
        st, events = rounds.step(st, board, dice, BESTIARY)
        seen.append(st["phase"])
    assert seen == ["cats", "rats", "end", "initiative"]
    assert st["round"]["space"] == 0 and st["round"]["number"] == 2


def test_cats_turn_start_removes_status_markers_and_gives_ap():
    """Cat Actions: when the turn starts, remove any status markers on the cats; 2 AP."""
    st, board = state(OPEN, {"nera": cat("A1", stunned=True, vulnerable=True, max_ap=3)}, phase="initiative")
    st, events = rounds.step(st, board, PhysicalDice([12, 1]), BESTIARY)
    nera = st["figures"]["nera"]
    assert st["phase"] == "cats" and not nera["stunned"] and not nera["vulnerable"] and nera["ap"] == 3


def test_keep_cat_stun_option():
    """Ruling (option): with cat_stun=keep the stun stays until removed for 1 AP."""
    st, board = state(OPEN, {"nera": cat("A1", stunned=True)}, phase="initiative")
    st, _ = rounds.step(st, board, PhysicalDice([12, 1]), BESTIARY, cat_stun="keep")
    assert st["figures"]["nera"]["stunned"]


def test_activation_one_cat_at_a_time():
    """Cat Actions: cats activate one at a time; an ended activation does not come back."""
    st, board = state(OPEN, {"nera": cat("A1", ap=2), "leon": cat("C1", ap=2)})
    rounds.spend_ap(st, board, "nera", 1, "x")
    rounds.spend_ap(st, board, "leon", 1, "x")
    assert st["figures"]["nera"]["ap"] == 0 and st["active"] == "leon"
    with pytest.raises(IllegalAction, match="already been activated"):
        rounds.spend_ap(st, board, "nera", 0, "x")


def test_toxic_stench_wounds_a_cat_activating_in_its_big_square():
    """Toxic Stench: any cat activating in the big square takes 1 wound."""
    st, board = state(OPEN, {"nera": cat("B2", ap=2)}, toxic_stench=["0,0"])
    events = rounds.activate(st, board, "nera")
    assert st["figures"]["nera"]["health"] == 8
    assert any(e["type"] == "cat-wounded" for e in events)


def test_rats_turn_then_spawn_then_next_turn():
    """Spawning happens after all rats have been activated (rats' turn close)."""
    rows = ["S.......", "........", "........", "........", "........", "........", "........", "........"]
    st, board = state(rows, {"nera": cat("H8")}, phase="rats", track=[["S"]], pool=["roach"])
    st["round"]["first"] = "rats"
    st, events = rounds.step(st, board, PhysicalDice([]), BESTIARY)
    assert any(e["type"] == "spawn" for e in events) and st["phase"] == "cats"


def test_game_over_refuses_more_steps():
    st, board = state(OPEN, {"nera": cat("A1")}, outcome={"result": "victory", "why": "x"})
    with pytest.raises(IllegalAction, match="over"):
        rounds.step(st, board, PhysicalDice([]), BESTIARY)


def test_a_one_on_the_cats_initiative_die_gives_a_scratch_token():
    """Scratch Rule: "if you roll a 1 you may … take" a token; it is taught in scenario 1,
    where the only dice are the initiative pair, so the cats' initiative die counts (the
    rats' die does not: it is not a cat's roll). Declining is an option; the team holds 3
    at most."""
    st, board = state(OPEN, {"nera": cat("A1")}, phase="initiative")
    new, events = rounds.step(st, board, PhysicalDice([1, 5]), BESTIARY)
    assert new["scratch_tokens"] == 1 and any(e["type"] == "scratch-take" for e in events)
    new, _ = rounds.step(st, board, PhysicalDice([1, 5]), BESTIARY, take_scratch=False)
    assert new["scratch_tokens"] == 0
    new, _ = rounds.step(st, board, PhysicalDice([5, 1]), BESTIARY)
    assert new["scratch_tokens"] == 0
    st["scratch_tokens"] = 3
    new, events = rounds.step(st, board, PhysicalDice([1, 5]), BESTIARY)
    assert new["scratch_tokens"] == 3 and any(e["type"] == "scratch-full" for e in events)
