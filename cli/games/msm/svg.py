"""The msm board as an SVG picture (``claw show --svg``; the overlays of ``los``, ``moves``, ``rats``).

One small square is ``CELL`` user units; big squares have a heavier outline. Terrain is a
class on each square's ``<rect>`` (``open``, ``blocking``, ``hindering``) and is drawn with
hatching as well as colour (cross-hatched red for blocking, diagonal lines on yellow for
hindering), so the picture reads without colour. Every wall and yellow line is one
``<line>`` carrying its edge name; every figure one ``<g>`` with a ``<title>`` (id, type,
square, status) that a browser shows on hover. The ``<desc>`` holds the text board.
"""

from __future__ import annotations

from claw.cli.games.msm.svg_overlays import Overlay
from claw.cli.games.msm.svg_pieces import CELL, figures_layer, markers_layer
from claw.cli.render.svg import Drawing, Element, el, escape, num
from claw.core.msm.board import BLOCKING, HINDERING, Board, edge_name
from claw.core.msm.squares import column_name

LABEL = 24          # the coordinate margins (row numbers left, column letters on top)
HEAD = 54           # the title lines above the board
PAD = 10

STYLE = """
text{fill:#1d1d1d}
.sq{stroke:none}
.open{fill:#f6f1e4}
.blocking{fill:#e07a6e}
.hindering{fill:#f7dc6f}
.hatch-blocking{fill:url(#hatch-red)}
.hatch-hindering{fill:url(#hatch-yellow)}
.grid{stroke:#bdb4a2;stroke-width:0.6}
.big{stroke:#5b5548;stroke-width:1.6;fill:none}
.wall{stroke:#7a0c0c;stroke-width:5;stroke-linecap:round}
.yellow-line{stroke:#6b5200;stroke-width:5;stroke-linecap:round}
.yellow-line-top{stroke:#f2c200;stroke-width:3;stroke-dasharray:5 3}
.coord{font-size:11px;fill:#4a4a4a;text-anchor:middle}
.title{font-size:18px;font-weight:bold}
.sub{font-size:12px;fill:#3a3a3a}
.note{font-size:12px;fill:#8a1c1c;font-style:italic}
.marker{font-size:10px;font-weight:bold;text-anchor:middle}
.loot circle{fill:#e7b416;stroke:#6b5200;stroke-width:1}
.objective rect{fill:#ffffff;stroke:#1f4fa8;stroke-width:2}
.spawn rect{fill:#2f7d32;stroke:none}
.spawn text{fill:#ffffff}
.start text{fill:#5b5548;font-weight:normal}
.figure text{font-size:13px;font-weight:bold;text-anchor:middle;fill:#ffffff}
.figure .body{stroke:#111111;stroke-width:1.5}
.rat .body{fill:#7b4a25}
.rat.detestable .body{fill:#3f6b22}
.rat.arbaletrier .body{fill:#5b2e7a}
.rat.norwegian-brown .body{fill:#a0522d}
.facedown .body{fill:#8c8c8c}
.down{opacity:0.45}
.badge{stroke:#111111;stroke-width:1}
.badge-text{font-size:8px;font-weight:bold;text-anchor:middle;fill:#111111}
.stunned .badge-stun{fill:#ffd84d}
.vulnerable .badge-vul{fill:#ff8a8a}
.track rect{fill:#ffffff;stroke:#5b5548;stroke-width:1}
.track .now rect{fill:#ffe9a8;stroke:#1d1d1d;stroke-width:2.5}
.track text{font-size:11px;text-anchor:middle}
.legend text{font-size:11px}
.sight{stroke:#1f7a1f;stroke-width:2.5;fill:none}
.sight-hindered{stroke:#b8860b;stroke-width:2.5;stroke-dasharray:6 3;fill:none}
.sight-blocked{stroke:#b22222;stroke-width:1;stroke-dasharray:2 3;fill:none;opacity:0.7}
.blocker{fill:none;stroke:#d00000;stroke-width:3}
.reach-1{fill:#1f77b4;opacity:0.28}
.reach-2{fill:#1f77b4;opacity:0.5}
.reach-3{fill:#0b3d66;opacity:0.55}
.cost{font-size:10px;text-anchor:middle;fill:#0b2340;font-weight:bold}
.step{stroke:#c0392b;stroke-width:2.5;fill:none;marker-end:url(#arrow)}
.step-tied{stroke:#d4a000;stroke-width:2.5;stroke-dasharray:5 3;fill:none;marker-end:url(#arrow-tied)}
.from{fill:none;stroke:#1f4fa8;stroke-width:3}
.target{fill:none;stroke:#1d1d1d;stroke-width:2;stroke-dasharray:4 2}
.blocker-edge{stroke:#ff2020;stroke-width:3}
.seen{fill:#2e8b57;opacity:0.35}
.seen-hindered{fill:#d4a000;opacity:0.45}
.order{fill:#ffffff;stroke:#c0392b;stroke-width:1.5}
.order-text{font-size:9px;font-weight:bold;text-anchor:middle;fill:#c0392b}
""".strip()

