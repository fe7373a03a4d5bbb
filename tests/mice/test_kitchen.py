"""Kitchen 1 (setup), 2 (Flinging Cheese), 3 (story moment when clear), 4 (Building the Ghost)."""

import pytest

from claw.core.errors import IllegalAction, UsageError
from claw.core.mice import kitchen
from claw.core.mice import outcomes as O

from .helpers import clear_room, d, to_chamber


@pytest.fixture
def kitchen_state(fresh, tiles, F):
    s = to_chamber(fresh, tiles, F.cheese)
    return O.explore(s, "kitchen", tiles).state


def test_kitchen_setup_bugs_and_raider(kitchen_state):
    """Kitchen 1: 1 spider, 1 cave centipede, 4 greedy roaches, a raider; no encounter card."""
    kinds = sorted(f["kind"] for f in kitchen_state["minions"] if f["room"] == "kitchen")
    assert kinds == ["cave-centipede", "greedy-roach", "greedy-roach", "greedy-roach", "greedy-roach", "spider"]
    assert [r["room"] for r in kitchen_state["raiders"]].count("kitchen") == 1


def test_fork_must_be_in_stash_to_deploy(fresh, tiles):
    s = O.explore(fresh, "kitchen", tiles).state
    with pytest.raises(IllegalAction, match="no dinner fork"):
        kitchen.deploy_fork(s, tiles)


def test_fling_needs_deployed_fork_counter_and_cheese(kitchen_state, tiles, faces, F):
    s = O.place_mouse(kitchen_state, "tilda", "kitchen", "counter", tiles).state
    with pytest.raises(IllegalAction, match="deployed"):
        kitchen.fling_cheese(s, "tilda", d(F.cheese), faces, tiles)
    s = kitchen.deploy_fork(s, tiles).state
    with pytest.raises(IllegalAction, match="no cheese"):
        kitchen.fling_cheese(s, "tilda", d(F.cheese), faces, tiles)
    s = O.gain_cheese(s, "nez", 1).state
    with pytest.raises(IllegalAction, match="counter"):
        kitchen.fling_cheese(s, "nez", d(F.cheese), faces, tiles)


def test_fling_miss_costs_the_cheese_and_raider_stays(kitchen_state, tiles, faces, F):
    s = kitchen.deploy_fork(kitchen_state, tiles).state
    s = O.place_mouse(s, "tilda", "kitchen", "counter", tiles).state
    s = O.gain_cheese(s, "tilda", 2).state
    res = kitchen.fling_cheese(s, "tilda", d(F.blank), faces, tiles)
    assert res.state["mice"][4]["cheese"] == 1
    assert any(r["room"] == "kitchen" for r in res.state["raiders"]) and res.state["scare"] == 0


def test_fling_hit_scores_one_and_removes_raider(kitchen_state, tiles, faces, F):
    s = kitchen.deploy_fork(kitchen_state, tiles).state
    s = O.place_mouse(s, "tilda", "kitchen", "counter", tiles).state
    s = O.gain_cheese(s, "tilda", 1).state
    res = kitchen.fling_cheese(s, "tilda", d(F.cheese), faces, tiles)
    assert res.state["scare"] == 1 and res.state["kitchen_raider_scared"]
    assert not [r for r in res.state["raiders"] if r["room"] == "kitchen"]


def test_story_moment_when_kitchen_clear(kitchen_state, tiles, faces, F):
    """Kitchen 3: once no minions and no raider remain."""
    s = clear_room(kitchen_state, "kitchen", tiles)
    assert not s["rooms"]["kitchen"]["cleared"]
    s = kitchen.deploy_fork(s, tiles).state
    s = O.place_mouse(s, "tilda", "kitchen", "counter", tiles).state
    s = O.gain_cheese(s, "tilda", 1).state
    res = kitchen.fling_cheese(s, "tilda", d(F.cheese), faces, tiles)
    assert res.state["rooms"]["kitchen"]["cleared"]
    assert any("Kitchen 3" in e["text"] for e in res.events)


def test_ghost_needs_minions_gone_and_raider_scared(kitchen_state, tiles, faces, F):
    """Kitchen 4: both conditions."""
    with pytest.raises(IllegalAction, match="minions"):
        kitchen.build_ghost(kitchen_state, tiles)
    s = clear_room(kitchen_state, "kitchen", tiles)
    with pytest.raises(IllegalAction, match="flung cheese"):
        kitchen.build_ghost(s, tiles)


def test_ghost_jobs_two_eyes_four_mop(kitchen_state, tiles, faces, F):
    s = clear_room(kitchen_state, "kitchen", tiles)
    s = kitchen.deploy_fork(s, tiles).state
    s = O.place_mouse(s, "tilda", "kitchen", "counter", tiles).state
    s = O.gain_cheese(s, "tilda", 1).state
    s = kitchen.fling_cheese(s, "tilda", d(F.cheese), faces, tiles).state
    res = kitchen.build_ghost(s, tiles, ["lily", "tilda"])
    g = res.state["ghost"]
    assert g["eyes"] == ["lily", "tilda"] and len(g["mop"]) == 4 and g["room"] == "kitchen"
    assert all(m["room"] is None for m in res.state["mice"])  # on their cards
    default = kitchen.build_ghost(s, tiles).state["ghost"]
    assert default["eyes"] == ["collin", "nez"]
    with pytest.raises(UsageError):
        kitchen.build_ghost(s, tiles, ["lily"])
    with pytest.raises(IllegalAction, match="already"):
        kitchen.build_ghost(res.state, tiles)
    with pytest.raises(IllegalAction, match="inside the ghost"):
        O.place_mouse(res.state, "nez", "kitchen", "floor", tiles)
