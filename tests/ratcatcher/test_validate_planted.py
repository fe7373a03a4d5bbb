"""`claw validate` on a Ratcatcher scenario with planted mistakes (issue 13): schema and
rule problems in one run, inline parts checked by their own kind, a missing referenced
file reported at the referring key, suggestions for names."""

import json
from pathlib import Path

from claw.cli.testing import run
from tests.paths import ROOT
from tests.planted import check_planted

FILES = Path(__file__).parent / "files"
EXAMPLES = ROOT / "examples" / "ratcatcher"


def test_every_planted_mistake_in_one_run():
    found = check_planted(FILES / "planted.yaml", follow=True)
    messages = " | ".join(d["message"] for d in found)
    for hint in ("did you mean smoke?", "did you mean cage?", "did you mean b?", "known zones: a b c",
                 "did you mean options?", "did you mean nest?"):
        assert hint in messages


def test_inline_township_error_inside_an_alternative_is_named(tmp_path):
    """`townships:` is a file name or an inline deck (anyOf): a wrong value inside the deck
    is reported where it is, in words, not as the string alternative's type error."""
    scenario = (EXAMPLES / "first-game.yaml").read_text()
    deck = [line for line in (EXAMPLES / "townships.yaml").read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    text = scenario.replace("townships: townships.yaml", "townships:\n" + "\n".join("  " + x for x in deck))
    text = text.replace("number: 3", "number: seven", 1)
    path = tmp_path / "inline.yaml"
    path.write_text(text)
    for name in ("madam-cage.yaml", "rat-king.yaml", "peculiar-rats.yaml"):
        (tmp_path / name).write_text((EXAMPLES / name).read_text())
    result = run(["validate", str(path)])
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "number: seven" in t)
    assert result.stdout.splitlines() == [
        f"{path}:{line}:7: townships.cards[3].number: expected a whole number, got a string \"seven\" [S003]"]
    assert "alternative" not in result.stdout and "{" not in result.stdout


def test_missing_referenced_file_is_an_error_at_the_key(tmp_path):
    """Every file a scenario names is found and checked; a missing one is an error at the
    referring key (issue 10 item 9, issue 13 item 5)."""
    for name in ("first-game.yaml", "madam-cage.yaml", "rat-king.yaml", "peculiar-rats.yaml"):
        (tmp_path / name).write_text((EXAMPLES / name).read_text())
    result = run(["validate", "--format", "json", str(tmp_path / "first-game.yaml")])
    report = json.loads(result.stdout)
    assert result.code == 3
    [error] = report["files"][0]["errors"]
    assert (error["line"], error["column"], error["code"], error["path"]) == (9, 1, "R001", "townships")
    assert [f["file"] for f in report["files"]][1:] == [str(tmp_path / n) for n in
                                                        ("madam-cage.yaml", "rat-king.yaml", "peculiar-rats.yaml")]


def test_referenced_file_problems_reported_in_that_file(tmp_path):
    for name in ("first-game.yaml", "madam-cage.yaml", "rat-king.yaml", "peculiar-rats.yaml", "townships.yaml"):
        (tmp_path / name).write_text((EXAMPLES / name).read_text())
    (tmp_path / "rat-king.yaml").write_text((EXAMPLES / "rat-king.yaml").read_text() + "speeed: 2\n")
    result = run(["validate", str(tmp_path / "first-game.yaml")])
    assert result.code == 3
    lines = result.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{tmp_path / 'rat-king.yaml'}:") and "speeed" in lines[0]
    (tmp_path / "rat-king.yaml").write_text((EXAMPLES / "madam-cage.yaml").read_text())
    result = run(["validate", str(tmp_path / "first-game.yaml")])
    assert "[R002]" in result.stdout and "a 'nemesis' file is needed here" in result.stdout
