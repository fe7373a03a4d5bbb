"""Where a command's state lives, handed to the runner (never looked up in a global).

- ``FileStore``: files and streams (``-s FILE``, ``-``, ``CLAW_STATE``, ``-i``, ``-o``); the
  runner reads and writes them through statefile/atomic/lock.
- an in-memory store: `claw play`'s session (cli/session/engine.py ``Session``) holds the
  state between lines; the runner checks a copy out and commits the new state back.
"""

from __future__ import annotations

from typing import Any, Protocol


class Store(Protocol):
    in_memory: bool


class MemoryStore(Store, Protocol):
    envelope: dict | None

    def source(self, common: Any) -> str | None:
        """The display name the runner uses for the held state (None: a stateless question)."""
        ...

    def checkout(self) -> dict:
        """A copy of the held envelope for one command."""
        ...

    def commit(self, envelope: dict, output: Any) -> int:
        """Take the new state of a command that succeeded (already checked)."""
        ...

    def undo(self, state: str | None, steps: int, to: int | None, output: Any) -> int: ...

    def redo(self, state: str | None, steps: int, to: int | None, output: Any) -> int: ...


class FileStore:
    __slots__ = ()
    in_memory = False


FILES = FileStore()  # holds nothing: one instance serves every command
