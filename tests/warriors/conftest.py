import copy
import pathlib

import pytest
from ruamel.yaml import YAML

from claw.cli.games.warriors_data import rules as load_rules
from claw.core.rng import PhysicalDice
from claw.core.warriors.character import build

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "warriors"
RULEBOOK = pathlib.Path("/work/shared/rules/warriors-adventure-game.txt")


def load_yaml(path):
    return YAML(typ="safe").load(pathlib.Path(path).read_text())


@pytest.fixture(scope="session")
def rules():
    return load_rules()


@pytest.fixture
def doc():
    """A fresh copy of an example character document by id."""
    cache = {}

    def get(name):
        if name not in cache:
            cache[name] = load_yaml(EXAMPLES / f"{name}.yaml")
        return copy.deepcopy(cache[name])
    return get


@pytest.fixture
def cat(rules, doc):
    def get(name, **changes):
        c, problems = build(doc(name), rules)
        assert problems == []
        c.update(changes)
        return c
    return get


def dice(*values):
    return PhysicalDice(list(values))
