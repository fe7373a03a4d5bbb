"""Declarative command specs that game adapters export (see docs/dev/architecture.md).

Kept free of typer so that adapters import in microseconds; ``claw.cli.dispatch``
turns merged specs into typer commands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Opt:
    """One option. ``flag`` like ``--attack-dice``; ``type`` is str, int, float or bool."""

    flag: str
    type: type = str
    help: str = ""
    default: Any = None
    short: str | None = None
    multiple: bool = False

    @property
    def name(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class Command:
    help: str
    handler: str
    usage: str = ""
    options: list[Opt] = field(default_factory=list)
    needs_state: bool = False
    changes_state: bool = True
