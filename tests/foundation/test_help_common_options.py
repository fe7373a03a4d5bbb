"""Issue 12 item 2 with issue 15 item 1: the help for the game in hand lists every common
option a command takes, `--draw` included (the table types its draws on any command)."""

import pytest

from claw.cli.shell.options import COMMON
from claw.cli.testing import run

SHOWN = [name for name in COMMON if name != "debug"]  # --debug is hidden on purpose


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


@pytest.mark.parametrize(("verb", "game"), [("attack", "msm"), ("explore", "ratcatcher"), ("hunt", "warriors")])
def test_one_games_help_lists_every_common_option(verb, game):
    res = run([verb, "--help", "--game", game])
    assert res.code == 0, res.stderr
    common = res.stdout.split("Common options:")[1]
    assert [name for name in SHOWN if _flag(name) not in common] == []


def test_the_per_game_summary_names_every_common_option():
    res = run(["attack", "--help"])
    tail = res.stdout.split("Common options:")[1]
    assert "--dice" in tail and "--draw" in tail
