"""What one session line wrote, kept in order until the line has ended: a refused command
then shows its refusal alone (issue 23 item 5), and the full-screen session puts the
words in its panes instead of on the terminal.

The recorders stand in for sys.stdout and sys.stderr while the line runs; they answer
``isatty`` and ``encoding`` like the streams they stand for, so a command styles and fits
its text exactly as it would have written it there.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

ANSI = re.compile(r"\x1b\[[0-9;]*m")
ERROR_LABELS = ("claw:", "hint:")


class Recorder(io.TextIOBase):
    """A text stream that appends ``(name, text)`` to a shared list of chunks."""

    def __init__(self, name: str, chunks: list[tuple[str, str]], like: Any = None, tty: bool | None = None) -> None:
        super().__init__()
        self.name, self.chunks, self.like, self.tty = name, chunks, like, tty

    def write(self, text: str) -> int:
        self.chunks.append((self.name, text))
        return len(text)

    def isatty(self) -> bool:
        if self.tty is not None:
            return self.tty
        isatty = getattr(self.like, "isatty", None)
        try:
            return bool(isatty and isatty())
        except (OSError, ValueError):
            return False

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.like, "encoding", None) or "utf-8"


@dataclass
class Captured:
    """The chunks one line wrote, in order: ``("stdout" | "stderr", text)``."""

    chunks: list[tuple[str, str]] = field(default_factory=list)

    def text(self, name: str | None = None) -> str:
        return "".join(text for stream, text in self.chunks if name is None or stream == name)

    def refusal(self) -> list[tuple[str, str]]:
        """The error lines alone (``claw: …`` and its ``hint: …``): what a refused line shows.
        Every line when there is none (a crash's traceback under --debug, say)."""
        lines = [(stream, line) for stream, text in self.chunks for line in text.splitlines(True)]
        kept = [(s, line) for s, line in lines if ANSI.sub("", line).startswith(ERROR_LABELS)]
        return kept or lines

    def replay(self, chunks: list[tuple[str, str]] | None = None) -> None:
        """Write the chunks to the real streams, in the order they came."""
        for stream, text in self.chunks if chunks is None else chunks:
            (sys.stdout if stream == "stdout" else sys.stderr).write(text)
        sys.stdout.flush()
        sys.stderr.flush()


@contextlib.contextmanager
def capture(tty: bool | None = None) -> Iterator[Captured]:
    """Hold what the block writes to stdout and stderr (``tty``: what the recorders answer to
    isatty; by default what the real streams answer)."""
    found = Captured()
    saved = sys.stdout, sys.stderr
    sys.stdout = Recorder("stdout", found.chunks, saved[0], tty)
    sys.stderr = Recorder("stderr", found.chunks, saved[1], tty)
    try:
        yield found
    finally:
        sys.stdout, sys.stderr = saved
