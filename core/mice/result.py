"""What every rule returns: the new state and the events it caused.

Plain classes rather than dataclasses: this module loads on every command.
"""

from __future__ import annotations

import copy
from typing import Any


class Event:
    """One explained, logged happening: a type, a sentence and its data."""
    __slots__ = ("type", "text", "data")

    def __init__(self, type: str, text: str, data: dict[str, Any] | None = None) -> None:
        self.type, self.text, self.data = type, text, data or {}

    def to_json(self) -> dict:
        return {"type": self.type, "text": self.text, **self.data}

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.text!r})"


class Result:
    """What a rule returns: the new state, its events and query details (``info``)."""
    __slots__ = ("state", "events", "info")

    def __init__(self, state: dict) -> None:
        self.state = state
        self.events: list[Event] = []
        # query answers (counts, probabilities) for --json; never part of the state
        self.info: dict[str, Any] = {}

    def add(self, type: str, text: str, **data: Any) -> Event:
        ev = Event(type, text, data)
        self.events.append(ev)
        return ev


def begin(state: dict) -> Result:
    """A result holding a private copy of ``state`` for the rule to change."""
    return Result(copy.deepcopy(state))
