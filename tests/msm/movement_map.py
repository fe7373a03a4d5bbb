"""The rulebook's movement example rebuilt as a map (Guy on C3; red squares D4, G5,
G6), shared by the movement and path-finding tests."""

from claw.core.msm.board import parse_map


def board_of(rows, walls=()):
    board, problems = parse_map({"rows": list(rows), "walls": list(walls)})
    assert problems == []
    return board


def fig(side, type_, square, revealed=True):
    return {"side": side, "type": type_, "square": square, "revealed": revealed}


MOVE_MAP = board_of([
    "........",
    "........",
    "........",
    "...#....",
    "......#.",
    "......#.",
    "........",
    "........",
])
