"""Property tests over whole bot-played games: the 64 rats are conserved, states stay
schema-valid JSON, and the same seed replays the same game."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from claw.core.ratcatcher.bot import play_round
from claw.core.ratcatcher.city import distances, neighbours
from claw.core.ratcatcher.setup import new_game
from claw.core.rng import SeededDice


def _rats(s):
    return (sum(sum(z["rats"].values()) for z in s["zones"].values()) + sum(s["sack"].values())
            + sum(s["tallyman"]["rats"].values()))


def _game(content, rules, seed, rounds=60):
    dice = SeededDice(seed)
    s, _ = new_game(content["scenario"], content["character"], content["nemesis"], content["townships"],
                    content["peculiar"], rules, dice)
    yield s
    for _ in range(rounds):
        s, _ = play_round(s, dice)
        yield s
        if s["outcome"]:
            return


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_rats_are_conserved_and_states_valid(content, rules, seed):
    from claw.cli.validation.fastschema import first_error
    from claw.core.ratcatcher.statecheck import state_problems

    for s in _game(content, rules, seed):
        assert _rats(s) == 64
        assert state_problems(s) == []  # every id resolves: the next command will accept it
        assert s["ratcatcher"]["wounds"] <= s["ratcatcher"]["stats"]["wounds"]
        assert all(z["cheese"] >= 0 for z in s["zones"].values())
        assert json.loads(json.dumps(s)) == s
    assert first_error("state-ratcatcher", s) is None


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_same_seed_same_game(content, rules, seed):
    a = list(_game(content, rules, seed, 8))
    b = list(_game(content, rules, seed, 8))
    assert a == b


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_zone_graph_is_symmetric_and_distances_consistent(content, rules, seed):
    *_, s = _game(content, rules, seed, 6)
    adj = neighbours(s)
    for z, ns in adj.items():
        for n in ns:
            assert z in adj[n]
    d = distances(adj, s["ratcatcher"]["zone"])
    for z, ns in adj.items():
        for n in ns:
            if z in d:
                assert abs(d[z] - d[n]) <= 1


ACTIONS = st.lists(st.tuples(st.sampled_from(["move", "trap", "attack", "gather", "ability", "trade",
                                               "heal", "explore", "step"]),
                             st.integers(0, 30), st.text("abcdelnrstuw0123.:-", max_size=6)),
                   min_size=1, max_size=40)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**16), ACTIONS)
def test_any_action_sequence_applies_or_raises_a_claw_error(content, rules, seed, actions):
    """Like d20's property: every action either applies or is refused with claw's own
    error (never another exception), and a refusal leaves the state unchanged."""
    from claw.core.errors import ClawError
    from claw.core.ratcatcher import player
    from claw.core.ratcatcher.turn import scenario_step

    dice = SeededDice(seed)
    s, _ = new_game(content["scenario"], content["character"], content["nemesis"], content["townships"],
                    content["peculiar"], rules, dice)
    for name, n, word in actions:
        zones = sorted(s["zones"])
        zone = zones[n % len(zones)] if n % 3 else word
        before = json.dumps(s, sort_keys=True)
        # bound as defaults: each action is built and called in the same iteration
        calls = {
            "move": lambda s=s, zone=zone, word=word, n=n: player.move(s, [zone]),
            "trap": lambda s=s, zone=zone, word=word, n=n: player.deploy_trap(s, ["cage", "snare", word][n % 3], zone),
            "attack": lambda s=s, zone=zone, word=word, n=n: player.attack(s, dice, n % 6 or None),
            "gather": lambda s=s, zone=zone, word=word, n=n: player.gather(s, [None, "attack-up", "lure", word][n % 4]),
            "ability": lambda s=s, zone=zone, word=word, n=n: player.use_ability(s, ["smoke", "lure", word][n % 3]),
            "trade": lambda s=s, zone=zone, word=word, n=n: player.trade(s, [str(n % 5), word][n % 2]),
            "heal": lambda s=s, zone=zone, word=word, n=n: player.heal(s),
            "explore": lambda s=s, zone=zone, word=word, n=n: player.explore_now(s, dice, [word] if n % 2 else []),
            "step": lambda s=s, zone=zone, word=word, n=n: scenario_step(s, dice),
        }
        try:
            s, _ = calls[name]()
        except ClawError:
            assert json.dumps(s, sort_keys=True) == before
        assert _rats(s) == 64


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 10**6), st.integers(0, 10**6), st.integers(1, 6))
def test_rats_walk_shortest_paths(content, rules, seed, a, b, steps):
    """2.1 'directly towards their target': every step lowers the distance to the chosen
    destination by exactly one, and a walk never overshoots it."""
    from claw.core.outcome import Outcome
    from claw.core.ratcatcher.rats import Mover

    *_, s = _game(content, rules, seed, 4)
    mover = Mover(s)
    zones = sorted(mover.adj)
    start, target = zones[a % len(zones)], zones[b % len(zones)]
    d = mover.dist(target)
    if start not in d:
        return
    end = mover.walk(start, [target], steps, Outcome(), "test")
    assert d[end] == max(0, d[start] - steps)
