"""Spawning: "Spawning", "The Following Rules Apply to All Rat Spawns", Scenario Book
Rules Layout E (standard spawn), set-aside (orange) rats."""

import pytest

from claw.core.errors import IllegalAction
from claw.core.msm.spawn import spawn
from claw.core.rng import PhysicalDice, SeededDice

from .play_helpers import BESTIARY, cat, rat, state

ROWS = ["S.......", "........", "........", "...1....", "........", "........", "........", "S......4"]
LEGEND = {"4": {"marker": "S4"}}


def rats_at(st, sq):
    return [fid for fid, f in st["figures"].items() if f["side"] == "rat" and f["square"] == sq]


def test_one_face_down_marker_on_every_matching_square():
    """Spawning: one marker from the pool face down on each square with the letter."""
    st, board = state(ROWS, {"nera": cat("H1")}, legend=LEGEND, track=[["S"]],
                      pool=["roach", "detestable", "arbaletrier"])
    new, events = spawn(st, board, SeededDice(1), BESTIARY)
    assert [new["figures"][f]["type"] for f in rats_at(new, "A1") + rats_at(new, "A8")] == ["roach", "detestable"]
    assert new["rat_pool"] == ["arbaletrier"] and new["round"]["spawned"]


def test_spawned_marker_in_sight_of_a_cat_is_revealed():
    """Revealing Rats: a marker is flipped at once, also during spawning."""
    st, board = state(ROWS, {"nera": cat("C1")}, legend=LEGEND, track=[["S"]], pool=["roach", "detestable"])
    new, events = spawn(st, board, SeededDice(1), BESTIARY)
    assert new["figures"][rats_at(new, "A1")[0]]["revealed"] is True


def test_only_the_current_space_letters_spawn():
    st, board = state(ROWS, {"nera": cat("H1")}, legend=LEGEND, track=[["S1"]], pool=["roach", "roach"])
    new, _ = spawn(st, board, SeededDice(1), BESTIARY)
    assert rats_at(new, "D4") and not rats_at(new, "A1")


def test_no_letter_no_spawn_and_only_once_per_round():
    st, board = state(ROWS, {"nera": cat("H1")}, legend=LEGEND, track=[[]], pool=["roach"])
    new, events = spawn(st, board, SeededDice(1), BESTIARY)
    assert events[0]["type"] == "spawn-none" and new["rat_pool"] == ["roach"]
    with pytest.raises(IllegalAction, match="already spawned"):
        spawn(new, board, SeededDice(1), BESTIARY)


def test_empty_pool_takes_the_shuffled_discard():
    """All Rat Spawns: no markers in the pool → shuffle the discard pile into it."""
    st, board = state(ROWS, {"nera": cat("H1")}, legend=LEGEND, track=[["S"]], pool=[],
                      rat_discard=["roach", "detestable"])
    new, events = spawn(st, board, SeededDice(4), BESTIARY)
    assert any(e["type"] == "pool-refill" for e in events)
    assert new["rat_discard"] == [] and len(rats_at(new, "A1") + rats_at(new, "A8")) == 2


def test_nothing_left_skips_the_spawn():
    """All Rat Spawns: none in the discard or the pool → skip."""
    st, board = state(ROWS, {"nera": cat("H1")}, legend=LEGEND, track=[["S"]], pool=["roach"])
    new, events = spawn(st, board, SeededDice(1), BESTIARY)
    assert len(rats_at(new, "A1") + rats_at(new, "A8")) == 1
    assert any(e["type"] == "spawn-skip" for e in events)


def test_square_held_by_a_rat_is_skipped():
    """All Rat Spawns: a spawn location occupied by a rat is skipped."""
    st, board = state(ROWS, legend=LEGEND, figures={"nera": cat("H1"), "rat-1": rat("roach", "A1")}, track=[["S"]],
                      pool=["detestable", "arbaletrier"])
    new, events = spawn(st, board, SeededDice(1), BESTIARY)
    assert rats_at(new, "A1") == ["rat-1"] and new["rat_pool"] == ["arbaletrier"]


