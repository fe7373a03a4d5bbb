"""Warriors rules answer with one Outcome (issue 20): the new state and the events with
their sentences come from core, so a program can play without the command line."""

import json

import pytest

from claw.cli.testing import run
from claw.core.errors import IllegalAction
from claw.core.warriors.checks import CheckSpec, check
from claw.core.warriors.fight import advance_turn, initiative
from claw.core.warriors.knacks import cost, use
from claw.core.warriors.party import DEFAULT_OPTIONS, start
from claw.core.warriors.points import refresh_party
from claw.core.warriors.sunrise import spend_gains

from .conftest import PARTY, dice, example_cat


def party_state(*names):
    cats = [example_cat(n) for n in names]
    return {"day": 0, "options": {}, "cats": {c["id"]: c for c in cats}, "order": [c["id"] for c in cats],
            "fight": None}


def test_the_party_start_state_is_built_by_core_alone(rules):
    """Creating a Cat / the party: `claw new` writes exactly the state core's start() builds."""
    made = json.loads(run(["new", *PARTY, "--seed", "7"]).stdout)
    cats = [example_cat(n) for n in ("emberpaw", "reedwhisker", "sloefoot", "bramble")]
    out = start(cats, dict(DEFAULT_OPTIONS), rules)
    assert out.state == made["state"]
    assert [e["type"] for e in out.events] == ["join"] * 4
    assert out.events[0]["text"].startswith("Emberpaw (")


def test_a_check_pays_and_tells_its_sum(rules):
    """How the game works (checks): 3d6 + ability against the difficulty; the sentence
    shows every part of the sum."""
    state = party_state("emberpaw")
    out = check(state, rules, "emberpaw", CheckSpec(ability="strength", vs=10), dice(3, 3, 3))
    (ev,) = out.events
    assert ev["type"] == "check" and ev["total"] == 9 + 5 and ev["success"] is True
    assert ev["text"] == "Emberpaw: Strength check: 3d6 3+3+3=9 + strength 5 = 14 vs 10: success"
    assert out.state is not state and out.state["cats"]["emberpaw"] == state["cats"]["emberpaw"]


def test_a_critical_failure_on_a_physical_check_sprains_in_the_new_state_only(rules):
    """Sprains: two or three 1s on a physical check sprain the cat (rest 3 sunrises)."""
    state = party_state("emberpaw")
    out = check(state, rules, "emberpaw", CheckSpec(ability="strength", vs=10), dice(1, 1, 4))
    assert out.state["cats"]["emberpaw"]["sprain"] == 3 and state["cats"]["emberpaw"]["sprain"] == 0
    assert "sprains" in out.events[0]["text"]


def test_fight_next_passes_the_turn_without_changing_the_input():
    """Fighting: the cats act in initiative order; --next ends the current cat's turn."""
    state = party_state("emberpaw", "bramble")
    fighting = initiative(state, ["emberpaw", "bramble"], dice(6, 4)).state
    out = advance_turn(fighting)
    assert out.state["fight"]["turn"] == 1 and fighting["fight"]["turn"] == 0
    assert out.events[0]["type"] == "turn" and out.events[0]["cat"] == "bramble"
    with pytest.raises(IllegalAction, match="no fight"):
        advance_turn(state)


def test_refresh_brings_the_pools_back_to_the_scores():
    """Spending Points: when the GM says so, the pools refill to the ability scores."""
    state = party_state("emberpaw", "bramble")
    state["cats"]["emberpaw"]["pools"] = {"strength": 0, "intelligence": 0, "spirit": 0}
    out = refresh_party(state)
    assert out.state["cats"]["emberpaw"]["pools"] == state["cats"]["emberpaw"]["abilities"]
    assert out.events[0]["cats"] == ["emberpaw", "bramble"]
    assert state["cats"]["emberpaw"]["pools"]["strength"] == 0


def test_a_movement_knack_is_paid_from_the_pools(rules):
    """Using Knacks: a knack is triggered by spending its Ability points."""
    state = party_state("emberpaw")
    state["cats"]["emberpaw"]["knacks"] = {"dash": 1}
    c = cost(rules, "dash", 1)
    out = use(state, rules, "emberpaw", "dash")
    before, after = state["cats"]["emberpaw"]["pools"], out.state["cats"]["emberpaw"]["pools"]
    assert sum(before.values()) - sum(after.values()) == c["points"]
    assert out.events[0]["knack"] == "dash" and "Dash" in out.events[0]["text"]
    with pytest.raises(IllegalAction, match="check"):
        use(state, rules, "emberpaw", "feint")      # a fight knack is used in the attack


def test_growing_spends_a_pending_gain_in_the_party_state(rules):
    """Growing Up: a pending age-table gain is spent on the choice the player makes."""
    state = party_state("emberpaw")
    state["cats"]["emberpaw"]["pending"] = [{"moon": 13, "type": "knack"}]
    out = spend_gains(state, rules, "emberpaw", knack="dash")
    assert out.state["cats"]["emberpaw"]["knacks"]["dash"] == 1 and "pending" not in out.state["cats"]["emberpaw"]
    assert state["cats"]["emberpaw"]["pending"]
