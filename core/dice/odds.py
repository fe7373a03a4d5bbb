"""Exact distributions of dice expressions, as integer outcome counts (never sampled).

Counts over a common denominator keep everything in integers until the end, which is
what makes ``10d12`` a few milliseconds: a convolution of small integer vectors.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from claw.core.dice.notation import ActionFace, Const, DiceTerm, Expr, meets, parse
from claw.core.errors import DiceError, quoted

MAX_WORK = 10_000_000  # weighted inner-loop steps we agree to do: about a second (docs/performance.md)


def _too_large(expr: Expr, work: int) -> DiceError:
    return DiceError(f"too large for exact odds: {quoted(expr.text)} needs an estimated {work:.1e} steps or more "
                     f"(limit {MAX_WORK:.0e}, about a second of work); roll it instead, or use fewer dice or sides")


class Distribution:
    """Outcome counts ``{value: ways}`` out of ``denominator`` equally likely outcomes.
    Only possible values are kept: no value has zero ways."""

    __slots__ = ("counts", "denominator")

    def __init__(self, counts: dict[int, int], denominator: int) -> None:
        self.counts = {v: c for v, c in sorted(counts.items()) if c}
        self.denominator = denominator

    def probability(self, value: int) -> Fraction:
        return Fraction(self.counts.get(value, 0), self.denominator)

    def at_least(self, target: int) -> Fraction:
        return Fraction(sum(c for v, c in self.counts.items() if v >= target), self.denominator)

    def at_most(self, target: int) -> Fraction:
        return Fraction(sum(c for v, c in self.counts.items() if v <= target), self.denominator)

    def tails(self) -> dict[int, tuple[int, int]]:
        """``{value: (ways to roll it or more, ways to roll it or less)}`` in one pass each
        way (AnyDice's "at least" and "at most" views), over ``denominator``."""
        at_most, running = {}, 0
        for v, c in self.counts.items():
            running += c
            at_most[v] = running
        out, running = {}, 0
        for v in reversed(list(self.counts)):
            running += self.counts[v]
            out[v] = (running, at_most[v])
        return {v: out[v] for v in self.counts}

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
        return [f.number for f in _action_faces(faces)]
    return list(range(1, term.sides + 1))


def _action_faces(faces: Sequence[ActionFace] | None) -> Sequence[ActionFace]:
    if not faces:
        raise DiceError("the action die needs its face table (data/mice/action-die.json)")
    return faces


def _scored_faces(term: DiceTerm, faces) -> list[tuple[int, int]]:
    """(value the dice are ordered by, what a kept die adds) for each face: its value, or
    1/0 for a success when the term counts (the same test as rolling)."""
    if term.compare is None:
        return [(v, v) for v in _face_values(term, faces)]
    op, target = term.compare
    if isinstance(target, str):
        return [(f.number, int(f.shows(target))) for f in _action_faces(faces)]
    return [(v, int(meets(v, op, target))) for v in _face_values(term, faces)]


def _groups(scored: list[tuple[int, int]], highest: bool) -> list[tuple[int, dict[int, int]]]:
    """Faces grouped by the value dice are ordered by, from the kept end: (how many
    faces, {score: how many of them})."""
    by_value: dict[int, dict[int, int]] = {}
    for value, score in scored:
        group = by_value.setdefault(value, {})
        group[score] = group.get(score, 0) + 1
    return [(sum(g.values()), g) for _, g in sorted(by_value.items(), reverse=highest)]


def _keep_distribution(scored: list[tuple[int, int]], n: int, k: int, highest: bool) -> Distribution:
    """Sum of the scores of the k highest (or lowest) of n dice with these faces.

    Walk the face values from the kept end; ``placed`` dice already drawn all beat the
    remaining faces, so the first ``min(placed, k)`` of them are the kept ones. Among dice
    tied on a value, which are kept depends only on their positions, so the kept ones'
    scores are independent draws from that value's faces (action die: one number, two
    symbols).
    """
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for mult, scores in _groups(scored, highest):
        # score distribution of m kept dice from this group, m = 0..k
        kept_ways = [{0: 1}]
        for _ in range(k):
            prev, nxt = kept_ways[-1], {}  # type: dict[int, int], dict[int, int]
            for total, ways in prev.items():
                for score, count in scores.items():
                    nxt[total + score] = nxt.get(total + score, 0) + ways * count
            kept_ways.append(nxt)
        new: dict[tuple[int, int], int] = {}
        for (placed, total), ways in states.items():
            left = n - placed
            already = min(placed, k)
            for c in range(left + 1):
                m = min(placed + c, k) - already
                base = ways * comb(left, c) * mult ** (c - m)
                for score, count in kept_ways[m].items():
                    key = (placed + c, total + score)
                    new[key] = new.get(key, 0) + base * count
        states = new
    counts: dict[int, int] = {}
    for (placed, total), ways in states.items():
        if placed == n:
            counts[total] = counts.get(total, 0) + ways
    return Distribution(counts, len(scored) ** n)


def term_distribution(term: DiceTerm | Const, faces=None) -> Distribution:
    if isinstance(term, Const):
        return Distribution({term.value: 1}, 1)
    scored = _scored_faces(term, faces)
    n = term.count
    if term.keep is not None and term.keep[1] < n:
        mode, k = term.keep
        return _keep_distribution(scored, n, k, mode == "kh")
    if term.compare is not None:
        hits, size = sum(score for _, score in scored), len(scored)
        return Distribution({j: comb(n, j) * hits ** j * (size - hits) ** (n - j) for j in range(n + 1)}, size ** n)
    return _power(_uniform([v for v, _ in scored]), n)


def _span(values) -> int:
    return max(values) - min(values)


# The unit is one convolution step on small integers (about 0.1 µs on the benchmark
# machine, docs/performance.md); the weights below were fitted there. A keep/drop step
# does several times as much (a binomial, a power, a tuple key), and products slow down
# as the counts grow to hundreds of bits (1000d6 counts reach 6^1000).
KEEP_STEP = 4.5


def _conv_weight(bits: float) -> float:
    return 1.0 + bits / 170


def _keep_weight(bits: float) -> float:
    return KEEP_STEP * (1.0 + bits / 1024)


def _term_cost(term: DiceTerm, faces) -> tuple[float, int]:
    """(estimated weighted steps, bound on the number of outcomes) for one term, from
    sizes alone: nothing is computed."""
    scored = _scored_faces(term, faces)
    n, size = term.count, len(scored)
    bits = n * size.bit_length()
    if term.keep is not None and term.keep[1] < n:
        k, highest = term.keep[1], term.keep[0] == "kh"
        order = sorted({v for v, _ in scored}, reverse=highest)
        counting = term.compare is not None
        steps = 0
        for value, (_, scores) in zip(order, _groups(scored, highest), strict=True):
            width = abs(order[0] - value) + 1       # spread of one kept die's score so far
            entries = 1 if len(scores) == 1 else k // 2 + 1   # mixed symbols: a binomial per state
            for placed in range(n + 1):
                kept = min(placed, k)
                states = kept + 1 if counting else kept * width + 1
                steps += states * (n - placed + 1) * entries
            if steps * _keep_weight(bits) > MAX_WORK:
                break
        outcomes = k + 1 if counting else k * _span([v for v, _ in scored]) + 1
        return steps * _keep_weight(bits), outcomes
    if term.compare is not None:
        return n + 1, n + 1
    span = _span([v for v, _ in scored])
    base = len({v for v, _ in scored})
    steps, result, power, m = 0, 1, base, n
    have, cur = 0, 1          # dice in the result / in the base
    while m:
        if m & 1:
            steps += result * power
            have += cur
            result = have * span + 1
        m >>= 1
        if m:
            steps += power * power
            cur *= 2
            power = cur * span + 1
    return steps * _conv_weight(bits), n * span + 1


def work(expr: Expr, faces=None) -> float:
    """Estimated cost of ``distribution(expr)`` in weighted inner-loop steps, from the
    sizes of the terms alone (so a refusal is instant)."""
    total, outcomes, bits = 0.0, 1, 0
    for _, term in expr.terms:
        if isinstance(term, Const):
            continue
        cost, size = _term_cost(term, faces)
        bits += term.count * len(_scored_faces(term, faces)).bit_length()
        total += cost + outcomes * size * _conv_weight(bits)
        outcomes += size - 1
        if total > MAX_WORK:
            break
    return total


def distribution(expression: str | Expr, faces: Sequence[ActionFace] | None = None) -> Distribution:
    """The exact distribution of the expression's value: the signed sum of its terms, a
    counting term worth its number of successes (as ``roll`` totals it). Refuses, before
    doing any of it, work estimated above ``MAX_WORK``."""
    expr = parse(expression) if isinstance(expression, str) else expression
    cost = work(expr, faces)
    if cost > MAX_WORK:
        raise _too_large(expr, int(cost))
    result = Distribution({0: 1}, 1)
    for sign, term in expr.terms:
        d = term_distribution(term, faces)
        if sign < 0:
            d = Distribution({-v: c for v, c in d.counts.items()}, d.denominator)
        result = _convolve(result, d)
    return result


def critical_odds(expression: str | Expr) -> dict[str, Fraction] | None:
    """Chances of a critical success / failure when the expression rolls 3d6, else None
    (read from its first plain 3d6 term, as ``roll`` does)."""
    from itertools import product

    from claw.core.dice.rolling import check_critical

    expr = parse(expression) if isinstance(expression, str) else expression
    if expr.critical_term is None:
        return None
    tally = {"success": 0, "failure": 0}
    for values in product(range(1, 7), repeat=3):
        kind = check_critical(values)
        if kind:
            tally[kind] += 1
    return {k: Fraction(v, 216) for k, v in tally.items()}
