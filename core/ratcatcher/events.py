"""Words for event texts. Events themselves are the plain dicts of
``claw.core.outcome.Outcome`` (``{"type": ..., "text": ..., **data}``): ``text`` is a
short explanation in our own words; data fields carry the numbers.
"""

from __future__ import annotations


def listed(values) -> str:
    """Dice or bite values for a text: ``[6, 1]`` → ``"6, 1"``. Never Python's list
    brackets: the plain (not a terminal) renderer takes ``[6]`` for a style tag and
    drops it, escaped or not."""
    return ", ".join(str(v) for v in values) or "none"