def test_square_held_by_a_cat_wounds_it_and_nothing_spawns():
    """All Rat Spawns: a cat on the spawn square takes 1 wound; no rat spawns there."""
    st, board = state(ROWS, {"nera": cat("A1")}, legend=LEGEND, track=[["S"]], pool=["detestable", "arbaletrier"])
    new, events = spawn(st, board, SeededDice(1), BESTIARY)
    assert new["figures"]["nera"]["health"] == 8 and not rats_at(new, "A1")
    assert new["rat_pool"] == ["arbaletrier"]


def test_set_aside_rat_is_placed_face_up_on_its_square():
    """Spawning: a named set-aside rat is placed face up in the specified square."""
    st, board = state(ROWS, {"nera": cat("A1")}, legend=LEGEND, track=[["S4"]], pool=["roach"],
                      set_aside=["norwegian-brown"],
                      placements={"S4": "norwegian-brown"})
    new, events = spawn(st, board, SeededDice(1), BESTIARY)
    (rid,) = rats_at(new, "H8")
    assert new["figures"][rid]["type"] == "norwegian-brown" and new["figures"][rid]["revealed"]
    assert new["set_aside"] == [] and new["rat_pool"] == ["roach"]


def test_spawn_with_physical_dice_does_not_consume_values():
    """Drawing from the (already shuffled) pool needs no die."""
    st, board = state(ROWS, {"nera": cat("H1")}, legend=LEGEND, track=[["S"]], pool=["roach", "roach"])
    dice = PhysicalDice([7])
    spawn(st, board, dice, BESTIARY)
    assert dice.remaining == 1


def test_scenario_1_example_spawn_in_round_three_after_the_rats():
    """Scenario 1 text: on the third round, after all rats have been activated, a rat
    marker spawns on the S square (and on every S square if there were several)."""
    from claw.core.msm import rounds
    from claw.core.msm.setup import board_from_state, new_state

    from .play_helpers import load

    state, _ = new_state(load("examples/msm/scenario-1.yaml"), SeededDice(5))
    board = board_from_state(state)
    dice = SeededDice(6)
    spawned_in = []
    while state["round"]["number"] <= 3:
        number = state["round"]["number"]
        state, events = rounds.step(state, board, dice, BESTIARY)
        kinds = [e["type"] for e in events]
        if "spawn" in kinds:
            spawned_in.append(number)
            assert kinds.index("spawn") > max(i for i, k in enumerate(kinds) if k == "rat-activate")
    assert spawned_in == [3]


def test_a_scenario_effects_spawn_leaves_the_rounds_spawn_to_come():
    """Spawning happens "after all rat figures on the map have been activated" on the
    round track's letters; a spawn a scenario effect calls for (claw spawn S1) is extra
    and does not use up that one."""
    st, board = state(ROWS, {"nera": cat("H1")}, legend=LEGEND, track=[["S"]], pool=["roach"] * 4)
    new, _ = spawn(st, board, SeededDice(1), BESTIARY, letters=["S1"])
    assert rats_at(new, "D4") and not new["round"].get("spawned")
    after, _ = spawn(new, board, SeededDice(1), BESTIARY)
    assert rats_at(after, "A1") and after["round"]["spawned"]


def test_a_chosen_letter_the_map_lacks_is_refused():
    """A letter typed by hand must name spawn squares of this map; nothing changes."""
    st, board = state(ROWS, {"nera": cat("H1")}, legend=LEGEND, track=[["S"]], pool=["roach"])
    with pytest.raises(IllegalAction, match="S9.*S, S1, S4"):
        spawn(st, board, SeededDice(1), BESTIARY, letters=["S9"])


# --- spawning by hand at its point of the sequence (play ruling *Spawning by hand*) ---

