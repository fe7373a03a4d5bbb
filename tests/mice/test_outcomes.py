"""Tunnel Entrance 1-5, King's Tunnels 1, King's Chamber 1 and 4: exploring, minions
escaping up the ladder, special searches; base-game outcomes recorded as events."""

import pytest

from claw.core.errors import IllegalAction, UsageError
from claw.core.mice import outcomes as O
from claw.core.mice.search import search

from .helpers import d


def test_kings_tunnels_setup(fresh, tiles):
    """King's Tunnels 1: no encounter card; 3 elite rat warriors and 4 roaches."""
    res = O.explore(fresh, "kings-tunnels", tiles)
    kinds = [f["kind"] for f in res.state["minions"] if f["room"] == "kings-tunnels"]
    assert kinds.count("elite-rat-warrior") == 3 and kinds.count("roach") == 4
    assert any("no encounter card" in e["text"] for e in res.events)
    with pytest.raises(IllegalAction, match="already explored"):
        O.explore(res.state, "kings-tunnels", tiles)


def test_minions_escape_and_join_the_chamber(fresh, tiles):
    """Tunnel Entrance 3 and King's Chamber 1: escaped minions join the next encounter."""
    s = O.explore(fresh, "kings-tunnels", tiles).state
    s = O.minion_turn(s, "elite-rat-warrior", tiles).state
    s = O.minion_turn(s, "roach", tiles).state
    assert [e["kind"] for e in s["escaped"]] == ["elite-rat-warrior", "roach"]
    assert len([f for f in s["minions"] if f["room"] == "kings-tunnels"]) == 5
    res = O.explore(s, "kings-chamber", tiles)
    back = [f for f in res.state["minions"] if f["room"] == "kings-chamber"]
    assert {f["id"] for f in back} == {"elite-rat-warrior-1", "roach-1"}
    assert res.state["escaped"] == []


def test_escaping_minion_default_and_choice(fresh, tiles):
    s = O.explore(fresh, "kings-tunnels", tiles).state
    res = O.minion_turn(s, "roach", tiles)
    assert res.events[0]["alternatives"] == ["roach-2", "roach-3", "roach-4"]
    chosen = O.minion_turn(s, "roach", tiles, pick="roach-3")
    assert chosen.state["escaped"] == [{"id": "roach-3", "kind": "roach"}]
    with pytest.raises(IllegalAction):
        O.minion_turn(s, "roach", tiles, pick="spider-9")


def test_a_wrong_escape_pick_reads_an_before_a_vowel(fresh, tiles):
    """Tunnel Entrance 3: the choice of escaping minion is one of the card's kind; the
    refusal reads "an elite-rat-warrior" (issue 14, item 20: articles)."""
    s = O.explore(fresh, "kings-tunnels", tiles).state
    with pytest.raises(IllegalAction, match="roach-1 is not an elite-rat-warrior that can escape"):
        O.minion_turn(s, "elite-rat-warrior", tiles, pick="roach-1")


def test_escape_only_from_the_tunnels(fresh, tiles):
    with pytest.raises(IllegalAction):
        O.minion_turn(fresh, "roach", tiles, room="kitchen")


def test_toothpick_found_anywhere_on_the_tunnel_entrance(fresh, tiles, faces, F):
    """Tunnel Entrance 1 (whole tile): the Toothpick goes to the mouse."""
    res = search(fresh, "collin", d(F.cheese), faces, tiles)
    assert "toothpick" in res.state["mice"][0]["items"]


def test_fishhook_only_in_water_spaces(fresh, tiles, faces, F):
    """Tunnel Entrance 4: in a water space; default picks the marked search there."""
    s = O.place_mouse(fresh, "filch", "tunnel-entrance", "water", tiles).state
    res = search(s, "filch", d(F.cheese), faces, tiles)
    assert res.state["stash"] == ["fishhook-and-thread"]
    ev = next(e for e in res.events if e["type"] == "search")
    assert ev["alternatives"] == ["toothpick"]
    chosen = search(s, "filch", d(F.cheese), faces, tiles, item="toothpick")
    assert chosen.state["stash"] == [] and "toothpick" in chosen.state["mice"][2]["items"]


def test_failed_search_and_one_search_per_tile(fresh, tiles, faces, F):
    res = search(fresh, "collin", d(F.blank), faces, tiles)
    assert res.state["found"] == []
    with pytest.raises(IllegalAction, match="already searched"):
        search(res.state, "collin", d(F.cheese), faces, tiles)


def test_dinner_fork_at_the_tray(fresh, tiles, faces, F):
    """King's Chamber 4: at the serving tray, to the party stash; elsewhere a normal card."""
    s = O.explore(O.explore(fresh, "kings-tunnels", tiles).state, "kings-chamber", tiles).state
    s = O.place_mouse(s, "nez", "kings-chamber", "floor", tiles).state
    res = search(s, "nez", d(F.cheese), faces, tiles)
    assert res.state["stash"] == [] and res.events[-1]["found"] == "search-deck"
    s = O.place_mouse(s, "collin", "kings-chamber", "tray", tiles).state
    assert search(s, "collin", d(F.cheese), faces, tiles).state["stash"] == ["dinner-fork"]


