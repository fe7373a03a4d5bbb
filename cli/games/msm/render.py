"""Drawing an msm board as text (styled pieces on a colour terminal; plain otherwise).

Layout: one character per small square with a separator column between squares and
one text line per row of squares (a standard 16×12 map fits 80×24). ``|`` and ``-``
with ``+`` outline the big squares; a wall is a red ``‖``/``=``, a yellow line a
yellow ``:``/``·`` (a line between the two rows of a big square only where one runs
there). Columns are lettered on top (two label rows past Z), rows numbered on the left.
"""

from __future__ import annotations

from claw.cli.render.text import Styled, styled
from claw.core.msm.board import BLOCKING, HINDERING, LOOT_SYMBOL, Board, edge
from claw.core.msm.squares import Square, column_name, parse_square, square_name

MARKER_SYMBOLS = {"L": LOOT_SYMBOL, "R": ".", "C": "c"}
KEY = ("key: . open  # red (blocking)  ~ yellow (hindering)  ‖ = wall  : · yellow line  "
       "$ loot  O objective  S 1 2 3 spawn  c cat start  capitals cats  r b d a roach, Brown, "
       "Détestable, Arbalétrier  ? face-down rat  * several figures")
# Marks drawn over squares by `claw los --show`: glyphs the key above does not use.
SIGHT_LINE = "•"
SEEN, SEEN_HINDERED = "•", "◦"
RAT_LETTERS = {"roach": "r", "norwegian-brown": "b", "detestable": "d", "arbaletrier": "a"}


def figure_symbols(figures: dict) -> dict[str, str]:
    """One character per figure: cats by a capital of their name, rats by type, ? face down."""
    out: dict[str, str] = {}
    used: set[str] = set()
    for fid, fig in figures.items():
        if fig.get("side") == "cat":
            for ch in fid.upper() + "ABCDEFGHIJKLMNPQRTUVWXYZ":
                # S and O would read as a spawn square or the objective marker.
                if ch.isalpha() and ch not in used and ch not in "SO":
                    out[fid] = ch
                    used.add(ch)
                    break
    for fid, fig in figures.items():
        if fig.get("side") == "rat":
            out[fid] = RAT_LETTERS.get(fig.get("type"), fig.get("type", "x")[:1].lower()) \
                if fig.get("revealed", True) else "?"
    return out


