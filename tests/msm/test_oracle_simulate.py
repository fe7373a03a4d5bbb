"""Oracle test through `claw simulate` itself (issue 24, "Done means"): a fixed seed block
of 20,000 games of the duel scenario agrees with the exact chance claw's odds give.

In tests/msm/files/duel.yaml a game with ``--max-rounds 1`` is won exactly when Guy's
activation of two attacks ("Cat Actions": 2 AP) eliminates the Norwegian Brown (health
2): the greedy policy attacks while it can, and the rats' turn, first or second, only
wounds or stuns Guy (health 9; the stun goes when the cats' turn starts). The exact chance
is composed from `claw attack --odds` one attack at a time (test_oracle_activation.py,
where the engine is also checked over every dice sequence).
"""

from __future__ import annotations

import json
import math

import pytest

from claw.cli.testing import run
from tests.paths import ROOT

from .test_oracle_activation import DUEL, duel_exact

N = 20_000    # the block size
Z_MAX = 3.29  # two-sided 99.9%: a correct engine fails about one block in a thousand, a 95% rule one in twenty


@pytest.mark.slow  # 20,000 whole games (set-up, initiative, both turns): ~30 s of CPU, on 2 workers
def test_claw_simulate_duel_20000_games_agree_with_claw_attack_odds(monkeypatch):
    """Seed block 24: the won share of `claw simulate` against the exact chance; a 3.29
    bound fails a correct engine about once in a thousand blocks, and the standard error
    is 0.35 points, so a bias of 2 points in the engine or the odds fails almost always."""
    monkeypatch.chdir(ROOT)
    p = float(duel_exact())
    r = run(["simulate", DUEL, "--games", str(N), "--max-rounds", "1", "--seed", "24",
             "--workers", "2", "--json", "-q"])
    assert r.code == 0, r.stderr
    row = json.loads(r.stdout)["variants"][0]
    assert row["games"] == N and row["lost"]["games"] == 0
    hat = row["won"]["games"] / N
    z = (hat - p) / math.sqrt(p * (1 - p) / N)
    assert abs(z) <= Z_MAX, f"won {hat:.4f} vs exact {p:.4f}: z = {z:.2f}"
    assert row["rounds"]["won"]["p90"] == 1   # every win is in round 1: the activation decides
