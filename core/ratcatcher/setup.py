"""Game setup, steps 1–5 of the rulebook's *Game Setup*: a new game state from the
scenario and the content it names (Ratcatcher board, Nemesis board, township deck,
Peculiar Rat deck). Pure: the caller loads the files."""

from __future__ import annotations

import copy

from claw.core.draws import shuffled, take
from claw.core.errors import InvalidInput
from claw.core.outcome import Outcome
from claw.core.ratcatcher.city import COLOURS, zone_id
from claw.core.ratcatcher.sack import SackEmpty
from claw.core.ratcatcher.townships import add_card, connect, explore_targets, populate_tokens, spawn_new_card_rats

STATS = ("attack", "movement", "accuracy", "defence", "wounds", "trap_volume")
NEMESIS_STATS = ("bite", "accuracy", "defence", "wounds", "spawn", "movement_die")


def ratcatcher_state(board: dict) -> dict:
    """Setup 1: dice on the Attack track, movement cube, health cube, Trap tokens."""
    stats = {k: board[k] for k in STATS}
    return {
        "id": board["id"],
        "name": board["name"],
        "zone": None,
        "stats": stats,
        "attack_dice": stats["attack"],
        "movement": stats["movement"],
        "traps": stats["trap_volume"],
        "wounds": board.get("start_wounds", stats["wounds"]),
        "defence_bonus": 0,
        "cheese": 0,
        "health_tokens": 0,
        "upgrades": {u["id"]: 0 for u in board.get("upgrades", [])},
        "unlocked": [],
        "abilities": {
            a["id"]: {"unlocked": a.get("unlocked", False), "max": a["tokens"],
                      "tokens": a["tokens"] if a.get("unlocked", False) else 0}
            for a in board.get("abilities", [])
        },
        "rewards": [],
        "board": {k: copy.deepcopy(board.get(k, [])) for k in ("traps", "abilities", "upgrades")},
    }


def nemesis_state(board: dict) -> dict:
    """Setup 3: the Nemesis waits off the board until the Rat Tracker spawns it."""
    stats = {k: board[k] for k in NEMESIS_STATS if k in board}
    stats.setdefault("movement_die", 6)
    return {
        "id": board["id"], "name": board["name"], "target": board["target"],
        "special": board.get("special", ""), "effect": copy.deepcopy(board.get("effect", {})),
        "stats": stats, "wounds": stats["wounds"],
        "zone": None, "spawned": False, "slain": False, "tracker": copy.deepcopy(board["tracker"]),
    }


def new_game(scenario: dict, character: dict, nemesis: dict, townships: dict, peculiar: dict,
             rules: dict, dice) -> Outcome:
    """Setup steps 1–5: a new game's state and events from the scenario and its content."""
    out = Outcome()
    cards = {str(c["number"]): copy.deepcopy(c) for c in townships["cards"]}
    start = str(rules["start_card"])
    if start not in cards:
        raise InvalidInput(f"the township deck has no start card #{start:0>2}")
    rats = scenario["rats"]
    options = {"rat_speed": 1, "recovery_lowest": "fewest-rats", "tie_township": "number",
               **scenario.get("options", {})}
    pec_cards = {p["id"]: copy.deepcopy(p) for p in peculiar.get("cards", [])}
    state = {
        "scenario": scenario.get("name", ""),
        "rules": copy.deepcopy(rules),
        "options": options,
        "round": 1,
        "phase": "ratcatcher",
        "outcome": None,
        "cards": cards,
        "deck": shuffled(dice, "township", sorted((n for n in cards if n != start), key=int)),
        "city": [],
        "links": [],
        "zones": {},
        "sack": {c: rats[c]["count"] for c in COLOURS},
        "rat_types": {c: {"bite": rats[c]["bite"], "defence": rats[c].get("defence", 0)} for c in COLOURS},
        "question_pool": shuffled(dice, "question", sorted(
            t for t, n in scenario.get("question_tokens", {}).items() for _ in range(n))),
        "peculiar_cards": pec_cards,
        "peculiar_deck": shuffled(dice, "peculiar", sorted(pec_cards)),
        "peculiar": [],
        "ratcatcher": ratcatcher_state(character),
        "nemesis": nemesis_state(nemesis),
        "tracker": 0,
        "traps": {},
        "placed": [],
        "tallyman": {"rats": {c: 0 for c in COLOURS}, "rewards": copy.deepcopy(scenario.get("tallyman", []))},
    }
    rc = state["ratcatcher"]
    out.add("setup", f"{rc['name']} readies {rc['attack_dice']} attack dice, {rc['movement']} movement, "
            f"{rc['wounds']} wounds, {rc['traps']} traps; Nemesis {state['nemesis']['name']} waits", step=1)
    # Step 4: #00 in the centre, two more cards each joined to a free connector. The
    # Ratcatcher token is placed on #00's start zone first (step 5) so that connector
    # choice follows the same order as exploring later.
    start_zone = next((zone_id(start, z["id"]) for z in cards[start]["zones"] if "start" in z.get("slots", [])), None)
    if start_zone is None:
        raise InvalidInput(f"township #{start:0>2} has no start zone")
    rc["zone"] = start_zone
    add_card(state, start)
    for _ in range(rules["setup_townships"]):
        targets = explore_targets(state)
        if not state["deck"] or not targets:
            out.add("setup", "no township card or no free connector left: the city starts smaller", step=4)
            break
        num = take(dice, "township", state["deck"])
        connect(state, num, targets[0], out)
    out.add("setup", f"{rc['name']} stands in the start zone {start_zone}", step=5, zone=start_zone)
    for num in list(state["city"]):
        populate_tokens(state, num, out, dice)
    try:
        for num in list(state["city"]):
            spawn_new_card_rats(state, num, dice, out)
    except SackEmpty:
        pass
    out.state = state
    return out

