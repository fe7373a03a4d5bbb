"""Dining Hall 3 and 4: suspicious minions, Blackpaw's 2 extra dice, Barnacle guarding
Blackpaw (defence 4, life 1); Tunnel Entrance 1: the Toothpick."""

from fractions import Fraction

import pytest

from claw.core.errors import IllegalAction
from claw.core.mice import combat
from claw.core.mice import outcomes as O

from .helpers import d


@pytest.fixture
def table(fresh, tiles):
    """The Dining Hall explored without the ghost (so its minions are not suspicious)."""
    s = dict(fresh, objectives=dict(fresh["objectives"], raiders_scared=True))
    s = O.explore(s, "dining-hall", tiles).state
    return O.place_mouse(s, "nez", "dining-hall", "table", tiles).state


def test_blackpaw_cannot_be_attacked_while_barnacle_stands(table, tiles, faces, F):
    with pytest.raises(IllegalAction, match="Barnacle"):
        combat.attack(table, "nez", "blackpaw", d(F.sword), faces, tiles)
    with pytest.raises(IllegalAction, match="Barnacle"):
        O.defeat(table, "blackpaw", tiles)


def test_barnacle_defends_with_four_dice_and_one_life(table, tiles, faces, F):
    nez = next(m for m in table["mice"] if m["id"] == "nez")
    attack = [F.sword] * nez["battle"]
    res = combat.attack(table, "nez", "barnacle", d(*attack, F.shield, F.shield, F.blank, F.blank), faces, tiles)
    ev = next(e for e in res.events if e["type"] == "attack")
    assert len(ev["defense"]) == 4 and ev["blocks"] == 2
    wounds = nez["battle"] - 2
    if wounds >= 1:
        assert res.state["objectives"]["barnacle_defeated"]
        after = combat.attack(res.state, "nez", "blackpaw", d(F.sword, F.sword, F.sword, F.blank), faces, tiles)
        assert any(e["type"] == "attack" for e in after.events)


def test_barnacle_one_wound_defeats_him(table, tiles, faces, F):
    res = combat.attack(table, "nez", "barnacle", d(F.sword, F.blank, F.blank, F.blank, F.blank, F.blank, F.blank),
                        faces, tiles)
    assert res.state["objectives"]["barnacle_defeated"]
    assert not any(f["id"] == "barnacle" for f in res.state["minions"])


def test_blackpaw_rolls_two_extra_dice(table, tiles, faces, F):
    rat = table["bestiary"]["rat-warrior"]["attack"]
    nez = next(m for m in table["mice"] if m["id"] == "nez")
    values = [F.blank] * (rat + 2) + [F.blank] * nez["defense"]
    res = combat.attack(table, "blackpaw", "nez", d(*values), faces, tiles)
    ev = next(e for e in res.events if e["type"] == "attack")
    assert len(ev["attack"]) == rat + 2 and ev["extra_dice"] == 2
    plain = combat.attack(table, "rat-warrior-1", "nez", d(*values[2:]), faces, tiles)
    assert len(next(e for e in plain.events if e["type"] == "attack")["attack"]) == rat


def test_raiders_cannot_be_attacked(fresh, tiles, faces):
    from claw.core.mice import outcomes as O

    s = O.explore(fresh, "kitchen", tiles).state
    s = O.place_mouse(s, "nez", "kitchen", "floor", tiles).state
    with pytest.raises(IllegalAction, match="scared"):
        combat.attack(s, "nez", s["raiders"][0]["id"], d(1, 1, 1), faces, tiles)


def test_barnacle_never_attacks(table, tiles, faces):
    with pytest.raises(IllegalAction, match="never"):
        combat.attack(table, "barnacle", "nez", d(1), faces, tiles)


