"""Where words go: primary output on stdout, explanation on stderr.

Rich is imported only when a stream is a terminal and colour is allowed, so pipelines
never pay for it. Markup such as ``[red]blocked[/]`` is written by handlers; on a plain
stream it is stripped.
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Any, TextIO

_MARKUP = re.compile(r"(?<!\\)\[(/?[a-z0-9 #._-]*|/)\]")


def strip_markup(text: str) -> str:
    """Remove rich style tags; ``\\[`` escapes stay as a literal bracket."""
    return _MARKUP.sub("", text).replace("\\[", "[")


def _wants_colour(stream: TextIO) -> bool:
    if "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb":
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Stream:
    """One output stream that renders markup with rich on a terminal, plain otherwise."""

    def __init__(self, stream: TextIO, enabled: bool = True) -> None:
        self.stream = stream
        self.enabled = enabled
        self.colour = enabled and _wants_colour(stream)
        self._console = None

    def write(self, text: str) -> None:
        if not self.enabled:
            return
        if self.colour:
            if self._console is None:
                from rich.console import Console  # lazy: only on a terminal

                # emoji off: a die face such as "1:bow:" must not become a picture
                self._console = Console(file=self.stream, highlight=False, soft_wrap=True, emoji=False)
            self._console.print(text)
        else:
            self.stream.write(strip_markup(text) + "\n")

    def write_raw(self, text: str) -> None:
        if self.enabled:
            self.stream.write(text if text.endswith("\n") else text + "\n")


class Output:
    """The pair of streams a command writes to; tests swap in StringIO objects."""

    def __init__(self, stdout: TextIO | None = None, stderr: TextIO | None = None,
                 quiet: bool = False) -> None:
        self.out = Stream(stdout or sys.stdout)
        self.err = Stream(stderr or sys.stderr, enabled=not quiet)
        self.errors = Stream(stderr or sys.stderr)  # errors are never silenced by -q

    def say(self, text: str) -> None:
        self.err.write(text)

    def emit(self, text: str) -> None:
        self.out.write(text)

    def emit_json(self, obj: Any) -> None:
        self.out.write_raw(json.dumps(obj, ensure_ascii=False, indent=2))

    def error(self, text: str) -> None:
        self.errors.write(f"[bold red]claw:[/] {text}")
