"""Issue 14 items 12–14 and 17: one spawn phase per round, `--assign` read as written,
connectors checked always, a finished game said so."""

from __future__ import annotations

import json

import pytest

from claw.cli.testing import run
from claw.core.errors import IllegalAction
from claw.core.outcome import Outcome
from claw.core.ratcatcher import player
from claw.core.ratcatcher import rats as R
from claw.core.ratcatcher.combat import Target, parse_assign, resolve_attack
from claw.core.ratcatcher.turn import scenario_step, spawn_only
from claw.core.rng import PhysicalDice
from tests.ratcatcher.conftest import EX, put

SCENARIO = str(EX / "first-game.yaml")


@pytest.fixture(scope="module")
def start() -> str:
    r = run(["new", SCENARIO, "--seed", "7"])
    assert r.code == 0, r.stderr
    return r.stdout


def test_2_6_spawn_runs_once_per_round(tiny):
    """2.5–2.6 Spawn is one phase of the rats' turn: where the turn stands before it
    (`scenario-step --until spawn`), `claw spawn` plays this round's once; a second run is
    refused, and the rest of the rats' turn then skips its spawn (ruling R26)."""
    paused, _ = scenario_step(tiny, PhysicalDice([1] * 20), until="spawn")
    s, ev = spawn_only(paused, PhysicalDice([1] * 5))
    assert s["zones"]["0.c"]["rats"]["brown"] == 1          # the nest on #00
    with pytest.raises(IllegalAction, match="spawn phase was already played"):
        spawn_only(s, PhysicalDice([1] * 5))
    after, events = scenario_step(s, PhysicalDice([1] * 20))
    assert any(e["type"] == "spawn-done" for e in events)
    assert not any(e["type"] == "spawn" for e in events)
    assert "spawned_round" not in after and after["round"] == 2 and after["phase"] == "ratcatcher"
    with pytest.raises(IllegalAction, match="2.1–2.4"):        # the next round's comes after its Move..Consume
        spawn_only(after, PhysicalDice([1] * 5))


def test_2_5_spawn_by_hand_comes_after_move_traps_bite_and_consume_ruling_r26(tiny):
    """Turn cycle 2.1 Move, 2.2 Trigger Traps, 2.3 Bite, 2.4 Consume, 2.5 Spawn: a rat
    spawned by hand must not move, trigger traps or bite in the same rats' turn. In the
    Ratcatcher's turn `claw spawn` is refused (state unchanged); `--until spawn` plays
    2.1–2.4 and stops; the rest of the turn moves and bites no more."""
    put(tiny, "1.a", brown=1)
    tiny["ratcatcher"].update(attack_dice=0, movement=0)
    with pytest.raises(IllegalAction, match="Move, Traps, Bite and Consume"):
        spawn_only(tiny, PhysicalDice([1] * 5))
    paused, events = scenario_step(tiny, PhysicalDice([1] * 20), until="spawn")
    assert paused["phase"] == "rats" and paused["round"] == 1
    assert any(e["type"] == "rat-move" for e in events)       # 2.1 was played
    assert not any(e["type"] == "spawn" for e in events)
    s, _ = spawn_only(paused, PhysicalDice([1] * 5))
    assert s["zones"]["0.c"]["rats"]["brown"] == paused["zones"]["0.c"]["rats"]["brown"] + 1
    after, events = scenario_step(s, PhysicalDice([1] * 20))
    assert not any(e["type"] in ("rat-move", "bite", "spawn") for e in events)
    assert after["zones"]["0.c"]["rats"] == s["zones"]["0.c"]["rats"]     # the new rat stayed put
    assert after["ratcatcher"]["wounds"] == s["ratcatcher"]["wounds"]
    with pytest.raises(IllegalAction, match="already stands at its spawn"):
        scenario_step(paused, PhysicalDice([1] * 20), until="spawn")


def test_cli_spawn_twice_is_refused(start):
    r = run(["scenario-step", "--until", "spawn", "-s", "-"], stdin=start)
    assert r.code == 0, r.stderr
    r1 = run(["spawn", "-s", "-"], stdin=r.stdout)
    assert r1.code == 0, r1.stderr
    r2 = run(["spawn", "-s", "-"], stdin=r1.stdout)
    assert r2.code == 4 and "already played" in r2.stderr


def test_1_3_assign_a_kind_means_every_such_rat():
    """1.3 "Each hit is allocated to one or more Rats": `--assign brown` with two browns
    (Defence 0) and two hits captures both; `brown:2` puts both hits on one brown;
    `brown:1,brown:1` one hit on each."""
    zone = [Target("brown", "brown", 0), Target("brown", "brown", 0), Target("white", "white", 0)]
    r = resolve_attack([4, 4], 4, zone, parse_assign("brown"))
    assert [a.captured for a in r.allocations] == [True, True] and r.wasted_hits == 0
    r = resolve_attack([4, 4], 4, zone, parse_assign("brown:2"))
    assert len(r.allocations) == 1 and r.allocations[0].hits == 2
    r = resolve_attack([4, 4], 4, zone, parse_assign("brown:1,brown:1"))
    assert [a.hits for a in r.allocations] == [1, 1]
    r = resolve_attack([4], 4, zone, parse_assign("brown"))       # one hit: one brown, nothing wasted
    assert len(r.allocations) == 1 and r.wasted_hits == 0


