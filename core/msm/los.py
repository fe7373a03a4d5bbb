"""Line of sight ("Line of Sight (LOS)", "Terrain") in exact integer geometry.

A line runs from any corner of the attacker's small square to any corner of the
target's; the attacker uses the best of the 16 lines. A line is **blocked** when it
passes through or touches (a corner touch counts) a blocking square, a wall, or a
square holding a figure other than a roach (attacker's and target's squares
excepted). An unblocked line is **hindered** when it crosses or touches a yellow line
or enters, passes or touches a yellow square, except the yellow area the attacker
stands in (and the yellow lines bordering it): -2, never more.

The ends of a line are taken to lie just inside the attacker's and target's squares
(nudged toward their centres by an amount smaller than any lattice feature), so
what meets only the corner a line starts or ends at is not crossed: two figures
side by side in a one-square corridor see each other, while a wall on the
attacker's own side still stops a line leaving through it. Between its ends the
line is the true corner-to-corner segment: a grid corner it runs through touches
the four squares and edges there, and a line lying along a grid line touches both
sides (:func:`grid_touches`; the nudge alone would slide past them). See
docs/rules/msm.md, Rulings. All arithmetic is on integers: coordinates are scaled by
``S`` (larger than any slope on the map can resolve) and the nudge is one unit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import gcd

from claw.core.msm.board import Board
from claw.core.msm.figures import blocking_squares, roach_squares
from claw.core.msm.geometry import range_between
from claw.core.msm.squares import Square, square_name

HINDER_MODIFIER = -2
CORNERS = ((0, 0), (1, 0), (0, 1), (1, 1))
CORNER_NAMES = {(0, 0): "top-left", (1, 0): "top-right", (0, 1): "bottom-left", (1, 1): "bottom-right"}


@dataclass
class Line:
    """One corner-to-corner line and what blocked or hindered it (None: nothing)."""

    start: tuple[int, int]          # corner offsets (0/1, 0/1) of the attacker's square
    end: tuple[int, int]            # corner offsets of the target's square
    blocked_by: str | None = None
    hindered_by: str | None = None

    @property
    def clear(self) -> bool:
        return self.blocked_by is None


@dataclass
class Sight:
    """The answer to "can ``source`` see ``target``": the best line, every line, the range."""

    source: Square
    target: Square
    visible: bool
    hindered: bool
    range: int
    witness: Line | None = None
    lines: list[Line] = field(default_factory=list)

    @property
    def modifier(self) -> int:
        return HINDER_MODIFIER if self.visible and self.hindered else 0

    def corner_text(self, line: Line) -> str:
        return (f"{square_name(self.source)} {CORNER_NAMES[line.start]} -> "
                f"{square_name(self.target)} {CORNER_NAMES[line.end]}")

    @property
    def reason(self) -> str:
        if not self.visible:
            causes = sorted({ln.blocked_by for ln in self.lines if ln.blocked_by})
            return "every line is blocked: " + "; ".join(causes)
        line = self.witness
        assert line is not None  # a visible sight has a witness line
        if self.hindered:
            return f"visible but hindered (-2): {line.hindered_by} (best line {self.corner_text(line)})"
        return f"visible, clear line {self.corner_text(line)}"

    def to_json(self) -> dict:
        out = {"from": square_name(self.source), "to": square_name(self.target), "visible": self.visible,
               "hindered": self.hindered, "modifier": self.modifier, "range": self.range,
               "reason": self.reason}
        if self.witness:
            out["line"] = {"from": CORNER_NAMES[self.witness.start], "to": CORNER_NAMES[self.witness.end],
                           "hindered_by": self.witness.hindered_by}
        out["lines"] = [{"from": CORNER_NAMES[ln.start], "to": CORNER_NAMES[ln.end],
                         "blocked_by": ln.blocked_by, "hindered_by": ln.hindered_by} for ln in self.lines]
        return out


class _Context:
    """What one attacker's lines are checked against (built once per source)."""

    def __init__(self, board: Board, figures: dict, source: Square, roaches: str) -> None:
        self.board = board
        self.scale = 16 * (max(board.width, board.height) + 1)
        self.figure_block = blocking_squares(figures) if figures else {}
        self.roach_hinder = roach_squares(figures) if figures and roaches == "hinder" else {}
        self.source = source
        w = board.width
        self.home = board.region_grid[source[1] * w + source[0]]  # attacker's yellow area or -1


