"""The commit point, and Ctrl-C and SIGTERM told truthfully: before it nothing was
written, after it the new state is in place and the signal is ignored (the command is
finishing). The write path (atomic.py) records what it committed here; the shell's
signal handlers (cli/shell/interrupts.py) and the error guard ask what is true.

Tests run the CLI in-process without the handlers: a plain KeyboardInterrupt then still
reaches ``guard``. The records are per process and cleared by ``reset`` at the start of
every command: they change what a message says, never how a command runs.
"""

from __future__ import annotations

import contextlib
import signal

SIGNALS = (signal.SIGINT, signal.SIGTERM)

_written: list[str] = []  # where this run's new state is in place (paths, or "stdout")
_streaming: list[str] = []  # a stream (FIFO, device) that may hold part of a state


class Interrupted(BaseException):
    """SIGINT or SIGTERM before the commit point. Not a KeyboardInterrupt, so click does
    not turn it into "Aborted!": it reaches ``guard`` or the entry point."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


def past_commit() -> bool:
    """Is this run's new state already in place somewhere?"""
    return bool(_written)


def ignore() -> None:
    for sig in SIGNALS:
        with contextlib.suppress(ValueError, OSError):
            signal.signal(sig, signal.SIG_IGN)


def reset() -> None:
    _written.clear()
    _streaming.clear()


def committed(where: str) -> None:
    """Record that the new state is in place at ``where`` (call with signals blocked)."""
    _written.append(where)


def streaming(where: str | None) -> None:
    _streaming.clear()
    if where:
        _streaming.append(where)


def block():
    """Hold SIGINT/SIGTERM back around a commit (os.replace + ``committed``)."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)


def unblock() -> None:
    with contextlib.suppress(AttributeError, ValueError, OSError):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)


def message(exc: BaseException) -> tuple[str, int]:
    """The one line and exit code for an interruption, saying what is true on disk."""
    signum = getattr(exc, "signum", signal.SIGINT)
    word = "terminated" if signum == signal.SIGTERM else "interrupted"
    code = 128 + signum
    if _written:
        return f"{word} after the new state was written to {', '.join(_written)}: it is in place", code
    if _streaming:
        return f"{word} while writing to {_streaming[0]}: what it received is incomplete", code
    return f"{word}; nothing written", code
