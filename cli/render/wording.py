"""One wording per situation a user meets often, with its exit code (issue 25).

Every part of the CLI that meets one of these situations builds its error here, so the
same mistake reads the same whatever command, game or session it happens in.
``tests/foundation/test_wordings.py`` holds each message and its exit code as a table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from claw.core.errors import ClawError, InvalidInput, UsageError, quoted

E = TypeVar("E", bound=ClawError)


def with_hint(exc: E, hint: str) -> E:
    """``exc`` carrying a second line for the user (what to do instead)."""
    exc.hint = hint  # type: ignore[attr-defined]
    return exc


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """"did you mean attack?" (or "did you mean attack or knack?"), or "" when nothing is
    near (claw.cli.render.suggest.phrase: the one format, in the CLI and in `claw play` alike)."""
    from claw.cli.render.suggest import closest, phrase

    return phrase(closest(word, list(choices)))


def see_help(command: str | None = None) -> str:
    """The hint line: the help of the command typed, not claw's whole help."""
    return f"see `claw {command} --help`" if command else "see `claw --help` (or `claw help GAME`)"


def needs_state(command: str, *, stateless: bool = False, changes: bool = True,
                file_only: bool = False, without: str = "") -> UsageError:
    """A command (or one option of it: ``"attack --assign"``) that has no state to work on
    (exit 2). ``stateless``: the command also answers without a state, for a game named with
    --game; ``changes``: it can update the state, so -i is worth naming; ``file_only``: it
    works on a file (undo), so a pipe will not do; ``without``: what it does without one."""
    where = "-s FILE" + (" (-i to update it in place)" if changes and not file_only else "")
    if file_only:
        text = f"`claw {command}` needs a state file: {where} or CLAW_STATE=FILE"
    else:
        text = f"`claw {command}` needs a state: {where}, CLAW_STATE=FILE, or a state piped in on stdin"
    if stateless:
        text += "; or --game GAME to ask without one"
    if without:
        text += f"; {without}"
    return UsageError(text)


def empty_stdin(piped: bool) -> InvalidInput:
    """A state was to come on stdin and none came (exit 3). ``piped``: stdin is a pipe (its
    writer closed without writing: a stage before claw that failed, most likely), else a
    file or device that was empty."""
    if piped:
        return InvalidInput("<stdin>: empty input: the pipe into claw carried no state "
                            "(did the command before it fail? see its message)")
    return InvalidInput("<stdin>: empty input, expected a claw state (JSON)")


def unknown_game(name: str, games: Iterable[str]) -> UsageError:
    """A game claw does not know (exit 2: a usage error, not the rules' refusal)."""
    return UsageError(unknown_game_text(name, games))


def unknown_game_text(name: object, games: Iterable[str]) -> str:
    """"unknown game 'MSM'; did you mean msm?", else the games claw knows."""
    games = list(games)
    near = did_you_mean(str(name), games)
    return f"unknown game {quoted(name)}" + (f"; {near}" if near else f" (one of: {', '.join(games)})")


def _article(word: str) -> str:
    """"a" or "an" as the word is said: a name without vowels is spelled out letter by
    letter ("an em-ess-em command"), any other by its first letter."""
    spelled = not any(ch in "aeiouy" for ch in word.lower())
    return "an" if word[:1].lower() in ("aefhilmnorsx" if spelled else "aeiou") else "a"


def foreign_verb(verb: str, owners: Iterable[str], game: str, *, from_state: bool = True) -> UsageError:
    """Another game's verb on this game's state (exit 2): "hunt is a warriors command; this
    state is msm". ``owners``: the games that have the verb (none: no game has it yet)."""
    owners = list(owners)
    this = f"this {'state' if from_state else 'game'} is {game}"
    if not owners:
        return UsageError(f"{verb} is a rule no game implements in claw yet; {this}")
    return with_hint(UsageError(f"{verb} is {_article(owners[0])} {' or '.join(owners)} command; {this}"),
                     f"see `claw help {game}` for {game}'s commands")


def state_positional(command: str, word: str) -> UsageError:
    """`claw show game.json`: a state file typed where the command's arguments go (exit 2)."""
    return UsageError(f"{quoted(word)} looks like a state file; a state goes after -s: "
                      f"claw {command} -s {word}")


def looks_like_state_file(word: str) -> bool:
    return word.lower().endswith(".json")


def unknown_command(word: str, commands: Iterable[str], game: str | None = None) -> UsageError:
    """A command word claw has not got (exit 2); ``commands``: those of the game in hand
    (``game``) when one is known, so a suggestion never names another game's verb."""
    near = did_you_mean(word, commands)
    return with_hint(UsageError(f"no such command {quoted(word)}" + (f"; {near}" if near else "")),
                     f"see `claw help {game}` for {game}'s commands" if game else see_help())