def render_board(board: Board, figures: dict | None = None, *, marks: dict[Square, str] | None = None,
                 loot: dict | None = None, objectives: list | None = None, colour: bool = True,
                 view: tuple[int, int, int, int] | None = None) -> list[str | Styled]:
    """Lines drawing the board (Styled when ``colour``, else plain strings), or the window
    ``view`` = (x0, y0, x1, y1) of it (columns x0..x1-1, rows y0..y1-1)."""
    figures = figures or {}
    symbols = figure_symbols(figures)
    at: dict[Square, list[str]] = {}
    for fid, fig in figures.items():
        if fig.get("square") and not fig.get("down"):
            at.setdefault(parse_square(fig["square"]), []).append(fid)
    marks = marks or {}

    def style(text: str, name: str) -> str | Styled:
        return styled(name, text) if colour and text.strip() else text

    def cell(sq: Square) -> str | Styled:
        if sq in marks:
            return style(marks[sq], "bold magenta")
        here = at.get(sq)
        if here:
            cats = [f for f in here if figures[f].get("side") == "cat"]
            fid = cats[0] if cats else here[0]
            sym = symbols[fid] if len(here) == 1 or cats else "*"
            return style(sym, "bold cyan" if cats else ("bold red" if sym != "?" else "bold yellow"))
        terrain = board.terrain_at(sq)
        markers = board.markers_at(sq)
        ch = "."
        if terrain == BLOCKING:
            return style("#", "red")
        if markers:
            m = markers[0]
            ch = MARKER_SYMBOLS.get(m, m if len(m) == 1 else m[-1])
            if m == "L" and loot is not None and loot.get(square_name(sq), 0) == 0:
                ch = "."
            if m == "O" and objectives is not None and square_name(sq) not in objectives:
                ch = "."
        if terrain == HINDERING:
            return style("~" if ch == "." else ch, "yellow")
        return style(ch, "dim") if ch == "." else ch

    w, h = board.width, board.height
    dx, dy = board.offset
    x0, y0, x1, y1 = view or (0, 0, w, h)

    def big_border_x(x: int) -> bool:  # is there a big-square border left of column x?
        return (x + dx) % 2 == 0

    def big_border_y(y: int) -> bool:
        return (y + dy) % 2 == 0

    def crossed(y: int) -> bool:  # a wall or yellow line between rows y-1 and y in view
        return any(edge((x, y - 1), (x, y)) in board.walls or edge((x, y - 1), (x, y)) in board.yellow_lines
                   for x in range(x0, x1))

    label_width = len(str(y1)) + 1
    lines: list[str | Styled] = []
    names = [column_name(x) for x in range(x0, x1)]
    depth = max(len(n) for n in names)
    for level in range(depth):
        lines.append(" " * label_width + "".join(" " + name.rjust(depth)[level] for name in names))

    def separator_row(y: int) -> str | Styled:
        """The line above row y (y == y1: the bottom line)."""
        border = y in (y0, y1) or big_border_y(y)
        out: str | Styled = " " * label_width
        for x in range(x0, x1 + 1):
            # junction left of square x
            if x in (x0, x1) or big_border_x(x):
                out += "+" if border else "|"
            else:
                out += "-" if border else " "
            if x == x1:
                break
            if y0 < y < y1 and edge((x, y - 1), (x, y)) in board.walls:
                out += style("=", "bold red")
            elif y0 < y < y1 and edge((x, y - 1), (x, y)) in board.yellow_lines:
                out += style("·", "yellow")
            else:
                out += "-" if border else " "
        return out

    # One line per row of small squares: a separator line only at a big-square border or
    # where a wall or yellow line runs between the two rows of a big square.
    lines.append(separator_row(y0))
    for y in range(y0, y1):
        if y > y0 and (big_border_y(y) or crossed(y)):
            lines.append(separator_row(y))
        out: str | Styled = str(y + 1).rjust(label_width - 1) + " "
        for x in range(x0, x1 + 1):
            if x0 < x < x1 and edge((x - 1, y), (x, y)) in board.walls:
                out += style("‖", "bold red")
            elif x0 < x < x1 and edge((x - 1, y), (x, y)) in board.yellow_lines:
                out += style(":", "yellow")
            elif x in (x0, x1) or big_border_x(x):
                out += "|"
            else:
                out += " "
            if x < x1:
                out += cell((x, y))
        lines.append(out)
    lines.append(separator_row(y1))
    return lines


def viewport(board: Board, around: Square, columns: int, rows: int) -> tuple[int, int, int, int]:
    """The window (x0, y0, x1, y1) of at most ``columns`` × ``rows`` small squares around a
    square, starting on a big-square border where the map allows."""
    dx, dy = board.offset

    def span(centre: int, size: int, total: int, offset: int) -> tuple[int, int]:
        size = min(size, total)
        start = max(0, min(centre - size // 2, total - size))
        if (start + offset) % 2 and start > 0:
            start -= 1  # start on a big-square border
        return start, min(total, start + size)

    xa, xb = span(around[0], columns, board.width, dx)
    ya, yb = span(around[1], rows, board.height, dy)
    return xa, ya, xb, yb


def fits(board: Board, width: int) -> int:
    """How many columns of small squares fit in ``width`` characters."""
    return max(2, (width - len(str(board.height)) - 2) // 2)


def cell_chars(lines: list[str], width: int, height: int) -> list[str]:
    """Read the square characters back out of plain ``render_board`` lines (tests)."""
    first = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("+"))
    label_width = lines[first].index("+")
    rows = [ln for ln in lines[first:] if ln[:label_width].strip().isdigit()][:height]
    return ["".join(line[label_width + 1 + 2 * x] for x in range(width)) for line in rows]


def figure_legend(figures: dict) -> list[str]:
    symbols = figure_symbols(figures)
    out = []
    for fid, fig in figures.items():
        where = fig.get("square") or "off the map"
        status = [s for s in ("stunned", "vulnerable", "down") if fig.get(s)]
        if fig.get("wounds"):
            status.append(f"{fig['wounds']} wound(s)")
        if fig.get("side") == "cat" and fig.get("health") is not None:
            status.append(f"health {fig['health']}")
        if fig.get("side") == "cat" and fig.get("ap") is not None:
            status.append(f"{fig['ap']} AP")
        kind = fig["type"] if fig.get("revealed", True) or fig.get("side") == "cat" else "face-down marker"
        out.append(f"  {symbols.get(fid, '?')} {fid:<10} {where:<5} {kind}"
                   + (f" ({', '.join(status)})" if status else ""))
    return out
