"""Chapter Objective (victory, defeat), Chapter Setup (chapter end on page 7), the
minion wheel's surges (base game) with the tiles' Special Surges, scenario-step."""

import pytest

from claw.core.errors import IllegalAction, UsageError
from claw.core.mice import outcomes as O
from claw.core.mice.track import add_wheel, scenario_step
from claw.core.outcome import begin


def test_setup_six_mice_page_seven_centipede(fresh):
    """Chapter Setup: 6 mice (4 on the flip space), chapter end on page 7, a cave centipede."""
    assert len(fresh["mice"]) == 6 and fresh["chapter_end"] == 7 and fresh["hourglass"] == 1
    assert sum(m["spot"] == "flip" for m in fresh["mice"]) == 4
    assert [f["kind"] for f in fresh["minions"]] == ["cave-centipede"]
    assert fresh["rooms"]["tunnel-entrance"]["explored"]


def test_tunnel_entrance_story_moment_at_start(chapter, tiles):
    """Tunnel Entrance 2: the mice start by exploring it."""
    from claw.core.mice.setup import new_state

    assert any("Tunnel Entrance 2" in e["text"] for e in new_state(chapter, tiles).events)


def test_scenario_step_moves_the_hourglass(fresh, tiles):
    res = scenario_step(fresh, tiles)
    assert res.state["hourglass"] == 2 and not res.state["outcome"]
    assert scenario_step(fresh, tiles, pages=0).state["hourglass"] == 1
    with pytest.raises(UsageError):
        scenario_step(fresh, tiles, pages=-1)


def test_defeat_when_hourglass_reaches_chapter_end(fresh, tiles):
    """Defeat Condition: the hourglass reaches the chapter end marker first."""
    s = scenario_step(fresh, tiles, pages=5).state
    assert s["hourglass"] == 6 and not s["outcome"]
    res = scenario_step(s, tiles)
    assert res.state["outcome"] == "defeat" and "chapter end" in res.state["outcome_reason"]
    with pytest.raises(IllegalAction, match="over"):
        scenario_step(res.state, tiles)
    with pytest.raises(IllegalAction, match="over"):
        O.gain_cheese(res.state, "collin", 1)


def test_defeat_when_all_mice_captured(fresh, tiles):
    """Defeat Condition: all mice captured at the same time."""
    s = dict(fresh, options=dict(fresh["options"], capture_advances_hourglass=False))
    for m in ("collin", "nez", "filch", "maginos", "tilda"):
        s = O.capture(s, m, tiles).state
    assert not s["outcome"]
    s = O.release(s, "collin", tiles).state
    s = O.capture(s, "lily", tiles).state
    assert not s["outcome"]
    res = O.capture(s, "collin", tiles)
    assert res.state["outcome"] == "defeat" and "captured" in res.state["outcome_reason"]


def test_capture_moves_hourglass_by_default(fresh, tiles):
    assert O.capture(fresh, "collin", tiles).state["hourglass"] == 2


def test_full_wheel_surges_and_moves_the_hourglass(fresh, tiles):
    res = begin(fresh)
    add_wheel(res, 5, "test", tiles)
    assert res.state["wheel"] == 5 and res.state["hourglass"] == 1
    add_wheel(res, 1, "test", tiles)
    assert res.state["wheel"] == 0 and res.state["hourglass"] == 2


def test_tunnel_entrance_surge_spider_does_not_escape(fresh, tiles):
    """Tunnel Entrance 5: a spider, not affected by rule 3."""
    res = begin(fresh)
    add_wheel(res, 6, "test", tiles)
    spider = next(f for f in res.state["minions"] if f["kind"] == "spider")
    assert spider["escapes"] is False
    after = O.minion_turn(res.state, "spider", tiles)
    assert any(f["kind"] == "spider" for f in after.state["minions"])
    assert after.events[0]["type"] == "no-escape"


def test_special_surge_every_time_by_default_once_as_the_option(fresh, tiles):
    """Tunnel Entrance 5 ("Special Surge: Spider") prints no limit: by default (ruling 5)
    two surges on the tile bring two spiders; option `special_surge_once` keeps the old
    reading (one spider, the second surge only moves the hourglass)."""
    res = begin(dict(fresh, options={k: v for k, v in fresh["options"].items() if k != "special_surge_once"}))
    add_wheel(res, 12, "test", tiles)
    assert sum(f["kind"] == "spider" for f in res.state["minions"]) == 2
    assert res.state["hourglass"] == 3
    once = begin(dict(fresh, options=dict(fresh["options"], special_surge_once=True)))
    add_wheel(once, 12, "test", tiles)
    assert sum(f["kind"] == "spider" for f in once.state["minions"]) == 1
    assert once.state["hourglass"] == 3


def test_surge_in_a_tile_without_special_surge_points_to_the_encounter_card(fresh, tiles):
    """A tile set up from an encounter card and without a Special Surge: the card's surge
    (every such tile in this chapter has one, so the data is trimmed for the test)."""
    import copy

    trimmed = copy.deepcopy(tiles)
    kc = next(t for t in trimmed["tiles"] if t["id"] == "kings-chamber")
    kc["rules"] = [r for r in kc["rules"] if r["kind"] != "special-surge"]
    s = O.explore(O.explore(fresh, "kings-tunnels", tiles).state, "kings-chamber", tiles).state
    res = begin(s)
    add_wheel(res, 6, "test", trimmed)
    assert any(e["type"] == "surge-card" for e in res.events)


def test_surge_without_an_encounter_card_places_nothing(fresh, tiles):
    """Ruling 5: Kitchen 1 and Dining Hall 1 reveal no encounter card and neither tile has
    a Special Surge, so a surge there only moves the hourglass."""
    s = O.explore(fresh, "kitchen", tiles).state
    res = begin(s)
    add_wheel(res, 6, "test", tiles)
    assert any(e["type"] == "surge-none" for e in res.events)
    assert not any(e["type"] == "surge-card" for e in res.events)
    assert res.state["hourglass"] == fresh["hourglass"] + 1


def test_kings_tunnels_surge_is_the_tunnel_entrance_spider(fresh, tiles):
    """Ruling: King's Tunnels whole-tile markers 3 and 5 are the Tunnel Entrance's rules."""
    s = O.explore(fresh, "kings-tunnels", tiles).state
    res = begin(s)
    add_wheel(res, 6, "test", tiles)
    spider = [f for f in res.state["minions"] if f["kind"] == "spider"]
    assert len(spider) == 1 and spider[0]["room"] == "kings-tunnels" and not spider[0]["escapes"]
    assert any("Tunnel Entrance 5" in e["text"] for e in res.events)


def test_victory_needs_both_objectives(fresh, tiles):
    """Victory Condition: 10 scare points and Blackpaw and Barnacle defeated."""
    from claw.core.mice.track import check_end

    s = dict(fresh, objectives={"raiders_scared": True, "barnacle_defeated": True, "blackpaw_defeated": False})
    res = begin(s)
    check_end(res)
    assert not res.state["outcome"]
    res.state["objectives"]["blackpaw_defeated"] = True
    check_end(res)
    assert res.state["outcome"] == "victory"