def _ends(square: Square, corner: tuple[int, int], scale: int) -> tuple[int, int]:
    """A corner of ``square`` nudged one unit toward the square's centre."""
    cx, cy = corner
    return ((square[0] + cx) * scale + (1 if cx == 0 else -1),
            (square[1] + cy) * scale + (1 if cy == 0 else -1))


class _Probe:
    """The features one line meets, judged for one (attacker, target) pair.

    ``cell``/``v_edge``/``h_edge`` return a blocker's description or None and note
    the first hindrance in ``hindered``.
    """

    __slots__ = ("ctx", "target", "want_hinder", "hindered")

    def __init__(self, ctx: _Context, target: Square, want_hinder: bool) -> None:
        self.ctx, self.target, self.want_hinder = ctx, target, want_hinder
        self.hindered: str | None = None

    def cell(self, i: int, j: int) -> str | None:
        board = self.ctx.board
        w = board.width
        if not (0 <= i < w and 0 <= j < board.height):
            return None
        k = j * w + i
        if board.blocked[k]:
            return f"red square {square_name((i, j))}"
        sq = (i, j)
        ctx = self.ctx
        if sq != ctx.source and sq != self.target:
            fid = ctx.figure_block.get(sq)
            if fid is not None:
                return f"{fid} on {square_name(sq)}"
        if self.want_hinder and self.hindered is None:
            if board.hinder[k] and board.region_grid[k] != ctx.home:
                self.hindered = f"yellow square {square_name(sq)}"
            elif sq in ctx.roach_hinder and sq != ctx.source and sq != self.target:
                self.hindered = f"roach {ctx.roach_hinder[sq]} on {square_name(sq)}"
        return None

    def v_edge(self, i: int, j: int) -> str | None:
        """The grid line x = i between (i-1, j) and (i, j)."""
        board = self.ctx.board
        if not (0 < i < board.width and 0 <= j < board.height):
            return None
        if (i, j) in board.v_walls:
            return f"wall between {square_name((i - 1, j))} and {square_name((i, j))}"
        if self.want_hinder and self.hindered is None and (i, j) in board.v_yellow:
            home, region, w = self.ctx.home, board.region_grid, board.width
            if home < 0 or (region[j * w + i - 1] != home and region[j * w + i] != home):
                self.hindered = f"yellow line between {square_name((i - 1, j))} and {square_name((i, j))}"
        return None

    def h_edge(self, i: int, j: int) -> str | None:
        """The grid line y = j between (i, j-1) and (i, j)."""
        board = self.ctx.board
        if not (0 <= i < board.width and 0 < j < board.height):
            return None
        if (i, j) in board.h_walls:
            return f"wall between {square_name((i, j - 1))} and {square_name((i, j))}"
        if self.want_hinder and self.hindered is None and (i, j) in board.h_yellow:
            home, region, w = self.ctx.home, board.region_grid, board.width
            if home < 0 or (region[(j - 1) * w + i] != home and region[j * w + i] != home):
                self.hindered = f"yellow line between {square_name((i, j - 1))} and {square_name((i, j))}"
        return None


