"""Tab completion in the situation, for The Ratcatcher: the ``among`` hooks of the specs
(claw.cli.framework.spec.Arg) and the completion-only kinds. Loaded only when completing."""

from __future__ import annotations


def next_zones(state: dict, words: list[str]) -> list[str] | None:
    """`move ZONE... <TAB>`: the zones next to where the path typed so far ends (the
    Ratcatcher's zone at first), while movement is left; the move checks the same."""
    from claw.core.ratcatcher.city import neighbours

    rc = state["ratcatcher"]
    if len(words) >= rc.get("movement", 0):
        return []
    return neighbours(state).get(words[-1] if words else rc["zone"], [])


def free_connectors(state: dict) -> list[str]:
    """`explore <TAB>`, `--connector <TAB>`: the connectors of the city not yet joined."""
    from claw.core.ratcatcher.city import free_connectors as free

    return free(state) if state.get("city") else []
