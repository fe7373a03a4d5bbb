"""Consistency of a Ratcatcher state's game part beyond its schema.

A state is written by claw, but people edit state files. The schema checks shapes and
types; this checks that every id the state uses resolves (zones, cards, connectors,
traps, abilities, Peculiar cards) and that the numbers a rule loops over stay within
bounds, so an edited file is refused as invalid (exit 3) rather than crashing a rule.
"""

from __future__ import annotations

from claw.core.errors import quoted
from claw.core.ratcatcher.city import COLOURS, zone_id

LIMIT = 1000  # dice, wounds and movement a rule may loop over (boards + upgrades stay far below)


def state_problems(state: dict) -> list[str]:
    """Every problem found, as "where: what" strings (empty when the state is sound)."""
    out: list[str] = []
    cards = state["cards"]
    zones = state["zones"]
    known = set()
    for num in state["city"]:
        if num not in cards:
            out.append(f"city: township {quoted(num)} is not among the cards")
            continue
        ids = {z["id"] for z in cards[num]["zones"]}
        for z in cards[num]["zones"]:
            for other in z.get("adjacent", []):
                if other not in ids:
                    out.append(f"cards.{num}: zone {quoted(z['id'])} lists an unknown neighbour {quoted(other)}")
        known |= {zone_id(num, z) for z in ids}
    for zid in sorted(known - set(zones)):
        out.append(f"zones: zone {quoted(zid)} of a township in the city is missing")
    for zid in sorted(set(zones) - known):
        out.append(f"zones: {quoted(zid)} is not a zone of a township in the city")
    conns = {f"{num}:{c['id']}" for num in state["city"] if num in cards for c in cards[num]["connectors"]}
    for link in state["links"]:
        for c in link:
            if c not in conns:
                out.append(f"links: {quoted(c)} is not a connector of a township in the city")
    for num in state["deck"]:
        if num not in cards or num in state["city"]:
            out.append(f"deck: {quoted(num)} is not a township card waiting in the deck")
    out += _figures(state, zones)
    out += _boards(state)
    return out


def _figures(state: dict, zones: dict) -> list[str]:
    out = []
    rc, nem = state["ratcatcher"], state["nemesis"]
    if rc["zone"] not in zones:
        out.append(f"ratcatcher.zone: {quoted(rc['zone'])} is not a zone in the city")
    if nem.get("zone") is not None and nem["zone"] not in zones:
        out.append(f"nemesis.zone: {quoted(nem['zone'])} is not a zone in the city")
    for where, fig in (("ratcatcher", rc), ("nemesis", nem)):  # Character Board, Wounds: never above the track
        if fig["wounds"] > fig["stats"]["wounds"]:
            out.append(f"{where}.wounds: {fig['wounds']} is above the wound track's {fig['stats']['wounds']}")
    for p in state["peculiar"]:
        if p["id"] not in state["peculiar_cards"]:
            out.append(f"peculiar: no Peculiar Rat card {quoted(p['id'])}")
        if p["zone"] not in zones:
            out.append(f"peculiar: {quoted(p['id'])} stands in {quoted(p['zone'])}, not a zone in the city")
    for pile, where in ((state["peculiar_deck"], "peculiar_deck"), (rc["rewards"], "ratcatcher.rewards")):
        for card in pile:
            if card not in state["peculiar_cards"]:
                out.append(f"{where}: no Peculiar Rat card {quoted(card)}")
    traps = {t["id"] for t in rc["board"]["traps"]}
    for zone, trap in state["traps"].items():
        if zone not in zones:
            out.append(f"traps: {quoted(zone)} is not a zone in the city")
        if trap not in traps:
            out.append(f"traps.{zone}: {rc['name']} has no trap {quoted(trap)}")
    abilities = {a["id"] for a in rc["board"]["abilities"]}
    for p in state["placed"]:
        if p["zone"] not in zones or p["ability"] not in abilities:
            out.append(f"placed: {quoted(p['ability'])} in {quoted(p['zone'])} does not resolve")
    if set(rc["abilities"]) != abilities:
        out.append("ratcatcher.abilities: do not match the abilities on the board")
    if set(rc["upgrades"]) != {u["id"] for u in rc["board"]["upgrades"]}:
        out.append("ratcatcher.upgrades: do not match the upgrade slots on the board")
    return out


def _boards(state: dict) -> list[str]:
    out = []
    rc, nem = state["ratcatcher"], state["nemesis"]
    if not 1 <= rc["stats"]["accuracy"] <= 6:
        out.append(f"ratcatcher.stats.accuracy: {rc['stats']['accuracy']} is not 1..6 on a d6")
    if not 1 <= nem["stats"]["accuracy"] <= 6:
        out.append(f"nemesis.stats.accuracy: {nem['stats']['accuracy']} is not 1..6 on a d6")
    numbers = [(f"ratcatcher.stats.{k}", v) for k, v in rc["stats"].items()]
    numbers += [(f"ratcatcher.{k}", rc[k]) for k in ("attack_dice", "movement", "traps", "wounds")]
    numbers += [(f"nemesis.stats.{k}", v) for k, v in nem["stats"].items()]
    numbers += [("nemesis.wounds", nem["wounds"])]
    numbers += [(f"ratcatcher.board.traps.{t['id']}.attack", t["attack"]) for t in rc["board"]["traps"]]
    numbers += [(f"rat_types.{c}.bite", state["rat_types"][c]["bite"]) for c in COLOURS]
    for where, v in numbers:
        if not 0 <= v <= LIMIT:
            out.append(f"{where}: {v} is outside 0..{LIMIT}")
    if nem["stats"].get("movement_die", 6) < 1:
        out.append(f"nemesis.stats.movement_die: {nem['stats']['movement_die']} is not a die")
    return out
