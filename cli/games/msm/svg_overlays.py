"""What the msm queries mark on the board picture (chess.svg's squares and arrows): the
sight lines of `claw los`, the squares seen by `los --all`, the reach of `claw moves`, the
rats' next steps of `claw rats`. Data only; :func:`claw.cli.games.msm.svg.board_svg` draws it."""

from __future__ import annotations

from claw.core.msm.board import Board
from claw.core.msm.squares import Square, parse_square


class Overlay:
    """What a query marks on the board: shaded squares (class, label), sight lines
    (corner points in square units, class), arrows between square centres (class) and
    ringed squares (class), and a caption under the title."""

    def __init__(self, caption: str = "") -> None:
        self.caption = caption
        self.shade: list[tuple[Square, str, str]] = []
        self.lines: list[tuple[tuple[float, float], tuple[float, float], str]] = []
        self.arrows: list[tuple[Square, Square, str]] = []
        self.rings: list[tuple[Square, str]] = []
        self.edges: list[tuple[Square, Square, str]] = []
        self.labels: list[tuple[Square, str]] = []


def overlay_line(a: Square, b: Square, start: tuple[int, int], end: tuple[int, int], cls: str):
    """A sight line between the corners ``start`` and ``end`` (0/1 offsets) of two squares,
    drawn a little inside each corner as the rules' line is."""
    inset = 0.06

    def corner(sq: Square, c: tuple[int, int]) -> tuple[float, float]:
        return (sq[0] + c[0] + (inset if c[0] == 0 else -inset), sq[1] + c[1] + (inset if c[1] == 0 else -inset))

    return corner(a, start), corner(b, end), cls


_SQUARE_AT_END = r"(?:red square|on) ([A-Z]+[0-9]+)$"
_WALL = r"^wall between ([A-Z]+[0-9]+) and ([A-Z]+[0-9]+)$"


def sight_overlay(board: Board, sight, caption: str) -> Overlay:
    """``claw los A B --svg``: every corner-to-corner line (the best one bold: green when
    clear, dashed amber when hindered; blocked ones dotted red) and what blocked them."""
    import re

    o = Overlay(caption)
    a, b = sight.source, sight.target
    o.rings += [(a, "from"), (b, "target")]
    blockers: set[str] = set()
    for line in sight.lines:
        if line is sight.witness:
            continue
        if line.blocked_by:
            o.lines.append(overlay_line(a, b, line.start, line.end, "sight-blocked"))
            blockers.add(line.blocked_by)
    if sight.witness is not None and a != b:
        o.lines.append(overlay_line(a, b, sight.witness.start, sight.witness.end,
                                    "sight-hindered" if sight.hindered else "sight"))
    if not sight.visible:
        for text in sorted(blockers):
            found, wall = re.search(_SQUARE_AT_END, text), re.match(_WALL, text)
            if wall:
                o.edges.append((parse_square(wall.group(1)), parse_square(wall.group(2)), "blocker-edge"))
            elif found:
                o.rings.append((parse_square(found.group(1)), "blocker"))
    return o


def seen_overlay(source: Square, seen: dict[Square, bool], caption: str) -> Overlay:
    """``claw los --all A --svg``: the squares seen from A (amber where hindered)."""
    o = Overlay(caption)
    for sq in sorted(seen, key=lambda s: (s[1], s[0])):
        if sq != source:
            o.shade.append((sq, "seen-hindered" if seen[sq] else "seen", ""))
    o.rings.append((source, "from"))
    return o


def reach_overlay(start: Square, options: dict[str, list[Square]], cost: dict[str, int], caption: str) -> Overlay:
    """``claw moves CAT --svg``: each reachable square shaded by its cheapest cost in AP."""
    best: dict[Square, int] = {}
    for mode, squares in options.items():
        for sq in squares:
            best[sq] = min(best.get(sq, 99), cost[mode])
    o = Overlay(caption)
    for sq in sorted(best, key=lambda s: (s[1], s[0])):
        o.shade.append((sq, f"reach-{min(best[sq], 3)}", str(best[sq])))
    o.rings.append((start, "from"))
    return o


def rats_overlay(order: list[str], plans: dict, ties: list) -> Overlay:
    """``claw rats --svg``: the activation order on each rat and an arrow to its next step
    (dashed amber arrows for steps tied with it, the player's choice)."""
    o = Overlay("rat activation order and next steps" + (" (ties: dashed)" if ties else ""))
    for i, rid in enumerate(order, 1):
        plan = plans[rid]
        o.labels.append((plan.square, str(i)))
        if not plan.distance:
            continue
        target = plan.cats[0]
        steps = plan.steps_for.get(target, plan.steps)
        for j, step in enumerate(steps):
            o.arrows.append((plan.square, step, "step" if j == 0 else "step-tied"))
        for other in plan.cats[1:]:
            for step in plan.steps_for.get(other, [])[:1]:
                if step not in steps:
                    o.arrows.append((plan.square, step, "step-tied"))
    return o
