"""Ctrl-C and SIGTERM: ``install()`` runs first thing in the ``claw`` entry point
(cli/shell/entry.py). Before the commit point a signal interrupts the command (nothing
was written); after it the command finishes and says so (cli/store/commit.py)."""

from __future__ import annotations

import contextlib
import signal

from claw.cli.store import commit


def _on_signal(signum, frame) -> None:
    if commit.past_commit():
        return  # past the commit point: let the command finish and say so
    raise commit.Interrupted(signum)


def install() -> None:
    for sig in commit.SIGNALS:
        with contextlib.suppress(ValueError, OSError):  # not the main thread, or the platform refuses
            signal.signal(sig, _on_signal)
