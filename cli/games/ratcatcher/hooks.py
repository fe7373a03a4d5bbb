"""The Ratcatcher's knowledge that the shared modules ask for: argument kinds, decks, the
prompt's status line, `claw lookup` tables and the help's turn order (plain data)."""

from __future__ import annotations


def _board(state: dict, part: str) -> list[str]:
    return [x["id"] for x in state.get("ratcatcher", {}).get("board", {}).get(part, [])]


KINDS = {
    # `claw show ID`: the Ratcatcher, the Nemesis and the Peculiar Rats on the board
    "figure": lambda s: [x for x in ((s.get("ratcatcher") or {}).get("id"), (s.get("nemesis") or {}).get("id")) if x]
    + [p["id"] for p in s.get("peculiar", [])],
    "zone": lambda s: list(s.get("zones", {})),
    "trap": lambda s: _board(s, "traps"),
    "ability": lambda s: _board(s, "abilities"),
    "slot": lambda s: _board(s, "upgrades") + _board(s, "abilities"),
}
def _free_connectors(state: dict) -> list[str]:
    from claw.cli.games.ratcatcher.complete import free_connectors

    return free_connectors(state)


# completion only: the city's free connectors (`explore`, `--connector`)
COMPLETE_KINDS = {"connector": _free_connectors}
# a zone, trap, ability or slot the Ratcatcher lacks may exist in the game: a rule, exit 4
IN_PLAY = frozenset({"zone", "trap", "ability", "slot"})

DECKS = {
    "township": "township cards, by number (3, 12, …)",
    "question": '"?" tokens, by what they show (peculiar, nothing, or the token name)',
    "peculiar": "Peculiar Rat cards, by card id",
    "sack": "rats from the Rat Sack, by colour (brown, black, white)",
}


def status(state: dict) -> list[str]:
    return [f"round {state.get('round', '?')}", f"{state.get('phase', '')} phase"]


LOOKUP = {
    "rules": ("ratcatcher/rules.yaml", (), "the rulebook's numbers: sack, cheese, consuming"),
}

TURNS = [
    ("new", "Set up the city from a scenario file.",
     "claw new examples/ratcatcher/first-game.yaml --seed 4 -o game.json"),
    ("show", "Draw the city, boards and trackers.", "claw show"),
    ("move", "Move the Ratcatcher zone by zone.", "claw move 0.b"),
    ("explore", "Take this turn's explore at chosen connectors.", "claw explore 0:e"),
    ("trap", "Deploy a trap here or next door.", "claw trap snare 0.a"),
    ("gather", "Gather Magic Cheese onto an upgrade or ability.", "claw gather"),
    ("ability", "Use a special ability token.", "claw ability smoke"),
    ("odds", "Exact chances of attacking now.", "claw odds"),
    ("attack", "Roll attack dice at the zone and allocate hits.", "claw attack"),
    ("trade", "Trade rats for a Tallyman reward.", "claw trade 2"),
    ("heal", "Spend a collected health token.", "claw heal"),
    ("scenario-step", "End the turn and play the rats' turn.", "claw scenario-step"),
    ("spawn", "Run only the rats' spawn phase.", "claw spawn"),
]

# `claw simulate`: the set-up of a scenario for the engine, and the rulings --option/--vary
# may set (docs/rules/ratcatcher.md; the engine's Ratcatcher options)
SIMULATE_SETUP = "claw.cli.games.ratcatcher.simulate:setup"
SIMULATE_RULINGS = ("rat_speed", "recovery_lowest", "tie_township", "peculiar_bites", "spawn_nests",
                    "browns_count_to_consume")
