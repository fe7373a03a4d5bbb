"""Strict JSON, one reader for states and JSON files (issue 10 item 5, issue 13 item 3).

Before: a 5000-digit number made every command exit 1 (validate printed a traceback),
JSON nested ~500 deep crashed validate and new with RecursionError, "\\ud800" made note
and log exit 1, NaN passed and was written back out as invalid JSON, and a duplicate key
silently kept the last value. Now each is exit 3 with FILE:LINE:COL.
"""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.formats.jsonload import loads, parse
from claw.cli.formats.positions import MAX_DEPTH, MAX_INT_DIGITS, ParseProblem, locate, node_start
from claw.cli.testing import run
from claw.core.errors import InvalidInput
from tests.paths import ROOT

from .strategies import json_values

ENVELOPE = ('{\n "format": "claw-state",\n "version": 1,\n "game": "mice",\n'
            ' "rng": {"algorithm": "splitmix64", "seed": 5, "position": 0},\n'
            ' "state": {},\n "log": [],\n "extra": @\n}\n')

# (what is planted, the text at the reported position, words of the message)
BAD = {
    "5000-digit integer": ("1" * 5000, "1111", "5000 digits"),
    "nested 600 deep": ("[" * 600 + "]" * 600, "[[[[", f"deeper than {MAX_DEPTH}"),
    "lone surrogate": ('"a\\ud800"', "\\ud800", "lone surrogate"),
    "NaN": ("NaN", "NaN", "NaN is not a JSON number"),
    "Infinity": ("-Infinity", "-Infinity", "not a JSON number"),
    "huge float": ("1e999", "1e999", "too large"),
    "duplicate key": ('{"a": 1, "a": 2}', '"a": 2', "duplicate key 'a'"),
}


def _position(text: str, line: int, col: int) -> str:
    return text.splitlines()[line - 1][col - 1:]


def _planted(what: str) -> tuple[str, str, str]:
    value, at, words = BAD[what]
    return ENVELOPE.replace("@", value), at, words


def _line_with(words: str, output: str) -> str:
    """The line of ``output`` that reports ``words`` (validate reads past a duplicate key,
    so other problems of the file may come first)."""
    return next((line for line in output.splitlines() if words in line), output)


def _check_line(line: str, path: Path, text: str, at: str, words: str) -> None:
    assert line.startswith(f"{path}:"), line
    _, row, col, _ = line.split(":", 3)
    assert _position(text, int(row), int(col)).startswith(at), line
    assert words in line


@pytest.mark.parametrize("what", sorted(BAD))
def test_bad_state_is_exit_3_with_its_position_for_every_reader(what, tmp_path):
    text, at, words = _planted(what)
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    for command in (["note", "-s", str(path), "hello"], ["log", "-s", str(path)], ["show", "-s", str(path)]):
        r = run(command)
        assert r.code == 3, (command, r)
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
        _check_line(r.stderr.strip().removeprefix("claw: "), path, text, at, words)
    r = run(["validate", str(path)])
    assert r.code == 3
    _check_line(_line_with(words, r.stdout), path, text, at, words)
    assert path.read_text(encoding="utf-8") == text  # nothing written back


@pytest.mark.parametrize("what", sorted(BAD))
def test_bad_json_scenario_is_exit_3_with_its_position(what, tmp_path):
    """A JSON chapter file for `new` and `validate`: the same strict reader."""
    from ruamel.yaml import YAML

    chapter = YAML(typ="safe").load((ROOT / "examples/mice/ghost-of-castle-andon.yaml").read_text())
    value, at, words = BAD[what]
    text = json.dumps(chapter, indent=1).replace('\n "game"', f'\n "extra": {value},\n "game"', 1)
    path = tmp_path / "chapter.json"
    path.write_text(text, encoding="utf-8")
    r = run(["validate", str(path)])
    assert r.code == 3
    _check_line(_line_with(words, r.stdout), path, text, at, words)
    r = run(["new", str(path), "--seed", "1"])
    assert r.code == 3 and "Traceback" not in r.stderr
    _check_line(r.stderr.splitlines()[0], path, text, at, words)


