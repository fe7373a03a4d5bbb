"""A dice source that walks every dice sequence of a short piece of play (the oracle
tests of issue 24): the play is run once per leaf of its chance tree, each run replaying a
prefix of values and taking the lowest face after it, like an odometer. A leaf's chance is
the product of 1/sides over the dice it drew, so the leaves' chances sum to exactly 1 even
when the play draws more or fewer dice on some branches (an attack not made on a dead rat)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any


class Replaying:
    """The dice of one run: ``prefix`` first, then the lowest face of each die."""

    def __init__(self, prefix: list[int]) -> None:
        self.prefix = prefix
        self.values: list[int] = []
        self.ranges: list[tuple[int, int]] = []

    def draw(self, low: int, high: int, label: str = "") -> int:
        i = len(self.values)
        value = self.prefix[i] if i < len(self.prefix) else low
        self.values.append(value)
        self.ranges.append((low, high))
        return value

    def die(self, sides: int) -> int:
        return self.draw(1, sides)

    def shuffle(self, items: list) -> list:
        raise AssertionError("every_sequence walks dice, not shuffles: keep shuffles out of the play")


def every_sequence(play: Callable[[Replaying], Any]) -> Iterator[tuple[Fraction, Any]]:
    """(chance, result) for every dice sequence ``play(dice)`` can draw."""
    prefix: list[int] = []
    while True:
        dice = Replaying(prefix)
        result = play(dice)
        chance = Fraction(1)
        for low, high in dice.ranges:
            chance /= high - low + 1
        yield chance, result
        values, ranges = dice.values, dice.ranges
        while values and values[-1] == ranges[-1][1]:
            values.pop()
            ranges.pop()
        if not values:
            return
        prefix = values[:-1] + [values[-1] + 1]


def distribution(play: Callable[[Replaying], Any]) -> dict[Any, Fraction]:
    """The exact distribution of ``play``'s result over every dice sequence."""
    out: dict[Any, Fraction] = {}
    for chance, result in every_sequence(play):
        out[result] = out.get(result, Fraction(0)) + chance
    return out
