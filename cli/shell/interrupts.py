"""Ctrl-C and SIGTERM, told truthfully: before the commit point nothing was written,
after it the new state is in place and the signal is ignored (the command is finishing).

``install()`` runs first thing in the ``claw`` entry point (cli/entry.py). Tests run the
CLI in-process without it: a plain KeyboardInterrupt then still reaches ``guard``.
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


def _on_signal(signum, frame) -> None:
    if _written:
        return  # past the commit point: let the command finish and say so
    raise Interrupted(signum)


def install() -> None:
    for sig in SIGNALS:
        with contextlib.suppress(ValueError, OSError):  # not the main thread, or the platform refuses
            signal.signal(sig, _on_signal)


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
