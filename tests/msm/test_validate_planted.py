"""`claw validate` on a hand-written msm scenario with planted mistakes (issue 13): schema
and rule problems in one run, each at its line and column, with suggestions."""

from pathlib import Path

from claw.cli.testing import run
from tests.planted import check_planted

FILES = Path(__file__).parent / "files"


def test_every_planted_mistake_in_one_run():
    found = check_planted(FILES / "planted.yaml")
    by_code = {d["code"]: d for d in found}
    assert "did you mean roach?" in by_code["MSM120"]["message"]
    assert "did you mean objectives?" in by_code["S001"]["message"]
    assert by_code["MSM201"]["severity"] == "warning"


def test_unreachable_objective_and_spawn_are_warnings_not_errors(tmp_path):
    """Setup: cats start on C; an objective or spawn square no path from C reaches is legal
    but almost surely a drawing mistake, so validate warns and exits 0 (3 with --strict)."""
    text = (FILES.parent.parent.parent / "examples" / "msm" / "scenario-1.yaml").read_text()
    text = text.replace('- ".C....##......O."', '- ".C....##.....#O."').replace(
        '- "......##........"', '- "......##.....###"')
    path = tmp_path / "walled.yaml"
    path.write_text(text)
    result = run(["validate", "--no-follow", str(path)])
    assert result.code == 0, result.stdout
    assert "warning: no cat can reach the objective square" in result.stdout and "[MSM201]" in result.stdout
    assert run(["validate", "--no-follow", "--strict", str(path)]).code == 3
    assert run(["validate", "--no-follow", "--strict", "--ignore", "MSM201", str(path)]).code == 0
