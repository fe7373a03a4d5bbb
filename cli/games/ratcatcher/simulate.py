"""`claw simulate`'s set-up of a Ratcatcher scenario: its character, Nemesis, townships and
Peculiar cards (inline or files), read and checked, handed to the engine."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from claw.core.errors import UsageError


def setup(path: str, doc: dict, read: Callable[[str | Path], dict]):
    from claw.cli.formats.content import load_data
    from claw.core.sim.engine import Setup

    if doc.get("kind", "scenario") != "scenario":
        raise UsageError(f"claw simulate needs a Ratcatcher scenario file: {path}")
    here = Path(path).parent
    parts = {}
    for key in ("character", "nemesis", "townships", "peculiar"):
        ref = doc.get(key)
        parts[key] = ({"cards": []} if key == "peculiar" else None) if ref is None else (
            ref if isinstance(ref, dict) else read(here / ref))
    return Setup("ratcatcher", doc, parts, {"rules": load_data("ratcatcher/rules.yaml")}, None, path)
