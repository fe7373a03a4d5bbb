"""The seal and the unchanged parts (cli/store/seal.py): a state claw wrote after checking
it is not checked again on the next read, and a write checks only what changed — and
neither ever lets through a state the full check would refuse."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from claw.cli.store import seal, statefile
from claw.cli.testing import run
from claw.cli.validation.fastschema import first_error
from tests.foundation.test_state_mutation import mutation
from tests.paths import EXAMPLES

S2 = str(EXAMPLES / "msm" / "scenario-2.yaml")


def _new():
    made = run(["new", S2, "--seed", "7"])
    assert made.code == 0, made.stderr
    return made.stdout


def test_claw_seals_what_it_writes_and_validate_accepts_it():
    text = _new()
    doc = json.loads(text)
    assert list(doc)[-1] == "checked" and seal.sealed(text, "msm", doc["checked"])
    r = run(["validate", "-"], stdin=text)
    assert r.code == 0, r.stdout + r.stderr


@pytest.mark.parametrize("edit", [
    lambda t: t.replace('"wounds": 0', '"wounds": 10', 1),   # out of bounds: the read must see it
    lambda t: t.replace('"type": "roach"', '"type": "dragon"', 1),
    lambda t: json.dumps(json.loads(t).__setitem__("x", 1) or json.loads(t), indent=2),  # another layout
])
def test_an_edited_sealed_state_gets_the_full_check(edit):
    """Any edit of the game part fails the seal: the broken value is refused (exit 3) by
    a command that reads it, as without the seal."""
    text = _new()
    edited = edit(text)
    assert edited != text
    doc = json.loads(edited)
    assert not seal.sealed(edited, "msm", doc.get("checked"))
    if "dragon" in edited or '"wounds": 10' in edited:
        r = run(["show", "-s", "-"], stdin=edited)
        assert r.code == 3, r.stderr


def test_a_seal_under_other_schemas_is_not_trusted(monkeypatch):
    """The seal covers the schema files: a claw with other schemas checks in full."""
    text = _new()
    doc = json.loads(text)
    seal._key.cache_clear()
    monkeypatch.setattr(seal, "SEAL_VERSION", b"another claw\n")
    try:
        assert not seal.sealed(text, "msm", doc["checked"])
    finally:
        seal._key.cache_clear()


def test_a_move_changes_one_figure_so_the_write_checks_only_it(tmp_path):
    """Unchanged members: after `scenario-step`, the map, the loot deck, the scenario are
    the text read; of the figures only those the step changed are checked."""
    state = tmp_path / "g.json"
    state.write_text(_new())
    before = state.read_text()
    assert run(["scenario-step", "-s", str(state), "-i", "--until", "cats"]).code == 0
    assert run(["move", "leon", "B4", "-s", str(state), "-i"]).code in (0, 4)
    mid = state.read_text()
    after_doc = json.loads(mid)["state"]
    same = seal.unchanged(seal.state_span(mid), seal.state_span(before), after_doc)
    assert same["map"] is None and same["loot"] is None and same["scenario"] is None
    assert isinstance(same.get("figures", {}), dict)   # each figure: None (as read) or its members as read


@st.composite
def mutated(draw):
    game, _label, envelope, _path, _name, new = draw(mutation())
    return game, envelope, json.loads(json.dumps(new))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.data_too_large])
@given(mutated())
def test_skipping_the_unchanged_parts_finds_the_same_first_error(case):
    """For any one-field mutation of a real state of any game, the write's check that
    skips the parts whose text is unchanged answers exactly as the full check."""
    game, envelope, new_state = case
    old_text = statefile.dump_state(envelope)
    new_text = statefile.dump_state({**envelope, "state": new_state})
    if not isinstance(new_state, dict):
        return
    skip = seal.unchanged(seal.state_span(new_text), seal.state_span(old_text), new_state)
    assert first_error(f"state-{game}", new_state, skip) == first_error(f"state-{game}", new_state)


def test_a_malformed_seal_is_refused_by_validate_and_the_commands_alike():
    """Validate agrees with the commands: a `checked` that is not a seal is an invalid
    envelope for both (exit 3)."""
    doc = json.loads(_new())
    doc["checked"] = "not a seal"
    text = json.dumps(doc, indent=1, ensure_ascii=False)
    assert run(["validate", "-"], stdin=text).code == 3
    r = run(["show", "-s", "-"], stdin=text)
    assert r.code == 3 and "checked" in r.stderr
