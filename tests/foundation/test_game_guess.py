"""Start-up (issue 12's budget): a game command is built with only the options of the game
the command line names, and behaves exactly as the command built for every game, also
when that guess is wrong (the state read, or a flag, says so) — docs/performance.md."""

from __future__ import annotations

import json

import pytest

from claw.cli.shell import dispatch
from claw.cli.testing import run


@pytest.fixture(scope="module")
def states(tmp_path_factory):
    folder = tmp_path_factory.mktemp("states")
    paths = {}
    examples = {"msm": "examples/msm/scenario-2.yaml", "ratcatcher": "examples/ratcatcher/first-game.yaml"}
    for game, example in examples.items():
        made = run(["new", example, "--seed", "7", "-q"])
        assert made.code == 0, made.stderr
        paths[game] = folder / f"{game}.json"
        paths[game].write_text(made.stdout)
    return paths


def test_the_command_line_names_the_game(states, monkeypatch):
    msm = str(states["msm"])
    monkeypatch.delenv("CLAW_STATE", raising=False)
    assert dispatch.game_guess(["show", "--game", "mice"]) == "mice"
    assert dispatch.game_guess(["show", "--game=warriors"]) == "warriors"
    assert dispatch.game_guess(["show", "-s", msm]) == "msm"
    assert dispatch.game_guess(["show", f"--state={states['ratcatcher']}"]) == "ratcatcher"
    assert dispatch.game_guess(["show", "-s", "-"]) is None  # stdin: read once, never guessed
    assert dispatch.game_guess(["show", "--", "--game", "msm"]) is None
    assert dispatch.game_guess(["show", "--game", "chess"]) is None
    monkeypatch.setenv("CLAW_STATE", msm)
    assert dispatch.game_guess(["show"]) == "msm"


def test_only_the_games_options_are_built(states):
    from typer.main import get_command

    from claw.cli.shell.app import build_app

    def flags(app) -> set[str]:
        command = get_command(app).commands["scenario-step"]
        return {o for p in command.params for o in p.opts}

    every, msm = flags(build_app("scenario-step")), flags(build_app("scenario-step", game="msm"))
    assert msm < every and "--first" in msm and "--reward" in every - msm  # --reward: ratcatcher's


@pytest.mark.parametrize("wrong", ["mice", "ratcatcher"])
def test_a_wrong_guess_runs_as_the_command_for_every_game(states, monkeypatch, wrong):
    args = ["scenario-step", "-s", str(states["msm"]), "--seed", "3"]
    right = run(args)
    monkeypatch.setattr(dispatch, "game_guess", lambda _args: wrong)
    guessed = run(args)
    assert right.code == guessed.code == 0
    assert json.loads(guessed.stdout) == json.loads(right.stdout) and guessed.stderr == right.stderr


def test_another_games_flag_is_named_as_before(states):
    """The flag is not built for the game in hand: the command is built again for every game,
    which names the game the flag belongs to."""
    res = run(["scenario-step", "-s", str(states["msm"]), "--reward", "2"])
    assert res.code == 2 and "--reward is not an option of `claw scenario-step` in msm (it is ratcatcher's)" \
        in res.stderr


def test_an_unknown_flag_gets_its_suggestion(states):
    res = run(["scenario-step", "-s", str(states["msm"]), "--frist", "rats"])
    assert res.code == 2 and "--first" in res.stderr
