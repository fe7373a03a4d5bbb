"""Declarative command specs that game adapters export (see docs/dev/architecture.md).

Kept free of typer so that adapters import in microseconds; ``claw.cli.dispatch``
turns merged specs into typer commands.
"""

from __future__ import annotations

import keyword
from typing import Any, NamedTuple


class Opt(NamedTuple):
    """One option. ``flag`` like ``--attack-dice``; ``type`` is str, int, float or bool."""

    flag: str
    type: type = str
    help: str = ""
    default: Any = None
    short: str | None = None
    multiple: bool = False
    dest: str | None = None  # parameter name when the flag's is unusable (``--as`` → ``as_``)
    aliases: tuple[str, ...] = ()  # old or other spellings still accepted, never shown in help
    choices: tuple[str, ...] = ()  # the values the shell completes (the handler still checks them)
    kind: str | None = None  # or: the kind of name it takes (claw.cli.kinds), completed from the state

    @property
    def name(self) -> str:
        if self.dest:
            return self.dest
        name = self.flag.lstrip("-").replace("-", "_")
        return name + "_" if keyword.iskeyword(name) else name


class Arg(NamedTuple):
    """One positional argument: ``name`` as in the usage (``CAT``) and the ``kind`` of thing
    it names (``claw.cli.kinds``: figure, cat, square, card, zone, herb, knack, …)."""

    name: str
    kind: str
    optional: bool = False
    many: bool = False


class Command(NamedTuple):
    help: str
    handler: str
    usage: str = ""
    options: tuple[Opt, ...] | list[Opt] = ()
    needs_state: bool = False
    changes_state: bool = True
    args: tuple[Arg, ...] = ()  # the positionals' kinds: checked before the handler runs, completed
