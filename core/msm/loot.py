"""Loot ("Loot Cards and Loot Deck", "Picking Up Stuff", "Trading Stuff", the
character sheet's weapon and armour slots) and the remove-stun action.

The deck lives in ``state["loot"]["deck"]`` (card dicts, next draw first);
``loot.discard`` takes resolved event cards; ``loot.table`` holds cards lying on
the map by square (a downed cat's cards, see Rulings).
"""

from __future__ import annotations

import copy

from claw.core.draws import shuffled, take
from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.msm.board import LOOT_SYMBOL
from claw.core.msm.playstate import cat, event
from claw.core.msm.squares import orthogonal_neighbours, parse_square, square_name
from claw.core.outcome import Outcome, begin

MAX_WEAPONS, MAX_ARMOUR = 2, 1


def build_deck(decks: list[dict], levels: list[int] | None, dice) -> list[dict]:
    """"Only use the loot cards listed for the scenario" (by level), shuffled."""
    cards = []
    for deck in decks:
        for card in deck["cards"]:
            if levels and card["level"] not in levels:
                continue
            cards += [copy.deepcopy(card) for _ in range(card.get("count", 1))]
    for c in cards:
        c.pop("count", None)
    return shuffled(dice, "loot", cards) if cards else []


def loot_squares_near(state: dict, board, cat_id: str) -> list[str]:
    """The loot squares (L) the cat stands on or next to: where `claw search CAT SQUARE`
    may search (each still needs a marker and a cat that has not searched it)."""
    fig = state["figures"][cat_id]
    if not fig.get("square"):
        return []
    here = parse_square(fig["square"])
    markers = state.get("loot", {}).get("markers", {})
    near = [here] + [n for n in orthogonal_neighbours(here) if board.in_bounds(n)]
    return [square_name(s) for s in near if square_name(s) in markers]


def lying_here(state: dict, board, cat_id: str) -> list[tuple[str, dict]]:
    """(square, card) for each card lying in the cat's big square ("Picking Up Stuff")."""
    fig = state["figures"][cat_id]
    if not fig.get("square"):
        return []
    big = _big_of(board, fig["square"])
    table = state.get("loot", {}).get("table", {})
    return [(sq, c) for sq, cards in table.items() if _big_of(board, sq) == big for c in cards]


def trade_partners(state: dict, board, cat_id: str) -> list[str]:
    """The other cats in the cat's big square, the ones it may trade with ("Trading Stuff")."""
    fig = state["figures"][cat_id]
    if not fig.get("square"):
        return []
    big = _big_of(board, fig["square"])
    return [fid for fid, f in state["figures"].items() if fid != cat_id and f.get("side") == "cat"
            and f.get("square") and _big_of(board, f["square"]) == big]


