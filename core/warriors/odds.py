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


def _keys(bonus: int, criticals: str) -> dict:
    """A check's results as {(critical tier, total): chance}: the order in which opposed
    checks are compared (a critical outranks any total under 'absolute')."""
    from claw.core.warriors.fight import tier
    out: dict = {}
    for s, c, n in outcomes():
        key = (tier(c, criticals), s + bonus)
        out[key] = out.get(key, 0) + Fraction(n, 216)
    return out


@lru_cache(maxsize=4096)
def strike(attack_bonus: int, jump_bonus: int | None, criticals: str = "absolute") -> dict:
    """A Swat or Bite against a Jump (``jump_bonus`` None: the target cannot Jump and its
    total counts 0): the chance to hit and to hit with more than double the Jump
    (+2 to the damage check)."""
    from claw.core.warriors.fight import opposed_wins
    jumps = [(0, None, 216)] if jump_bonus is None else [(s + jump_bonus, c, n) for s, c, n in outcomes()]
    hit = double = 0
    for sa, ca, na in outcomes():
        ta = sa + attack_bonus
        for tj, cj, nj in jumps:
            if opposed_wins(ta, ca, tj, cj, criticals):
                hit += na * nj
                if ta > 2 * tj:
                    double += na * nj
    return {"hit": Fraction(hit, 216 * 216), "double": Fraction(double, 216 * 216)}


def wrestle(bonuses: dict, criticals: str = "absolute") -> dict:
    """A Wrestling round: each cat's chance to have the single highest check (its own
    Wrestle or escape Jump bonus given), and the chance of a tie for the highest."""
    dists = {cid: _keys(b, criticals) for cid, b in bonuses.items()}
    keys = sorted({k for d in dists.values() for k in d})
    below = {}
    for cid, d in dists.items():    # P(result < key) for every key any cat can reach
        acc, cum = Fraction(0), {}
        for k in keys:
            cum[k] = acc
            acc += d.get(k, 0)
        below[cid] = cum
    wins = {}
    for cid, d in dists.items():
        p = Fraction(0)
        for k, pk in d.items():
            rest = Fraction(1)
            for other in dists:
                if other != cid:
                    rest *= below[other][k]
            p += pk * rest
        wins[cid] = p
    return {"wins": wins, "tie": 1 - sum(wins.values())}


@lru_cache(maxsize=4096)
def damage_bands(bonus: int, strength: int, criticals: str = "absolute") -> dict:
    """Doing Damage: the chance of each band (1: 1d4+1, 2: 1d4+2, 3: 1d4+3) for a
    Strength check of 3d6 + ``bonus`` against the defender's Strength score."""
    from claw.core.warriors.fight import damage_band
    out = {1: 0, 2: 0, 3: 0}
    for s, c, n in outcomes():
        out[damage_band(s + bonus, c, strength, criticals)] += n
    return {k: Fraction(v, 216) for k, v in out.items()}


@lru_cache(maxsize=4096)
def healing_bands(bonus: int, lost: int, criticals: str = "absolute") -> dict:
    """Healing: the chance of 1, 2 or 3 extra HP for a healing check of 3d6 + ``bonus``
    when the cat has lost ``lost`` HP."""
    from claw.core.warriors.healing import check_band
    out = {1: 0, 2: 0, 3: 0}
    for s, c, n in outcomes():
        out[check_band(s + bonus, c, lost, criticals)] += n
    return {k: Fraction(v, 216) for k, v in out.items()}
