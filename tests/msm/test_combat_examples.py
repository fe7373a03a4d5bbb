"""The rulebook's "Attack Examples" on maps drawn to fit them, with the given dice."""

from claw.core.msm.attack import attack
from claw.core.rng import PhysicalDice

from .play_helpers import BESTIARY, cat, rat, state

ROWS = ["........",
        "........",
        "........",
        "........",
        "..~~....",
        "..~~....",
        "........",
        "........"]


def nera_board():
    # Nera on B2; roach A on D2 (next big square: range 1); the Arbalétrier B on B3,
    # an adjacent small square across a yellow line (range 0, hindered).
    figs = {"nera": cat("B2", "shuriken", "tanto"), "rat-1": rat("roach", "D2"),
            "rat-2": rat("arbaletrier", "B3")}
    return state(ROWS, figs, yellow_lines=["B2-B3"])


def test_attack_example_nera_shuriken_stuns_roach_a():
    """Attack Examples: Nera's shuriken at range 1 rolls 7, stunning roach A, which is
    removed to the rat discard pile."""
    st, board = nera_board()
    done = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([7]), weapon="shuriken")
    new, roll = done.state, done.info["roll"]
    assert roll.dice[0].total == 7 and roll.stuns and not roll.wounds
    assert "rat-1" not in new["figures"] and new["rat_discard"] == ["roach"]
    assert new["figures"]["nera"]["ap"] == 1


def test_attack_example_nera_tanto_hindered_misses_arbaletrier():
    """Attack Examples: the tantō at range 0 across a yellow line: 7 - 2 = 5, no effect."""
    st, board = nera_board()
    st = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([7]), weapon="shuriken").state
    done = attack(st, board, BESTIARY, "nera", "rat-2", PhysicalDice([7]), weapon="tanto")
    new, roll = done.state, done.info["roll"]
    assert [m.value for m in roll.modifiers] == [-2]
    assert roll.dice[0].total == 5 and not roll.stuns
    assert new["figures"]["rat-2"]["stunned"] is False and new["figures"]["rat-2"]["wounds"] == 0
    assert new["figures"]["nera"]["ap"] == 0


def leon_board():
    # Leon stands in the yellow area C5:D6 after his stride; the Norwegian Brown is on
    # C7, one big square south, seen across the yellow area's border.
    figs = {"leon": cat("C6", "flintlock-pistol", "rapier"), "rat-1": rat("norwegian-brown", "C7"),
            "adara": cat("B7", "staff",
                          skills=[{"name": "Staff proficiency", "modifier": 1, "weapons": ["staff"]}])}
    return state(ROWS, figs, yellow_lines=["C6-C7"])


def test_attack_example_leon_pistol_in_yellow_area_wounds_brown():
    """Attack Examples: Leon is inside the yellow-bordered area, so no -2; he rolls 8,
    a wound and a stun; the Brown has 2 lives and survives with a wound token."""
    st, board = leon_board()
    done = attack(st, board, BESTIARY, "leon", "rat-1", PhysicalDice([8]), weapon="flintlock-pistol")
    new, roll = done.state, done.info["roll"]
    assert roll.modifiers == []
    assert roll.wounds == 1
    brown = new["figures"]["rat-1"]
    assert brown["wounds"] == 1 and brown["stunned"] is True
    assert "flintlock-pistol" in new["figures"]["leon"]["depleted"]


def test_attack_example_leon_strides_from_range_2_then_fires():
    """Attack Examples: Leon starts at range 2 from the Brown, strides (1 AP) into the
    yellow area, then fires (1 AP) at range 1 without the -2."""
    from claw.core.msm.geometry import range_between
    from claw.core.msm.movement import move_cat
    from claw.core.msm.rounds import spend_ap
    from claw.core.msm.squares import parse_square

    st, board = leon_board()
    st["figures"]["leon"]["square"] = "C4"
    assert range_between(board, parse_square("C4"), parse_square("C7")) == 2
    spend_ap(st, board, "leon", 1, "a stride")
    st, moved = move_cat(board, st, "leon", parse_square("C6"), "stride")
    assert moved[0]["mode"] == "stride"
    assert range_between(board, parse_square("C6"), parse_square("C7")) == 1
    done = attack(st, board, BESTIARY, "leon", "rat-1", PhysicalDice([8]), weapon="flintlock-pistol")
    new, roll = done.state, done.info["roll"]
    assert roll.modifiers == [] and roll.dice[0].total == 8 and roll.wounds == 1
    assert new["figures"]["rat-1"]["wounds"] == 1 and new["figures"]["rat-1"]["stunned"] is True
    assert new["figures"]["leon"]["ap"] == 0


def test_attack_example_adara_staff_twice_eliminates_brown():
    """Attack Examples: Adara +1 (staff skill) +3 (stunned rat): 2 → 6 stuns, no effect on
    a stunned rat; 5 → 9 wounds; the Brown loses its last life and goes to the discard."""
    st, board = leon_board()
    st = attack(st, board, BESTIARY, "leon", "rat-1", PhysicalDice([8]), weapon="flintlock-pistol").state
    done = attack(st, board, BESTIARY, "adara", "rat-1", PhysicalDice([2]), weapon="staff")
    st, events, roll = done.state, done.events, done.info["roll"]
    assert sorted(m.value for m in roll.modifiers) == [1, 3]
    assert roll.dice[0].total == 6 and roll.stuns and not roll.wounds
    assert any(e["type"] == "stun-again" for e in events)
    assert st["figures"]["rat-1"]["wounds"] == 1
    done = attack(st, board, BESTIARY, "adara", "rat-1", PhysicalDice([5]), weapon="staff")
    st, events, roll = done.state, done.events, done.info["roll"]
    assert roll.dice[0].total == 9 and roll.wounds == 1
    assert "rat-1" not in st["figures"] and st["rat_discard"] == ["norwegian-brown"]
    assert st["figures"]["adara"]["ap"] == 0
