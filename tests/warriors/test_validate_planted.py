"""`claw validate` on a character file with planted mistakes (issue 13): schema and rule
problems in one run at their positions, with suggestions for keys and names."""

from pathlib import Path

from claw.cli.testing import run
from tests.planted import check_planted

FILES = Path(__file__).parent / "files"


def test_every_planted_mistake_in_one_run():
    found = check_planted(FILES / "planted.yaml")
    messages = " | ".join(d["message"] for d in found)
    assert "did you mean player?" in messages and "did you mean apprentice?" in messages


def test_knack_name_gets_a_suggestion(tmp_path):
    example = Path(__file__).resolve().parents[2] / "examples" / "warriors" / "emberpaw.yaml"
    path = tmp_path / "cat.yaml"
    path.write_text(example.read_text().replace("knacks: [track, stalk, feint]", "knacks: [trakc, stalk, feint]"))
    result = run(["validate", str(path)])
    assert result.code == 3 and "did you mean track?" in result.stdout and "[S002]" in result.stdout
