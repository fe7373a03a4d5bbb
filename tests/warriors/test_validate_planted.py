"""`claw validate` on a character file with planted mistakes (issue 13): schema and rule
problems in one run at their positions, with suggestions for keys and names."""

import json
from pathlib import Path

from claw.cli.testing import run
from tests.paths import ROOT
from tests.planted import check_planted

FILES = Path(__file__).parent / "files"


def test_every_planted_mistake_in_one_run():
    found = check_planted(FILES / "planted.yaml")
    messages = " | ".join(d["message"] for d in found)
    assert "did you mean player?" in messages and "did you mean apprentice?" in messages


def test_knack_name_gets_a_suggestion(tmp_path):
    example = ROOT / "examples" / "warriors" / "emberpaw.yaml"
    path = tmp_path / "cat.yaml"
    path.write_text(example.read_text().replace("knacks: [track, stalk, feint]", "knacks: [trakc, stalk, feint]"))
    result = run(["validate", str(path)])
    assert result.code == 3 and "did you mean track?" in result.stdout and "[S002]" in result.stdout


ONE_PASS = FILES / "planted-one-pass.yaml"
# the schema mistakes of planted-one-pass.yaml, each put right
FIXES = [("clan: thunderklan ", "clan: thunderclan "), ('npc: "no" ', "npc: false "),
         ("ten_moons: spirt ", "ten_moons: spirit"), ("sprain: 9 ", "sprain: 1 ")]


def test_schema_errors_do_not_hide_independent_rule_errors():
    """Issue 13 item 1: an unknown clan and ten_moons (Clans; the 10-moon bonus of the age
    table) no longer stop the Skills, age table, Rewards and sheet checks of the parts that
    do not read them; the sheet's abilities, skills and HP (which read the clan) are not judged."""
    found = check_planted(ONE_PASS)
    assert any("did you mean thunderclan?" in d["message"] for d in found)


def test_fixing_the_schema_errors_shows_the_same_rule_errors(tmp_path):
    """The checks skipped because they read a broken part had nothing to say once it is put
    right, and the ones that ran said the same: one run already gave every rule error."""
    text = ONE_PASS.read_text()
    for wrong, right in FIXES:
        assert wrong in text
        text = text.replace(wrong, right)
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text(text)
    broken_run = check_planted(ONE_PASS)
    result = run(["validate", "--format", "json", "--no-follow", str(fixed)])
    after = json.loads(result.stdout)["files"][0]["errors"]
    assert result.code == 3 and {d["kind"] for d in after} == {"rule"}

    def rule_findings(diags):
        return sorted((d["line"], d["column"], d["code"], d["message"]) for d in diags if d["kind"] == "rule")

    assert rule_findings(after) == rule_findings(broken_run)
