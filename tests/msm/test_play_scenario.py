"""A whole scripted scenario from examples/, end to end, with a seed: the same final
state on a second run ("Sequence of Play" and everything it calls)."""

import json

from claw.core.msm.setup import board_from_state, new_state
from claw.core.rng import SeededDice

from .autoplay import play
from .play_helpers import BESTIARY, DECK, load


def start(name, seed):
    from claw.core.msm.campaign import hero_fields
    from claw.core.msm.loot import build_deck
    from claw.core.msm.tavern import card_lookup

    doc = load(f"examples/msm/{name}")
    dice = SeededDice(seed)
    state, _ = new_state(doc, dice)
    heroes = load("data/msm/heroes.yaml")
    for fid, fig in state["figures"].items():
        if fig["side"] == "cat":
            fig.update(hero_fields(fid, heroes, card_lookup([DECK]), DECK["unarmed"]))
    state["loot"].update(deck=build_deck([DECK], doc.get("loot_decks"), dice), discard=[], table={})
    state["goals"] = doc.get("goals", {})
    state["placements"] = doc.get("placements", {})
    if doc.get("no_cat_attacks"):
        state["scenario"]["no_cat_attacks"] = True
    return state, dice


def run(name, seed, rounds=40):
    state, dice = start(name, seed)
    board = board_from_state(state)
    return play(state, board, BESTIARY, dice, max_rounds=rounds)


def test_scenario_2_scripted_to_an_outcome_and_reproducible():
    final, events = run("scenario-2.yaml", 11)
    assert final.get("outcome"), "the scripted game should end in victory or defeat"
    again, _ = run("scenario-2.yaml", 11)
    assert json.dumps(final, sort_keys=True) == json.dumps(again, sort_keys=True)
    kinds = {e["type"] for e in events}
    assert {"initiative", "rat-activate", "attack-roll"} <= kinds


def test_scenario_1_scripted_is_reproducible():
    final, _ = run("scenario-1.yaml", 5)
    again, _ = run("scenario-1.yaml", 5)
    assert json.dumps(final, sort_keys=True) == json.dumps(again, sort_keys=True)
    assert final["outcome"]["result"] == "victory"
