"""What a cat holds (Loot Cards; the weapon, armour and loot slots; Depleted weapons), as
data for `claw show`: the CLI renders it, the rules never read it from here."""

from __future__ import annotations

from collections import Counter

SLOTS = ("weapon", "armour", "loot")


def holdings(fig: dict) -> list[dict]:
    """The cards a figure holds, slot by slot: ``{"slot", "id", "name", "card", "depleted"}``
    (``depleted``: a once-per-scenario weapon that has fired its shot). Rats hold none."""
    if fig.get("side") != "cat":
        return []
    spent = Counter(fig.get("depleted") or [])
    out = []
    for card in fig.get("weapons") or []:
        used = spent[card["id"]] > 0
        if used:
            spent[card["id"]] -= 1  # two copies of a card: each fired shot marks one
        out.append({"slot": "weapon", "id": card["id"], "name": card["name"], "card": card, "depleted": used})
    if fig.get("armour"):
        card = fig["armour"]
        out.append({"slot": "armour", "id": card["id"], "name": card["name"], "card": card, "depleted": False})
    for card in fig.get("loot") or []:
        out.append({"slot": "loot", "id": card["id"], "name": card["name"], "card": card, "depleted": False})
    return out
