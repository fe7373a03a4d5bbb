"""What every rule returns: the new state and the events it caused."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Event:
    type: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"type": self.type, "text": self.text, **self.data}


@dataclass
class Result:
    state: dict
    events: list[Event] = field(default_factory=list)
    # query answers (counts, probabilities) for --json; never part of the state
    info: dict[str, Any] = field(default_factory=dict)

    def add(self, type: str, text: str, **data: Any) -> Event:
        ev = Event(type, text, data)
        self.events.append(ev)
        return ev


def begin(state: dict) -> Result:
    """A result holding a private copy of ``state`` for the rule to change."""
    return Result(copy.deepcopy(state))
