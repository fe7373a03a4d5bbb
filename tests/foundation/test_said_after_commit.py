"""Issue 23 item 5: nothing is said before it is true. A command's events are rendered only
once its new state is committed; a refused command prints its refusal alone, and stdout and
the state file (and its undo history) are byte for byte what they were."""

from pathlib import Path

import pytest

from claw.cli.store import history
from claw.cli.testing import run
from tests.paths import EXAMPLES


def _files(path: Path) -> dict[str, bytes]:
    """The state and everything claw keeps beside it (undo history), as bytes."""
    found = {path.name: path.read_bytes()}
    kept = history.folder(str(path))
    if kept.is_dir():
        found.update({f"undo/{p.name}": p.read_bytes() for p in sorted(kept.iterdir())})
    return found


@pytest.fixture
def rats_turn(tmp_path: Path) -> Path:
    """An msm game (scenario 1, seed 3) whose next step is the rats' turn, where rat-3 has a
    tie between adara and leon (so guy is not one of its choices)."""
    path = tmp_path / "g.json"
    assert run(["new", str(EXAMPLES / "msm/scenario-1.yaml"), "--seed", "3", "-o", str(path)]).code == 0
    for _ in range(2):  # initiative, then the cats' turn ends
        assert run(["scenario-step", "-s", str(path), "-i"]).code == 0
    assert run(["scenario-step", "-s", str(path), "-o", "/dev/null"]).stderr.count("\n") > 10  # a long narrative
    return path


def _only_the_refusal(stderr: str) -> None:
    lines = stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("claw: "), stderr


def test_refused_scenario_step_prints_only_the_refusal(rats_turn: Path) -> None:
    before = _files(rats_turn)
    result = run(["scenario-step", "-s", str(rats_turn), "-i", "--choose", "rat-3=guy"])
    assert result.code == 4
    assert result.stdout == ""
    _only_the_refusal(result.stderr)
    assert "matched nothing" in result.stderr
    assert _files(rats_turn) == before


def test_refused_scenario_step_to_stdout_prints_nothing_there(rats_turn: Path) -> None:
    """Without -i the new state would go to stdout: stdout stays empty."""
    before = _files(rats_turn)
    result = run(["scenario-step", "-s", str(rats_turn), "--choose", "rat-3=guy"])
    assert (result.code, result.stdout) == (4, "")
    _only_the_refusal(result.stderr)
    assert _files(rats_turn) == before


def test_write_into_a_missing_folder_says_only_that(rats_turn: Path, tmp_path: Path) -> None:
    """The rats' turn ran in memory, but its state could not be written: it did not happen."""
    before = _files(rats_turn)
    result = run(["scenario-step", "-s", str(rats_turn), "-o", str(tmp_path / "missing" / "g.json")])
    assert (result.code, result.stdout) == (5, "")
    _only_the_refusal(result.stderr)
    assert "folder does not exist" in result.stderr
    assert _files(rats_turn) == before


def test_new_into_a_missing_folder_says_only_that(tmp_path: Path) -> None:
    result = run(["new", str(EXAMPLES / "msm/scenario-1.yaml"), "--seed", "3",
                  "-o", str(tmp_path / "missing" / "g.json")])
    assert (result.code, result.stdout) == (5, "")
    _only_the_refusal(result.stderr)


def test_a_committed_command_still_says_everything(rats_turn: Path) -> None:
    result = run(["scenario-step", "-s", str(rats_turn), "-i"])
    assert result.code == 0
    assert "The rats' turn ends." in result.stderr


def test_refused_line_in_a_session_prints_only_the_refusal(rats_turn: Path, tmp_path: Path) -> None:
    """`claw play` runs each line through the same runner: the same silence."""
    script = tmp_path / "turn.claw"
    script.write_text("scenario-step --choose rat-3=guy\n", encoding="utf-8")
    before = _files(rats_turn)
    result = run(["play", "-s", str(rats_turn), "-i", str(script)])
    assert (result.code, result.stdout) == (4, "")
    refusal, stopped = result.stderr.splitlines()
    assert refusal.startswith("claw: --choose matched nothing")
    assert stopped.startswith("claw: ") and "stopped" in stopped
    assert _files(rats_turn) == before
