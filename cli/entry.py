"""The `claw` console script: signal handlers first, so Ctrl-C at any moment ends in one
line and an honest exit code, never a traceback (cli/interrupts.py)."""

from __future__ import annotations

import contextlib
import sys


def main() -> None:
    from claw.cli import interrupts

    interrupts.install()
    try:
        from claw.cli.main import main as run

        run()
    except (interrupts.Interrupted, KeyboardInterrupt) as exc:
        interrupts.ignore()  # a second Ctrl-C while we report must not become a traceback
        text, code = interrupts.message(exc)
        with contextlib.suppress(OSError, AttributeError, ValueError):
            sys.stderr.write(f"claw: {text}\n")
        sys.exit(code)
