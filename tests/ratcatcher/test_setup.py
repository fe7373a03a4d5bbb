"""Game Setup steps 1–5 and populating townships, with given draws."""

from __future__ import annotations

import copy

from claw.core.outcome import Outcome
from claw.core.ratcatcher.setup import new_game
from claw.core.ratcatcher.townships import reveal_question
from tests.ratcatcher.conftest import TINY, FixedOrder


def test_setup_1_ratcatcher_board(tiny):
    rc = tiny["ratcatcher"]
    assert (rc["attack_dice"], rc["movement"], rc["wounds"], rc["traps"]) == (4, 4, 4, 2)
    assert rc["abilities"]["smoke"] == {"unlocked": True, "max": 2, "tokens": 2}
    assert rc["abilities"]["lure"] == {"unlocked": False, "max": 2, "tokens": 0}


def test_setup_3_nemesis_waits_off_board(tiny):
    nem = tiny["nemesis"]
    assert nem["zone"] is None and not nem["spawned"] and nem["wounds"] == 4


def test_setup_4_start_card_plus_two_joined_by_connectors(tiny):
    assert tiny["city"] == ["0", "1", "2"] and tiny["deck"] == ["3"]
    assert tiny["links"] == [["0:e", "1:w"], ["1:e", "2:w"]]


def test_setup_5_tokens_and_rats_with_given_draws(content, rules):
    """Cheese on cheese slots; a rat on the nest of #00 (a black one, which brings a
    brown); the spawn point of #3 is not in play."""
    state, ev = new_game(content["scenario"], content["character"], content["nemesis"], copy.deepcopy(TINY),
                         content["peculiar"], rules, FixedOrder([30, 1]))
    assert state["zones"]["1.b"]["cheese"] == 1
    assert state["zones"]["0.c"]["rats"] == {"brown": 1, "black": 1, "white": 0}
    assert state["sack"] == {"brown": 23, "black": 11, "white": 28}
    assert state["ratcatcher"]["zone"] == "0.a"


def test_question_token_reveals(tiny):
    tiny["question_pool"] = ["peculiar", "health", "nothing"]
    ev = Outcome()
    for _ in range(4):
        reveal_question(tiny, "1.a", ev)
    assert [p["zone"] for p in tiny["peculiar"]] == ["1.a"]
    assert tiny["zones"]["1.a"]["found"] == ["health"]
    assert "no \"?\" token left" in ev.events[-1]["text"]


def test_peculiar_deck_runs_out(tiny):
    tiny["peculiar_deck"] = []
    tiny["question_pool"] = ["peculiar"]
    ev = Outcome()
    reveal_question(tiny, "1.a", ev)
    assert tiny["peculiar"] == [] and "deck is empty" in ev.events[-1]["text"]


def test_setup_4_stops_when_no_connector_is_free(content, rules):
    """Setup 4 joins each new card to a free connector; a deck whose cards each have a
    single connector runs out of them after one card: the city starts smaller (the
    unplaced card stays in the deck) instead of failing."""
    deck = {"game": "ratcatcher", "kind": "townships", "cards": [
        {"number": n, "expansion": 1, "zones": [{"id": "a", "slots": ["start"] if n == 0 else []}],
         "connectors": [{"id": "x", "zone": "a"}]} for n in range(3)]}
    state, ev = new_game(content["scenario"], content["character"], content["nemesis"], deck,
                         content["peculiar"], rules, FixedOrder([1] * 10))
    assert state["city"] == ["0", "1"] and state["deck"] == ["2"]
    assert any("starts smaller" in e["text"] for e in ev)
