"""The one flow every state command goes through: read → run → log → check → write.

Nothing is written unless every step succeeded, and errors become exit codes in
exactly one place (``guard``).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from claw.cli.render.output import Output
from claw.cli.render.wording import with_hint
from claw.core.errors import CannotWrite, ClawError, InvalidInput, UsageError

if TYPE_CHECKING:  # the stores load only for a command that reads or writes a state
    from claw.cli.framework.choose import Choice
    from claw.cli.store.stores import Store

MAX_SEED = (1 << 64) - 1

class Common:
    """The options every state command shares (docs/conventions.md).

    A plain class: importing dataclasses costs a few ms on every run.
    """

    __slots__ = ("state", "in_place", "output", "quiet", "json", "seed", "dice", "draw", "game", "debug")

    def __init__(self, state: str | None = None, in_place: bool = False, output: str | None = None,
                 quiet: bool = False, json: bool = False, seed: int | None = None,
                 dice: str | None = None, game: str | None = None, debug: bool = False,
                 draw: list[str] | None = None) -> None:
        self.state, self.in_place, self.output, self.quiet = state, in_place, output, quiet
        self.json, self.seed, self.dice, self.game, self.debug = json, seed, dice, game, debug
        self.draw = draw


def _describe(exc: BaseException) -> str:
    try:
        return f"{type(exc).__name__}: {exc}"
    except Exception:  # an exception whose message cannot be built
        return type(exc).__name__


def guard(fn: Callable[[], int | None], *, debug: bool = False, output: Output | None = None) -> int:
    """Run ``fn`` and turn user errors into a one-line message and an exit code."""
    from claw.cli.store import commit as interrupts

    out = output or Output()
    interrupts.reset()
    try:
        return fn() or 0
    except ClawError as exc:
        if debug:
            raise
        try:
            message = str(exc)
        except Exception:
            message = type(exc).__name__
        out.error(message)
        hint = getattr(exc, "hint", None)
        if hint:
            out.error_hint(hint)
        return exc.exit_code
    except (KeyboardInterrupt, interrupts.Interrupted) as exc:
        interrupts.ignore()  # say what is true once; a second Ctrl-C must not interrupt that
        text, code = interrupts.message(exc)
        out.error(text)
        return code
    except BrokenPipeError:
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (lives until exit: silences the flush)
        return 0
    except OSError as exc:  # the system, not claw: a device or file that failed under us
        if debug:
            raise
        where = f"{exc.filename}: " if exc.filename else ""
        out.error(f"{where}{exc.strerror or exc}")
        return CannotWrite.exit_code
    except Exception as exc:  # a bug in claw: say so briefly unless --debug
        if debug:
            raise
        out.error(f"internal error ({_describe(exc)}); nothing written. "
                  "Re-run with --debug for the traceback.")
        return 1


def fresh_seed() -> int:
    return int.from_bytes(os.urandom(8), "big")


def _or_files(store: Store | None) -> Store:
    """The store given, else the files (imported here: `claw roll` never needs it)."""
    if store is not None:
        return store
    from claw.cli.store.stores import FILES

    return FILES


def state_source(common: Common, needs_state: bool, store: Store | None = None) -> tuple[str | None, bool]:
    """Where the state comes from and whether we are in table mode (CLAW_STATE)."""
    store = _or_files(store)
    if store.in_memory:
        return store.source(common), False  # type: ignore[attr-defined]
    if common.state:
        return common.state, False
    if common.game:
        return None, False  # an explicit --game asks a stateless question: CLAW_STATE stays out
    from claw.cli.store.statefile import env_state

    env = env_state()
    stdin = sys.stdin
    if env:
        if stdin_has_input(stdin):  # explicit beats implicit: two states, we do not pick one
            raise UsageError(f"a state is piped in on stdin and CLAW_STATE names {env}: say which with "
                             f"-s - (stdin) or -s {env} (or unset CLAW_STATE)")
        return env, True
    if stdin is not None and not stdin.isatty() and (needs_state or common.game is None) \
            and not nothing_on_stdin(stdin):
        return "-", False
    return None, False


def nothing_on_stdin(stdin) -> bool:
    """Is stdin, not a terminal, still no input at all: a device such as /dev/null (cron, CI
    without a pipe)? Then claw has no state, as on a terminal; an empty pipe or empty file is
    read, so its emptiness is reported as what it is. Never consumes input."""
    try:
        fd = stdin.fileno()
    except (OSError, ValueError, AttributeError):
        return False  # no descriptor (a test's text stream): piped, as isatty said
    import stat

    try:
        return stat.S_ISCHR(os.fstat(fd).st_mode)
    except OSError:
        return True  # a closed descriptor carries nothing


def stdin_has_input(stdin) -> bool:
    """Does stdin carry (or is it about to carry) something? A terminal, /dev/null, an
    empty file or a pipe whose writer closed without writing: no. Never consumes input."""
    if stdin is None or stdin.isatty():
        return False
    try:
        fd = stdin.fileno()
    except (OSError, ValueError, AttributeError):
        return True  # no descriptor (a test's text stream): piped, as isatty said
    import stat

    try:
        info = os.fstat(fd)
    except OSError:
        return False
    if stat.S_ISREG(info.st_mode):
        try:
            return info.st_size > os.lseek(fd, 0, os.SEEK_CUR)
        except OSError:
            return info.st_size > 0
    if stat.S_ISFIFO(info.st_mode) or stat.S_ISSOCK(info.st_mode):
        import select

        ready, _, _ = select.select([fd], [], [], 0)
        if not ready:
            return True  # a writer is still there: a state is on its way
        import fcntl
        import termios

        waiting = bytearray(4)
        try:
            fcntl.ioctl(fd, termios.FIONREAD, waiting)
        except OSError:
            return True
        return int.from_bytes(waiting, sys.byteorder) > 0  # 0 and readable: the writer closed
    return False  # a character device such as /dev/null


def make_dice(common: Common, envelope: dict | None):
    from claw.core.rng import PhysicalDice, SeededDice, parse_dice_values

    if common.seed is not None and not 0 <= common.seed <= MAX_SEED:
        raise UsageError(f"--seed must be between 0 and 2^64-1: {common.seed}")
    if envelope is not None:
        seeded = SeededDice.from_json(envelope["rng"])
        if common.seed is not None:
            seeded = SeededDice(common.seed)
    else:
        seeded = SeededDice(common.seed if common.seed is not None else fresh_seed())
    if common.dice is not None:
        return PhysicalDice(parse_dice_values(common.dice), fallback=seeded), seeded
    return seeded, seeded


def run_state_command(*, command: str, args: list[str], opts: dict, common: Common,
                      handler: Callable | None, needs_state: bool, changes_state: bool,
                      output: Output, choice: Choice | None = None,
                      store: Store | None = None) -> int:
    """Shared flow for game commands. ``choice``: a verb several games share, whose game's
    spec is picked once the state is read (claw.cli.framework.choose); without it,
    ``handler`` and ``opts`` as given. ``store``: where the state lives (files, or
    `claw play`'s session in memory)."""
    from claw.cli.framework.call import Call, RecordingDice
    from claw.cli.framework.state_rules import STATE_RULES
    from claw.cli.store import statefile

    store = _or_files(store)
    _check_command_line(command, args, common, store)
    source, table_mode = state_source(common, needs_state, store)
    if common.in_place and source not in (None, "-") and not os.path.isdir(source):  # a folder: the read says
        _check_in_place_target(source)  # before reading: a FIFO would hang or be drained
    lock = None
    if source not in (None, "-") and _writes_back(common, source, table_mode):
        from claw.cli.store.lock import StateLock

        lock = StateLock(source).__enter__()  # held for the whole read-modify-write
    try:
        envelope = None
        old_text = None
        name = None
        if source is not None and store.in_memory:
            envelope = store.checkout()  # type: ignore[attr-defined]
        elif source is not None:
            old_text, name = statefile.read_state_text(source)
            implicit_stdin = source == "-" and not common.state
            if old_text.strip() or not (implicit_stdin and common.game):
                envelope = statefile.parse_state(old_text, name, STATE_RULES)  # empty or broken: exit 3
        game = envelope["game"] if envelope else common.game
        if envelope and common.game and common.game != envelope["game"]:
            raise UsageError(f"--game {common.game} does not match the state's game ({envelope['game']})")
        if choice is not None:
            picked = choice.pick(game, name or source)
            handler, needs_state, changes_state, opts = (picked.handler, picked.needs_state,
                                                         picked.changes_state, picked.opts)
        if needs_state and envelope is None:
            from claw.cli.render.wording import needs_state as no_state

            raise no_state(command, changes=changes_state)
        if handler is None:
            raise RuntimeError(f"no handler for `claw {command}`")
        dice, seeded = make_dice(common, envelope)
        recorder = RecordingDice(dice)
        if common.draw:
            from claw.cli.framework.draws import table_draws

            recorder.table_draws = table_draws(game, common.draw)
        call = Call(command=command, game=game, args=args, opts=opts, envelope=envelope,
                    dice=recorder, output=output, json=common.json)
        if source == "-":
            call.state_folder = statefile.stream_folder(sys.stdin) or "."
        elif source is not None:
            call.state_folder = os.path.dirname(os.path.realpath(source))  # the file itself, past links
        # nothing is said before it is true: what the handler renders is held until the new
        # state is committed (or the question answered); a refused command prints its refusal alone
        output.hold()
        state_on_stdout = False
        was_over = bool(envelope and (envelope.get("state") or {}).get("outcome"))
        try:
            handler(call)
            _warn_unused(dice, output)
            warn_unused_draws(recorder, output)
            if envelope is None and common.seed is None and common.dice is not None:
                say_seed(recorder, seeded, output)
            writes = envelope is not None and changes_state and not call.read_only
            if common.json and writes and not output.json_written:
                # a state change with no JSON result of its own answers --json with its events (as
                # logged), so --json never does nothing; to stdout beside the state it is refused below
                output.emit_json({"command": command, "game": game, "events": call.events})
            state_on_stdout = writes and not store.in_memory and _state_goes_to_stdout(common, table_mode)
            if state_on_stdout and output.json_written:
                raise with_hint(UsageError("--json prints the result on stdout, where the new state would go; "
                                           "nothing done"), "add -i (update the state file) or -o FILE")
            code = 0
            if envelope is not None and writes:
                _append_log(envelope, command, args, opts, call, recorder, common)
                envelope["rng"] = seeded.to_json()
                if not was_over and (envelope.get("state") or {}).get("outcome"):
                    _say_summary(game, envelope, output)
                code = write_state(envelope, common, source, table_mode, old_text, output, lock=lock,
                                   folder=call.state_folder, store=store)
        except BaseException:
            settle(output, state_on_stdout)
            raise
        output.release(stdout_to_stderr=state_on_stdout)  # rendered text goes to stderr beside a state
        return code
    finally:
        if lock is not None:
            lock.__exit__(None, None, None)


def _say_summary(game: str | None, envelope: dict, output: Output) -> None:
    """The command that ends a game says how it went (claw.core.summary), after its events."""
    from claw.cli.render.summary import summary_lines
    from claw.core.summary import summary

    doc = summary(game or "", envelope)
    for line in summary_lines(doc) if doc else []:
        output.say(line)


def settle(output: Output, state_on_stdout: bool) -> None:
    """A command ended by an error: what it rendered is said only if its new state is in
    place all the same (an interruption after the commit point), else forgotten."""
    from claw.cli.store import commit as interrupts

    if interrupts.past_commit():
        output.release(stdout_to_stderr=state_on_stdout)
    else:
        output.drop()


def _check_command_line(command: str, args: list[str], common: Common, store: Store) -> None:
    """Mistakes the command line shows before anything is read: a game claw does not know
    (exit 2, not the rules' refusal), a state file typed where the arguments go."""
    from claw.cli.render import wording

    if common.game is not None:
        from claw.cli.framework.adapter import GAMES

        if common.game not in GAMES:
            raise wording.unknown_game(common.game, GAMES)
    if not common.state and not store.in_memory:
        typed = next((a for a in args if wording.looks_like_state_file(a)), None)
        if typed is not None:
            raise wording.state_positional(command, typed)


def _check_in_place_target(source: str) -> str:
    """The real path of a state -i may replace; a FIFO or device is refused."""
    from claw.cli.store import atomic as safewrite

    kind, real = safewrite.destination(source)
    if kind != "file":
        raise UsageError(f"-i/--in-place needs a regular file; {source} is not one (use -o)")
    return real


def _writes_back(common: Common, source: str, table_mode: bool) -> bool:
    """Will this run replace the file it reads (-i, table mode, or -o naming the same file)?"""
    if common.in_place or (table_mode and not common.output):
        return True
    if common.output and common.output != "-":
        return os.path.realpath(common.output) == os.path.realpath(source)
    return False


def _state_goes_to_stdout(common: Common, table_mode: bool) -> bool:
    """Where write_state puts the new state in files (keep the two in step)."""
    if common.output:
        return common.output == "-"
    return not (common.in_place or table_mode)


def _warn_unused(dice, output: Output) -> None:
    from claw.cli.render.text import styled

    remaining = getattr(dice, "remaining", 0)
    if remaining:
        output.say(styled("yellow", "note:") + f" {remaining} value(s) of --dice were not needed")


def warn_unused_draws(recorder, output: Output) -> None:
    typed = recorder.table_draws
    if typed is not None and typed.remaining:
        from claw.cli.render.text import styled

        output.say(styled("yellow", "note:") + f" --draw not needed: {', '.join(typed.remaining)}")


def say_seed(recorder, seeded, output: Output) -> bool:
    """A stateless call that shuffled with a fresh seed says which, so it can be repeated."""
    if not any(d["die"] == "shuffle" for d in recorder.drawn):
        return False
    from claw.cli.render.text import styled

    seed = seeded.seed
    output.say(styled("yellow", "note:") + f" shuffled with seed {seed}; add --seed {seed} to repeat this call")
    return True


def log_draws(entry: dict, recorder) -> None:
    """The cards typed with --draw that this command took (physical draws)."""
    typed = recorder.table_draws
    if typed is not None and typed.used:
        entry["table_draws"] = typed.used


def _append_log(envelope: dict, command: str, args: list[str], opts: dict, call, recorder,
                common: Common) -> None:
    log = envelope.setdefault("log", [])
    entry: dict[str, Any] = {"seq": (log[-1]["seq"] + 1) if log else 1, "command": command}
    if args:
        entry["args"] = list(args)
    shown = {k: v for k, v in call.opts.items() if v not in (None, False, [], ())}
    if shown:
        entry["options"] = shown
    if recorder.drawn:
        entry["dice"] = recorder.drawn
        if common.dice is not None:
            entry["physical_dice"] = True
    log_draws(entry, recorder)
    if getattr(call, "correction", None):
        entry["correction"] = call.correction
    entry["events"] = call.events
    log.append(entry)


def write_state(envelope: dict, common: Common, source: str | None, table_mode: bool,
                old_text: str | None, output: Output, lock=None, folder: str | None = None,
                encoded: str | None = None, store: Store | None = None) -> int:
    """The one write path: check, encode under the read cap, then stdout, ``-o`` (file or
    stream) or in place (lock held, undo step kept only if the write succeeds; ``-o``
    naming the file read is in place).

    ``folder`` is where the state's stored paths are relative to now; going elsewhere,
    they are rebased to the new folder (the game's STATE_PATHS). ``encoded``: the caller
    checked the envelope and gives its text (`claw play` saving its state)."""
    from claw.cli.store import atomic as safewrite
    from claw.cli.store import statefile

    store = _or_files(store)
    if store.in_memory:  # `claw play` checks what is new (not the whole log again) and keeps it
        return store.commit(envelope, output)  # type: ignore[attr-defined]
    if folder is not None:
        _rebase_paths(envelope, folder, _destination_folder(common, source, table_mode))

    try:
        raw = statefile.encode_new_state(envelope, old_text, encoded)
    except InvalidInput as exc:  # our bug, not the user's: refuse to write it
        raise RuntimeError(f"claw produced an invalid state, not written: {exc}") from None
    expect = lock.stamp if lock is not None else None
    in_place = common.in_place or (table_mode and not common.output)
    if common.output and common.output != "-" and old_text is not None and _same(common.output, source) \
            and safewrite.destination(common.output)[0] == "file":
        in_place = True  # -o naming the file read: a read-modify-write like -i, with its undo step
    elif common.output:
        if common.output == "-":
            _state_to_stdout(output, raw)
            return 0
        statefile.write_to(common.output, raw, expect=expect if _same(common.output, source) else None)
        return 0
    if in_place:
        if source in (None, "-"):
            raise UsageError("-i/--in-place needs a state file (-s FILE), not stdin")
        real = _check_in_place_target(source)
        if old_text is None:
            safewrite.replace_file(real, raw, source, expect=expect)
        else:
            from claw.cli.store.history import Kept

            with Kept(source, old_text, raw):  # the undo step, put back if the write fails
                safewrite.replace_file(real, raw, source, expect=expect)
    else:
        _state_to_stdout(output, raw)
    return 0


def _destination_folder(common: Common, source: str | None, table_mode: bool) -> str:
    """The folder the new state will live in, as its next reader will see it."""
    from claw.cli.store import statefile

    if common.output and common.output != "-":
        return os.path.dirname(os.path.realpath(common.output))
    if not common.output and (common.in_place or table_mode) and source not in (None, "-"):
        return os.path.dirname(os.path.realpath(source))
    return statefile.stream_folder(sys.stdout) or "."


def _rebase_paths(envelope: dict, old: str, new: str) -> None:
    old, new = os.path.abspath(old), os.path.abspath(new)
    if old == new:
        return
    from claw.cli.framework.adapter import adapter

    paths = adapter(envelope["game"]).state_paths
    if paths is not None:
        paths(envelope["state"], lambda p: p if os.path.isabs(p) else
                              os.path.relpath(os.path.join(old, p), new))


def _state_to_stdout(output: Output, raw: bytes) -> None:
    """The state as the command's stdout: exact JSON for the stream's encoding (escapes
    where it cannot carry a character); a closed or full stdout is exit 5."""
    from claw.cli.render.output import fit_json
    from claw.cli.store import atomic as safewrite

    safewrite.write_stdout(output.out.stream, fit_json(raw.decode("utf-8"), output.out.encoding))


def _same(a: str, b: str | None) -> bool:
    return b not in (None, "-") and os.path.realpath(a) == os.path.realpath(b)
