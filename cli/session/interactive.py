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
from claw.cli.session.engine import NOT_IN_SESSION, QUIT, EndSession, Session

SESSION_WORDS = ("help", "save", "reload", *QUIT)


def status(game: str | None, state: dict | None) -> str:
    """Game, round and phase, and whose turn it is, in a few words (the prompt)."""
    if not game or not isinstance(state, dict):
        return "claw"
    from claw.cli.framework.adapter import GAMES, game_hooks

    parts = [game] + (game_hooks(game).status(state) if game in GAMES else [])
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
    from claw.cli.shell.completion import command_names, help_topics

    words = _split_typed(text)
    incomplete = "" if not text or text[-1].isspace() else (words.pop() if words else "")
    game = (session.envelope or {}).get("game")
    if not words:  # the game in hand's own verbs, the shared commands and the session's words
        names = [n for n in (*command_names(game), *SESSION_WORDS)
                 if n.startswith(incomplete) and n not in NOT_IN_SESSION]
        return incomplete, sorted(dict.fromkeys(names))
    if words == ["help"]:
        return incomplete, [n for n in dict.fromkeys(help_topics(game)) if n.startswith(incomplete)
                            and n not in NOT_IN_SESSION]
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


class Typed:
    """How the interactive session (line or full-screen) runs what was typed: the session
    words `save`, `reload` and `quit` here, every other line through the engine; what a
    line writes is held until it ends, then shown in the session's words — a refused line
    shows its refusal alone (issue 23 items 2, 4 and 5)."""

    def __init__(self, session: Session) -> None:
        from claw.cli.session.words import claw_prefix

        self.session = session
        verbs = [*getattr(session.cli, "commands", {}), *SESSION_WORDS, "undo", "log", "show"]
        self.prefix = claw_prefix(verbs)
        self.over = _over(session)  # was the game over before the last line?

    def run(self, line: str, tty: bool | None = None, track: bool = True) -> tuple[int, list[tuple[str, str]]]:
        """Run ``line``: (its exit code, the chunks to show). `quit` raises EndSession.
        ``track``: a line typed (False: the board drawn again, which ends no game)."""
        from claw.cli.framework import runner
        from claw.cli.session.capture import capture
        from claw.cli.session.words import for_session

        words = _split_typed(line)
        if track:
            self.over = _over(self.session)
        with capture(tty) as found:
            # `reload` alone re-reads the file; with words it is the game's (msm: reload guy)
            if words[:1] == ["save"] or words == ["reload"]:
                code = runner.guard(lambda: self._session_word(words))
            else:
                code = self.session.run_line(line)
        chunks = found.chunks if code == 0 else found.refusal()
        return code, [(stream, for_session(text, self.prefix)) for stream, text in chunks]

    def _session_word(self, words: list[str]) -> int:
        from claw.core.errors import UsageError

        self.session.changed = False
        if words[0] == "reload":
            return self.session.reload(Output())
        if len(words) > 2:
            raise UsageError(f"save takes one file name at most: {' '.join(words[1:])}")
        return self.session.save(words[1] if len(words) > 1 else None, Output())

    def board(self, tty: bool | None = None) -> list[tuple[str, str]]:
        """The board as `show` draws it, in the session's words."""
        return self.run("show", tty, track=False)[1]

    def ended_now(self) -> bool:
        """Did the last line end the game?"""
        return not self.over and _over(self.session)

    def unsaved(self) -> str | None:
        """What quitting now would lose, or None."""
        if not self.session.dirty or self.session.envelope is None:
            return None
        where = self.session.path
        return f"changes not saved to {where}" if where else "this game is not saved to a file"


def _over(session: Session) -> bool:
    state = (session.envelope or {}).get("state")
    return isinstance(state, dict) and bool(state.get("outcome"))


def summary_lines(session: Session) -> list[str]:
    """What the session adds when a game ends: nothing where the command that ended it has
    summed the game up already (claw.core.summary, said by the runner with its events);
    else the outcome in one line."""
    from claw.core.summary import summary

    envelope = session.envelope or {}
    if summary(str(envelope.get("game") or ""), envelope) is not None:
        return []
    state = envelope.get("state") or {}
    outcome = state.get("outcome")
    if isinstance(outcome, dict):
        said = " — ".join(str(outcome[k]) for k in ("result", "why") if outcome.get(k))
    else:
        said = " — ".join(str(v) for v in (outcome, state.get("outcome_reason")) if v)
    return [f"The game is over: {said}."]


