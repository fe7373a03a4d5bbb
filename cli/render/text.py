"""Text that claw styles: plain strings are always literal; styling is a separate layer.

A ``str`` handed to the output is shown exactly as written, whatever brackets it holds:
nothing in it is ever parsed as markup. Claw's own emphasis is a :class:`Styled` line,
a sequence of (text, style) pieces built with :func:`styled` and ``+``::

    styled("bold", name) + ": set up for " + cats

``str(line)`` is the plain sentence (what the log stores); the renderer applies the
styles on a colour terminal. Stdlib only: this module loads on every command.
"""

from __future__ import annotations

from collections.abc import Iterable


class Styled:
    """A line of text in pieces, each with an optional rich style name (``"bold red"``)."""

    __slots__ = ("parts",)

    def __init__(self, parts: Iterable[tuple[str, str | None]] = ()) -> None:
        self.parts: tuple[tuple[str, str | None], ...] = tuple(parts)

    def __str__(self) -> str:
        return "".join(text for text, _ in self.parts)

    def __repr__(self) -> str:
        return f"Styled({self.parts!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Styled) and self.parts == other.parts

    __hash__ = None  # type: ignore[assignment]  # mutable-looking value: compare, don't hash

    def __bool__(self) -> bool:
        return any(text for text, _ in self.parts)

    def __add__(self, other: object) -> Styled:
        if not isinstance(other, (str, Styled)):
            return NotImplemented
        return Styled(self.parts + _pieces(other))

    def __radd__(self, other: object) -> Styled:
        if not isinstance(other, str):
            return NotImplemented
        return Styled(_pieces(other) + self.parts)

    def join(self, items: Iterable[object]) -> Styled:
        """Like ``str.join``: the items (strings or Styled) separated by this line."""
        out: list[tuple[str, str | None]] = []
        for index, item in enumerate(items):
            if index:
                out.extend(self.parts)
            out.extend(_pieces(item))
        return Styled(out)


def _pieces(value: object) -> tuple[tuple[str, str | None], ...]:
    if isinstance(value, Styled):
        return value.parts
    return ((str(value), None),)


def styled(style: str | None, text: object) -> Styled:
    """``text`` (any value, shown with ``str``) in the rich style ``style``; None: unstyled."""
    if isinstance(text, Styled):
        return Styled((t, s or style) for t, s in text.parts)
    return Styled(((str(text), style or None),))


def plain(text: str | Styled) -> str:
    """The words without styling (what the log and plain streams get)."""
    return text if isinstance(text, str) else str(text)


def join(separator: str, items: Iterable[str | Styled]) -> str | Styled:
    """``separator.join(items)`` that keeps the styling of Styled items."""
    items = list(items)
    if all(isinstance(item, str) for item in items):
        return separator.join(items)  # type: ignore[arg-type]
    return Styled(((separator, None),)).join(items)


def legacy_plain(text: str) -> str:
    """The words of a log text written by claw before texts were literal (state version 1):
    rich markup such as ``[green]Victory[/]`` removed with rich's own parser; a text rich
    cannot parse is kept as it is."""
    if "[" not in text:
        return text
    from rich.errors import MarkupError
    from rich.markup import render

    try:
        return render(text, emoji=False).plain
    except MarkupError:
        return text


def screen_width(stream) -> int | None:
    """The columns a status line may use on ``stream``: the terminal's width (COLUMNS first,
    as `claw play`'s screen sets it for its pane), or None off a screen, where a line stays
    whole so that grep finds a record on one line."""
    import os

    isatty = getattr(stream, "isatty", None)
    if "COLUMNS" not in os.environ and not (isatty and isatty()):
        return None
    import shutil

    return max(20, shutil.get_terminal_size((80, 24)).columns)


def wrap(line: str | Styled, width: int, indent: str = "    ") -> list[str | Styled]:
    """``line`` broken at spaces into lines of at most ``width`` characters, never inside a
    word (a word longer than the width stays whole on its own line); the lines after the
    first are indented by the line's own indent plus ``indent``. Styles are kept."""
    text = str(line)
    if len(text) <= width:
        return [line]
    import textwrap

    own = text[: len(text) - len(text.lstrip(" "))]
    wrapper = textwrap.TextWrapper(width, subsequent_indent=own + indent, break_long_words=False,
                                   break_on_hyphens=False, replace_whitespace=False, expand_tabs=False)
    out: list[str | Styled] = []
    cursor = 0
    for number, piece in enumerate(wrapper.wrap(text)):
        body = piece if number == 0 else piece[len(own + indent):]
        start = text.index(body, cursor)
        cursor = start + len(body)
        part = _slice(line, start if number else 0, cursor)
        out.append(part if number == 0 else own + indent + part)
    return out


def _slice(line: str | Styled, start: int, end: int) -> str | Styled:
    """Characters ``start:end`` of ``line``, each keeping its style."""
    if isinstance(line, str):
        return line[start:end]
    parts: list[tuple[str, str | None]] = []
    at = 0
    for text, style in line.parts:
        low, high = max(start, at), min(end, at + len(text))
        if low < high:
            parts.append((text[low - at: high - at], style))
        at += len(text)
    return Styled(parts)
