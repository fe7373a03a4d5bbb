"""Issue 16 items 1, 2 and 5: the interactive `claw play` session, driven as a person types
it through prompt_toolkit's pipe input: a Tab completion, a refused action, an undo, Ctrl-C
on a half-typed line and Ctrl-D; the screen text and the saved file are checked."""

import io
import json
import os
import sys
from pathlib import Path
from unittest import mock

import pytest

from claw.cli.framework.state_rules import STATE_RULES
from claw.cli.testing import run
from tests.paths import ROOT

pytest.importorskip("prompt_toolkit")

EXAMPLES = ROOT / "examples"
TAB, ENTER, CTRL_C, CTRL_D = "\t", "\r", "\x03", "\x04"


def _session(path: Path, keys: str | list[str], redraw: str = "changed", tmp: Path | None = None):
    """Run an interactive session on ``path`` with ``keys`` typed; (code, stdout, stderr).
    A list of key strings is typed with a pause after each (completion runs in the background,
    as it does for a person: the Tab's result is in before the next key)."""
    import threading
    import time

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from claw.cli.session.engine import Session
    from claw.cli.session.interactive import interactive_session
    from claw.cli.store import statefile

    envelope, _, text = statefile.load_any(str(path), STATE_RULES)
    session = Session(envelope, path=str(path), autosave=True, saved_text=text)
    out, err = io.StringIO(), io.StringIO()
    env = {"NO_COLOR": "1", "XDG_STATE_HOME": str(tmp or path.parent)}
    with create_pipe_input() as pipe, mock.patch.object(sys, "stdout", out), \
            mock.patch.object(sys, "stderr", err), mock.patch.dict(os.environ, env):
        def typist() -> None:
            for chunk in [keys] if isinstance(keys, str) else keys:
                pipe.send_text(chunk)
                time.sleep(1.5)  # a command before the Tab may take a second on a loaded machine

        feeder = threading.Thread(target=typist, daemon=True)
        feeder.start()
        code = interactive_session(session, redraw=redraw, input=pipe, screen=DummyOutput())
        feeder.join(timeout=10)
    return code, out.getvalue(), err.getvalue()


