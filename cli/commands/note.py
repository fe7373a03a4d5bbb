"""`claw note TEXT`: write a table note into the game's log (any game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def record(call: Call, message: str) -> None:
    """The note as the command's one event (nothing else in the state changes)."""
    call.event("note", f"note: {message}", note=message)
