"""Issue 12 item 7: `claw show` fits a standard scenario in 80×24 (one line per row of
small squares), wraps its key, crops large maps with --around, and marks line of sight
with glyphs the key does not use. Rulebook: "Squares on the Map" (2×2 big squares)."""


import pytest

from claw.cli.games.msm.render import KEY, SEEN, SEEN_HINDERED, SIGHT_LINE, cell_chars, render_board
from claw.cli.testing import run
from claw.core.msm.board import parse_map
from tests.paths import ROOT

S1 = str(ROOT / "examples/msm/scenario-1.yaml")
LARGE = str(ROOT / "examples/msm/large.yaml")
TERMINAL = {"COLUMNS": "80", "LINES": "24"}


@pytest.fixture(scope="module")
def s1_state():
    result = run(["new", S1, "--seed", "7"])
    assert result.code == 0, result.stderr
    return result.stdout


def _board_lines(text: str) -> list[str]:
    lines = text.splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("key:"))
    return lines[:end]


def test_a_standard_scenario_fits_80_by_24(s1_state):
    """The Dawn Patrol's 16×12 map: 12 row lines, 7 big-square borders, one label line."""
    result = run(["show", "-s", "-"], stdin=s1_state, env=TERMINAL)
    assert result.code == 0, result.stderr
    board = _board_lines(result.stdout)
    assert len(board) <= 24 and len(board) == 1 + 12 + 7
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    labels = [line[:3].strip() for line in board if line[:3].strip()]
    assert labels == [str(n) for n in range(1, 13)]  # one text line per row, each once


def test_the_key_wraps_to_the_terminal(s1_state):
    result = run(["show", "-s", "-"], stdin=s1_state, env={"COLUMNS": "60"})
    key = [line for line in result.stdout.splitlines() if line.startswith("key:")]
    assert key and all(len(line) <= 60 for line in result.stdout.splitlines()[:40] if not line.startswith("  "))
    assert "several figures" in result.stdout


def test_a_wall_inside_a_big_square_still_gets_its_line():
    """A wall between the two rows of one big square needs the separator line there."""
    board, problems = parse_map({"rows": ["....", "....", "....", "...."], "walls": ["A1-A2"],
                                 "yellow_lines": ["D3-D4"]})
    assert problems == []
    lines = render_board(board, colour=False)
    assert lines[3] == "  |=  |   |" and lines[2].startswith("1 ") and lines[4].startswith("2 ")
    assert "|  ·|" in lines[7]
    assert cell_chars(lines, 4, 4) == ["...."] * 4


def test_around_crops_a_large_map_to_the_terminal():
    result = run(["show", "--game", "msm", "--map", LARGE, "--around", "Z20"], env=TERMINAL)
    assert result.code == 0, result.stderr
    board = _board_lines(result.stdout)
    assert max(len(line) for line in board) <= 80
    labels = [int(line[:3]) for line in board if line[:3].strip().isdigit()]
    assert 20 in labels and len(labels) == 12
    assert " Z " in board[1] + " "  # the column letters of the window


def test_a_map_wider_than_the_terminal_says_how_to_crop():
    result = run(["show", "--game", "msm", "--map", LARGE], env=TERMINAL)
    assert result.code == 0 and "--around SQUARE" in result.stderr
    assert run(["show", "--game", "msm", "--map", LARGE, "--around", "ZZ99"]).code == 2


def test_line_of_sight_marks_are_not_glyphs_of_the_key():
    glyphs = set(KEY) | set("+-|")
    assert not {SIGHT_LINE, SEEN, SEEN_HINDERED} & glyphs
    assert SEEN != SEEN_HINDERED
