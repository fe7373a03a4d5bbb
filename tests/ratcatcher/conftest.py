"""Shared fixtures: the illustrative example content and a tiny hand-built city."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tests.paths import ROOT

EX = ROOT / "examples" / "ratcatcher"


def load(path: Path) -> dict:
    return YAML(typ="safe").load(path.read_text())


@pytest.fixture(scope="session")
def rules() -> dict:
    return load(ROOT / "data" / "ratcatcher" / "rules.yaml")


@pytest.fixture(scope="session")
def content() -> dict:
    return {k: load(EX / f) for k, f in (
        ("scenario", "first-game.yaml"), ("character", "madam-cage.yaml"), ("nemesis", "rat-king.yaml"),
        ("townships", "townships.yaml"), ("peculiar", "peculiar-rats.yaml"))}


# A line city: #00 [a(start) - b - c(nest)] -> #1 [a - b(cheese)] -> #2 [a - b]
TINY = {
    "game": "ratcatcher", "kind": "townships",
    "cards": [
        {"number": 0, "name": "Start", "expansion": 1,
         "zones": [{"id": "a", "adjacent": ["b"], "slots": ["start"]},
                   {"id": "b", "adjacent": ["c"]},
                   {"id": "c", "slots": ["nest"]}],
         "connectors": [{"id": "e", "zone": "c"}]},
        {"number": 1, "name": "One", "expansion": 1,
         "zones": [{"id": "a", "adjacent": ["b"]}, {"id": "b", "slots": ["cheese"]}],
         "connectors": [{"id": "w", "zone": "a"}, {"id": "e", "zone": "b"}]},
        {"number": 2, "name": "Two", "expansion": 2,
         "zones": [{"id": "a", "adjacent": ["b"]}, {"id": "b"}],
         "connectors": [{"id": "w", "zone": "a"}, {"id": "e", "zone": "b"}]},
        {"number": 3, "name": "Three", "expansion": 1,
         "zones": [{"id": "a", "slots": ["cheese", "spawn"]}],
         "connectors": [{"id": "w", "zone": "a"}]},
    ],
}


class FixedOrder:
    """A dice source for setup: shuffles keep the given order, draws come from a list."""

    def __init__(self, values=None):
        self.values = list(values or [])

    def shuffle(self, items):
        return list(items)

    def draw(self, low, high, label=""):
        if not self.values:
            raise AssertionError(f"test ran out of dice for {label}")
        v = self.values.pop(0)
        assert low <= v <= high, (v, low, high, label)
        return v

    def die(self, sides):
        return self.draw(1, sides, f"d{sides}")


@pytest.fixture
def tiny(content, rules):
    """A game on TINY with no rats anywhere: #00, #1, #2 in a line; the first sack
    draws (setup) are brown (token 1); the Nemesis has no special-ability effect."""
    from claw.core.ratcatcher.setup import new_game

    state, _ = new_game(content["scenario"], content["character"], content["nemesis"], copy.deepcopy(TINY),
                        content["peculiar"], rules, FixedOrder([1] * 10))
    state["nemesis"]["effect"] = {}  # a plain Nemesis; special-ability tests set their own
    for z in state["zones"].values():
        for c in z["rats"]:
            state["sack"][c] += z["rats"][c]
            z["rats"][c] = 0
    return state


def put(state, zone, brown=0, black=0, white=0):
    for c, n in (("brown", brown), ("black", black), ("white", white)):
        state["zones"][zone]["rats"][c] += n
        state["sack"][c] -= n
