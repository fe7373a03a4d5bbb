"""Attack rules on a board: range, LOS, AP, modifiers, results (msm "Cat Attack",
"Attack Modifiers", "Attack Results", "Rat Attack", "Scratch Rule", New Foes powers)."""

import pytest

from claw.core.errors import IllegalAction
from claw.core.msm.attack import ScratchPolicy, attack
from claw.core.rng import PhysicalDice

from .play_helpers import BESTIARY, cat, rat, state

OPEN = ["........"] * 8


def test_out_of_range_is_refused_and_names_the_range():
    """Counting Range: the tantō (RANGE 0) cannot reach two big squares away."""
    st, board = state(OPEN, {"nera": cat("A1", "tanto"), "rat-1": rat("detestable", "E1")})
    with pytest.raises(IllegalAction, match="does not reach"):
        attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([12]), weapon="tanto")


def test_range_two_weapon_cannot_hit_its_own_big_square():
    """Counting Range: a range 2 weapon cannot attack a target in its own big square."""
    st, board = state(OPEN, {"leon": cat("A1", "charleville-musket"), "rat-1": rat("detestable", "B2")})
    with pytest.raises(IllegalAction, match="does not reach"):
        attack(st, board, BESTIARY, "leon", "rat-1", PhysicalDice([12]), weapon="charleville-musket")


def test_no_line_of_sight_is_refused():
    """Line of Sight: an attacker can only target what it sees (a wall blocks)."""
    rows = ["..#.....", "..#.....", "..#.....", "..#.....", "........", "........", "........", "........"]
    st, board = state(rows, {"nera": cat("B2", "shuriken"), "rat-1": rat("detestable", "D2")})
    with pytest.raises(IllegalAction, match="no line of sight"):
        attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([12]))


def test_default_weapon_is_the_best_that_reaches_and_alternatives_are_reported():
    st, board = state(OPEN, {"nera": cat("B2", "shuriken", "tanto"), "rat-1": rat("detestable", "B3")})
    done = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([2]))
    events = done.events
    chosen = next(e for e in events if e["type"] == "weapon")
    assert chosen["weapon"] == "tanto" and "shuriken" in chosen["alternatives"]


def test_two_ap_then_refused():
    """Cat Actions: all cats have 2 AP; an attack costs 1."""
    st, board = state(OPEN, {"nera": cat("B2", "tanto"), "rat-1": rat("arbaletrier", "B3")})
    for _ in range(2):
        st = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([2])).state
    with pytest.raises(IllegalAction, match="0 AP left"):
        attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([2]))


def test_not_the_cats_turn():
    st, board = state(OPEN, {"nera": cat("B2", "tanto"), "rat-1": rat("arbaletrier", "B3")}, phase="rats")
    with pytest.raises(IllegalAction, match="not the cats' turn"):
        attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([2]))


def test_natural_one_misses_and_the_team_takes_a_scratch_token():
    """Scratch Rule + Attack Modifiers: natural 1 misses even at +3; the team takes a token."""
    st, board = state(OPEN, {"nera": cat("B2", "tanto"), "rat-1": rat("arbaletrier", "B3", stunned=True)})
    done = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([1]))
    new, roll = done.state, done.info["roll"]
    assert roll.dice[0].outcome == "natural-1" and new["scratch_tokens"] == 1


def test_scratch_tokens_never_exceed_three_and_can_be_declined():
    st, board = state(OPEN, {"nera": cat("B2", "tanto"), "rat-1": rat("arbaletrier", "B3")}, scratch_tokens=3)
    done = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([1]))
    new, events = done.state, done.events
    assert new["scratch_tokens"] == 3 and any(e["type"] == "scratch-full" for e in events)
    st["scratch_tokens"] = 0
    new = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([1]),
                 scratch=ScratchPolicy(take_on_one=False)).state
    assert new["scratch_tokens"] == 0


def test_spending_a_scratch_token_rerolls_a_one():
    """Scratch Rule: discard a token to reroll a die."""
    st, board = state(OPEN, {"nera": cat("B2", "tanto"), "rat-1": rat("arbaletrier", "B3")}, scratch_tokens=1)
    done = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([1, 11]),
                  scratch=ScratchPolicy(reroll_ones=True))
    new, roll = done.state, done.info["roll"]
    assert roll.dice[0].natural == 11 and roll.dice[0].rerolled_from == 1
    assert "rat-1" not in new["figures"] and new["scratch_tokens"] == 0


def test_reroll_without_token_is_refused():
    st, board = state(OPEN, {"nera": cat("B2", "tanto"), "rat-1": rat("arbaletrier", "B3")})
    with pytest.raises(IllegalAction, match="no scratch token"):
        attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([3, 4]), scratch=ScratchPolicy(reroll=[0]))


