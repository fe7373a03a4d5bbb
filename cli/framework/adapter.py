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

from claw.cli.framework.spec import Arg, Command, Opt

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
    - ``adjust_check(state, before)``: the problems a table correction (``adjust``) may
      cause, such as a value play could never reach (named with its limit); ``before`` is
      the state the correction started from;
    - ``adjust_after(state)``: what a correction's values trigger in play (a cat at 0 HP
      knocked out, a full scare track), as ``(new state, events)``; see :meth:`after_adjust`.
    """

    __slots__ = ("game", "commands", "new", "new_options", "check", "state_check", "state_paths",
                 "state_gate", "adjust", "adjust_check", "adjust_after")

    def __init__(self, game: str, commands: Mapping[str, Command], *, new: Hook | None = None,
                 new_options: tuple[Opt, ...] = (), check: Hook | None = None, state_check: Hook | None = None,
                 state_paths: Hook | None = None, state_gate: Hook | None = None,
                 adjust: dict[str, Any] | None = None) -> None:
        self.game, self.commands, self.new, self.new_options = game, commands, new, new_options
        self.check, self.state_check, self.state_paths, self.state_gate = check, state_check, state_paths, state_gate
        self.adjust = adjust
        self.adjust_check = _hook(f"{game}: ADJUST['check']", adjust.get("check")) if adjust else None
        self.adjust_after = _hook(f"{game}: ADJUST['after']", adjust.get("after")) if adjust else None

    def after_adjust(self, state: dict) -> tuple[dict, list[dict]]:
        """The game's triggered rules run on a corrected state: ``(new state, events)``,
        events being dicts with a ``type`` and a ``text``. A game without the hook: unchanged."""
        if self.adjust_after is None:
            return state, []
        result = self.adjust_after(state)
        if not (isinstance(result, tuple) and len(result) == 2 and isinstance(result[0], dict)
                and isinstance(result[1], list) and all(isinstance(e, dict) and "type" in e for e in result[1])):
            raise TypeError(f"{self.game}: ADJUST['after'] ({self.adjust_after.target}) must return "
                            "(state, [event, ...])")
        return result

    def handler(self, verb: str) -> Hook:
        return Hook(self.commands[verb].handler)

    def named_hooks(self) -> Iterator[tuple[str, Hook]]:
        """Every function the adapter names, with where it is named (the test resolves them)."""
        for verb, command in self.commands.items():
            yield f"COMMANDS[{verb!r}]", self.handler(verb)
            for part in (*command.args, *command.options):
                if part.among:
                    yield f"among: {verb} {part.name if isinstance(part, Arg) else part.flag}", Hook(part.among)
        for attr, field in CONTRACT.items():
            value = getattr(self, field)
            if isinstance(value, Hook):
                yield attr, value
        if self.adjust_check is not None:
            yield "ADJUST['check']", self.adjust_check
        if self.adjust_after is not None:
            yield "ADJUST['after']", self.adjust_after


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
        found = _LOADED[game] = load(game, _game_module(game, "adapter"))
    return found


def _game_module(game: str, name: str) -> Any:
    """``claw.cli.games.<game>.<name>``; an unknown game is a usage error."""
    if game not in GAMES:
        from claw.cli.render.wording import unknown_game

        raise unknown_game(game, GAMES)
    return importlib.import_module(f"claw.cli.games.{game}.{name}")


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
        for part in (*command.args, *command.options):
            _hook(f"{game}: COMMANDS[{verb!r}] {part.name} among", part.among)
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


Chooser = Callable[[dict], list[str]]


class GameHooks:
    """What the shared modules need to know about one game, from its
    ``claw.cli.games.<id>.hooks`` module (plain data, loaded only when asked):

    - ``kinds``: argument kind → the names it takes in a state (claw.cli.framework.kinds);
      ``complete_kinds`` the same for completion only; ``in_play`` the kinds whose unknown
      names are a rule (exit 4); ``table_kinds`` kind → (data file, key) for names read
      from a table instead of the state;
    - ``decks``: deck → what ``--draw DECK=CARD`` names; ``no_decks`` why there are none;
    - ``status(state)``: the `claw play` prompt's words after the game id;
      ``board_focus(state)``: the square or figure the full-screen session draws the board
      around (`show --around`) when it does not fit, None for the board's top;
    - ``lookup``: `claw lookup` table → (data file, keys of its rows, what it is), with
      ``lookup_aliases`` (always) and ``lookup_game_aliases`` (with ``--game`` only);
    - ``turns``: (verb, summary, example) in the order a turn uses them (`claw help GAME`);
    - ``simulate_setup(path, doc, read)``: `claw simulate`'s engine Setup of a scenario file
      (None: the game has no policy to simulate), ``simulate_rulings`` the rulings its
      --option and --vary may set.
    """

    __slots__ = ("game", "kinds", "complete_kinds", "in_play", "table_kinds", "decks", "no_decks", "status",
                 "board_focus", "lookup", "lookup_aliases", "lookup_game_aliases", "turns", "simulate_setup",
                 "simulate_rulings")

    def __init__(self, game: str, names: Mapping[str, Any]) -> None:
        self.game = game
        self.kinds: Mapping[str, Chooser] = names.get("KINDS", {})
        self.complete_kinds: Mapping[str, Chooser] = names.get("COMPLETE_KINDS", {})
        self.in_play: frozenset[str] = names.get("IN_PLAY", frozenset())
        self.table_kinds: Mapping[str, tuple[str, str]] = names.get("TABLE_KINDS", {})
        self.decks: Mapping[str, str] = names.get("DECKS", {})
        self.no_decks: str | None = names.get("NO_DECKS")
        self.status: Callable[[dict], list[str]] = names.get("status", lambda state: [])
        self.board_focus: Callable[[dict], str | None] = names.get("board_focus", lambda state: None)
        self.lookup: Mapping[str, tuple[str, tuple[str, ...], str]] = names.get("LOOKUP", {})
        self.lookup_aliases: Mapping[str, str] = names.get("LOOKUP_ALIASES", {})
        self.lookup_game_aliases: Mapping[str, str] = names.get("LOOKUP_GAME_ALIASES", {})
        self.turns: list[tuple[str, str, str]] = names.get("TURNS", [])
        setup = names.get("SIMULATE_SETUP")
        self.simulate_setup: Hook | None = Hook(setup) if setup else None
        self.simulate_rulings: tuple[str, ...] = names.get("SIMULATE_RULINGS", ())


# the names a hooks module may declare → the type each must have
HOOKS_CONTRACT: dict[str, type | tuple[type, ...]] = {
    "KINDS": dict, "COMPLETE_KINDS": dict, "IN_PLAY": (frozenset, set), "TABLE_KINDS": dict, "DECKS": dict,
    "NO_DECKS": str, "LOOKUP": dict, "LOOKUP_ALIASES": dict, "LOOKUP_GAME_ALIASES": dict, "TURNS": list,
    "SIMULATE_SETUP": str, "SIMULATE_RULINGS": tuple}
_HOOKS_LOADED: dict[str, GameHooks] = {}


def game_hooks(game: str) -> GameHooks:
    """The checked hooks of ``game`` (loaded once); an unknown game is a usage error."""
    found = _HOOKS_LOADED.get(game)
    if found is None:
        found = _HOOKS_LOADED[game] = load_hooks(game, _game_module(game, "hooks"))
    return found


def load_hooks(game: str, module: Any) -> GameHooks:
    """Check a hooks module's names and types (TypeError naming the first wrong one)."""
    names = vars(module)
    for name, value in names.items():
        if name.isupper() and not name.startswith("_"):
            want = HOOKS_CONTRACT.get(name)
            if want is None:
                raise TypeError(f"{game} hooks: {name} is not part of the hooks contract ({', '.join(HOOKS_CONTRACT)})")
            if not isinstance(value, want):
                raise TypeError(f"{game} hooks: {name} has the wrong type ({type(value).__name__})")
    for table in ("KINDS", "COMPLETE_KINDS"):
        if not all(callable(f) for f in names.get(table, {}).values()):
            raise TypeError(f"{game} hooks: every {table} value is a function of the state")
    for function in ("status", "board_focus"):
        if function in names and not callable(names[function]):
            raise TypeError(f"{game} hooks: {function} is a function of the state")
    if not all(isinstance(t, tuple) and len(t) == 3 for t in names.get("LOOKUP", {}).values()):
        raise TypeError(f"{game} hooks: a LOOKUP table is (data file, keys, what it is)")
    if not all(isinstance(t, tuple) and len(t) == 3 for t in names.get("TURNS", [])):
        raise TypeError(f"{game} hooks: a TURNS line is (verb, summary, example)")
    return GameHooks(game, names)


