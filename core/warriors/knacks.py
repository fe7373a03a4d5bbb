"""Knack costs, bonuses and limits (rulebook: Knacks, Using Knacks). Knacks are
never automatic: each use is asked for and paid from the pools."""

from __future__ import annotations

from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.warriors.rules import Rules


def level(cat: dict, knack: str) -> int:
    """How many times the cat has chosen ``knack`` (0: unknown)."""
    return cat["knacks"].get(knack, 0)


def cost(rules: Rules, knack: str, lvl: int) -> dict:
    """Cost of one use at the cat's level (some repeats lower it or change the pool)."""
    row = rules.knacks[knack]
    by = row.get("cost_by_level", {})
    for n in range(lvl, 1, -1):
        if str(n) in by:
            return by[str(n)]
    return row["cost"]


def bonus(rules: Rules, knack: str, lvl: int) -> int:
    """Bonus of one use at the cat's level (0 for knacks that add none)."""
    b = rules.knacks[knack].get("bonus")
    if not b:
        return 0
    return b["base"] + b["per_level"] * (lvl - 1)


def require(cat: dict, rules: Rules, knack: str, uses: int = 1) -> int:
    """The cat's level in ``knack``; refuses unknown knacks and too many uses."""
    lvl = level(cat, knack)
    if not lvl:
        raise IllegalAction(f"{cat['name']} does not know the {rules.knacks[knack]['name']} knack: {knack}")
    limit = rules.knacks[knack]["uses_per_check"]
    if uses < 1:
        raise UsageError(f"knack uses must be 1 or more: {knack}:{uses}")
    if limit is not None and uses > limit:
        raise IllegalAction(f"{rules.knacks[knack]['name']} can be used at most {limit} time(s) on one check: "
                            f"{knack}:{uses}")
    return lvl


def applies_to(rules: Rules, knack: str, skill: str | None, ability: str) -> bool:
    """Whether a bonus knack may add to a check of this skill (or plain ability)."""
    ap = rules.knacks[knack].get("applies")
    if not ap:
        return False
    if skill is not None:
        return skill in ap["skills"]
    return ability in ap["abilities"]


def parse_uses(text: str, rules: Rules) -> tuple[str, int]:
    """``track`` or ``track:2`` (two paid uses) -> (id, uses)."""
    name, _, n = text.partition(":")
    knack = rules.lookup("knack", name)
    if not n:
        return knack, 1
    try:
        return knack, int(n)
    except ValueError:
        raise UsageError(f"knack uses must be a whole number: {quoted(text)}") from None


# what a knack used on its own does, in words, where the table's effect is too general
def _effect(knack: str, uses: int, lvl: int, row: dict) -> str:
    return {"leap": f"the Pounce reaches up to {uses} more body length(s); the landing is uncontrolled",
            "pathfinder": f"{'two answers' if lvl >= 2 else 'one answer'}: distance, direction or nearby known places",
            "yowl": "one simple call heard by cats within range"}.get(knack, row["effect"])


def used_alone(rules: Rules, knack: str) -> bool:
    """Whether ``knack`` is used on its own (`claw knack`), not in a check or a fight; Yowl's
    call is both."""
    return rules.knacks[knack]["kind"] not in ("check", "fight") or knack == "yowl"


def choosable(cat: dict, rules: Rules) -> list[str]:
    """The knacks ``cat`` may use on its own now: those it knows that are used alone (what
    `claw knack CAT <TAB>` offers)."""
    return [k for k, lvl in cat["knacks"].items() if lvl and k in rules.knacks and used_alone(rules, k)]


def use(state: dict, rules: Rules, cat_id: str, knack: str, uses: int = 1, convert_from: list | None = None):
    """A knack used outside checks and fights (Dash, Leap, Spring, Pathfinder, Interpret
    Dreams, Yowl's call; Using Knacks: "triggered only when you spend Ability points"):
    paid from the pools, its effect told. A knack that adds to a check or a fight is
    used there instead; a cat that is not up cannot. Returns an Outcome."""
    from claw.core.outcome import begin
    from claw.core.warriors.points import describe, pay
    row = rules.knacks[knack]
    if not used_alone(rules, knack):
        where = "a check (claw check ... --knack)" if row["kind"] == "check" else "a fight (claw attack ... --knack)"
        raise IllegalAction(f"{row['name']} is used in {where}: {knack}")
    out = begin(state)
    cat = out.state["cats"][cat_id]
    if cat["status"] != "ok":
        raise IllegalAction(f"{cat['name']} is {cat['status']}: {cat['id']}")
    lvl = require(cat, rules, knack, uses)
    c = cost(rules, knack, lvl)
    cat["pools"], parts = pay(cat["pools"], c["ability"], c["points"] * uses, convert_from, cat["name"], row["name"])
    out.add("knack", f"{cat['name']} uses {row['name']}" + (f" x{uses}" if uses > 1 else "")
            + f" (paid {describe(parts)}): {_effect(knack, uses, lvl, row)}", cat=cat_id, knack=knack, uses=uses,
            paid=parts)
    return out
