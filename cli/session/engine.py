"""The engine of `claw play`: one process, the state held in memory, each line run by the
CLI's own click commands (no second grammar).

A line is split with shlex and handed to the same app `claw` builds, with this session as
the commands' store (click's ``obj``): the runner takes the state from :meth:`Session.checkout`
and gives the new one back to :meth:`Session.commit` instead of reading and writing a file.
Everything between (handler, log entry, dice, checks) is the CLI's flow unchanged, which is
why a script gives byte for byte the state separate `claw` processes give.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from claw.cli.framework import runner
from claw.cli.framework.state_rules import STATE_RULES
from claw.cli.render.output import Output
from claw.cli.store import history, statefile
from claw.cli.store.history import MemoryHistory
from claw.core.errors import CannotWrite, ClawError, IllegalAction, InvalidInput, UsageError

# words a session line may not start with: they would start or nest another session
NOT_IN_SESSION = {"new": "`new` starts another game: quit and run `claw play SCENARIO` (or `claw new`)",
                  "play": "already in a session"}
QUIT = ("quit", "exit")
SESSION_HELP = ("\nIn this session: each line is a claw command without `claw` and -s; also undo, log, show,\n"
                "save [FILE], reload, help VERB, quit. Tab completes, Ctrl-C drops the line, Ctrl-D ends\n"
                "the session.\n")


_CLI: Any = None  # the click app, built on first use


class EndSession(Exception):
    """`quit` (or `exit`) was typed."""


def _normal(value: Any) -> Any:
    """``value`` as the next process would read it back from the file (tuples → lists, keys →
    strings): a fresh copy, so the held state never shares objects with a handler's."""
    return json.loads(json.dumps(value, ensure_ascii=False))


class LogEncoder:
    """``statefile.dump_state(envelope)`` byte for byte, encoding each log entry once: the
    log only grows, so a save re-encodes the game's part and the new entries only (the
    indented encoder is pure Python: the whole log each time was most of a save's cost)."""

    def __init__(self) -> None:
        self.entries: list[Any] = []  # the log entries encoded so far (the objects themselves)
        self.texts: list[str] = []  # their text, indented as they sit in the file

    def dump(self, envelope: dict) -> str:
        log = envelope.get("log")
        if not isinstance(log, list) or not log or list(envelope)[-1] != "log":
            return statefile.dump_state(envelope)
        same = 0
        while same < min(len(log), len(self.entries)) and log[same] is self.entries[same]:
            same += 1
        del self.entries[same:], self.texts[same:]
        for entry in log[same:]:
            self.entries.append(entry)
            text = json.dumps(entry, ensure_ascii=False, indent=1, allow_nan=False)
            self.texts.append("  " + text.replace("\n", "\n  "))
        head = json.dumps({k: v for k, v in envelope.items() if k != "log"}, ensure_ascii=False, indent=1,
                          allow_nan=False)
        return head[:-2] + ',\n "log": [\n' + ",\n".join(self.texts) + "\n ]\n}\n"


def _without_comment(line: str) -> str:
    """``line`` up to its comment: as in a shell, a `#` outside quotes starts one only at the
    start of a word (shlex's own comments also cut `rat#3` to `rat`)."""
    quote, escaped, word_start = "", False, True
    for at, char in enumerate(line):
        if escaped:
            escaped, word_start = False, False
        elif char == "\\" and quote != "'":
            escaped = True
        elif quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote, word_start = char, False
        elif char == "#" and word_start:
            return line[:at]
        else:
            word_start = char.isspace()
    return line


def _script_line(raw: str | bytes) -> str | None:
    """A script line as text, or None when it is not UTF-8 (a text stream decoded with
    surrogateescape hands such bytes on as lone surrogates)."""
    try:
        if isinstance(raw, bytes):
            return raw.decode("utf-8")
        raw.encode("utf-8")
    except UnicodeError:
        return None
    return raw


def _raw_bytes(raw: str | bytes) -> bytes:
    return raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogateescape")


def _shown(raw: str | bytes) -> str:
    """A line that is not UTF-8, printable: its bad bytes as \\xNN."""
    return _raw_bytes(raw).decode("utf-8", "backslashreplace")


