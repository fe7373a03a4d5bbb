"""Shared fixtures: the chapter data, the action die, the example chapter and states.

A physical action die is typed as its face position (1-6) in the lead's face table
(data/mice/action-die.json). Tests name faces by looking them up there.
"""

from __future__ import annotations

import pytest

from tests.paths import ROOT

EXAMPLE = ROOT / "examples" / "mice" / "ghost-of-castle-andon.yaml"


@pytest.fixture(scope="session")
def tiles():
    from claw.cli.formats.content import load_data

    return load_data("mice/tiles.json")


@pytest.fixture(scope="session")
def faces():
    from claw.cli.formats.content import load_data
    from claw.core.mice.actiondie import parse_faces

    return parse_faces(load_data("mice/action-die.json"))


@pytest.fixture(scope="session")
def F(faces):
    """Face positions (what --dice takes) by symbol: F.cheese, F.blank (no cheese), F.sword ..."""

    class Faces:
        def __getattr__(self, sym):
            if sym == "blank":
                return next(i for i, f in enumerate(faces, 1) if f.count("cheese") == 0)
            return next(i for i, f in enumerate(faces, 1) if f.count(sym) > 0)

        def without(self, *syms):
            return next(i for i, f in enumerate(faces, 1) if not any(f.count(s) for s in syms))

        def numbered(self, number):
            """A face position whose printed number is ``number`` (Move the Ghost)."""
            return next(i for i, f in enumerate(faces, 1) if f.number == number)

    return Faces()


@pytest.fixture(scope="session")
def chapter():
    from ruamel.yaml import YAML

    return YAML(typ="safe").load(EXAMPLE.read_text())


@pytest.fixture
def fresh(chapter, tiles):
    from claw.core.mice.setup import new_state

    return new_state(chapter, tiles).state


def dice(*values):
    from claw.core.rng import PhysicalDice

    return PhysicalDice(list(values))
