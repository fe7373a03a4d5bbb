""""Did you mean …?" for every name a user types: commands, options, keys, ids, cards.

One helper so that help, dispatch and validate suggest the same way. Distances are
optimal string alignment (Levenshtein plus swapping two neighbours), case-folded, so
``rooch`` finds ``roach`` and ``--defense`` finds ``--defence``.
"""

from __future__ import annotations

from collections.abc import Iterable


def distance(a: str, b: str) -> int:
    """Edits (insert, delete, substitute, swap neighbours) that turn ``a`` into ``b``."""
    a, b = a.casefold(), b.casefold()
    if a == b:
        return 0
    before: list[int] | None = None
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = ca != cb
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if before is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], before[j - 2] + 1)
        before, previous = previous, current
    return previous[-1]


def closest(word: str, choices: Iterable[str], *, limit: int = 3) -> list[str]:
    """The choices near enough to ``word`` to be what was meant, nearest first.

    Near enough: at most a third of the longer name's letters differ (at least one
    edit allowed), or one is a prefix of the other.
    """
    scored = []
    folded = word.casefold()
    for choice in dict.fromkeys(choices):
        d = distance(word, choice)
        allowed = max(1, max(len(word), len(choice)) // 3)
        other = choice.casefold()
        if d <= allowed or (len(folded) >= 3 and (other.startswith(folded) or folded.startswith(other))):
            scored.append((d, choice))
    scored.sort(key=lambda pair: pair[0])
    return [choice for _, choice in scored[:limit]]


def phrase(near: list[str]) -> str:
    """"did you mean attack?", "did you mean attack or knack?": the one format of a
    suggestion, in the CLI, in `claw play` and in validate ("" when nothing is near)."""
    return "did you mean " + " or ".join(repr(n) if " " in n else n for n in near) + "?" if near else ""


def hint(word: str, choices: Iterable[str], *, what: str = "", show_all: int = 12) -> str:
    """A sentence to append to an error: "did you mean X?", else the allowed names.

    ``what`` names the kind ("options", "rat types"); the full list is given only when
    it is short enough to read (``show_all`` names or fewer).
    """
    names = list(dict.fromkeys(choices))
    near = closest(word, names)
    if near:
        return phrase(near)
    if names and len(names) <= show_all:
        return f"{'known ' + what if what else 'expected one of'}: {', '.join(names)}"
    return ""
