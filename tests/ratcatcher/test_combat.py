"""1.3 Spending Attack Dice, 2.3 Rat Attack, Nemesis attacks, and the exact odds."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.core.errors import IllegalAction
from claw.core.ratcatcher.combat import (
    Target,
    capture_odds,
    chosen_allocation,
    common_bite_wounds,
    count_hits,
    default_allocation,
    nemesis_bite_wounds,
    parse_assign,
    peculiar_bite_wounds,
    resolve_attack,
)


def test_1_3_results_at_or_above_accuracy_hit_and_6s_are_mortal():
    assert count_hits([1, 3, 4, 5, 6], 4) == (2, 1)
    assert count_hits([2, 2, 6, 6], 2) == (2, 2)


def test_1_3_rat_with_defence_needs_more_hits_than_defence():
    white = Target("white", "white", 1)
    one = resolve_attack([4], 4, [white])
    assert not any(a.captured for a in one.allocations) and one.wasted_hits == 1
    r = resolve_attack([4, 5], 4, [Target("white", "white", 1)])
    assert [a.captured for a in r.allocations] == [True]


def test_1_3_a_six_captures_regardless_of_defence():
    r = resolve_attack([6], 5, [Target("peculiar", "grey-widow", 3)])
    assert r.allocations[0].captured and r.allocations[0].mortal == 1


def test_1_3_misses_do_nothing():
    r = resolve_attack([1, 2, 3], 4, [Target("brown", "brown", 0)])
    assert r.misses == 3 and not any(a.captured for a in r.allocations)


def test_1_3_default_allocation_captures_the_most():
    """6s go to the toughest rat, ordinary hits to the cheapest ones."""
    targets = [Target("white", "white", 1), Target("brown", "brown", 0), Target("brown", "brown", 0)]
    r = resolve_attack([6, 4, 5], 4, targets)
    assert sum(a.captured for a in r.allocations) == 3
    six = next(a for a in r.allocations if a.mortal)
    assert six.target.kind == "white"


def test_nemesis_wound_per_hit_over_defence_plus_mortals():
    """Wounding a Nemesis: each hit over Defence is a wound; each 6 a wound (ruling R3)."""
    nem = Target("nemesis", "nemesis", 1, wounds=5)
    r = resolve_attack([4, 5, 4, 6], 4, [nem])
    a = r.allocations[0]
    assert (a.hits, a.mortal, a.wounds) == (3, 1, 3)


def test_default_goes_all_in_when_the_nemesis_can_be_slain():
    nem = Target("nemesis", "nemesis", 1, wounds=2)
    r = resolve_attack([4, 5, 6], 4, [Target("brown", "brown", 0), nem])
    assert len(r.allocations) == 1 and r.allocations[0].captured
    assert r.alternatives  # capturing the rat instead is reported


def test_leftover_hits_wound_the_nemesis():
    nem = Target("nemesis", "nemesis", 0, wounds=5)
    r = resolve_attack([4, 5, 4], 4, [Target("brown", "brown", 0), nem])
    kinds = [(a.target.kind, a.hits) for a in r.allocations]
    assert kinds == [("brown", 1), ("nemesis", 2)]


def test_assign_overrides_the_default():
    plan = parse_assign("nemesis:2,brown")
    nem = Target("nemesis", "nemesis", 1, wounds=5)
    r = resolve_attack([4, 5, 4], 4, [Target("brown", "brown", 0), nem], plan)
    assert [(a.target.kind, a.hits) for a in r.allocations] == [("nemesis", 2), ("brown", 1)]
    with pytest.raises(IllegalAction, match="'white'"):
        resolve_attack([4], 4, [Target("brown", "brown", 0)], parse_assign("white"))


def test_equal_cost_alternatives_are_reported():
    r = resolve_attack([4], 4, [Target("brown", "brown", 0), Target("white", "white", 0)])
    assert r.alternatives == ["white rat instead of brown rat"]


def _brute_max_captures(defences, hits, mortal):
    best = 0
    n = len(defences)
    for mortal_to in itertools.product([0, 1], repeat=n):
        if sum(mortal_to) > mortal:
            continue
        rest = sorted(d + 1 for d, m in zip(defences, mortal_to, strict=True) if not m)
        h, c = hits, sum(mortal_to)
        for cost in rest:
            if h >= cost:
                h -= cost
                c += 1
        best = max(best, c)
    return best


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=0, max_size=6), st.integers(0, 10), st.integers(0, 4))
def test_default_allocation_is_optimal(defences, hits, mortal):
    """Invariant: the default allocation captures as many rats as any allocation."""
    targets = [Target("brown", "brown", d) for d in defences]
    allocs, wh, wm, _ = default_allocation(targets, hits, mortal)
    assert sum(a.captured for a in allocs) == _brute_max_captures(defences, hits, mortal)
    assert sum(a.hits for a in allocs) + wh <= hits and sum(a.mortal for a in allocs) + wm <= mortal


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=8), st.integers(2, 6),
       st.lists(st.integers(0, 2), max_size=5), st.text("nbw", max_size=5))
def test_chosen_allocation_never_spends_more_than_rolled(rolls, acc, defences, order):
    targets = [Target("brown", "brown", d) for d in defences]
    hits, mortal = count_hits(rolls, acc)
    plan = [("brown", None)] * len(defences)
    allocs, wh, wm, _ = chosen_allocation(targets, hits, mortal, plan)
    assert sum(a.hits for a in allocs) + wh == hits
    assert sum(a.mortal for a in allocs) + wm == mortal


def _brute_odds(dice, acc, defence, rats):
    caps = {}
    for faces in itertools.product(range(1, 7), repeat=dice):
        h, m = count_hits(list(faces), acc)
        c = min(rats, m + h // (defence + 1))
        caps[c] = caps.get(c, 0) + 1
    total = 6 ** dice
    return {k: Fraction(v, total) for k, v in caps.items()}


@pytest.mark.parametrize("dice,acc,defence,rats", [(4, 4, 1, 1), (3, 5, 0, 2), (5, 3, 2, 3), (1, 6, 0, 1)])
def test_odds_are_exact(dice, acc, defence, rats):
    """Stateless helper: exact capture chances, checked against all 6^n outcomes."""
    odds = capture_odds(dice, acc, defence, rats)
    assert odds["captures"] == dict(sorted(_brute_odds(dice, acc, defence, rats).items()))
    assert odds["mortal"] == 1 - Fraction(5, 6) ** dice


def test_issue_example_4_dice_accuracy_4_defence_1():
    odds = capture_odds(4, 4, 1)
    assert odds["capture"] == Fraction(37, 48)
    assert odds["mortal"] == Fraction(671, 1296)


def test_2_3_common_bites_are_summed_at_most_one_wound():
    assert common_bite_wounds([1, 1], 1) == 1
    assert common_bite_wounds([1], 1) == 0
    assert common_bite_wounds([3, 3, 3], 1) == 1


def test_2_3_peculiar_bites_are_not_added():
    assert peculiar_bite_wounds([1, 1], 1) == 0
    assert peculiar_bite_wounds([1, 2], 1) == 1
    assert peculiar_bite_wounds([5, 5], 1) == 1


def test_nemesis_attack_hits_beyond_defence_and_mortals():
    """Attacking (Nemesis): hits at its accuracy; each hit over Defence wounds; 6s always."""
    assert nemesis_bite_wounds([4, 5, 2], 4, 1) == 1
    assert nemesis_bite_wounds([4, 6, 6], 4, 2) == 2
    assert nemesis_bite_wounds([1, 2, 3], 4, 0) == 0


def test_zone_odds_match_brute_force_with_mixed_targets():
    from claw.core.ratcatcher.combat import zone_odds

    targets = [Target("brown", "brown", 0), Target("white", "white", 1), Target("nemesis", "nemesis", 1, 2)]
    odds = zone_odds(3, 4, targets)
    caps, slay = {}, Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=3):
        r = resolve_attack(list(faces), 4, targets)
        c = sum(1 for a in r.allocations if a.captured and a.target.kind != "nemesis")
        caps[c] = caps.get(c, 0) + Fraction(1, 216)
        slay += Fraction(1, 216) if any(a.captured for a in r.allocations if a.target.kind == "nemesis") else 0
    assert odds["captures"] == dict(sorted(caps.items())) and odds["slay_nemesis"] == slay
