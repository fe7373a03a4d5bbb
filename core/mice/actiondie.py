"""The Mice and Mystics action die: six faces, each with a number and a symbol.

The face table is not printed in the chapter; claw ships one in
``data/mice/action-die.json`` and a chapter file may supply its own (``action_die``);
the CLI passes the one in play in here as ``faces``. A roll is one ``dice.draw(1, 6)``:
the value picks the face by its position in the table (``face``), so physical dice are
typed as that position, or by the face's name (``face_names``: ``3:cheese``, or a bare
symbol such as ``cheese`` that only one face shows); the printed number (1-3, each on
two faces) is what Move the Ghost matches.
Exact odds treat the six faces as equally likely and convolve per-die counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import gcd as _gcd
from typing import TYPE_CHECKING, NamedTuple

from claw.core.errors import InvalidInput, UsageError, quoted

if TYPE_CHECKING:
    from fractions import Fraction

CHEESE = "cheese"
MAX_DICE = 60  # far above any chapter roll; keeps user-typed counts from hanging odds


class Face(NamedTuple):  # NamedTuple, not dataclass: cheaper to import on every command
    """One face of the action die: its printed number, the symbols it shows and its
    position in the face table (1-6, what a physical die is typed as; 0: not known)."""
    number: int
    symbols: tuple[str, ...]
    face: int = 0

    def count(self, symbol: str) -> int:
        return self.symbols.count(symbol)

    def label(self) -> str:
        return f"{self.number}:{'+'.join(self.symbols) or 'blank'}"

    def shown(self) -> str:
        """The face in a message: its name and, since the printed number is not the
        position typed at the table, its position too (``3:cheese (face 6)``)."""
        return f"{self.label()} (face {self.face})" if self.face else self.label()


def parse_faces(raw: object) -> tuple[Face, ...]:
    """Faces from the data file: a list, or a mapping with a ``faces`` list.

    Each face has ``face`` (its position 1..6), ``number`` and either ``symbol`` (one
    name, ``a+b`` for a face showing two) or ``symbols`` (a list). Faces are returned
    in position order.
    """
    items = raw.get("faces") if isinstance(raw, dict) else raw
    if not isinstance(items, list) or len(items) != 6:
        raise InvalidInput("action die data: expected 6 faces")
    faces = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("number"), int) \
                or not isinstance(item.get("face", item.get("number")), int):
            raise InvalidInput(f"action die data: face without a number: {quoted(item)}")
        if "symbols" in item:
            syms = tuple(str(s) for s in item["symbols"])
        else:
            syms = tuple(p for p in str(item.get("symbol", "")).replace(" ", "").split("+") if p)
        faces.append((item["face"] if "face" in item else item["number"], Face(item["number"], syms)))
    faces.sort(key=lambda pair: pair[0])
    if [pos for pos, _ in faces] != [1, 2, 3, 4, 5, 6]:
        raise InvalidInput("action die data: face positions must be 1..6 once each")
    return tuple(face._replace(face=pos) for pos, face in faces)


def check_count(n: int, what: str) -> int:
    """Refuse a dice count outside 0..MAX_DICE (usage error naming ``what``)."""
    if not 0 <= n <= MAX_DICE:
        raise UsageError(f"{what} must be 0..{MAX_DICE} dice: {n}")
    return n


def face_names(faces: tuple[Face, ...]) -> dict[str, int]:
    """How a physical die may be typed besides its position: ``NUMBER:SYMBOLS`` (the
    label claw prints, e.g. ``2:sword+shield``) for every face, and the bare symbols
    (``cheese``, ``sword+shield``) of a face no other face shares."""
    names = {f.label().lower(): i for i, f in enumerate(faces, start=1)}
    shown = ["+".join(f.symbols).lower() or "blank" for f in faces]
    for i, sym in enumerate(shown, start=1):
        if shown.count(sym) == 1:
            names[sym] = i
    return names


def roll(dice, faces: tuple[Face, ...], n: int, label: str = "action die") -> list[Face]:
    """Roll ``n`` action dice from the dice source; one ``die(6)`` per die. Typed dice
    may name their faces (``face_names``) where the source allows it."""
    check_count(n, label)
    named = getattr(dice, "draw_named", None)
    if named is None:
        return [faces[dice.draw(1, 6, f"{label} (face 1-6)") - 1] for _ in range(n)]
    names = face_names(faces)
    return [faces[named(1, 6, f"{label} (face 1-6 or name)", names) - 1] for _ in range(n)]


def labels(rolled: Iterable[Face]) -> list[str]:
    """The faces rolled as names, for --json (``["3:cheese", "1:sword"]``)."""
    return [f.label() for f in rolled]


def count(rolled: Iterable[Face], symbol: str) -> int:
    """How many of ``rolled`` show ``symbol`` (a face showing it twice counts twice)."""
    return sum(f.count(symbol) for f in rolled)


def dice_words(n: int, what: str = "") -> str:
    """``1 die``, ``3 attack dice``: a count of action dice for messages."""
    kind = f"{what} " if what else ""
    return f"{n} {kind}{'die' if n == 1 else 'dice'}"


def show(rolled: Iterable[Face]) -> str:
    """Rolled faces for messages: ``3:cheese (face 6), 1:sword (face 1)``: the face typed
    at the table (its position) is echoed beside the number printed on it."""
    return ", ".join(f.shown() for f in rolled) or "no dice"


def per_die(faces: tuple[Face, ...], symbol: str) -> dict[int, Fraction]:
    """Distribution of how many ``symbol`` one die shows."""
    from fractions import Fraction

    dist: dict[int, Fraction] = {}
    for f in faces:
        k = f.count(symbol)
        dist[k] = dist.get(k, Fraction(0)) + Fraction(1, 6)
    return dist


def matches_per_die(faces: tuple[Face, ...], number: int) -> dict[int, Fraction]:
    """Per-die distribution of 'shows ``number``' (1) or not (0), for Move the Ghost."""
    from fractions import Fraction

    hit = Fraction(sum(1 for f in faces if f.number == number), 6)
    return {0: 1 - hit, 1: hit}


def sum_of(one: dict[int, Fraction], n: int) -> dict[int, Fraction]:
    """Exact distribution of the total of ``n`` independent dice like ``one``.

    Works in whole-number weights over a common denominator and divides once at the
    end: Fractions in the inner loop are many times slower.
    """
    from fractions import Fraction

    check_count(n, "odds")
    denom = 1
    for p in one.values():
        denom = denom * p.denominator // _gcd(denom, p.denominator)
    weights = {k: int(p * denom) for k, p in one.items()}
    ways = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for x, a in ways.items():
            for y, b in weights.items():
                nxt[x + y] = nxt.get(x + y, 0) + a * b
        ways = nxt
    total = denom ** n
    return {k: Fraction(v, total) for k, v in sorted(ways.items()) if v}


def symbol_total(faces: tuple[Face, ...], symbol: str, n: int) -> dict[int, Fraction]:
    """Exact distribution of how many ``symbol`` appear on ``n`` dice."""
    return sum_of(per_die(faces, symbol), n)


def at_least(dist: dict[int, Fraction], k: int) -> Fraction:
    """P(value >= ``k``) from a distribution."""
    from fractions import Fraction

    return sum((p for v, p in dist.items() if v >= k), Fraction(0))


def fmt_prob(p: Fraction) -> str:
    """A probability as ``0.07% (31/46656)``."""
    return f"{float(p) * 100:.2f}% ({p.numerator}/{p.denominator})"