def search(state: dict, board, cat_id: str, dice, square: str | None = None,
           ambush: str | None = None) -> Outcome:
    """Search an L square on or adjacent to the cat: 1 AP, one card, one marker off;
    each cat searches each loot square once. ``ambush``: the objective square an
    Ambush card drawn now uses when the map has several (default: the first)."""
    from claw.core.msm.rounds import require_cats_turn, spend_ap

    require_cats_turn(state)
    if ambush is not None:
        # checked before the draw, so a wrong choice does not show the deck's top card
        targets = state.get("objective_markers") or []
        ambush = square_name(parse_square(ambush))
        if ambush not in targets:
            raise IllegalAction(f"an Ambush goes on an objective square ({', '.join(targets) or 'none on this map'}):"
                                f" {ambush}")
    # the checks read ``state``; the copy is made once the search is allowed
    cid, fig = cat(state, cat_id)
    loot = state.get("loot", {})
    markers = loot.get("markers", {})
    searched = loot.get("searched", {})
    candidates = loot_squares_near(state, board, cid)
    if square:
        sq = square_name(parse_square(square))
        if sq not in candidates:
            raise IllegalAction(f"{cid} on {fig['square']} is not on or next to a loot square {sq}")
        candidates = [sq]
    if not candidates:
        left = [s for s, n in markers.items() if n > 0]
        raise IllegalAction(f"{cid} on {fig['square']} is not on or next to a loot square ({LOOT_SYMBOL} on the "
                            f"board{': ' + ', '.join(left) if left else ', none left'})")
    usable = [s for s in candidates if markers.get(s, 0) > 0 and cid not in searched.get(s, [])]
    if not usable:
        why = "; ".join(f"{s}: " + ("already searched by " + cid if cid in searched.get(s, [])
                                    else "no loot marker left") for s in candidates)
        raise IllegalAction(f"{cid} cannot search here ({why})")
    if not loot.get("deck"):
        raise IllegalAction("the loot deck is empty (does the scenario name loot_files?)")
    out = begin(state)
    st = out.state
    loot = st.setdefault("loot", {})
    markers = loot.setdefault("markers", {})
    searched = loot.setdefault("searched", {})
    sq = usable[0]
    events = out.events   # the outcome's own list: appended to below
    events += spend_ap(st, board, cid, 1, "a search")
    if len(usable) > 1:
        events.append(event("tie", f"{cid} could search {', '.join(usable)}; it searches {sq} (give SQUARE to change).",
                            tie="loot-square", chosen=sq, alternatives=usable[1:]))
    markers[sq] -= 1
    searched.setdefault(sq, []).append(cid)
    card = take(dice, "loot", loot["deck"])
    events.append(event("search", f"{cid} searches {sq} (1 AP): draws {card['name']} ({card['type']});"
                        f" {markers[sq]} loot marker(s) left there.", figure=cid, square=sq, card=card["id"]))
    if card["type"] == "event":
        events += _resolve_event(st, board, card, sq, dice, ambush)
        loot.setdefault("discard", []).append(card)
    else:
        fig = st["figures"][cid]
        fig.setdefault("loot", []).append(card)
        hint = {"weapon": " (claw equip to hold it)", "armour": " (claw equip to wear it)"}.get(card["type"], "")
        events.append(event("loot", f"{card['name']} goes to {cid}'s loot slot{hint}.",
                            figure=cid, card=card["id"]))
    from claw.core.msm import victory

    events += victory.check(st)
    return out


def _resolve_event(st: dict, board, card: dict, searched: str, dice, ambush: str | None = None) -> list[dict]:
    from claw.core.msm.reveal import reveal_in_los
    from claw.core.msm.spawn import _spawn_at

    if card.get("effect") != "ambush":
        return [event("loot-event", f"{card['name']}: {card.get('ability', 'no rule in claw')}", card=card["id"])]
    targets = st.get("objective_markers") or []
    if not targets:
        return [event("ambush", f"{card['name']}: the scenario has no objective square; nothing is placed.",
                      card=card["id"])]
    where: str = ambush if ambush is not None and ambush in targets else targets[0]
    others = [t for t in targets if t != where]
    events = []
    if others:
        how = "chosen" if ambush else "the first"
        events.append(event("tie", f"{card['name']} could place its marker on {', '.join(targets)}; it goes on "
                            f"{where} ({how}; --choose ambush=SQUARE to change).",
                            tie="ambush-square", chosen=where, alternatives=others))
    events.append(event("ambush", f"{card['name']}: a rat marker from the pool goes on the objective square {where}.",
                        card=card["id"], square=where))
    events += _spawn_at(st, "Ambush", parse_square(where), dice)
    evs = reveal_in_los(board, st, dice).events
    return events + evs


def _big_of(board, sq: str):
    return board.big(parse_square(sq))


def _take(fig: dict, card_id: str) -> tuple[str, dict]:
    for slot in ("loot", "weapons", "armour"):
        held = fig.get(slot)
        if slot == "armour":
            if held and held["id"] == card_id:
                fig["armour"] = None
                return slot, held
            continue
        cards: list = held or []
        for i, card in enumerate(cards):
            if card["id"] == card_id:
                return slot, cards.pop(i)
    names = [c["id"] for s in ("loot", "weapons") for c in fig.get(s) or []] + \
        ([fig["armour"]["id"]] if fig.get("armour") else [])
    raise IllegalAction(f"no card {quoted(card_id)} held (holds: {', '.join(names) or 'nothing'})")


def _store(fig: dict, card: dict, equip: bool) -> str:
    if not equip:
        fig.setdefault("loot", []).append(card)
        return "loot slot"
    if card["type"] == "weapon":
        if len(fig.get("weapons") or []) >= MAX_WEAPONS:
            raise IllegalAction(f"the weapon slots are full ({MAX_WEAPONS} weapons): unequip one first")
        fig.setdefault("weapons", []).append(card)
        return "weapon slot"
    if card["type"] == "armour":
        if fig.get("armour"):
            raise IllegalAction("the armour slot already holds a card: unequip it first")
        fig["armour"] = card
        return "armour slot"
    a = "an" if card["type"][:1] in "aeiou" else "a"   # an item, an event, an armour
    raise IllegalAction(f"{card['name']} is {a} {card['type']} card: it can only go in the loot slot")


