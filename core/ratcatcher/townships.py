"""Placing township cards and populating them (Setup 4–5, *Place New Locations*)."""

from __future__ import annotations

import contextlib

from claw.core.draws import take
from claw.core.errors import IllegalAction, quoted
from claw.core.outcome import Outcome
from claw.core.ratcatcher.city import (
    COLOURS,
    active_cards,
    card_of,
    connector_id,
    connector_zone,
    distances,
    free_connectors,
    neighbours,
    zone_id,
)
from claw.core.ratcatcher.sack import SackEmpty, ensure_rats, place_rats


def check_connectors(state: dict, connectors) -> None:
    """Refuse a connector the player names that the city does not have, whether or not
    an explore comes this turn: ``CARD:ID`` of a card in the city, not yet joined."""
    from claw.core.ratcatcher.city import used_connectors

    used = used_connectors(state)
    for choice in connectors or []:
        want = split_choice(str(choice))[0]  # the city's side (CARD:ID=OWN+… also names the new card's)
        num, _, cid = want.partition(":")
        card = state["cards"].get(num)
        if card is None or num not in state["city"] or cid not in {c["id"] for c in card["connectors"]}:
            free = ", ".join(free_connectors(state)) or "none"
            raise IllegalAction(f"--connector names no connector of a township in the city (free: {free}): "
                                f"{quoted(want)}")
        if want in used:
            raise IllegalAction(f"connector {want} is already joined to another township")


def new_zone() -> dict:
    """An empty zone record."""
    return {"cheese": 0, "rats": {c: 0 for c in COLOURS}, "tokens": [], "found": [], "nest": False}


def add_card(state: dict, num: str) -> None:
    """Put card ``num`` in the city with empty zones (nests marked). In place."""
    state["city"].append(num)
    for z in state["cards"][num]["zones"]:
        zone = new_zone()
        zone["nest"] = "nest" in z.get("slots", [])
        state["zones"][zone_id(num, z["id"])] = zone


def split_choice(choice: str) -> tuple[str, str | None, tuple[str, str] | None]:
    """``"0:e"`` / ``"0:e=s"`` / ``"0:e=s+n=3:w"`` → (target, own connector, second pair).

    The table lays a card as it likes ("the orientation of township cards does not
    matter"): ``=s`` names the new card's connector that meets the target, and ``+n=3:w``
    a second pair that meets as the card lies (ruling R5)."""
    first, _, second = choice.partition("+")
    target, _, own = first.partition("=")
    pair = None
    if second:
        mine, eq, theirs = second.partition("=")
        if not eq or not mine or not theirs:
            raise IllegalAction(f"a second meeting pair is NEW=CARD:ID, e.g. 0:e=s+n=3:w: {quoted(choice)}")
        pair = (mine, theirs)
    return target, own or None, pair


def connect(state: dict, num: str, target: str, out: Outcome, own_id: str | None = None,
            second: tuple[str, str] | None = None) -> None:
    """Join card ``num`` (not yet placed) to the city at connector ``target``.

    By default the new card uses its first connector and joins through one link (ruling
    R5); the table may name the connector that meets (``own_id``) and a second pair that
    meets as the card lies (``second``: the new card's connector, a free city connector).
    """
    card = state["cards"][num]
    ids = [c["id"] for c in card["connectors"]]
    own_id = own_id or ids[0]
    if own_id not in ids:
        raise IllegalAction(f"township #{num} has no connector {quoted(own_id)} (connectors: {', '.join(ids)})")
    links = [(target, connector_id(num, own_id))]
    if second is not None:
        mine, theirs = second
        free = set(free_connectors(state, set(state["city"]))) - {target}
        if mine not in ids or mine == own_id:
            raise IllegalAction(f"the second pair needs another connector of #{num} "
                                f"(free: {', '.join(i for i in ids if i != own_id)}): {quoted(mine)}")
        if theirs not in free:
            raise IllegalAction(f"the second pair needs a free connector in the city "
                                f"(free: {', '.join(sorted(free)) or 'none'}): {quoted(theirs)}")
        links.append((theirs, connector_id(num, mine)))
    add_card(state, num)
    for city_side, own in links:
        state["links"].append([city_side, own])
        out.add("township", f"township #{num} {card.get('name', '')} joins the city: {own} meets {city_side} "
                f"({connector_zone(state, own)} ↔ {connector_zone(state, city_side)})",
                card=num, connector=own, target=city_side)


def slots(state: dict, num: str):
    """(zone id, slot) for every slot printed on card ``num``."""
    for z in state["cards"][num]["zones"]:
        for s in z.get("slots", []):
            yield zone_id(num, z["id"]), s