def _ask(question: str, answers: str, input: Any, screen: Any) -> str:
    """One letter of ``answers`` typed after ``question`` (the first is the default; Ctrl-C
    or Ctrl-D: the last, which is always the harmless one)."""
    from prompt_toolkit import PromptSession

    asker: Any = PromptSession(input=input, output=screen)
    while True:
        try:
            reply = asker.prompt(question).strip().lower()
        except (KeyboardInterrupt, EOFError):
            return answers[-1]
        if not reply:
            return answers[0]
        if reply[0] in answers:
            return reply[0]


def interactive_session(session: Session, *, redraw: str = "changed", output: Output | None = None,
                        input: Any = None, screen: Any = None) -> int:
    """The line session (`claw play --plain`): prompt, run, redraw, until `quit` or Ctrl-D.
    ``input``/``screen``: prompt_toolkit's input and output (tests pass a pipe input and a
    dummy output)."""
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
    typed = Typed(session)
    output.say(opening(session))

    def show(chunks: list[tuple[str, str]]) -> None:
        from claw.cli.session.capture import Captured

        Captured(chunks).replay()

    if redraw == "always" or redraw == "changed":
        show(typed.board())
    while True:
        try:
            line = prompt.prompt(prompt_text(session))
        except KeyboardInterrupt:  # Ctrl-C: the half-typed line is dropped
            continue
        except EOFError:  # Ctrl-D
            line = "quit"
        try:
            code, chunks = typed.run(line)
        except EndSession:
            if _quit_asked(typed, output, input, screen):
                break
            continue
        except KeyboardInterrupt:  # between a command's own handler and the prompt
            output.error("interrupted")
            continue
        show(chunks)
        redraws = redraw == "always" or (redraw == "changed" and session.changed)
        if redraws and _split_typed(line)[:1] != ["show"]:
            show(typed.board())
        outside = code and session.changed_outside and session.path
        if outside and _ask(f"reload {session.path} as it is now? [y/N] ", "ny", input, screen) == "y":
            show(typed.run("reload")[1])
        if typed.ended_now():
            for text in summary_lines(session):
                output.say(text)
            quits = _ask("quit now? [Y/n] (n stays: look around, undo) ", "yn", input, screen) == "y"
            if quits and _quit_asked(typed, output, input, screen):
                break
    output.say(closing(session))
    return 0


def _quit_asked(typed: Typed, output: Output, input: Any, screen: Any) -> bool:
    """May the session end? With unsaved changes, ask: save, quit without saving, cancel."""
    lost = typed.unsaved()
    if lost is None:
        return True
    where = typed.session.path
    save = f"[s]ave to {where}" if where else "[s]ave to a file"
    while True:
        answer = _ask(f"{lost}: {save} / [q]uit without saving / [c]ancel? ", "sqc", input, screen)
        if answer != "s":
            return answer == "q"
        target = where
        if target is None:
            from prompt_toolkit import PromptSession

            try:
                target = PromptSession(input=input, output=screen).prompt("save to file: ").strip()
            except (KeyboardInterrupt, EOFError):
                return False
            if not target:
                continue
        from claw.cli.session.capture import Captured

        code, chunks = typed.run(f"save {_quote(target)}")
        Captured(chunks).replay()
        if code == 0:
            return True


def _quote(word: str) -> str:
    import shlex

    return shlex.quote(word)


def opening(session: Session) -> str:
    game = (session.envelope or {}).get("game")
    where = session.path if session.autosave else None
    return (f"claw play: {game or 'no game'}; " + (f"every change is saved to {where}" if where else
            "this session is not saved to a file (`save FILE` saves it)")
            + ". `help` lists the commands, `quit` or Ctrl-D ends.")


def closing(session: Session) -> str:
    where = session.path if session.autosave and not session.dirty else None
    return "session ended" + (f"; the game is in {where}" if where else "; not saved")
