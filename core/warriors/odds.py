"""Exact chances of 3d6 checks (all 216 outcomes enumerated, criticals included)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

from claw.core.warriors.checks import decide
from claw.core.warriors.dice import critical


@lru_cache(maxsize=1)
def outcomes() -> tuple[tuple[int, str | None, int], ...]:
    """(sum, critical, count) for 3d6."""
    tally: dict = {}
    for dice in product(range(1, 7), repeat=3):
        key = (sum(dice), critical(list(dice)))
        tally[key] = tally.get(key, 0) + 1
    return tuple((s, c, n) for (s, c), n in sorted(tally.items(), key=lambda kv: (kv[0][0], str(kv[0][1]))))


@lru_cache(maxsize=4096)
def chance(bonus: int, vs: int, criticals: str = "absolute") -> Fraction:
    """P(3d6 + bonus meets vs) under the criticals option."""
    hits = sum(n for s, c, n in outcomes() if decide(s + bonus, c, vs, criticals))
    return Fraction(hits, 216)


def critical_chances() -> dict:
    """The chances of a critical failure and of a critical success on 3d6."""
    f = sum(n for _, c, n in outcomes() if c == "failure")
    s = sum(n for _, c, n in outcomes() if c == "success")
    return {"failure": Fraction(f, 216), "success": Fraction(s, 216)}


@lru_cache(maxsize=4096)
def opposed(bonus_a: int, bonus_b: int, criticals: str = "absolute") -> Fraction:
    """P(A's 3d6 + bonus_a meets or beats B's 3d6 + bonus_b) (a Swat against a Jump)."""
    from claw.core.warriors.fight import opposed_wins
    total = 0
    for sa, ca, na in outcomes():
        for sb, cb, nb in outcomes():
            if opposed_wins(sa + bonus_a, ca, sb + bonus_b, cb, criticals):
                total += na * nb
    return Fraction(total, 216 * 216)
