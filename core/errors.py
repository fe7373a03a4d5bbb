"""The errors rules raise. The CLI turns each into one line and an exit code.

Messages end with the offending input, python-chess style: ``bad dice: '3d'``.
"""


_SPELLED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def quoted(text: object) -> str:
    """``text`` in quotes as the user typed it, for messages. Not ``repr``: that doubles
    backslashes and swaps quote styles, so ``1d6\\[x]`` would come back altered. Only control
    characters and other invisible ones are spelled out (``\\n``, ``\\x1b``, ``\\u2028``) so that a
    message stays one line.
    Anything that is not text (a number, None, a list from a file) is shown as Python shows it."""
    if not isinstance(text, str):
        return repr(text)
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else _SPELLED.get(ch) or _escape(ch) for ch in text)
    return f"'{text}'"


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


class ClawError(Exception):
    """Base of every error a user can cause. ``exit_code`` follows docs/conventions.md."""

    exit_code = 1


class UsageError(ClawError):
    """Bad option, bad dice notation, bad square name: exit 2."""

    exit_code = 2


class UnknownName(UsageError):
    """A name that names nothing here (a figure id, a key); ``names`` are those that would,
    so the CLI can say which one was probably meant."""

    def __init__(self, message: str, word: str, names: list[str]):
        super().__init__(message)
        self.word, self.names = word, names


class DiceError(UsageError):
    """A dice expression or a physical die value that cannot be used."""


class InvalidInput(ClawError):
    """An input file that is unreadable, malformed, or breaks a schema or a rule: exit 3."""

    exit_code = 3


class IllegalAction(ClawError):
    """The rules forbid this action now (no AP, out of range, no line of sight): exit 4.

    The state is left unchanged.
    """

    exit_code = 4


class CannotWrite(ClawError):
    """The output could not be written (missing folder, no space, read-only, closed stdout,
    a file busy or changed under us): exit 5. The old file is left as it was."""

    exit_code = 5
