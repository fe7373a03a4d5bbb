"""A simple deterministic table player for scripted msm games (tests and benchmarks).

Each cat, in id order: search an unsearched loot square within reach, else attack
the first rat it can hit, else step (prowl/stride) toward its goal: the nearest rat,
or an objective square when the scenario wants one reached. Rats play by the rules.
"""

from __future__ import annotations

from claw.core.errors import IllegalAction
from claw.core.msm import rounds
from claw.core.msm.attack import attack
from claw.core.msm.loot import search
from claw.core.msm.movement import COST, move_cat, move_options
from claw.core.msm.playstate import cats_on_map, rats_on_map
from claw.core.msm.squares import parse_square


def _goal_squares(state, board):
    goals = (state.get("goals") or {}).get("victory", [])
    done = state.get("goals_done", [])
    for g in goals:
        if g["id"] in done:
            continue
        if g["type"] == "search":
            left = [parse_square(s) for s, n in state["loot"]["markers"].items() if n > 0]
            if left:
                return left
        if g["type"] == "reach":
            return [parse_square(s) for s in g.get("squares", [])] + list(board.marker_squares(g.get("marker", "")))
    return [parse_square(f["square"]) for _, f in rats_on_map(state)]


def _distances(board, targets):
    """Walking distance to the nearest target square (terrain and walls only)."""
    from collections import deque

    dist = {t: 0 for t in targets}
    queue = deque(targets)
    while queue:
        sq = queue.popleft()
        x, y = sq
        for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if n not in dist and board.step_open(sq, n):
                dist[n] = dist[sq] + 1
                queue.append(n)
    return dist


def cat_turn(state, board, bestiary, dice):
    """Play every cat once; returns (state, events)."""
    events = []
    for cid in sorted(c for c, _ in cats_on_map(state)):
        if state.get("outcome"):
            break
        fig = state["figures"].get(cid)
        if not fig or fig.get("down") or not fig.get("square"):
            continue
        for _ in range(4):
            fig = state["figures"][cid]
            if state.get("outcome") or fig.get("down") or (fig.get("ap") or 0) <= 0:
                break
            try:
                out = search(state, board, cid, dice)
                state = out.state
                events += out.events
                continue
            except IllegalAction:
                pass
            hit = False
            for rid, _ in sorted(rats_on_map(state)):
                try:
                    out = attack(state, board, bestiary, cid, rid, dice)
                    state = out.state
                    events += out.events
                    hit = True
                    break
                except IllegalAction:
                    continue
            if hit:
                continue
            targets = _goal_squares(state, board)
            if not targets:
                break
            here = parse_square(state["figures"][cid]["square"])
            dist = _distances(board, targets)
            best = None
            far = 10**9
            for mode, squares in move_options(board, state["figures"], cid).items():
                if COST[mode] > state["figures"][cid]["ap"] or mode == "pounce":
                    continue
                for sq in squares:
                    d = dist.get(sq, far)
                    if d < dist.get(here, far) and (best is None or d < best[0]):
                        best = (d, sq, mode)
            if best is None:
                break
            # pay first, as ``claw move`` does: the activation (Vulnerable removed,
            # Toxic Stench checked where the cat stands) belongs before the move
            events += rounds.spend_ap(state, board, cid, COST[best[2]], best[2])
            if state["figures"][cid].get("down"):
                break
            events += move_cat(board, state, cid, best[1], best[2]).events   # in place
        if state.get("active") == cid:
            events += rounds.end_activation(state, cid)
    return state, events


def play(state, board, bestiary, dice, max_rounds=50):
    """Play until victory, defeat or ``max_rounds`` rounds; returns (state, events)."""
    events = []
    while not state.get("outcome") and state["round"]["number"] <= max_rounds:
        if state["phase"] == "cats":
            state, evs = cat_turn(state, board, bestiary, dice)
            events += evs
            if state.get("outcome"):
                break
        state, evs = rounds.step(state, board, dice, bestiary)
        events += evs
    return state, events
