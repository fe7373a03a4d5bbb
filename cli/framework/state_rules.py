"""The store's view of the games (``claw.cli.store.rules.StateRules``), answered from
each game's adapter through the registry."""

from __future__ import annotations

from collections.abc import Callable

from claw.cli.framework.adapter import GAMES, game_spec, import_target


class AdapterRules:
    """Each game's STATE_CHECK and STATE_PATHS hooks, resolved once per game."""

    __slots__ = ("_check", "_paths")

    def __init__(self) -> None:
        self._check: dict[str, Callable | None] = {}
        self._paths: dict[str, Callable | None] = {}

    def _hook(self, cache: dict, game: str, name: str) -> Callable | None:
        if game not in cache:
            target = getattr(game_spec(game), name, None) if game in GAMES else None
            cache[game] = import_target(target) if target else None
        return cache[game]

    def problems(self, game: str, part: dict) -> list:
        check = self._hook(self._check, game, "STATE_CHECK")
        return list(check(part)) if check else []

    def rebase(self, game: str, part: dict, move: Callable[[str], str]) -> None:
        paths = self._hook(self._paths, game, "STATE_PATHS")
        if paths:
            paths(part, move)


STATE_RULES = AdapterRules()
