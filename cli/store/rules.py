"""What the store needs to know of a game, handed to it by the framework (the store
imports no game): the game's consistency check of its part and the file paths it keeps.

``claw.cli.framework.state_rules.STATE_RULES`` answers from each game's adapter; a test
or a program that builds states without the CLI can pass its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class StateRules(Protocol):
    def problems(self, game: str, part: dict) -> list:
        """The game's findings on a schema-valid part: "path: message" strings or
        (path, message) pairs, in the game's own words; [] when consistent."""
        ...

    def rebase(self, game: str, part: dict, move: Callable[[str], str]) -> None:
        """Rewrite, in place, every file path the part stores with ``move``."""
        ...
