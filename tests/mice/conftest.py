"""Shared fixtures: the chapter data, the action die, the example chapter and states.

The action die's face numbers are what physical dice are typed as; the face table is
the lead's (data/mice/action-die.json). Tests name faces by looking them up there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "mice" / "ghost-of-castle-andon.yaml"


@pytest.fixture(scope="session")
def tiles():
    from claw.cli.content import load_data

    return load_data("mice/tiles.json")


@pytest.fixture(scope="session")
def faces():
    from claw.cli.content import load_data
    from claw.core.mice.actiondie import parse_faces

    return parse_faces(load_data("mice/action-die.json"))


@pytest.fixture(scope="session")
def F(faces):
    """Face numbers by symbol: F.cheese, F.blank (a face with no cheese), F.sword ..."""

    class Faces:
        def __getattr__(self, sym):
            if sym == "blank":
                return next(f.number for f in faces if f.count("cheese") == 0)
            return next(f.number for f in faces if f.count(sym) > 0)

        def without(self, *syms):
            return next(f.number for f in faces if not any(f.count(s) for s in syms))

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
