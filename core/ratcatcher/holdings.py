"""What the Ratcatcher holds (Character Board: potions as special-ability tokens, the
upgrade slots and the Magic Cheese allocated to them, health tokens, Peculiar Rat reward
cards), as data for `claw show`; the rules read the state itself."""

from __future__ import annotations


def holdings(state: dict) -> dict:
    """``{"potions": [...], "upgrades": [...], "health_tokens", "reward_cards": [...]}``:
    each potion ``{"id", "name", "colour", "tokens", "max", "unlocked", "text"}``, each
    upgrade ``{"id", "name", "cheese", "cost", "unlocked"}``, each card ``{"id", "name",
    "rewards"}``."""
    rc = state["ratcatcher"]
    potions = [{"id": a["id"], "name": a["name"], "colour": a.get("colour"), "text": a.get("text", ""),
                "tokens": rc["abilities"][a["id"]]["tokens"], "max": rc["abilities"][a["id"]]["max"],
                "unlocked": rc["abilities"][a["id"]]["unlocked"]} for a in rc["board"]["abilities"]]
    upgrades = [{"id": u["id"], "name": u["name"], "cheese": rc["upgrades"].get(u["id"], 0), "cost": u["cost"],
                 "unlocked": u["id"] in rc["unlocked"]} for u in rc["board"]["upgrades"]]
    cards = [{"id": cid, "name": state["peculiar_cards"][cid]["name"],
              "rewards": state["peculiar_cards"][cid].get("rewards", [])} for cid in rc["rewards"]]
    return {"potions": potions, "upgrades": upgrades, "health_tokens": rc["health_tokens"], "reward_cards": cards}
