"""Between scenarios: the Taverne du Pélican de Mer (events chart, healing, Big
Gus's shop) and cat levels ("Taverne du Pélican de Mer" A, B, C; "Cat Level and
Skills"). Functions take a campaign dict (schema ``campaign-msm``) and return a
new one plus events (an ``Outcome`` whose ``state`` is the campaign); data tables come in
as arguments.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from math import ceil, floor

from claw.core.draws import shuffled
from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.outcome import Outcome

MAX_HEALTH = 9
SHOP_SIZE = 5
SELL_PER_LEVEL = 10


def _event(kind: str, text: str, **data) -> dict:
    return {"type": kind, "text": text, **data}


def hero(campaign: dict, hero_id: str) -> dict:
    try:
        return campaign["heroes"][hero_id]
    except KeyError:
        known = ", ".join(sorted(campaign.get("heroes", {}))) or "none"
        raise UsageError(f"no hero {quoted(hero_id)} in the campaign (heroes: {known})") from None


def _open(campaign: dict) -> dict:
    tav = campaign.get("taverne") or {}
    if tav.get("closed"):
        raise IllegalAction(f"the Taverne is closed this visit ({tav.get('event', 'event')}): play the next scenario")
    return tav


def card_lookup(decks: list[dict]) -> dict[str, dict]:
    """Card id → card over the given loot decks."""
    cards: dict = {}
    for deck in decks:
        for card in deck.get("cards", []):
            cards.setdefault(card["id"], card)
    return cards


def resolve_card(ref, cards: dict[str, dict]) -> dict:
    """A campaign holds a card as an id or as the card itself."""
    if isinstance(ref, dict):
        return ref
    try:
        return cards[ref]
    except KeyError:
        raise UsageError(f"unknown loot card {quoted(ref)} (not in the scenario's loot decks)") from None


# --- A. Gossip and rumour ------------------------------------------------------


def roll_event(campaign: dict, chart: dict, dice) -> Outcome:
    """Roll 1d12 on the events chart and apply its effects for this visit."""
    camp = copy.deepcopy(campaign)
    roll = dice.draw(1, chart["die"], "Taverne events d12")
    event = next(e for e in chart["events"] if roll in e["rolls"])
    tav = {"event": event["id"], "roll": roll}
    events = [_event("taverne-event", f"Taverne events roll {roll}: {event['name']}. {event['summary']}",
                     roll=roll, event=event["id"])]
    for effect in event["effects"]:
        kind = effect["type"]
        if kind == "taverne-closed":
            tav["closed"] = True
            events.append(_event("taverne-closed", "No more Taverne actions this visit."))
        elif kind == "free-healing":
            tav["free_healing"] = True
            events.append(_event("free-healing", "Healing is free this visit: every cat may heal to 9."))
        elif kind == "shop-price":
            tav.update(price_numerator=effect["numerator"], price_denominator=effect["denominator"],
                       price_rounding=effect["rounding"])
            events.append(_event("shop-price", f"Gus's prices ×{effect['numerator']}/{effect['denominator']}"
                                 f" (rounded {effect['rounding']}) this visit."))
        elif kind == "gain-item":
            for hid, h in camp["heroes"].items():
                if h.get("down"):
                    continue
                h.setdefault("loot", []).append(copy.deepcopy(effect["item"]))
                events.append(_event("gain-item", f"{hid} receives a {effect['item']['name']}.",
                                     hero=hid, item=effect["item"]["id"]))
    camp["taverne"] = tav
    return Outcome(camp, events)


# --- B. Heal your wounds ---------------------------------------------------------


def heal(campaign: dict, hero_id: str, cards: dict[str, dict], salves: int | None = None,
         free: bool = False) -> Outcome:
    """Spend healing salves (or the free healing of an event) to heal up to 9.

    ``salves`` None spends as many as are useful, in the order held.
    """
    camp = copy.deepcopy(campaign)
    tav = _open(camp)
    h = hero(camp, hero_id)
    before = h["health"]
    if free or tav.get("free_healing"):
        if not tav.get("free_healing"):
            raise IllegalAction("healing is free only when the events chart says so")
        h["health"] = MAX_HEALTH
        return Outcome(camp, [_event("heal", f"{hero_id} heals for free: {before} → {MAX_HEALTH}.",
                                     hero=hero_id, before=before, after=MAX_HEALTH, salves=0)])
    held = [(i, resolve_card(ref, cards)) for i, ref in enumerate(h.get("loot", []))]
    held = [(i, c) for i, c in held if c.get("heal")]
    want = len(held) if salves is None else salves
    if salves is not None and salves > len(held):
        raise IllegalAction(f"{hero_id} holds {len(held)} healing salve(s), not {salves}")
    if before >= MAX_HEALTH:
        raise IllegalAction(f"{hero_id} is at full health ({MAX_HEALTH}): there is nothing to heal")
    if not held:
        raise IllegalAction(f"{hero_id} holds no healing salve, and healing is not free this visit"
                            " (Fête de Sainte Gertrude heals for free; Gus may sell salves: claw tavern shop)")
    if salves is not None and salves < 1:
        raise UsageError(f"--salves must be 1 or more: {salves}")
    used: list = []
    for i, card in held:
        if len(used) >= want or (salves is None and h["health"] >= MAX_HEALTH):
            break
        h["health"] = min(MAX_HEALTH, h["health"] + card["heal"])
        used.append(i)
    h["loot"] = [ref for i, ref in enumerate(h.get("loot", [])) if i not in used]
    return Outcome(camp, [_event("heal", f"{hero_id} spends {len(used)} salve(s): health {before} → {h['health']}"
                                 f" (maximum {MAX_HEALTH}).", hero=hero_id, before=before,
                                 after=h["health"], salves=len(used))])


# --- Trading Stuff, at the Taverne ---------------------------------------------------


def trade(campaign: dict, giver: str, taker: str, cards: dict[str, dict], card_id: str | None = None,
          francs: int | None = None) -> Outcome:
    """One cat gives a card, or francs, to another between scenarios. *Trading Stuff*
    lets cats in the same big square trade; at the Taverne the party sits together, so
    any two heroes may (see Rulings: francs are kept per hero, and given like a card)."""
    camp = copy.deepcopy(campaign)
    _open(camp)
    g, t = hero(camp, giver), hero(camp, taker)
    if giver == taker:
        raise UsageError("a cat cannot trade with itself")
    if (card_id is None) == (francs is None):
        raise UsageError("claw tavern trade HERO CARD OTHER, or HERO OTHER --francs N")
    if francs is not None:
        if francs < 1:
            raise UsageError(f"--francs must be 1 or more: {francs}")
        if g.get("francs", 0) < francs:
            raise IllegalAction(f"{giver} has {g.get('francs', 0)} francs, not {francs}")
        g["francs"] = g.get("francs", 0) - francs
        t["francs"] = t.get("francs", 0) + francs
        return Outcome(camp, [_event("trade", f"{giver} gives {francs} francs to {taker} ({g['francs']} left).",
                                     hero=giver, to=taker, francs=francs)])
    for slot in ("loot", "weapons"):
        for i, ref in enumerate(g.get(slot, [])):
            card = resolve_card(ref, cards)
            if card["id"] == card_id:
                del g[slot][i]
                t.setdefault("loot", []).append(ref)
                return Outcome(camp, [_event("trade", f"{giver} gives {card['name']} to {taker} (into the loot slot).",
                                             hero=giver, to=taker, card=card_id)])
    armour = g.get("armour")
    if armour is not None and resolve_card(armour, cards)["id"] == card_id:
        g["armour"] = None
        t.setdefault("loot", []).append(armour)
        return Outcome(camp, [_event("trade", f"{giver} gives {resolve_card(armour, cards)['name']} to {taker}.",
                                     hero=giver, to=taker, card=card_id)])
    held = [resolve_card(r, cards)["id"] for s in ("weapons", "loot") for r in g.get(s, [])]
    raise IllegalAction(f"{giver} holds no card {quoted(card_id)} (holds: {', '.join(held) or 'nothing'})")


# --- C. Purchase gear --------------------------------------------------------------


def price(card: dict, taverne: dict) -> int:
    base = card.get("price")
    if base is None:
        raise IllegalAction(f"card {quoted(card['id'])} has no price: Gus cannot sell it")
    factor = Fraction(taverne.get("price_numerator", 1), taverne.get("price_denominator", 1))
    value = base * factor
    return ceil(value) if taverne.get("price_rounding", "up") == "up" else floor(value)


def open_shop(campaign: dict, decks: list[dict], dice, levels: list[int] | None = None) -> Outcome:
    """Draw five cards from the last scenario's loot deck(s) for sale: the cards of the
    loot levels that scenario used (``levels``, as its deck was built), events left out."""
    camp = copy.deepcopy(campaign)
    tav = _open(camp)
    pool = [card for deck in decks for card in deck["cards"] for _ in range(card.get("count", 1))
            if card["type"] != "event" and (not levels or card.get("level") in levels)]
    drawn = shuffled(dice, "shop", pool)[:SHOP_SIZE]
    tav["shop"] = [copy.deepcopy(c) for c in drawn]
    camp["taverne"] = tav
    listing = ", ".join(f"{c['name']} ({price(c, tav) if 'price' in c else '-'} francs)" for c in drawn)
    return Outcome(camp, [_event("shop", f"Big Gus offers: {listing}.", cards=[c["id"] for c in drawn])])


def buy(campaign: dict, hero_id: str, card_id: str) -> Outcome:
    camp = copy.deepcopy(campaign)
    tav = _open(camp)
    shop = tav.get("shop")
    if not shop:
        raise IllegalAction("Gus has nothing on offer: open the shop first (claw tavern shop)")
    idx = next((i for i, c in enumerate(shop) if c["id"] == card_id), None)
    if idx is None:
        raise IllegalAction(f"Gus is not selling {quoted(card_id)} (offer: {', '.join(c['id'] for c in shop)})")
    card = shop[idx]
    h = hero(camp, hero_id)
    cost = price(card, tav)
    if h.get("francs", 0) < cost:
        raise IllegalAction(f"{hero_id} has {h.get('francs', 0)} francs; {card['name']} costs {cost}")
    h["francs"] = h.get("francs", 0) - cost
    h.setdefault("loot", []).append(card)
    del shop[idx]
    return Outcome(camp, [_event("buy", f"{hero_id} buys {card['name']} for {cost} francs ({h['francs']} left).",
                                 hero=hero_id, card=card_id, price=cost)])


def sell(campaign: dict, hero_id: str, card_id: str, cards: dict[str, dict]) -> Outcome:
    """Sell a loot card to Gus for 10 × its loot level."""
    camp = copy.deepcopy(campaign)
    _open(camp)
    h = hero(camp, hero_id)
    for slot in ("loot", "weapons"):
        for i, ref in enumerate(h.get(slot, [])):
            card = resolve_card(ref, cards)
            if card["id"] == card_id:
                del h[slot][i]
                gain = SELL_PER_LEVEL * card["level"]
                h["francs"] = h.get("francs", 0) + gain
                return Outcome(camp, [_event("sell", f"{hero_id} sells {card['name']} (level {card['level']})"
                                             f" for {gain} francs.", hero=hero_id, card=card_id, price=gain)])
    raise IllegalAction(f"{hero_id} holds no card {quoted(card_id)}")


# --- Cat level and skills -----------------------------------------------------------


def skill_counts(skills: list) -> list[int]:
    """How many skills of level 1, 2 and 3 a hero uses (a skill without a level is level 1)."""
    counts = [0, 0, 0]
    for s in skills:
        lvl = s.get("level", 1) if isinstance(s, dict) else 1
        counts[lvl - 1] += 1
    return counts


def skill_allowance(table: dict, level: int) -> list[int]:
    for row in table["levels"]:
        if row["level"] == level:
            return row["skills"]
    raise UsageError(f"no cat level {level} in the skills table")


def parse_skill(text: str, held: list) -> str | dict:
    """A skill as typed: ``NAME``, ``NAME@2`` (a level-2 skill card, "Cat Level and
    Skills"; a bare name is a level-1 skill), ``NAME:+1`` (an attack modifier, "Skill and
    Weapon") or ``NAME@2:+1:staff,rapier`` (only with those weapons). A bare name the hero
    already holds with a modifier keeps it."""
    name, _, rest = text.partition(":")
    name = name.strip()
    level = None
    if "@" in name:
        name, _, digits = name.rpartition("@")
        name = name.strip()
        if digits.strip() not in ("1", "2", "3"):
            raise UsageError(f"a skill's level is 1, 2 or 3 (the skill cards' levels), like Fireball@2: {quoted(text)}")
        level = int(digits)
    if not name:
        raise UsageError(f"a skill needs a name: {quoted(text)}")
    if not rest:
        kept = next((s for s in held if isinstance(s, dict) and s.get("name", "").lower() == name.lower()), name)
        if level is None:
            return kept
        return {**(kept if isinstance(kept, dict) else {"name": name}), "level": level}
    mod, _, weapons = rest.partition(":")
    try:
        value = int(mod.strip())
    except ValueError:
        raise UsageError("a skill's modifier is a whole number, like Staff proficiency:+1:staff: "
                         f"{quoted(text)}") from None
    if not -12 <= value <= 12:
        raise UsageError(f"a skill's modifier must be -12..+12: {quoted(text)}")
    skill: dict = {"name": name, "modifier": value}
    if level is not None:
        skill["level"] = level
    names = [w.strip().lower() for w in weapons.split(",") if w.strip()]
    if names:
        skill["weapons"] = names
    return skill


def level_up(campaign: dict, hero_id: str, table: dict, level: int | None = None,
             skills: list | None = None) -> Outcome:
    """Raise a cat's level (default: by one) and set the skills it uses.

    Skills are names or {name, level, ...}; a skill without a level counts as
    level 1. The counts per level may not exceed the table's allowance.
    """
    camp = copy.deepcopy(campaign)
    h = hero(camp, hero_id)
    visit = camp.get("taverne")
    raised = (visit or {}).get("levelled", [])
    if level is None and hero_id in raised:
        # a cat earns one level at a time (an entry or a scenario's end says so); a second
        # bare `level` in the same visit is far likelier a skill choice than a new level
        raise IllegalAction(f"{hero_id} already went up a level this visit (to {h['level']}): give --level"
                            f" {h['level']} to choose skills only, or --level {h['level'] + 1} to go up again")
    new = h["level"] + 1 if level is None else level
    allowance = skill_allowance(table, new)
    events = []
    if new != h["level"]:
        events.append(_event("level", f"{hero_id} is now level {new}.", hero=hero_id, level=new))
        h["level"] = new
        if visit is not None and hero_id not in raised:
            visit["levelled"] = raised + [hero_id]
    if skills is not None:
        h["skills"] = [parse_skill(s, h.get("skills", [])) if isinstance(s, str) else s for s in skills]
    counts = skill_counts(h.get("skills", []))
    over = [f"{c} level-{i + 1} skill(s) (allowed {allowance[i]})" for i, c in enumerate(counts) if c > allowance[i]]
    if over:
        raise IllegalAction(f"{hero_id} at level {new} cannot use " + ", ".join(over))
    events.append(_event("skills", f"{hero_id} may use {allowance[0]}/{allowance[1]}/{allowance[2]}"
                         f" skills of level 1/2/3; chosen {counts[0]}/{counts[1]}/{counts[2]}.",
                         hero=hero_id, allowance=allowance, chosen=counts))
    return Outcome(camp, events)


# --- casualties (Choose Your Heroes, 2-cat variant) ---------------------------------------

RECRUIT_CARDS = 4


def recruit(campaign: dict, lost: str, new: str, heroes: dict, cards: dict[str, dict],
            chosen: list[str]) -> Outcome:
    """Replace a lost cat (down, 0 health) by another hero at the same level, with up to
    four loot cards of the players' choice."""
    camp = copy.deepcopy(campaign)
    old = hero(camp, lost)
    if old.get("health", 0) > 0 and not old.get("down"):
        raise IllegalAction(f"{lost} is not a casualty (health {old['health']})")
    if new not in heroes["heroes"]:
        raise UsageError(f"unknown hero {quoted(new)} (heroes: {', '.join(sorted(heroes['heroes']))})")
    if new in camp["heroes"]:
        raise IllegalAction(f"{new} is already in the party")
    if len(chosen) > RECRUIT_CARDS:
        raise IllegalAction(f"a new hero chooses at most {RECRUIT_CARDS} loot cards, not {len(chosen)}")
    loot = [copy.deepcopy(resolve_card(c, cards)) for c in chosen]
    del camp["heroes"][lost]
    camp["heroes"][new] = {"level": old["level"], "health": heroes.get("start_health", MAX_HEALTH),
                           "francs": 0, "skills": [], "weapons": [], "armour": None, "loot": loot}
    names = ", ".join(c["name"] for c in loot) or "no cards"
    return Outcome(camp, [_event("recruit", f"{new} joins at level {old['level']} in place of {lost}, with {names}.",
                                 hero=new, replaces=lost, cards=[c["id"] for c in loot])])
