"""Shell completion and `claw play`'s: commands and options come from click; this module
answers the words only claw knows — the game in hand's verbs, figure ids, squares, cards,
zones … from the state in ``-s FILE``, ``CLAW_STATE`` or the session — narrowed to the
situation by the specs' ``among`` hooks (claw.cli.framework.spec.Arg), and option values
with fixed choices. Each shell's script is in claw.cli.shell.shells.

An answer must come back in well under 150 ms, so the state is read with ``json``
only and nothing else is imported until a hook asks.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from claw.cli.framework.spec import LIST_KINDS

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


def _envelope(ctx) -> dict | None:
    """The whole state document in hand: `claw play`'s in memory, else -s FILE or
    CLAW_STATE read with json (None when there is none or it does not read)."""
    params = getattr(ctx, "params", {}) or {}
    session: Any = ctx.find_root().obj if hasattr(ctx, "find_root") else None  # `claw play`: the state in memory
    if getattr(session, "in_memory", False) and session.envelope is not None and not params.get("game"):
        return session.envelope
    path = params.get("state") or (None if params.get("game") else os.environ.get("CLAW_STATE"))
    if not path or path == "-":
        return None
    try:
        with open(path, encoding="utf-8") as handle:
            envelope = json.load(handle)
    except (OSError, ValueError):
        return None
    return envelope if isinstance(envelope, dict) else None


def _state(ctx) -> tuple[str | None, dict | None]:
    """(game, the game part of the state) named by --game, -s FILE or CLAW_STATE."""
    params = getattr(ctx, "params", {}) or {}
    envelope = _envelope(ctx)
    if envelope is None:
        return params.get("game"), None
    state = envelope.get("state")
    return envelope.get("game") or params.get("game"), state if isinstance(state, dict) else None


def for_log_seq(ctx: Any, incomplete: str) -> list[str]:
    """`undo --to <TAB>`: the numbers of the logged commands before the last (`claw log`)."""
    log = (_envelope(ctx) or {}).get("log")
    seqs = [str(e["seq"]) for e in log if isinstance(e, dict) and "seq" in e][:-1] if isinstance(log, list) else []
    return _matching(seqs, incomplete)


def _matching(candidates: list[str], incomplete: str) -> list[str]:
    low = incomplete.casefold()
    return [c for c in dict.fromkeys(candidates) if c.casefold().startswith(low)]


def for_args(per_game: dict) -> Callable[..., list[str]]:
    """The completion of a game command's positionals: the kind of the next one (from the
    specs) and the names of that kind that fit the situation (:func:`situated`)."""

    def complete(ctx: Any, incomplete: str) -> list[str]:
        from claw.cli.framework.kinds import place

        game, state = _state(ctx)
        spec = per_game.get(game) if game else None
        if game is None or spec is None or not spec.args:
            return []
        typed = positionals(typed_words()[2:-1], _value_flags(per_game))
        n = len(typed)
        # what word n can be: with optionals, more words to come may shift it (`hunt [CAT] PREY`)
        args = dict.fromkeys(arg for more in range(len(spec.args) + 1)
                             if (arg := place(tuple(spec.args), n + 1 + more)[n]) is not None)
        found = [name for arg in args for name in situated(arg, arg.kind, game, state, typed)]
        return _matching_items(found, incomplete, any(arg.kind in LIST_KINDS for arg in args))

    return complete


def situated(part: Any, kind: str | None, game: str, state: dict | None, typed: list[str]) -> list[str]:
    """The names of ``kind`` to offer for an argument or option (``part``): those its
    ``among`` hook gives for the words typed before it (the squares this cat may reach, the
    figures this attacker may attack), else every name of the kind in the state."""
    from claw.cli.framework.kinds import names

    if getattr(part, "among", None) and state is not None:
        from claw.cli.framework.adapter import Hook

        try:
            found = Hook(part.among)(state, list(typed))
        except Exception:  # noqa: BLE001  a Tab must never end in a traceback: the kind's names then
            found = None
        if found is not None:
            return list(found)
    if kind is None:
        return []
    try:
        return names(kind, game, state, complete=True) or []
    except Exception:  # noqa: BLE001  a state too broken to name anything offers nothing
        return []


def _matching_items(candidates: list[str], incomplete: str, listed: bool) -> list[str]:
    """``_matching``, and for a comma-separated kind (``HERB[,HERB...]``) the last item after
    the ones already typed (``catmint,bo`` → ``catmint,borage``)."""
    if not listed or "," not in incomplete:
        return _matching(candidates, incomplete)
    head, _, last = incomplete.rpartition(",")
    return [f"{head},{name}" for name in _matching(candidates, last)]


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


def for_option(shared: Any, per_game: dict) -> Callable[..., list[str]]:
    """The completion of an option's value: its fixed choices, or the names of its kind that
    fit the positionals typed (``--weapon``: the attacker's own weapons). ``shared`` is the
    option as the command was built (several games' merged); the game in hand's own spec of
    it says what to offer."""

    def complete(ctx: Any, incomplete: str) -> list[str]:
        game, state = _state(ctx)
        own = [o for o in (per_game[game].options if game in per_game else ()) if o.name == shared.name]
        opt = own[0] if own else shared
        if opt.choices:
            return _matching(list(opt.choices), incomplete)
        if game is None or opt.kind is None:
            return []
        typed = positionals(typed_words()[2:-1], _value_flags_of(ctx))
        return _matching_items(situated(opt, opt.kind, game, state, typed), incomplete, opt.kind in LIST_KINDS)

    return complete


def _value_flags_of(ctx: Any) -> set[str]:
    """The option names of the command being completed that take a value."""
    params = getattr(getattr(ctx, "command", None), "params", [])
    return {name for p in params if not getattr(p, "is_flag", True) for name in getattr(p, "opts", [])}


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


def command_names(game: str | None) -> list[str]:
    """The command words to offer: the shared commands and, when the game in hand is known,
    that game's own verbs only (no `hunt` in an msm game, though the rule verb exists for
    every game); every game's verbs when none is known."""
    from claw.cli.framework.adapter import GAMES, commands_of
    from claw.cli.shell.app import FOUNDATION

    if game in GAMES:
        return [*FOUNDATION, *commands_of(game)]
    from claw.cli.shell.dispatch import collect

    return [*FOUNDATION, *collect()]


def help_topics(game: str | None) -> list[str]:
    """What `help` takes: a game's name, or a command of the game in hand."""
    from claw.cli.framework.adapter import GAMES

    return [*GAMES, *command_names(game)]


def game_in_env() -> str | None:
    """The game of the state in CLAW_STATE (a cheap look), for completing the command word."""
    path = os.environ.get("CLAW_STATE")
    if not path or path == "-":
        return None
    from claw.cli.framework.adapter import game_of_file

    return game_of_file(path)


def for_help_topic(ctx: Any, incomplete: str) -> list[str]:
    """`claw help <TAB>`: the games and the commands of the game in hand."""
    return _matching(help_topics(game_in_env()) if not typed_words()[2:-1] else [], incomplete)
