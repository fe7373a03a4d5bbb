"""Dice sources: where die values come from.

Rules never touch global randomness; they take a ``DiceSource`` and call
``source.die(sides)`` (1..sides) or ``source.draw(low, high, label)``.

``SeededDice`` is counter based (SplitMix64 over ``seed + n * gamma``), so the whole
generator state is the pair (seed, position), which the state file stores. It is our
own arithmetic, so a seed gives the same values on every machine and Python version.
``PhysicalDice`` replays values typed at the table (``--dice 7,3``) and names the die
when a value is impossible or missing; a percentile's tens die (``draw_tens``) may be
typed as its face (70) or its digit (7).
"""

from __future__ import annotations

import re
from typing import Protocol

from claw.core.errors import DiceError, quoted

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_LIMITS: dict[int, int] = {}  # span -> largest multiple of span below 2**64 (pure cache)
MAX_SPAN = 1 << 64  # one 64-bit word draws from at most this many values


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class DiceSource(Protocol):
    def draw(self, low: int, high: int, label: str) -> int:
        """One value uniformly in ``low..high`` inclusive; ``label`` names the die."""

    def die(self, sides: int) -> int:
        """One roll of a ``sides``-sided die numbered from 1."""


class SeededDice:
    """Deterministic dice. ``position`` counts the 64-bit words consumed so far."""

    __slots__ = ("seed", "position")

    def __init__(self, seed: int, position: int = 0) -> None:
        self.seed = seed & _MASK
        self.position = position

    def _word(self) -> int:
        self.position += 1
        return _mix((self.seed + self.position * _GAMMA) & _MASK)

    def draw(self, low: int, high: int, label: str = "") -> int:
        span = high - low + 1
        limit = _LIMITS.get(span)
        if limit is None:
            if span <= 0:
                raise DiceError(f"empty range for {label or 'die'}: {low}..{high}")
            if span > MAX_SPAN:  # no word would be below the limit: the loop would never end
                raise DiceError(f"range too wide for {label or 'die'}: {low}..{high} holds {span} values, "
                                f"more than the 2**64 one draw can choose from")
            limit = _LIMITS[span] = (1 << 64) - ((1 << 64) % span)  # reject the biased tail
        while True:
            # _word() and _mix() inlined: this is the innermost loop of every roll
            self.position += 1
            z = (self.seed + self.position * _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            word = z ^ (z >> 31)
            if word < limit:
                return low + word % span

    def die(self, sides: int) -> int:
        return self.draw(1, sides, f"d{sides}")

    def shuffle(self, items: list) -> list:
        """Fisher-Yates with our own draws; returns a new list."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.draw(0, i, "shuffle")
            out[i], out[j] = out[j], out[i]
        return out

    def to_json(self) -> dict:
        return {"algorithm": "splitmix64", "seed": self.seed, "position": self.position}

    @classmethod
    def from_json(cls, data: dict) -> SeededDice:
        return cls(int(data["seed"]), int(data["position"]))


# a pattern string, compiled by re on first use: most runs never read --dice faces
_FACE_WORD = r"[A-Za-z0-9][A-Za-z0-9:+_-]{0,39}"


def _a(name: str) -> str:
    """``name`` with its indefinite article: "an action die", "an initiative d12", "a d12"."""
    return ("an " if name[:1].lower() in "aeiou" else "a ") + name


_TENS_FACES = frozenset(range(10, 100, 10))


def draw_tens(dice, label: str = "d100 tens die") -> int:
    """The tens digit (0-9) of a percentile roll. Sources that read physical dice accept
    the tens die's face as well (``draw_tens``); the others draw a digit."""
    read = getattr(dice, "draw_tens", None)
    return read(label) if read is not None else dice.draw(0, 9, label)


class PhysicalDice:
    """Values typed by players, consumed in order.

    An optional ``fallback`` source takes over when values run out (used for
    shuffles and draws nobody rolls by hand); without one, running out is an error.
    """

    def __init__(self, values: list[int] | list[int | str], fallback: SeededDice | None = None) -> None:
        self.values = list(values)
        self.used = 0
        self.fallback = fallback

    def draw(self, low: int, high: int, label: str = "") -> int:
        return self.draw_named(low, high, label, None)

    def draw_named(self, low: int, high: int, label: str, names: dict[str, int] | None) -> int:
        """``draw``, where a die may also be typed by the name of its face (``names``:
        lower-case word → value, e.g. an action die's symbols); without ``names`` a word
        is refused for this die."""
        name = label or f"die {low}..{high}"
        if self.used >= len(self.values):
            raise DiceError(
                f"not enough dice: {_a(name)} was needed after {self.used} given value(s)"
            )
        value = self.values[self.used]
        if isinstance(value, str):
            word = value.lower()
            if names is None or word not in names:
                known = f" (faces: {', '.join(names)})" if names else "; it takes a number"
                raise DiceError(f"{_a(name)} cannot be typed as {quoted(value)}{known}"
                                f" (value #{self.used + 1} of --dice)")
            value = names[word]
        if not low <= value <= high:
            raise DiceError(
                f"impossible value for {_a(name)}: {value} (value #{self.used + 1} of --dice)"
            )
        self.used += 1
        return value

    def die(self, sides: int) -> int:
        return self.draw(1, sides, f"d{sides}")

    def draw_tens(self, label: str = "d100 tens die") -> int:
        """The tens die of a percentile roll, typed as its face (00, 10 … 90) or as its
        digit (0-9): both mean the same die (Warriors: "a roll of 70 and 1 is 71")."""
        if self.used < len(self.values):
            value = self.values[self.used]
            if isinstance(value, int) and value in _TENS_FACES:
                self.used += 1
                return value // 10
            if isinstance(value, int) and not 0 <= value <= 9:
                raise DiceError(f"impossible value for {_a(label)}: {value} (value #{self.used + 1} of --dice; "
                                "a tens die reads 00, 10 … 90, or type its digit 0-9)")
        return self.draw(0, 9, label)

    def shuffle(self, items: list) -> list:
        if self.fallback is None:
            raise DiceError("a shuffle needs a seed or a state; physical dice cannot shuffle")
        return self.fallback.shuffle(items)

    @property
    def remaining(self) -> int:
        return len(self.values) - self.used


def parse_dice_values(text: str) -> list[int | str]:
    """Parse ``--dice 7,3,11`` into integers, naming the bad item. A word (a face's name,
    such as an action die's ``cheese`` or ``1:bow``) is kept as text for the die that
    reads it (``PhysicalDice.draw_named``)."""
    values: list[int | str] = []
    for i, item in enumerate(text.replace(" ", ",").split(","), start=1):
        if not item:
            continue
        try:
            values.append(int(item))
        except ValueError:
            if not re.fullmatch(_FACE_WORD, item):
                raise DiceError(f"--dice item #{i} is not a whole number or a face name: {quoted(item)}") from None
            values.append(item)
    if len(values) > 10_000:
        raise DiceError(f"--dice gives too many values: {len(values)} (limit 10000)")
    return values
