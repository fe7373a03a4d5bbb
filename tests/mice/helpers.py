"""Helpers to walk a state through the chapter in core tests (no CLI)."""

from __future__ import annotations

from claw.core.mice import chamber, kitchen
from claw.core.mice import outcomes as O
from claw.core.rng import PhysicalDice


def d(*values):
    return PhysicalDice(list(values))


def clear_room(state, room, tiles):
    for f in [f["id"] for f in state["minions"] if f["room"] == room]:
        state = O.defeat(state, f, tiles).state
    return state


def to_chamber(state, tiles, cheese_face):
    """Fishhook found, King's Tunnels and King's Chamber explored, fork found."""
    state = O.place_mouse(state, "filch", "tunnel-entrance", "water", tiles).state
    from claw.core.mice.search import search

    state = search(state, "filch", d(cheese_face), _faces(), tiles).state
    state = O.explore(state, "kings-tunnels", tiles).state
    state = O.explore(state, "kings-chamber", tiles).state
    state = O.place_mouse(state, "nez", "kings-chamber", "tray", tiles).state
    state = search(state, "nez", d(cheese_face), _faces(), tiles).state
    return state


def _faces():
    from claw.cli.formats.content import load_data
    from claw.core.mice.actiondie import parse_faces

    return parse_faces(load_data("mice/action-die.json"))


def scare_burly(state, tiles, cheese_face):
    """Collin and Lily on the bed push the lid: 2 cheese, 2 scare points."""
    for m in ("collin", "lily"):
        state = O.place_mouse(state, m, "kings-chamber", "bed", tiles).state
    return chamber.chest_lid(state, "collin", d(cheese_face, cheese_face), _faces(), tiles).state


def to_kitchen_scared(state, tiles, cheese_face):
    """Kitchen explored and cleared, fork deployed, raider hit by flung cheese."""
    state = O.explore(state, "kitchen", tiles).state
    state = clear_room(state, "kitchen", tiles)
    state = kitchen.deploy_fork(state, tiles).state
    state = O.place_mouse(state, "tilda", "kitchen", "counter", tiles).state
    state = O.gain_cheese(state, "tilda", 1).state
    state = kitchen.fling_cheese(state, "tilda", d(cheese_face), _faces(), tiles).state
    return state


__all__ = ["d", "clear_room", "to_chamber", "to_kitchen_scared", "scare_burly"]
