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


def trap_zones(state: dict, words: list[str]) -> list[str]:
    """`trap TRAP <TAB>`: the zones within reach that hold no trap (core's trap_zones)."""
    from claw.core.ratcatcher.player import trap_zones as zones

    return zones(state)


def token_zones(state: dict, words: list[str]) -> list[str] | None:
    """`ability ABILITY <TAB>`: the zones within reach, for an ability that places a token
    (none for one that places nothing)."""
    from claw.core.ratcatcher.player import ability_def, reach_zones

    if not words:
        return None
    try:
        places = ability_def(state, words[0]).get("effect", {}).get("place")
    except Exception:  # noqa: BLE001  no such ability: the kind's names
        return None
    return reach_zones(state) if places else []


def abilities(state: dict, words: list[str]) -> list[str]:
    """`ability <TAB>`: the abilities usable now (core's usable_abilities)."""
    from claw.core.ratcatcher.player import usable_abilities

    return usable_abilities(state)