def _defs(drawing: Drawing) -> None:
    # the hatching alone (the squares carry the colour): one path per terrain uses it
    red = drawing.defs.add(el("pattern", id="hatch-red", width=8, height=8, patternUnits="userSpaceOnUse"))
    red.add(el("path", d="M0,0 L8,8 M8,0 L0,8", stroke="#7a0c0c", stroke_width=1.2))
    yellow = drawing.defs.add(el("pattern", id="hatch-yellow", width=8, height=8, patternUnits="userSpaceOnUse"))
    yellow.add(el("path", d="M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6", stroke="#9a7b00", stroke_width=1))
    for name, colour in (("arrow", "#c0392b"), ("arrow-tied", "#d4a000")):
        m = drawing.defs.add(el("marker", id=name, viewBox="0 0 10 10", refX=8, refY=5, markerWidth=3.5,
                                markerHeight=3.5, orient="auto"))
        m.add(el("path", d="M0,0 L10,5 L0,10 z", fill=colour))


def board_svg(board: Board, figures: dict | None = None, *, state: dict | None = None, title: str = "",
              note: str = "", overlay: Overlay | None = None, desc: str = "") -> str:
    """The SVG document of a board (with a state's figures, markers and round track)."""
    from claw.cli.games.msm.render import figure_symbols

    figures = figures or {}
    w, h = board.width, board.height
    # On a large map the title, track and legend grow with the board, so that at any
    # picture size they stay as readable as the squares (the 64x64 example: twice).
    k = max(1.0, w * CELL / 1024, h * CELL / 1024)
    ck = min(k, 1.35)  # coordinates: as large as a column's width allows
    ox, oy = PAD + LABEL * ck, (PAD + HEAD) * k + LABEL * ck
    track = ((state or {}).get("round") or {}).get("track") or []
    below = (70 if track else 28) * k
    width = max(ox + w * CELL + PAD, 360 * k)
    height = oy + h * CELL + below + 34 * k
    d = Drawing(width, height, title=(title or "msm board") + (f" ({note})" if note else ""), desc=desc, style=STYLE)
    _defs(d)
    d.add(el("rect", width=width, height=height, fill="#ffffff"))
    head = d.add(el("g", class_="head", transform=None if k == 1 else f"scale({num(k)})"))
    head.add(el("text", title or "msm board", class_="title", x=PAD, y=PAD + 18))
    sub = _subtitle(state, overlay)
    if sub:
        head.add(el("text", sub, class_="sub", x=PAD, y=PAD + 35))
    if note:
        head.add(el("text", note, class_="note", x=PAD, y=PAD + 50))

    def X(x: float) -> float:
        return ox + x * CELL

    def Y(y: float) -> float:
        return oy + y * CELL

    coords = d.add(el("g", class_="coords", style=None if ck == 1 else f"font-size:{num(11 * ck)}px"))
    for x in range(w):
        coords.add(el("text", column_name(x), class_="coord", x=X(x + 0.5), y=oy - 8 * ck))
    for y in range(h):
        coords.add(el("text", str(y + 1), class_="coord", x=ox - LABEL * ck / 2, y=Y(y + 0.5) + 4 * ck))
    _squares(d, board, X, Y)
    _grid(d, board, X, Y)
    if overlay:
        shade = d.add(el("g", class_="overlay-squares"))
        for sq, cls, label in overlay.shade:
            shade.add(el("rect", class_=cls, x=X(sq[0]), y=Y(sq[1]), width=CELL, height=CELL))
            if label:
                shade.add(el("text", label, class_="cost", x=X(sq[0] + 0.82), y=Y(sq[1] + 0.92)))
    _edges(d, board, X, Y)
    figures_layer(d, figures, figure_symbols(figures), X, Y)
    markers_layer(d, board, state, X, Y)  # in the squares' corners, over a figure standing there
    if overlay:
        _overlay(d, overlay, X, Y)
    y_end = Y(h)
    scale = None if k == 1 else f"scale({num(k)})"
    if track:
        _track(d.add(el("g", transform=scale)), state or {}, PAD / k, (y_end + 12) / k)
    _legend(d.add(el("g", transform=scale)), PAD / k, (height - 14 * k) / k)
    return d.to_string()


