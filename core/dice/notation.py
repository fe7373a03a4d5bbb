"""Parsing dice notation into an AST. Our own small recursive-descent parser (no eval).

Grammar (case-insensitive, spaces ignored)::

    expr    := ["+"|"-"] term (("+"|"-") term)*
    term    := (INT | dice) [label]
    dice    := [INT] "d" sides [keep] [compare]
    sides   := INT | "%" | "a"                 # "%" percentile (two d10), "a" action die
    keep    := ("kh"|"kl"|"dh"|"dl") [INT]     # count defaults to 1
    compare := (">="|"<="|">"|"<"|"=") (INT | symbol)   # count dice meeting it
    label   := "[" text "]"                    # d20's annotation, kept as typed

What an expression means (one reading for rolling, odds and JSON): its value is the
signed sum of its terms, where a counting term (``5d6>=4``) is worth its number of
successes; so ``5d6>=4+1`` is the successes plus one. A bare ``k`` or ``d`` after a die
is refused: tools disagree on it (d20 reads ``4d6k3`` as "keep the 3s", Roll20 as "keep
the highest 3"), so we ask for ``kh``/``kl``/``dh``/``dl``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from claw.core.errors import DiceError, quoted

_DIGITS = frozenset("0123456789")
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")

MAX_TEXT = 200
MAX_DICE = 1000        # per expression
MAX_SIDES = 1000
MAX_CONST = 1_000_000


class ActionFace(NamedTuple):
    """One face of the Mice and Mystics action die: its number and its symbol(s),
    several joined by ``+`` (``sword+shield``)."""

    number: int
    symbol: str
    position: int = 0  # where it sits in the face table (1-6, typed with --dice); 0: not known

    def shows(self, symbol: str) -> bool:
        return symbol in self.symbol.split("+")


class Const(NamedTuple):
    value: int
    label: str | None = None

    def text(self) -> str:
        return str(self.value) + (f"[{self.label}]" if self.label is not None else "")


class DiceTerm(NamedTuple):
    count: int  # type: ignore[assignment]  # shadows tuple.count on purpose: "4d6" has count 4
    sides: int                      # 100 for percentile, 6 for the action die
    kind: str = "n"                 # "n" numbered, "pct" percentile, "action"
    keep: tuple[str, int] | None = None     # ("kh"|"kl", how many kept)
    compare: tuple[str, int | str] | None = None
    label: str | None = None        # "[bless]" as typed, without the brackets

    def text(self) -> str:
        sides = {"pct": "%", "action": "A"}.get(self.kind, str(self.sides))
        out = f"{self.count}d{sides}"
        if self.keep:
            out += f"{self.keep[0]}{self.keep[1]}"
        if self.compare:
            out += f"{self.compare[0]}{self.compare[1]}"
        if self.label is not None:
            out += f"[{self.label}]"
        return out

    @property
    def counts_successes(self) -> bool:
        return self.compare is not None


class Expr(NamedTuple):
    text: str
    terms: tuple[tuple[int, Const | DiceTerm], ...]   # (sign, term)
    # index of the term whose dice decide a Warriors critical: the first plain 3d6 (a check
    # is 3d6, Rolling the Dice), so rolling and odds read the same dice; None without one
    critical_term: int | None = None

    @property
    def dice_terms(self) -> list[DiceTerm]:
        return [t for _, t in self.terms if isinstance(t, DiceTerm)]

    @property
    def counts_successes(self) -> bool:
        return any(t.counts_successes for t in self.dice_terms)


    def canonical(self) -> str:
        out = ""
        for sign, term in self.terms:
            piece = term.text()
            out += ("-" if sign < 0 else ("+" if out else "")) + piece
        return out


def _split_labels(text: str) -> tuple[str, list[str]]:
    """The notation with spaces dropped and case folded, each ``[label]`` replaced by a
    lone ``[``; the labels themselves are kept as typed (trimmed), in order."""
    out: list[str] = []
    labels: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "[":
            end = text.find("]", i + 1)
            inner = text[i + 1:end] if end >= 0 else ""
            if end < 0:
                raise DiceError(f"bad dice expression {quoted(text)}: '[' without a closing ']' "
                                "(labels look like 1d4[bless])")
            if "[" in inner:
                raise DiceError(f"bad dice expression {quoted(text)}: a label cannot contain '['")
            if not inner.strip():
                raise DiceError(f"bad dice expression {quoted(text)}: empty label '[]'")
            labels.append(inner.strip())
            out.append("[")
            i = end + 1
            continue
        if ch == "]":
            raise DiceError(f"bad dice expression {quoted(text)}: ']' without an opening '['")
        if ch != " ":
            out.append(ch.lower())
        i += 1
    return "".join(out), labels


def is_3d6(term: DiceTerm) -> bool:
    return term.count == 3 and term.sides == 6 and term.kind == "n" and not term.keep and not term.compare


class _Parser:
    def __init__(self, text: str) -> None:
        self.src = text
        self.s, self.labels = _split_labels(text)
        self.i = 0

    def fail(self, what: str) -> DiceError:
        near = self.s[self.i:self.i + 8] or "end of expression"
        return DiceError(f"bad dice expression {quoted(self.src)}: {what} at {quoted(near)} (position {self.i + 1})")

    def peek(self, n: int = 1) -> str:
        return self.s[self.i:self.i + n]

    def integer(self, what: str) -> int:
        start = self.i
        while self.i < len(self.s) and self.s[self.i] in _DIGITS:
            self.i += 1
        if start == self.i:
            raise self.fail(f"expected {what}")
        if self.i - start > 7:
            raise self.fail(f"{what} too large")
        return int(self.s[start:self.i])

    def expr(self) -> Expr:
        if not self.s:
            raise DiceError("empty dice expression")
        terms = []
        sign = 1
        if self.peek() in "+-":
            sign = -1 if self.peek() == "-" else 1
            self.i += 1
        terms.append((sign, self.term()))
        while self.i < len(self.s):
            op = self.peek()
            if op not in "+-":
                raise self.fail("expected + or -")
            self.i += 1
            terms.append((-1 if op == "-" else 1, self.term()))
        total = sum(t.count for _, t in terms if isinstance(t, DiceTerm))
        if total > MAX_DICE:
            raise DiceError(f"too many dice in {quoted(self.src)}: {total} (limit {MAX_DICE})")
        crit = next((i for i, (_, t) in enumerate(terms) if isinstance(t, DiceTerm) and is_3d6(t)), None)
        return Expr(self.src.strip(), tuple(terms), crit)

    def term(self) -> Const | DiceTerm:
        count = None
        if self.peek() in _DIGITS and self.peek():
            count = self.integer("a number")
        if self.peek() != "d":
            if count is None:
                raise self.fail("expected a number or a die")
            if count > MAX_CONST:
                raise self.fail("constant too large")
            return Const(count, self.label())
        self.i += 1
        if count is None:
            count = 1
        if count < 1:
            raise self.fail("at least one die is needed")
        if count > MAX_DICE:
            raise DiceError(f"too many dice in {quoted(self.src)}: {count} (limit {MAX_DICE})")
        kind = "n"
        if self.peek() == "%":
            self.i += 1
            kind, sides = "pct", 100
        elif self.peek() == "a" and (self.s[self.i + 1:self.i + 2] or "0") not in _LETTERS - {"k", "d"}:
            self.i += 1
            kind, sides = "action", 6
        else:
            sides = self.integer("the number of sides after 'd'")
            if sides < 1:
                raise self.fail("a die needs at least one side")
            if sides > MAX_SIDES:
                raise DiceError(f"too many sides in {quoted(self.src)}: d{sides} (limit {MAX_SIDES})")
            if sides == 100:
                kind = "pct"  # the Warriors rulebook reads d100 as two d10 (tens and ones)
        keep = self.keep(count)
        compare = self.compare(kind)
        return DiceTerm(count, sides, kind, keep, compare, self.label())

    def label(self) -> str | None:
        if self.peek() != "[":
            return None
        self.i += 1
        if self.peek() == "[":
            raise self.fail("one label per term")
        return self.labels.pop(0)

    def keep(self, count: int) -> tuple[str, int] | None:
        bare = self.peek()
        if bare in ("k", "d") and self.s[self.i + 1:self.i + 2] not in ("h", "l"):
            # tools disagree (d20: 4d6k3 keeps the 3s; Roll20: the highest 3), so we ask
            j = self.i + 1
            while j < len(self.s) and self.s[j] in _DIGITS:
                j += 1
            digits, verb = self.s[self.i + 1:j], ("keep" if bare == "k" else "drop")
            example = f"{bare}{digits or 3}"
            raise self.fail(f"'{bare}' needs h or l ({bare}h{digits} to {verb} the highest, "
                            f"{bare}l{digits} the lowest; d20 reads {example} as '{verb} the {digits or 3}s')"
                            + (", or '+' before another die" if bare == "d" else ""))
        for token in ("kh", "kl", "dh", "dl"):
            if self.s.startswith(token, self.i):
                self.i += len(token)
                n = self.integer("how many dice") if self.peek() and self.peek() in _DIGITS else 1
                mode = token
                if mode in ("dh", "dl"):
                    if n >= count:
                        raise self.fail(f"cannot drop {n} of {count} dice")
                    mode, n = ("kl" if mode == "dh" else "kh"), count - n
                if not 1 <= n <= count:
                    raise self.fail(f"cannot keep {n} of {count} dice")
                return mode, n
        return None

    def compare(self, kind: str) -> tuple[str, int | str] | None:
        for op in (">=", "<=", ">", "<", "="):
            if self.s.startswith(op, self.i):
                self.i += len(op)
                if kind == "action" and self.peek() and self.peek() in _LETTERS:
                    start = self.i
                    while self.i < len(self.s) and self.s[self.i] in _LETTERS:
                        self.i += 1
                    if op != "=":
                        raise self.fail("symbols can only be matched with '='")
                    return op, self.s[start:self.i]
                return op, self.integer("a target number")
        return None


@lru_cache(maxsize=256)
def parse(text: str) -> Expr:
    """Parse dice notation; raises DiceError naming the problem and its position."""
    if not isinstance(text, str):
        raise DiceError(f"dice expression must be text: {text!r}")
    if len(text) > MAX_TEXT:
        raise DiceError(f"dice expression longer than {MAX_TEXT} characters")
    return _Parser(text).expr()


def meets(value: int, op: str, target: int) -> bool:
    if op == ">=":
        return value >= target
    if op == "<=":
        return value <= target
    if op == ">":
        return value > target
    if op == "<":
        return value < target
    return value == target
