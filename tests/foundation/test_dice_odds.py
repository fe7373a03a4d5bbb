"""Exact odds: checked against brute-force enumeration (issue 2, --odds)."""

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.core.dice import critical_odds, distribution
from claw.core.dice.notation import Const, parse
from claw.core.dice.rolling import roll
from claw.core.rng import PhysicalDice


def brute(expr_text):
    expr = parse(expr_text)
    sizes = []
    for _, t in expr.terms:
        if not isinstance(t, Const):
            sizes += [t.sides] * t.count
    counts = {}
    for values in product(*[range(1, s + 1) for s in sizes]):
        total = roll(expr, PhysicalDice(list(values))).total   # what roll prints
        counts[total] = counts.get(total, 0) + 1
    n = sum(counts.values())
    return {k: Fraction(v, n) for k, v in counts.items()}


@pytest.mark.parametrize("expr", ["2d6", "3d4+2", "4d6kh3", "3d6kl2", "4d4dl", "2d6-1d4", "5d6>=4", "3d8<3",
                                  "4d4kh2>=3", "3d6kl2<3", "3d4dl1=2", "3d6>=4+1", "2d4-2d4>=3", "3d4dh1+1d4[x]"])
def test_distribution_matches_enumeration(expr):
    assert distribution(expr).fractions() == brute(expr)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.integers(2, 6), st.integers(1, 4), st.sampled_from(["kh", "kl"]))
def test_keep_distribution_matches_enumeration(n, sides, k, mode):
    k = min(k, n)
    expr = f"{n}d{sides}{mode}{k}"
    assert distribution(expr).fractions() == brute(expr)


def test_known_values():
    assert distribution("2d6").probability(7) == Fraction(1, 6)
    assert distribution("4d6kh3").mean == Fraction(15869, 1296)
    assert distribution("d%").probability(100) == Fraction(1, 100)
    assert distribution("10d12").denominator == 12 ** 10
    # six d12, count those showing 9 or more: p = 1/3 each
    d = distribution("6d12>=9")
    assert d.probability(0) == Fraction(2, 3) ** 6


def test_3d6_critical_odds():
    crit = critical_odds("3d6+4")
    assert crit == {"success": Fraction(16, 216), "failure": Fraction(16, 216)}
    assert critical_odds("2d6") is None


@given(st.integers(1, 6), st.integers(1, 12))
def test_probabilities_sum_to_one(n, sides):
    assert sum(distribution(f"{n}d{sides}").fractions().values()) == 1
