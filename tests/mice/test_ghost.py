"""Kitchen 5 (Actions with the Ghost), Dining Hall 1-3 (set-up, ghost rules, Suspicious
Rats) and Scaring the Human Raiders (10 points: all raiders leave)."""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claw.core.errors import IllegalAction, UsageError
from claw.core.mice import ghost, kitchen

from .helpers import d, scare_burly, to_chamber, to_kitchen_scared


@pytest.fixture
def ghost_state(fresh, tiles, F):
    s = scare_burly(to_chamber(fresh, tiles, F.cheese), tiles, F.cheese)
    s = to_kitchen_scared(s, tiles, F.cheese)
    return kitchen.build_ghost(s, tiles).state


@pytest.fixture
def hall(ghost_state, tiles, faces, F):
    n = F.numbered
    return ghost.move_ghost(ghost_state, "filch", 2, d(n(2), n(1), n(1), n(1)), faces, tiles,
                            enter="dining-hall").state


def test_move_ghost_counts_matching_numbers(ghost_state, tiles, faces, F):
    """Kitchen 5: choose 1-3, the four mop mice roll, 1 space per die showing it."""
    n = F.numbered
    res = ghost.move_ghost(ghost_state, "maginos", 3, d(n(3), n(3), n(2), n(1)), faces, tiles)
    assert res.info["spaces"] == 2


def test_only_mop_mice_move_and_only_1_to_3(ghost_state, tiles, faces):
    with pytest.raises(IllegalAction, match="mop"):
        ghost.move_ghost(ghost_state, "collin", 1, d(1, 1, 1, 1), faces, tiles)
    with pytest.raises(UsageError):
        ghost.move_ghost(ghost_state, "filch", 4, d(1, 1, 1, 1), faces, tiles)


def test_cannot_enter_without_moving_but_the_roll_stands(ghost_state, tiles, faces, F):
    """Kitchen 5, Move the Ghost: no die matching the number → no space, so the ghost
    does not enter; the roll was the mouse's action, so it is kept (and logged), not
    refused whole."""
    two = F.numbered(2)
    res = ghost.move_ghost(ghost_state, "filch", 1, d(two, two, two, two), faces, tiles, enter="dining-hall")
    assert res.info["spaces"] == 0 and res.state["ghost"]["room"] == ghost_state["ghost"]["room"]
    assert [e["type"] for e in res.events][-1] == "ghost-stays"
    assert not res.state["rooms"]["dining-hall"]["explored"]


def test_move_odds_are_binomial(faces):
    """Each number is on two faces of six, so a die matches with chance 1/3."""
    dist = ghost.move_odds(faces, 2, 4)
    assert dist[0] == Fraction(2, 3) ** 4 and dist[4] == Fraction(1, 3) ** 4


def test_dining_hall_setup_when_ghost_enters(hall):
    """Dining Hall 1: 3 raiders; 3 elite rat warriors, Blackpaw, Barnacle, 2 rat warriors."""
    assert len([r for r in hall["raiders"] if r["room"] == "dining-hall"]) == 3
    kinds = sorted(f["kind"] for f in hall["minions"] if f["room"] == "dining-hall")
    assert kinds == ["barnacle"] + ["elite-rat-warrior"] * 3 + ["rat-warrior"] * 3
    assert {f["id"] for f in hall["minions"]} >= {"blackpaw", "barnacle"}
    assert all(f["suspicious"] for f in hall["minions"] if f["room"] == "dining-hall")


def test_noises_need_an_eye_mouse(hall, tiles, faces, F):
    with pytest.raises(IllegalAction, match="eye"):
        ghost.scary_noises(hall, "filch", 1, d(*[F.cheese] * 6), faces, tiles)


def test_noise_total_must_be_higher_than_distance(hall, tiles, faces, F):
    """Kitchen 5: 'higher than' — equal is not enough."""
    res = ghost.scary_noises(hall, "collin", 2, d(F.cheese, F.cheese, 1, 1, 1, 1), faces, tiles)
    assert not res.info["scared"] and len(res.state["raiders"]) == 3
    res = ghost.scary_noises(hall, "collin", 1, d(F.cheese, F.cheese, 1, 1, 1, 1), faces, tiles)
    assert res.info["scared"] and len(res.state["raiders"]) == 2


