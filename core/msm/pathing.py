"""Rat path-finding ("Rat Actions", "Les Cafard", "Roaches Are Different",
"Tied for Closest").

A rat's closest cat is the one it could be moved adjacent to (no diagonals) in the
fewest single-square moves; a roach counts the moves onto the cat's square, since it
stacks. Blocking squares and walls stop every rat. Every move of a rat ends on a
square, so a rat that cannot stack (any rat but a revealed roach) can neither end
on nor pass through a square holding another figure; a roach may enter any square.

One reverse search per mover kind (roach / other) from every cat's goal squares gives,
for every square, the distance to the nearest cat and the set of cats tied at that
distance (a bitmask), so all rats are planned with two searches per activation instead
of one per rat per cat. The search runs on bitboards (``_Field``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from claw.core.msm.board import Board
from claw.core.msm.figures import acts_as_roach, is_cat, is_rat, occupants, square_of
from claw.core.msm.squares import Square, orthogonal_neighbours, square_name


@dataclass
class RatPlan:
    """Where one rat goes: its distance to the closest cat(s) and its tied first steps."""

    rat: str
    square: Square
    distance: int | None                 # moves to reach a cat; None: no cat reachable
    cats: list[str] = field(default_factory=list)    # closest cats, tied (default first)
    steps: list[Square] = field(default_factory=list)  # first squares on a shortest path, tied
    steps_for: dict[str, list[Square]] = field(default_factory=dict)  # per closest cat

    def to_json(self) -> dict:
        return {"rat": self.rat, "square": square_name(self.square), "distance": self.distance,
                "cats": self.cats, "steps": [square_name(s) for s in self.steps]}


def step_graph(board: Board) -> list[list[int]]:
    """Per square index ``y * width + x``: the open orthogonal neighbours a figure may
    step to (no wall between, not blocking). Cached on the board."""
    graph = board._step_graph
    if graph is None:
        w, h = board.width, board.height
        graph = [[] for _ in range(w * h)]
        for y in range(h):
            for x in range(w):
                k = y * w + x
                if board.blocked[k]:
                    continue
                out = graph[k]
                for nx, ny, wall in ((x, y - 1, (x, y) in board.h_walls), (x + 1, y, (x + 1, y) in board.v_walls),
                                     (x, y + 1, (x, y + 1) in board.h_walls), (x - 1, y, (x, y) in board.v_walls)):
                    if 0 <= nx < w and 0 <= ny < h and not wall and not board.blocked[ny * w + nx]:
                        out.append(ny * w + nx)
        board._step_graph = graph
    return graph


def _move_masks(board: Board) -> tuple[int, int, int, int, int]:
    """Bitboards over square indices (bit ``y * width + x``): the squares a figure may
    leave eastward, westward, southward, northward, and every open square. Cached."""
    masks = board._move_masks
    if masks is None:
        w = board.width
        east = west = south = north = open_ = 0
        for k, out in enumerate(step_graph(board)):
            if not board.blocked[k]:
                open_ |= 1 << k
            for j in out:
                if j == k + 1:
                    east |= 1 << k
                elif j == k - 1:
                    west |= 1 << k
                elif j == k + w:
                    south |= 1 << k
                else:
                    north |= 1 << k
        masks = board._move_masks = (east, west, south, north, open_)
    return masks


class _Field:
    """Distances from each cat's goal squares, one breadth-first search per cat done on
    bitboards: a whole frontier advances with a few big-integer shifts and masks, which
    is several times faster in Python than visiting squares one by one. ``layers[c][d]``
    holds every square within ``d`` moves of cat ``c``'s goals."""

    def __init__(self, board: Board, goals: list[tuple[int, int]], passable: int, wanted: int = 0) -> None:
        """``wanted``: the squares that will be asked about; a search stops once it has
        reached them all (squares it has not reached then read as unreachable)."""
        east, west, south, north, _ = _move_masks(board)
        w = board.width
        # keep only moves that land on a passable square, once, instead of per layer
        east, west = east & (passable >> 1), west & (passable << 1)
        south, north = south & (passable >> w), north & (passable << w)
        wanted &= passable
        self.layers: list[tuple[int, list[int]]] = []
        for bit, start in goals:
            seen = frontier = start
            unseen = passable & ~start
            layers = [start]
            while frontier and (not wanted or wanted & unseen):
                frontier = (((frontier & east) << 1) | ((frontier & west) >> 1)
                            | ((frontier & south) << w) | ((frontier & north) >> w)) & unseen
                if frontier:
                    unseen ^= frontier
                    seen |= frontier
                    layers.append(seen)
            self.layers.append((bit, layers))

    @staticmethod
    def _depth(layers: list[int], k: int) -> int:
        if not (layers[-1] >> k) & 1:
            return -1
        lo, hi = 0, len(layers) - 1
        while lo < hi:  # the layers only grow, so the first one holding k is its distance
            mid = (lo + hi) // 2
            if (layers[mid] >> k) & 1:
                hi = mid
            else:
                lo = mid + 1
        return lo

    def at(self, k: int) -> tuple[int, int]:
        """(distance to the nearest cat's goal or -1, bitmask of the cats tied there)."""
        best, mask = -1, 0
        for bit, layers in self.layers:
            d = self._depth(layers, k)
            if d < 0:
                continue
            if best < 0 or d < best:
                best, mask = d, bit
            elif d == best:
                mask |= bit
        return best, mask


