"""The game registry: game id → its adapter, ``claw.cli.games.<id>.adapter``.

An adapter module declares its game's contract as upper-case names (below, ``CONTRACT``);
:func:`adapter` imports it once, checks every name and type, and gives a typed
:class:`GameAdapter`. Hooks are ``"module:function"`` strings kept as :class:`Hook`
objects that import their module on first call, so a command loads only its own game's
adapter and the one handler module it runs. The rest of ``cli/`` asks this module for a
game's parts; nothing else reads an adapter module's names.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from claw.cli.framework.spec import Command, Opt
from claw.core.errors import UsageError, quoted

GAMES = ("msm", "ratcatcher", "warriors", "mice")
NAMES = {
    "msm": "The Cats of Mont Saint-Michel",
    "ratcatcher": "The Ratcatcher",
    "warriors": "Warriors: the cat adventure game",
    "mice": "Mice and Mystics: The Ghost of Castle Andon",
}


def import_target(target: str) -> Any:
    """Resolve ``"package.module:attribute"``."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


class Hook:
    """A function an adapter names as ``"package.module:function"``: imported when first
    called (or resolved), so naming it costs nothing."""

    __slots__ = ("target",)

    def __init__(self, target: str) -> None:
        self.target = target

    def resolve(self) -> Callable[..., Any]:
        found = import_target(self.target)
        if not callable(found):
            raise TypeError(f"hook {self.target} is not a function")
        return found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Hook({self.target!r})"


class GameAdapter:
    """One game's contract, checked. Hooks (None when the game has none):

    - ``new(call)``: builds the game part from the files ``claw new`` read;
    - ``check(kind, doc, tolerant=False)``: rule-level problems of a file for ``claw validate``;
    - ``state_check(state)``: consistency problems of a state's game part, run on every read;
    - ``state_paths(state, change)``: rewrites every file path the state stores;
    - ``state_gate(call)``: refuses a readable state the game's commands cannot use, before
      the positionals are parsed;
    - ``adjust_check(state)``: the problems a table correction (``adjust``) may cause.
    """

    __slots__ = ("game", "commands", "new", "new_options", "check", "state_check", "state_paths",
                 "state_gate", "adjust", "adjust_check")

    def __init__(self, game: str, commands: Mapping[str, Command], *, new: Hook | None = None,
                 new_options: tuple[Opt, ...] = (), check: Hook | None = None, state_check: Hook | None = None,
                 state_paths: Hook | None = None, state_gate: Hook | None = None,
                 adjust: dict[str, Any] | None = None) -> None:
        self.game, self.commands, self.new, self.new_options = game, commands, new, new_options
        self.check, self.state_check, self.state_paths, self.state_gate = check, state_check, state_paths, state_gate
        self.adjust = adjust
        self.adjust_check = _hook(f"{game}: ADJUST['check']", adjust.get("check")) if adjust else None

    def handler(self, verb: str) -> Hook:
        return Hook(self.commands[verb].handler)

    def hooks(self) -> Iterator[tuple[str, Hook]]:
        """Every function the adapter names, with where it is named (the test resolves them)."""
        for verb in self.commands:
            yield f"COMMANDS[{verb!r}]", self.handler(verb)
        for attr, field in CONTRACT.items():
            value = getattr(self, field)
            if isinstance(value, Hook):
                yield attr, value
        if self.adjust_check is not None:
            yield "ADJUST['check']", self.adjust_check


# the upper-case names an adapter module may declare → the GameAdapter field; any other
# public upper-case name is refused (a misspelt hook would otherwise be silently unused)
CONTRACT = {"COMMANDS": "commands", "NEW": "new", "NEW_OPTIONS": "new_options", "CHECK": "check",
            "STATE_CHECK": "state_check", "STATE_PATHS": "state_paths", "STATE_GATE": "state_gate",
            "ADJUST": "adjust"}
_HOOKS = ("NEW", "CHECK", "STATE_CHECK", "STATE_PATHS", "STATE_GATE")
_LOADED: dict[str, GameAdapter] = {}


def adapter(game: str) -> GameAdapter:
    """The checked adapter of ``game`` (loaded once); an unknown game is a usage error."""
    found = _LOADED.get(game)
    if found is None:
        if game not in GAMES:
            raise UsageError(f"unknown game {quoted(game)} (one of: {', '.join(GAMES)})")
        found = _LOADED[game] = load(game, importlib.import_module(f"claw.cli.games.{game}.adapter"))
    return found


def load(game: str, module: Any) -> GameAdapter:
    """Check an adapter module's names and types (TypeError naming the first wrong one)."""
    names = vars(module)
    stray = sorted(n for n in names if n.isupper() and not n.startswith("_") and n not in CONTRACT)
    if stray:
        raise TypeError(f"{game} adapter: {stray[0]} is not part of the adapter contract "
                        f"({', '.join(CONTRACT)}); make a helper private (_{stray[0]})")
    commands = names.get("COMMANDS")
    if not isinstance(commands, dict) or not commands:
        raise TypeError(f"{game} adapter: COMMANDS must be a dict of verb → Command")
    for verb, command in commands.items():
        if not isinstance(verb, str) or not isinstance(command, Command):
            raise TypeError(f"{game} adapter: COMMANDS[{verb!r}] is not a Command")
        _hook(f"{game}: COMMANDS[{verb!r}].handler", command.handler)
    options = names.get("NEW_OPTIONS", [])
    if not isinstance(options, list | tuple) or not all(isinstance(o, Opt) for o in options):
        raise TypeError(f"{game} adapter: NEW_OPTIONS must be a list of Opt")
    adjust = names.get("ADJUST")
    if adjust is not None and not isinstance(adjust, dict):
        raise TypeError(f"{game} adapter: ADJUST must be a dict (claw.core.adjust)")
    hooks = {CONTRACT[h]: _hook(f"{game}: {h}", names.get(h)) for h in _HOOKS}
    return GameAdapter(game, commands, new_options=tuple(options), adjust=adjust, **hooks)


def _hook(where: str, target: Any) -> Hook | None:
    if target is None:
        return None
    module, colon, function = target.partition(":") if isinstance(target, str) else ("", "", "")
    if not (colon and module and function.isidentifier()):
        raise TypeError(f"{where}: a hook is 'package.module:function', not {target!r}")
    return Hook(target)


def commands_of(game: str) -> dict[str, Command]:
    """The game's verbs and their specs."""
    return dict(adapter(game).commands)


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