def test_json_scenario_with_bom_loads(tmp_path):
    """A UTF-8 byte order mark (Windows editors write one) is skipped, not refused."""
    from ruamel.yaml import YAML

    chapter = YAML(typ="safe").load((ROOT / "examples/mice/ghost-of-castle-andon.yaml").read_text())
    path = tmp_path / "chapter.json"
    path.write_text("\ufeff" + json.dumps(chapter, indent=1), encoding="utf-8")
    assert run(["validate", str(path)]).code == 0
    started = run(["new", str(path), "--seed", "1"])
    assert started.code == 0
    state = tmp_path / "game.json"
    state.write_text("\ufeff" + started.stdout, encoding="utf-8")
    r = run(["note", "-s", str(state), "-i", "hello"])
    assert r.code == 0, r.stderr
    assert json.loads(state.read_text(encoding="utf-8"))["log"][-1]["events"][0]["note"] == "hello"


def test_json_errors_in_a_scenario_have_exact_positions(tmp_path):
    """Schema problems in a JSON file point at the key, not 1:1 (issue 13 item 3)."""
    text = '{\n  "game": "mice",\n  "kind": "chapter",\n  "nonsense": 1\n}\n'
    path = tmp_path / "c.json"
    path.write_text(text)
    r = run(["validate", str(path)])
    assert r.code == 3
    assert any(line.startswith(f"{path}:4:3:") for line in r.stdout.splitlines()), r.stdout


@pytest.mark.parametrize("text, line, col, words", [
    ('{"a": 1,\n "b": }', 2, 7, "expected a value"),
    ('{"a": "open\n}', 1, 7, "close the quote opened at 1:7"),
    ('{"a": 1} {}', 1, 10, "extra data"),
    ('[1, 2,]', 1, 7, "expected a value"),
    ("", 1, 1, "expected a value"),
    ('{"a": "\x01"}', 1, 8, "control character"),
    ('["\\udc00"]', 1, 3, "lone surrogate \\udc00"),
    ('{"k": 1, "k": 2}', 1, 10, "first at 1:2"),
])
def test_positioned_parser_says_where(text, line, col, words):
    with pytest.raises(ParseProblem) as problem:
        parse(text)
    assert (problem.value.line, problem.value.column) == (line, col)
    assert words in problem.value.message
    with pytest.raises(InvalidInput, match=f"^x:{line}:{col}: "):
        loads(text, "x")


def test_limits_are_exact():
    assert loads("[" + "9" * MAX_INT_DIGITS + "]", "x") == [int("9" * MAX_INT_DIGITS)]
    with pytest.raises(InvalidInput):
        loads("[-" + "9" * (MAX_INT_DIGITS + 1) + "]", "x")
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x") is not None
    with pytest.raises(InvalidInput):
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "x")
    assert loads('["\\ud83d\\ude00"]', "x") == ["\U0001F600"]  # a proper pair is fine


def test_positions_for_every_node():
    doc = parse('{\n "a": 1,\n "b": [\n  true,\n  {"c": "x"}\n ]\n}')
    assert locate(doc, ("b", 1, "c")) == (5, 4)
    assert node_start(doc, ("b", 1)) == (5, 3)
    assert locate(doc, ("b", 7, "z")) == (3, 2)  # past what exists: the nearest ancestor
    assert ("b", 1, "c") in doc.quoted


@settings(max_examples=150, deadline=None)
@given(json_values, st.sampled_from([None, 1]))
def test_both_paths_read_what_json_writes(value, indent):
    """The fast path (C scanner + hooks) and the positioned parser accept the same text
    and give what ``json`` gives; every recorded position is where that node's text is."""
    text = json.dumps(value, indent=indent, ensure_ascii=indent is None)
    assert loads(text, "x") == parse(text).data == json.loads(text)
    doc = parse(text)
    for path, offset in doc.values.items():
        node = doc.data
        for step in path:
            node = node[step]
        assert json.loads(json.dumps(node)) == node
        assert text[offset] in '{["-0123456789tfn'
