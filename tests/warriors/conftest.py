import copy
import json
import pathlib

import pytest
from ruamel.yaml import YAML

from claw.cli.games.warriors.data import rules as load_rules
from claw.core.rng import PhysicalDice
from claw.core.warriors.character import build
from tests.paths import ROOT, RULES

EXAMPLES = ROOT / "examples" / "warriors"
RULEBOOK = RULES / "warriors-adventure-game.txt"


PARTY = [str(EXAMPLES / f"{n}.yaml") for n in ("emberpaw", "reedwhisker", "sloefoot", "bramble")]


def load_yaml(path):
    return YAML(typ="safe").load(pathlib.Path(path).read_text())


_BUILT: dict = {}


def example_cat(name):
    """A fresh copy of an example cat, built once per test session."""
    if name not in _BUILT:
        cat, problems = build(load_yaml(EXAMPLES / f"{name}.yaml"), load_rules())
        assert problems == []
        _BUILT[name] = cat
    return copy.deepcopy(_BUILT[name])


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


@pytest.fixture
def party(tmp_path):
    """The example party as a state file (claw new ... --seed 7)."""
    from claw.cli.testing import run
    res = run(["new", *PARTY, "--seed", "7"])
    assert res.code == 0, res.stderr
    path = tmp_path / "party.json"
    path.write_text(res.stdout)
    return path


def state_of(path):
    return json.loads(path.read_text())["state"]