def test_table_outcomes(fresh, tiles):
    s = O.add_minion(fresh, "rat-warrior", 2, None, tiles).state
    assert sum(f["kind"] == "rat-warrior" for f in s["minions"]) == 2
    s = O.defeat(s, "rat-warrior-1", tiles).state
    assert not any(f["id"] == "rat-warrior-1" for f in s["minions"])
    s = O.gain_cheese(s, "lily", 3).state
    s = O.spend_cheese(s, "lily", 2).state
    assert s["mice"][5]["cheese"] == 1
    with pytest.raises(IllegalAction):
        O.spend_cheese(s, "lily", 5)
    with pytest.raises(UsageError):
        O.defeat(s, "nobody", tiles)
    with pytest.raises(UsageError):
        O.place_mouse(s, "collin", "tunnel-entrance", "rooftop", tiles)
    with pytest.raises(IllegalAction, match="not explored"):
        O.place_mouse(s, "collin", "kitchen", "floor", tiles)
    assert O.wheel_cheese(s, 2, tiles).state["wheel"] == 2


def test_no_raiders_placed_after_they_left(fresh, tiles):
    s = dict(fresh, objectives=dict(fresh["objectives"], raiders_scared=True))
    res = O.explore(s, "kitchen", tiles)
    assert res.state["raiders"] == [] and any(e["type"] == "no-raiders" for e in res.events)


def test_chapter_file_checks():
    from claw.core.mice.checks import check

    doc = {"party": [{"id": "a"}, {"id": "a"}], "chapter_track": {"hourglass": 7, "chapter_end": 7}}
    problems = dict(check("chapter", doc))
    assert ("party",) in problems and ("party", 1, "id") in problems and ("chapter_track", "hourglass") in problems


def test_escapes_come_from_the_tile_being_played(fresh, tiles):
    """Tunnel Entrance 3 is a rule of the tile the encounter is on: with the party in the
    Kitchen, a cave centipede left behind in the Tunnel Entrance does not climb away when
    the Kitchen's centipede card starts its turn; in the King's Tunnels their own roach
    escapes, not one left on the Tunnel Entrance."""
    s = O.add_minion(fresh, "roach", 1, None, tiles).state  # roach-1 on the Tunnel Entrance
    k = O.explore(s, "kitchen", tiles)
    res = O.minion_turn(k.state, "cave-centipede", tiles)
    assert res.state["escaped"] == [] and res.events[0]["type"] == "no-escape"
    t = O.explore(s, "kings-tunnels", tiles).state
    res = O.minion_turn(t, "roach", tiles)
    assert res.state["escaped"] == [{"id": "roach-2", "kind": "roach"}]
    assert O.minion_turn(t, "roach", tiles, room="tunnel-entrance").state["escaped"][0]["id"] == "roach-1"


def test_escaped_minions_wait_for_the_chamber_or_join_the_next_room(fresh, tiles):
    """Ruling 3: by default minions that climbed the ladder come back in the King's
    Chamber (King's Chamber 1); with escaped_join_next_room they join the next room
    explored ("added to the next encounter", Tunnel Entrance 3)."""
    s = O.minion_turn(fresh, "cave-centipede", tiles).state
    assert s["escaped"] == [{"id": "cave-centipede-1", "kind": "cave-centipede"}]
    kept = O.explore(s, "kings-tunnels", tiles).state
    assert kept["escaped"] and not any(f["id"] == "cave-centipede-1" for f in kept["minions"])
    s["options"]["escaped_join_next_room"] = True
    joined = O.explore(s, "kings-tunnels", tiles).state
    assert not joined["escaped"]
    assert next(f for f in joined["minions"] if f["id"] == "cave-centipede-1")["room"] == "kings-tunnels"


def test_minion_kind_must_look_like_a_bestiary_key(fresh, tiles):
    """add-minion: a kind is a bestiary key; anything else is a usage error, not a
    state that can no longer be written."""
    with pytest.raises(UsageError, match="kind"):
        O.add_minion(fresh, "Rat Warrior", 1, None, tiles)
    with pytest.raises(UsageError, match="kind"):
        O.add_minion(fresh, "x" * 80, 1, None, tiles)
    assert O.add_minion(fresh, "rat-warrior", 2, None, tiles).state["minions"][-1]["id"] == "rat-warrior-2"


def test_exploring_moves_the_party(fresh, tiles):
    """Ruling 18 (base game's explore): the free mice move onto the new tile; a captured
    mouse stays off the board."""
    s = O.capture(fresh, "lily", tiles).state
    res = O.explore(s, "kings-tunnels", tiles)
    rooms = {m["id"]: m["room"] for m in res.state["mice"]}
    assert rooms.pop("lily") is None
    assert set(rooms.values()) == {"kings-tunnels"}
