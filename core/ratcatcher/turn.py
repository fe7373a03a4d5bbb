"""The round: end of the Ratcatcher's turn, the rats' turn, clean-up, win and loss.

``scenario_step`` is one full step of the cycle after the Ratcatcher has acted:
1.3 explore if the city is short of cheese → check win/loss → 2.1–2.6 → explore →
clean-up → check win/loss → next round's 1.1 recoup. With ``until="spawn"`` it stops
after 2.4 (phase ``rats``), where ``spawn_only`` may play 2.5–2.6 by hand; the next step
goes on from there.
"""

from __future__ import annotations

from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.outcome import Outcome
from claw.core.ratcatcher import rats as R
from claw.core.ratcatcher.city import clone
from claw.core.ratcatcher.player import recoup
from claw.core.ratcatcher.townships import check_connectors, explore


def outcome(state: dict) -> dict | None:
    """*Objective*. Loss is checked first (ruling R12): a Ratcatcher at 0 wounds is dead
    even if the same turn slew the Nemesis."""
    rules, rc, nem = state["rules"], state["ratcatcher"], state["nemesis"]
    if rc["wounds"] <= 0:
        return {"result": "lost", "reason": f"{rc['name']} is reduced to 0 wounds"}
    if state["tracker"] >= rules["lose_cheese"]:
        return {"result": "lost", "reason": f"the rats consumed {state['tracker']} Magic Cheese"}
    if nem["slain"]:
        return {"result": "won", "reason": f"{nem['name']} is slain"}
    if rc["cheese"] >= rules["win_cheese"]:
        return {"result": "won", "reason": f"{rc['name']} gathered {rc['cheese']} Magic Cheese"}
    return None


def _check(state: dict, out: Outcome, when: str) -> bool:
    result = outcome(state)
    if result:
        state["outcome"] = result
        state["phase"] = "over"
        verdict = "VICTORY" if result["result"] == "won" else "DEFEAT"
        out.add("game-over", f"{verdict} at the end of {when}: {result['reason']}", **result)
        return True
    return False


def end_ratcatcher_turn(state: dict, dice, out: Outcome, connectors=None) -> bool:
    """1.3 explore (unless ``claw explore`` took it this turn, ruling R23), then the
    end-of-turn check. In place; True when the game ended."""
    if state.pop("explored_round", None) == state["round"]:
        out.add("explore-done", "1.3: this turn's explore was already taken")
    elif R.below_cheese(state):
        explore(state, dice, out, connectors)
    return _check(state, out, "the Ratcatcher's turn")


def rats_turn(state: dict, dice, out: Outcome, prefer=None, connectors=None, reward=None,
              pause_at_spawn: bool = False) -> bool:
    """2.1–2.6 and clean-up, in place; True when the game ended. ``pause_at_spawn``: stop
    after 2.4 Consume, at the spawn phase (``at_spawn_point``), so the table may play 2.5–2.6
    by hand (``claw spawn``); a rats' turn standing there resumes with 2.5 (ruling R26)."""
    if not at_spawn_point(state):
        state["phase"] = "rats"
        out.add("phase", f"round {state['round']}: the rats' turn")
        R.regenerate(state, out)
        R.move_rats(state, dice, out, prefer)
        R.trigger_traps(state, dice, out)
        R.bites(state, dice, out)
        R.consume(state, dice, out)
        if pause_at_spawn:
            out.add("phase", f"round {state['round']}: the rats have moved, triggered traps, bitten and eaten"
                    " (2.1–2.4); the spawn phase (2.5–2.6) comes next: claw spawn plays it by hand, claw"
                    " scenario-step plays it and ends the rats' turn", point="spawn")
            return False
    if state.pop("spawned_round", None) == state["round"]:
        out.add("spawn-done", f"2.5–2.6: round {state['round']}'s spawn phase was already played (claw spawn)")
    else:
        R.spawn_nemesis(state, out, prefer)
        R.spawn_phase(state, dice, out, reward)
    if R.below_cheese(state):
        explore(state, dice, out, connectors)
    R.clean_up(state, out)
    return _check(state, out, "the rats' turn")


def at_spawn_point(state: dict) -> bool:
    """Whether the rats' turn stands at its spawn phase: 2.1–2.4 are played, 2.5 is next
    (the only state saved in phase ``rats``)."""
    return state.get("phase") == "rats" and not state.get("outcome")


def scenario_step(state: dict, dice, prefer=None, connectors=None, reward=None,
                  until: str | None = None) -> Outcome:
    """End the Ratcatcher's turn, play the rats' turn, and start the next round.

    The player's choices, where the rulebook leaves them to the player: ``prefer`` zones
    (rat path and destination ties, the Nemesis's nest), ``connectors`` for new
    townships, ``reward`` (1-based) for a force tally during rat recovery.
    ``until="spawn"`` stops the rats' turn before its spawn phase (after 2.4); a step
    from there plays 2.5 onwards."""
    if state.get("outcome"):
        raise IllegalAction(f"the game is over: {state['outcome']['result']} ({state['outcome']['reason']})")
    if until not in (None, "spawn"):
        raise UsageError(f"--until takes spawn (stop the rats' turn before 2.5): {quoted(until)}")
    resuming = at_spawn_point(state)
    if resuming and until == "spawn":
        raise IllegalAction(f"round {state['round']}'s rats' turn already stands at its spawn phase: claw spawn"
                            " plays it by hand, claw scenario-step plays it and ends the turn")
    check_connectors(state, connectors)
    out = Outcome(clone(state))
    state = out.state
    connectors = list(connectors or [])
    if resuming:
        out.add("phase", f"round {state['round']}: the rats' turn goes on with the spawn phase (2.5)")
    over = (not resuming and end_ratcatcher_turn(state, dice, out, connectors)) or \
        rats_turn(state, dice, out, prefer, connectors, reward, pause_at_spawn=until == "spawn")
    if connectors and not (until == "spawn" and not over):
        out.add("unused", f"connector(s) {', '.join(connectors)} not used: no more townships were placed",
                connectors=connectors)
    if over or until == "spawn":
        return out
    state["round"] += 1
    state["phase"] = "ratcatcher"
    out.add("phase", f"round {state['round']}: the Ratcatcher's turn")
    recoup(state, out)
    return out


def spawn_only(state: dict, dice, prefer=None, reward=None) -> Outcome:
    """2.5–2.6 alone (``claw spawn``): Nemesis on a pending tracker space, then rats.

    The turn cycle puts the spawn after 2.1 Move, 2.2 Traps, 2.3 Bite and 2.4 Consume, so
    it runs only where the rats' turn stands at its spawn phase (``scenario-step --until
    spawn``), once; the next ``scenario-step`` then skips it (ruling R26)."""
    if state.get("outcome"):
        raise IllegalAction(f"the game is over: {state['outcome']['result']} ({state['outcome']['reason']})")
    if state.get("spawned_round") == state["round"]:
        raise IllegalAction(f"round {state['round']}'s spawn phase was already played (claw spawn): the next"
                            " spawn comes in the next round's rats' turn")
    if not at_spawn_point(state):
        raise IllegalAction("not the time to spawn: the spawn phase (2.5–2.6) comes after the rats' Move, Traps,"
                            " Bite and Consume (2.1–2.4), and this is the Ratcatcher's turn: run claw"
                            " scenario-step --until spawn first")
    out = Outcome(clone(state))
    state = out.state
    state["spawned_round"] = state["round"]
    R.spawn_nemesis(state, out, prefer)
    R.spawn_phase(state, dice, out, reward)
    return out