def grid_touches(ctx: _Context, target: Square, start: tuple[int, int], end: tuple[int, int],
                 want_hinder: bool = True) -> tuple[str | None, str | None]:
    """What the true corner-to-corner line touches *on the grid* between its ends.

    ``start`` and ``end`` are the unscaled corner points. The nudged walk cannot see
    these touches, since moving the ends off the grid also moves the line off the
    lattice points and grid lines it runs through: every lattice point strictly
    between the ends touches its four squares and the four edges meeting there
    (Line of Sight: a corner touch counts), and a line lying along a grid line
    touches the squares on both sides and the edges it runs along.
    """
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    g = gcd(dx, dy)
    if g <= 1 and dx and dy:
        return None, None           # no lattice point between the ends, not along a grid line
    probe = _Probe(ctx, target, want_hinder)
    if g > 1:
        sx, sy = dx // g, dy // g
        for k in range(1, g):
            x, y = x1 + k * sx, y1 + k * sy
            r = (probe.cell(x - 1, y - 1) or probe.cell(x, y - 1) or probe.cell(x - 1, y) or probe.cell(x, y)
                 or probe.v_edge(x, y - 1) or probe.v_edge(x, y) or probe.h_edge(x - 1, y) or probe.h_edge(x, y))
            if r:
                return r, None
    if dy == 0 and dx:
        for i in range(min(x1, x2), max(x1, x2)):
            r = probe.cell(i, y1 - 1) or probe.cell(i, y1) or probe.h_edge(i, y1)
            if r:
                return r, None
    elif dx == 0 and dy:
        for j in range(min(y1, y2), max(y1, y2)):
            r = probe.cell(x1 - 1, j) or probe.cell(x1, j) or probe.v_edge(x1, j)
            if r:
                return r, None
    return None, probe.hindered


