"""Loads the Warriors tables from data/warriors/ (package resources, so it works
after a plain install) and builds the ``Rules`` core functions take."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

TABLES = ("abilities", "skills", "clans", "ranks", "age-table", "knacks", "prey",
          "rations", "diseases", "herbs")


def table(name: str) -> dict:
    """One data file of data/warriors/ by stem."""
    return json.loads(resources.files("claw.data.warriors").joinpath(f"{name}.json").read_text("utf-8"))


@lru_cache(maxsize=1)
def rules():
    """The rulebook's tables as a Rules object (loaded once)."""
    from claw.core.warriors.rules import Rules
    return Rules.from_tables({name: table(name) for name in TABLES})
