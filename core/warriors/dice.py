"""The game's dice (rulebook: How the Dice Work): 3d6 checks with criticals,
percentile from two d10 digits, d4/d6 damage and the death roll."""

from __future__ import annotations


def roll_3d6(dice, label: str = "check") -> list[int]:
    """The three d6 of a check, in the order drawn."""
    return [dice.draw(1, 6, f"{label} 3d6") for _ in range(3)]


def critical(rolled: list[int]) -> str | None:
    """Two or three 1s: critical failure; two or three 6s: critical success."""
    if rolled.count(1) >= 2:
        return "failure"
    if rolled.count(6) >= 2:
        return "success"
    return None


def d100(dice, label: str = "") -> tuple[int, list[int]]:
    """Percentile: tens die then ones digit; 00 and 0 make 100. Physical dice may give the
    tens die as its face (70) or its digit (7) (How the Dice Work: 70 and 1 is 71)."""
    from claw.core.rng import draw_tens

    pre = f"{label} " if label else ""
    tens = draw_tens(dice, f"{pre}d100 tens die")
    ones = dice.draw(0, 9, f"{pre}d100 ones digit")
    value = tens * 10 + ones
    return (100 if value == 0 else value), [tens, ones]


def below(roll: int, threshold: int, rule: str = "below") -> bool:
    """The rulebook's "1d100 < N" (``rule='below'``, the literal die rule) or the
    stated N% (``rule='percent'``: roll <= N)."""
    return roll < threshold if rule == "below" else roll <= threshold
