"""The end-of-game summary in words (claw.core.summary's data): a head line with the
outcome, then one line per part (fallen, removed, wounds, loot, dice)."""

from __future__ import annotations

_PARTS = (("fallen", "Fallen"), ("removed", "Removed"), ("wounds", "Wounds"), ("loot", "Loot"))


def summary_lines(doc: dict) -> list[str]:
    when = f" after {doc['rounds']} round{'s' if doc['rounds'] != 1 else ''}" if doc.get("rounds") else \
        (f" ({doc['time']})" if doc.get("time") else "")
    why = f": {doc['why']}" if doc.get("why") else ""
    lines = [f"Game over, {doc['result']}{when}{why}."]
    for key, title in _PARTS:
        items = doc.get(key) or {}
        if not items:
            continue
        sep = ": " if key == "loot" else " "
        lines.append(f"  {title}: " + "; ".join(f"{name}{sep}{value}" for name, value in items.items()))
    lines.append("  Dice: " + dice_text(doc.get("dice") or {}))
    return lines


def dice_text(dice: dict) -> str:
    n = dice.get("n", 0)
    if not n:
        return "none rolled."
    kinds = ", ".join(f"{k['n']} {name} (mean {k['mean']:g}, expected {k['expected']:g})"
                      for name, k in dice.get("kinds", {}).items())
    source = f"{dice.get('seeded', 0)} seeded, {dice.get('typed', 0)} typed at the table"
    z = dice.get("z")
    if z is None:
        verdict = "too few dice to judge the luck"
    elif abs(z) < 2:
        verdict = f"as chance would have it (z = {z:+.2f})"
    else:
        verdict = f"rolled {'high' if z > 0 else 'low'}, more than chance usually gives (z = {z:+.2f})"
    return f"{kinds}; {source}; {verdict}."
