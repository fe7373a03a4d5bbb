"""King's Chamber: 1 (setup), 2 (Chest Inaccessible), 3 (Scaring the Burly Raider),
5 (Special Surge: suspicious raider, at most 3 points)."""

import pytest

from claw.core.errors import IllegalAction
from claw.core.mice import chamber
from claw.core.mice import outcomes as O
from claw.core.mice.track import add_wheel
from claw.core.outcome import begin

from .helpers import d, to_chamber


@pytest.fixture
def chamber_state(fresh, tiles, F):
    return to_chamber(fresh, tiles, F.cheese)


def on_bed(state, tiles, *mice):
    for m in mice:
        state = O.place_mouse(state, m, "kings-chamber", "bed", tiles).state
    return state


def test_setup_places_the_burly_raider(chamber_state, fresh, tiles):
    """King's Chamber 1: a raider token by the chest; rule 2 announced."""
    res = O.explore(O.explore(fresh, "kings-tunnels", tiles).state, "kings-chamber", tiles)
    assert any(e["type"] == "chest-blocked" for e in res.events)
    raiders = chamber_state["raiders"]
    assert len(raiders) == 1 and raiders[0]["burly"] and raiders[0]["room"] == "kings-chamber"


def test_chest_spaces_are_occupied(chamber_state, tiles):
    """King's Chamber 2: mice cannot move into the chest spaces while the raider is there."""
    with pytest.raises(IllegalAction, match="Chest Inaccessible"):
        O.place_mouse(chamber_state, "collin", "kings-chamber", "chest", tiles)


def test_bed_needs_fishhook_while_chest_blocked(fresh, tiles):
    """King's Chamber 2 with the Fishhook & Thread note (ruling: bed_needs_fishhook)."""
    s = O.explore(O.explore(fresh, "kings-tunnels", tiles).state, "kings-chamber", tiles).state
    with pytest.raises(IllegalAction, match="Fishhook"):
        O.place_mouse(s, "collin", "kings-chamber", "bed", tiles)
    s["options"]["bed_needs_fishhook"] = False
    assert O.place_mouse(s, "collin", "kings-chamber", "bed", tiles).state["mice"][0]["spot"] == "bed"


def test_one_die_plus_one_per_other_mouse_on_bed(chamber_state, tiles, F, faces):
    """King's Chamber 3: the acting mouse rolls 1 die, plus 1 per other mouse on the bed."""
    s = on_bed(chamber_state, tiles, "collin", "lily", "maginos")
    res = chamber.chest_lid(s, "collin", d(F.blank, F.blank, F.blank), faces, tiles)
    assert res.info["dice"] == 3 and res.info["cheese"] == 0
    assert res.state["raiders"] and res.state["scare"] == 0  # try again on another mouse's turn


def test_a_failed_push_is_tried_again_on_a_different_mouses_turn(chamber_state, tiles, F, faces):
    """King's Chamber 3: with no cheese the mice "can try again on a different mouse's
    turn": the mouse that just failed is refused (exit 4, ruling 7); another mouse on the
    bed may try, and after its try the first may push again."""
    s = on_bed(chamber_state, tiles, "collin", "lily")
    failed = chamber.chest_lid(s, "collin", d(F.blank, F.blank), faces, tiles).state
    assert failed["burly"]["lid_failed_by"] == "collin"
    with pytest.raises(IllegalAction, match="different mouse's turn"):
        chamber.chest_lid(failed, "collin", d(F.cheese, F.cheese), faces, tiles)
    with pytest.raises(IllegalAction, match="different mouse's turn"):
        chamber.lid_helpers(failed, "collin", tiles)           # --odds is refused the same way
    again = chamber.chest_lid(failed, "lily", d(F.blank, F.blank), faces, tiles).state
    assert again["burly"]["lid_failed_by"] == "lily"
    res = chamber.chest_lid(again, "collin", d(F.cheese, F.blank), faces, tiles)
    assert res.state["scare"] == 1 and "lid_failed_by" not in res.state["burly"]


def test_each_cheese_is_a_scare_point_and_the_raider_leaves(chamber_state, tiles, F, faces):
    s = on_bed(chamber_state, tiles, "collin", "lily")
    res = chamber.chest_lid(s, "collin", d(F.cheese, F.cheese), faces, tiles)
    assert res.state["scare"] == 2
    assert not res.state["raiders"] and res.state["burly"]["scared"]
    assert any(e["type"] == "story" for e in res.events)


def test_only_a_mouse_on_the_bed_can_push(chamber_state, tiles, faces, F):
    with pytest.raises(IllegalAction, match="bed"):
        chamber.chest_lid(chamber_state, "nez", d(F.cheese), faces, tiles)


def test_suspicious_raider_caps_points_at_three(chamber_state, tiles, F, faces):
    """King's Chamber 5: after the surge, at most 3 points; the rest are lost."""
    s = on_bed(chamber_state, tiles, "collin", "lily", "maginos", "tilda", "filch")
    res = begin(s)
    add_wheel(res, 6, "test", tiles)
    s = res.state
    assert s["burly"]["suspicious"] and s["hourglass"] == 2
    res = chamber.chest_lid(s, "collin", d(*[F.cheese] * 5), faces, tiles)
    assert res.state["scare"] == 3
    ev = next(e for e in res.events if e["type"] == "chest-lid")
    assert ev["lost"] == 2


def test_lid_points_cap():
    assert chamber.lid_points(5, True) == (3, 2)
    assert chamber.lid_points(5, False) == (5, 0)
    assert chamber.lid_points(2, True) == (2, 0)


def test_lid_odds_exact(faces):
    from fractions import Fraction

    dist = chamber.lid_odds(faces, 2, False)
    assert dist[0] == Fraction(25, 36) and dist[1] == Fraction(10, 36) and dist[2] == Fraction(1, 36)
    capped = chamber.lid_odds(faces, 6, True)
    assert max(capped) == 3 and sum(capped.values()) == 1


def test_no_raider_no_lid(chamber_state, tiles, F, faces):
    s = on_bed(chamber_state, tiles, "collin")
    s = chamber.chest_lid(s, "collin", d(F.cheese), faces, tiles).state
    with pytest.raises(IllegalAction, match="no raider"):
        chamber.chest_lid(s, "collin", d(F.cheese), faces, tiles)


def test_input_state_is_not_changed(chamber_state, tiles, F, faces):
    s = on_bed(chamber_state, tiles, "collin")
    import copy

    before = copy.deepcopy(s)
    chamber.chest_lid(s, "collin", d(F.cheese), faces, tiles)
    assert s == before
