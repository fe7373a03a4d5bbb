"""What each msm figure holds, as text for `claw show` (one line a cat) and `claw show ID`
(one figure in full). The data comes from ``claw.core.msm.holdings``."""

from __future__ import annotations

from claw.core.msm.holdings import holdings

SLOT_WORDS = {"weapon": "weapons", "armour": "armour", "loot": "loot"}


def holdings_line(fig: dict) -> str | None:
    """``holds: weapons Brace of Pistols (depleted), Rapier · loot Tome of Fencing``, or
    None for a figure that holds nothing."""
    held = holdings(fig)
    if not held:
        return None
    parts = []
    for slot, word in SLOT_WORDS.items():
        names = [h["name"] + (" (depleted)" if h["depleted"] else "") for h in held if h["slot"] == slot]
        if names:
            parts.append(f"{word} {', '.join(names)}")
    return "holds: " + " · ".join(parts)


def card_terms(card: dict) -> str:
    """A card's printed values in words: ``2 dice, stun 6, wound 8, range 1, 2 hands``."""
    terms = []
    if "dice" in card:
        terms.append(f"{card['dice']} {'die' if card['dice'] == 1 else 'dice'}")
    for key in ("stun", "wound", "range"):
        if key in card:
            terms.append(f"{key} {card[key]}")
    if "hands" in card:
        terms.append(f"{card['hands']} hand{'s' if card['hands'] > 1 else ''}")
    if card.get("modifier"):
        terms.append(f"modifier {card['modifier']:+d}")
    if card.get("heal"):
        terms.append(f"heals {card['heal']}")
    if card.get("once_per_scenario"):
        terms.append("once per scenario")
    if "level" in card:
        terms.append(f"level {card['level']}")
    if card.get("price") is not None:
        terms.append(f"{card['price']} francs")
    return ", ".join(terms)


def figure_sheet(fid: str, fig: dict) -> list[str]:
    """One figure in full: where it is, its state and, for a cat, every card it holds."""
    where = fig.get("square") or "off the map"
    if fig.get("side") != "cat":
        if not fig.get("revealed", True):
            return [f"{fid}: a face-down rat marker on {where} (its type shows when a cat sees it)"]
        status = [s for s in ("stunned",) if fig.get(s)] + [f"{fig.get('wounds', 0)} wound(s)"]
        return [f"{fid}: {fig['type']} on {where}", "  " + ", ".join(status)]
    status = [f"health {fig.get('health', '?')}", f"{fig.get('wounds', 0)} wound(s)"]
    if fig.get("ap") is not None:
        status.append(f"{fig['ap']}/{fig.get('max_ap', '?')} AP")
    status += [s for s in ("stunned", "vulnerable", "down", "activated") if fig.get(s)]
    kind = "" if fig["type"] == fid else f": {fig['type']}"
    lines = [f"{fid}{kind} on {where}", "  " + ", ".join(status),
             f"  level {fig.get('level', 0)}, {fig.get('francs', 0)} francs"]
    if fig.get("skills"):
        lines.append("  skills: " + ", ".join(s if isinstance(s, str) else s.get("name", "?") for s in fig["skills"]))
    held = holdings(fig)
    for slot, word in SLOT_WORDS.items():
        mine = [h for h in held if h["slot"] == slot]
        if not mine:
            lines.append(f"  {word}: none")
            continue
        lines.append(f"  {word}:")
        for h in mine:
            card = h["card"]
            line = f"    {h['name']} ({h['id']}): {card_terms(card)}" + (" — depleted" if h["depleted"] else "")
            lines.append(line)
            if card.get("ability"):
                lines.append(f"      {card['ability']}")
    if fig.get("unarmed"):
        lines.append(f"  unarmed: {card_terms(fig['unarmed'])}")
    return lines
