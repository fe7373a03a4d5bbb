"""Loads the Warriors tables from data/warriors/ through the shared loader
(``claw.cli.formats.content.load_data``: plain file reads, cached, works after a plain install)
and builds the ``Rules`` core functions take."""

from __future__ import annotations

from functools import lru_cache

TABLES = ("abilities", "skills", "clans", "ranks", "age-table", "knacks", "prey",
          "rations", "diseases", "herbs")


def table(name: str) -> dict:
    """One data file of data/warriors/ by stem (the loader's cached document: read it, do not change it)."""
    from claw.cli.formats.content import load_data

    doc: dict = load_data(f"warriors/{name}.json")
    return doc


@lru_cache(maxsize=1)
def rules():
    """The rulebook's tables as a Rules object (loaded once)."""
    from claw.core.warriors.rules import Rules
    return Rules.from_tables({name: table(name) for name in TABLES})