def test_1_3_assign_brown_through_the_state(tiny):
    put(tiny, "0.a", brown=2)
    s, events = player.attack(tiny, PhysicalDice([4, 4]), 2, parse_assign("brown"))
    assert sum(s["zones"]["0.a"]["rats"].values()) == 0
    assert not any("find no target" in e["text"] for e in events)


def test_1_3_hits_left_after_the_assign_list_name_the_rats_still_there(tiny):
    """1.3 "Each hit is allocated to one or more Rats ... within the target zone": hits that
    an --assign list leaves over are lost, but not for want of a target when rats are still
    in the zone; the explanation says so and names them (issue 14, item 13)."""
    put(tiny, "0.a", brown=2, black=1)
    s, events = player.attack(tiny, PhysicalDice([4, 4, 6, 6]), 4, parse_assign("brown"))
    assert s["zones"]["0.a"]["rats"] == {"brown": 0, "black": 1, "white": 0}
    texts = [e["text"] for e in events if e["type"] == "wasted"]
    assert texts and "find no target" not in texts[0]
    assert "1 black" in texts[0] and "--assign" in texts[0]
    s, events = player.attack(tiny, PhysicalDice([4, 4, 4, 4]), 4, parse_assign("brown,black"))
    assert any("find no target" in e["text"] for e in events if e["type"] == "wasted")  # zone emptied


def test_unknown_connector_is_refused_without_an_explore(start):
    """Place New Locations: a connector is one of a township card in the city; a name
    that is none is refused even when this step places no township."""
    r = run(["scenario-step", "-s", "-", "--connector", "0:zz"], stdin=start)
    assert r.code == 4 and "no connector of a township in the city" in r.stderr
    r = run(["scenario-step", "-s", "-", "--connector", "99:e"], stdin=start)
    assert r.code in (2, 4) and "99:e" in r.stderr


def test_joined_connector_is_refused(tiny):
    joined = tiny["links"][0][0]
    with pytest.raises(IllegalAction, match="already joined"):
        scenario_step(tiny, PhysicalDice([1] * 20), connectors=[joined])


def test_show_and_spawn_after_the_game_is_over(start):
    """Objective: the game ends at a win or loss; `show` says "game over", not "over's
    turn", and `claw spawn` gives the reason like the other commands."""
    doc = json.loads(start)
    doc["state"]["ratcatcher"]["wounds"] = 0
    doc["state"]["phase"] = "over"
    doc["state"]["outcome"] = {"result": "lost", "reason": "Madam Cage is reduced to 0 wounds"}
    text = json.dumps(doc)
    r = run(["show", "-s", "-"], stdin=text)
    assert "game over" in r.stdout and "over's turn" not in r.stdout and "LOST" in r.stdout
    r = run(["spawn", "-s", "-"], stdin=text)
    assert r.code == 4 and "reduced to 0 wounds" in r.stderr


# ---- rulings R24, R25 (issue 14 item 15) -------------------------------------------------


def test_peculiar_bites_once_by_default_each_as_the_option_ruling_r24(tiny):
    """2.3 caps Peculiar bites at one wound ("a maximum of one wound … from Peculiar
    rats"); *Attributes* says "Each Peculiar Rat will bite individually". Default: the
    2.3 cap; `peculiar_bites: each` wounds once per Peculiar Rat whose Bite beats Defence."""
    tiny["peculiar"] += [{"id": "two-tails", "zone": "0.a"}, {"id": "whisker-jack", "zone": "0.a"}]
    tiny["ratcatcher"]["wounds"] = 4
    R.bites(tiny, PhysicalDice([]), Outcome())
    assert tiny["ratcatcher"]["wounds"] == 3            # bites 3 and 2 vs defence 1: one wound
    tiny["options"]["peculiar_bites"] = "each"
    R.bites(tiny, PhysicalDice([]), Outcome())
    assert tiny["ratcatcher"]["wounds"] == 1            # two wounds


def test_spawn_at_active_nests_by_default_every_nest_as_the_option_ruling_r25(tiny):
    """2.6 "a single Rat Token for each Rat Nest in the city" and "until each Active
    township has had a new Rat added to all the Rat Nest's". Default: active townships
    (the clean-up would return rats on inactive ones at once); `spawn_nests: city` draws
    for every nest in the city."""
    tiny["zones"]["2.b"]["nest"] = True                  # #2 is inactive (no cheese, not next to #00)
    jobs = R.spawn_jobs(tiny)
    assert [z for z, why in jobs if why == "Rat's Nest"] == ["0.c"]
    tiny["options"]["spawn_nests"] = "city"
    assert [z for z, why in R.spawn_jobs(tiny) if why == "Rat's Nest"] == ["0.c", "2.b"]


def test_new_options_for_r24_r25():
    r = run(["new", SCENARIO, "--seed", "7", "--peculiar-bites", "each", "--spawn-nests", "city"])
    assert r.code == 0, r.stderr
    opts = json.loads(r.stdout)["state"]["options"]
    assert opts["peculiar_bites"] == "each" and opts["spawn_nests"] == "city"
    assert run(["new", SCENARIO, "--seed", "7", "--peculiar-bites", "all"]).code == 2
