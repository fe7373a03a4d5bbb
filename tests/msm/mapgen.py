"""Deterministic random maps for stress tests and benchmarks (not rules code)."""

from __future__ import annotations

from claw.core.msm.squares import square_name
from claw.core.rng import SeededDice


def random_map(size: int = 64, seed: int = 1, blocking: float = 0.15, hindering: float = 0.05,
               walls: int = 150, rats: int = 40, cats: int = 4) -> dict:
    """A ``map:`` mapping: ``blocking`` share of red squares, some yellow squares,
    ``walls`` single wall edges, ``rats`` R squares and ``cats`` C squares."""
    dice = SeededDice(seed)
    grid = [["."] * size for _ in range(size)]
    for y in range(size):
        for x in range(size):
            roll = dice.draw(0, 9999, "terrain")
            if roll < blocking * 10000:
                grid[y][x] = "#"
            elif roll < (blocking + hindering) * 10000:
                grid[y][x] = "~"

    def place(ch: str, count: int) -> None:
        placed = 0
        while placed < count:
            x, y = dice.draw(0, size - 1, "x"), dice.draw(0, size - 1, "y")
            if grid[y][x] == ".":
                grid[y][x] = ch
                placed += 1

    place("C", cats)
    place("R", rats)
    place("S", 4)
    place("L", 6)
    wall_list = set()
    while len(wall_list) < walls:
        x, y = dice.draw(0, size - 2, "x"), dice.draw(0, size - 2, "y")
        if dice.draw(0, 1, "side"):
            wall_list.add(f"{square_name((x, y))}-{square_name((x + 1, y))}")
        else:
            wall_list.add(f"{square_name((x, y))}-{square_name((x, y + 1))}")
    return {"rows": ["".join(r) for r in grid], "walls": sorted(wall_list)}
