"""The interactive side of `claw play`: a prompt_toolkit prompt (imported only here) with the
game's status, completion from the CLI's own completer, and a history file per game.

Each line goes to :class:`claw.cli.session.engine.Session`, exactly as a script line does.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from claw.cli.render.output import Output
from claw.cli.session.engine import QUIT, EndSession, Session

SESSION_WORDS = ("help", *QUIT)


def status(game: str | None, state: dict | None) -> str:
    """Game, round and phase, and whose turn it is, in a few words (the prompt)."""
    if not game or not isinstance(state, dict):
        return "claw"
    parts = [game]
    if game == "msm":
        round_ = state.get("round") or {}
        parts.append(f"round {round_.get('number', '?')}")
        parts.append(str(state.get("phase", "")))
        turn = (round_.get("initiative") or {}).get("first") if state.get("phase") == "initiative" else None
        if state.get("active"):
            parts.append(f"active {state['active']}")
        elif turn:
            parts.append(f"{turn} first")
    elif game == "ratcatcher":
        parts += [f"round {state.get('round', '?')}", f"{state.get('phase', '')} phase"]
    elif game == "warriors":
        parts.append(f"day {state.get('day', 0)}")
        fight = state.get("fight")
        if isinstance(fight, dict):
            order, turn = fight.get("order") or [], fight.get("turn")
            whose = order[turn] if isinstance(turn, int) and 0 <= turn < len(order) else None
            parts.append(f"fight round {fight.get('round', 1)}" + (f": {whose}'s turn" if whose else ""))
    elif game == "mice":
        parts += [f"hourglass {state.get('hourglass', '?')}/{state.get('chapter_end', '?')}",
                  str(state.get("current_room", ""))]
    outcome = state.get("outcome")
    if outcome:
        parts.append(str(outcome.get("result") if isinstance(outcome, dict) else outcome))
    return " · ".join(p for p in parts if p)


def prompt_text(session: Session) -> str:
    envelope = session.envelope or {}
    return f"{status(envelope.get('game'), envelope.get('state'))}> "


def history_path(game: str | None) -> Path:
    """One history file per game, under $XDG_STATE_HOME/claw (default ~/.local/state/claw)."""
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "claw" / f"play-{game or 'none'}.history"


def complete_line(session: Session, text: str) -> tuple[str, list[str]]:
    """(the word being completed, its candidates) for the line typed so far: click's own
    completion of the CLI's commands — names, options, and the values their completers give."""
    words = _split_typed(text)
    incomplete = "" if not text or text[-1].isspace() else (words.pop() if words else "")
    if not words:
        names = [n for n in (*getattr(session.cli, "commands", {}), *SESSION_WORDS)
                 if n.startswith(incomplete) and n not in ("new", "play")]
        return incomplete, sorted(dict.fromkeys(names))
    if words[0] == "help":
        words = words[1:]
    from claw.cli.shell.bridge import complete

    saved = {k: os.environ.get(k) for k in ("COMP_WORDS", "COMP_CWORD")}
    os.environ["COMP_WORDS"] = " ".join(["claw", *words, incomplete])  # what the shell completer reads
    os.environ["COMP_CWORD"] = str(len(words) + 1)
    try:
        found = complete(session.cli, list(words), incomplete, obj=session)
    except Exception:  # completion must never end the session; no candidates then
        found = []
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return incomplete, [f for f in dict.fromkeys(found) if f not in ("-s", "--state", "-i", "--in-place",
                                                                     "-o", "--output")]


def _split_typed(text: str) -> list[str]:
    import shlex

    try:
        return shlex.split(text)
    except ValueError:  # an open quote while typing
        return text.split()


def _completer(session: Session) -> Any:
    from prompt_toolkit.completion import Completer, Completion

    class ClawCompleter(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Iterable[Any]:
            incomplete, found = complete_line(session, document.text_before_cursor)
            for value in found:
                yield Completion(value, start_position=-len(incomplete))

    return ClawCompleter()


def interactive_session(session: Session, *, redraw: str = "changed", output: Output | None = None,
                        input: Any = None, screen: Any = None) -> int:
    """Prompt, run, redraw, until `quit` or Ctrl-D. ``input``/``screen``: prompt_toolkit's
    input and output (tests pass a pipe input and a dummy output)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    output = output or Output()
    game = (session.envelope or {}).get("game")
    history: Any
    try:
        path = history_path(game)
        path.parent.mkdir(parents=True, exist_ok=True)
        history = FileHistory(str(path))
    except OSError:
        history = InMemoryHistory()
    prompt: Any = PromptSession(history=history, completer=_completer(session), complete_while_typing=False,
                                input=input, output=screen)
    where = session.path if session.autosave else None
    output.say(f"claw play: {game or 'no game'}; " + (f"every change is saved to {where}" if where else
               "this session is not saved to a file (start with -s FILE or -o FILE)")
               + ". `help` lists the commands, `quit` or Ctrl-D ends.")
    if redraw == "always" or redraw == "changed":
        session.run_line("show")
    while True:
        try:
            line = prompt.prompt(prompt_text(session))
        except KeyboardInterrupt:  # Ctrl-C: the half-typed line is dropped
            continue
        except EOFError:  # Ctrl-D
            break
        try:
            session.run_line(line)
        except EndSession:
            break
        except KeyboardInterrupt:  # between a command's own handler and the prompt
            output.error("interrupted")
            continue
        redraws = redraw == "always" or (redraw == "changed" and session.changed)
        if redraws and _split_typed(line)[:1] != ["show"]:
            session.run_line("show")
    output.say("session ended" + (f"; the game is in {where}" if where else "; not saved"))
    return 0
