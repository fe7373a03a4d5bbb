"""`claw validate`: positions, all errors, safe loading, formats (issue 2, item 5)."""

import json
from pathlib import Path

import pytest

from claw.cli.testing import run
from claw.cli.validation.diagnostics import check_document
from tests.paths import ROOT

FILES = Path(__file__).parent / "files"


def test_alias_bomb_refused_at_once():
    r = run(["validate", str(FILES / "alias-bomb.yaml")])
    assert r.code == 3
    assert "alias-bomb.yaml:3:8: YAML aliases are not allowed here: *a" in r.stdout


def test_python_tags_refused():
    r = run(["validate", str(FILES / "python-tag.yaml")])
    assert r.code == 3 and "python-tag.yaml:2:8: YAML tag not allowed" in r.stdout


def test_syntax_error_position():
    r = run(["validate", str(FILES / "bad-indent.yaml")])
    assert r.code == 3
    line = r.stdout.strip()
    assert line.startswith(str(FILES / "bad-indent.yaml") + ":6:")


def test_unknown_game_points_at_the_key():
    report = check_document("x.yaml", "kind: scenario\ngame: chess\n")
    assert [d.text() for d in report.diagnostics] == [
        "x.yaml:2:1: unknown game 'chess' (one of: msm, ratcatcher, warriors, mice) [S007]"]


def test_missing_game():
    report = check_document("x.yaml", "name: a\n")
    assert report.diagnostics[0].line == 1 and "missing 'game'" in report.diagnostics[0].message


def test_state_file_validated_with_positions(tmp_path):
    text = ('{\n "format": "claw-state",\n "version": 1,\n "game": "msm",\n'
            ' "rng": {"algorithm": "splitmix64", "seed": -1, "position": 0},\n'
            ' "state": {},\n "log": [],\n "extra": 1\n}\n')
    report = check_document("s.json", text)
    texts = [d.text() for d in report.diagnostics]
    assert any(t.startswith("s.json:5:") and "seed" in t for t in texts)
    assert any(t.startswith("s.json:8:2:") and 'unknown key "extra"' in t for t in texts)


def test_all_errors_reported_not_only_first(tmp_path):
    text = ('{"format": "claw-state", "version": 0, "game": "msm", "rng": {"algorithm": "x", '
            '"seed": 1, "position": -3}, "state": {}, "log": [{"seq": 0}]}')
    report = check_document("s.json", text)
    assert len(report.diagnostics) >= 4


def test_json_format_separates_parse_errors(tmp_path):
    good = tmp_path / "broken.json"
    good.write_text('{"a": ')
    r = run(["validate", "--format", "json", str(good)])
    data = json.loads(r.stdout)
    assert r.code == 3 and data["status"] == "invalid"
    assert data["files"][0]["parse_errors"][0]["line"] == 1
    assert data["files"][0]["errors"] == []


def test_github_format(tmp_path):
    f = tmp_path / "x.yaml"
    f.write_text("game: chess\n")
    r = run(["validate", "--format", "github", str(f)])
    assert r.stdout.startswith(f"::error file={f},line=1,col=1,title=S007::")


def test_missing_file_and_binary(tmp_path):
    r = run(["validate", str(tmp_path / "none.yaml")])
    assert r.code == 3 and "cannot read" in r.stdout
    b = tmp_path / "b.yaml"
    b.write_bytes(b"\xff\xfe\x00")
    r = run(["validate", str(b)])
    assert r.code == 3 and "not UTF-8" in r.stdout


def test_huge_file_refused(tmp_path):
    f = tmp_path / "big.yaml"
    f.write_text("game: mice\nx: '" + "a" * (5 * 1024 * 1024) + "'\n")
    r = run(["validate", str(f)])
    assert r.code == 3 and "larger than" in r.stdout


def test_deep_nesting_refused():
    text = "game: mice\nx: " + "[" * 100 + "]" * 100 + "\n"
    report = check_document("deep.yaml", text)
    assert "nesting deeper" in report.diagnostics[0].message


def test_schema_command_lists_and_prints():
    r = run(["schema"])
    assert "state" in r.stdout.split()
    r = run(["schema", "state"])
    printed = json.loads(r.stdout)
    assert "$id" not in printed and printed["title"]  # bundled: nothing an editor must resolve
    assert run(["schema", "nope"]).code == 2


