"""Evaluating a parsed expression with a dice source."""

from __future__ import annotations

from collections.abc import Sequence

from claw.core.dice.notation import ActionFace, Const, DiceTerm, Expr, meets, parse
from claw.core.errors import DiceError
from claw.core.rng import draw_tens


class DieRoll:
    """One physical die: ``value`` is what counts (percentile 1..100, action die's number)."""

    __slots__ = ("term", "sides", "value", "kept", "success", "face", "digits")

    def __init__(self, term: int, sides: int, value: int, kept: bool = True,
                 success: bool | None = None, face: ActionFace | None = None,
                 digits: tuple[int, int] | None = None) -> None:
        self.term = term
        self.sides = sides
        self.value = value
        self.kept = kept
        self.success = success
        self.face = face
        self.digits = digits

    def to_json(self) -> dict:
        out: dict = {"term": self.term, "sides": self.sides, "value": self.value, "kept": self.kept}
        if self.success is not None:
            out["success"] = self.success
        if self.face is not None:
            out["symbol"] = self.face.symbol
        if self.digits is not None:
            out["digits"] = list(self.digits)
        return out


class RollResult:
    """``total`` is the expression's value: the signed sum of its terms, a counting term
    worth its successes (``term_values`` holds each signed term). ``successes`` is the
    signed sum of the counting terms alone, None when there are none."""

    __slots__ = ("expr", "dice", "term_values", "total", "successes", "critical")

    def __init__(self, expr: Expr, dice: list[DieRoll], term_values: list[int], total: int,
                 successes: int | None, critical: str | None) -> None:
        self.expr = expr
        self.dice = dice
        self.term_values = term_values
        self.total = total
        self.successes = successes
        self.critical = critical

    def to_json(self, vs: int | None = None) -> dict:
        terms = []
        for (sign, term), value in zip(self.expr.terms, self.term_values, strict=True):
            entry = {"term": term.text(), "sign": sign, "value": value}
            if term.label is not None:
                entry["label"] = term.label
            terms.append(entry)
        out = {"expression": self.expr.text, "total": self.total, "terms": terms,
               "dice": [d.to_json() for d in self.dice], "critical": self.critical}
        if self.successes is not None:
            out["successes"] = self.successes
        if vs is not None:
            out["vs"] = vs
            out["success"] = self.total >= vs
        return out


def _percentile(dice) -> tuple[int, tuple[int, int]]:
    tens = draw_tens(dice, "d100 tens die")
    ones = dice.draw(0, 9, "d100 ones digit")
    value = tens * 10 + ones
    return (value or 100), (tens, ones)


def roll(expression: str | Expr, dice, action_faces: Sequence[ActionFace] | None = None) -> RollResult:
    """Roll ``expression`` with ``dice`` (a DiceSource)."""
    expr = parse(expression) if isinstance(expression, str) else expression
    rolled: list[DieRoll] = []
    term_values: list[int] = []
    total = 0
    successes = None
    critical = None
    crit_term = expr.critical_term
    for index, (sign, term) in enumerate(expr.terms):
        if isinstance(term, Const):
            value = term.value
        elif term.kind == "n" and not term.compare:
            # the common case, kept lean: plain numbered dice, perhaps keep/drop
            draw, sides, label = dice.draw, term.sides, f"d{term.sides}"
            values = [draw(1, sides, label) for _ in range(term.count)]
            group = [DieRoll(index, sides, v) for v in values]
            if term.keep:
                mode, n = term.keep
                order = sorted(range(len(values)), key=values.__getitem__, reverse=(mode == "kh"))
                for i in order[n:]:
                    group[i].kept = False
                value = sum(values[i] for i in order[:n])
            else:
                value = sum(values)
                if index == crit_term:
                    critical = check_critical(values)
            rolled.extend(group)
        else:
            group = _roll_term(index, term, dice, action_faces)
            if term.keep:
                mode, n = term.keep
                order = sorted(range(len(group)), key=lambda i: group[i].value, reverse=(mode == "kh"))
                for i in order[n:]:
                    group[i].kept = False
            if term.compare:
                op, target = term.compare
                value = 0
                for d in group:
                    if d.kept:
                        if isinstance(target, str):
                            d.success = d.face is not None and d.face.shows(target)
                        else:
                            d.success = meets(d.value, op, target)
                        value += d.success
                successes = (successes or 0) + sign * value
            else:
                value = sum(d.value for d in group if d.kept)
            rolled.extend(group)   # (the critical term, a plain 3d6, always takes the lean path)
        value *= sign
        term_values.append(value)
        total += value
    return RollResult(expr, rolled, term_values, total, successes, critical)


def _roll_term(index: int, term: DiceTerm, dice, faces) -> list[DieRoll]:
    if term.kind == "pct":
        out = []
        for _ in range(term.count):
            value, digits = _percentile(dice)
            out.append(DieRoll(index, 100, value, digits=digits))
        return out
    if term.kind == "action":
        if not faces:
            raise DiceError("the action die needs its face table (data/mice/action-die.json)")
        out = []
        named = getattr(dice, "draw_named", None)
        # a physical action die may be typed by its face's name, as the mice commands take it
        labels = [f"{f.number}:{f.symbol}".lower() for f in faces]
        names = {name: i for i, name in enumerate(labels, start=1)}
        symbols = [f.symbol.lower() for f in faces]
        names.update({s: i for i, s in enumerate(symbols, start=1) if symbols.count(s) == 1})
        for _ in range(term.count):
            value = (named(1, len(faces), "action die (face 1-6 or name)", names) if named
                     else dice.draw(1, len(faces), "action die (face 1-6)"))
            face = faces[value - 1]
            out.append(DieRoll(index, len(faces), face.number, face=face))
        return out
    sides = term.sides
    label = f"d{sides}"
    return [DieRoll(index, sides, dice.draw(1, sides, label)) for _ in range(term.count)]


def check_critical(values: Sequence[int]) -> str | None:
    """Warriors checks: on 3d6, two or three 1s are a critical failure, two or three 6s a
    critical success (Rolling the Dice)."""
    if sum(v == 1 for v in values) >= 2:
        return "failure"
    if sum(v == 6 for v in values) >= 2:
        return "success"
    return None
