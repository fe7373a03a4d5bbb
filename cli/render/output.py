"""Where words go: primary output on stdout, explanation on stderr.

Text is literal: a ``str`` is never parsed as markup, so brackets a user typed come back
as typed. Claw's own emphasis travels as :class:`claw.cli.render.text.Styled` pieces and becomes
ANSI codes only on a colour stream (claw writes the SGR codes itself: no rich on the hot path).
Control characters in explanation text are shown as ``\\xNN`` so a note cannot drive the
terminal; documents (states, JSON) are written untouched. A stream that cannot encode a
glyph gets an ASCII stand-in (``‖`` → ``|``, ``→`` → ``->``): output never fails on encoding.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Any, TextIO

from claw.cli.render.text import Styled, plain

# ASCII stand-ins for claw's glyphs on streams that cannot encode them (cp1252, ascii)
ASCII = {
    "‖": "|", "║": "|", "→": "->", "←": "<-", "↔": "<->", "↑": "^", "↓": "v",
    "—": "--", "–": "-", "…": "...", "·": ".", "×": "x", "≈": "~", "≥": ">=", "≤": "<=",
    "∩": "^", "•": "*", "✓": "ok", "✗": "x", "½": "1/2",
    "⚀": "[1]", "⚁": "[2]", "⚂": "[3]", "⚃": "[4]", "⚄": "[5]", "⚅": "[6]",
}


def _is_control(ch: str) -> bool:
    code = ord(ch)
    return (code < 32 and ch not in "\n\t") or 0x7F <= code <= 0x9F


def visible(text: str) -> str:
    """``text`` with control characters (other than newline and tab) spelled ``\\xNN``."""
    # Every control character is unprintable, so a text printable once its newlines and tabs
    # are gone has none: a whole document (an SVG picture) is checked in C, not a char at a time.
    if text.isprintable() or text.replace("\n", "").replace("\t", "").isprintable():
        return text
    if not any(_is_control(ch) for ch in text):
        return text
    return "".join(f"\\x{ord(ch):02x}" if _is_control(ch) else ch for ch in text)


def fit(text: str, encoding: str | None) -> str:
    """``text`` as ``encoding`` can carry it: unencodable characters get an ASCII stand-in."""
    if not encoding:
        return text
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        pass
    except LookupError:  # an encoding name Python does not know: write as is
        return text
    import unicodedata

    out = []
    for ch in text:
        try:
            ch.encode(encoding)
            out.append(ch)
            continue
        except UnicodeEncodeError:
            pass
        sub = ASCII.get(ch)
        if sub is None:  # é → e; anything else → ?
            sub = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode("ascii") or "?"
        out.append(sub)
    return "".join(out)


def fit_json(text: str, encoding: str | None) -> str:
    """A JSON document for ``encoding``: characters it cannot carry become ``\\uXXXX``
    escapes (they only occur inside JSON strings), so nothing is lost."""
    if not encoding:
        return text
    try:
        text.encode(encoding)
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    out = []
    for ch in text:
        try:
            ch.encode(encoding)
            out.append(ch)
        except (UnicodeEncodeError, LookupError):
            code = ord(ch)
            if code > 0xFFFF:  # outside the BMP: a surrogate pair, as JSON spells it
                code -= 0x10000
                out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
            else:
                out.append(f"\\u{code:04x}")
    return "".join(out)


def _wants_colour(stream: TextIO | None) -> bool:
    if "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb":
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):
        return False


# SGR codes for the style words claw uses (the subset of rich's style names it needs):
# attributes in rich's order, then the foreground, then "on COLOUR" for the background,
# so a style renders to exactly the bytes rich's ``Style.render`` gives. Kept here so a
# coloured run never imports rich (rich.style pulls in rich.color, the palettes, …).
_ATTRIBUTES = {"bold": 1, "dim": 2, "italic": 3, "underline": 4, "blink": 5, "reverse": 7, "strike": 9}
_COLOURS = {name: index for index, name in
            enumerate(("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"))}
_STYLES: dict[str, str | None] = {}


def sgr(style: str) -> str | None:
    """The SGR parameters (``"1;31"``) of a style name such as ``"bold red"`` or
    ``"yellow on blue"``; None for a name outside claw's subset (rich renders those)."""
    words = style.lower().split()
    attributes: set[int] = set()
    colours: list[str] = []
    for at, word in enumerate(words):
        if word == "on":
            if at != len(words) - 2:
                return None
            background = _colour(words[-1], 40)
            if background is None:
                return None
            colours.append(background)
            break
        if word in _ATTRIBUTES:
            attributes.add(_ATTRIBUTES[word])
            continue
        foreground = _colour(word, 30)
        if foreground is None or colours:
            return None
        colours.append(foreground)
    codes = [str(code) for code in sorted(attributes)] + colours
    return ";".join(codes) or None


def _colour(word: str, base: int) -> str | None:
    if word in _COLOURS:
        return str(base + _COLOURS[word])
    if word.startswith("bright_") and word[7:] in _COLOURS:
        return str(base + 60 + _COLOURS[word[7:]])
    return None


