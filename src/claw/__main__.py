"""`python -m claw`. Ctrl-C is taken over before anything is imported (cli/entry.py)."""
import _signal  # type: ignore[import-not-found]
import os


def _early(signum, frame):
    os.write(2, b"claw: interrupted; nothing written\n")
    os._exit(128 + signum)


_signal.signal(_signal.SIGINT, _early)
_signal.signal(_signal.SIGTERM, _early)

from claw.cli.shell.entry import main  # noqa: E402 (after the handlers, on purpose)

main()
