"""Victory and defeat ("Scenario Book Rules Layout", F. Objectives).

A scenario may state its objectives as data (``goals`` in the scenario file):
``victory`` goals must all be met; any ``defeat`` goal met loses; all cats down
always loses. Goal types the tool checks:

- ``reach``: a cat (``cats: any``) or every cat (``cats: all``) on one of the
  ``squares`` or on a square with ``marker`` (e.g. O);
- ``eliminate``: ``count`` (default 1) rats of type ``rat`` eliminated, or
  ``all_on_map: true`` — no rat left on the map;
- ``search``: every loot square searched (``all: true``) or ``count`` searches;
- ``rounds``: ``rounds`` rounds completed (survive N rounds, or a time limit
  when listed under defeat);
- ``manual``: the players mark it done (``claw scenario-step --done ID``).

Goals once met stay met (``goals_done``).
"""

from __future__ import annotations

from claw.core.errors import IllegalAction, quoted
from claw.core.msm.playstate import cats_on_map, event, rats_on_map
from claw.core.outcome import Outcome, begin


def _met(state: dict, goal: dict) -> bool:
    kind = goal["type"]
    if kind == "reach":
        from claw.core.msm.squares import square_name

        squares = set(goal.get("squares", []))
        if goal.get("marker"):
            board = _board(state)
            squares |= {square_name(s) for s in board.marker_squares(goal["marker"])}
        cats = list(cats_on_map(state))
        on = [fid for fid, f in cats if f["square"] in squares]
        return bool(cats) and (len(on) == len(cats) if goal.get("cats") == "all" else bool(on))
    if kind == "eliminate":
        if goal.get("all_on_map"):
            return not any(True for _ in rats_on_map(state))
        return state.get("eliminated", []).count(goal["rat"]) >= goal.get("count", 1)
    if kind == "search":
        searched = state.get("loot", {}).get("searched", {})
        if goal.get("all"):
            board = _board(state)
            from claw.core.msm.squares import square_name

            return all(searched.get(square_name(s)) for s in board.marker_squares("L"))
        return sum(len(v) for v in searched.values()) >= goal.get("count", 1)
    if kind == "rounds":
        return state.get("round", {}).get("number", 1) - 1 >= goal["rounds"]
    return False  # manual


def _board(state: dict):
    from claw.core.msm.setup import board_from_state

    return board_from_state(state)


def goal_text(goal: dict) -> str:
    return goal.get("text") or goal["id"]


def check(state: dict, bestiary: dict | None = None) -> list[dict]:
    """Mark goals met now and decide the outcome. Changes ``state`` in place."""
    if state.get("outcome"):
        return []
    events = []
    goals = state.get("goals") or {}
    done = state.setdefault("goals_done", [])
    for side in ("victory", "defeat"):
        for goal in goals.get(side, []):
            if goal["id"] not in done and goal["type"] != "manual" and _met(state, goal):
                done.append(goal["id"])
                events.append(event("goal", f"{'Objective' if side == 'victory' else 'Defeat condition'}"
                                    f" met: {goal_text(goal)}.", goal=goal["id"], side=side))
    cats = [fid for fid, f in state["figures"].items() if f.get("side") == "cat"]
    if cats and all(state["figures"][c].get("down") for c in cats):
        return events + _finish(state, "defeat", "every cat is down")
    lost = [g for g in goals.get("defeat", []) if g["id"] in done]
    if lost:
        return events + _finish(state, "defeat", goal_text(lost[0]))
    wins = goals.get("victory", [])
    if wins and all(g["id"] in done for g in wins):
        return events + _finish(state, "victory", "; ".join(goal_text(g) for g in wins))
    return events


def check_end_of_round(state: dict, bestiary: dict | None = None) -> list[dict]:
    return check(state, bestiary)


def mark_done(state: dict, goal_id: str) -> list[dict]:
    goals = state.get("goals") or {}
    known = {g["id"]: side for side in ("victory", "defeat") for g in goals.get(side, [])}
    if goal_id not in known:
        raise IllegalAction(f"no objective {quoted(goal_id)} in this scenario "
                            f"(objectives: {', '.join(known) or 'none'})")
    done = state.setdefault("goals_done", [])
    if goal_id in done:
        return []
    done.append(goal_id)
    return [event("goal", f"Marked done by the players: {goal_id}.", goal=goal_id, side=known[goal_id])] + check(state)


def players_mark_done(state: dict, goal_id: str) -> Outcome:
    """``claw scenario-step --done ID``: the players mark a manual objective met
    (``mark_done``), on a copy; the outcome is decided as after any action."""
    out = begin(state)
    out.events += mark_done(out.state, goal_id)
    return out


def _finish(state: dict, result: str, why: str) -> list[dict]:
    state["outcome"] = {"result": result, "why": why, "round": state.get("round", {}).get("number")}
    state["phase"] = "over"
    word = "Victory" if result == "victory" else "Defeat"
    return [event("outcome", f"{word}: {why}.", result=result, why=why)]
