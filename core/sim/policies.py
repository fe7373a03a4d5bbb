"""The shipped policies: ``random`` (a uniform legal action), ``greedy`` (the scripted
players the tests and the benchmark used: tests/msm/autoplay.py and
core/ratcatcher/bot.py, as policies over the legal actions) and ``careful`` (greedy that
ranks attacks by their exact odds and does not end a cat's activation next to a rat;
the Ratcatcher heals first and steps around rats when that costs no distance).

Each works for msm and the Ratcatcher; ``POLICIES[name]`` is the class.
"""

from __future__ import annotations

from collections import deque

from claw.core.sim.protocol import PolicyRandom, Tie, View


class RandomPolicy:
    """Any legal action, uniformly; ties uniformly too."""

    name = "random"

    def reset(self, state: dict, seed: int) -> None:
        self.rng = PolicyRandom(seed)

    def act(self, view: View, legal_actions: list[str]) -> str:
        return self.rng.choice(legal_actions)

    def tie(self, question: Tie) -> str:
        return self.rng.choice(question.options)


class GreedyPolicy:
    """msm: each cat in id order searches, else attacks the first rat it can hit, else
    steps toward its goal (an unsearched loot marker or a square to reach when the goals
    want one, else the nearest rat), else ends its activation. The Ratcatcher: heal when
    hurt, attack rats in its zone, gather cheese from a clear zone, else step toward the
    nearest cheese. Ties: the first option."""

    name = "greedy"

    def reset(self, state: dict, seed: int) -> None:
        self.rng = PolicyRandom(seed)

    def tie(self, question: Tie) -> str:
        return question.options[0]

    def act(self, view: View, legal_actions: list[str]) -> str:
        if view.game == "ratcatcher":
            return self._ratcatcher(view.state, legal_actions)
        return self._msm(view, legal_actions)

    # -- msm --
    def _msm(self, view: View, legal: list[str]) -> str:
        state = view.state
        by_cat: dict[str, list[str]] = {}
        for line in legal:
            words = line.split()
            if len(words) > 1:
                by_cat.setdefault(words[1], []).append(line)
        active = state.get("active")
        order = ([active] if active in by_cat else []) + sorted(c for c in by_cat if c != active)
        for cid in order:
            pick = self._cat_action(view, cid, by_cat[cid])
            if pick is not None:
                return pick
            if cid == active:
                return f"end-activation {cid}"
        return "scenario-step"

    def _cat_action(self, view: View, cid: str, lines: list[str]) -> str | None:
        if f"search {cid}" in lines:
            return f"search {cid}"
        attacks = [line for line in lines if line.startswith("attack ")]
        if attacks:
            return self._pick_attack(view, cid, attacks)
        return self._pick_move(view, cid, [line for line in lines if line.startswith("move ")])

    def _pick_attack(self, view: View, cid: str, attacks: list[str]) -> str:
        return attacks[0]

    def _pick_move(self, view: View, cid: str, moves: list[str]) -> str | None:
        from claw.core.msm.squares import parse_square

        state, board = view.state, view.context.board
        targets = goal_squares(state, board)
        if not targets or not moves:
            return None
        dist = walking_distances(board, targets)
        far = 10**9
        here = dist.get(parse_square(state["figures"][cid]["square"]), far)
        best = None
        for line in moves:
            sq = parse_square(line.split()[2])
            d = dist.get(sq, far)
            if d < here:
                key = self._move_key(view, cid, line, sq, d)
                if best is None or key < best[0]:
                    best = (key, line)
        return best[1] if best else None

    def _move_key(self, view: View, cid: str, line: str, sq, d: int) -> tuple:
        return (d,)

    # -- the Ratcatcher --
    def _ratcatcher(self, state: dict, legal: list[str]) -> str:
        for verb in ("heal", "attack", "gather"):
            if verb in legal:
                return verb
        step = self._step_to_cheese(state, [line.split()[1] for line in legal if line.startswith("move ")])
        return f"move {step}" if step else "scenario-step"

    def _step_to_cheese(self, state: dict, steps: list[str]) -> str | None:
        from claw.core.ratcatcher.city import distances, neighbours

        cheese = [z for z, v in state["zones"].items() if v["cheese"]]
        if not cheese or not steps:
            return None
        adj = neighbours(state)
        best = None
        for n in steps:
            d = distances(adj, n)
            score = (min((d.get(c, 10**6) for c in cheese), default=10**6),) + self._step_extra(state, n)
            if best is None or score < best[0]:
                best = (score, n)
        return best[1] if best else None

    def _step_extra(self, state: dict, zone: str) -> tuple:
        return ()


class CarefulPolicy(GreedyPolicy):
    """Greedy, but msm attacks go to the target with the best exact chance of
    elimination (then of a wound), and a cat's move that would end its activation (no AP
    left) next to a rat comes last among the moves that bring it closer. The Ratcatcher
    prefers, at equal distance to the cheese, a step into a zone without rats."""

    name = "careful"

    def _pick_attack(self, view: View, cid: str, attacks: list[str]) -> str:
        from claw.core.errors import IllegalAction
        from claw.core.msm.attack import attack_chances

        best = None
        for i, line in enumerate(attacks):
            rid = line.split()[2]
            try:
                _w, _m, odds = attack_chances(view.state, view.context.board, view.context.bestiary, cid, rid)
            except IllegalAction:
                continue
            key = (-odds.eliminate, -odds.wound, i)
            if best is None or key < best[0]:
                best = (key, line)
        return best[1] if best else attacks[0]

    def _move_key(self, view: View, cid: str, line: str, sq, d: int) -> tuple:
        from claw.core.msm.movement import COST
        from claw.core.msm.playstate import rats_on_map
        from claw.core.msm.squares import orthogonal_neighbours, parse_square

        fig = view.state["figures"][cid]
        left = (fig["ap"] if fig.get("ap") is not None else fig.get("max_ap", 4)) - COST[line.split()[4]]
        near = {parse_square(f["square"]) for _, f in rats_on_map(view.state)} & set(orthogonal_neighbours(sq))
        return (bool(near) and left <= 0, d)

    def _step_extra(self, state: dict, zone: str) -> tuple:
        from claw.core.ratcatcher.city import any_rat_in

        return (any_rat_in(state, zone),)


POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy, "careful": CarefulPolicy}


def goal_squares(state: dict, board) -> list:
    """Where a cat heads (msm): the first open goal's squares (an unsearched loot marker,
    a square to reach), else every rat on the map."""
    from claw.core.msm.playstate import rats_on_map
    from claw.core.msm.squares import parse_square

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


def walking_distances(board, targets: list) -> dict:
    """Walking distance to the nearest target square (terrain and walls only)."""
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
