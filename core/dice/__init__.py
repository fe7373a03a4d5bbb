"""Dice expressions: one AST for rolling, exact odds and explanations (d20-style stages).

>>> from claw.core.rng import PhysicalDice
>>> r = roll("4d6kh3+2", PhysicalDice([6, 1, 4, 5]))
>>> r.total, [d.value for d in r.dice if not d.kept]
(17, [1])
>>> str(distribution("2d6").probability(7))
'1/6'
"""

from claw.core.dice.notation import ActionFace, Const, DiceTerm, Expr, parse
from claw.core.dice.rolling import DieRoll, RollResult, check_critical, roll

_ODDS = ("Distribution", "critical_odds", "distribution")


def __getattr__(name: str):
    # exact odds pull in fractions and math; a plain roll should not pay for them
    if name in _ODDS:
        from claw.core.dice import odds

        return getattr(odds, name)
    raise AttributeError(name)

__all__ = [
    "ActionFace", "Const", "DiceTerm", "Expr", "parse", "roll", "RollResult", "DieRoll",
    "distribution", "Distribution", "critical_odds", "check_critical",
]