def test_suspicious_minions_do_not_attack(fresh, tiles, faces):
    from claw.core.mice import ghost  # noqa: F401

    s = O.explore(fresh, "dining-hall", tiles).state
    for f in s["minions"]:
        f["suspicious"] = True
    s = O.place_mouse(s, "nez", "dining-hall", "floor", tiles).state
    with pytest.raises(IllegalAction, match="Suspicious"):
        combat.attack(s, "blackpaw", "nez", d(1, 1, 1, 1, 1), faces, tiles)


def test_toothpick_strikes_back_on_defence_cheese(table, tiles, faces, F):
    """Tunnel Entrance 1: each cheese rolled defending a melee attack is an unblockable wound."""
    s = table
    nez = next(m for m in s["mice"] if m["id"] == "nez")
    nez["items"].append("toothpick")
    rat = s["bestiary"]["rat-warrior"]["attack"]
    values = [F.blank] * rat + [F.cheese] + [F.blank] * (nez["defense"] - 1)
    res = combat.attack(s, "rat-warrior-1", "nez", d(*values), faces, tiles)
    assert not any(f["id"] == "rat-warrior-1" for f in res.state["minions"])  # life 1
    kept = combat.attack(s, "rat-warrior-1", "nez", d(*values), faces, tiles, toothpick=False)
    assert any(f["id"] == "rat-warrior-1" for f in kept.state["minions"])


def test_defending_minion_cheese_goes_to_the_wheel(table, tiles, faces, F):
    res = combat.attack(table, "nez", "barnacle", d(F.blank, F.blank, F.blank, F.cheese, F.blank, F.blank, F.blank),
                        faces, tiles)
    assert res.state["wheel"] == table["wheel"] + 1


def test_mouse_captured_when_wounds_reach_life(table, tiles, faces, F):
    s = table
    nez = next(m for m in s["mice"] if m["id"] == "nez")
    nez["wounds"] = nez["life"] - 1
    rat = s["bestiary"]["rat-warrior"]["attack"]
    res = combat.attack(s, "rat-warrior-1", "nez", d(*([F.sword] * rat), *([F.blank] * nez["defense"])), faces, tiles)
    assert next(m for m in res.state["mice"] if m["id"] == "nez")["captured"]


def test_wound_odds_exact(faces):
    dist = combat.wound_odds(faces, 1, 1)
    sword, shield = Fraction(3, 6), Fraction(2, 6)  # data/mice/action-die.json
    assert dist[1] == sword * (1 - shield)
    assert sum(dist.values()) == 1


def test_mice_in_the_costume_cannot_be_attacked(table, tiles, faces):
    s = table
    nez = next(m for m in s["mice"] if m["id"] == "nez")
    nez.update(job="eye", room=None, spot=None)
    with pytest.raises(IllegalAction, match="costume"):
        combat.attack(s, "rat-warrior-1", "nez", d(1, 1, 1, 1), faces, tiles)


def test_toothpick_against_blackpaw_while_barnacle_stands(table, tiles, faces, F):
    """Ruling 15: Dining Hall 4 shields Blackpaw from *attacks*; the Toothpick's strike
    back (Tunnel Entrance 1) is a wound, not an attack, so it lands by default. The
    option barnacle_stops_toothpick reads Barnacle's guard as covering it too."""
    import copy

    s = copy.deepcopy(table)
    nez = next(m for m in s["mice"] if m["id"] == "nez")
    nez["items"].append("toothpick")
    n = s["bestiary"]["rat-warrior"]["attack"] + 2
    values = [F.blank] * n + [F.cheese] * nez["defense"]
    res = combat.attack(s, "blackpaw", "nez", d(*values), faces, tiles)
    assert res.state["objectives"]["blackpaw_defeated"]  # a rat warrior has 1 life in the example
    s["options"]["barnacle_stops_toothpick"] = True
    res = combat.attack(s, "blackpaw", "nez", d(*values), faces, tiles)
    bp = next(f for f in res.state["minions"] if f["id"] == "blackpaw")
    assert bp["wounds"] == 0 and any("Barnacle shields" in e["text"] for e in res.events)
