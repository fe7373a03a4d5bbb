"""The store's view of the games (``claw.cli.store.rules.StateRules``), answered from
each game's adapter through the registry."""

from __future__ import annotations

from collections.abc import Callable

from claw.cli.framework.adapter import GAMES, adapter


class AdapterRules:
    """Each game's STATE_CHECK and STATE_PATHS hooks, resolved once per game."""

    __slots__ = ("_check", "_paths")

    def __init__(self) -> None:
        self._check: dict[str, Callable | None] = {}
        self._paths: dict[str, Callable | None] = {}

    def _hook(self, cache: dict, game: str, field: str) -> Callable | None:
        if game not in cache:
            found = adapter(game) if game in GAMES else None
            cache[game] = None if found is None else found.state_check if field == "check" else found.state_paths
        return cache[game]

    def problems(self, game: str, part: dict) -> list:
        check = self._hook(self._check, game, "check")
        return list(check(part)) if check else []

    def rebase(self, game: str, part: dict, move: Callable[[str], str]) -> None:
        paths = self._hook(self._paths, game, "paths")
        if paths:
            paths(part, move)


STATE_RULES = AdapterRules()
