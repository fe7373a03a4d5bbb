"""The scenario map: small squares, big squares, terrain, walls and map markers.

A map is authored as text rows, one character per small square (see
``docs/rules/msm.md``, "Scenario format"). ``parse_map`` turns the ``map:`` part of
a scenario document into a :class:`Board` plus a list of positioned problems, so
``claw validate`` can report every problem and ``claw new`` can refuse a bad map.

Squares are ``(x, y)`` with ``x`` the column (A = 0) and ``y`` the row (1 = 0).
Edges are keyed by the unordered pair of squares they separate.
"""

from __future__ import annotations

import re

from claw.core.errors import InvalidInput, quoted
from claw.core.msm.squares import Square, parse_square, square_name

# Limits on user-controlled sizes so no file can make the tool hang.
MAX_SIDE = 256

OPEN, BLOCKING, HINDERING = "open", "blocking", "hindering"

# character -> (terrain, marker or None)
DEFAULT_LEGEND: dict[str, tuple[str, str | None]] = {
    ".": (OPEN, None),
    "#": (BLOCKING, None),
    "~": (HINDERING, None),
    "C": (OPEN, "C"),
    "R": (OPEN, "R"),
    "S": (OPEN, "S"),
    "1": (OPEN, "S1"),
    "2": (OPEN, "S2"),
    "3": (OPEN, "S3"),
    "L": (OPEN, "L"),
    "O": (OPEN, "O"),
    # lower case: the same marker on a hindering (yellow) square
    "c": (HINDERING, "C"),
    "r": (HINDERING, "R"),
    "s": (HINDERING, "S"),
    "l": (HINDERING, "L"),
    "o": (HINDERING, "O"),
}
LOOT_MARKERS_PER_SQUARE = 2  # Setup Scenario 1: two loot markers on each L square
LOOT_SYMBOL = "$"  # how a drawn board shows a loot square (a map file writes it L): messages name it so

SIDES = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
# pattern strings, compiled by re when a map first names an edge (not by every import)
_EDGE_PAIR = r"^\s*([A-Za-z]{1,3}[0-9]{1,4})\s*-\s*([A-Za-z]{1,3}[0-9]{1,4})\s*$"
_EDGE_RUN = r"^\s*([A-Za-z]{1,3}[0-9]{1,4})\s*\.\.\s*([A-Za-z]{1,3}[0-9]{1,4})\s+(north|east|south|west)\s*$"

Edge = frozenset  # frozenset({square_a, square_b}), orthogonal neighbours
Problem = tuple  # (path, message) or (path, message, character index in a string)


def edge(a: Square, b: Square) -> Edge:
    return frozenset((a, b))


def edge_name(e: Edge) -> str:
    a, b = sorted(e)
    return f"{square_name(a)}-{square_name(b)}"


