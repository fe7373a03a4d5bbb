"""Events that rules return: ``{"type": ..., "text": ..., **data}`` dicts.

``text`` is a short explanation in our own words; data fields carry the numbers.
"""

from __future__ import annotations


class Events(list):
    """A list of event dicts with a helper to add one."""

    def add(self, type_: str, text: str, **data) -> dict:
        ev = {"type": type_, "text": text, **data}
        self.append(ev)
        return ev


def listed(values) -> str:
    """Dice or bite values for a text: ``[6, 1]`` → ``"6, 1"``. Never Python's list
    brackets: the plain (not a terminal) renderer takes ``[6]`` for a style tag and
    drops it, escaped or not."""
    return ", ".join(str(v) for v in values) or "none"
