"""Attack dice from numbers: "Attack Modifiers", "Attack Results" (msm rulebook)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claw.core.errors import UsageError
from claw.core.msm.combat import (
    HINDERING,
    MISS,
    NATURAL_ONE,
    STUN,
    STUNNED_RAT,
    WOUND,
    Modifier,
    Profile,
    attack_odds,
    attack_result,
    die_chances,
    judge_die,
    reroll_die,
    roll_attack,
)
from claw.core.rng import PhysicalDice, SeededDice


def test_natural_one_misses_whatever_the_modifier():
    """Attack Modifiers: a natural roll of 1 is a miss, regardless of any modifiers."""
    assert judge_die(1, +20, stun=2, wound=3) == NATURAL_ONE


@pytest.mark.parametrize("natural,mod,expected", [
    (6, 0, MISS), (7, 0, STUN), (8, 0, STUN), (9, 0, WOUND), (12, 0, WOUND),
    (4, 3, STUN), (6, 3, WOUND), (9, -2, STUN), (8, -2, MISS), (2, 0, MISS),
])
def test_thresholds_stun_7_wound_9(natural, mod, expected):
    """Attack Results: equal to or more than stun stuns; equal to or more than wound wounds."""
    assert judge_die(natural, mod, stun=7, wound=9) == expected


def test_modifiers_are_cumulative_and_each_reported():
    """Attack Modifiers: modifiers are cumulative and apply to every die."""
    mods = [Modifier("stunned rat", STUNNED_RAT), Modifier("hindering terrain", HINDERING),
            Modifier("staff skill", 1)]
    roll = roll_attack(Profile(2, 7, 9), mods, PhysicalDice([5, 3]))
    assert roll.modifier == 2
    assert [d.total for d in roll.dice] == [7, 5]
    assert [d.outcome for d in roll.dice] == [STUN, MISS]
    assert [m["label"] for m in roll.to_json()["modifiers"]] == [
        "stunned rat", "hindering terrain", "staff skill"]


def test_each_wound_die_counts_and_a_wound_stuns():
    """Attack Results: each number at or above the wound value causes 1 wound and a stun."""
    roll = roll_attack(Profile(3, 7, 9), [], PhysicalDice([9, 12, 7]))
    assert roll.wounds == 2 and roll.stuns


def test_reroll_replaces_one_die():
    """Scratch Rule: a scratch token rerolls a die."""
    roll = roll_attack(Profile(1, 7, 9), [], PhysicalDice([1, 10]) )
    assert roll.dice[0].outcome == NATURAL_ONE
    # the same source continues with the next value
    src = PhysicalDice([10])
    new = reroll_die(roll, 0, src)
    assert new.outcome == WOUND and new.rerolled_from == 1 and roll.wounds == 1


@pytest.mark.parametrize("dice,stun,wound", [(0, 7, 9), (21, 7, 9), (1, 0, 9)])
def test_bad_profile_is_a_usage_error(dice, stun, wound):
    with pytest.raises(UsageError):
        Profile(dice, stun, wound)


def test_odds_one_die_stun_7_wound_9():
    """Exact chances: 1d12, stun 7, wound 9: wound on 9-12 (4/12), stun on 7-8."""
    odds = attack_odds(Profile(1, 7, 9), 0, health=1)
    assert odds.stun == Fraction(6, 12)
    assert odds.wound == Fraction(4, 12)
    assert odds.eliminate == Fraction(4, 12)


def test_odds_two_dice_plus_three():
    """2d12, stun 7, wound 9, +3: a die wounds on 6-12 (7/12), stuns on 4-5, misses on 1-3."""
    odds = attack_odds(Profile(2, 7, 9), 3, health=2)
    assert odds.per_die[WOUND] == Fraction(7, 12)
    assert odds.stun == 1 - Fraction(3, 12) ** 2
    assert odds.wound == 1 - Fraction(5, 12) ** 2
    assert odds.eliminate == Fraction(7, 12) ** 2


def test_odds_roach_goes_on_any_stun():
    """Attack Results: roaches are removed when stunned."""
    odds = attack_odds(Profile(1, 7, 10), 0, health=1, roach=True)
    assert odds.eliminate == odds.stun == Fraction(6, 12)


def test_natural_one_misses_even_in_odds():
    assert die_chances(+20, 2, 3)[MISS] == Fraction(1, 12)


@given(st.integers(1, 6), st.integers(2, 14), st.integers(0, 4), st.integers(-6, 6),
       st.integers(0, 2**32))
def test_odds_match_enumeration_and_rolls_stay_consistent(dice, stun, extra, mod, seed):
    """Invariant: per-die chances sum to 1; the stun chance is at least the wound chance;
    a seeded roll's outcome agrees with judge_die."""
    wound = stun + extra
    odds = attack_odds(Profile(dice, stun, wound), mod, health=1)
    assert sum(odds.per_die.values()) == 1
    assert sum(odds.wounds.values()) == 1
    assert odds.stun >= odds.wound == odds.eliminate
    roll = roll_attack(Profile(dice, stun, wound), [Modifier("m", mod)], SeededDice(seed))
    for d in roll.dice:
        assert d.outcome == judge_die(d.natural, mod, stun, wound)


