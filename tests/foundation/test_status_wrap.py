"""Issue 25 item 5: `claw show`'s status lines wrap at word boundaries to the terminal's
width (the terminal itself cut "Tallyman: 0 (0 brown, 0 black, 0 wh|ite)" mid-word at 80
columns), and stay whole in a pipe, where grep wants one record per line."""

from __future__ import annotations

import pytest

from claw.cli.render.text import styled, wrap
from claw.cli.testing import run
from tests.paths import EXAMPLES

START = {
    "msm": ["msm/scenario-1.yaml", "--seed", "7"],
    "ratcatcher": ["ratcatcher/first-game.yaml", "--seed", "1"],
    "mice": ["mice/ghost-of-castle-andon.yaml", "--seed", "1"],
    "warriors": ["warriors/emberpaw.yaml"],
}


@pytest.mark.parametrize("game", sorted(START))
def test_show_fits_80_columns_without_breaking_a_word(game, tmp_path):
    path = tmp_path / "g.json"
    scenario, *rest = START[game]
    assert run(["new", str(EXAMPLES / scenario), *rest, "-o", str(path)]).code == 0
    if game == "mice":  # a room with a long list of minions
        assert run(["explore", "kings-tunnels", "-s", str(path), "-i"]).code == 0
    piped = run(["show", "-s", str(path)], env={"COLUMNS": None})
    screen = run(["show", "-s", str(path)], env={"COLUMNS": "80"})
    assert piped.code == screen.code == 0
    assert screen.stdout.split() == piped.stdout.split()  # the same words in the same order: none cut
    too_wide = [line for line in screen.stdout.splitlines() if len(line) > 80 and " " in line.strip()]
    assert too_wide == []
    if game == "ratcatcher":
        assert max(len(line) for line in piped.stdout.splitlines()) > 80  # the pipe keeps lines whole


def test_wrap_keeps_styles_and_indents_continuations():
    line = "  " + styled("bold", "Madam Cage") + ": wounds 4/4, attack dice 4/4, movement 4/4"
    parts = wrap(line, 30)
    assert [str(p) for p in parts] == ["  Madam Cage: wounds 4/4,", "      attack dice 4/4,",
                                       "      movement 4/4"]
    assert ("Madam Cage", "bold") in parts[0].parts  # type: ignore[union-attr]
    assert wrap("a" * 40 + " b", 20) == ["a" * 40, "    b"]  # a long word stays whole