def _ansi(text: str, style: str | None) -> str:
    if not style or not text:
        return text
    if style not in _STYLES:
        _STYLES[style] = sgr(style)
    codes = _STYLES[style]
    if codes is not None:
        return f"\x1b[{codes}m{text}\x1b[0m"
    from rich.style import Style  # a style outside claw's words (none in claw's own code)

    return Style.parse(style).render(text)


class Stream:
    """One output stream: literal text, styled with ANSI codes only on a colour stream.

    While held (see :meth:`Output.hold`), writes are kept in memory instead.
    """

    def __init__(self, stream: TextIO | None, enabled: bool = True, required: bool = False) -> None:
        self.stream = stream  # None when Python started with the descriptor closed
        self.required = required  # the command's output (stdout): losing it is an error
        self.enabled = enabled
        self.colour = enabled and _wants_colour(stream)
        self.held: list[str] | None = None
        self.held_json: set[int] = set()  # indices in ``held`` that are JSON documents

    @property
    def encoding(self) -> str | None:
        return getattr(self.stream, "encoding", None)

    def render(self, text: str | Styled) -> str:
        """The line as this stream shows it (styles only on colour, glyphs it can encode)."""
        pieces = text.parts if isinstance(text, Styled) else ((text, None),)
        encoding = self.encoding
        if self.colour:
            return "".join(_ansi(fit(visible(t), encoding), s) for t, s in pieces)
        return "".join(fit(visible(t), encoding) for t, _ in pieces)

    def _put(self, text: str, is_json: bool = False) -> None:
        if self.held is not None:
            if is_json:
                self.held_json.add(len(self.held))
            self.held.append(text)
        elif self.stream is not None:
            self.stream.write(text)
        elif self.required:  # started with the descriptor closed (`claw ... >&-`)
            raise OSError(errno.EBADF, "cannot write the output: stdout is closed")

    def write(self, text: str | Styled) -> None:
        """Explanation or rendered text: one line (or several), literal, styled if colour."""
        if self.enabled:
            self._put(self.render(text) + "\n")

    def write_raw(self, text: str) -> None:
        """Text that is already final (validate's lines, help): no styling, glyphs fitted,
        control characters visible (a file named with an escape sequence cannot drive the terminal)."""
        if self.enabled:
            text = fit(visible(text), self.encoding)
            self._put(text if text.endswith("\n") else text + "\n")

    def write_json(self, text: str) -> None:
        """A JSON document (a state or a result): exact, escaped where the stream needs it."""
        if self.enabled:
            text = fit_json(text, self.encoding)
            self._put(text if text.endswith("\n") else text + "\n", is_json=True)

    def release(self, into: Stream | None = None, keep_json: bool = False) -> None:
        """Stop holding; write what was held here (or to ``into``; with ``keep_json`` the
        JSON documents still come here and only the rendered text goes to ``into``)."""
        held, self.held = self.held or [], None
        documents, self.held_json = self.held_json, set()
        for i, text in enumerate(held):
            if into is None or (keep_json and i in documents):
                self._put(text)
            elif into.enabled:  # -q silences it there too
                into._put(text)


class Output:
    """The pair of streams a command writes to; tests swap in StringIO objects."""

    def __init__(self, stdout: TextIO | None = None, stderr: TextIO | None = None,
                 quiet: bool = False) -> None:
        self.out = Stream(stdout or sys.stdout, required=True)
        self.err = Stream(stderr or sys.stderr, enabled=not quiet)
        self.errors = Stream(stderr or sys.stderr)  # errors are never silenced by -q
        self.json_written = False

    def say(self, text: str | Styled) -> None:
        self.err.write(text)

    def emit(self, text: str | Styled) -> None:
        self.out.write(text)

    def emit_json(self, obj: Any) -> None:
        self.json_written = True
        import json  # only for --json output: spares `claw roll` the import

        self.out.write_json(json.dumps(obj, ensure_ascii=False, indent=2))

    def hold(self) -> None:
        """Keep stdout and stderr in memory until the command knows where its state goes."""
        self.out.held = []
        self.err.held = []

    def release(self, stdout_to_stderr: bool = False) -> None:
        """Write what was held; with ``stdout_to_stderr`` the rendered text meant for stdout
        goes to stderr instead (stdout then carries only the state). When a JSON result was
        written, it is stdout's one document: rendered text goes to stderr then too."""
        self.err.release()
        if stdout_to_stderr or self.json_written:
            self.out.release(into=self.err, keep_json=not stdout_to_stderr)
        else:
            self.out.release()

    def drop(self) -> None:
        """Forget what was held (the command is refused; only the error is printed)."""
        self.out.held = None
        self.err.held = None
        self.out.held_json = set()

    def error_hint(self, text: str) -> None:
        """The second line of an error: what to try instead."""
        self.error(text, label="hint:", style="yellow")

    def error(self, text: str | Styled, label: str = "claw:", style: str = "bold red") -> None:
        """``claw: text`` on stderr. Never raises: this is the last thing a failing run does."""
        line = Styled(((label, style), (" ", None))) + text
        try:
            self.errors.write(line)
        except Exception:  # a broken stream or a bug in rendering: fall back to bare ASCII
            from contextlib import suppress

            with suppress(Exception):
                fallback = sys.__stderr__
                if fallback is not None:
                    fallback.write(plain(line).encode("ascii", "backslashreplace").decode("ascii") + "\n")
