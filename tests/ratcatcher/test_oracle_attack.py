"""Oracle test (issue 24, "Done means"): the real engine played over a fixed seed block
agrees with the exact odds that `claw odds` prints.

Rulebook 1.3 (Attack): each die at or above the accuracy hits, a 6 is a mortal wound
(ruling R3), hits are allocated by the default order (ruling R4). `zone_odds` is the exact
value `claw odds` prints; `player.attack` with a seeded dice source is the engine
`claw attack` and `claw simulate` run.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from claw.core.ratcatcher import player
from claw.core.ratcatcher.combat import zone_odds
from claw.core.ratcatcher.player import effective_accuracy, zone_targets
from claw.core.rng import PhysicalDice, SeededDice
from tests.ratcatcher.conftest import put

N = 20_000  # the block size
Z_MAX = 3.29  # two-sided 99.9%: a correct engine fails about one block in a thousand


def _captured(before: dict, after: dict) -> int:
    tally = sum(after["tallyman"]["rats"].values()) - sum(before["tallyman"]["rats"].values())
    return tally + len(after["ratcatcher"]["rewards"]) - len(before["ratcatcher"]["rewards"])


def test_1_3_attack_played_20000_times_agrees_with_claw_odds(tiny):
    """1.3: 4d6 on two brown rats and a white one (defence 1), seed block 24..24+N."""
    put(tiny, "0.a", brown=2, white=1)
    zone = tiny["ratcatcher"]["zone"]
    exact = zone_odds(tiny["ratcatcher"]["attack_dice"], effective_accuracy(tiny), zone_targets(tiny, zone))
    counts: dict[int, int] = {}
    for k in range(N):
        after, _ = player.attack(tiny, SeededDice(24 + k))
        c = _captured(tiny, after)
        counts[c] = counts.get(c, 0) + 1
    # at least one capture: a proportion against its exact chance
    p = float(exact["capture"])
    hat = sum(n for c, n in counts.items() if c >= 1) / N
    z = (hat - p) / math.sqrt(p * (1 - p) / N)
    assert abs(z) <= Z_MAX, f"P(capture) {hat:.4f} vs exact {p:.4f}: z = {z:.2f}"
    # expected captures: a mean against its exact value, with the exact variance
    dist = {c: float(q) for c, q in exact["captures"].items()}
    mean = sum(c * q for c, q in dist.items())
    var = sum((c - mean) ** 2 * q for c, q in dist.items())
    got = sum(c * n for c, n in counts.items()) / N
    z = (got - mean) / math.sqrt(var / N)
    assert abs(z) <= Z_MAX, f"mean captures {got:.4f} vs exact {mean:.4f}: z = {z:.2f}"
    assert set(counts) <= set(dist), f"captures the exact odds call impossible: {sorted(counts)}"


def test_1_3_attack_over_every_dice_sequence_is_exactly_claw_odds(tiny):
    """1.3: a dice source that enumerates all 6**4 sequences of 4d6 gives, through the real
    engine, exactly the distribution of captures `claw odds` prints."""
    put(tiny, "0.a", brown=2, white=1)
    n = tiny["ratcatcher"]["attack_dice"]
    exact = zone_odds(n, effective_accuracy(tiny), zone_targets(tiny, tiny["ratcatcher"]["zone"]))
    got: dict[int, Fraction] = {}
    for rolls in itertools.product(range(1, 7), repeat=n):
        after, _ = player.attack(tiny, PhysicalDice(list(rolls)))
        c = _captured(tiny, after)
        got[c] = got.get(c, Fraction(0)) + Fraction(1, 6**n)
    assert dict(sorted(got.items())) == exact["captures"]
