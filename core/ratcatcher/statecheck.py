"""Consistency of a Ratcatcher state's game part beyond its schema.

A state is written by claw, but people edit state files. The schema
(schemas/state-ratcatcher.json) types and bounds every field; this checks what a schema
cannot say: that every id the state uses resolves (cards, zones, connectors, traps,
abilities, upgrades, Peculiar cards), that each thing is in one place, and the bounds
one field sets another (wounds within the track, tokens within an ability's maximum,
the rats within the sack's tokens). It runs only on a state the schema accepted, so it
may index what the schema requires; it never raises. A state it passes is one every
command either plays or refuses by a rule (exit 4).
"""

from __future__ import annotations

from claw.core.errors import quoted
from claw.core.ratcatcher.city import COLOURS, zone_id


def state_problems(state: dict) -> list[str]:
    """Every problem found, as "where: what" strings (empty when the state is sound)."""
    out = _cards(state)
    zones = state["zones"]
    cards = state["cards"]
    known = {zone_id(num, z["id"]) for num in state["city"] if num in cards for z in cards[num]["zones"]}
    for zid in sorted(known - set(zones)):
        out.append(f"zones: zone {quoted(zid)} of a township in the city is missing")
    for zid in sorted(set(zones) - known):
        out.append(f"zones: {quoted(zid)} is not a zone of a township in the city")
    out += _links(state)
    out += _figures(state, zones)
    out += _peculiar(state, zones)
    out += _board(state, zones)
    out += _rats(state)
    return out


def _cards(state: dict) -> list[str]:
    """Each copied township card: keyed by its number, zone and connector ids unique,
    neighbours and connector zones on the same card (a card in the deck is placed later,
    so every card is checked, not only the city's)."""
    out = []
    cards = state["cards"]
    for num, card in cards.items():
        if str(card["number"]) != num:
            out.append(f"cards.{num}: holds card number {card['number']}")
        ids = [z["id"] for z in card["zones"]]
        if len(set(ids)) != len(ids):
            out.append(f"cards.{num}: two zones share an id")
        for z in card["zones"]:
            for other in z.get("adjacent", []):
                if other not in ids:
                    out.append(f"cards.{num}: zone {quoted(z['id'])} lists an unknown neighbour {quoted(other)}")
        conns = [c["id"] for c in card["connectors"]]
        if len(set(conns)) != len(conns):
            out.append(f"cards.{num}: two connectors share an id")
        for c in card["connectors"]:
            if c["zone"] not in ids:
                out.append(f"cards.{num}: connector {quoted(c['id'])} sits on an unknown zone {quoted(c['zone'])}")
    for num in state["city"]:
        if num not in cards:
            out.append(f"city: township {quoted(num)} is not among the cards")
    for num in state["deck"]:
        if num not in cards or num in state["city"]:
            out.append(f"deck: {quoted(num)} is not a township card waiting in the deck")
    return out


def _links(state: dict) -> list[str]:
    """Each link joins two connectors of townships in the city, each connector at most once."""
    out = []
    cards = state["cards"]
    conns = {f"{num}:{c['id']}" for num in state["city"] if num in cards for c in cards[num]["connectors"]}
    seen: set[str] = set()
    for link in state["links"]:
        for c in link:
            if c not in conns:
                out.append(f"links: {quoted(c)} is not a connector of a township in the city")
            elif c in seen:
                out.append(f"links: connector {quoted(c)} is joined twice")
            seen.add(c)
    return out