def equip(state: dict, cat_id: str, card_id: str, unequip: bool = False) -> Outcome:
    """Move a card between the loot slot and the weapon (2) / armour (1) slots (free, any time)."""
    out = begin(state)
    cid, fig = cat(out.state, cat_id)
    slot, card = _take(fig, card_id)
    where = _store(fig, card, equip=not unequip)
    out.add("equip", f"{cid} puts {card['name']} in its {where}.", figure=cid, card=card_id)
    return out


def trade(state: dict, board, giver: str, card_id: str, taker: str, equip_it: bool = False) -> Outcome:
    """Trading Stuff: give a card to a cat in the same big square (free, while activating)."""
    from claw.core.msm.rounds import require_cats_turn, spend_ap

    require_cats_turn(state)
    out = begin(state)
    st = out.state
    gid, gfig = cat(st, giver)
    tid, tfig = cat(st, taker)
    if gid == tid:
        raise UsageError("a cat cannot trade with itself")
    if _big_of(board, gfig["square"]) != _big_of(board, tfig["square"]):
        raise IllegalAction(f"{gid} ({gfig['square']}) and {tid} ({tfig['square']}) are not in the same big square")
    active = st.get("active")
    out.events += spend_ap(st, board, tid if active == tid else gid, 0, "a trade")
    _, card = _take(gfig, card_id)
    where = _store(tfig, card, equip_it)
    out.add("trade", f"{gid} gives {card['name']} to {tid} ({where}).", figure=gid, to=tid, card=card_id)
    return out


def pickup(state: dict, board, cat_id: str, card_id: str) -> Outcome:
    """Picking Up Stuff: take a card lying in the cat's big square (free)."""
    from claw.core.msm.rounds import require_cats_turn, spend_ap

    require_cats_turn(state)
    out = begin(state)
    st = out.state
    cid, fig = cat(st, cat_id)
    table = st.setdefault("loot", {}).setdefault("table", {})
    big = _big_of(board, fig["square"])
    for sq, cards in table.items():
        if _big_of(board, sq) != big:
            continue
        for i, card in enumerate(cards):
            if card["id"] == card_id:
                out.events += spend_ap(st, board, cid, 0, "picking up")
                cards.pop(i)
                if not cards:
                    del table[sq]
                fig.setdefault("loot", []).append(card)
                out.add("pickup", f"{cid} picks up {card['name']} from {sq}.", figure=cid, card=card_id, square=sq)
                return out
    lying = [f"{c['id']}@{sq}" for sq, c in lying_here(st, board, cid)]
    raise IllegalAction(f"no {quoted(card_id)} lies in {cid}'s big square"
                        + (f" (there: {', '.join(lying)})" if lying else ""))


def drop_all(state: dict, fid: str, square: str) -> list[dict]:
    """A downed cat's cards stay on its square for others to pick up (see Rulings)."""
    fig = state["figures"][fid]
    cards = list(fig.get("loot") or []) + list(fig.get("weapons") or [])
    cards += [fig["armour"]] if fig.get("armour") else []
    if not cards:
        return []
    fig["loot"], fig["weapons"], fig["armour"] = [], [], None
    state.setdefault("loot", {}).setdefault("table", {}).setdefault(square, []).extend(cards)
    return [event("drop", f"{fid}'s cards ({', '.join(c['name'] for c in cards)}) lie on {square}.",
                  figure=fid, square=square, cards=[c["id"] for c in cards])]


def remove_stun(state: dict, board, cat_id: str) -> Outcome:
    """Cat Actions: Remove Stun Marker, 1 AP."""
    from claw.core.msm.rounds import require_cats_turn, spend_ap

    require_cats_turn(state)
    out = begin(state)
    cid, fig = cat(out.state, cat_id)
    if not fig.get("stunned"):
        raise IllegalAction(f"{cid} is not stunned")
    out.events += spend_ap(out.state, board, cid, 1, "removing a stun marker")
    fig["stunned"] = False
    out.add("unstun", f"{cid} spends 1 AP to remove its stun marker.", figure=cid)
    return out