def _not_utf8(raw: str | bytes) -> int:
    data = _raw_bytes(raw)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        Output().error(f"the line is not UTF-8 text (byte 0x{data[exc.start]:02x} at column {exc.start + 1})")
    return InvalidInput.exit_code


class Session:
    """The state of one `claw play` run and how each line reaches the CLI's commands.

    ``path``: the file the session saves to after every state-changing command when
    ``autosave`` is set (in place, with the file's undo history, as ``-i`` does); otherwise the
    state stays in memory and undo and redo use :attr:`memory`. It is the runner's store while a
    line runs (claw.cli.store.stores.MemoryStore).
    """

    in_memory = True

    def __init__(self, envelope: dict | None = None, *, path: str | None = None, autosave: bool = False,
                 saved_text: str | None = None, quiet: bool = False, stdout_to_stderr: bool = False,
                 folder: str | None = None) -> None:
        self.envelope = envelope
        self.path = path
        # where the paths a state stores are relative to: the file's folder, else where it goes
        self.folder = folder or (os.path.dirname(os.path.realpath(path)) if path else ".")
        self.stamp: tuple | None = None  # the file as this session last read or wrote it
        self.autosave = autosave and path is not None
        self.saved_text = saved_text  # the file's text as last read or written (its next undo entry)
        self.quiet = quiet
        self.stdout_to_stderr = stdout_to_stderr  # script mode with the state on stdout
        self.memory = MemoryHistory()  # undo and redo without a file
        self.encoder = LogEncoder()
        self.changed = False  # did the last line change the state?
        self.dirty = False  # does the held state differ from the file (or, without one, from nothing)?
        self.changed_outside = False  # was the last save refused because another program wrote the file?

    # --- the runner's side (this object is the store while a line runs) ----------------
    def source(self, common: Any) -> str | None:
        if common.state or common.in_place or common.output:
            raise UsageError("in claw play the session holds the state: leave out -s, -i and -o")
        if common.game or self.envelope is None:
            return None  # --game asks a stateless question, as on the command line
        # the runner takes the state's folder from this name (the file's, or the session's)
        return self.path or os.path.join(self.folder, "<claw play session>")

    def checkout(self) -> dict:
        """A copy of the held envelope for one command (a refused command changes nothing)."""
        if self.envelope is None:
            raise UsageError("no game in this session yet")
        held = self.envelope
        return {**held, "rng": dict(held["rng"]), "state": _normal(held["state"]), "log": list(held.get("log", []))}

    def commit(self, envelope: dict, output: Output) -> int:
        """Take the new state of a command that succeeded (the runner checked it)."""
        before = self.envelope
        known = len(before.get("log", [])) if before is not None else 0
        envelope["state"] = _normal(envelope["state"])
        log = envelope.setdefault("log", [])
        log[known:] = [_normal(entry) for entry in log[known:]]
        try:  # the runner's check of a new state, on the part that is new: the held log was checked
            statefile.check_state({**envelope, "log": log[known:]}, "new state")
        except InvalidInput as exc:  # our bug, not the user's: refuse to keep it
            raise RuntimeError(f"claw produced an invalid state, not written: {exc}") from None
        if self.autosave:
            self._save(envelope, output)
        elif before is not None:
            self.memory.push(before)
        self.envelope = envelope
        self.changed = True
        self.dirty = not self.autosave
        return 0

    def _save(self, envelope: dict, output: Output) -> None:
        """Write through the CLI's own write path: atomic, locked and with an undo entry.
        A file changed by someone else since this session read or wrote it is not replaced."""
        from claw.cli.store.atomic import stamp
        from claw.cli.store.lock import StateLock

        assert self.path is not None
        if self.saved_text is None:  # a new file (`claw play scenario.yaml -o game.json`)
            common = runner.Common(output=self.path)
        else:
            common = runner.Common(state=self.path, in_place=True)
        text = statefile.sealed_text(envelope, self.encoder.dump(envelope))  # commit() checked it
        with StateLock(self.path) as lock:
            if self.saved_text is not None and self.stamp is not None and lock.stamp != self.stamp:
                self.changed_outside = True
                raise CannotWrite(f"{self.path} was changed outside this session; nothing written "
                                  "(`reload` goes on from the file as it is now)")
            # commit() checked the state and the new log entries; the file store writes them
            runner.write_state(envelope, common, self.path, False, self.saved_text, output, lock=lock,
                               encoded=text)
            self.stamp = stamp(os.path.realpath(self.path))
        self.saved_text = text

    def save(self, target: str | None, output: Output) -> int:
        """`save [FILE]`: write the held state to the session's file, or to FILE, which the
        session then saves every change to (as if it had been started with -o FILE)."""
        if self.envelope is None:
            raise UsageError("no game in this session yet")
        same = target is None or (self.path is not None and os.path.realpath(target) == os.path.realpath(self.path))
        if same:
            if self.path is None:
                raise UsageError("this session has no file yet: save FILE")
            if self.autosave and not self.dirty:
                output.say(f"every change is already saved to {self.path}")
                return 0
            self.autosave = True
            self._save(self.envelope, output)
            self.dirty = False
            output.say(f"saved to {self.path}")
            return 0
        assert target is not None
        if os.path.isdir(target):
            raise UsageError(f"{target} is a folder: give a file name")
        # paths the state stores follow it to where it goes, as with -o on the CLI
        runner.write_state(self.envelope, runner.Common(output=target), None, False, None, output, folder=self.folder)
        self._take_file(target)
        output.say(f"saved to {target}; from now on every change is saved there")
        return 0

    def reload(self, output: Output) -> int:
        """`reload`: go on from the session's file as it is now (another program changed it)."""
        if self.path is None or self.saved_text is None and not os.path.exists(self.path):
            raise UsageError("this session has no file to reload (save FILE first)")
        if self.dirty:
            raise IllegalAction(f"the session has changes not saved to {self.path}: save or undo them first")
        before = self.saved_text
        self._take_file(self.path)
        log = (self.envelope or {}).get("log", [])
        last = f"#{log[-1]['seq']} {log[-1]['command']}" if log else "the start"
        if before == self.saved_text:
            output.say(f"{self.path} is as this session left it (last: {last})")
        else:
            output.say(f"reloaded {self.path}: the game as it is now (last: {last})")
        return 0

    def _take_file(self, path: str) -> None:
        """Hold the state of ``path`` as it is now, saving every change back to it."""
        envelope, _, text = statefile.load_any(path, STATE_RULES)
        self.envelope, self.saved_text, self.path = envelope, text, path
        self.folder = os.path.dirname(os.path.realpath(path))
        self.autosave, self.dirty, self.changed, self.changed_outside = True, False, True, False
        self.memory = MemoryHistory()  # the file has its own history
        self.remember_file()

    def remember_file(self) -> None:
        """Note the file as it is now (after reading it): a later change by others is refused."""
        from claw.cli.store.atomic import stamp

        if self.path is not None:
            self.stamp = stamp(os.path.realpath(self.path))

    def undo(self, state: str | None, steps: int, to: int | None, output: Output) -> int:
        return self.travel(state, True, steps, to, output)

    def redo(self, state: str | None, steps: int, to: int | None, output: Output) -> int:
        return self.travel(state, False, steps, to, output)

    def travel(self, state: str | None, back: bool, steps: int, to: int | None, output: Output) -> int:
        """Undo or redo through the file's history (saving to a file) or the session's."""
        from claw.cli.commands.undo import restored

        if state:
            raise UsageError("in claw play the session holds the state: leave out -s")
        if self.envelope is None:
            raise UsageError("no game in this session yet")
        if self.autosave:
            assert self.path is not None
            self.envelope, self.saved_text, left_back, left_forward = history.travel(
                self.path, STATE_RULES, back, steps, to)
            self.remember_file()
            where = self.path
        else:
            self.envelope = self.memory.travel(self.envelope, back, steps, to)
            left_back, left_forward, where = len(self.memory.back), len(self.memory.forward), "the session"
        output.say(restored(where, self.envelope, left_back, left_forward))
        self.changed = True
        self.dirty = not self.autosave
        return 0

    # --- running lines ------------------------------------------------------------------
    @property
    def cli(self) -> Any:
        """The click command `claw` runs, built once per process with every command registered
        (it holds no state of a game: each run builds its own Call)."""
        global _CLI
        if _CLI is None:
            from claw.cli.shell.app import build_app
            from claw.cli.shell.bridge import click_command

            _CLI = click_command(build_app(None))
        return _CLI

    def words(self, line: str) -> list[str]:
        try:
            return shlex.split(_without_comment(line))
        except ValueError as exc:  # an open quote
            raise UsageError(f"cannot split the line ({exc}): {line.strip()}") from None

    def run_line(self, line: str) -> int:
        """Run one line; its exit code (0 for a blank line or a comment). `quit` raises EndSession."""
        self.changed = False
        try:
            words = self.words(line)
        except UsageError as exc:
            Output().error(str(exc))
            return exc.exit_code
        if not words:
            return 0
        if words[0] in QUIT:
            raise EndSession
        if words[0] in NOT_IN_SESSION:
            Output().error(NOT_IN_SESSION[words[0]])
            return UsageError.exit_code
        if words[0] == "help" or any(word in ("-h", "--help") for word in words):
            with self._streams():  # in a script with the state on stdout, help goes to stderr too
                return self.help(words)
        return self.run_words(words)

    def help(self, words: list[str]) -> int:
        """The CLI's own help screens (claw.cli.shell.help), for the game in hand: `help` is the
        game's commands in turn order, `help VERB` and `VERB --help` one command's help."""
        from claw.cli.shell import help as helptext
        from claw.cli.shell.app import FOUNDATION

        game = self.envelope["game"] if self.envelope is not None else None
        if words[0] in FOUNDATION and words[0] != "help":
            return self.run_words(words)  # a shared command's help is its own
        if words == ["help"]:
            text, code = (helptext.game_help(game) if game else helptext.top_help()), 0
            text += SESSION_HELP
        else:
            given = "--game" in words or any(w.startswith("--game=") for w in words)
            text, code = helptext.answer([*words, *(["--game", game] if game and not given else [])])
        (sys.stdout if code == 0 else sys.stderr).write(text)
        return code

    def run_words(self, words: list[str]) -> int:
        from claw.cli.shell.app import run_click

        debug = "--debug" in words
        try:
            with self._streams():  # the commands get this session as their store
                return runner.guard(lambda: run_click(self.cli, words, obj=self), debug=debug)
        except SystemExit as exc:  # a command that exits by itself ends its line, not the session
            return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        except Exception as exc:  # --debug let the error through: its traceback, then it ends the line only
            if not debug:
                raise
            import traceback

            traceback.print_exc()
            return exc.exit_code if isinstance(exc, ClawError) else 1

    @contextlib.contextmanager
    def _streams(self) -> Iterator[None]:
        """stdout to stderr while the state is meant for stdout; with -q, keep only errors."""
        saved = sys.stdout, sys.stderr
        held = io.StringIO() if self.quiet else None
        if self.stdout_to_stderr:
            sys.stdout = sys.stderr
        if held is not None:
            sys.stderr = held
            if self.stdout_to_stderr:
                sys.stdout = held
        try:
            yield
        finally:
            sys.stdout, sys.stderr = saved
            if held is not None:
                errors = [line for line in held.getvalue().splitlines(True) if line.startswith(("claw:", "hint:"))]
                sys.stderr.write("".join(errors))

    def run_script(self, lines: Iterable[str | bytes], name: str, keep_going: bool = False) -> int:
        """Run a script: stop at the first refused line (or note it and go on); the exit code
        is that of the first refused line. Lines come as bytes (a file, a real stdin) or text;
        a line that is not UTF-8 is refused on its own (exit 3), like any other bad line."""
        first = 0
        for number, raw in enumerate(lines, 1):
            line = _script_line(raw)
            if number == 1 and line is not None:
                line = line.removeprefix("\ufeff")  # a byte order mark some editors put first
            try:
                code = self.run_line(line) if line is not None else _not_utf8(raw)
            except EndSession:
                break
            if code:
                first = first or code
                what = " ".join((line if line is not None else _shown(raw)).split())
                Output().error(f"{name}:{number}: `{what}` ended with exit {code}; "
                               + ("going on (--keep-going)" if keep_going else "stopped"))
                if not keep_going:
                    break
        return first

    def write_final(self, out_path: str | None, output: Output) -> None:
        """The state reached, on stdout or in ``out_path`` (script mode without -i)."""
        if self.envelope is None:
            return
        # paths the state stores follow it to where it goes, as on the CLI (the file store)
        runner.write_state(self.envelope, runner.Common(output=out_path), None, False, None, output,
                           folder=self.folder)