def _subtitle(state: dict | None, overlay: Overlay | None) -> str:
    if overlay and overlay.caption:
        return overlay.caption
    if not state:
        return ""
    rnd = state.get("round") or {}
    parts = [f"round {rnd.get('number')}", f"phase {state.get('phase')}"]
    if state.get("outcome"):
        parts.append(f"scenario over: {state['outcome'].get('result')}")
    return " · ".join(parts)


def _squares(d: Drawing, board: Board, X, Y) -> None:
    """A ``<rect>`` per square, its class the terrain, then the hatching. A map has hundreds
    of squares: their start tags are put together here from each column's and row's
    position, written once (an ``el()`` call per square was most of a picture's cost)."""
    w, h = board.width, board.height
    xs, ys = [num(X(x)) for x in range(w)], [num(Y(y)) for y in range(h)]
    terrain = [board.terrain_at((x, y)) for y in range(h) for x in range(w)]
    heads = {t: f'<rect class="{escape("sq " + t, True)}" x="' for t in set(terrain)}
    size = f'" width="{CELL}" height="{CELL}"'
    squares = d.add(el("g", class_="squares"))
    squares.children += [Element("rect", f'{heads[terrain[y * w + x]]}{xs[x]}" y="{ys[y]}{size}')
                         for y in range(h) for x in range(w)]
    # Hatching over the coloured squares: one path per terrain (a pattern fill per square
    # would make resvg paint the pattern once per square: slow on a large map).
    for kind in (BLOCKING, HINDERING):
        runs = [f"M{xs[x]},{ys[y]}h{CELL}v{CELL}h-{CELL}z" for y in range(h) for x in range(w)
                if terrain[y * w + x] == kind]
        if runs:
            squares.add(el("path", class_="hatch-" + kind, d="".join(runs)))


def _grid(d: Drawing, board: Board, X, Y) -> None:
    w, h = board.width, board.height
    dx, dy = board.offset
    thin: list[str] = []
    thick: list[str] = []
    for x in range(w + 1):
        (thick if x in (0, w) or (x + dx) % 2 == 0 else thin).append(f"M{num(X(x))},{num(Y(0))} V{num(Y(h))}")
    for y in range(h + 1):
        (thick if y in (0, h) or (y + dy) % 2 == 0 else thin).append(f"M{num(X(0))},{num(Y(y))} H{num(X(w))}")
    d.add(el("path", class_="grid", d=" ".join(thin)))
    d.add(el("path", class_="big", d=" ".join(thick)))


def _edge_line(e, X, Y) -> tuple[float, float, float, float]:
    (ax, ay), (bx, by) = sorted(e)
    if ay == by:  # side by side: the vertical line between them
        return X(bx), Y(ay), X(bx), Y(ay + 1)
    return X(ax), Y(by), X(ax + 1), Y(by)


