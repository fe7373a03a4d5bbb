"""Issue 10, an independent check (qa-state): what was still wrong after the state work.

docs/conventions.md "Exit codes" (5: could not write, closed stdout included) and "What
claw guarantees for your files" (limits, validate agrees, portable references).
"""

import json
import os
import subprocess
import sys

from claw.cli.testing import run
from tests.paths import ROOT

from .conftest import claw_traceback, nothing


def _claw_with_closed(fd, args, cwd=None):
    """``claw ARGS`` with file descriptor ``fd`` closed, as the shell's ``>&-`` or ``2>&-``."""
    streams = {"stdin": nothing(), "stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    return subprocess.run([sys.executable, "-m", "claw", *args], **streams, cwd=cwd,
                          preexec_fn=lambda: os.close(fd), timeout=60)


def test_a_query_with_stdout_closed_is_a_write_error_not_a_bug(mice_state):
    """Issue 10 item 4: a closed stdout is exit 5 with one line, for queries as for states."""
    for args in (["show", "-s", str(mice_state)], ["log", "-s", str(mice_state)], ["roll", "2d6", "--seed", "1"]):
        r = _claw_with_closed(1, args)
        err = r.stderr.decode()
        assert r.returncode == 5, (args, err)
        assert "stdout is closed" in err and "internal error" not in err, (args, err)
        assert not claw_traceback(err)


def test_a_closed_stderr_does_not_stop_a_write(mice_state):
    """Nowhere to explain is not a reason to lose the move: the note is applied, exit 0."""
    r = _claw_with_closed(2, ["note", "quiet please", "-s", str(mice_state), "-i"])
    assert r.returncode == 0
    notes = [e["args"][0] for e in json.loads(mice_state.read_text())["log"] if e["command"] == "note"]
    assert notes == ["quiet please"]


def test_a_state_one_byte_over_the_cap_is_refused_in_bytes(mice_state, monkeypatch, tmp_path):
    """Issue 10 item 5: the refusal one byte over the cap says by how much (it said
    '32.0 MiB, more than the 32 MiB'); at the cap exactly it is written and reads back."""
    from claw.cli.store import statefile

    size = len(run(["note", "x" * 100, "-s", str(mice_state)]).stdout.encode())
    monkeypatch.setattr(statefile, "MAX_STATE_BYTES", size - 1)
    over = run(["note", "x" * 100, "-s", str(mice_state), "-i"])
    assert over.code == 5
    assert f"{size:,} bytes, more than the {size - 1:,} bytes" in over.stderr, over.stderr
    monkeypatch.setattr(statefile, "MAX_STATE_BYTES", size)
    at_cap = tmp_path / "at-cap.json"
    assert run(["note", "x" * 100, "-s", str(mice_state), "-o", str(at_cap)]).code == 0
    assert at_cap.stat().st_size == size
    assert run(["log", "-s", str(at_cap)]).code == 0


def _msm_state_naming(tmp_path, loot_path):

    scenario = ROOT / "examples" / "msm" / "scenario-1.yaml"
    state = json.loads(run(["new", str(scenario), "--seed", "1"]).stdout)
    state["state"]["scenario"]["loot_paths"] = [loot_path]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(state))
    return path


def test_validate_names_a_referenced_file_that_is_no_claw_file(tmp_path):
    """Issue 10 item 9: a loot file a scenario names that is some other file (a relative
    path up to /etc/passwd, say) is reported as not a claw file, not as 'a None file'."""

    scenario = ROOT / "examples" / "msm" / "scenario-1.yaml"
    text = scenario.read_text()
    assert "loot_files: [loot-illustrative.yaml]" in text
    (tmp_path / "notes.txt").write_text("root:x:0:0:root:/root:/bin/sh\n")
    (tmp_path / "s.yaml").write_text(text.replace("[loot-illustrative.yaml]", "[notes.txt]"))
    r = run(["validate", str(tmp_path / "s.yaml")])
    out = r.stdout + r.stderr
    assert r.code == 3 and "None" not in out and "notes.txt is not a claw file" in out, out


def test_validate_and_the_commands_agree_on_a_state_whose_loot_file_is_gone(tmp_path):
    """Issue 10 item 6 ("a state validate accepts, every read accepts, and the other way
    round") with item 9 (validate checks referenced files): no command reads a state's
    loot files (the deck is in the state), so a missing or broken one is a warning that
    names it, and validate accepts the state as every command does."""
    (tmp_path / "notes.txt").write_text("not a loot deck\n")
    for loot in ("gone.yaml", "notes.txt"):
        state = _msm_state_naming(tmp_path, loot)
        shown = run(["show", "-s", str(state)])
        checked = run(["validate", str(state)])
        assert shown.code == 0, shown.stderr
        text = checked.stdout + checked.stderr
        assert checked.code == 0 and "warning:" in text and loot in text, (loot, text)


def test_the_undo_copy_of_a_private_state_stays_private(mice_state):
    """Issue 10 item 2 (an existing file keeps its mode): the undo history holds the old
    state, so it gets the state's mode (a 0600 state's history was saved 0644)."""
    from claw.cli.store.history import folder as undo_dir

    mice_state.chmod(0o600)
    assert run(["note", "secret plan", "-s", str(mice_state), "-i"]).code == 0
    entries = list(undo_dir(str(mice_state)).glob("*.hist"))
    assert entries and all(e.stat().st_mode & 0o777 == 0o600 for e in entries)
    assert mice_state.stat().st_mode & 0o777 == 0o600


def test_in_place_on_a_fifo_is_refused_before_reading_it(tmp_path):
    """Issue 10 item 2: -i needs a regular file. It used to read the FIFO first: with no
    writer it hung, with one it consumed what the writer sent, and only then refused."""
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    r = subprocess.run([sys.executable, "-m", "claw", "note", "x", "-s", str(fifo), "-i"], stdin=nothing(),
                       capture_output=True, timeout=30)
    assert r.returncode == 2 and "needs a regular file" in r.stderr.decode(), r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe.json"]  # no lock file, no undo folder
