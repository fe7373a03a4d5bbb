"""Entries: their game effects as data ("Read Entry", "Entries")."""

import pytest

from claw.core.errors import UsageError
from claw.core.msm.entries import apply_entry
from claw.core.msm.spawn import spawn
from claw.core.rng import SeededDice

from .play_helpers import BESTIARY, cat, load, state

ENTRIES = load("data/msm/entries.yaml")
ROWS = ["S......."] + ["........"] * 7


def test_entry_2_gives_the_tome_and_the_draught_to_the_named_cat():
    st, _ = state(ROWS, {"leon": cat("B2")})
    new, events = apply_entry(st, ENTRIES, 2, "leon")
    assert [c["id"] for c in new["figures"]["leon"]["loot"]] == ["tome-of-fencing", "healing-draught"]
    with pytest.raises(UsageError, match="--hero"):
        apply_entry(st, ENTRIES, 2)


def test_entry_4_turns_the_spawn_points_off():
    st, board = state(ROWS, {"leon": cat("H8")}, track=[["S"]], pool=["roach"])
    st, _ = apply_entry(st, ENTRIES, 4)
    new, events = spawn(st, board, SeededDice(1), BESTIARY)
    assert new["rat_pool"] == ["roach"] and "inactive" in events[0]["text"]


def test_entry_11_gives_three_scratch_tokens_capped_and_ends_the_turn():
    st, _ = state(ROWS, {"nera": cat("B2", ap=1, activated=True)}, active="nera", scratch_tokens=1)
    new, _ = apply_entry(st, ENTRIES, 11)
    assert new["scratch_tokens"] == 3 and new["figures"]["nera"]["ap"] == 0 and new["active"] is None


def test_entry_9_scratch_only_without_adara_or_sekhmet():
    st, _ = state(ROWS, {"adara": cat("B2")})
    new, events = apply_entry(st, ENTRIES, 9)
    assert new["scratch_tokens"] == 0 and any(e["type"] == "entry-skip" for e in events)
    st, _ = state(ROWS, {"guy": cat("B2")})
    new, _ = apply_entry(st, ENTRIES, 9)
    assert new["scratch_tokens"] == 2


def test_unknown_entry_is_a_usage_error():
    st, _ = state(ROWS, {"guy": cat("B2")})
    with pytest.raises(UsageError, match="no entry #7"):
        apply_entry(st, ENTRIES, 7)
