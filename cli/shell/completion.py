"""Shell completion (bash, zsh, fish through typer's own `--install-completion` /
`--show-completion`): commands and options come from click; this module answers the
words only claw knows — figure ids, squares, cards, zones … from the state in
``-s FILE`` or ``CLAW_STATE``, and option values with fixed choices.

An answer must come back in well under 150 ms, so the state is read with ``json``
only and nothing else is imported.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

COMPLETE_VAR = "_CLAW_COMPLETE"


def completing() -> bool:
    return COMPLETE_VAR in os.environ


def typed_words() -> list[str]:
    """The words on the command line being completed (bash: COMP_WORDS, COMP_CWORD;
    zsh and fish: _TYPER_COMPLETE_ARGS), the program name first, the incomplete word last."""
    import shlex

    if "COMP_WORDS" in os.environ:
        words = _split(os.environ["COMP_WORDS"], shlex)
        cword = int(os.environ.get("COMP_CWORD", len(words) - 1) or 0)
        return words[:cword + 1] + ([""] if cword >= len(words) else [])
    line = os.environ.get("_TYPER_COMPLETE_ARGS", "")
    words = _split(line, shlex)
    return words + [""] if line.endswith(" ") or not words else words


def _split(text: str, shlex) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError:  # an open quote while typing
        return text.split()


def verb_being_completed() -> str | None:
    """The command word when the cursor is past it (then only that command is built)."""
    words = typed_words()
    return words[1] if len(words) > 2 and not words[1].startswith("-") else None


def _state(ctx) -> tuple[str | None, dict | None]:
    """(game, the game part of the state) named by --game, -s FILE or CLAW_STATE."""
    params = getattr(ctx, "params", {}) or {}
    session: Any = ctx.find_root().obj if hasattr(ctx, "find_root") else None  # `claw play`: the state in memory
    if getattr(session, "in_memory", False) and session.envelope is not None and not params.get("game"):
        return session.envelope["game"], session.envelope["state"]
    path = params.get("state") or (None if params.get("game") else os.environ.get("CLAW_STATE"))
    envelope = None
    if path and path != "-":
        try:
            with open(path, encoding="utf-8") as handle:
                envelope = json.load(handle)
        except (OSError, ValueError):
            envelope = None
    if not isinstance(envelope, dict):
        return params.get("game"), None
    state = envelope.get("state")
    return envelope.get("game") or params.get("game"), state if isinstance(state, dict) else None


def _matching(candidates: list[str], incomplete: str) -> list[str]:
    low = incomplete.casefold()
    return [c for c in dict.fromkeys(candidates) if c.casefold().startswith(low)]


def for_args(per_game: dict) -> Callable[..., list[str]]:
    """The completion of a game command's positionals: the kind of the next one (from the
    specs) and the names of that kind in the state."""

    def complete(ctx: Any, incomplete: str) -> list[str]:
        from claw.cli.framework.kinds import names, place

        game, state = _state(ctx)
        spec = per_game.get(game) if game else None
        if spec is None or not spec.args:
            return []
        n = len(positionals(typed_words()[2:-1], _value_flags(per_game)))
        # what word n can be: with optionals, more words to come may shift it (`hunt [CAT] PREY`)
        kinds = dict.fromkeys(arg.kind for more in range(len(spec.args) + 1)
                              if (arg := place(tuple(spec.args), n + 1 + more)[n]) is not None)
        found = [name for kind in kinds for name in names(kind, game, state, complete=True) or []] if game else []
        return _matching(found, incomplete)

    return complete


COMMON_VALUE_FLAGS = ("-s", "--state", "-o", "--output", "--seed", "--dice", "--game")


def _value_flags(per_game: dict) -> set[str]:
    flags = set(COMMON_VALUE_FLAGS)
    for spec in per_game.values():
        for opt in spec.options:
            if opt.type is not bool:
                flags.update([opt.flag, *opt.aliases, *([opt.short] if opt.short else [])])
    return flags


def positionals(words: list[str], value_flags: set[str]) -> list[str]:
    """The positional words among typed ones (an option's value is not one)."""
    out, skip = [], False
    for word in words:
        if skip:
            skip = False
        elif word.startswith("-") and word != "-" and not word.lstrip("-").replace(".", "").isdigit():
            skip = word in value_flags  # --flag VALUE (not --flag=VALUE)
        else:
            out.append(word)
    return out


def shown_options(ctx: Any, per_game: dict, offered: list) -> list:
    """The option names to offer for a game command: the game in hand's own (every game's
    when none is known) and the common ones; an alias is accepted but never offered."""
    game, _ = _state(ctx)
    specs = [per_game[game]] if game in per_game else [] if game else list(per_game.values())
    game_flags = {name for spec in per_game.values() for opt in spec.options
                  for name in (opt.flag, *opt.aliases, *([opt.short] if opt.short else []))}
    shown = {name for spec in specs for opt in spec.options if not opt.hidden
             for name in (opt.flag, *([opt.short] if opt.short else []))}
    return [item for item in offered if item.value not in game_flags or item.value in shown]


def for_option(choices: tuple[str, ...], kind: str | None) -> Callable[..., list[str]]:
    """The completion of an option's value: its fixed choices, or the names of its kind."""

    def complete(ctx: Any, incomplete: str) -> list[str]:
        if choices:
            return _matching(list(choices), incomplete)
        from claw.cli.framework.kinds import names

        game, state = _state(ctx)
        if game is None or kind is None:
            return []
        return _matching(names(kind, game, state, complete=True) or [], incomplete)

    return complete


def for_draws(ctx: Any, incomplete: str) -> list[str]:
    """``--draw DECK=``: the deck names of the game in hand (after any items already typed)."""
    from claw.cli.framework.draws import decks_of

    game, _ = _state(ctx)
    head, comma, _ = incomplete.rpartition(",")
    return _matching([head + comma + deck + "=" for deck in decks_of(game)[0]], incomplete)


def _adjust_spec(ctx: Any) -> tuple[dict | None, dict | None]:
    game, state = _state(ctx)
    if game is None or state is None:
        return None, None
    from claw.cli.framework.adapter import adapter

    return state, adapter(game).adjust


def for_adjust_target(ctx: Any, incomplete: str) -> list[str]:
    """`claw adjust ID`: the ids the game's corrections accept (and ``game``)."""
    from claw.core.adjust import find_target
    from claw.core.errors import UnknownName

    state, spec = _adjust_spec(ctx)
    if not spec or state is None:
        return []
    try:
        find_target(state, spec, "")  # no id is empty: the refusal lists every id
    except UnknownName as exc:
        return _matching(exc.names, incomplete)
    return []


def for_adjust_change(ctx: Any, incomplete: str) -> list[str]:
    """`claw adjust ID KEY=`: the keys that record can be corrected in."""
    from claw.core.adjust import find_target
    from claw.core.errors import UsageError

    state, spec = _adjust_spec(ctx)
    target = (getattr(ctx, "params", {}) or {}).get("target")
    if not spec or state is None or not target:
        return []
    try:
        _, _, keys = find_target(state, spec, target)
    except UsageError:
        return []
    return _matching([key + "=" for key in keys], incomplete)


def for_games(ctx: Any, incomplete: str) -> list[str]:
    from claw.cli.framework.adapter import GAMES

    return _matching(list(GAMES), incomplete)
