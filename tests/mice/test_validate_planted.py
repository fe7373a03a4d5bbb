"""`claw validate` on a chapter file with planted mistakes (issue 13), and the chapter end
page (issue 14, item 20)."""

from pathlib import Path

from claw.cli.testing import run
from tests.paths import ROOT
from tests.planted import check_planted

FILES = Path(__file__).parent / "files"
EXAMPLE = ROOT / "examples" / "mice" / "ghost-of-castle-andon.yaml"


def test_every_planted_mistake_in_one_run():
    found = check_planted(FILES / "planted.yaml")
    assert any("did you mean bed_needs_fishhook?" in d["message"] for d in found)


def test_chapter_end_other_than_page_7_is_a_warning(tmp_path):
    """Chapter Setup, Chapter End: the marker goes on page 7. `chapter_end: 5` is legal
    (a house rule) but probably a slip: a warning, exit 0; --strict makes it fail; the
    file can silence it with a comment."""
    text = EXAMPLE.read_text().replace("chapter_end: 7", "chapter_end: 5")
    path = tmp_path / "chapter.yaml"
    path.write_text(text)
    result = run(["validate", str(path)])
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "chapter_end" in t)
    assert result.code == 0
    assert f"chapter.yaml:{line}:3: warning: Chapter Setup puts the chapter end marker on page 7" in result.stdout
    assert "[MICE201]" in result.stdout and "1 warning(s)" in result.stderr
    assert run(["validate", "--strict", str(path)]).code == 3
    assert run(["new", str(path), "--seed", "1"]).code == 0  # a warning does not stop a command
    path.write_text(text.replace("chapter_end: 5", "chapter_end: 5  # claw: ignore MICE201"))
    assert run(["validate", "--strict", str(path)]).code == 0
    assert run(["validate", str(EXAMPLE)]).stdout == ""
