"""The rats' turn: "Rat Actions", "Rat Attack", "Unrevealed Rat Markers", "Roaches
Are Different", Leader of the Pack, "Tied for Closest"."""

import copy

from claw.core.msm.rat_turn import rats_turn
from claw.core.rng import PhysicalDice

from .play_helpers import BESTIARY, cat, rat, state

OPEN = ["........"] * 8


def run(st, board, dice=(), choices=None):
    return rats_turn(copy.deepcopy(st), board, PhysicalDice(list(dice)), BESTIARY, choices)


def test_movement_example_roach_goes_for_the_closest_cat():
    """Movement example: the roach goes for Nera (2 moves), not Leon (5 moves)."""
    st, board = state(OPEN, {"nera": cat("C1"), "leon": cat("H6"), "rat-1": rat("roach", "C3")}, phase="rats")
    new, events = run(st, board)
    assert new["figures"]["rat-1"]["square"] == "C2"
    assert any(e["type"] == "rat-move" and e["toward"] == "nera" for e in events)


def test_roach_in_a_cats_square_wounds_it_and_is_discarded():
    """Roaches Are Different: 1 wound to the cat, the roach goes to the discard pile."""
    st, board = state(OPEN, {"nera": cat("C1"), "rat-1": rat("roach", "C1")}, phase="rats")
    new, events = run(st, board)
    assert new["figures"]["nera"]["health"] == 8
    assert "rat-1" not in new["figures"] and new["rat_discard"] == ["roach"]


def test_roach_reaching_a_cat_bites_with_its_second_ap():
    """Leader of the Pack gives the roach 2 AP: it moves onto the cat, then bites."""
    st, board = state(OPEN, {"nera": cat("C1"), "rat-1": rat("roach", "C2"),
                             "rat-2": rat("norwegian-brown", "H8")}, phase="rats")
    new, events = run(st, board, dice=[2, 2])
    assert "rat-1" not in new["figures"] and new["figures"]["nera"]["health"] == 8


def test_stunned_rat_spends_all_ap_removing_the_stun():
    """Rat Actions: Remove Stun Marker costs all AP."""
    st, board = state(OPEN, {"nera": cat("A1"), "rat-1": rat("norwegian-brown", "A2", stunned=True)},
                      phase="rats")
    new, events = run(st, board)
    assert new["figures"]["rat-1"]["stunned"] is False
    assert new["figures"]["nera"]["health"] == 9 and not any(e["type"] == "attack-roll" for e in events)


def test_rat_attacks_when_a_cat_is_in_range_and_sight():
    """Rat Attack: a target in range and LOS is attacked; otherwise the rat moves."""
    st, board = state(OPEN, {"nera": cat("A1"), "rat-1": rat("arbaletrier", "A5")}, phase="rats")
    new, events = run(st, board, dice=[12])
    assert new["figures"]["rat-1"]["square"] == "A5"
    assert new["figures"]["nera"]["health"] == 8


def test_rat_out_of_range_moves_then_attacks_with_leader_ap():
    """A Norwegian Brown has 2 AP: it moves toward the cat, then attacks once in range."""
    st, board = state(OPEN, {"nera": cat("A1"), "rat-1": rat("norwegian-brown", "A5")}, phase="rats")
    new, events = run(st, board, dice=[12])
    kinds = [e["type"] for e in events]
    assert "rat-move" in kinds and "attack-roll" in kinds
    assert new["figures"]["rat-1"]["depleted"] == ["pistol"]


def test_face_down_marker_has_one_ap_even_with_a_leader():
    """Unrevealed Rat Markers: only 1 AP and no powers."""
    rows = ["....#...", "....#...", "....#...", "....#...", "....#...", "....#...", "........", "........"]
    st, board = state(rows, {"nera": cat("A1"), "rat-1": rat("detestable", "H1", revealed=False),
                             "rat-2": rat("norwegian-brown", "H2", revealed=True)}, phase="rats")
    new, events = run(st, board, dice=[2, 2, 2, 2])
    act = next(e for e in events if e["type"] == "rat-activate" and e["figure"] == "rat-1")
    assert act["ap"] == 1


def test_activation_order_closest_first():
    """Rat Actions: activate starting with the rat closest to a cat."""
    st, board = state(OPEN, {"nera": cat("A1"), "rat-1": rat("roach", "H8"), "rat-2": rat("roach", "A4")},
                      phase="rats")
    _, events = run(st, board)
    order = [e["figure"] for e in events if e["type"] == "rat-activate"]
    assert order == ["rat-2", "rat-1"]


def test_tied_closest_cats_are_reported_and_choosable():
    """Tied for Closest: the player chooses; default first, alternatives reported."""
    st, board = state(OPEN, {"nera": cat("A1"), "leon": cat("A7"), "rat-1": rat("roach", "A4")}, phase="rats")
    new, events = run(st, board)
    tie = next(e for e in events if e.get("tie") == "closest-cat")
    assert set([tie["chosen"]] + tie["alternatives"]) == {"nera", "leon"}
    other = tie["alternatives"][0]
    new2, _ = run(st, board, choices={"rat-1": other})
    assert new2["figures"]["rat-1"]["square"] != new["figures"]["rat-1"]["square"]


def test_tied_activation_order_choosable():
    st, board = state(OPEN, {"nera": cat("D4"), "rat-1": rat("roach", "D1"), "rat-2": rat("roach", "D7")},
                      phase="rats")
    _, events = run(st, board, choices={"first": ["rat-2"]})
    order = [e["figure"] for e in events if e["type"] == "rat-activate"]
    assert order[0] == "rat-2"
    assert any(e.get("tie") == "activation" for e in events)


def test_rat_beside_a_cat_across_a_wall_stays_or_goes_round_by_option():
    """Rat Attack with board ruling 9: the Détestable beside Nera across a wall cannot
    attack (no LOS); by default it is adjacent and stays, with --rat-wall apart it moves
    toward an open side of the cat."""
    st, board = state(OPEN, {"nera": cat("B1"), "rat-1": rat("detestable", "A1")}, walls=["A1-B1"],
                      phase="rats")
    new, events = run(st, board)
    assert new["figures"]["rat-1"]["square"] == "A1"
    assert any(e["type"] == "rat-stays" and "--rat-wall apart" in e["text"] for e in events)
    st["options"]["rat_wall"] = "apart"
    new, events = run(st, board)
    assert new["figures"]["rat-1"]["square"] == "A2"
