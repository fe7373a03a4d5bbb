"""Entries: their game effects as data ("Read Entry", "Entries")."""

import json

import pytest

from claw.cli.testing import run
from claw.core.errors import UsageError
from claw.core.msm.entries import apply_entry
from claw.core.msm.spawn import spawn
from claw.core.rng import SeededDice
from tests.paths import ROOT

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


# --- issue 25 item 3: a look-up never changes the game ("Read Entry") -----------------

SCENARIO_2 = ROOT / "examples/msm/scenario-2.yaml"


def _table_game(tmp_path):
    game = tmp_path / "game.json"
    assert run(["new", str(SCENARIO_2), "--seed", "7", "-o", str(game), "-q"]).code == 0
    return game, {"CLAW_STATE": str(game)}


def test_entry_of_another_scenario_is_only_read_and_the_state_stays_byte_for_byte(tmp_path):
    """Read Entry: a scenario tells the players which entry to read; entry 4 belongs to
    another scenario, so on Prêt au Combat `claw entry 4` prints it and changes nothing
    (it used to turn every spawn point off without a word)."""
    game, env = _table_game(tmp_path)
    before = game.read_bytes()
    res = run(["entry", "4"], env=env)
    assert res.code == 0, res.stderr
    assert res.stdout.startswith("entry 4: Madame Antoinette surrenders")
    assert "does not name entry #4" in res.stderr and "--apply" in res.stderr
    assert game.read_bytes() == before
    assert run(["entry", "4", "-s", str(game), "-i"]).code == 0 and game.read_bytes() == before


def test_entry_the_scenario_names_applies_once_and_shows(tmp_path):
    """Read Entry: Prêt au Combat's objective says to read entry 2 (its file names it):
    reading it applies it; a second reading is a look-up; `claw show` lists it."""
    game, env = _table_game(tmp_path)
    res = run(["entry", "2", "--hero", "leon"], env=env)
    assert res.code == 0 and "leon receives a Tome of Fencing" in res.stderr
    before = game.read_bytes()
    res = run(["entry", "2", "--hero", "leon"], env=env)
    assert res.code == 0 and "already applied" in res.stderr and game.read_bytes() == before
    res = run(["entry", "2", "--apply", "--hero", "leon"], env=env)
    assert res.code == 4 and "already applied" in res.stderr and game.read_bytes() == before
    assert "Entries applied: #2" in run(["show"], env=env).stdout


def test_entry_applied_with_apply_shows_which_entry_turned_the_spawns_off(tmp_path):
    """Entries #4 (spawn points off), applied on purpose with --apply: `claw show` says
    "spawn points off (entry 4)"."""
    game, env = _table_game(tmp_path)
    res = run(["entry", "4", "--apply"], env=env)
    assert res.code == 0 and "All spawn points are now inactive" in res.stderr
    shown = run(["show"], env=env).stdout
    assert "Entries applied: #4 · spawn points off (entry 4)" in shown
    state = json.loads(game.read_text())["state"]
    assert state["spawns_off"] == 4 and state["entries_read"] == [4]


def test_an_older_state_with_spawns_off_true_still_reads_and_shows(tmp_path):
    """States written before entries were recorded hold ``spawns_off: true``."""
    game, env = _table_game(tmp_path)
    doc = json.loads(game.read_text())
    doc["state"]["spawns_off"] = True
    doc.pop("checked", None)
    game.write_text(json.dumps(doc))
    res = run(["show"], env=env)
    assert res.code == 0 and "spawn points off" in res.stdout and "(entry" not in res.stdout
