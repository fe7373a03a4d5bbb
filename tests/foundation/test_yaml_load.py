"""Hand-written YAML: the crash cases of issue 11 item 3, and syntax errors that say where
the problem starts and what to do (issue 13 item 3)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.formats.yamlload import load_positioned, locate, node_start
from claw.cli.testing import run
from claw.cli.validation.diagnostics import check_document
from tests.paths import ROOT

from .strategies import json_values

SUITE = ROOT / "tests" / "corpora" / "yaml-test-suite"
CHAPTER = ROOT / "examples" / "mice" / "ghost-of-castle-andon.yaml"
SCENARIO = ROOT / "examples" / "msm" / "scenario-1.yaml"


def _lines(result) -> list[str]:
    return (result.stdout + result.stderr).splitlines()


def _no_crash(result) -> None:
    assert "Traceback" not in result.stdout + result.stderr and "internal error" not in result.stderr
    assert result.code == 3, result


COMMENT_THEN_BLANK = "game: msm\nnote: # why\n  drawn by us\n\nkind: scenario\n"


def test_comment_after_a_key_then_a_blank_line_is_read(tmp_path):
    """Was ruamel's 'NotImplementedError: overlap in comment' (exit 1) in validate, new, show --map."""
    root = load_positioned(COMMENT_THEN_BLANK)
    assert root.data == {"game": "msm", "note": "drawn by us", "kind": "scenario"}
    r = run(["validate", "-"], stdin=COMMENT_THEN_BLANK)
    _no_crash(r)
    assert r.stdout.startswith("<stdin>:1:1: ") and "required property" in r.stdout  # a schema problem, not a parse one
    path = tmp_path / "s.yaml"
    path.write_text(COMMENT_THEN_BLANK)
    for command in (["new", str(path)], ["show", "--map", str(path)]):
        r = run(command)
        _no_crash(r)
        assert f"{path}:1:1: " in r.stderr


def test_comments_everywhere_in_a_real_scenario(tmp_path):
    text = SCENARIO.read_text().replace("\n", "  # note\n").replace(":  # note\n", ": # note\n\n")
    path = tmp_path / "s.yaml"
    path.write_text(text)
    r = run(["validate", "--no-follow", str(path)])  # its loot file stays behind
    assert r.code == 0, r.stdout


def test_complex_key_is_refused_at_its_place(tmp_path):
    """Was 'TypeError: unhashable type' (exit 1)."""
    path = tmp_path / "c.yaml"
    path.write_text("game: mice\n? [a, b]\n: c\n")
    for command in (["validate", str(path)], ["new", str(path)]):
        r = run(command)
        _no_crash(r)
        assert f"{path}:2:3: a key that is itself a list or mapping" in r.stdout + r.stderr


@pytest.mark.parametrize("version", ["1.1", "1.2", "1.3"])
def test_yaml_directive_is_read(version, tmp_path):
    """`%YAML 1.3` was an AssertionError; any 1.x directive reads (by the 1.2 core schema)."""
    path = tmp_path / "c.yaml"
    path.write_text(f"%YAML {version} # which\n---\n" + CHAPTER.read_text())
    assert run(["validate", str(path)]).code == 0
    assert run(["new", str(path), "--seed", "1"]).code == 0


def test_tabs_where_yaml_allows_them(tmp_path):
    """A trailing tab after a value (and before a comment) is white space, not an error."""
    text = CHAPTER.read_text().replace("\n", "\t\n", 5).replace("game: mice", "game:\tmice\t# tab")
    path = tmp_path / "c.yaml"
    path.write_text(text)
    r = run(["validate", str(path)])
    assert r.code == 0, r.stdout


def test_tab_used_for_indentation_says_use_spaces():
    report = check_document("x.yaml", "game: mice\nheroes:\n  - a\n\t- b\n")
    [d] = report.diagnostics
    assert (d.line, d.column) == (4, 1) and "use spaces" in d.message


def test_unclosed_quote_points_at_where_it_opened():
    """Was reported at the end of the file in the parser's words."""
    for text in ('game: mice\nname: "The Patrol\nkind: chapter\nrooms: 3\n', "game: mice\nname: 'open\n"):
        [d] = check_document("x.yaml", text).diagnostics
        assert (d.line, d.column) == (2, 7)
        assert "close the quote opened at 2:7" in d.message


