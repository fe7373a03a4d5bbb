"""Range in big squares ("Counting Range").

Range counts big squares from the attacker to the target, the target's big square
included and the attacker's not, never diagonally: the orthogonal (Manhattan)
distance between the two big squares.
"""

from __future__ import annotations

from claw.core.msm.board import Board
from claw.core.msm.squares import Square, is_adjacent


def range_between(board: Board, a: Square, b: Square) -> int:
    """Big squares from ``a`` to ``b``: 0 in the same big square."""
    (ax, ay), (bx, by) = board.big(a), board.big(b)
    return abs(ax - bx) + abs(ay - by)


def in_range(board: Board, a: Square, b: Square, weapon_range: int) -> bool:
    """Can a weapon of RANGE ``weapon_range`` at ``a`` reach ``b``?

    RANGE 0: same big square or an adjacent small square. RANGE 1: same or an
    adjacent big square. RANGE 2 and more: 1..N big squares away, never the
    attacker's own big square (the rulebook says so for RANGE 2; we extend it).
    """
    distance = range_between(board, a, b)
    if weapon_range <= 0:
        return distance == 0 or is_adjacent(a, b)
    if weapon_range == 1:
        return distance <= 1
    return 1 <= distance <= weapon_range


def range_text(weapon_range: int) -> str:
    """What a weapon of RANGE ``weapon_range`` reaches, in words (for refusals)."""
    if weapon_range <= 0:
        return "RANGE 0 reaches the attacker's big square and adjacent small squares"
    if weapon_range == 1:
        return "RANGE 1 reaches the attacker's big square and adjacent big squares"
    return f"RANGE {weapon_range} reaches 1 to {weapon_range} big squares away, not the attacker's own"
