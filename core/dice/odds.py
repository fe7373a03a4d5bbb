"""Exact distributions of dice expressions, as integer outcome counts (never sampled).

Counts over a common denominator keep everything in integers until the end, which is
what makes ``10d12`` a few milliseconds: a convolution of small integer vectors.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from claw.core.dice.notation import ActionFace, Const, DiceTerm, Expr, meets, parse
from claw.core.errors import DiceError

MAX_WORK = 20_000_000  # rough count of inner-loop steps we agree to do


class Distribution:
    """Outcome counts ``{value: ways}`` out of ``denominator`` equally likely outcomes."""

    __slots__ = ("counts", "denominator")

    def __init__(self, counts: dict[int, int], denominator: int) -> None:
        self.counts = dict(sorted(counts.items()))
        self.denominator = denominator

    def probability(self, value: int) -> Fraction:
        return Fraction(self.counts.get(value, 0), self.denominator)

    def at_least(self, target: int) -> Fraction:
        return Fraction(sum(c for v, c in self.counts.items() if v >= target), self.denominator)

    def at_most(self, target: int) -> Fraction:
        return Fraction(sum(c for v, c in self.counts.items() if v <= target), self.denominator)

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(v * c for v, c in self.counts.items()), self.denominator)

    def fractions(self) -> dict[int, Fraction]:
        return {v: Fraction(c, self.denominator) for v, c in self.counts.items()}

    def __add__(self, other: Distribution) -> Distribution:
        return _convolve(self, other)


def _uniform(values: Sequence[int]) -> Distribution:
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return Distribution(counts, len(values))


def _convolve(a: Distribution, b: Distribution) -> Distribution:
    if len(a.counts) * len(b.counts) > MAX_WORK:
        raise DiceError("too large for exact odds")
    out: dict[int, int] = {}
    for va, ca in a.counts.items():
        for vb, cb in b.counts.items():
            out[va + vb] = out.get(va + vb, 0) + ca * cb
    return Distribution(out, a.denominator * b.denominator)


def _power(d: Distribution, n: int) -> Distribution:
    result = Distribution({0: 1}, 1)
    base = d
    while n:
        if n & 1:
            result = _convolve(result, base)
        n >>= 1
        if n:
            base = _convolve(base, base)
    return result


def _face_values(term: DiceTerm, faces: Sequence[ActionFace] | None) -> list[int]:
    if term.kind == "pct":
        return list(range(1, 101))
    if term.kind == "action":
        if not faces:
            raise DiceError("the action die needs its face table (data/mice/action-die.json)")
        return [f.number for f in faces]
    return list(range(1, term.sides + 1))


def _successes_per_die(term: DiceTerm, faces) -> tuple[int, int]:
    op, target = term.compare
    if isinstance(target, str):
        faces = faces or ()
        hits = sum(f.shows(target) for f in faces)
        if not faces:
            raise DiceError("the action die needs its face table (data/mice/action-die.json)")
        return hits, len(faces)
    values = _face_values(term, faces)
    return sum(meets(v, op, target) for v in values), len(values)


def _keep_highest(values: list[int], n: int, k: int, highest: bool) -> Distribution:
    """Sum of the k highest (or lowest) of n dice with these equally likely face values.

    Walk the face values from the kept end; ``j`` dice already placed all beat the
    remaining faces, so the first ``min(j, k)`` of them are the kept ones.
    """
    faces: dict[int, int] = {}
    for v in values:
        faces[v] = faces.get(v, 0) + 1
    order = sorted(faces, reverse=highest)
    if len(order) * n * n * (k * max(map(abs, order)) + 1) > MAX_WORK * 5:
        raise DiceError("too large for exact odds (keep/drop on many dice)")
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for face in order:
        mult = faces[face]
        new: dict[tuple[int, int], int] = {}
        for (placed, total), ways in states.items():
            left = n - placed
            for c in range(left + 1):
                kept_now = min(placed + c, k) - min(placed, k)
                key = (placed + c, total + kept_now * face)
                new[key] = new.get(key, 0) + ways * comb(left, c) * mult ** c
        states = new
    counts: dict[int, int] = {}
    for (placed, total), ways in states.items():
        if placed == n:
            counts[total] = counts.get(total, 0) + ways
    return Distribution(counts, len(values) ** n)


def term_distribution(term: DiceTerm | Const, faces=None) -> Distribution:
    if isinstance(term, Const):
        return Distribution({term.value: 1}, 1)
    if term.compare is not None:
        if term.keep is not None:
            raise DiceError("exact odds of keep/drop together with counting are not supported")
        hits, size = _successes_per_die(term, faces)
        n = term.count
        return Distribution({k: comb(n, k) * hits ** k * (size - hits) ** (n - k) for k in range(n + 1)},
                            size ** n)
    values = _face_values(term, faces)
    if term.keep is not None and term.keep[1] < term.count:
        mode, k = term.keep
        return _keep_highest(values, term.count, k, mode == "kh")
    if term.count * len(values) > 200_000:
        raise DiceError("too large for exact odds")
    return _power(_uniform(values), term.count)


def distribution(expression: str | Expr, faces: Sequence[ActionFace] | None = None) -> Distribution:
    """The exact distribution of the expression's total (successes when counting)."""
    expr = parse(expression) if isinstance(expression, str) else expression
    result = Distribution({0: 1}, 1)
    for sign, term in expr.terms:
        d = term_distribution(term, faces)
        if sign < 0:
            d = Distribution({-v: c for v, c in d.counts.items()}, d.denominator)
        result = _convolve(result, d)
    return result


def critical_odds(expression: str | Expr) -> dict[str, Fraction] | None:
    """Chances of a critical success / failure when the expression rolls 3d6, else None."""
    from itertools import product

    from claw.core.dice.rolling import _is_3d6, check_critical

    expr = parse(expression) if isinstance(expression, str) else expression
    if not any(_is_3d6(t) for t in expr.dice_terms):
        return None
    tally = {"success": 0, "failure": 0}
    for values in product(range(1, 7), repeat=3):
        kind = check_critical(values)
        if kind:
            tally[kind] += 1
    return {k: Fraction(v, 216) for k, v in tally.items()}
