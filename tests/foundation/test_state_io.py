"""State file conventions: stdin/stdout, -i, -o, CLAW_STATE, undo, log, errors (PRODUCT.md)."""

import json
import os

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claw.cli.framework.state_rules import STATE_RULES
from claw.cli.testing import run


def test_stdout_by_default_and_log_appended(bare_state):
    r = run(["note", "Nera", "naps", "-s", str(bare_state)])
    assert r.code == 0
    state = json.loads(r.stdout)
    assert state["log"][-1]["command"] == "note"
    assert state["log"][-1]["events"][0]["note"] == "Nera naps"
    assert json.loads(bare_state.read_text())["log"] == []  # input untouched


def test_stdin_pipeline(bare_state):
    first = run(["note", "one", "-s", str(bare_state)])
    second = run(["note", "two"], stdin=first.stdout)
    assert [e["seq"] for e in second.state["log"]] == [1, 2]


def test_in_place_and_undo(bare_state):
    original = bare_state.read_bytes()
    assert run(["note", "a", "-s", str(bare_state), "-i"]).code == 0
    assert run(["note", "b", "-s", str(bare_state), "-i"]).code == 0
    assert len(json.loads(bare_state.read_text())["log"]) == 2
    assert run(["undo", "-s", str(bare_state)]).code == 0
    assert len(json.loads(bare_state.read_text())["log"]) == 1
    assert run(["undo", "-s", str(bare_state)]).code == 0
    assert bare_state.read_bytes() == original
    r = run(["undo", "-s", str(bare_state)])
    assert r.code == 3 and "nothing to undo" in r.stderr


def test_undo_several_steps(bare_state):
    for word in "abc":
        run(["note", word, "-s", str(bare_state), "-i"])
    assert run(["undo", "-n", "2", "-s", str(bare_state)]).code == 0
    assert [e["args"][0] for e in json.loads(bare_state.read_text())["log"]] == ["a"]


def test_table_mode_updates_claw_state_in_place(bare_state):
    env = {"CLAW_STATE": str(bare_state)}
    r = run(["note", "table"], env=env)
    assert r.code == 0 and r.stdout == ""
    assert json.loads(bare_state.read_text())["log"][0]["args"] == ["table"]
    assert run(["undo"], env=env).code == 0


def test_output_file(bare_state, tmp_path):
    out = tmp_path / "next.json"
    assert run(["note", "x", "-s", str(bare_state), "-o", str(out)]).code == 0
    assert json.loads(out.read_text())["log"][0]["args"] == ["x"]


def test_log_prints_history(bare_state):
    run(["note", "first", "-s", str(bare_state), "-i"])
    r = run(["log", "-s", str(bare_state)])
    assert "#1 note first" in r.stdout and "note: first" in r.stdout


@pytest.mark.parametrize("text, reason", [
    ("", "empty input"),
    ("{not json", "invalid JSON"),
    ("[]", "not a claw state"),
    ('{"format": "claw-state", "version": 99}', "newer than this claw"),
    ('{"format": "claw-state", "version": 1, "game": "msm"}', "invalid state"),
    ('{"format": "claw-state", "version": 1, "game": "chess", "rng": {}, "state": {}, "log": []}', "invalid state"),
])
def test_bad_state_on_stdin_exit_3_one_line(text, reason):
    from claw.cli.shell.dispatch import collect

    commands = [["note", "x"], ["log", "-s", "-"], ["undo", "-s", "-"]] + [[verb] for verb in collect()]
    for command in commands:
        if command[0] == "undo":
            continue  # undo works on files only (exit 2), covered below
        r = run(command, stdin=text)
        assert r.code == 3, (command, r)
        assert reason in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
        assert "Traceback" not in r.stderr


def test_failure_writes_nothing(bare_state):
    before = bare_state.read_bytes()
    r = run(["tavern", "-s", str(bare_state), "-i"])  # mice has no Taverne: exit 2 (issue 25)
    assert r.code == 2
    assert bare_state.read_bytes() == before
    assert not [p for p in os.listdir(bare_state.parent) if p.endswith(".tmp")]


def test_in_place_needs_a_file(bare_state):
    r = run(["note", "x", "-i"], stdin=bare_state.read_text())
    assert r.code == 2 and "needs a state file" in r.stderr


def test_rule_command_without_game_rule_says_so():
    r = run(["hunt", "--game", "msm"])  # another game's verb: a usage error (issue 25)
    assert r.code == 2 and "hunt is a warriors command; this game is msm" in r.stderr


def test_help_lists_all_commands():
    r = run(["--help"])
    for name in ["roll", "attack", "spawn", "los", "tavern", "hunt", "heal", "scenario-step",
                 "new", "validate", "show", "schema", "undo", "log"]:
        assert name in r.stdout


def test_undo_refuses_stdin():
    r = run(["undo", "-s", "-"], stdin="{}")
    assert r.code == 2


@given(st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5), max_size=4),
       st.integers(0, 2**64 - 1), st.integers(0, 10**6))
def test_state_round_trip(part, seed, position):
    """dump → parse gives the same envelope back (stable, lossless)."""
    import claw.cli.formats.content as content
    from claw.cli.store.statefile import dump_state, new_envelope, parse_state

    envelope = new_envelope("mice", seed)
    envelope["rng"]["position"] = position
    envelope["state"] = part
    original = content.schema_names
    content.schema_names = lambda: [n for n in original() if not n.startswith("state-")]
    try:
        assert parse_state(dump_state(envelope), "x", STATE_RULES) == envelope
    finally:
        content.schema_names = original


def test_missing_map_file_is_named_not_stdin():
    r = run(["los", "--map", "no-such-map.yaml", "A1", "B2"], stdin="")
    assert r.code == 3 and "no-such-map.yaml" in r.stderr


def test_explicit_game_is_stateless_even_in_table_mode(bare_state):
    """`--game X` with numbers answers without touching CLAW_STATE (docs/conventions.md)."""
    before = bare_state.read_bytes()
    r = run(["roll", "2d6", "--seed", "1"], env={"CLAW_STATE": str(bare_state)})
    assert r.code == 0
    r = run(["attack", "--game", "ratcatcher", "--attack-dice", "2", "--accuracy", "4", "--defence", "1",
             "--odds"], env={"CLAW_STATE": str(bare_state)})
    assert r.code == 0, r.stderr
    assert bare_state.read_bytes() == before


def test_dropped_dice_visible_in_plain_output():
    r = run(["roll", "4d6kh3", "--dice", "6,1,4,5"])
    assert "[6, ~~1~~, 4, 5]" in r.stderr
