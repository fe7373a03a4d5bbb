"""`claw validate` output for people and tools (issue 13, items 4 and 7): codes and
severities in every format, SARIF 2.1.0 checked against its schema, --strict, --ignore
and the in-file ignore comment; the command runs under the one error handler (issue 11)."""

import json
from pathlib import Path
from unittest import mock

import jsonschema
import pytest

from claw.cli.testing import run

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SARIF_SCHEMA = ROOT / "tests" / "sarif" / "sarif-schema-2.1.0.json"
MICE = ROOT / "examples" / "mice" / "ghost-of-castle-andon.yaml"
PLANTED = ROOT / "tests" / "mice" / "files" / "planted.yaml"


@pytest.fixture
def warned(tmp_path):
    """A chapter whose only problem is a warning (the chapter end off page 7)."""
    path = tmp_path / "chapter.yaml"
    path.write_text(MICE.read_text().replace("chapter_end: 7", "chapter_end: 5"))
    return path


def test_sarif_output_validates_against_the_sarif_2_1_0_schema(warned):
    result = run(["validate", "--format", "sarif", str(PLANTED), str(warned)])
    assert result.code == 3
    log = json.loads(result.stdout)
    schema = json.loads(SARIF_SCHEMA.read_text())
    jsonschema.validators.validator_for(schema)(schema).validate(log)
    results = log["runs"][0]["results"]
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert {r["level"] for r in results} == {"error", "warning"}
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)
    first = results[0]["locations"][0]["physicalLocation"]
    assert first["artifactLocation"]["uri"].endswith("planted.yaml") and first["region"]["startLine"] == 8


def test_json_has_code_severity_and_path(warned):
    result = run(["validate", "--format", "json", str(warned)])
    report = json.loads(result.stdout)
    assert result.code == 0 and report["status"] == "ok"
    [warning] = report["files"][0]["warnings"]
    assert (warning["code"], warning["severity"], warning["path"]) == ("MICE201", "warning",
                                                                       "chapter_track.chapter_end")
    strict = json.loads(run(["validate", "--format", "json", "--strict", str(warned)]).stdout)
    assert strict["status"] == "invalid" and strict["files"][0]["status"] == "invalid"


def test_github_annotations_carry_level_and_code(warned):
    result = run(["validate", "--format", "github", str(warned)])
    assert result.stdout.startswith(f"::warning file={warned},line=")
    assert ",title=MICE201::Chapter Setup puts" in result.stdout


def test_text_keeps_file_line_column_and_marks_warnings(warned):
    lines = run(["validate", str(PLANTED)]).stdout.splitlines()
    assert lines[0] == (f"{PLANTED}:8:3: the hourglass (page 6) must start before the chapter end marker "
                        "(page 5) [MICE104]")
    assert lines[1].startswith(f"{PLANTED}:9:3: warning: ")


def test_ignore_on_the_command_line_and_in_the_file(tmp_path):
    lines = run(["validate", "--ignore", "MICE104,MICE101", "--ignore", "s001", str(PLANTED)]).stdout.splitlines()
    assert len(lines) == 7 and not any(c in line for line in lines for c in ("MICE104", "MICE101", "S001"))
    text = PLANTED.read_text().replace("# Planted", "# claw: ignore MICE102, MICE103\n# Planted")
    path = tmp_path / "p.yaml"
    path.write_text(text)
    out = run(["validate", str(path)]).stdout
    assert "MICE102" not in out and "MICE103" not in out and "MICE104" in out
    one_line = PLANTED.read_text().replace("life: 0}", "life: 0}  # claw: ignore S005")
    path.write_text(one_line)
    out = run(["validate", str(path)]).stdout
    assert "S005" not in out and "S003" in out


def test_unknown_format_is_a_usage_error():
    result = run(["validate", "--format", "xml", str(MICE)])
    assert result.code == 2 and result.stderr.startswith("claw: --format must be one of")


def test_a_bug_inside_validate_is_one_line_not_a_traceback():
    with mock.patch("claw.cli.validation.diagnostics.check_document", side_effect=RuntimeError("boom")):
        result = run(["validate", "-"], stdin="game: mice\n")
    assert result.code == 1
    assert result.stderr.startswith("claw: internal error (RuntimeError: boom)") and "Traceback" not in result.stderr


def test_stdin_is_checked_and_follows_references_from_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT / "examples" / "ratcatcher")
    text = (ROOT / "examples" / "ratcatcher" / "first-game.yaml").read_text()
    result = run(["validate", "-"], stdin=text)
    assert result.code == 0 and "5 file(s) valid" in result.stderr


def test_every_code_is_documented():
    """Each code the checks can produce is in cli/diagcodes.py and docs/validate.md."""
    import re

    from claw.cli.validation.codes import CODES

    used = set()
    for folder in ("core", "cli"):
        for source in (ROOT / folder).rglob("*.py"):
            used |= set(re.findall(r'"((?:MICE|MSM|RC|WAR)[0-9]{3}|[PSRX][0-9]{3})"', source.read_text()))
    assert used <= set(CODES), sorted(used - set(CODES))
    docs = (ROOT / "docs" / "validate.md").read_text()
    assert [c for c in CODES if f"`{c}`" not in docs] == []
