"""What a rule-level check reports: a problem with a stable code and a severity.

A ``Finding`` is a ``(path, message)`` pair (callers that unpack two values keep
working) that also carries ``code`` (e.g. ``"MSM104"``), ``severity`` (``"error"`` or
``"warning"``), for a character inside a one-line string ``offset``, and for a value
that names something ``choices``: (the name typed, the names allowed, what they are),
from which the CLI words a "did you mean" (cli/suggest.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

ERROR, WARNING = "error", "warning"

# exceptions a check raises when it meets a part the schema already refused
BROKEN_PART = (KeyError, IndexError, TypeError, AttributeError, ValueError)


class Finding(tuple):
    code: str
    severity: str
    offset: int | None
    choices: tuple | None

    def __new__(cls, path: tuple, message: str, code: str = "", severity: str = ERROR,
                offset: int | None = None, choices: tuple | None = None) -> Finding:
        self = super().__new__(cls, (tuple(path), message))
        self.code, self.severity, self.offset, self.choices = code, severity, offset, choices
        return self

    @property
    def path(self) -> tuple:
        return self[0]

    @property
    def message(self) -> str:
        return self[1]


def error(path: tuple, message: str, code: str, offset: int | None = None, choices: tuple | None = None) -> Finding:
    return Finding(path, message, code, ERROR, offset, choices)


def warning(path: tuple, message: str, code: str, offset: int | None = None) -> Finding:
    return Finding(path, message, code, WARNING, offset)


def collect(parts: Iterable[Callable[[], Iterable]], *, tolerant: bool = False) -> list:
    """Run independent checks; with ``tolerant`` (the schema refused some part of the
    file) a check that trips over a broken part is skipped and the others still run."""
    out: list = []
    for part in parts:
        try:
            out += list(part())
        except BROKEN_PART:
            if not tolerant:
                raise
    return out
