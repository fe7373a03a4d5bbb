"""What a mouse holds (the Special Search items of the chapter's tiles, its cheese), as
data for `claw show`; the rules that use an item read the state, not this."""

from __future__ import annotations


def item_rules(tiles: dict) -> dict[str, dict]:
    """Each Special Search item of the chapter: item id -> the tile rule that gives it
    (``title``, ``summary``, and the ``tile`` it is found on)."""
    found: dict[str, dict] = {}
    for tile in tiles["tiles"]:
        for rule in tile.get("rules", []):
            if rule.get("kind") == "special-search" and rule.get("item"):
                found.setdefault(rule["item"], {**rule, "tile": tile["id"]})
    return found


def holdings(state: dict, mid: str, tiles: dict) -> list[dict]:
    """A mouse's items, each ``{"item", "title", "summary", "tile"}`` (an item no tile
    names keeps its id as its title). Minions hold nothing."""
    mouse = next((m for m in state["mice"] if m["id"] == mid), None)
    if mouse is None:
        return []
    rules = item_rules(tiles)
    return [{"item": i, "title": rules.get(i, {}).get("title", i), "summary": rules.get(i, {}).get("summary", ""),
             "tile": rules.get(i, {}).get("tile")} for i in mouse["items"]]
