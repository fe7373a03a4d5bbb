"""Plain data read from a file, and where each part of it sits in the text.

Both readers (``yamlload`` for YAML, ``jsonload`` for JSON) build plain dicts, lists and
scalars — what core and jsonschema see — plus an index from each node's path to its
place, so a diagnostic can say ``FILE:LINE:COLUMN`` without keeping parser objects.
Light on purpose: it is imported on the hot path of every state read.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any

# one set of limits for every reader (docs/input-files.md)
MAX_DEPTH = 64
MAX_NODES = 500_000
MAX_INT_DIGITS = 100

# what a reader does with a key that repeats in one mapping: stop there (every command),
# or note it in ``Document.duplicates``, keep the first value and read on (`claw validate`)
DUPLICATES = ("refuse", "report")


class ParseProblem(Exception):
    """A file that cannot be read as data; line and column are 1-based."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(line, column, message)
        self.line, self.column, self.message = line, column, message

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}"


class Document:
    """``data`` plus positions by path (a tuple of keys and indexes; ``()`` is the root).

    ``keys[path]``: where the entry starts — its key in a mapping, the item in a sequence.
    ``values[path]``: where the value itself starts. ``quoted``: paths of quoted strings.
    ``duplicates``: (path, where, where first) of each repeated key a ``"report"`` read
    skipped (its value is not in ``data``).
    Positions are (line, column) pairs, or character offsets when ``line_starts`` is set.
    """

    __slots__ = ("data", "keys", "values", "quoted", "line_starts", "duplicates")

    def __init__(self, data: Any, line_starts: list[int] | None = None) -> None:
        self.data = data
        self.keys: dict = {}
        self.values: dict = {}
        self.quoted: set = set()
        self.line_starts = line_starts
        self.duplicates: list[tuple[tuple, Any, Any]] = []

    def line_col(self, where: Any) -> tuple[int, int]:
        if self.line_starts is None:
            return where
        line = bisect_right(self.line_starts, where)
        return line, where - self.line_starts[line - 1] + 1


class Repeated:
    """The path step of a repeated key's value in a ``"report"`` read: a value no path of
    the document reaches, so nothing under it is attached or found."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key

    def __str__(self) -> str:  # in a diagnostic's dotted path
        return self.key


def check_duplicates_mode(duplicates: str) -> None:
    if duplicates not in DUPLICATES:
        raise ValueError(f"duplicates must be one of {DUPLICATES}: {duplicates!r}")


def duplicate_message(key: str, first: tuple[int, int]) -> str:
    """The one wording of a repeated key, for both readers and both modes."""
    from claw.core.errors import quoted

    return f"duplicate key {quoted(key)} (first at {first[0]}:{first[1]}); keep one"


def line_starts(text: str) -> list[int]:
    """Offsets where each line begins (``\\n`` ends a line, as in the JSON readers)."""
    starts = [0]
    find = text.find
    at = find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = find("\n", at + 1)
    return starts


def offset_line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def to_plain(root: Any) -> Any:
    """The plain data of a parsed document."""
    return root.data if isinstance(root, Document) else root


def locate(root: Any, path: tuple | list) -> tuple[int, int]:
    """1-based (line, column) of the key or item at ``path``; the nearest known ancestor
    when the path runs past what exists."""
    if not isinstance(root, Document):
        return 1, 1
    where = (1, 1)
    path = tuple(path)
    for end in range(1, len(path) + 1):
        found = root.keys.get(path[:end])
        if found is None:
            break
        where = root.line_col(found)
    return where


def node_start(root: Any, path: tuple | list) -> tuple[int, int]:
    """Where the value at ``path`` itself starts (for 'missing key' errors on a mapping)."""
    if isinstance(root, Document):
        found = root.values.get(tuple(path))
        if found is not None:
            return root.line_col(found)
    return locate(root, path)


def column_in_string(root: Any, path: tuple, line: int, col: int, offset: int) -> tuple[int, int]:
    """Position of character ``offset`` of the one-line string at ``path``, given the
    entry's position (line, col); a mapping value keeps its key's position."""
    if not isinstance(root, Document) or not path or isinstance(path[-1], str):
        return line, col
    node = root.data
    for step in path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return line, col
    if not isinstance(node, str) or "\n" in node:
        return line, col
    return line, col + offset + (1 if tuple(path) in root.quoted else 0)