def test_state_game_part_checked_with_position(tmp_path):
    """`claw validate` on a state checks the game's part too, not only the envelope."""
    import json

    from claw.cli.testing import run as cli

    chapter = ROOT / "examples" / "mice" / "ghost-of-castle-andon.yaml"
    state = cli(["new", str(chapter), "--seed", "1"]).state
    state["state"]["scare"] = 12
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state, indent=1))
    r = cli(["validate", str(path)])
    assert r.code == 3 and "state.scare" in r.stdout
    line = int(r.stdout.split(":")[1])
    assert '"scare"' in path.read_text().splitlines()[line - 1]


def test_endless_file_is_refused_not_read_forever():
    r = run(["validate", "/dev/zero"])
    assert r.code == 3


def test_escaped_brackets_survive_in_old_log_texts():
    """A version-1 log text (markup, escaped brackets) reads as its words (cli/text.legacy_plain)."""
    from claw.cli.render.text import legacy_plain

    assert legacy_plain("take \\[Cage] [red]now[/]") == "take [Cage] now"


@pytest.mark.parametrize("row, column", [('"..Z."', 8), ("..Z.", 7), ("'..Z.'", 8)])
def test_rule_problem_points_inside_a_string(row, column):
    """A rule check may name a character inside a one-line string (msm map rows): the
    column is that character's, past an opening quote."""
    from claw.cli.formats.yamlload import load_positioned, locate
    from claw.cli.validation.diagnostics import _inside_string

    root = load_positioned(f"rows:\n  - {row}\n")
    line, col = locate(root, ("rows", 0))
    assert _inside_string(root, ("rows", 0), line, col, 2) == (2, column)


def test_msm_unknown_map_character_column(tmp_path):
    example = ROOT / "examples" / "msm" / "scenario-1.yaml"
    text = example.read_text().replace('- ".R..##....L....."', '- ".R..##..Z.L....."', 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    r = run(["validate", str(bad)])
    line_no = next(i for i, row in enumerate(text.splitlines(), 1) if "..Z." in row)
    col = text.splitlines()[line_no - 1].index("Z") + 1
    assert f"bad.yaml:{line_no}:{col}: unknown map character 'Z'" in r.stdout


def test_state_consistency_checks_point_at_the_value(tmp_path):
    """`claw validate` on a state runs the game's own consistency checks (STATE_CHECK) and
    places a message naming a dotted path at that value."""
    import json

    cat = ROOT / "examples" / "warriors" / "emberpaw.yaml"
    state = run(["new", str(cat), "--seed", "1"]).state
    part = next(iter(state["state"]["cats"].values()))
    part["hp_max"] += 3
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state, indent=1))
    r = run(["validate", str(path)])
    assert r.code == 3 and "hp_max" in r.stdout
    line = int(r.stdout.split(":")[1])
    assert '"hp_max"' in path.read_text().splitlines()[line - 1]


def test_the_summary_names_the_files_it_followed(tmp_path):
    """Issue 25 item 5: one file typed and "in 1 of 2 file(s)" said where the second came from."""
    import shutil

    from tests.paths import EXAMPLES

    for name in ("scenario-2.yaml", "loot-illustrative.yaml"):
        shutil.copy(EXAMPLES / "msm" / name, tmp_path / name)
    loot = tmp_path / "loot-illustrative.yaml"
    ok = run(["validate", str(tmp_path / "scenario-2.yaml")])
    assert ok.code == 0 and ok.stderr.endswith(
        f"ok: 2 file(s) valid (followed from {tmp_path / 'scenario-2.yaml'}: {loot})\n"), ok.stderr
    loot.write_text(loot.read_text().replace("cards:\n  - ", "cards:\n  - X", 1))
    bad = run(["validate", str(tmp_path / "scenario-2.yaml")])
    assert bad.code == 3 and bad.stderr.endswith(
        f"in 1 of 2 file(s) (followed from {tmp_path / 'scenario-2.yaml'}: {loot})\n"), bad.stderr
    alone = run(["validate", str(tmp_path / "scenario-2.yaml"), str(loot)])  # both typed: nothing followed
    assert alone.stderr.endswith("in 1 of 2 file(s)\n"), alone.stderr