# --- the verdict of an attack from numbers (claw attack --attack-dice ..., no state) ---------


def _roll(*naturals, stun=7, wound=9, mods=()):
    return roll_attack(Profile(len(naturals), stun, wound), list(mods), PhysicalDice(list(naturals)))


def test_attack_result_a_stunned_roach_is_removed():
    """Attack Results: "Roach markers are removed from the map and placed in the rat
    discard pile if they are stunned"; a wound stuns, so it removes one too."""
    for natural, removed in ((7, True), (10, True), (6, False)):
        done = attack_result(_roll(natural), PhysicalDice([]), roach=True)
        assert done.state is None and done.info["result"]["removed"] is removed
        assert ("the roach is stunned, so it is removed" in done.info["verdict"]) is removed
        assert "eliminated" not in done.info["result"]


def test_attack_result_wounds_reaching_the_health_eliminate():
    """Attack Results: each wound takes 1 health; a rat reduced to 0 is eliminated."""
    two = attack_result(_roll(9, 12), PhysicalDice([]), health=2)
    assert two.info["result"]["eliminated"] is True
    assert two.info["verdict"] == "2 wound(s) and a stun: eliminated (2 lives)"
    one = attack_result(_roll(9, 3), PhysicalDice([]), health=2)
    assert one.info["result"]["eliminated"] is False and one.info["verdict"] == "1 wound(s) and a stun"
    assert attack_result(_roll(9), PhysicalDice([]), health=1).info["verdict"].endswith("eliminated (1 life)")


def test_attack_result_says_the_roll_and_its_result_in_one_event():
    """Attack Results: stun only, or no effect; the one event is the roll then "Result: …",
    with the roll's numbers as data; with no health given nothing is eliminated."""
    stun = attack_result(_roll(7), PhysicalDice([]))
    (ev,) = stun.events
    assert ev["type"] == "attack" and ev["text"].endswith(" Result: a stun.") and ev["stunned"] is True
    assert ev["text"].startswith("attack: 1d12, stun 7+, wound 9+; modifiers: none. Rolled 7: stun.")
    assert "eliminated" not in ev and "removed" not in ev and stun.info["roll"].stuns
    assert attack_result(_roll(2), PhysicalDice([])).info["verdict"] == "no effect"


def test_attack_result_rerolls_the_dice_the_players_name_then_the_ones():
    """Scratch Rule: a spent token rerolls a die; the verdict reads the new dice."""
    done = attack_result(_roll(1, 2), PhysicalDice([9, 7]), reroll=[1], reroll_ones=True)
    assert done.info["roll"].naturals == [7, 9] and done.info["verdict"] == "1 wound(s) and a stun"
    assert [d.get("rerolled_from") for d in done.info["result"]["dice"]] == [1, 2]
    with pytest.raises(UsageError, match="no attack die number 3"):
        attack_result(_roll(5, 5), PhysicalDice([4]), reroll=[2])
