"""Start-up (issue 12's budget): a game command is built with only the options of the game
the command line names, and behaves exactly as the command built for every game — docs/performance.md.

Since issue 20 the game of a state file is read exactly (its top-level ``game``, not a
regex over the head), so the command line is never built for the wrong game and nothing
is built twice; a flag of another game is named by the runner from every game's specs."""

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


def test_the_state_files_own_game_is_read_exactly(states, tmp_path, monkeypatch):
    """A state whose keys were reordered by hand, with "game" keys deeper in it before the
    envelope's own: the envelope's game, as the runner will read it."""
    monkeypatch.delenv("CLAW_STATE", raising=False)
    envelope = json.loads(states["msm"].read_text())
    reordered = {"state": {"game": "ratcatcher", **envelope["state"]},
                 **{k: v for k, v in envelope.items() if k != "state"}}
    path = tmp_path / "reordered.json"
    path.write_text(json.dumps(reordered, indent=1))
    assert dispatch.game_guess(["show", "-s", str(path)]) == "msm"
    padded = tmp_path / "padded.json"  # the key beyond the first 64 KiB the look reads first
    padded.write_text('{"note": "' + "x" * 70000 + '", ' + json.dumps(envelope)[1:])
    assert dispatch.game_guess(["show", "-s", str(padded)]) == "msm"
    assert dispatch.game_guess(["show", "-s", str(tmp_path)]) is None  # a folder: the read says
    (tmp_path / "broken.json").write_text('{"format": "claw-state", "game": ')
    assert dispatch.game_guess(["show", "-s", str(tmp_path / "broken.json")]) is None


def test_a_fifo_is_not_read_by_the_look(tmp_path, monkeypatch):
    """The look at a state file's game must not block on a FIFO or drain it."""
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    monkeypatch.delenv("CLAW_STATE", raising=False)
    assert dispatch.game_guess(["show", "-s", str(fifo)]) is None


@pytest.mark.parametrize("wrong", ["mice", "ratcatcher"])
def test_a_state_replaced_between_look_and_read_is_refused(states, monkeypatch, wrong):
    """The only way the game looked at can differ from the game read: the file was replaced
    in between. Exit 3, nothing written, and the command can simply be run again."""
    before = states["msm"].read_text()
    monkeypatch.setattr(dispatch, "game_guess", lambda _args: wrong)
    res = run(["scenario-step", "-s", str(states["msm"]), "-i", "--seed", "3"])
    assert res.code == 3 and f"its game changed while claw read it ({wrong}, then msm)" in res.stderr
    assert states["msm"].read_text() == before


def test_another_games_flag_is_named_as_before(states):
    """The flag is not built for the game in hand: the runner names the game it belongs to
    from every game's specs (the command is not built again)."""
    res = run(["scenario-step", "-s", str(states["msm"]), "--reward", "2"])
    assert res.code == 2 and "--reward is not an option of `claw scenario-step` in msm (it is ratcatcher's)" \
        in res.stderr


def test_an_unknown_flag_gets_its_suggestion(states):
    res = run(["scenario-step", "-s", str(states["msm"]), "--frist", "rats"])
    assert res.code == 2 and "--first" in res.stderr
