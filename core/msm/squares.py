"""Square names as players say them: columns lettered, rows numbered ("C7").

Internally a small square is ``(x, y)``: column ``x`` from 0 (A) to the right,
row ``y`` from 0 (row 1) downwards. Columns past Z continue AA, AB, … as in a
spreadsheet, so large maps keep readable names.
"""

from __future__ import annotations

import re

from claw.core.errors import UsageError, quoted

Square = tuple[int, int]

_NAME = re.compile(r"^([A-Za-z]{1,3})([0-9]{1,4})$")


def column_name(x: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    if x < 0:
        raise ValueError(f"negative column: {x}")
    letters = ""
    x += 1
    while x:
        x, rest = divmod(x - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def column_index(letters: str) -> int:
    """A -> 0, Z -> 25, AA -> 26 (case-insensitive)."""
    value = 0
    for ch in letters.upper():
        value = value * 26 + (ord(ch) - 64)
    return value - 1


def square_name(square: Square) -> str:
    x, y = square
    return f"{column_name(x)}{y + 1}"


def is_square_name(text: str) -> bool:
    return bool(_NAME.match(text.strip()))


def parse_square(text: str) -> Square:
    """``"C7"`` -> ``(2, 6)``; raises UsageError naming the text when malformed."""
    match = _NAME.match(text.strip())
    if not match or int(match.group(2)) < 1:
        raise UsageError(f"not a square name (expected e.g. C7): {quoted(text)}")
    return column_index(match.group(1)), int(match.group(2)) - 1


def orthogonal_neighbours(square: Square) -> list[Square]:
    """The four adjacent squares (Core Concepts, Adjacency), in the order N, E, S, W."""
    x, y = square
    return [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]


def diagonal_neighbours(square: Square) -> list[Square]:
    x, y = square
    return [(x + 1, y - 1), (x + 1, y + 1), (x - 1, y + 1), (x - 1, y - 1)]


def is_adjacent(a: Square, b: Square) -> bool:
    """Orthogonal adjacency only, as the rulebook's Adjacency section defines it."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def manhattan(a: Square, b: Square) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])