def commands_of(game: str) -> dict[str, Command]:
    """The game's verbs and their specs."""
    return dict(adapter(game).commands)


def game_of_file(path: str) -> str | None:
    """The game a state or scenario file names. A JSON file (a state): its top-level
    ``game``, read exactly — up to that key, not the whole document — so the command line
    built for that game is the one the runner will pick; else (YAML) a cheap look at the
    head for ``game:``. None when it cannot tell."""
    import re

    head = _head(path, 65536)
    if head is None:
        return None
    if head.lstrip(" \t\n\r").startswith("{"):
        from claw.cli.formats.cjson import top_level

        found, game = top_level(head, "game")
        if not found and len(head) == 65536:  # the key may lie past the head
            from claw.cli.store.statefile import MAX_STATE_BYTES

            whole = _head(path, MAX_STATE_BYTES)
            found, game = top_level(whole, "game") if whole is not None else (False, None)
        return game if found and isinstance(game, str) and game in GAMES else None
    match = re.search(r"""["']?game["']?\s*:\s*["']?([a-z]+)""", head)
    return match.group(1) if match and match.group(1) in GAMES else None


def _head(path: str, size: int) -> str | None:
    """The first ``size`` characters of a regular file (a FIFO or device is left unread for
    the command itself: a look here would block on it or drain it)."""
    import os
    import stat

    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, encoding="utf-8") as handle:
            return handle.read(size).removeprefix("\ufeff")
    except (OSError, UnicodeDecodeError, ValueError):
        return None