def test_one_die_per_mouse_in_the_costume(hall, tiles, faces, F):
    res = ghost.scary_noises(hall, "collin", 0, d(*[F.cheese] * 6), faces, tiles)
    assert len(res.info["rolled"]) == 6


def test_scared_raider_is_three_points_and_feeds_the_wheel(hall, tiles, faces, F):
    """Kitchen 5 (3 points) and Dining Hall 3 (a cheese on the minion wheel per raider)."""
    before = hall["scare"], hall["wheel"]
    res = ghost.scary_noises(hall, "collin", 0, d(F.cheese, 1, 1, 1, 1, 1), faces, tiles)
    assert res.state["scare"] == before[0] + 3
    assert res.state["wheel"] == before[1] + 1


def test_raider_choice_default_and_option(hall, tiles, faces, F):
    res = ghost.scary_noises(hall, "collin", 0, d(F.cheese, 1, 1, 1, 1, 1), faces, tiles, raider="raider-5")
    assert "raider-5" not in [r["id"] for r in res.state["raiders"]]
    ev = next(e for e in res.events if e["type"] == "scary-noises")
    assert ev["raider"] == "raider-5"
    default = ghost.scary_noises(hall, "collin", 0, d(F.cheese, 1, 1, 1, 1, 1), faces, tiles)
    assert next(e for e in default.events if e["type"] == "scary-noises")["alternatives"]
    with pytest.raises(UsageError):
        ghost.scary_noises(hall, "collin", 0, d(F.cheese), faces, tiles, raider="raider-99")


def test_ten_points_all_raiders_leave_and_chapter_end_moves(hall, tiles, faces, F):
    """Scaring the Human Raiders: at 10 the rest leave and the chapter end moves 1 page;
    Dining Hall 3: with no raider left the mice come out of the costume."""
    s = hall
    assert s["scare"] == 3  # 2 from the chest lid, 1 from flung cheese
    end = s["chapter_end"]
    for _ in range(3):
        s = ghost.scary_noises(s, "collin", 0, d(F.cheese, 1, 1, 1, 1, 1), faces, tiles).state
    assert s["scare"] == 10 and s["objectives"]["raiders_scared"]
    assert s["chapter_end"] == end + 1
    assert not s["raiders"] and s["ghost"] is None
    assert not any(f["suspicious"] for f in s["minions"])
    placed = [m for m in s["mice"] if m["room"] == "dining-hall"]
    assert len(placed) == 6 and sum(m["spot"] == "ghost-space" for m in placed) == 4


def test_exodus_at_ten_removes_other_raiders_without_wheel_cheese(hall, tiles, faces, F):
    s = dict(hall, scare=7)
    res = ghost.scary_noises(s, "collin", 0, d(F.cheese, 1, 1, 1, 1, 1), faces, tiles)
    assert res.state["scare"] == 10 and not res.state["raiders"]
    assert res.state["wheel"] == hall["wheel"] + 1  # only the raider the ghost scared


def test_exodus_feeds_wheel_option(hall, tiles, faces, F):
    s = dict(hall, scare=7, options=dict(hall["options"], exodus_feeds_wheel=True))
    res = ghost.scary_noises(s, "collin", 0, d(F.cheese, 1, 1, 1, 1, 1), faces, tiles)
    assert res.state["wheel"] == hall["wheel"] + 3


def test_no_ghost_no_ghost_actions(fresh, tiles, faces):
    with pytest.raises(IllegalAction, match="no ghost"):
        ghost.move_ghost(fresh, "collin", 1, d(1), faces, tiles)


def test_scary_noises_can_scare_the_burly_raider(fresh, tiles, faces, F):
    """Kitchen 5 targets the nearest raider, wherever it is (here the chamber's)."""
    from claw.core.mice import outcomes as O

    s = O.explore(O.explore(fresh, "kings-tunnels", tiles).state, "kings-chamber", tiles).state
    s["stash"].append("dinner-fork")
    s["found"].append("dinner-fork")
    s = to_kitchen_scared(s, tiles, F.cheese)
    s = kitchen.build_ghost(s, tiles).state
    res = ghost.scary_noises(s, "collin", 3, d(*[F.cheese] * 4, 1, 1), faces, tiles)
    assert res.state["burly"]["scared"] and res.state["scare"] == 4