def _figures(state: dict, zones: dict) -> list[str]:
    out = []
    rc, nem = state["ratcatcher"], state["nemesis"]
    if rc["zone"] not in zones:
        out.append(f"ratcatcher.zone: {quoted(rc['zone'])} is not a zone in the city")
    if nem["zone"] is not None and nem["zone"] not in zones:
        out.append(f"nemesis.zone: {quoted(nem['zone'])} is not a zone in the city")
    for where, fig in (("ratcatcher", rc), ("nemesis", nem)):  # Character Board, Wounds: never above the track
        if fig["wounds"] > fig["stats"]["wounds"]:
            out.append(f"{where}.wounds: {fig['wounds']} is above the wound track's {fig['stats']['wounds']}")
    for zone, trap in state["traps"].items():
        if zone not in zones:
            out.append(f"traps: {quoted(zone)} is not a zone in the city")
        if trap not in {t["id"] for t in rc["board"]["traps"]}:
            out.append(f"traps.{zone}: {rc['name']} has no trap {quoted(trap)}")
    abilities = {a["id"] for a in rc["board"]["abilities"]}
    for p in state["placed"]:
        if p["zone"] not in zones or p["ability"] not in abilities:
            out.append(f"placed: {quoted(p['ability'])} in {quoted(p['zone'])} does not resolve")
    return out


def _peculiar(state: dict, zones: dict) -> list[str]:
    """Each Peculiar Rat card is in one place: the deck, the city, or held as a reward."""
    out = []
    cards = state["peculiar_cards"]
    for key, card in cards.items():
        if card["id"] != key:
            out.append(f"peculiar_cards.{key}: holds card {quoted(card['id'])}")
    where: dict[str, str] = {}
    piles = [("peculiar", [p["id"] for p in state["peculiar"]]), ("peculiar_deck", state["peculiar_deck"]),
             ("ratcatcher.rewards", state["ratcatcher"]["rewards"])]
    for pile, ids in piles:
        for card in ids:
            if card not in cards:
                out.append(f"{pile}: no Peculiar Rat card {quoted(card)}")
            elif card in where:
                out.append(f"{pile}: Peculiar Rat card {quoted(card)} is also in {where[card]}")
            where.setdefault(card, pile)
    for p in state["peculiar"]:
        if p["zone"] not in zones:
            out.append(f"peculiar: {quoted(p['id'])} stands in {quoted(p['zone'])}, not a zone in the city")
    return out


def _board(state: dict, zones: dict) -> list[str]:
    """The Character Board: its entries' ids unique, the token and cheese counts matching
    them (Abilities: "never more than their maximum number of special tokens")."""
    out = []
    rc = state["ratcatcher"]
    board = rc["board"]
    for key in ("traps", "abilities", "upgrades"):
        ids = [e["id"] for e in board[key]]
        if len(set(ids)) != len(ids):
            out.append(f"ratcatcher.board.{key}: two entries share an id")
    abilities = {a["id"]: a for a in board["abilities"]}
    if set(rc["abilities"]) != set(abilities):
        out.append("ratcatcher.abilities: do not match the abilities on the board")
    for aid, ab in rc["abilities"].items():
        if aid in abilities and ab["max"] != abilities[aid]["tokens"]:
            out.append(f"ratcatcher.abilities.{aid}.max: {ab['max']} is not the board's {abilities[aid]['tokens']}")
        if ab["tokens"] > ab["max"]:
            out.append(f"ratcatcher.abilities.{aid}.tokens: {ab['tokens']} is above the maximum {ab['max']}")
    upgrades = {u["id"]: u for u in board["upgrades"]}
    if set(rc["upgrades"]) != set(upgrades):
        out.append("ratcatcher.upgrades: do not match the upgrade slots on the board")
    for uid, n in rc["upgrades"].items():
        if uid in upgrades and n > upgrades[uid]["cost"]:
            out.append(f"ratcatcher.upgrades.{uid}: {n} cheese on a slot that takes {upgrades[uid]['cost']}")
    return out


def _rats(state: dict) -> list[str]:
    """Setup 5: the Rat Sack holds all the Rat tokens; rats in the city, in the sack and
    with the Tallyman are those tokens, so together they never exceed them."""
    total = sum(state["sack"][c] + state["tallyman"]["rats"][c] for c in COLOURS)
    total += sum(z["rats"][c] for z in state["zones"].values() for c in COLOURS)
    size = state["rules"]["sack_size"]
    if total > size:
        return [f"sack: {total} common rats in the city, the sack and the Tallyman; the sack holds {size} tokens"]
    return []