def rat_distances(board: Board, figures: dict, rats: list[str] | None = None, *,
                  walls_separate: bool = False) -> dict[str, RatPlan]:
    """Plans for the given rats (default: every rat on the map), from one search per kind.

    ``walls_separate``: a wall between a rat and a cat makes them not adjacent, so a rat
    goes round to an open side instead of parking behind the wall (ruling 9's option;
    the default counts adjacency by position alone, as *Adjacency* defines it)."""
    cats = [fid for fid, f in figures.items() if is_cat(f) and f.get("square") and not f.get("down")]
    bit = {fid: 1 << i for i, fid in enumerate(cats)}
    cat_sq = {fid: square_of(figures[fid]) for fid in cats}
    occupied = occupants(figures)
    rat_ids = rats if rats is not None else [fid for fid, f in figures.items() if is_rat(f) and f.get("square")]

    def open_sq(sq: Square) -> bool:
        return 0 <= sq[0] < board.width and 0 <= sq[1] < board.height and not board.is_blocking(sq)

    w = board.width
    free = _move_masks(board)[4]
    taken = 0
    for (x, y) in occupied:
        taken |= 1 << (y * w + x)
    empty = free & ~taken

    graph = step_graph(board)
    wanted = 0  # every square a planned rat could step to: all the searches are asked about
    for rid in rat_ids:
        x, y = square_of(figures[rid])
        for j in graph[y * w + x]:
            wanted |= 1 << j

    def beside(cat: Square, n: Square) -> bool:
        """Is ``n`` adjacent to the cat's square for a rat's goal (ruling 9)?"""
        if abs(cat[0] - n[0]) + abs(cat[1] - n[1]) != 1:
            return False
        return not walls_separate or n[1] * w + n[0] in graph[cat[1] * w + cat[0]]

    searches: dict[bool, _Field] = {}

    def search(roach: bool) -> _Field:
        if roach not in searches:
            goals = []
            for fid in cats:
                start = 0
                if roach:
                    start = 1 << (cat_sq[fid][1] * w + cat_sq[fid][0])
                else:
                    for n in orthogonal_neighbours(cat_sq[fid]):
                        if open_sq(n) and not occupied.get(n) and beside(cat_sq[fid], n):
                            start |= 1 << (n[1] * w + n[0])
                if start:
                    goals.append((bit[fid], start))
            searches[roach] = _Field(board, goals, free if roach else empty, wanted)
        return searches[roach]

    plans: dict[str, RatPlan] = {}
    for rid in rat_ids:
        fig = figures[rid]
        sq = square_of(fig)
        roach = acts_as_roach(fig)
        field = search(roach)
        here = 0
        for fid in cats:
            if (cat_sq[fid] == sq) if roach else beside(cat_sq[fid], sq):
                here |= bit[fid]
        if here:
            plans[rid] = RatPlan(rid, sq, 0, [c for c in cats if here & bit[c]], [])
            continue
        best, best_mask, steps, step_masks = None, 0, [], {}
        step_from = set(graph[sq[1] * w + sq[0]])
        for n in orthogonal_neighbours(sq):
            kn = n[1] * w + n[0]
            if kn not in step_from:
                continue
            dn, mn = field.at(kn)
            if dn < 0:
                continue
            step_masks[n] = mn
            if best is None or dn < best:
                best, best_mask, steps = dn, mn, [n]
            elif dn == best:
                best_mask |= mn
                steps.append(n)
        if best is None:
            plans[rid] = RatPlan(rid, sq, None)
            continue
        tied = [c for c in cats if best_mask & bit[c]]
        per_cat = {c: [s for s in steps if step_masks[s] & bit[c]] for c in tied}
        plans[rid] = RatPlan(rid, sq, best + 1, tied, steps, per_cat)
    return plans


def activation_order(board: Board, figures: dict, rats: list[str] | None = None, *,
                     walls_separate: bool = False) -> tuple[list[str], list[list[str]], dict[str, RatPlan]]:
    """Rats closest to a cat first ("Rat Actions"). Returns (order, tied groups, plans).

    Equal distances are a tie the player settles; the default puts them in rat-number
    order. Rats that can reach no cat come last.
    """
    plans = rat_distances(board, figures, rats, walls_separate=walls_separate)

    def number(rid: str) -> tuple:
        tail = rid.rsplit("-", 1)[-1]
        return (0, int(tail), rid) if tail.isdigit() else (1, 0, rid)

    order = sorted(plans, key=lambda r: (plans[r].distance is None, plans[r].distance or 0, number(r)))
    groups: dict = {}
    for r in order:
        groups.setdefault(plans[r].distance, []).append(r)
    ties = [g for g in groups.values() if len(g) > 1]
    return order, ties, plans


def next_step(plan: RatPlan, cat: str | None = None, choose: Square | None = None) -> Square | None:
    """The square a rat moves to: toward ``cat`` (default: the first tied closest cat),
    ``choose`` among tied steps (default: the first in N, E, S, W order)."""
    if plan.distance in (None, 0):
        return None
    target = cat or plan.cats[0]
    steps = plan.steps_for.get(target, plan.steps)
    if choose is not None:
        if choose not in steps:
            return None
        return choose
    return steps[0] if steps else None