class Board:
    """An immutable-by-convention map. Build it with :func:`parse_map`.

    A plain class, not a dataclass: every msm state read builds one, and the dataclasses
    module is otherwise not imported on that path."""

    _FIELDS = ("width", "height", "terrain", "walls", "yellow_lines", "markers", "marker_counts", "offset",
               "region", "rows", "legend")

    def __init__(self, width: int, height: int, terrain: list[str],
                 walls: frozenset = frozenset(),          # blocking edges (red lines, walls, closed doors)
                 yellow_lines: frozenset = frozenset(),   # hindering edges
                 markers: dict[str, tuple[Square, ...]] | None = None,
                 marker_counts: dict[Square, int] | None = None,  # loot markers per L square
                 offset: tuple[int, int] = (0, 0),        # big-square layout: big x = (x + dx) // 2
                 region: dict[Square, int] | None = None,  # hindering square -> area id
                 rows: list[str] | None = None,
                 legend: dict[str, tuple[str, str | None]] | None = None) -> None:
        self.width = width
        self.height = height
        self.terrain = terrain                   # y * width + x -> OPEN/BLOCKING/HINDERING
        self.walls = walls
        self.yellow_lines = yellow_lines
        self.markers = {} if markers is None else markers
        self.marker_counts = {} if marker_counts is None else marker_counts
        self.offset = offset
        self.region = {} if region is None else region
        self.rows = [] if rows is None else rows
        self.legend = {} if legend is None else legend
        self._derive()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self._FIELDS)

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was

    def __repr__(self) -> str:
        return f"Board({self.width}x{self.height})"

    def _derive(self) -> None:
        w = self.width
        self.blocked = [t == BLOCKING for t in self.terrain]
        self.hinder = [t == HINDERING for t in self.terrain]
        # Walls split by orientation for the line-of-sight walk:
        # vertical edge (x, y): the line x between (x-1, y) and (x, y);
        # horizontal edge (x, y): the line y between (x, y-1) and (x, y).
        self.v_walls, self.h_walls = _split_edges(self.walls)
        self.v_yellow, self.h_yellow = _split_edges(self.yellow_lines)
        self.region_grid = [-1] * (w * self.height)
        for (x, y), rid in self.region.items():
            self.region_grid[y * w + x] = rid
        # caches the path search and field of view fill on first use (pathing.py, fov.py)
        self._step_graph: list[list[int]] | None = None
        self._move_masks: tuple[int, int, int, int, int] | None = None
        self._blocking_set: frozenset[Square] | None = None

    # -- squares -------------------------------------------------------------
    def in_bounds(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def terrain_at(self, sq: Square) -> str:
        return self.terrain[sq[1] * self.width + sq[0]]

    def is_blocking(self, sq: Square) -> bool:
        return self.blocked[sq[1] * self.width + sq[0]]

    def is_hindering(self, sq: Square) -> bool:
        return self.hinder[sq[1] * self.width + sq[0]]

    def squares(self):
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def marker_squares(self, name: str) -> tuple[Square, ...]:
        return self.markers.get(name, ())

    def markers_at(self, sq: Square) -> list[str]:
        return [m for m, sqs in self.markers.items() if sq in sqs]

    # -- big squares (Squares on the Map) -------------------------------------
    def big(self, sq: Square) -> tuple[int, int]:
        return (sq[0] + self.offset[0]) // 2, (sq[1] + self.offset[1]) // 2

    def big_members(self, big: tuple[int, int]) -> list[Square]:
        bx, by = big
        out = []
        for y in (2 * by - self.offset[1], 2 * by - self.offset[1] + 1):
            for x in (2 * bx - self.offset[0], 2 * bx - self.offset[0] + 1):
                if self.in_bounds((x, y)):
                    out.append((x, y))
        return out

    def big_exists(self, big: tuple[int, int]) -> bool:
        return bool(self.big_members(big))

    # -- edges ----------------------------------------------------------------
    def wall_between(self, a: Square, b: Square) -> bool:
        return edge(a, b) in self.walls

    def step_open(self, a: Square, b: Square) -> bool:
        """Can a figure step from ``a`` to the orthogonal neighbour ``b`` (terrain only)?"""
        return self.in_bounds(b) and not self.is_blocking(b) and edge(a, b) not in self.walls


def _split_edges(edges) -> tuple[frozenset, frozenset]:
    vertical, horizontal = set(), set()
    for e in edges:
        (ax, ay), (bx, by) = sorted(e)
        if ay == by:            # side by side: the shared line is vertical at x = bx
            vertical.add((bx, ay))
        else:                   # one above the other: horizontal line at y = by
            horizontal.add((ax, by))
    return frozenset(vertical), frozenset(horizontal)


# -- parsing --------------------------------------------------------------------

def parse_edges(entries, path: tuple, width: int, height: int) -> tuple[set, list[Problem]]:
    """``"C3-D3"`` (one edge) or ``"C3..C6 east"`` (a straight run, one side)."""
    edges: set = set()
    problems: list[Problem] = []
    for i, text in enumerate(entries or []):
        where = path + (i,)
        if not isinstance(text, str):
            problems.append((where, f"an edge must be a string like C3-D3 or 'C3..C6 east': {quoted(text)}"))
            continue
        pair = re.match(_EDGE_PAIR, text)
        run = re.match(_EDGE_RUN, text)
        if pair:
            a, b = parse_square(pair.group(1)), parse_square(pair.group(2))
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                problems.append((where, f"an edge joins two orthogonal neighbours, these are not: {quoted(text)}"))
                continue
            found = [(a, b)]
        elif run:
            a, b = parse_square(run.group(1)), parse_square(run.group(2))
            if a[0] != b[0] and a[1] != b[1]:
                problems.append((where, f"an edge run must stay in one row or column: {quoted(text)}"))
                continue
            dx, dy = SIDES[run.group(3)]
            found = []
            for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
                for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
                    found.append(((x, y), (x + dx, y + dy)))
        else:
            problems.append((where, f"not an edge (expected C3-D3 or 'C3..C6 east'): {quoted(text)}"))
            continue
        for a, b in found:
            outside = [sq for sq in (a, b) if not (0 <= sq[0] < width and 0 <= sq[1] < height)]
            if outside:
                problems.append((where, f"edge leaves the map at {square_name(outside[0])}: {quoted(text)}"))
                break
            edges.add(edge(a, b))
    return edges, problems


def _legend(doc_legend, path) -> tuple[dict, list[Problem]]:
    legend = dict(DEFAULT_LEGEND)
    problems: list[Problem] = []
    for ch, entry in (doc_legend or {}).items():
        where = path + (ch,)
        if not isinstance(ch, str) or len(ch) != 1 or ch.isspace():
            problems.append((where, f"a legend key is one visible character: {quoted(ch)}"))
            continue
        terrain = entry.get("terrain", OPEN)
        marker = entry.get("marker")
        if marker is not None and terrain == BLOCKING:
            problems.append((where, f"markers go on open squares, not blocking ones: {quoted(ch)}"))
        legend[ch] = (terrain, marker)
    return legend, problems


def parse_map(doc: dict, path: tuple = ("map",)) -> tuple[Board | None, list[Problem]]:
    """Build a board from a scenario's ``map:`` mapping; returns (board, problems).

    The board is None when the rows themselves cannot be read.
    """
    problems: list[Problem] = []
    rows = doc.get("rows") or []
    if not rows or not all(isinstance(r, str) for r in rows):
        return None, [(path + ("rows",), "the map needs rows of text, one character per small square")]
    # The width most rows share is the map's, so one mistyped row is the one reported.
    lengths = [len(r) for r in rows]
    width = max(lengths, key=lambda n: (lengths.count(n), -lengths.index(n)))
    height = len(rows)
    if max(lengths) > MAX_SIDE or height > MAX_SIDE:
        return None, [(path + ("rows",), f"map too large: {max(lengths)}x{height} (limit {MAX_SIDE}x{MAX_SIDE})")]
    for i, row in enumerate(rows):
        if len(row) != width:
            problems.append(((*path, "rows", i), f"row {i + 1} has {len(row)} squares, the other rows {width}"))
    if problems:  # no board, but a character the legend lacks is wrong whatever the widths
        legend, lp = _legend(doc.get("legend"), path + ("legend",))
        return None, problems + lp + [_unknown_character(path, ch, x, y) for y, row in enumerate(rows)
                                      for x, ch in enumerate(row) if ch not in legend]
    big = doc.get("big_squares")
    if big is None:
        offset = (0, 0)
        if width % 2 or height % 2:
            problems.append(((*path, "rows"), f"a map of {width}x{height} small squares does not divide into "
                             "2x2 big squares; give even dimensions or a big_squares offset"))
    else:
        offset = tuple(big.get("offset", (0, 0)))
    legend, lp = _legend(doc.get("legend"), path + ("legend",))
    problems += lp
    terrain: list[str] = []
    markers: dict[str, list[Square]] = {}
    counts: dict[Square, int] = {}
    doc_legend = doc.get("legend") or {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch not in legend:
                problems.append(_unknown_character(path, ch, x, y))
                terrain.append(OPEN)
                continue
            kind, marker = legend[ch]
            terrain.append(kind)
            if marker:
                markers.setdefault(marker, []).append((x, y))
                if marker == "L":
                    counts[(x, y)] = int((doc_legend.get(ch) or {}).get("count", LOOT_MARKERS_PER_SQUARE))
    walls, wp = parse_edges(doc.get("walls"), path + ("walls",), width, height)
    yellow, yp = parse_edges(doc.get("yellow_lines"), path + ("yellow_lines",), width, height)
    problems += wp + yp
    board = Board(
        width=width, height=height, terrain=terrain,
        walls=frozenset(walls), yellow_lines=frozenset(yellow),
        markers={k: tuple(v) for k, v in markers.items()}, marker_counts=counts,
        offset=offset, region=_regions(terrain, width, height),
        rows=list(rows), legend=legend,
    )
    return board, problems


def _unknown_character(path: tuple, ch: str, x: int, y: int) -> Problem:
    return (*path, "rows", y), f"unknown map character {quoted(ch)} at column {x + 1} ({square_name((x, y))})", x


def _regions(terrain: list[str], width: int, height: int) -> dict[Square, int]:
    """Hindering areas: orthogonally connected yellow squares form one bordered area."""
    region: dict[Square, int] = {}
    next_id = 0
    for start in range(width * height):
        if terrain[start] != HINDERING:
            continue
        sq = (start % width, start // width)
        if sq in region:
            continue
        stack = [sq]
        region[sq] = next_id
        while stack:
            x, y = stack.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if (0 <= n[0] < width and 0 <= n[1] < height and n not in region
                        and terrain[n[1] * width + n[0]] == HINDERING):
                    region[n] = next_id
                    stack.append(n)
        next_id += 1
    return region


def board_from_map(doc: dict) -> Board:
    """Parse a ``map:`` mapping or raise InvalidInput with the first problem."""
    board, problems = parse_map(doc)
    if problems or board is None:
        where, message = problems[0][:2]
        raise InvalidInput(f"bad map at {'.'.join(str(p) for p in where)}: {message}")
    return board


def format_map(board: Board) -> dict:
    """The ``map:`` mapping that :func:`parse_map` reads back into the same board."""
    reverse: dict[tuple, str] = {}
    for ch, meaning in DEFAULT_LEGEND.items():
        reverse.setdefault(meaning, ch)
    extra: dict[str, dict] = {}
    spare = iter("abdefghijkmnpqtuvwxyzABDEFGHIJKMNPQTUVWXYZ456789")
    rows = []
    for y in range(board.height):
        row = []
        for x in range(board.width):
            sq = (x, y)
            marks = board.markers_at(sq)
            meaning = (board.terrain_at(sq), marks[0] if marks else None)
            count = board.marker_counts.get(sq, LOOT_MARKERS_PER_SQUARE)
            key = (meaning, count) if meaning[1] == "L" else (meaning, None)
            if key[1] in (None, LOOT_MARKERS_PER_SQUARE) and meaning in reverse:
                row.append(reverse[meaning])
                continue
            found = next((c for c, e in extra.items()
                          if (e.get("terrain", OPEN), e.get("marker"), e.get("count")) ==
                          (meaning[0], meaning[1], key[1])), None)
            if found is None:
                found = next(spare)
                entry: dict[str, str | int | None] = {"terrain": meaning[0], "marker": meaning[1]}
                if key[1] is not None:
                    entry["count"] = key[1]
                extra[found] = entry
            row.append(found)
        rows.append("".join(row))
    out: dict = {"rows": rows}
    if extra:
        out["legend"] = extra
    if board.walls:
        out["walls"] = sorted(edge_name(e) for e in board.walls)
    if board.yellow_lines:
        out["yellow_lines"] = sorted(edge_name(e) for e in board.yellow_lines)
    if board.offset != (0, 0) or board.width % 2 or board.height % 2:
        out["big_squares"] = {"offset": list(board.offset)}
    return out
