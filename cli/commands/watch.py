"""`claw show --watch`: the board redrawn whenever the state file changes, for a second
terminal beside the one the table types in. It only reads; Ctrl-C ends it (exit 0)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

from claw.core.errors import UsageError

POLL = 0.2  # seconds between looks at the file's stamp (one stat call: cheap)
CLEAR = "\x1b[H\x1b[2J"


def watch(draw: Callable[[], int], state: str | None, refused: list[str], store) -> int:
    """Call ``draw`` (one `claw show`) now and after every change of the file."""
    from claw.cli.store import commit
    from claw.cli.store.atomic import stamp
    from claw.cli.store.statefile import env_state

    if store.in_memory:
        raise UsageError("show --watch is for a terminal of its own; this session redraws the board itself")
    if refused:
        raise UsageError(f"show --watch redraws the text board; it does not go with {', '.join(refused)} "
                         "(for a picture that follows the game, use claw serve FILE)")
    path = state or env_state()
    if not path or path == "-":
        raise UsageError("show --watch follows a file: -s FILE or CLAW_STATE (a piped state never changes)")
    terminal = sys.stdout.isatty()
    seen: tuple | None = ("unread",)
    try:
        while True:
            now = stamp(path)
            if now != seen:
                first, seen = seen == ("unread",), now
                if terminal:
                    sys.stdout.write(CLEAR)
                elif not first:
                    sys.stdout.write(f"--- {path} changed at {time.strftime('%H:%M:%S')} ---\n")
                if now is None:
                    sys.stderr.write(f"claw: {path}: no such file (waiting for it)\n")
                elif draw() == 128 + 2:
                    return 0  # Ctrl-C during a redraw: the same as between two
                sys.stdout.flush()
            time.sleep(POLL)
    except (KeyboardInterrupt, commit.Interrupted) as exc:
        if getattr(exc, "signum", 2) != 2:
            raise
        return 0