def test_face_down_marker_is_revealed_before_the_attack():
    """Unrevealed Rat Markers: if attacked, reveal it, then resolve the attack."""
    st, board = state(OPEN, {"nera": cat("B2", "tanto"), "rat-1": rat("arbaletrier", "B3", revealed=False)})
    done = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([2]))
    new, events = done.state, done.events
    kinds = [e["type"] for e in events]
    assert kinds.index("reveal") < kinds.index("attack-roll")
    assert new["figures"]["rat-1"]["revealed"]


def test_toxic_stench_when_a_detestable_is_stunned():
    """Les Détestables, Toxic Stench: stunned → a token in its big square."""
    st, board = state(OPEN, {"nera": cat("B2", "tanto"), "rat-1": rat("detestable", "B3")})
    done = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([7]))   # 7: stun, wound 9
    new = done.state
    assert new["figures"]["rat-1"]["stunned"] and new["toxic_stench"] == ["0,1"]


def test_eliminating_wound_does_not_stun_so_no_stench():
    """Attack Results: a wound stuns only if the rat survives it (see Rulings)."""
    st, board = state(OPEN, {"nera": cat("B2", "tanto"), "rat-1": rat("detestable", "B3")})
    new = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([10])).state
    assert "rat-1" not in new["figures"] and not new.get("toxic_stench")


def test_pistol_fires_once_per_scenario():
    """Norwegian Brown, Pistol: fired once per scenario, then Depleted."""
    st, board = state(OPEN, {"leon": cat("B2", "flintlock-pistol"), "rat-1": rat("norwegian-brown", "D2")})
    st = attack(st, board, BESTIARY, "leon", "rat-1", PhysicalDice([2]), weapon="flintlock-pistol").state
    with pytest.raises(IllegalAction, match="Depleted"):
        attack(st, board, BESTIARY, "leon", "rat-1", PhysicalDice([2]), weapon="flintlock-pistol")


def test_rat_attack_on_vulnerable_cat_gets_plus_two_and_one_wound():
    """Vulnerable: +2 to a rat attack; Rat Attack: a hit causes 1 wound (and a stun)."""
    st, board = state(OPEN, {"nera": cat("B2", vulnerable=True), "rat-1": rat("detestable", "B3")}, phase="rats")
    done = attack(st, board, BESTIARY, "rat-1", "nera", PhysicalDice([12]))
    new, roll = done.state, done.info["roll"]
    assert [m.value for m in roll.modifiers] == [2]
    assert new["figures"]["nera"]["health"] == 8 and new["figures"]["nera"]["stunned"]


def test_rat_stun_on_cat_and_no_second_marker():
    st, board = state(OPEN, {"nera": cat("B2"), "rat-1": rat("detestable", "B3")}, phase="rats")
    new = attack(st, board, BESTIARY, "rat-1", "nera", PhysicalDice([8])).state
    assert new["figures"]["nera"]["stunned"] and new["figures"]["nera"]["health"] == 9
    done = attack(new, board, BESTIARY, "rat-1", "nera", PhysicalDice([8]))
    events = done.events
    assert any(e["type"] == "stun-again" for e in events)


def test_cat_at_zero_health_is_down_and_all_down_is_defeat():
    st, board = state(OPEN, {"nera": cat("B2", health=1), "rat-1": rat("detestable", "B3")}, phase="rats")
    done = attack(st, board, BESTIARY, "rat-1", "nera", PhysicalDice([12]))
    new = done.state
    assert new["figures"]["nera"]["down"] and new["figures"]["nera"]["square"] is None
    assert new["outcome"]["result"] == "defeat"


def test_roach_has_no_ranged_attack():
    """Roaches Are Different: a roach only hurts a cat in its own square."""
    st, board = state(OPEN, {"nera": cat("B2"), "rat-1": rat("roach", "B3")}, phase="rats")
    with pytest.raises(IllegalAction, match="no attack"):
        attack(st, board, BESTIARY, "rat-1", "nera", PhysicalDice([12]))


def test_pounce_gives_a_free_range_zero_attack():
    """Pouncing: one RANGE 0 attack at the end of the move, at no AP."""
    st, board = state(OPEN, {"nera": cat("B2", "tanto", ap=0, activated=True, pounced=True, vulnerable=True),
                             "rat-1": rat("arbaletrier", "B3")}, active="nera")
    done = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([2]))
    new = done.state
    assert new["figures"]["nera"]["pounced"] is False and new["figures"]["nera"]["ap"] == 0
    with pytest.raises(IllegalAction, match="AP"):
        attack(new, board, BESTIARY, "nera", "rat-1", PhysicalDice([2]))


