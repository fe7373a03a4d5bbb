"""The question Tab completion asks core (issue 23 item 3): the figures an attacker may
attack — a mouse the minions, a minion the free mice (the base game's attacks), Blackpaw
not while Barnacle guards him (Dining Hall 4)."""

from claw.core.mice.combat import targets


def _state(*minions, **mice):
    return {"mice": [{"id": m, "captured": kind == "captured", "job": "eyes" if kind == "ghost" else None}
                     for m, kind in mice.items()],
            "minions": [{"id": f} for f in minions]}


def test_a_mouse_attacks_minions_and_a_minion_the_free_mice():
    s = _state("roach-1", "rat-1", collin="free", nez="captured", filch="ghost", tilda="free")
    assert targets(s, "collin") == ["roach-1", "rat-1"]
    assert targets(s, "roach-1") == ["collin", "tilda"]
    assert targets(s, "nobody") == []


def test_blackpaw_is_no_target_while_barnacle_guards_him():
    """Dining Hall 4: Blackpaw cannot be attacked until Barnacle is defeated."""
    assert targets(_state("blackpaw", "barnacle", collin="free"), "collin") == ["barnacle"]
    assert targets(_state("blackpaw", collin="free"), "collin") == ["blackpaw"]
