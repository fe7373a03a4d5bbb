"""The errors rules raise. The CLI turns each into one line and an exit code.

Messages end with the offending input, python-chess style: ``bad dice: '3d'``.
"""


class ClawError(Exception):
    """Base of every error a user can cause. ``exit_code`` follows docs/conventions.md."""

    exit_code = 1


class UsageError(ClawError):
    """Bad option, bad dice notation, bad square name: exit 2."""

    exit_code = 2


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
