"""Issue 21 item 5 in the Ratcatcher: a correction applies what its value does in play, and
a value play never reaches is refused naming its limit. Rulebook: *Wounding a Nemesis* ("If
a Nemesis is reduced to zero (0) wounds then the Nemesis is Destroyed"), Character Board
*Wounds* (a Ratcatcher at 0 is dead and the game lost; ruling R12: at the end of the turn),
Setup 5 (the sack's 64 Rat tokens: a correction never makes one)."""

from __future__ import annotations

import pytest

from claw.cli.testing import run
from tests.table import adjust_round_trip, assert_adjust_refused, load, new, ok

HUGE = "1000000000000000000000000000000"  # 10**30: drawing from such a sack never returned


@pytest.fixture
def city(tmp_path):
    return new(tmp_path, "ratcatcher/first-game.yaml", "--seed", "7")


def test_a_sack_beyond_the_game_s_tokens_is_refused_naming_them(city):
    """Setup 5: the game has so many black Rat tokens (64 in all); `sack-black=10**30` is
    refused with that number, and the sack may not gain one the game does not have."""
    black = load(city)["state"]["sack"]["black"]
    assert_adjust_refused(city, [
        ("game", f"sack-black={HUGE}", 4, f"the game has {black} black rat tokens"),
        ("game", f"sack-black={black + 1}", 4, f"so at most {black} in the sack"),
    ])


def test_the_sack_may_lose_a_token_or_trade_colours_within_the_64(city):
    """A token the table set aside, or a colour mistyped: the total stays within the sack."""
    adjust_round_trip(city, "game", "sack-black=0")
    sack = load(city)["state"]["sack"]
    ok(["adjust", "game", f"sack-black={sack['black'] + 1}", f"sack-white={sack['white'] - 1}", "--reason", "r",
        "-s", str(city), "-i", "-q"])


def test_nemesis_at_0_wounds_is_destroyed_as_by_an_attack(city):
    """Wounding a Nemesis: at 0 wounds it is destroyed (slain, off the board) as
    ``wound_nemesis`` leaves it; the game is won at the end of the turn."""
    from claw.core.outcome import Outcome
    from claw.core.ratcatcher.effects import wound_nemesis

    played = load(city)["state"]
    wound_nemesis(played, played["nemesis"]["wounds"], Outcome(), "a trap")
    res = ok(["adjust", "nemesis", "wounds=0", "--reason", "r", "-s", str(city), "-i"])
    assert "is destroyed" in res.stderr
    nem = load(city)["state"]["nemesis"]
    assert nem == played["nemesis"] and nem["slain"] and nem["zone"] is None
    res = ok(["scenario-step", "-s", str(city), "-i"])
    assert "VICTORY" in res.stderr


def test_a_nemesis_set_slain_leaves_the_board(city):
    """Wounding a Nemesis: a destroyed Nemesis is off the board, however the table says so."""
    ok(["adjust", "nemesis", "zone=0.b", "spawned=yes", "--reason", "r", "-s", str(city), "-i", "-q"])
    res = ok(["adjust", "nemesis", "slain=yes", "--reason", "r", "-s", str(city), "-i"])
    assert "is destroyed" in res.stderr
    nem = load(city)["state"]["nemesis"]
    assert nem["slain"] and nem["zone"] is None


def test_ratcatcher_at_0_wounds_acts_no_more_and_loses_at_the_turn_s_end(city):
    """Character Board *Wounds* and ruling R12: as after a fatal bite, no further action,
    and the end-of-turn check is the defeat."""
    res = ok(["adjust", "ratcatcher", "wounds=0", "--reason", "r", "-s", str(city), "-i"])
    assert "can act no more" in res.stderr
    r = run(["move", "0.b", "-s", str(city)])
    assert r.code == 4 and "0 wounds" in r.stderr
    res = ok(["scenario-step", "-s", str(city), "-i"])
    assert "DEFEAT" in res.stderr and "reduced to 0 wounds" in res.stderr


def test_the_consequences_are_one_entry_and_one_undo(city):
    entry = adjust_round_trip(city, "nemesis", "wounds=0")
    assert [(e["type"], e.get("consequence", False)) for e in entry["events"]] == \
        [("correction", False), ("nemesis-slain", True)]
    assert not load(city)["state"]["nemesis"]["slain"]
