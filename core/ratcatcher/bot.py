"""A simple scripted Ratcatcher for whole-game tests and the benchmark.

Policy each turn: attack rats in the current zone while dice remain; gather a cheese
when the zone is clear; otherwise walk toward the nearest cheese; heal when hurt. It
plays legal moves only, through the same public functions the CLI uses.
"""

from __future__ import annotations

from claw.core.errors import IllegalAction
from claw.core.outcome import Outcome
from claw.core.ratcatcher import player
from claw.core.ratcatcher.city import any_rat_in, distances, neighbours
from claw.core.ratcatcher.turn import scenario_step


def play_turn(state: dict, dice) -> Outcome:
    """One Ratcatcher turn by the scripted policy (module docstring): the state after it
    and the events of every action (``state`` itself when no action was taken)."""
    out = Outcome(state)
    for _ in range(50):
        state = out.state
        rc = state["ratcatcher"]
        if state.get("outcome") or rc["wounds"] <= 0:
            break
        zone = rc["zone"]
        if rc["health_tokens"] and rc["wounds"] < rc["stats"]["wounds"]:
            out.extend(player.heal(state))
        elif any_rat_in(state, zone) and rc["attack_dice"]:
            out.extend(player.attack(state, dice))
        elif state["zones"][zone]["cheese"] and not any_rat_in(state, zone):
            out.extend(player.gather(state))
        elif rc["movement"]:
            step = _step_to_cheese(state)
            if step is None:
                break
            out.extend(player.move(state, [step]))
        else:
            break
    return out


def _step_to_cheese(state: dict) -> str | None:
    adj = neighbours(state)
    here = state["ratcatcher"]["zone"]
    cheese = [z for z, v in state["zones"].items() if v["cheese"]]
    if not cheese:
        return None
    best = None
    for n in adj.get(here, []):
        d = distances(adj, n)
        score = min((d.get(c, 10**6) for c in cheese), default=10**6)
        if best is None or score < best[0]:
            best = (score, n)
    return best[1] if best else None


def play_round(state: dict, dice) -> Outcome:
    """The scripted turn, then ``scenario_step`` for the rats."""
    out = play_turn(state, dice)
    if out.state.get("outcome"):
        return out
    try:
        return out.extend(scenario_step(out.state, dice))
    except IllegalAction:
        return out
