"""Issue 12 items 3 and 4: positionals declared with a kind in the specs; a misspelt
figure id, card, zone, room, mouse, herb, knack or prey gets "did you mean" from one
place, and the handler's exit code stays (a trap the Ratcatcher lacks is a rule: 4)."""

from pathlib import Path

import pytest

from claw.cli.games import GAMES, commands_of
from claw.cli.kinds import LABELS, NAMES, names, place
from claw.cli.spec import Arg
from claw.cli.testing import run

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples"


def _state(*files, seed="4"):
    res = run(["new", *map(str, files), "--seed", seed, "-q"])
    assert res.code == 0, res.stderr
    return res.stdout


@pytest.fixture(scope="module")
def msm():
    return _state(EX / "msm/scenario-1.yaml", seed="7")


@pytest.fixture(scope="module")
def warriors():
    return _state(EX / "warriors/emberpaw.yaml", EX / "warriors/bramble.yaml")


@pytest.fixture(scope="module")
def ratcatcher():
    return _state(EX / "ratcatcher/first-game.yaml")


@pytest.fixture(scope="module")
def mice():
    return _state(EX / "mice/ghost-of-castle-andon.yaml")


@pytest.mark.parametrize("fixture,args,code,near", [
    ("msm", ["moves", "nerra"], 2, "did you mean nera?"),
    ("msm", ["los", "leonn", "E9"], 2, "did you mean leon?"),
    ("msm", ["equip", "nera", "tantoo"], 4, "did you mean tanto?"),  # a card not held: a rule
    ("warriors", ["hunt", "emberpaw", "vol"], 2, "did you mean vole?"),
    ("warriors", ["knack", "emberpaw", "lep"], 2, "did you mean leap?"),
    ("warriors", ["gather", "emberpaw", "tansy,catmnt"], 2, "did you mean catmint?"),
    ("warriors", ["refresh", "emberpaw", "brambel"], 2, "did you mean bramble?"),
    ("ratcatcher", ["move", "0.bb"], 4, "did you mean 0.b?"),
    ("ratcatcher", ["trap", "snar", "0.a"], 4, "did you mean snare?"),
    ("ratcatcher", ["ability", "smok"], 4, "did you mean smoke?"),
    ("mice", ["explore", "kichen"], 2, "did you mean kitchen?"),
    ("mice", ["search", "filc"], 2, "did you mean filch?"),
])
def test_a_misspelt_name_gets_did_you_mean_and_keeps_its_exit_code(request, fixture, args, code, near):
    res = run([*args, "-s", "-"], stdin=request.getfixturevalue(fixture))
    assert res.code == code and near in res.stderr, res.stderr
    assert res.stderr.startswith("claw: ") and res.stderr.count("\n") == 1


def test_a_refusal_about_something_else_gets_no_name_hint(msm):
    """Pickup before the cats' turn: the refusal is the phase, not the card's name."""
    res = run(["pickup", "nera", "tantoo", "-s", "-"], stdin=msm)
    assert res.code == 4 and "did you mean" not in res.stderr


def test_a_word_far_from_every_name_keeps_the_handlers_list(ratcatcher):
    res = run(["trap", "net", "-s", "-"], stdin=ratcatcher)
    assert res.code == 4 and "did you mean" not in res.stderr and "cage, snare" in res.stderr


def test_optional_and_repeated_positionals_fill_in_order():
    cat, prey = Arg("CAT", "cat", optional=True), Arg("PREY", "prey")
    assert place((cat, prey), 1) == [prey]
    assert place((cat, prey), 2) == [cat, prey]
    zone = Arg("ZONE", "zone", many=True)
    assert place((zone,), 3) == [zone] * 3
    assert place((Arg("CAT", "cat"),), 2) == [Arg("CAT", "cat"), None]


def test_every_declared_kind_is_known_and_names_match_the_usage():
    kinds = set(NAMES) | {"square", "place", "number", "any"}
    for game in GAMES:
        for verb, spec in commands_of(game).items():
            for arg in spec.args:
                assert arg.kind in kinds, (game, verb, arg)
                assert arg.name in spec.usage, (game, verb, arg)
    assert set(NAMES) <= set(LABELS)


def test_names_come_from_the_state_or_the_rulebook_tables(msm, warriors):
    import json

    state = json.loads(msm)["state"]
    assert set(names("cat", "msm", state)) == {"guy", "adara", "leon", "nera"}
    assert "tanto" in names("card", "msm", state)
    assert "A1" in names("square", "msm", state, complete=True) and names("square", "msm", state) is None
    assert "catmint" in names("herb", "warriors", None)  # a table: no state needed
    assert names("cat", "warriors", None) is None
