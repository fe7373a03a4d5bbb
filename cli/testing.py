"""Run the CLI in-process for tests: ``run(["roll", "2d6"], stdin="...")``.

Streams are swapped for StringIO objects (not terminals, so output is plain).
"""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass
from unittest import mock


@dataclass
class Result:
    code: int
    stdout: str
    stderr: str

    @property
    def state(self) -> dict:
        import json

        return json.loads(self.stdout)


class _Stdin(io.StringIO):
    def __init__(self, text: str | None) -> None:
        super().__init__(text or "")
        self._tty = text is None

    def isatty(self) -> bool:  # no stdin given → behave like an interactive terminal
        return self._tty


def run(args: list[str], stdin: str | None = None, env: dict[str, str | None] | None = None) -> Result:
    from claw.cli.shell.app import main

    out, err = io.StringIO(), io.StringIO()
    environ = {k: v for k, v in os.environ.items() if k not in ("CLAW_STATE", "FORCE_COLOR")}
    environ["NO_COLOR"] = "1"
    for key, value in (env or {}).items():  # a value of None removes the variable
        if value is None:
            environ.pop(key, None)
        else:
            environ[key] = value
    code = 0
    import signal

    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    with mock.patch.object(sys, "stdout", out), mock.patch.object(sys, "stderr", err), \
            mock.patch.object(sys, "stdin", _Stdin(stdin)), mock.patch.dict(os.environ, environ, clear=True):
        try:
            main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        finally:  # an interrupted run ignores further signals: not the test process's business
            for sig, handler in handlers.items():
                signal.signal(sig, handler)
    return Result(code, out.getvalue(), err.getvalue())