@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 4), st.lists(st.integers(1, 6), min_size=6, max_size=6)), max_size=12))
def test_noises_invariants(hall, tiles, faces, steps):
    """Each scare is 3 points and 1 wheel cheese; no raiders left means no ghost."""
    from claw.core.errors import IllegalAction

    s = hall
    for distance, values in steps:
        try:
            res = ghost.scary_noises(s, "collin", distance, d(*values), faces, tiles)
        except IllegalAction:
            assert s["ghost"] is None or not s["raiders"]
            break
        cheese = sum(faces[v - 1].count("cheese") for v in values)
        scared = cheese > distance
        assert res.info["scared"] == scared
        assert res.state["scare"] == min(10, s["scare"] + (3 if scared else 0))
        assert (len(res.state["raiders"]) < len(s["raiders"])) == scared
        s = res.state
        if not s["raiders"]:
            assert s["ghost"] is None


def test_ghost_entering_after_the_raiders_left_ends_the_costume(ghost_state, tiles, faces, F):
    """Ruling 12 and Dining Hall 3: no raider tokens are placed, so the mice come out at once."""
    s = dict(ghost_state, scare=10, objectives=dict(ghost_state["objectives"], raiders_scared=True))
    n = F.numbered
    res = ghost.move_ghost(s, "filch", 1, d(n(1), n(2), n(2), n(2)), faces, tiles, enter="dining-hall")
    assert res.state["raiders"] == [] and res.state["ghost"] is None
    assert not any(f["suspicious"] for f in res.state["minions"])
    assert any(e["type"] == "ghost-removed" for e in res.events)


def test_scare_points_come_before_the_wheel_cheese(hall, tiles, faces, F):
    """Ruling 13 (order): the scare that reaches 10 moves the chapter end marker
    (Scaring the Human Raiders) before its Suspicious Rats cheese (Dining Hall 3) can
    fill the wheel and move the hourglass, so the surge no longer ends the chapter."""
    s = dict(hall, scare=7, wheel=5, hourglass=hall["chapter_end"] - 1)
    res = ghost.scary_noises(s, "collin", 0, d(F.cheese, 1, 1, 1, 1, 1), faces, tiles)
    st = res.state
    assert st["scare"] == 10 and st["chapter_end"] == hall["chapter_end"] + 1
    assert st["hourglass"] == hall["chapter_end"] and st["wheel"] == 0
    assert st["outcome"] is None
    kinds = [e["type"] for e in res.events]
    assert kinds.index("raiders-flee") < kinds.index("wheel") < kinds.index("surge")


def test_ghost_cannot_slip_into_an_unexplored_room(ghost_state, tiles, faces):
    """Kitchen 5 moves the ghost; only the Dining Hall's set-up (Dining Hall 1) is run by
    its entry, so an unexplored room is refused instead of being marked explored
    without its own Special Setup. Checked before any die is read."""
    import copy

    s = copy.deepcopy(ghost_state)
    s["rooms"]["kings-chamber"]["explored"] = False
    with pytest.raises(IllegalAction, match="unexplored"):
        ghost.move_ghost(s, "filch", 1, d(), faces, tiles, enter="kings-chamber")
    with pytest.raises(UsageError, match="already"):
        ghost.move_ghost(ghost_state, "filch", 1, d(), faces, tiles, enter="kitchen")


def test_no_exploring_on_foot_from_inside_the_costume(ghost_state, tiles):
    """Kitchen 4-5 and Dining Hall 1: once the ghost is built the mice are off the board
    on their cards; the Dining Hall is entered by the ghost, whose entry sets it up with
    suspicious minions, so a plain explore is refused."""
    from claw.core.mice import outcomes as O

    with pytest.raises(IllegalAction, match="ghost"):
        O.explore(ghost_state, "dining-hall", tiles)
