"""Dice luck from a game's log: how many dice of each kind were rolled, their mean against a
fair die's, typed (physical) against seeded dice. Pure: takes log entries, returns data.

A log entry records each draw as ``{"die": label, "value": v}``; the label says what was
rolled (``"rats' initiative d12"``, ``"death roll 2d6 leon"``, ``"action die (face 1-6)"``,
``"rat sack token (1..9: …)"``). The kind comes from the label:

- a ``dS`` or ``NdS`` word: one die with faces 1..S (each draw is one die of a ``2d6``);
- ``d100`` with its tens or ones digit: a ten-sided digit, 0..9;
- ``face 1-N`` (an action die read by its faces): a die with faces 1..N;
- anything else (a token from a bag, ``1..N``, a shuffle, a bot's choice): not a die,
  counted apart under the label's first words and not judged.

**Too few to judge.** A kind with fewer than ``PER_FACE`` draws per face (5 per face: 30 d6,
60 d12) is flagged: below that a fair die's face counts and mean swing so much that no
honest verdict is possible (it is also the usual floor for a chi-square test of counts,
whose approximation needs an expected count of at least 5 in every cell).

The mean's distance from a fair die's is given as ``z``: (mean - expected) divided by its
standard error (the die's standard deviation over the square root of the count). Over
many kinds, |z| > 2 happens by luck about once in 20.
"""

from __future__ import annotations

import math
import re

PER_FACE = 5  # draws per face before a kind is judged (see the module's docstring)

_DIE = re.compile(r"(?<![A-Za-z0-9])(\d*)d(\d+)(?![0-9])")
_FACES = re.compile(r"\bface 1-(\d+)\b")
_DIGIT = re.compile(r"d100\b.*\b(tens|ones)\b")


def kind_of(label: str) -> tuple[str, int, int] | None:
    """(kind, lowest, highest face) of a draw's label; None when it is not a die."""
    if label == "shuffle":
        return None
    if _DIGIT.search(label):
        return "d100 digit", 0, 9
    die = _DIE.search(label)
    if die and int(die[2]) >= 2:
        sides = int(die[2])
        return f"d{sides}", 1, sides
    faces = _FACES.search(label)
    if faces and int(faces[1]) >= 2:
        return f"d{faces[1]}", 1, int(faces[1])
    return None


def _summary(values: list[int]) -> dict:
    n = len(values)
    return {"count": n, "mean": (sum(values) / n) if n else None}


def luck(entries: list[dict], by_label: bool = False) -> dict:
    """The dice statistics of ``entries`` (a state's log, or its last commands).

    Returns ``{"groups": [...], "not_dice": {label: count}, "dice": total, "commands": n,
    "per_face": PER_FACE}``; each group (a die kind, or with ``by_label`` one label) has its
    ``kind``, ``low``/``high`` faces, ``count``, ``faces`` (face → count), ``mean``,
    ``expected``, ``z``, ``typed`` and ``seeded`` (count and mean each), ``too_few`` and
    ``needed`` (the count at which it would be judged)."""
    groups: dict[str, dict] = {}
    not_dice: dict[str, int] = {}
    total = 0
    for entry in entries:
        typed = bool(entry.get("physical_dice"))
        for draw in entry.get("dice") or []:
            label, value = str(draw.get("die", "")), draw.get("value")
            kind = kind_of(label)
            if kind is None or not isinstance(value, int) or not kind[1] <= value <= kind[2]:
                if label != "shuffle":
                    what = label.split(" (")[0]  # "rat sack token (1..9: …)" → "rat sack token"
                    not_dice[what] = not_dice.get(what, 0) + 1
                continue
            total += 1
            name, low, high = kind
            key = label if by_label else name
            group = groups.setdefault(key, {"group": key, "kind": name, "low": low, "high": high,
                                            "values": [], "typed": [], "seeded": []})
            group["values"].append(value)
            group["typed" if typed else "seeded"].append(value)
    out = []
    for key in sorted(groups, key=lambda k: (groups[k]["high"] - groups[k]["low"], k)):
        group = groups[key]
        values, low, high = group["values"], group["low"], group["high"]
        sides = high - low + 1
        expected = (low + high) / 2
        sd = math.sqrt((sides * sides - 1) / 12)
        n = len(values)
        mean = sum(values) / n
        needed = PER_FACE * sides
        out.append({
            "group": key, "kind": group["kind"], "low": low, "high": high, "count": n,
            "faces": {str(face): values.count(face) for face in range(low, high + 1)},
            "mean": mean, "expected": expected, "z": (mean - expected) / (sd / math.sqrt(n)),
            "typed": _summary(group["typed"]), "seeded": _summary(group["seeded"]),
            "too_few": n < needed, "needed": needed,
        })
    return {"groups": out, "not_dice": dict(sorted(not_dice.items())), "dice": total,
            "commands": len(entries), "per_face": PER_FACE}