def _edges(d: Drawing, board: Board, X, Y) -> None:
    g = d.add(el("g", class_="edges"))
    for e in sorted(board.yellow_lines, key=edge_name):
        x1, y1, x2, y2 = _edge_line(e, X, Y)
        g.add(el("line", class_="yellow-line", x1=x1, y1=y1, x2=x2, y2=y2, data_edge=edge_name(e)))
        g.add(el("line", class_="yellow-line-top", x1=x1, y1=y1, x2=x2, y2=y2))
    for e in sorted(board.walls, key=edge_name):
        x1, y1, x2, y2 = _edge_line(e, X, Y)
        g.add(el("line", class_="wall", x1=x1, y1=y1, x2=x2, y2=y2, data_edge=edge_name(e)))


def _overlay(d: Drawing, overlay: Overlay, X, Y) -> None:
    g = d.add(el("g", class_="overlay"))
    for sq, cls in overlay.rings:
        g.add(el("rect", class_=cls, x=X(sq[0]) + 2, y=Y(sq[1]) + 2, width=CELL - 4, height=CELL - 4))
    for a, b, cls in overlay.edges:
        x1, y1, x2, y2 = _edge_line((a, b), X, Y)
        g.add(el("line", class_=cls, x1=x1, y1=y1, x2=x2, y2=y2))
    for (ax, ay), (bx, by), cls in overlay.lines:
        g.add(el("line", class_=cls, x1=X(ax), y1=Y(ay), x2=X(bx), y2=Y(by)))
    for a, b, cls in overlay.arrows:
        ax, ay, bx, by = X(a[0] + 0.5), Y(a[1] + 0.5), X(b[0] + 0.5), Y(b[1] + 0.5)
        # stop short of the centres so the arrow head does not hide the figure's letter
        length = max(1e-9, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
        k0, k1 = 0.4 * CELL / length, 1 - 0.12 * CELL / length
        g.add(el("line", class_=cls, x1=ax + (bx - ax) * k0, y1=ay + (by - ay) * k0,
                 x2=ax + (bx - ax) * k1, y2=ay + (by - ay) * k1))
    for sq, text in overlay.labels:
        g.add(el("circle", class_="order", cx=X(sq[0]) + 4, cy=Y(sq[1]) + 4, r=6.5))
        g.add(el("text", text, class_="order-text", x=X(sq[0]) + 4, y=Y(sq[1]) + 7.5))


def _track(parent, state: dict, x0: float, y0: float) -> None:
    rnd = state.get("round") or {}
    track = rnd.get("track") or []
    g = parent.add(el("g", class_="track"))
    g.add(el("text", "Round track", x=x0, y=y0 + 10, style="text-anchor:start;font-weight:bold"))
    box = 44
    for i, space in enumerate(track):
        cell = g.add(el("g", class_="now" if i == rnd.get("space") else "space"))
        cell.add(el("title", f"round track space {i + 1}: " + (", ".join(space) or "no spawn")))
        x = x0 + i * (box + 4)
        cell.add(el("rect", x=x, y=y0 + 16, width=box, height=26, rx=3))
        cell.add(el("text", ",".join(space) or "-", x=x + box / 2, y=y0 + 33))


LEGEND = (("open", "sq open"), ("red: blocking", "sq blocking"), ("yellow: hindering", "sq hindering"),
          ("wall", "wall"), ("yellow line", "yellow-line"))


def _legend(parent, x0: float, y: float) -> None:
    g = parent.add(el("g", class_="legend"))
    x = x0
    for label, cls in LEGEND:
        if cls.startswith("sq"):
            g.add(el("rect", class_=cls, x=x, y=y - 10, width=12, height=12, stroke="#5b5548", stroke_width=0.8))
            if cls != "sq open":
                g.add(el("rect", class_="hatch-" + cls.split()[1], x=x, y=y - 10, width=12, height=12))
        else:
            g.add(el("line", class_=cls, x1=x, y1=y - 4, x2=x + 12, y2=y - 4))
            if cls == "yellow-line":
                g.add(el("line", class_="yellow-line-top", x1=x, y1=y - 4, x2=x + 12, y2=y - 4))
        g.add(el("text", label, x=x + (16 if cls.startswith("sq") else 18), y=y))
        x += 26 + 6.4 * len(label)
