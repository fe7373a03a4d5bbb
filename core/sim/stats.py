"""Statistics of ``claw simulate``: Wilson score intervals for rates, quantiles of game
lengths, and McNemar's comparison of paired runs. Exact arithmetic where it is cheap;
floats rounded for output by the caller."""

from __future__ import annotations

import math

Z95 = 1.959963984540054  # the normal quantile of 0.975


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial rate (95% by default); (0, 1) for n = 0."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def quantile(values: list[int], q: float) -> float | None:
    """The ``q`` quantile of ``values`` by linear interpolation between order statistics
    (numpy's default, "type 7"); None for no values."""
    if not values:
        return None
    xs = sorted(values)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def lengths(values: list[int]) -> dict:
    """Median, p10 and p90 of game lengths (rounds), with their count."""
    return {"n": len(values), "median": quantile(values, 0.5), "p10": quantile(values, 0.1),
            "p90": quantile(values, 0.9)}


def mcnemar(pairs: list[tuple[bool, bool]], z: float = Z95) -> dict:
    """Paired runs A/B of the same games (common random numbers): the difference of the
    win rates B - A with a 95% interval from the discordant pairs (b: A won, B lost;
    c: A lost, B won), Wald's interval on (c - b)/n with McNemar's variance, and the
    exact two-sided McNemar p-value (binomial on b + c)."""
    n = len(pairs)
    b = sum(1 for a, bb in pairs if a and not bb)
    c = sum(1 for a, bb in pairs if bb and not a)
    if n == 0:
        return {"n": 0, "a_only": 0, "b_only": 0, "difference": None, "interval": None, "p_value": None}
    d = (c - b) / n
    var = ((b + c) / n - d * d) / n
    half = z * math.sqrt(max(var, 0.0))
    return {"n": n, "a_only": b, "b_only": c, "difference": d, "interval": [max(-1.0, d - half), min(1.0, d + half)],
            "p_value": _binomial_two_sided(min(b, c), b + c)}


def _binomial_two_sided(k: int, n: int) -> float:
    """P(X <= k) * 2 for X ~ Binomial(n, 1/2), at most 1 (exact, by integers)."""
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(k + 1))
    return min(1.0, 2 * tail / 2 ** n)
