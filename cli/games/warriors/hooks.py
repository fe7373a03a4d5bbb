"""Warriors' knowledge that the shared modules ask for: argument kinds (cats, and the
herb, knack and prey tables), the prompt's status line, `claw lookup` tables and the
help's turn order (plain data)."""

from __future__ import annotations

KINDS = {
    "figure": lambda s: list(s.get("cats", {})),
    "cat": lambda s: list(s.get("cats", {})),
}
# kinds named by a data table, not the state: (data file, key of its rows); aliases accepted
TABLE_KINDS = {
    "herb": ("warriors/herbs.json", "herbs"),
    "knack": ("warriors/knacks.json", "knacks"),
    "prey": ("warriors/prey.json", "prey"),
}

DECKS: dict[str, str] = {}
NO_DECKS = "Warriors has no decks or bags: its rules draw nothing but dice"


def status(state: dict) -> list[str]:
    parts = [f"day {state.get('day', 0)}"]
    fight = state.get("fight")
    if isinstance(fight, dict):
        order, turn = fight.get("order") or [], fight.get("turn")
        whose = order[turn] if isinstance(turn, int) and 0 <= turn < len(order) else None
        parts.append(f"fight round {fight.get('round', 1)}" + (f": {whose}'s turn" if whose else ""))
    return parts


LOOKUP = {
    "knacks": ("warriors/knacks.json", ("knacks",), "knacks: cost, bonus, what they apply to"),
    "prey": ("warriors/prey.json", ("prey",), "the prey difficulty table"),
    "herbs": ("warriors/herbs.json", ("herbs",), "herbs: where they grow, their uses"),
    "diseases": ("warriors/diseases.json", ("diseases", "injuries"),
                 "diseases and injuries: deadline, remedy, what they block"),
    "age-table": ("warriors/age-table.json", ("moons",), "gains by age in moons"),
    "clans": ("warriors/clans.json", ("clans",), "the Clans and their bonuses"),
    "ranks": ("warriors/ranks.json", ("ranks",), "ranks (flavour only)"),
    "skills": ("warriors/skills.json", ("skills",), "skills and their abilities"),
    "abilities": ("warriors/abilities.json", ("abilities",), "the three abilities"),
    "rations": ("warriors/rations.json", ("weights",), "catch weights and rations"),
}
LOOKUP_ALIASES = {"herb": "herbs", "disease": "diseases", "knack": "knacks", "age": "age-table"}

TURNS = [
    ("new", "Build the party from character files.",
     "claw new examples/warriors/emberpaw.yaml examples/warriors/bramble.yaml --seed 7 -o game.json"),
    ("show", "Show the party's HP, pools, skills and knacks.", "claw show"),
    ("check", "Make a check: 3d6 + ability + skill.", "claw check emberpaw see --vs 12"),
    ("refresh", "Refresh ability-point pools.", "claw refresh emberpaw"),
    ("knack", "Use a knack outside a check.", "claw knack emberpaw leap --uses 2"),
    ("hunt", "Hunt prey: Locate, Approach, Grab, Kill.", "claw hunt emberpaw vole --odds"),
    ("eat", "Eat a piece of the fresh-kill pile (or crowfood, with --crowfood).", "claw eat emberpaw"),
    ("fight", "Start a fight and roll initiative.", "claw fight emberpaw bramble"),
    ("attack", "Swat, pounce or bite in a fight.", "claw attack emberpaw bramble"),
    ("gather", "Gather herbs into the herb stock.", "claw gather emberpaw catmint"),
    ("heal", "A healing check, natural healing or herbs.", "claw heal emberpaw --natural"),
    ("scenario-step", "One sunrise: healing, illness, sprains.", "claw scenario-step"),
    ("grow", "Choose a cat's pending age-table gains.", "claw grow emberpaw --knack leap"),
    ("gm", "The GM's rulings: damage, disease, cure, sprain.", 'claw gm emberpaw --damage 3 --reason "a fall"'),
    ("animal", "The GM adds a wild animal opponent.",
     "claw animal fox --strength 6 --intelligence 3 --spirit 4 --hp 8"),
]
