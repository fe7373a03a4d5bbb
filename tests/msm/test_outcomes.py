"""The msm rules that were the command line's, now core rules returning an Outcome with
their sentences: scratch tokens by hand (Scratch Rule), the set-up's first sentence
(Setting up), a cat's activation and its end (Cat Actions), objectives the players mark
(F. Objectives) and the Taverne's entry (Game Structure, Taverne du Pélican de Mer)."""

import pytest

from claw.core.errors import IllegalAction
from claw.core.msm import rounds, victory
from claw.core.msm.attack import spend_token, take_token
from claw.core.msm.campaign import enter_taverne, in_taverne
from claw.core.msm.setup import new_state
from claw.core.msm.start import announced
from claw.core.msm.tavern import roll_event
from claw.core.outcome import Outcome
from claw.core.rng import PhysicalDice, SeededDice

from .play_helpers import cat, load, rat, state

OPEN = ["........"] * 8


def test_scratch_rule_the_team_takes_a_token_up_to_three():
    """Scratch Rule: "The maximum scratch tokens available to a team is 3"; taking one is
    a new state, the old one untouched, and a fourth is refused."""
    st, _ = state(OPEN, {"nera": cat("A1")}, scratch_tokens=2)
    done = take_token(st)
    assert isinstance(done, Outcome) and done.state["scratch_tokens"] == 3 and st["scratch_tokens"] == 2
    assert done.events == [{"type": "scratch-take", "text": "The team takes a scratch token (3/3).", "tokens": 3}]
    with pytest.raises(IllegalAction, match="already holds 3 scratch tokens"):
        take_token(done.state)


def test_scratch_rule_the_team_discards_a_token_it_holds():
    """Scratch Rule: "if the team has any scratch tokens, then you may discard one at any
    time to reroll a die"; with none, there is nothing to discard."""
    st, _ = state(OPEN, {"nera": cat("A1")}, scratch_tokens=1)
    done = spend_token(st)
    assert done.state["scratch_tokens"] == 0 and st["scratch_tokens"] == 1
    assert done.events[0]["text"] == "The team discards a scratch token (0/3)." and done.events[0]["tokens"] == 0
    with pytest.raises(IllegalAction, match="no scratch token"):
        spend_token(done.state)


def test_setting_up_leads_with_the_scenario_and_its_cats():
    """Setting up: the set-up's first sentence names the scenario and the heroes set up,
    before the set-up's own events (the rat pool, the placements)."""
    doc = load("examples/msm/scenario-1.yaml")
    setup = new_state(doc, SeededDice(3))
    done = announced(doc, setup)
    cats = ", ".join(f for f, x in setup.state["figures"].items() if x["side"] == "cat")
    assert done.state is setup.state
    assert done.events[0] == {"type": "setup", "text": f"{doc['name']}: set up for {cats}.", "scenario": doc["name"]}
    assert done.events[1:] == setup.events


def test_cat_actions_activating_a_cat_on_a_copy():
    """Cat Actions: a cat activates with its AP; the rule works on a copy, and an
    activation already used this turn is refused."""
    st, board = state(OPEN, {"nera": cat("A1"), "leon": cat("C3"), "rat-1": rat("roach", "H8")})
    done = rounds.activate_cat(st, board, "nera")
    assert done.state["active"] == "nera" and st.get("active") is None
    assert [e["type"] for e in done.events] == ["activate"]
    ended = rounds.end_cat_activation(done.state)
    assert ended.state["active"] is None and ended.events[0]["type"] == "activation-end"
    with pytest.raises(IllegalAction, match="already been activated"):
        rounds.activate_cat(ended.state, board, "nera")
    with pytest.raises(IllegalAction, match="no cat is activated"):
        rounds.end_cat_activation(ended.state)


def test_objectives_the_players_mark_done_decide_the_outcome():
    """F. Objectives: a manual objective the players mark met counts like any other."""
    goals = {"victory": [{"id": "talk", "type": "manual", "text": "Talk to the abbot"}]}
    st, _ = state(OPEN, {"nera": cat("A1")}, goals=goals, goals_done=[])
    done = victory.players_mark_done(st, "talk")
    assert done.state["outcome"]["result"] == "victory" and "outcome" not in st
    assert [e["type"] for e in done.events] == ["goal", "outcome"]


def test_game_structure_the_taverne_comes_between_scenarios():
    """Game Structure: the Taverne follows a scenario; entering it records the campaign
    and says to roll the events chart first. Unfinished, it is refused; already there,
    nothing more happens."""
    st, _ = state(OPEN, {"nera": cat("A1", francs=3, level=1)})
    with pytest.raises(IllegalAction, match="not over yet"):
        enter_taverne(st)
    st["outcome"] = {"result": "victory", "why": "test", "round": 2}
    done = enter_taverne(st)
    assert done.state["phase"] == "taverne" and done.state["campaign"]["heroes"]["nera"]["francs"] == 3
    assert [e["type"] for e in done.events] == ["campaign", "taverne"]
    assert done.events[1]["text"].startswith("The cats visit the Taverne du Pélican de Mer: roll the events chart")
    assert "campaign" not in st
    again = enter_taverne(done.state)
    assert again.events == [] and again.state == done.state


def test_taverne_du_pelican_de_mer_an_action_on_the_campaign_is_one_on_the_state():
    """Taverne du Pélican de Mer, A: the events chart is rolled on the campaign; the game
    state holding the campaign takes that outcome whole."""
    st, _ = state(OPEN, {"nera": cat("A1")}, outcome={"result": "defeat", "why": "test", "round": 1})
    inside = enter_taverne(st).state
    chart = load("data/msm/tavern-events.yaml")
    rolled = roll_event(inside["campaign"], chart, PhysicalDice([12]))
    done = in_taverne(inside, rolled)
    assert done.state["campaign"] == rolled.state and done.events == rolled.events
    assert done.state["campaign"]["taverne"]["roll"] == 12 and "roll" not in inside["campaign"]["taverne"]
    assert done.state["phase"] == "taverne" and done.state is not inside
