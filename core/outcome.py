"""What a rule returns, in every game: the new state, the events it caused, and whatever
else the rule reports.

One type for the four games so that the command line (and a simulator, or a Python user)
handles a rule's answer one way. Events are plain dicts ``{"type", "text", **data}``:
``type`` names the happening, ``text`` is a short sentence in our own words, the other
fields carry the numbers. They are data, never markup; the command line renders them.

Plain classes, not dataclasses: this module loads on every command.
"""

from __future__ import annotations

from typing import Any


class Outcome:
    """The answer of a rule.

    ``state`` is the new state (a private copy the rule may change; ``None`` for a rule
    that only answers a question). ``events`` are the happenings in order. ``info`` holds
    what the rule reports that is neither state nor event (a probability, a count, the
    figure that acted) — shown by ``--json``, never written to the state.
    """

    __slots__ = ("state", "events", "info")

    def __init__(self, state: Any = None, events: list[dict] | None = None, **info: Any) -> None:
        self.state = state
        self.events: list[dict] = events if events is not None else []
        self.info: dict[str, Any] = info

    def add(self, type: str, text: str, **data: Any) -> dict:
        """Append the event ``{"type": type, "text": text, **data}`` and return it."""
        ev = {"type": type, "text": text, **data}
        self.events.append(ev)
        return ev

    def extend(self, other: Outcome) -> Outcome:
        """Take ``other``'s state, append its events and merge its info (a rule built of
        smaller rules)."""
        self.state = other.state
        self.events.extend(other.events)
        self.info.update(other.info)
        return self

    def __iter__(self):
        # ``state, events = rule(...)`` keeps working while callers move to attributes
        yield self.state
        yield self.events

    def __repr__(self) -> str:
        return f"Outcome({len(self.events)} events, info={sorted(self.info)})"


def begin(state: dict, **info: Any) -> Outcome:
    """An outcome holding a private deep copy of ``state`` for the rule to change."""
    return Outcome(deep_copy(state), **info)


def deep_copy(state: Any) -> Any:
    """A deep copy of plain data (a state: dicts, lists, strings, numbers) through the C
    pickle codec: what ``copy.deepcopy`` gives (shared parts stay shared, tuples stay
    tuples, keys keep their order) at about a quarter of the time, which a simulated game
    spends on every rule it plays. Imported here: a command that changes no state never
    loads pickle."""
    import pickle

    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
