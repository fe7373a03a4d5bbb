"""Oracle test (issue 24, "Done means"): the Warriors vole hunt played by the real engine
over a fixed seed block agrees with the exact odds `claw hunt --odds` prints.

Rulebook: Hunting (Locate, Approach, Grab, Kill, stopping at the first failed stage) and
Prey (the vole's row). `odds` is what `claw hunt --odds` prints; `hunt` with a seeded
dice source is what `claw hunt` plays.
"""

from __future__ import annotations

import math

from claw.core.rng import SeededDice
from claw.core.warriors.hunt import HuntSpec, hunt, odds

from .test_hunt import party_of

N = 20_000  # the block size
Z_MAX = 3.29  # two-sided 99.9%


def test_hunting_a_vole_20000_times_agrees_with_claw_hunt_odds(cat, rules):
    """Hunting: emberpaw hunts a vole with seeds 7..7+N; caught share vs the exact chance."""
    party = party_of(cat("emberpaw"))
    p = float(odds(party, rules, "emberpaw", HuntSpec(prey="vole"))["success"])
    caught = sum(1 for k in range(N) if hunt(party, rules, "emberpaw", HuntSpec(prey="vole"),
                                             SeededDice(7 + k)).info["caught"])
    hat = caught / N
    z = (hat - p) / math.sqrt(p * (1 - p) / N)
    assert abs(z) <= Z_MAX, f"caught {hat:.4f} vs exact {p:.4f}: z = {z:.2f}"
