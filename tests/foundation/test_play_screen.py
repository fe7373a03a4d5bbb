"""Issue 23 items 1, 2, 4, 5 and 8 (the session parts): the full-screen `claw play`, driven in
process through prompt_toolkit's pipe input; `save`, `reload` and the question on quitting
with unsaved changes; the session's words; a refused line shows its refusal alone."""

import io
import json
import os
import sys
import threading
import time
from pathlib import Path
from unittest import mock

import pytest

from claw.cli.framework.state_rules import STATE_RULES
from claw.cli.testing import run
from tests.paths import ROOT

pytest.importorskip("prompt_toolkit")

EXAMPLES = ROOT / "examples"
ENTER, CTRL_D = "\r", "\x04"


def _new_msm(path: Path) -> Path:
    result = run(["new", str(EXAMPLES / "msm/scenario-2.yaml"), "--seed", "7", "-o", str(path)])
    assert result.code == 0, result.stderr
    return path


def _session(path: Path | None, *, autosave: bool = True):
    from claw.cli.session.engine import Session
    from claw.cli.store import statefile

    if path is None:
        session = Session(None)
        assert session.run_words(["new", str(EXAMPLES / "msm/scenario-2.yaml"), "--seed", "7"]) == 0
        return session
    envelope, _, text = statefile.load_any(str(path), STATE_RULES)
    session = Session(envelope, path=str(path), autosave=autosave, saved_text=text)
    session.remember_file()
    return session


def _screen(session, keys: list[str], tmp: Path):
    """Run the full-screen session with ``keys`` typed (a pause after each); the Screen."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from claw.cli.session.screen import Screen

    err = io.StringIO()
    env = {"NO_COLOR": "1", "XDG_STATE_HOME": str(tmp)}
    with create_pipe_input() as pipe, mock.patch.object(sys, "stderr", err), mock.patch.dict(os.environ, env):
        screen = Screen(session, input=pipe, output=DummyOutput())

        def typist() -> None:
            for chunk in keys:
                time.sleep(0.05)
                pipe.send_text(chunk)

        feeder = threading.Thread(target=typist, daemon=True)
        feeder.start()
        code = screen.run()
        feeder.join(timeout=10)
    assert code == 0
    return screen


def _said(screen) -> str:
    return "\n".join(f"> {e.line}\n" * (e.line is not None) + "".join(t for _, t in e.chunks) for e in screen.entries)


def test_the_full_screen_session_runs_lines_and_saves_each_change(tmp_path):
    path = _new_msm(tmp_path / "game.json")
    session = _session(path)
    screen = _screen(session, ["scenario-step --until cats" + ENTER, "move leon P16" + ENTER,
                               "help move" + ENTER, CTRL_D], tmp_path)
    said = _said(screen)
    assert "Next: the cats act (move / attack / search …), then scenario-step ends their turn." in said
    assert "claw scenario-step" not in said  # the session's words (item 4)
    refusal = screen.entries[2]
    assert refusal.code == 4 and "".join(t for _, t in refusal.chunks).startswith("claw: leon")
    assert "Usage: move CAT [SQUARE]" in said and "--state" not in said and "--output" not in said
    assert [e["command"] for e in json.loads(path.read_text())["log"]] == ["new", "scenario-step"]
    lines, beside = screen.board()
    assert beside and "A B C D" in "".join(t for _, t in lines[0])  # the board beside the events


def test_quitting_with_unsaved_changes_asks(tmp_path):
    """Without a file: Ctrl-D asks; [c]ancel goes on, [s]ave asks for a name, `save FILE` writes
    a valid state and the session ends."""
    session = _session(None)
    target = tmp_path / "saved.json"
    screen = _screen(session, ["note one" + ENTER, CTRL_D, "c", CTRL_D, "s", f"{target}" + ENTER], tmp_path)
    assert "not saved" not in screen.status_text()
    assert [e["command"] for e in json.loads(target.read_text())["log"]] == ["new", "note"]
    assert run(["validate", str(target)]).code == 0
    assert session.autosave and session.path == str(target)


def test_quit_without_saving(tmp_path):
    session = _session(None)
    screen = _screen(session, ["note one" + ENTER, "quit" + ENTER, "q"], tmp_path)
    assert screen.typed.unsaved() == "this game is not saved to a file"


def test_save_and_reload_in_the_session(tmp_path):
    """`save FILE` writes a state `claw` reads; `reload` takes a change made by another claw."""
    from claw.cli.session.interactive import Typed

    session = _session(None)
    typed = Typed(session)
    target = tmp_path / "g.json"
    code, chunks = typed.run(f"save {target}")
    assert code == 0 and f"saved to {target}" in "".join(t for _, t in chunks)
    assert run(["note", "outside", "-s", str(target), "-i"]).code == 0
    code, chunks = typed.run("note mine")
    assert code == 5
    said = "".join(t for _, t in chunks)
    assert said.startswith("claw: ") and "`reload`" in said and session.changed_outside
    code, chunks = typed.run("reload")
    assert code == 0 and "reloaded" in "".join(t for _, t in chunks)
    assert typed.run("note mine")[0] == 0
    notes = [e["args"] for e in json.loads(target.read_text())["log"] if e["command"] == "note"]
    assert notes == [["outside"], ["mine"]]
    assert typed.run("save")[1][0][1].startswith("every change is already saved")


def test_a_refused_line_shows_the_refusal_alone(tmp_path):
    """Item 5 in the session: whatever a refused command said before it was refused is not shown."""
    from claw.cli.session.capture import Captured

    found = Captured([("stderr", "The rats move.\n"), ("stdout", "board\n"),
                      ("stderr", "\x1b[1;31mclaw:\x1b[0m no such tie\n"), ("stderr", "hint: try again\n")])
    assert [t for _, t in found.refusal()] == ["\x1b[1;31mclaw:\x1b[0m no such tie\n", "hint: try again\n"]


def test_plain_when_asked_or_when_the_terminal_cannot(monkeypatch):
    from claw.cli.commands.play import full_screen

    monkeypatch.setattr(sys, "stdout", mock.Mock(isatty=lambda: True))
    monkeypatch.setenv("TERM", "xterm")
    assert full_screen(False) and not full_screen(True)
    monkeypatch.setenv("TERM", "dumb")
    assert not full_screen(False)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert not full_screen(False)


def test_help_in_the_session_has_no_state_options():
    from claw.cli.session.words import claw_prefix, for_session

    text = ("Usage: claw move CAT\n\nCommon options:\n  -s, --state FILE      State file ('-' for stdin);\n"
            "                        in place).\n  -i, --in-place        Rewrite.\n  -o, --output FILE     To FILE.\n"
            "  --game GAME           Stateless use.\n")
    assert for_session(text, claw_prefix(["move", "moves"])) == (
        "Usage: move CAT\n\nCommon options:\n  --game GAME           Stateless use.\n")
    prefix = claw_prefix(["move", "moves", "scenario-step"])
    assert for_session("`claw moves CAT`, claw move, claw: x, claw play", prefix) == \
        "`moves CAT`, move, claw: x, claw play"


def test_reload_with_words_is_the_games_reload_not_the_sessions():
    """msm's `reload guy` (Dramatis Personae, Guy: reload both pistols) reaches the game's rule;
    only `reload` alone re-reads the file."""
    from claw.cli.session.interactive import Typed

    typed = Typed(_session(None))
    code, chunks = typed.run("reload guy")
    said = "".join(t for _, t in chunks)
    assert code == 4 and "not the cats' turn" in said and "reloaded" not in said