@pytest.mark.parametrize("text, line, col, words", [
    ("game: mice\nname: a: b\n", 2, 8, "quote a value that contains ': '"),
    ("game: mice\n  kind: chapter\n", 2, 7, "':' not allowed here"),
    ("game: mice\nx: [1, 2\n", 2, 4, "'[' never closed: close it with ']'"),
    # issue 27: the next line's `key: value` read as an item with an empty key (was "a key with no name")
    ("game: mice\nx: [1, 2\nkind: chapter\n", 2, 4, "'[' never closed: close it with ']' (opened at 2:4)"),
    ("game: mice\nx: {a: 1, b: [c\nkind: chapter\n", 2, 14, "'[' never closed: close it with ']'"),
    ("game: mice\nx: !!foo 1\ny: [1\n", 2, 4, "tag not allowed"),  # the first problem comes first
    ("game: mice\nx: {a: 1, b: 2 c: 3}\n", 2, 17, "in the '{' opened at 2:4: separate its items with ','"),
    ("game: mice\nx: @home\n", 2, 4, "'@' cannot start a plain value: put the value in quotes"),
    ("game: mice\nx: 1 # c\ny: [1]# c\n", 3, 7, "space before '#'"),
    ("game: mice\ngame: msm\n", 2, 1, "duplicate key 'game' (first at 1:1)"),
    ("game: mice\nx: &a [1]\ny: *a\n", 3, 4, "aliases are not allowed"),
    ("game: mice\nx: !!python/none 1\n", 2, 4, "tag not allowed"),
    ("game: mice\nx: .inf\n", 2, 4, "not a finite number"),
    ("game: mice\nx: " + "7" * 5000 + "\n", 2, 4, "5000 digits"),
    ("game: mice\nx: 0x" + "f" * 200 + "\n", 2, 4, "200 digits"),
    ("game: mice\n---\ngame: msm\n", 2, 1, "more than one YAML document"),
    ("game: mice\n: lonely\n", 2, 1, "a key with no name"),
    ("game: mice\nx: \x07\n", 2, 4, "U+0007 is not allowed"),
    ('game: mice\nx: "a\\ud800"\n', 2, 4, "lone surrogate"),
])
def test_problems_point_where_they_start(text, line, col, words):
    [d] = check_document("x.yaml", text).diagnostics
    assert d.kind == "parse"
    assert (d.line, d.column, words in d.message) == (line, col, True), d


def test_bom_on_yaml_is_skipped(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + CHAPTER.read_bytes())
    assert run(["validate", str(path)]).code == 0


def test_bad_utf8_byte_has_its_position(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_bytes(b"game: mice\nname: caf\xe9\n")
    r = run(["validate", str(path)])
    assert r.code == 3 and r.stdout.startswith(f"{path}:2:10: not UTF-8 text")


def test_core_schema_scalars():
    """YAML 1.2 core schema (spec 10.3.2), whatever the %YAML directive: `yes` and dates
    stay text; 0o/0x integers; keys are their text."""
    data = load_positioned("a: yes\nb: 0o17\nc: 0x1F\nd: 2001-12-14\ne: ~\nf: -.5e1\n1: one\n"
                           "g: !!str 12\nh: !!float 3\ni: '12'\n").data
    assert data == {"a": "yes", "b": 15, "c": 31, "d": "2001-12-14", "e": None, "f": -5.0, "1": "one",
                    "g": "12", "h": 3.0, "i": "12"}
    assert json.dumps(data)


def test_the_non_specific_tag_makes_a_scalar_a_string():
    """Spec 6.9.1 (yaml-test-suite S4JQ): `! 12` is the string "12", as "12" is; a plain
    12 is the integer; `!` on a collection changes nothing."""
    data = load_positioned('- "12"\n- 12\n- ! 12\n- ! true\n- ! null\n- ! [1]\n- ! {a: 1}\n').data
    assert data == ["12", 12, "12", "true", "null", [1], {"a": 1}]
    assert load_positioned((SUITE / "S4JQ.yaml").read_text()).data == ["12", 12, "12"]


def test_positions_kept_for_keys_items_and_values():
    root = load_positioned("game: mice\nrooms:\n  - name: hall\n    size: [2, 3]\n")
    assert locate(root, ("rooms", 0, "size", 1)) == (4, 15)
    assert locate(root, ("rooms", 0, "nope")) == (3, 5)
    assert node_start(root, ("rooms", 0)) == (3, 5)
    assert node_start(root, ("rooms",)) == (3, 3)


def test_deep_nesting_costs_no_recursion():
    text = "game: mice\nx: " + "[" * 5000 + "]" * 5000 + "\n"
    [d] = check_document("deep.yaml", text).diagnostics
    assert "nesting deeper" in d.message and d.line == 2


@settings(max_examples=150, deadline=None)
@given(json_values, st.sampled_from([None, 2]))
def test_json_text_reads_the_same_as_yaml(value, indent):
    """JSON is YAML 1.2: what ``json`` writes, the YAML reader reads back unchanged."""
    text = json.dumps(value, indent=indent)
    assert load_positioned(text).data == value


_names = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=6)
_tree = st.recursive(st.integers(-99, 99) | _names,
                     lambda inner: st.lists(inner, min_size=1, max_size=3)
                     | st.dictionaries(_names, inner, min_size=1, max_size=3), max_leaves=12)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(_names, _tree, min_size=1, max_size=4))
def test_every_key_position_is_where_the_key_is_written(value):
    """Block YAML as ruamel writes it: each key's recorded line:column holds that key."""
    import io

    from ruamel.yaml import YAML

    out = io.StringIO()
    writer = YAML(typ="safe", pure=True)
    writer.default_flow_style = False
    writer.dump(value, out)
    text = out.getvalue()
    root = load_positioned(text)
    assert root.data == value
    lines = text.split("\n")
    for path in root.keys:
        if path and isinstance(path[-1], str):
            line, col = locate(root, path)
            written = lines[line - 1][col - 1:]
            assert written.startswith((path[-1] + ":", f"'{path[-1]}':")), (path, text)  # 'true': quoted
