"""The Cats of Mont Saint-Michel's knowledge that the shared modules ask for: the names
each argument kind takes in a state, the decks the table may draw from, the prompt's
status line, the rulebook tables `claw lookup` reads, and the help's turn order.

Plain data and small functions (no imports at the top) so that asking costs nothing."""

from __future__ import annotations


def _figures(state: dict, side: str | None = None) -> list[str]:
    return [fid for fid, f in state.get("figures", {}).items() if side is None or f.get("side") == side]


def _cards(state: dict) -> list[str]:
    cards = []
    for fig in state.get("figures", {}).values():
        for slot in ("weapons", "loot"):
            cards += [c["id"] for c in fig.get(slot) or [] if isinstance(c, dict)]
        if isinstance(fig.get("armour"), dict):
            cards.append(fig["armour"]["id"])
    for lying in state.get("loot", {}).get("table", {}).values():
        cards += [c["id"] for c in lying if isinstance(c, dict)] if isinstance(lying, list) else []
    return cards


def _squares(state: dict) -> list[str]:
    from claw.cli.framework.kinds import square_names

    return square_names(state)


# argument kind → the names it takes in a state (claw.cli.framework.kinds)
KINDS = {
    "figure": _figures,
    "cat": lambda s: _figures(s, "cat"),
    "rat": lambda s: _figures(s, "rat"),
    "card": _cards,
}
# completion only: sets too large or too loose to refuse a word by
_S = "claw.cli.games.msm.complete"


def _complete(name: str):
    """A chooser of claw.cli.games.msm.complete, imported when first asked."""
    def chooser(state: dict) -> list[str]:
        import importlib

        return getattr(importlib.import_module(_S), name)(state)

    return chooser


COMPLETE_KINDS = {
    "square": _squares,
    "place": lambda s: _figures(s) + _squares(s),
    "spawn-letter": _complete("spawn_letters"),
    "entry": _complete("entries"),
    "tavern-action": _complete("tavern_actions"),
}
# kinds whose names are what is in play now (a card still in the loot deck: exit 4)
IN_PLAY = frozenset({"card"})

# `--draw DECK=CARD`: every deck the rules draw from (the names core passes to claw.core.draws)
DECKS = {
    "rats": "rat markers drawn from the pool or turned over when revealed, by rat type (roach, …)",
    "loot": "loot cards, by card id",
    "shop": "the tavern's shop cards, by card id",
}


def status(state: dict) -> list[str]:
    """Round, phase and whose turn it is (the `claw play` prompt)."""
    round_ = state.get("round") or {}
    parts = [f"round {round_.get('number', '?')}", str(state.get("phase", ""))]
    turn = (round_.get("initiative") or {}).get("first") if state.get("phase") == "initiative" else None
    if state.get("active"):
        parts.append(f"active {state['active']}")
    elif turn:
        parts.append(f"{turn} first")
    return parts


def board_focus(state: dict) -> str | None:
    """Where the full-screen `claw play` draws a board too tall for its pane (`show --around`):
    the active cat, else the first cat still standing."""
    figures = state.get("figures", {})
    if state.get("active") in figures:
        return str(state["active"])
    cats = [fid for fid, f in figures.items() if f.get("side") == "cat" and f.get("square")]
    return cats[0] if cats else None


# `claw lookup`: table → (data file, the keys holding its rows, what it is)
LOOKUP = {
    "bestiary": ("msm/bestiary.yaml", ("rats",), "the rat army: health, AP, powers, attacks"),
    "powers": ("msm/bestiary.yaml", ("powers",), "what each rat power does"),
    "entries": ("msm/entries.yaml", ("entries",), "the rulebook's numbered entries"),
    "tavern-events": ("msm/tavern-events.yaml", ("events",), "the Taverne's events chart (1d12)"),
    "heroes": ("msm/heroes.yaml", ("heroes",), "the four heroes of Dramatis Personae"),
    "cat-skills": ("msm/skills.yaml", ("levels",), "skills by level"),
}
LOOKUP_ALIASES = {"events": "tavern-events", "tavern": "tavern-events", "entry": "entries", "rats": "bestiary"}
LOOKUP_GAME_ALIASES = {"skills": "cat-skills"}  # with --game msm only: another game's table is `skills`

# `claw help msm`: the verbs in the order a turn uses them, each with one example
TURNS = [
    ("new", "Start a scenario from its file.", "claw new examples/msm/scenario-2.yaml --seed 7 -o game.json"),
    ("scenario-step", "Play the automatic phases up to the cats' turn.", "claw scenario-step --until cats"),
    ("activate", "Start a cat's activation.", "claw activate nera"),
    ("moves", "List the squares a cat may reach now.", "claw moves nera"),
    ("move", "Move a cat by prowl, stride or pounce.", "claw move leon B4"),
    ("los", "Check line of sight and range.", "claw los nera rat-3"),
    ("attack", "Attack a rat with a cat's weapon.", "claw attack leon rat-3"),
    ("search", "Search a loot square for a card.", "claw search adara"),
    ("pickup", "Pick up a card lying in the big square.", "claw pickup nera brace-of-pistols"),
    ("trade", "Give a card to a cat in the same big square.", "claw trade nera tanto adara"),
    ("equip", "Move a card between the loot and equipment slots.", "claw equip nera tanto"),
    ("remove-stun", "Spend 1 AP to remove a cat's stun.", "claw remove-stun leon"),
    ("reload", "Guy reloads both pistols with one big action.", "claw reload guy"),
    ("scratch", "Show, take or spend scratch tokens.", "claw scratch --take"),
    ("end-activation", "End the active cat's activation.", "claw end-activation"),
    ("rats", "Show the rats' activation order and next steps.", "claw rats"),
    ("spawn", "Spawn rats on chosen spawn squares.", "claw spawn S1"),
    ("entry", "Read a rulebook entry; one the scenario names (or --apply) takes effect.", "claw entry 4"),
    ("show", "Draw the board and trackers.", "claw show"),
    ("tavern", "Between scenarios: events, shop, levels.", "claw tavern event"),
    ("heal", "Spend healing salves in the Taverne.", "claw heal guy"),
]

# `claw simulate`: the set-up of a scenario for the engine, and the rulings --option/--vary
# may set (docs/rules/msm.md; the engine's msm options)
SIMULATE_SETUP = "claw.cli.games.msm.simulate:setup"
SIMULATE_RULINGS = ("roaches", "pounce", "big_action", "cat_stun", "rat_wall")
