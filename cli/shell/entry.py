"""The `claw` console script: signal handlers first, so Ctrl-C at any moment ends in one
line and an honest exit code, never a traceback (cli/shell/interrupts.py)."""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # built in and loaded: the quickest way to take SIGINT
import contextlib
import os
import sys


def _early(signum, frame) -> None:
    """Until the real handlers are in: nothing has been read or written yet."""
    word = "terminated" if signum == _signal.SIGTERM else "interrupted"
    os.write(2, f"claw: {word}; nothing written\n".encode())
    os._exit(128 + signum)


for _sig in (_signal.SIGINT, _signal.SIGTERM):
    _signal.signal(_sig, _early)


def main() -> None:
    from claw.cli.shell import interrupts
    from claw.cli.store import commit

    interrupts.install()
    try:
        from claw.cli.shell.app import main as run

        run()
    except (commit.Interrupted, KeyboardInterrupt) as exc:
        commit.ignore()  # a second Ctrl-C while we report must not become a traceback
        text, code = commit.message(exc)
        with contextlib.suppress(OSError, AttributeError, ValueError):
            sys.stderr.write(f"claw: {text}\n")
        sys.exit(code)
