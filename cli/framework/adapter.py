"""The game registry: game id → adapter module ``claw.cli.games.<id>.adapter``."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from claw.core.errors import UsageError, quoted

GAMES = ("msm", "ratcatcher", "warriors", "mice")
NAMES = {
    "msm": "The Cats of Mont Saint-Michel",
    "ratcatcher": "The Ratcatcher",
    "warriors": "Warriors: the cat adventure game",
    "mice": "Mice and Mystics: The Ghost of Castle Andon",
}


def game_spec(game: str) -> ModuleType | None:
    """The adapter module of ``game``, or None while the game has none yet."""
    if game not in GAMES:
        raise UsageError(f"unknown game {quoted(game)} (one of: {', '.join(GAMES)})")
    try:
        return importlib.import_module(f"claw.cli.games.{game}.adapter")
    except ModuleNotFoundError as exc:
        if exc.name in (f"claw.cli.games.{game}", f"claw.cli.games.{game}.adapter"):
            return None
        raise


def import_target(target: str) -> Any:
    """Resolve ``"package.module:attribute"``."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


def commands_of(game: str) -> dict:
    spec = game_spec(game)
    return dict(getattr(spec, "COMMANDS", {})) if spec else {}


def game_of_file(path: str) -> str | None:
    """The game a state or scenario file names near its head (a cheap look: a regex, no parser)."""
    import re

    try:
        with open(path, encoding="utf-8") as handle:
            head = handle.read(65536)
    except (OSError, UnicodeDecodeError):
        return None
    match = re.search(r"""["']?game["']?\s*:\s*["']?([a-z]+)""", head)
    return match.group(1) if match and match.group(1) in GAMES else None