def _new_msm(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    result = run(["new", str(EXAMPLES / "msm/scenario-2.yaml"), "--seed", "7", "-o", str(path)])
    assert result.code == 0, result.stderr
    return path


def test_a_person_plays_msm(tmp_path):
    path = _new_msm(tmp_path)
    keys = ["scenario-step --until cats" + ENTER
            + "move le" + TAB,                   # a figure id of the state: leon
            " B4" + ENTER
            + "move leon P16" + ENTER            # refused: too far
            + "help move" + ENTER
            + "end-act" + TAB,                   # a command: end-activation
            ENTER + "note half-typed" + CTRL_C   # dropped
            + "undo" + ENTER                     # takes back end-activation
            + CTRL_D]
    code, out, err = _session(path, keys)
    assert code == 0
    log = json.loads(path.read_text())["log"]
    assert [e["command"] for e in log] == ["new", "scenario-step", "move"]  # saved after each command, undo too
    assert "half-typed" not in path.read_text()
    assert "claw: " in err and "P16" in err  # the refusal, one line, and the session went on
    assert "restored" in err and "after #3 move" in err
    assert "every change is saved to" in err and err.rstrip().endswith(f"the game is in {path}")
    assert out.count("Figures:") >= 3  # the board at the start, and after each change
    assert "Usage: move CAT [SQUARE]" in out and "Options (msm):" in out  # the session's words (issue 23 item 4)
    assert "--state" not in out and "--in-place" not in out and "--output" not in out and "--json" in out
    assert "leon strides from B2 to B4" in err
    history = (tmp_path / "claw" / "play-msm.history").read_text()
    assert "end-activation" in history and "half-typed" not in history


def test_refused_action_leaves_the_file_byte_for_byte(tmp_path):
    path = _new_msm(tmp_path)
    before = path.read_bytes()
    code, out, err = _session(path, "move leon B4" + ENTER + "quit" + ENTER + "note after quit" + ENTER)
    assert code == 0
    assert path.read_bytes() == before  # leon may not move before the initiative
    assert err.count("claw: ") == 1


def test_a_file_changed_outside_the_session_is_not_overwritten(tmp_path):
    """The session saves under the state's lock and refuses (exit 5) to replace a file that
    another command changed since the session read or wrote it; the session goes on."""
    from claw.cli.session.engine import Session
    from claw.cli.store import statefile

    path = _new_msm(tmp_path)
    envelope, _, text = statefile.load_any(str(path), STATE_RULES)
    session = Session(envelope, path=str(path), autosave=True, saved_text=text)
    session.remember_file()
    err = io.StringIO()
    with mock.patch.object(sys, "stderr", err), mock.patch.object(sys, "stdout", io.StringIO()):
        assert session.run_line("note mine") == 0
        assert run(["note", "theirs", "-s", str(path), "-i"]).code == 0  # another claw, same file
        assert session.run_line("note again") == 5
    assert "changed outside this session" in err.getvalue()
    notes = [e["events"][0]["note"] for e in json.loads(path.read_text())["log"] if e["command"] == "note"]
    assert notes == ["mine", "theirs"]


def test_completion_of_commands_and_options(tmp_path):
    from claw.cli.session.engine import Session
    from claw.cli.session.interactive import complete_line
    from claw.cli.store import statefile

    envelope, _, _ = statefile.load_any(str(_new_msm(tmp_path)), STATE_RULES)
    session = Session(envelope)
    assert complete_line(session, "scen") == ("scen", ["scenario-step"])
    assert "quit" in complete_line(session, "qu")[1]
    word, found = complete_line(session, "scenario-step --un")
    assert (word, found) == ("--un", ["--until"])
    assert "--state" not in complete_line(session, "show --")[1]  # the session holds the state
    assert complete_line(session, "move le") == ("le", ["leon"])  # from the state in memory
    from claw.cli.games.msm.complete import targets

    assert complete_line(session, "attack leon ")[1] == targets(envelope["state"], ["leon"])  # issue 23 item 3
    assert "charleville-musket" in complete_line(session, "attack leon rat-3 --weapon ")[1]


def test_prompt_shows_game_round_phase_and_turn(tmp_path):
    from claw.cli.session.interactive import status

    state = json.loads(_new_msm(tmp_path).read_text())["state"]
    assert status("msm", state) == "msm · round 1 · initiative"
    state.update(phase="cats", active="leon")
    assert status("msm", state) == "msm · round 1 · cats · active leon"
    fight = {"round": 2, "turn": 1, "order": ["emberpaw", "bramble"]}
    assert status("warriors", {"day": 2, "fight": fight}) == "warriors · day 2 · fight round 2: bramble's turn"
    assert status("ratcatcher", {"round": 3, "phase": "rats"}) == "ratcatcher · round 3 · rats phase"
    assert status("mice", {"hourglass": 2, "chapter_end": 7, "current_room": "kitchen"}) == \
        "mice · hourglass 2/7 · kitchen"


@pytest.mark.slow
def test_claw_play_on_a_real_terminal(tmp_path):
    """`claw play -s FILE --plain` on a pseudo-terminal (the line session; the full screen has
    tests/foundation/test_play_terminal.py): the prompt, Tab, a refusal, Ctrl-C, Ctrl-D.
    Slow (a fresh interpreter on a terminal, ~5 s on the shared machine); the pipe-input
    tests above drive the same session in process on every run."""
    import pty
    import re
    import select
    import subprocess
    import time

    path = _new_msm(tmp_path)
    leader, follower = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "CLAW_STATE"}
    env.update(NO_COLOR="1", TERM="xterm", XDG_STATE_HOME=str(tmp_path), COLUMNS="100", LINES="40",
               PROMPT_TOOLKIT_NO_CPR="1")  # a pty answers no cursor-position requests
    proc = subprocess.Popen([sys.executable, "-c", "from claw.cli.shell.app import main; main()", "play", "-s",
                             str(path), "--plain", "--redraw", "never"],
                            stdin=follower, stdout=follower, stderr=follower, env=env,
                            close_fds=True)
    os.close(follower)
    screen = bytearray()

    def shown() -> bytes:  # the characters on the screen, without the terminal's control sequences
        return re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", bytes(screen))

    def read_until(text: bytes, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while text not in shown() and time.monotonic() < end:
            ready, _, _ = select.select([leader], [], [], 0.1)
            if ready:
                try:
                    screen.extend(os.read(leader, 65536))
                except OSError:
                    break
        assert text in shown(), shown().decode(errors="replace")[-2000:]

    try:
        read_until(b"initiative>")
        os.write(leader, b"scenario-st\t")
        read_until(b"scenario-step")
        os.write(leader, b" --until cats\r")
        read_until(b"cats>")
        os.write(leader, b"move leon P16\r")
        read_until(b"claw: ")
        os.write(leader, b"note typed halfway\x03")
        time.sleep(0.3)
        os.write(leader, b"\x04")
        read_until(b"session ended")
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(leader)
    log = json.loads(path.read_text())["log"]
    assert [e["command"] for e in log] == ["new", "scenario-step"]
