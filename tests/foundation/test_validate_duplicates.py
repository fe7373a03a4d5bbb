"""A duplicate key no longer hides the rest of the file (issue 13 item 1; docs/input-files.md).

YAML 1.2.2 section 3.2.1.1 requires the keys of a mapping to be unique, and claw holds
JSON to the same (RFC 8259 section 4 only says SHOULD). Before: the readers stopped at
the repeat, so `claw validate` showed that one line and none of the file's other
mistakes. Now validate reads past it (``duplicates="report"``): one P001 at the repeat
naming the first, the first value kept for every other check. Every other command still
refuses the file or state with exit 3 and both positions.
"""

import json
import shutil

import pytest

from claw.cli.formats.jsonload import loads, parse
from claw.cli.formats.positions import ParseProblem, locate
from claw.cli.formats.yamlload import load_positioned
from claw.cli.testing import run
from claw.cli.validation.diagnostics import check_document
from claw.core.errors import InvalidInput
from tests.paths import ROOT

# a duplicate key and five independent mistakes, each with the text found at its position
SCENARIO = """\
game: msm
kind: scenario
number: one
name: The Dawn Patrol
loot_decks: [1]
rats:
  - {type: rooch, count: 9}
name: A second name
cats: {count: 4, two_cat_variant: true}
obectives:
  - Search both loot squares.
round_track: [[], [], [T], [], [], [S], [], [], [S], []]
map:
  rows:
    - "....##.........."
    - ".R..##....L....."
    - "................"
    - "..........R....."
    - "####..######...."
    - "................"
    - "..L......S......"
    - "........~~......"
    - "....R...~~...R.."
    - "................"
    - "......##...Q...."
    - ".C....##......O."
"""
EXPECTED = [  # (code, words of the message, text at the reported position)
    ("S003", 'number: expected a whole number, got a string "one"', "number: one"),
    ("MSM120", "no rat called 'rooch'", "type: rooch"),
    ("P001", "duplicate key 'name' (first at 4:1); keep one", "name: A second"),
    ("S001", 'unknown key "obectives"; did you mean objectives?', "obectives"),
    ("MSM113", "round 3 spawns at T", "T]"),
    ("MSM102", "unknown map character 'Q'", "Q"),
]


def _at(text: str, line: int, col: int) -> str:
    return text.splitlines()[line - 1][col - 1:]


def _assert_all_reported(report, text: str, expected=EXPECTED) -> None:
    found = [(d.code, d.message, _at(text, d.line, d.column)) for d in report.diagnostics]
    assert len(found) == len(expected), found
    for (code, words, at), (got_code, message, got_at) in zip(expected, found, strict=True):
        assert got_code == code and words in message and got_at.startswith(at), (code, message, got_at)


def test_yaml_duplicate_and_five_other_mistakes_in_one_run(tmp_path):
    path = tmp_path / "planted.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    r = run(["validate", str(path)])
    assert r.code == 3
    assert f"{path}:8:1: duplicate key 'name' (first at 4:1); keep one [P001]" in r.stdout.splitlines()
    assert "6 error(s)" in r.stderr
    _assert_all_reported(check_document(str(path), SCENARIO, duplicates="report"), SCENARIO)


def _as_json(text: str) -> str:
    """The planted scenario as JSON, with the repeated key written back in."""
    data = load_positioned(text, duplicates="report").data
    out = json.dumps(data, indent=1)
    return out.replace('\n "cats"', '\n "name": "A second name",\n "cats"', 1)


def test_json_duplicate_and_five_other_mistakes_in_one_run(tmp_path):
    text = _as_json(SCENARIO)
    path = tmp_path / "planted.json"
    path.write_text(text, encoding="utf-8")
    r = run(["validate", str(path)])
    assert r.code == 3 and "6 error(s)" in r.stderr
    expected = [(c, w.replace("4:1", "5:2"), a.replace("number: one", '"number"').replace("name: A second",
                                                                                        '"name": "A second'))
                for c, w, a in EXPECTED]
    expected[1] = ("MSM120", expected[1][1], '"type": "rooch"')
    expected[3] = ("S001", expected[3][1], '"obectives"')
    expected[4] = ("MSM113", expected[4][1], '"T"')
    _assert_all_reported(check_document(str(path), text, duplicates="report"), text, expected)


def test_the_first_value_is_the_one_checked():
    """A broken second value is not checked (it is dropped), and positions stay the first's."""
    text = "game: msm\nkind: scenario\nnumber: 1\nnumber: one\nname: x\n"
    root = load_positioned(text, duplicates="report")
    assert root.data["number"] == 1 and locate(root, ("number",)) == (3, 1)
    codes = [(d.line, d.code) for d in check_document("x.yaml", text, duplicates="report").diagnostics]
    assert (4, "P001") in codes and all(code != "S003" for _, code in codes)


