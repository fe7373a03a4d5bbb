"""The city: township cards in play, their zones as a graph, and what is active.

Zone ids are ``"<card>.<zone>"`` (``"0.a"``); connector ids are ``"<card>:<id>"``
(``"0:n"``). Two cards are joined only through a pair of connectors (rulebook, *Place
New Locations*: "only when two connections meet is a zone counted as adjacent"), so
the zone graph is each card's own adjacency plus one edge per link.
"""

from __future__ import annotations

from json import dumps as _dumps
from json import loads as _loads

from claw.core.graph import reach

COLOURS = ("brown", "black", "white")


def zone_id(card: str | int, zone: str) -> str:
    """``zone_id(12, 'b')`` → ``'12.b'``."""
    return f"{card}.{zone}"


def card_of(zone: str) -> str:
    """The card number of a zone id: ``card_of('12.b')`` → ``'12'``."""
    return zone.split(".", 1)[0]


def connector_id(card: str | int, conn: str) -> str:
    """``connector_id(0, 'n')`` → ``'0:n'``."""
    return f"{card}:{conn}"


def neighbours(state: dict) -> dict[str, list[str]]:
    """Adjacency of every zone on placed cards (undirected, sorted)."""
    adj: dict[str, set[str]] = {}
    for num in state["city"]:
        card = state["cards"][num]
        for z in card["zones"]:
            zid = zone_id(num, z["id"])
            adj.setdefault(zid, set())
            for other in z.get("adjacent", []):
                oid = zone_id(num, other)
                adj[zid].add(oid)
                adj.setdefault(oid, set()).add(zid)
    for a, b in state["links"]:
        za, zb = connector_zone(state, a), connector_zone(state, b)
        adj.setdefault(za, set()).add(zb)
        adj.setdefault(zb, set()).add(za)
    return {z: sorted(n, key=zone_sort_key) for z, n in adj.items()}


def zone_sort_key(zone: str) -> tuple:
    """Sort zones by card number, then zone id (``'2.a'`` before ``'10.a'``)."""
    card, _, z = zone.partition(".")
    return (int(card), z)


def connector_zone(state: dict, conn: str) -> str:
    """The zone a connector sits on (``'0:n'`` → ``'0.b'``)."""
    card, _, cid = conn.partition(":")
    for c in state["cards"][card]["connectors"]:
        if c["id"] == cid:
            return zone_id(card, c["zone"])
    raise KeyError(conn)


def distances(adj: dict[str, list[str]], start: str) -> dict[str, int]:
    """Breadth-first zone distances from ``start`` (each step between zones costs 1)."""
    return reach([start], lambda z: adj.get(z, ()))


def linked_cards(state: dict, card: str) -> set[str]:
    """Cards joined to ``card`` through a pair of connectors."""
    out = set()
    for a, b in state["links"]:
        ca, cb = a.split(":")[0], b.split(":")[0]
        if ca == card:
            out.add(cb)
        elif cb == card:
            out.add(ca)
    return out


def active_cards(state: dict) -> set[str]:
    """*An Active Township*: the Ratcatcher's card, cards joined to it, cards with
    cheese, cards holding the Nemesis or a Peculiar Rat."""
    rc_card = card_of(state["ratcatcher"]["zone"])
    active = {rc_card} | linked_cards(state, rc_card)
    for zid, z in state["zones"].items():
        if z["cheese"]:
            active.add(card_of(zid))
    nem = state["nemesis"]
    if nem.get("zone"):
        active.add(card_of(nem["zone"]))
    for p in state["peculiar"]:
        active.add(card_of(p["zone"]))
    return active


def city_cheese(state: dict) -> int:
    """Magic Cheese tokens lying in the city."""
    return sum(z["cheese"] for z in state["zones"].values())


def used_connectors(state: dict) -> set[str]:
    """Connector ids already joined to another card."""
    return {c for link in state["links"] for c in link}


def free_connectors(state: dict, cards: set[str] | None = None) -> list[str]:
    """Connectors on placed cards (optionally only ``cards``) not yet joined."""
    used = used_connectors(state)
    out = []
    for num in state["city"]:
        if cards is not None and num not in cards:
            continue
        for c in state["cards"][num]["connectors"]:
            cid = connector_id(num, c["id"])
            if cid not in used:
                out.append(cid)
    return out


def common_count(zone: dict) -> int:
    """Common rats (all colours) in one zone's dict."""
    return sum(zone["rats"].values())


def figures_in(state: dict, zone: str) -> dict:
    """What stands in a zone: common rats by colour, Peculiar ids, the Nemesis."""
    z = state["zones"][zone]
    return {
        "rats": dict(z["rats"]),
        "peculiar": [p["id"] for p in state["peculiar"] if p["zone"] == zone],
        "nemesis": state["nemesis"].get("zone") == zone,
    }


def any_rat_in(state: dict, zone: str) -> bool:
    """Whether anything can be attacked in ``zone``: a common rat, a Peculiar Rat or the Nemesis."""
    f = figures_in(state, zone)
    return bool(common_count(state["zones"][zone]) or f["peculiar"] or f["nemesis"])


# Parts of the state written once by `new` and only read afterwards: a new state may
# share them with the old one (no rule mutates them), which saves most of the copying.
STATIC = frozenset({"cards", "rules", "peculiar_cards"})


def clone(state: dict) -> dict:
    """A deep copy of the changing parts of a plain-JSON state (the C json codec is ~20×
    faster than ``copy.deepcopy``); the read-only parts in ``STATIC`` are shared.

    Keys keep the state's own order (never the set's, which changes with PYTHONHASHSEED)."""
    copied = _loads(_dumps({k: v for k, v in state.items() if k not in STATIC}))
    return {k: state[k] if k in STATIC else copied[k] for k in state}
