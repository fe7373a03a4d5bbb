"""Everything one square can see (``claw los --all``), fast and exact.

Same answer as calling :func:`claw.core.msm.los.line_of_sight` for every square, but
instead of walking 16 lines per target it sweeps the rays leaving each of the
attacker's four (nudged) corners once:

For a corner point ``c`` and a cell ``Q``, ``I(Q)`` is the set of ray directions from
``c`` that reach ``Q`` without touching an obstacle (a blocking square, a square with
a blocking figure, a wall). It is a union of *open* angular intervals: obstacles are
closed, so the rays that clear them form an open set. A ray reaches ``Q`` only
through a face of ``Q`` that faces ``c``, coming from the neighbour behind that face,
so ``I(Q)`` is the union over those (at most two) neighbours ``P`` of
``I(P) ∩ span(face)``, where ``span`` is the open interval of directions to the
face. Cells are processed by Manhattan distance from the attacker, so feeders come
first. A ray through a lattice corner is missing from both neighbouring open spans;
it is free exactly when the rays on both sides of it are free (an obstacle touched
at a point is always entered by the rays on its side), so intervals that meet end
to end are merged.

A target corner ``d`` (nudged into the target square ``T``) is visible from ``c``
when the direction ``d - c`` lies strictly inside ``I(T)``: inside ``T`` there is
nothing more to touch. A second sweep with the hindering squares and yellow lines
(not the attacker's own yellow area) added as obstacles tells whether some visible
line is also unhindered. Directions are integer vectors compared by cross products
(every interval of a cell other than the attacker's spans less than 180 degrees).

The sweep follows the nudged lines; what the true line touches on the grid between
its ends (a lattice corner it passes through, a grid line it runs along) is checked
per candidate line by :func:`claw.core.msm.los.grid_touches`, as ``line_of_sight`` does.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from claw.core.msm.board import Board
from claw.core.msm.figures import blocking_squares, roach_squares
from claw.core.msm.geometry import range_between
from claw.core.msm.los import CORNERS, Line, Sight, _Context, _ends, grid_touches
from claw.core.msm.squares import Square


def _sweep(board: Board, a: Square, c: tuple[int, int], S: int, stop: AbstractSet,
           walls_v: AbstractSet, walls_h: AbstractSet, reach: int | None = None) -> dict[Square, list]:
    """I(Q) for every cell reachable from corner point ``c`` of square ``a``.

    ``stop``: cells rays cannot pass (they still get their own I, for targeting).
    ``walls_v``/``walls_h``: edge keys as in Board.v_walls / Board.h_walls.
    ``reach``: stop after the cells this many steps from ``a`` (Manhattan): a cell's I
    comes from the cells one step nearer only, so the cells up to ``reach`` are exact.
    """
    w, h = board.width, board.height
    cx, cy = c
    ax, ay = a

    def vec(X: int, Y: int) -> tuple[int, int]:
        return (X * S - cx, Y * S - cy)

    def span(p1: tuple[int, int], p2: tuple[int, int]) -> tuple:
        u, v = vec(*p1), vec(*p2)
        if u[0] * v[1] - u[1] * v[0] < 0:
            u, v = v, u
        return (u, v)

    out: dict[Square, list] = {}
    ring: dict[Square, list] = {}
    # Ring 1: the four neighbours of the attacker's square, through its faces.
    for (i, j), face, key, vertical in (
            ((ax + 1, ay), ((ax + 1, ay), (ax + 1, ay + 1)), (ax + 1, ay), True),
            ((ax - 1, ay), ((ax, ay), (ax, ay + 1)), (ax, ay), True),
            ((ax, ay + 1), ((ax, ay + 1), (ax + 1, ay + 1)), (ax, ay + 1), False),
            ((ax, ay - 1), ((ax, ay), (ax + 1, ay)), (ax, ay), False)):
        if not (0 <= i < w and 0 <= j < h):
            continue
        if key in (walls_v if vertical else walls_h):
            continue
        ring[(i, j)] = [span(*face)]
    r = 1
    while ring:
        out.update(ring)
        if reach is not None and r >= reach:
            break
        r += 1
        nxt: dict[Square, list] = {}
        for (pi, pj), intervals in ring.items():
            if (pi, pj) in stop:
                continue
            dx, dy = pi - ax, pj - ay
            # P feeds the neighbours one step further from A (its own line: both ways).
            targets = []
            if dx >= 0:
                targets.append((pi + 1, pj, "v", pi + 1))
            if dx <= 0:
                targets.append((pi - 1, pj, "v", pi))
            if dy >= 0:
                targets.append((pi, pj + 1, "h", pj + 1))
            if dy <= 0:
                targets.append((pi, pj - 1, "h", pj))
            for qi, qj, kind, line in targets:
                if not (0 <= qi < w and 0 <= qj < h):
                    continue
                if kind == "v":
                    if (line, pj) in walls_v:
                        continue
                    sp = span((line, pj), (line, pj + 1))
                else:
                    if (pi, line) in walls_h:
                        continue
                    sp = span((pi, line), (pi + 1, line))
                got = _clip(intervals, sp)
                if got:
                    have = nxt.get((qi, qj))
                    nxt[(qi, qj)] = _merge(have, got) if have else got
        ring = nxt
    return out


def _later(p: tuple[int, int], q: tuple[int, int]) -> bool:
    """Is direction q strictly after p in our orientation (cross product > 0)?"""
    return p[0] * q[1] - p[1] * q[0] > 0


def _clip(intervals: list, sp: tuple) -> list:
    """Intersect open intervals with the open span ``sp`` (cross products inlined)."""
    (s1x, s1y), (s2x, s2y) = sp
    out = []
    for u, v in intervals:
        lo = (s1x, s1y) if u[0] * s1y - u[1] * s1x > 0 else u
        hi = v if v[0] * s2y - v[1] * s2x > 0 else (s2x, s2y)
        if lo[0] * hi[1] - lo[1] * hi[0] > 0:
            out.append((lo, hi))
    return out


def _same(p, q) -> bool:
    return p[0] * q[1] - p[1] * q[0] == 0 and p[0] * q[0] + p[1] * q[1] > 0


def _merge(x: list, y: list) -> list:
    """Union of two sorted lists of open intervals; intervals meeting end to end join."""
    allv = sorted(x + y, key=_SortKey)
    out = [allv[0]]
    for u, v in allv[1:]:
        pu, pv = out[-1]
        if _later(u, pv) or _same(u, pv):   # overlaps or touches: join
            out[-1] = (pu, v if _later(pv, v) else pv)
        else:
            out.append((u, v))
    return out


class _SortKey:
    """Order intervals by their start direction (all within one half-turn)."""

    __slots__ = ("u",)

    def __init__(self, iv) -> None:
        self.u = iv[0]

    def __lt__(self, other) -> bool:
        return _later(self.u, other.u)


def _inside(intervals: list, wv: tuple[int, int]) -> bool:
    wx, wy = wv
    return any(u[0] * wy - u[1] * wx > 0 and wx * v[1] - wy * v[0] > 0 for u, v in intervals)


def visible_from(board: Board, figures: dict | None, a: Square, *, roaches: str = "ignore",
                 targets=None, hindrance: bool = True) -> dict[Square, Sight]:
    """Every square a figure on ``a`` sees (or those of ``targets``), with hindrance.

    Blocking squares are never targets. Equal to running ``line_of_sight`` on each.
    ``hindrance=False`` skips the second sweep (visibility only; ``hindered`` is False).
    """
    figures = figures or {}
    if board.is_blocking(a):
        return {}
    S = 16 * (max(board.width, board.height) + 1)
    w = board.width
    fig_block = {sq for sq in blocking_squares(figures) if sq != a}
    blocking = board._blocking_set
    if blocking is None:
        blocking = board._blocking_set = frozenset(
            (k % w, k // w) for k, b in enumerate(board.blocked) if b)
    stop = blocking | fig_block
    home = board.region_grid[a[1] * w + a[0]]
    hinder_cells = {sq for sq, rid in board.region.items() if rid != home}
    if roaches == "hinder":
        hinder_cells |= {sq for sq in roach_squares(figures) if sq != a}
    yv = {(i, j) for (i, j) in board.v_yellow
          if home < 0 or (board.region_grid[j * w + i - 1] != home and board.region_grid[j * w + i] != home)}
    yh = {(i, j) for (i, j) in board.h_yellow
          if home < 0 or (board.region_grid[(j - 1) * w + i] != home and board.region_grid[j * w + i] != home)}
    wanted = set(targets) if targets is not None else None
    # with targets, the sweeps go no further than the farthest one (the reveal after a
    # move asks for a few hidden markers, not the whole map)
    reach = max((abs(t[0] - a[0]) + abs(t[1] - a[1]) for t in wanted), default=0) if wanted is not None else None
    corners = [_ends(a, ca, S) for ca in CORNERS]
    clear = [_sweep(board, a, c, S, stop, board.v_walls, board.h_walls, reach) for c in corners]
    any_hinder = hindrance and bool(hinder_cells or yv or yh)
    if any_hinder:
        stop_h = stop | hinder_cells
        plain = [_sweep(board, a, c, S, stop_h, board.v_walls | yv, board.h_walls | yh, reach) for c in corners]
    else:
        plain = clear
    ctx = _Context(board, figures, a, roaches)
    out: dict[Square, Sight] = {}
    candidates = set().union(*clear)
    for t in candidates:
        if wanted is not None and t not in wanted:
            continue
        if t in blocking:
            continue
        ends_t = [_ends(t, cb, S) for cb in CORNERS]
        t_hinders = t in board.region and board.region[t] != home
        best = None
        for k, ca in enumerate(CORNERS):
            ivs = clear[k].get(t)
            if not ivs:
                continue
            c = corners[k]
            ivp = None if t_hinders else plain[k].get(t)
            for cb, d in zip(CORNERS, ends_t, strict=True):
                wv = (d[0] - c[0], d[1] - c[1])
                if not _inside(ivs, wv):
                    continue
                # The sweep follows the nudged line; the grid it runs on or through is extra.
                on_grid, grid_hinder = grid_touches(ctx, t, (a[0] + ca[0], a[1] + ca[1]),
                                                    (t[0] + cb[0], t[1] + cb[1]), hindrance)
                if on_grid:
                    continue
                unhindered = ivp is not None and grid_hinder is None and _inside(ivp, wv)
                if unhindered:
                    best = Line(ca, cb)
                    break
                if best is None:
                    best = Line(ca, cb, hindered_by="hindering terrain on every clear line")
            if best is not None and best.hindered_by is None:
                break
        if best is not None:
            out[t] = Sight(a, t, True, best.hindered_by is not None, range_between(board, a, t), best)
    if (wanted is None or a in wanted):
        out[a] = Sight(a, a, True, False, 0, Line((0, 0), (0, 0)))
    return out