@pytest.mark.parametrize("reader, text, places", [
    (load_positioned, "a:\n  b: 1\n  c: {d: 1, d: 2}\n  b: [x, {e: 1, e: 2}]\n",
     [((3, 13), (3, 7)), ((4, 3), (2, 3)), ((4, 17), (4, 11))]),
    (parse, '{"a": {"b": 1, "c": {"d": 1, "d": 2},\n "b": [1, {"e": 1, "e": 2}]}}',
     [((1, 30), (1, 22)), ((2, 2), (1, 8)), ((2, 20), (2, 12))]),
])
def test_readers_refuse_by_default_and_report_on_request(reader, text, places):
    with pytest.raises(ParseProblem, match=r"duplicate key 'd' \(first at \d+:\d+\); keep one"):
        reader(text)
    with pytest.raises(ValueError, match="duplicates must be one of"):
        reader(text, duplicates="keep-last")
    doc = reader(text, duplicates="report")
    assert doc.data == {"a": {"b": 1, "c": {"d": 1}}}  # the first values
    # the repeat at (where, first), in reading order; one inside a dropped value too
    assert [(doc.line_col(w), doc.line_col(f)) for _, w, f in doc.duplicates] == places
    assert [tuple(map(str, p)) for p, _, _ in doc.duplicates] == [("a", "c", "d"), ("a", "b"), ("a", "b", "1", "e")]
    assert locate(doc, ("a", "b")) == places[1][1]


def test_state_commands_still_refuse_and_validate_goes_on(tmp_path):
    """`note` on a state with a repeated key: exit 3, both positions, nothing written."""
    started = run(["new", str(ROOT / "examples/mice/ghost-of-castle-andon.yaml"), "--seed", "1"])
    assert started.code == 0, started.stderr
    text = started.stdout.replace('\n "game": "mice",', '\n "game": "mice",\n "game": "msm",\n "extra": 1,', 1)
    assert text != started.stdout
    state = tmp_path / "game.json"
    state.write_text(text, encoding="utf-8")
    first = text.splitlines().index(' "game": "mice",') + 1
    r = run(["note", "-s", str(state), "hello"])
    assert r.code == 3 and "Traceback" not in r.stderr
    assert r.stderr.strip() == f"claw: {state}:{first + 1}:2: duplicate key 'game' (first at {first}:2); keep one"
    assert state.read_text(encoding="utf-8") == text
    with pytest.raises(InvalidInput, match="duplicate key 'game'"):
        loads(text, str(state))  # the fast reader of every command
    r = run(["validate", str(state)])
    lines = r.stdout.splitlines()
    assert r.code == 3 and len(lines) == 2, lines
    assert lines[0] == f"{state}:{first + 1}:2: duplicate key 'game' (first at {first}:2); keep one [P001]"
    assert lines[1].startswith(f"{state}:{first + 2}:2: ") and '"extra"' in lines[1]


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_new_still_refuses_a_scenario_with_a_repeated_key(suffix, tmp_path):
    text = SCENARIO.replace("number: one", "number: 1") if suffix == ".yaml" else _as_json(SCENARIO)
    path = tmp_path / f"planted{suffix}"
    path.write_text(text, encoding="utf-8")
    r = run(["new", str(path), "--seed", "1"])
    assert r.code == 3 and "Traceback" not in r.stderr
    repeat = ' "name": "A second name",'
    where = "8:1" if suffix == ".yaml" else f"{text.splitlines().index(repeat) + 1}:2"
    first = "4:1" if suffix == ".yaml" else "5:2"
    assert r.stderr.splitlines()[0] == f"{path}:{where}: duplicate key 'name' (first at {first}); keep one [P001]"
    assert r.stderr.splitlines()[-1] == f"claw: {path}: 1 error(s); nothing started"


def test_a_named_file_with_a_repeated_key_is_reported_and_checked_on(tmp_path):
    """validate follows a scenario's loot file in the same mode: its repeat and its other mistake."""
    for name in ("scenario-1.yaml", "loot-illustrative.yaml"):
        shutil.copy(ROOT / "examples/msm" / name, tmp_path / name)
    loot = tmp_path / "loot-illustrative.yaml"
    text = loot.read_text(encoding="utf-8").replace("id: shuriken, name: Shuriken, type: weapon, level: 1",
                                                    "id: shuriken, name: Shuriken, type: weapon, level: one", 1)
    lines = text.splitlines(keepends=True)
    game = next(i for i, line in enumerate(lines) if line.startswith("game:"))
    loot.write_text("".join(lines[: game + 1] + ["game: msm\n"] + lines[game + 1:]), encoding="utf-8")
    r = run(["validate", str(tmp_path / "scenario-1.yaml")])
    assert r.code == 3
    out = r.stdout.splitlines()
    assert out[0] == f"{loot}:{game + 2}:1: duplicate key 'game' (first at {game + 1}:1); keep one [P001]"
    assert len(out) == 2 and "level: expected a whole number" in out[1] and out[1].endswith("[S003]"), out
    assert "2 error(s), 0 warning(s) in 1 of 2 file(s)" in r.stderr
