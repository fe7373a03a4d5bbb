"""The pieces on the msm board picture: map markers (loot, objective, spawn, start squares)
and figures (a ``<g>`` with a ``<title>`` each: id, type, square, status). Drawn by
:func:`claw.cli.games.msm.svg.board_svg`; ``X``/``Y`` map square coordinates to the drawing's."""

from __future__ import annotations

from claw.cli.render.svg import Drawing, el, num
from claw.core.msm.board import Board
from claw.core.msm.squares import Square, parse_square, square_name

CELL = 32  # one small square, in the drawing's units (claw.cli.games.msm.svg uses it too)
CAT_COLOURS = {"guy": "#1f4fa8", "adara": "#7b2c8f", "leon": "#c0661b", "nera": "#2b2b2b"}
SPARE_COLOURS = ("#00707a", "#8f2c4a", "#4a6b00", "#444c8f")
STATUS = ("stunned", "vulnerable", "down")


def _figure_title(fid: str, fig: dict) -> str:
    kind = fig.get("type", "?") if fig.get("revealed", True) or fig.get("side") == "cat" else "face-down rat marker"
    side = "cat" if fig.get("side") == "cat" else "rat"
    status = [s for s in STATUS if fig.get(s)]
    if fig.get("wounds"):
        status.append(f"{fig['wounds']} wound(s)")
    if side == "cat" and fig.get("health") is not None:
        status.append(f"health {fig['health']}")
    if side == "cat" and fig.get("ap") is not None:
        status.append(f"{fig['ap']} AP")
    return f"{fid} · {side} {kind} · {fig['square']}" + (f" · {', '.join(status)}" if status else "")


def _slots(n: int) -> list[tuple[float, float, float]]:
    """(dx, dy, radius) inside a square for ``n`` figures sharing it."""
    if n == 1:
        return [(0.5, 0.5, 0.38)]
    if n == 2:
        return [(0.3, 0.5, 0.24), (0.7, 0.5, 0.24)]
    return [(0.27 + 0.46 * (i % 2), 0.27 + 0.46 * (i // 2 % 2), 0.2) for i in range(n)]


def markers_layer(d: Drawing, board: Board, state: dict | None, X, Y) -> None:
    loot = (state.get("loot") or {}).get("markers") if state else None
    objectives = state.get("objective_markers") if state else None
    g = d.add(el("g", class_="markers"))
    for name in sorted(board.markers):
        for sq in board.markers[name]:
            x, y = X(sq[0]), Y(sq[1])
            where = square_name(sq)
            if name == "L":
                count = board.marker_counts.get(sq, 2) if loot is None else loot.get(where, 0)
                if not count:
                    continue
                m = g.add(el("g", class_="marker loot"))
                m.add(el("title", f"loot square {where}: {count} marker(s)"))
                m.add(el("circle", cx=x + 8, cy=y + 8, r=6))
                m.add(el("text", str(count), x=x + 8, y=y + 11.5))
            elif name == "O":
                if objectives is not None and where not in objectives:
                    continue
                m = g.add(el("g", class_="marker objective"))
                m.add(el("title", f"objective marker {where}"))
                m.add(el("rect", x=x + 2.5, y=y + 2.5, width=12, height=12))
                m.add(el("text", "O", x=x + 8.5, y=y + 12))
            elif name == "S" or name.startswith("S"):
                m = g.add(el("g", class_="marker spawn"))
                m.add(el("title", f"spawn point {name} {where}"))
                m.add(el("rect", x=x + 2, y=y + 2, width=14, height=12, rx=2))
                m.add(el("text", name if len(name) < 3 else name[-2:], x=x + 9, y=y + 11.5))
            elif name in ("C", "R") and state is None:  # start squares: on a map preview only
                m = g.add(el("g", class_="marker start"))
                m.add(el("title", f"{'cat' if name == 'C' else 'rat'} start square {where}"))
                m.add(el("text", "c" if name == "C" else "r", x=x + 6, y=y + 11))


def figures_layer(d: Drawing, figures: dict, symbols: dict[str, str], X, Y) -> None:
    at: dict[Square, list[str]] = {}
    for fid, fig in figures.items():
        if fig.get("square"):
            at.setdefault(parse_square(fig["square"]), []).append(fid)
    spare = iter(SPARE_COLOURS * 8)
    colours = {fid: CAT_COLOURS.get(fig.get("type", "")) or next(spare)
               for fid, fig in figures.items() if fig.get("side") == "cat"}
    g = d.add(el("g", class_="figures"))
    for sq in sorted(at, key=lambda s: (s[1], s[0])):
        here = sorted(at[sq], key=lambda f: (figures[f].get("side") != "rat", f))  # cats drawn last, on top
        for (fx, fy, r), fid in zip(_slots(len(here)), here, strict=False):
            fig = figures[fid]
            cx, cy, rad = X(sq[0] + fx), Y(sq[1] + fy), r * CELL
            cat = fig.get("side") == "cat"
            classes = ["figure", "cat" if cat else "rat"]
            if not cat:
                classes.append(fig.get("type", "") if fig.get("revealed", True) else "facedown")
            classes += [s for s in STATUS if fig.get(s)]
            fg = g.add(el("g", class_=" ".join(classes), id="fig-" + fid))
            fg.add(el("title", _figure_title(fid, fig)))
            if cat:
                fg.add(el("circle", class_="body", cx=cx, cy=cy, r=rad, fill=colours[fid]))
            else:
                fg.add(el("rect", class_="body", x=cx - rad, y=cy - rad, width=2 * rad, height=2 * rad,
                          rx=rad * 0.35))
            size = 13 if r > 0.3 else 10
            fg.add(el("text", symbols.get(fid, "?"), x=cx, y=cy + size * 0.36,
                      style=None if size == 13 else "font-size:10px"))
            badge = 0
            for status, cls, letter in (("stunned", "badge-stun", "z"), ("vulnerable", "badge-vul", "v")):
                if fig.get(status):
                    bx, by = cx + rad * 0.8 - badge * 9, cy - rad * 0.8
                    fg.add(el("circle", class_=f"badge {cls}", cx=bx, cy=by, r=5))
                    fg.add(el("text", letter, class_="badge-text", x=bx, y=by + 3))
                    badge += 1
            if fig.get("down"):
                fg.add(el("path", d=f"M{num(cx - rad)},{num(cy - rad)} L{num(cx + rad)},{num(cy + rad)} "
                          f"M{num(cx + rad)},{num(cy - rad)} L{num(cx - rad)},{num(cy + rad)}",
                          stroke="#111111", stroke_width=2))
