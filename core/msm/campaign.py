"""The campaign between scenarios ("Game Structure", "Cat Character Sheet",
"Choose Your Heroes", "Scenario 2 Complete!"): heroes' level, health (9 at the
start, never above 9), cards, francs and skills carried from one scenario to the
next, and the team's scratch tokens.
"""

from __future__ import annotations

import copy

from claw.core.errors import IllegalAction
from claw.core.msm.playstate import START_HEALTH, event
from claw.core.msm.tavern import MAX_HEALTH, resolve_card
from claw.core.outcome import Outcome, begin


def _slug(text: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "-".join("".join(c if c.isalnum() else " " for c in plain.lower()).split())


def starting_weapons(hero: dict, cards: dict[str, dict]) -> list[dict]:
    """The Dramatis Personae weapons a loot file defines (matched by name), at most 2."""
    by_name = {_slug(c["name"]): c for c in cards.values() if c["type"] == "weapon"}
    by_name.update({c["id"]: c for c in cards.values() if c["type"] == "weapon"})
    out: list[dict] = []
    for name in hero.get("weapons", []):
        card = by_name.get(_slug(name))
        if card and len(out) < 2:
            out.append(copy.deepcopy(card))
    return out


def hero_fields(hero_id: str, heroes: dict, cards: dict[str, dict], unarmed: dict | None,
                campaign: dict | None = None) -> dict:
    """Play fields of one cat figure: from the campaign when it has the hero, else a
    new level-0 hero with 9 health and its Dramatis Personae weapons."""
    entry = (campaign or {}).get("heroes", {}).get(hero_id)
    if entry is None:
        fields = {"health": heroes.get("start_health", START_HEALTH), "level": 0, "francs": 0,
                  "weapons": starting_weapons(heroes["heroes"].get(hero_id, {}), cards),
                  "armour": None, "loot": [], "skills": []}
    else:
        fields = {"health": entry["health"], "level": entry["level"], "francs": entry.get("francs", 0),
                  "weapons": [copy.deepcopy(resolve_card(r, cards)) for r in entry.get("weapons", [])],
                  "armour": copy.deepcopy(resolve_card(entry["armour"], cards)) if entry.get("armour") else None,
                  "loot": [copy.deepcopy(resolve_card(r, cards)) for r in entry.get("loot", [])],
                  "skills": copy.deepcopy(entry.get("skills", []))}
        if entry.get("unarmed"):
            fields["unarmed"] = dict(entry["unarmed"])
    if "unarmed" not in fields and unarmed:
        fields["unarmed"] = dict(unarmed)
    fields["down"] = fields["health"] <= 0
    return fields


def campaign_from_state(state: dict, previous: dict | None = None) -> Outcome:
    """The campaign after a scenario (the outcome's ``state``): each hero's health, level,
    cards, francs, skills."""
    camp: dict = copy.deepcopy(previous) if previous else {"kind": "campaign", "game": "msm", "heroes": {}}
    camp.setdefault("heroes", {})
    for fid, fig in state["figures"].items():
        if fig.get("side") != "cat":
            continue
        old = camp["heroes"].get(fid, {})
        entry = {"level": fig.get("level", old.get("level", 0)),
                 "health": max(0, min(MAX_HEALTH, fig.get("health", START_HEALTH))),
                 "francs": fig.get("francs", old.get("francs", 0)),
                 "skills": copy.deepcopy(fig.get("skills", old.get("skills", []))),
                 "weapons": copy.deepcopy(fig.get("weapons") or []),
                 "armour": copy.deepcopy(fig.get("armour")),
                 "loot": copy.deepcopy(fig.get("loot") or [])}
        if fig.get("unarmed"):
            entry["unarmed"] = dict(fig["unarmed"])
        if fig.get("down"):
            entry["down"] = True
        camp["heroes"][fid] = entry
    camp["scratch"] = state.get("scratch_tokens", 0)
    name = state.get("scenario", {}).get("name")
    if name:
        camp.setdefault("played", []).append(name)
    files = state.get("scenario", {}).get("loot_paths")
    if files:
        camp["loot_decks"] = list(files)
    levels = state.get("scenario", {}).get("loot_decks")
    if levels:
        camp["loot_levels"] = list(levels)
    camp.pop("taverne", None)
    outcome = state.get("outcome") or {}
    text = f"The campaign records {len(camp['heroes'])} hero(es) after {name or 'the scenario'}"
    text += f" ({outcome['result']})." if outcome else "."
    return Outcome(camp, [event("campaign", text, heroes=sorted(camp["heroes"]))])


# --- the Taverne between scenarios ("Game Structure", "Taverne du Pélican de Mer") ---------


def enter_taverne(state: dict) -> Outcome:
    """A finished scenario's state moves to the Taverne phase: its campaign part records
    the heroes (``campaign_from_state``) and the visit begins with the events chart. A
    state already there is returned as it is (a copy, no events); an unfinished scenario
    is refused."""
    out = begin(state)
    st = out.state
    if st.get("phase") == "taverne":
        return out
    if not st.get("outcome"):
        raise IllegalAction("the scenario is not over yet: the Taverne comes between scenarios"
                            " (mark manual objectives with claw scenario-step --done ID)")
    recorded = campaign_from_state(st, st.get("campaign"))
    recorded.state["taverne"] = {}
    st["campaign"] = recorded.state
    st["phase"] = "taverne"
    out.events += recorded.events
    out.add("taverne", "The cats visit the Taverne du Pélican de Mer: roll the events chart first"
            " (claw tavern event).")
    return out


def in_taverne(state: dict, action: Outcome) -> Outcome:
    """A Taverne action's outcome (``tavern.py``: its state is the campaign) as an outcome
    on the whole game state, which holds that campaign."""
    out = begin(state)
    out.state["campaign"] = action.state
    out.events += action.events
    out.info.update(action.info)
    return out


# --- the campaign's cards against its loot decks ---------------------------------------------


def card_refs(campaign: dict):
    """(path in the campaign, reference) of every card its heroes hold: an id, or the card
    itself written out in full."""
    heroes = campaign.get("heroes")
    for hid, hero in (heroes.items() if isinstance(heroes, dict) else ()):
        if not isinstance(hero, dict):
            continue
        for slot in ("weapons", "loot"):
            held = hero.get(slot)
            for i, ref in enumerate(held if isinstance(held, list) else ()):
                yield ("heroes", hid, slot, i), ref
        if hero.get("armour"):
            yield ("heroes", hid, "armour"), hero["armour"]


def unknown_cards(campaign: dict, cards: dict[str, dict]) -> list[tuple[tuple, str]]:
    """Card ids a campaign's heroes hold that neither ``cards`` (the loot decks' cards by
    id) nor a card the campaign writes out in full defines. `claw new --campaign` refuses
    such a campaign and `claw validate` reports it; both ask this function."""
    written = {ref.get("id") for _, ref in card_refs(campaign) if isinstance(ref, dict)}
    return [(path, ref) for path, ref in card_refs(campaign)
            if isinstance(ref, str) and ref not in cards and ref not in written]
