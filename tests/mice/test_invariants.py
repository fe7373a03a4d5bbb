"""Property tests: any sequence of chapter commands with any dice either is refused with
claw's own error or leaves a state that matches state-mice, with the tracks in range,
and never changes its input state."""

import copy

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claw.cli.formats.content import load_data, load_schema
from claw.core.errors import ClawError
from claw.core.mice import actiondie as A
from claw.core.mice import chamber, combat, ghost, kitchen, search, track
from claw.core.mice import outcomes as O
from claw.core.mice.checks import check_state
from claw.core.rng import SeededDice

TILES = load_data("mice/tiles.json")
FACES = A.parse_faces(load_data("mice/action-die.json"))
VALIDATOR = jsonschema.Draft202012Validator(load_schema("state-mice"))
MICE = ["collin", "nez", "filch", "maginos", "tilda", "lily"]
ROOMS = ["tunnel-entrance", "kings-tunnels", "kings-chamber", "kitchen", "dining-hall"]
SPOTS = ["floor", "water", "bed", "tray", "counter", "table", "chest"]


def figures(state):
    return [f["id"] for f in state["minions"]] or ["nobody"]


ACTIONS = [
    lambda s, r, dc: O.explore(s, r.choice(ROOMS), TILES),
    lambda s, r, dc: O.place_mouse(s, r.choice(MICE), r.choice(ROOMS), r.choice(SPOTS), TILES),
    lambda s, r, dc: search.search(s, r.choice(MICE), dc, FACES, TILES),
    lambda s, r, dc: O.minion_turn(s, r.choice(["roach", "elite-rat-warrior", "spider"]), TILES),
    lambda s, r, dc: O.defeat(s, r.choice(figures(s)), TILES),
    lambda s, r, dc: O.gain_cheese(s, r.choice(MICE), 2),
    lambda s, r, dc: O.wheel_cheese(s, r.randint(1, 4), TILES),
    lambda s, r, dc: O.capture(s, r.choice(MICE), TILES),
    lambda s, r, dc: O.release(s, r.choice(MICE), TILES),
    lambda s, r, dc: chamber.chest_lid(s, r.choice(MICE), dc, FACES, TILES),
    lambda s, r, dc: kitchen.deploy_fork(s, TILES),
    lambda s, r, dc: kitchen.fling_cheese(s, r.choice(MICE), dc, FACES, TILES),
    lambda s, r, dc: kitchen.build_ghost(s, TILES),
    lambda s, r, dc: ghost.move_ghost(s, r.choice(MICE), r.randint(1, 3), dc, FACES, TILES,
                                      enter=r.choice([None, "dining-hall", "kitchen"])),
    lambda s, r, dc: ghost.scary_noises(s, r.choice(MICE), r.randint(0, 3), dc, FACES, TILES),
    lambda s, r, dc: combat.attack(s, r.choice(MICE + figures(s)), r.choice(MICE + figures(s)), dc, FACES, TILES),
    lambda s, r, dc: track.scenario_step(s, TILES, r.randint(0, 1)),
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, len(ACTIONS) - 1), st.integers(0, 2**32)), max_size=40),
       st.booleans())
def test_random_command_sequences_keep_the_state_valid(fresh, steps, shortcut):
    import random

    state = copy.deepcopy(fresh)
    if shortcut:  # give the walk a head start so later rules get exercised
        state["stash"] = ["fishhook-and-thread", "dinner-fork"]
        state["found"] = ["fishhook-and-thread", "dinner-fork"]
    for index, seed in steps:
        r = random.Random(seed)
        before = copy.deepcopy(state)
        try:
            res = ACTIONS[index](state, r, SeededDice(seed))
        except ClawError:
            assert state == before
            continue
        assert state == before  # rules never change their input
        state = res.state
        VALIDATOR.validate(state)
        assert check_state(state) == []  # what claw writes, claw reads back
        assert 0 <= state["scare"] <= 10 and 0 <= state["wheel"] < 6
        assert state["objectives"]["raiders_scared"] == (state["scare"] >= 10)
        if state["objectives"]["raiders_scared"]:
            assert not state["raiders"]
        if state["ghost"]:
            assert all(m["room"] is None for m in state["mice"] if m["job"])
        if state["outcome"] == "victory":
            assert all(state["objectives"].values())