def test_the_free_attack_comes_at_the_end_of_the_pounce_or_not_at_all():
    """Pouncing: the RANGE 0 attack is "performed at the end of this movement". A cat
    with AP left (3 in the 2-cat variant) that spends one on something else first pays
    for its attack like any other."""
    from claw.core.msm.movement import move_cat
    from claw.core.msm.rounds import spend_ap
    from claw.core.msm.squares import parse_square

    st, board = state(OPEN, {"nera": cat("B2", "tanto", ap=1, max_ap=3, activated=True, pounced=True,
                                         vulnerable=True), "rat-1": rat("arbaletrier", "B4")}, active="nera")
    spend_ap(st, board, "nera", 1, "a prowl")
    st, _ = move_cat(board, st, "nera", parse_square("B3"), "prowl")
    assert st["figures"]["nera"]["pounced"] is False
    with pytest.raises(IllegalAction, match="0 AP left"):
        attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([2]))


def test_after_a_pounce_the_default_weapon_is_a_range_zero_one():
    """Pouncing: the free attack is with a RANGE 0 weapon, so claw picks one by default."""
    st, board = state(OPEN, {"leon": cat("B2", "flintlock-pistol", "rapier", ap=0, activated=True,
                                         pounced=True), "rat-1": rat("arbaletrier", "B3")}, active="leon")
    done = attack(st, board, BESTIARY, "leon", "rat-1", PhysicalDice([2]))
    events = done.events
    assert next(e for e in events if e["type"] == "weapon")["weapon"] == "rapier"


def test_st_gertrude_medallion_is_an_automatic_success():
    """Fête de Sainte Gertrude: a medallion trades in for an automatic success on a roll."""
    medal = {"id": "st-gertrude-medallion", "name": "St. Gertrude medallion", "type": "item", "level": 0}
    st, board = state(OPEN, {"nera": cat("B2", "tanto", loot=[medal]), "rat-1": rat("arbaletrier", "B3")})
    done = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([3]), medallion=True)
    new, roll = done.state, done.info["roll"]
    assert roll.dice[0].automatic and roll.wounds == 1
    assert "rat-1" not in new["figures"] and new["figures"]["nera"]["loot"] == []
    new["figures"]["rat-2"] = rat("arbaletrier", "B3")
    with pytest.raises(IllegalAction, match="no St. Gertrude medallion"):
        attack(new, board, BESTIARY, "nera", "rat-2", PhysicalDice([3]), medallion=True)


def test_scenario_without_cat_attacks():
    """Scenario 1: "There will be no attacking in this scenario" (no_cat_attacks)."""
    st, board = state(OPEN, {"nera": cat("B2", "tanto"), "rat-1": rat("arbaletrier", "B3")})
    st["scenario"]["no_cat_attacks"] = True
    with pytest.raises(IllegalAction, match="may not attack"):
        attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([12]))


def test_pounce_offers_no_free_attack_where_the_scenario_forbids_attacking():
    """Scenario 1 ("There will be no attacking in this scenario"): a pounce still makes the
    cat Vulnerable, but the explanation does not offer the RANGE 0 attack."""
    from claw.core.msm.movement import move_cat
    from claw.core.msm.squares import parse_square

    st, board = state(OPEN, {"nera": cat("A1")})
    st["scenario"]["no_cat_attacks"] = True
    st, events = move_cat(board, st, "nera", parse_square("E1"), "pounce")
    text = next(e["text"] for e in events if e["type"] == "vulnerable")
    assert st["figures"]["nera"]["vulnerable"] and "attack now" not in text


def test_two_pistols_each_fire_once_per_scenario():
    """Norwegian Brown, Pistol ("fired once per scenario ... a Depleted token"), Dramatis
    Personae (Guy: Brace of Pistols): the Depleted record is per copy, so a cat holding
    two once-per-scenario pistols fires each once, and only then is refused."""
    st, board = state(OPEN, {"leon": cat("B2", "flintlock-pistol", "flintlock-pistol", ap=3),
                             "rat-1": rat("norwegian-brown", "D2")})
    done = attack(st, board, BESTIARY, "leon", "rat-1", PhysicalDice([2]), weapon="flintlock-pistol")
    st = done.state
    assert st["figures"]["leon"]["depleted"] == ["flintlock-pistol"]
    st = attack(st, board, BESTIARY, "leon", "rat-1", PhysicalDice([2]), weapon="flintlock-pistol").state
    assert st["figures"]["leon"]["depleted"] == ["flintlock-pistol", "flintlock-pistol"]
    with pytest.raises(IllegalAction, match="Depleted"):
        attack(st, board, BESTIARY, "leon", "rat-1", PhysicalDice([2]), weapon="flintlock-pistol")
