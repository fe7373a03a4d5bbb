"""Hand-edited state files: a wrong value is an invalid file (exit 3, one line, the file
untouched); a state from before an option existed still works with the default."""

import json

import pytest

from claw.cli.testing import run

from .conftest import EXAMPLE


@pytest.fixture(scope="module")
def envelope():
    r = run(["new", str(EXAMPLE), "--seed", "3"])
    assert r.code == 0, r.stderr
    return json.loads(r.stdout)


def edited(envelope, change):
    data = json.loads(json.dumps(envelope))
    change(data["state"])
    return data


def _ghost(g):
    g["ghost"] = {"room": "kitchen", "spot": "mop", "eyes": ["collin", "nez"], "mop": ["filch"]}
    g["mice"][0]["job"] = "eye"


BROKEN = {
    "option of the wrong type": lambda g: g["options"].update(capture_advances_hourglass="yes"),
    "unknown option": lambda g: g["options"].update(house_rule=True),
    "room missing": lambda g: g["rooms"].pop("kitchen"),
    "bestiary value not a number": lambda g: g.update(
        bestiary={"cave-centipede": {"attack": "x", "defense": 1, "life": 1}}),
    "mouse battle beyond the limit": lambda g: g["mice"][0].update(battle=10 ** 8),
    "mouse id twice": lambda g: g["mice"].append(dict(g["mice"][0])),
    "minion id twice": lambda g: g["minions"].append(dict(g["minions"][0])),
    "ghost crew does not match the jobs": _ghost,
    "free mouse without a room": lambda g: g["mice"][1].update(room=None),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_edited_state_is_refused_untouched(envelope, tmp_path, name):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(edited(envelope, BROKEN[name])))
    before = path.read_bytes()
    r = run(["capture", "nez", "-s", str(path), "-i"])
    assert r.code == 3, (name, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert path.read_bytes() == before


def test_state_without_an_option_uses_its_default(envelope):
    """A state written before an option existed: the option takes its default
    (capture_advances_hourglass: on)."""
    data = edited(envelope, lambda g: g["options"].pop("capture_advances_hourglass"))
    r = run(["capture", "nez", "-s", "-"], stdin=json.dumps(data))
    assert r.code == 0, r.stderr
    assert json.loads(r.stdout)["state"]["hourglass"] == 2