def populate_tokens(state: dict, num: str, out: Outcome, dice=None) -> None:
    """Cheese on cheese slots, a revealed "?" token on each "?" slot, potions by colour."""
    for zid, s in slots(state, num):
        zone = state["zones"][zid]
        if s == "cheese":
            zone["cheese"] += 1
            out.add("cheese", f"a Magic Cheese is placed in {zid}", zone=zid)
        elif s == "?":
            reveal_question(state, zid, out, dice)
        elif s.startswith("potion-"):
            zone["tokens"].append(s)
            out.add("potion", f"a {s[7:]} potion is placed in {zid}", zone=zid, token=s)


def reveal_question(state: dict, zid: str, out: Outcome, dice=None) -> None:
    """Setup 5: draw a "?" token for ``zid`` and place what it reveals. In place."""
    pool = state["question_pool"]
    if not pool:
        out.add("question", f"no \"?\" token left for {zid}", zone=zid)
        return
    token = take(dice, "question", pool)
    if token == "peculiar":
        out.add("question", f"the \"?\" token in {zid} is a Peculiar Rat", zone=zid, token=token)
        spawn_peculiar(state, zid, out, dice)
    elif token == "nothing":
        out.add("question", f"the \"?\" token in {zid} is empty", zone=zid, token=token)
    else:
        state["zones"][zid]["found"].append(token)
        out.add("question", f"the \"?\" token in {zid} is {token}", zone=zid, token=token)


def spawn_peculiar(state: dict, zid: str, out: Outcome, dice=None) -> None:
    """*Peculiar Rats*: the top card of the deck appears in ``zid``. In place."""
    deck = state["peculiar_deck"]
    if not deck:
        out.add("peculiar", f"the Peculiar Rat deck is empty: none spawns in {zid}", zone=zid)
        return
    card = take(dice, "peculiar", deck)
    state["peculiar"].append({"id": card, "zone": zid})
    name = state["peculiar_cards"][card]["name"]
    out.add("peculiar", f"Peculiar Rat {name} ({card}) appears in {zid}", zone=zid, id=card)


def spawn_new_card_rats(state: dict, num: str, dice, out: Outcome) -> None:
    """A rat on every Rat's Nest and spawn point of a newly placed card."""
    spots = [(zid, s) for zid, s in slots(state, num) if s in ("nest", "spawn")]
    ensure_rats(state, len(spots), out)
    for zid, s in spots:
        place_rats(state, zid, dice, out, f"{'Rat nest' if s == 'nest' else 'spawn point'} on #{num}")


def explore_targets(state: dict) -> list[str]:
    """Free connectors on active townships, best first (ruling R5): those on the
    Ratcatcher's card, then nearest to the Ratcatcher, then by card and connector."""
    active = active_cards(state)
    adj = neighbours(state)
    dist = distances(adj, state["ratcatcher"]["zone"])
    rc_card = card_of(state["ratcatcher"]["zone"])
    conns = free_connectors(state, active)
    order = {c: i for i, c in enumerate(conns)}

    def key(c: str):
        z = connector_zone(state, c)
        return (card_of(z) != rc_card, dist.get(z, 10**6), order[c])

    return sorted(conns, key=key)


def explore(state: dict, dice, out: Outcome, choices: list[str] | None = None, count: int | None = None) -> None:
    """*Place New Locations*: as many cards as the expansion indicator of the Ratcatcher's
    current township, each joined to a free connector of an active township."""
    # the player's connectors are consumed from the caller's list, so a second explore in
    # the same round (1.3 then 2.6) takes the next one instead of reusing a spent one
    choices = choices if choices is not None else []
    rc_card = card_of(state["ratcatcher"]["zone"])
    if count is None:
        count = state["cards"][rc_card]["expansion"]
    out.add("explore", f"explore: {count} township card(s) (indicator of #{rc_card})", count=count)
    for _ in range(count):
        if not state["deck"]:
            out.add("explore", "the township deck is empty: the city cannot grow")
            return
        targets = explore_targets(state)
        if not targets:
            out.add("explore", "no free connector on an active township: nothing is placed")
            return
        own = second = None
        if choices:
            want, own, second = split_choice(choices.pop(0))
            if want not in targets:
                free = ", ".join(targets)
                raise IllegalAction(f"not a free connector on an active township (free: {free}): {quoted(want)}")
            target = want
        else:
            target = targets[0]
            if len(targets) > 1:
                out.add("choice", f"connector {target} chosen; alternatives: {', '.join(targets[1:])}",
                        chosen=target, alternatives=targets[1:])
        num = take(dice, "township", state["deck"])
        connect(state, num, target, out, own, second)
        populate_tokens(state, num, out, dice)
        with contextlib.suppress(SackEmpty):
            spawn_new_card_rats(state, num, dice, out)

