"""The Ratcatcher for the simulator: the player's legal actions as ``claw play`` lines and
applying a line through the core functions the CLI's handlers call.

Offered: ``heal``, ``attack`` (all remaining dice at the current zone), ``gather``,
``move ZONE`` (one step) and ``scenario-step`` (the turn ends; the rats play). Traps,
abilities, trades and an early explore are not offered.
"""

from __future__ import annotations

from claw.core.errors import IllegalAction
from claw.core.ratcatcher import player
from claw.core.ratcatcher.city import any_rat_in, neighbours
from claw.core.ratcatcher.turn import scenario_step

GAME = "ratcatcher"


def context(state: dict, _data=None) -> None:
    return None


def deciding(state: dict) -> bool:
    return state["phase"] == "ratcatcher" and not state.get("outcome")


def legal_actions(state: dict, ctx=None) -> list[str]:
    out: list[str] = []
    rc = state["ratcatcher"]
    if rc["wounds"] > 0:
        zone = rc["zone"]
        if rc["health_tokens"] and rc["wounds"] < rc["stats"]["wounds"]:
            out.append("heal")
        if rc["attack_dice"] and any_rat_in(state, zone):
            out.append("attack")
        if state["zones"][zone]["cheese"] and not any_rat_in(state, zone):
            out.append("gather")
        if rc["movement"]:
            for n in neighbours(state).get(zone, []):
                try:
                    player.move(state, [n])
                except IllegalAction:
                    continue
                out.append(f"move {n}")
    out.append("scenario-step")
    return out


def apply(state: dict, ctx, line: str, dice, choose=None) -> tuple[dict, list, str]:
    words = line.split()
    verb = words[0]
    if verb == "scenario-step":
        out = scenario_step(state, dice, [], [], None)
    elif verb == "attack":
        out = player.attack(state, dice, None, None)
    elif verb == "move":
        out = player.move(state, [words[1]])
    elif verb == "gather":
        out = player.gather(state, None)
    elif verb == "heal":
        out = player.heal(state)
    else:
        raise IllegalAction(f"not an action the simulator plays: {line}")
    return out.state, list(out.events), line


def outcome(state: dict) -> str | None:
    out = state.get("outcome")
    return out["result"] if out else None


def round_number(state: dict) -> int:
    return state["round"]


def _rats(state: dict) -> dict[str, int]:
    from claw.core.ratcatcher.city import common_count

    return {z: common_count(v) for z, v in state["zones"].items()}


def falls(before: dict, after: dict, ctx=None, line: str = "") -> list[tuple[str, str]]:
    """Common rats the Ratcatcher's attacks take out, and the Ratcatcher falling, by
    township card (the number before the zone's dot)."""
    out: list[tuple[str, str]] = []
    if line == "attack":
        b, a = _rats(before), _rats(after)
        for zone, n in b.items():
            out.extend(("rat", zone.split(".")[0]) for _ in range(max(0, n - a.get(zone, 0))))
    if before["ratcatcher"]["wounds"] > 0 >= after["ratcatcher"]["wounds"]:
        out.append(("ratcatcher", before["ratcatcher"]["zone"].split(".")[0]))
    return out