def _corner_point(end: tuple[int, int], scale: int) -> tuple[int, int]:
    """The grid corner a nudged end (see :func:`_ends`) was taken from."""
    return ((end[0] + 1) // scale, (end[1] + 1) // scale)


def _walk(ctx: _Context, target: Square, p: tuple[int, int], q: tuple[int, int],
          want_hinder: bool = True) -> tuple[str | None, str | None]:
    """Check one line given by its nudged ends: (first blocker or None, first hindrance or None)."""
    blocker, hindered = _walk_nudged(ctx, target, p, q, want_hinder)
    if blocker:
        return blocker, None
    S = ctx.scale
    blocker, on_grid = grid_touches(ctx, target, _corner_point(p, S), _corner_point(q, S), want_hinder)
    if blocker:
        return blocker, None
    return None, hindered or on_grid


def _walk_nudged(ctx: _Context, target: Square, p: tuple[int, int], q: tuple[int, int],
                 want_hinder: bool = True) -> tuple[str | None, str | None]:
    """The segment between the nudged ends, touches included (exact integers)."""
    board = ctx.board
    w, h, S = board.width, board.height, ctx.scale
    probe = _Probe(ctx, target, want_hinder)
    cell, v_edge, h_edge = probe.cell, probe.v_edge, probe.h_edge

    (x1, y1), (x2, y2) = (p, q) if p[0] <= q[0] else (q, p)
    dx, dy = x2 - x1, y2 - y1

    if dx == 0:
        i = x1 // S
        ylo, yhi = min(y1, y2), max(y1, y2)
        for j in range(ylo // S, yhi // S + 1):
            r = cell(i, j)
            if r:
                return r, None
        for k in range(max(1, -(-ylo // S)), min(h - 1, yhi // S) + 1):
            r = h_edge(i, k)
            if r:
                return r, None
        return None, probe.hindered

    # Cells: for each column strip, the y-range of the segment inside it (exact).
    D = dx * S
    for i in range(x1 // S, x2 // S + 1):
        xa, xb = max(i * S, x1), min((i + 1) * S, x2)
        ya = y1 * dx + (xa - x1) * dy
        yb = y1 * dx + (xb - x1) * dy
        lo, hi = (ya, yb) if ya <= yb else (yb, ya)
        for j in range(-(-lo // D) - 1, hi // D + 1):
            if j * D <= hi and (j + 1) * D >= lo:
                r = cell(i, j)
                if r:
                    return r, None
    # Vertical grid lines x = i*S crossed (or touched) by the segment.
    for i in range(-(-x1 // S), x2 // S + 1):
        num = y1 * dx + (i * S - x1) * dy
        if num % D == 0:
            y = num // D
            for j in (y - 1, y):
                if 0 <= j < h and 0 < i < w:
                    r = v_edge(i, j)
                    if r:
                        return r, None
        else:
            j = num // D
            if 0 <= j < h and 0 < i < w:
                r = v_edge(i, j)
                if r:
                    return r, None
    # Horizontal grid lines y = k*S.
    if dy != 0:
        ylo, yhi = min(y1, y2), max(y1, y2)
        E = abs(dy) * S
        for k in range(-(-ylo // S), yhi // S + 1):
            num = x1 * dy + (k * S - y1) * dx
            if dy < 0:
                num = -num
            cand: tuple[int, ...]
            if num % E == 0:
                x = num // E
                cand = (x - 1, x)
            else:
                cand = (num // E,)
            for i in cand:
                if 0 <= i < w and 0 < k < h:
                    r = h_edge(i, k)
                    if r:
                        return r, None
    # dy == 0: a horizontal segment at a nudged height crosses no horizontal grid line.
    return None, probe.hindered


def line_of_sight(board: Board, figures: dict | None, a: Square, b: Square, *,
                  roaches: str = "ignore", all_lines: bool = True, ctx: _Context | None = None) -> Sight:
    """Can a figure on ``a`` see ``b``? Tries the 16 corner-to-corner lines.

    ``roaches``: ``"ignore"`` (default: roach squares neither block nor hinder) or
    ``"hinder"`` (a roach's square hinders, the modifier table's reading).
    ``all_lines``: check every line (for the explanation) instead of stopping at the
    first clear, unhindered one.
    """
    ctx = ctx or _Context(board, figures or {}, a, roaches)
    sight = Sight(source=a, target=b, visible=False, hindered=False, range=range_between(board, a, b))
    if a == b:
        sight.visible = True
        sight.witness = Line((0, 0), (0, 0))
        return sight
    S = ctx.scale
    best: Line | None = None
    for ca in CORNERS:
        p = _ends(a, ca, S)
        for cb in CORNERS:
            line = Line(ca, cb)
            line.blocked_by, line.hindered_by = _walk(ctx, b, p, _ends(b, cb, S))
            sight.lines.append(line)
            if line.clear and (best is None or (best.hindered_by and not line.hindered_by)):
                best = line
                if not line.hindered_by and not all_lines:
                    break
        if best is not None and not best.hindered_by and not all_lines:
            break
    if best is not None:
        sight.visible = True
        sight.hindered = best.hindered_by is not None
        sight.witness = best
    return sight


def visible_from(board: Board, figures: dict | None, a: Square, *, roaches: str = "ignore",
                 targets=None) -> dict[Square, Sight]:
    """Every square (or each of ``targets``) that a figure on ``a`` can see.

    Uses the ray sweep of :mod:`claw.core.msm.fov` (same answers, much faster).
    """
    from claw.core.msm.fov import visible_from as sweep

    return sweep(board, figures, a, roaches=roaches, targets=targets)


def visible_from_lines(board: Board, figures: dict | None, a: Square, *, roaches: str = "ignore",
                       targets=None) -> dict[Square, Sight]:
    """Reference version of :func:`visible_from`: 16 lines per target, line by line."""
    ctx = _Context(board, figures or {}, a, roaches)
    out: dict[Square, Sight] = {}
    squares = targets if targets is not None else board.squares()
    for sq in squares:
        if board.is_blocking(sq):
            continue
        sight = line_of_sight(board, figures, a, sq, roaches=roaches, all_lines=False, ctx=ctx)
        if sight.visible:
            out[sq] = sight
    return out


def line_cells(board: Board, a: Square, b: Square, line: Line) -> list[Square]:
    """The squares a line from ``a`` to ``b`` passes through or touches (for drawing)."""
    S = 16 * (max(board.width, board.height) + 1)
    p, q = _ends(a, line.start, S), _ends(b, line.end, S)
    (x1, y1), (x2, y2) = (p, q) if p[0] <= q[0] else (q, p)
    dx, dy = x2 - x1, y2 - y1
    out: list[Square] = []
    if dx == 0:
        for j in range(min(y1, y2) // S, max(y1, y2) // S + 1):
            out.append((x1 // S, j))
    else:
        D = dx * S
        for i in range(x1 // S, x2 // S + 1):
            xa, xb = max(i * S, x1), min((i + 1) * S, x2)
            ya, yb = y1 * dx + (xa - x1) * dy, y1 * dx + (xb - x1) * dy
            lo, hi = min(ya, yb), max(ya, yb)
            for j in range(-(-lo // D) - 1, hi // D + 1):
                out.append((i, j))
    return [sq for sq in out if board.in_bounds(sq)]
