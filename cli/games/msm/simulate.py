"""`claw simulate`'s set-up of an msm scenario: the files it names, read and checked as
`claw new` reads them, handed to the engine (claw.core.sim.engine.Setup)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from claw.core.errors import UsageError, quoted


def setup(path: str, doc: dict, read: Callable[[str | Path], dict]):
    from claw.cli.formats.content import load_data
    from claw.core.msm.start import StartChoices, StartFiles
    from claw.core.sim.engine import Setup

    if doc.get("kind", "scenario") != "scenario":
        raise UsageError(f"claw simulate needs an msm scenario file: {path}")
    here = Path(path).parent
    decks = []
    for rel in doc.get("loot_files", []):
        deck = read(here / rel)
        if deck.get("kind") != "loot":
            raise UsageError(f"loot file {rel} is not a loot deck (kind: {quoted(deck.get('kind'))})")
        decks.append(deck)
    paths = [os.path.relpath(os.path.abspath(here / rel)) for rel in doc.get("loot_files", [])]
    files = StartFiles(heroes=load_data("msm/heroes.yaml"), decks=decks, loot_paths=paths)
    return Setup("msm", doc, files, {"bestiary": load_data("msm/bestiary.yaml")}, StartChoices(),
                 os.path.relpath(os.path.abspath(path)))