def test_spawning_by_hand_waits_for_every_rat_to_activate():
    """Spawning: new rats are placed "after all rat figures on the map have been
    activated". By hand, the round's spawn is refused before that (the cats' turn, or a
    rats' turn whose rats have not acted), with the reason; ``--until spawn`` stops the
    rats' turn at that point, and the new marker does not activate in the same turn."""
    from claw.core.msm import rounds
    from claw.core.msm.spawn import hand_spawn, hand_spawn_problem

    rows = ["S.......", "........", "........", "........", "........", "........", "........", "........"]
    st, board = state(rows, {"nera": cat("H8"), "rat-1": rat("roach", "H1")}, phase="cats", track=[["S"]],
                      pool=["roach"])
    st["round"]["first"] = "cats"
    with pytest.raises(IllegalAction, match="after every rat has activated"):
        hand_spawn(st, board, SeededDice(1), BESTIARY)
    st["phase"], st["round"]["turns_done"] = "rats", ["cats"]
    assert "not been activated yet" in hand_spawn_problem(st)
    paused, events = rounds.step(st, board, SeededDice(1), BESTIARY, pause_at_spawn=True)
    assert rounds.at_spawn_point(paused) and paused["phase"] == "rats"
    assert paused["figures"]["rat-1"]["square"] == "H2"        # the roach moved toward nera
    assert not any(e["type"] == "spawn" for e in events)
    spawned, events = hand_spawn(paused, board, SeededDice(1), BESTIARY)
    new_rat = next(e["figure"] for e in events if e["type"] == "spawn")
    after, events = rounds.step(spawned, board, SeededDice(1), BESTIARY)
    assert not any(e["type"] in ("spawn", "rat-activate") for e in events)   # no second spawn, no activation
    assert after["figures"][new_rat]["square"] == "A1" and after["phase"] == "end"
    assert "rats_activated" not in after["round"]


def test_the_paused_rats_turn_spawns_itself_when_not_done_by_hand():
    """Spawning: a step from the spawn point spawns (once) and ends the rats' turn."""
    from claw.core.msm import rounds

    rows = ["S.......", "........", "........", "........", "........", "........", "........", "........"]
    st, board = state(rows, {"nera": cat("H8")}, phase="rats", track=[["S"]], pool=["roach"])
    st["round"]["first"] = "rats"
    paused, _ = rounds.step(st, board, SeededDice(1), BESTIARY, pause_at_spawn=True)
    after, events = rounds.step(paused, board, SeededDice(1), BESTIARY)
    assert [e["type"] for e in events].count("spawn") == 1 and after["phase"] == "cats"


def test_place_puts_a_set_aside_rat_face_up_on_the_named_square():
    """Spawning: a scenario may have a set-aside (orange) rat placed face up on a named
    square instead of a marker from the pool; All Rat Spawns: a cat there takes 1 wound
    and the rat stays set aside. Not the round's spawn (that is still to come)."""
    from claw.core.msm.spawn import parse_placements, place_set_aside

    st, board = state(ROWS, {"nera": cat("H1")}, legend=LEGEND, track=[["S"]], pool=["roach"],
                      set_aside=["norwegian-brown"])
    new, events = place_set_aside(st, board, parse_placements("norwegian-brown@c4"))
    fid = rats_at(new, "C4")[0]
    assert new["figures"][fid]["type"] == "norwegian-brown" and new["figures"][fid]["revealed"]
    assert new["set_aside"] == [] and not new["round"].get("spawned")
    held, events = place_set_aside(st, board, parse_placements("norwegian-brown@H1"))
    assert held["set_aside"] == ["norwegian-brown"] and held["figures"]["nera"]["wounds"] == 1
    with pytest.raises(IllegalAction, match="no set-aside 'roach'"):
        place_set_aside(st, board, parse_placements("roach@C4"))
    with pytest.raises(IllegalAction, match="off the map"):
        place_set_aside(st, board, parse_placements("norwegian-brown@Z40"))
