"""Issue 10, items 1, 3 and 8: no lost update, honest interruption, explicit state source.

docs/conventions.md "What claw guarantees for your files": every read-modify-write holds
an exclusive lock on ``.NAME.claw-lock`` for its whole duration.
"""

import json
import os
import signal
import subprocess
import time

import pytest

from claw.cli.testing import run

from .conftest import claw_process, claw_traceback, nothing

WRITERS = 24


def _notes(path):
    return [e["args"][0] for e in json.loads(path.read_text())["log"] if e["command"] == "note"]


def _parallel(commands, env=None):
    environ = {**os.environ, **(env or {})}
    procs = [claw_process(c, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=nothing(), env=environ)
             for c in commands]
    return [(p.wait(60), p.stderr.read().decode()) for p in procs]


def test_a_few_parallel_writers_mixing_in_place_and_table_mode(mice_state):
    """The default run's quick check of the lock; the 20+ process versions are marked slow."""
    commands = [["note", f"i{i}", "-s", str(mice_state), "-i"] for i in range(3)]
    commands += [["note", f"t{i}"] for i in range(3)]
    results = _parallel(commands, env={"CLAW_STATE": str(mice_state)})
    assert all(code == 0 for code, _ in results), results
    assert sorted(_notes(mice_state)) == sorted(c[1] for c in commands)


@pytest.mark.slow  # 24 interpreters on 2 cores: ~8 s
def test_parallel_in_place_writers_lose_nothing(mice_state):
    """24 `note -i` at once: all 24 applied, each logged once, seq numbers 1..N without gaps."""
    results = _parallel([["note", f"n{i}", "-s", str(mice_state), "-i"] for i in range(WRITERS)])
    assert all(code == 0 for code, _ in results), results
    notes = _notes(mice_state)
    assert sorted(notes) == sorted(f"n{i}" for i in range(WRITERS))
    seqs = [e["seq"] for e in json.loads(mice_state.read_text())["log"]]
    assert seqs == list(range(1, len(seqs) + 1))


@pytest.mark.slow  # 20 interpreters: ~6 s
def test_parallel_table_mode_commands_lose_nothing(mice_state):
    env = {"CLAW_STATE": str(mice_state)}
    results = _parallel([["note", f"t{i}"] for i in range(20)], env=env)
    assert all(code == 0 for code, _ in results), results
    assert sorted(_notes(mice_state)) == sorted(f"t{i}" for i in range(20))


def test_ctrl_c_after_the_rename_says_written(bare_state, monkeypatch):
    """The commit point is tracked: an interruption after it reports the state as in place."""
    from claw.cli.store import commit as interrupts

    real = interrupts.committed

    def commit_then_ctrl_c(where):
        real(where)
        raise KeyboardInterrupt

    monkeypatch.setattr(interrupts, "committed", commit_then_ctrl_c)
    r = run(["note", "x", "-s", str(bare_state), "-i"])
    assert r.code == 130
    assert "written to" in r.stderr and "in place" in r.stderr and "nothing written" not in r.stderr
    assert _notes(bare_state) == ["x"]


def test_ctrl_c_before_the_rename_says_nothing_written_and_removes_the_temp(bare_state, monkeypatch):
    from claw.cli.store import atomic as safewrite

    def interrupted(fd, data):
        raise KeyboardInterrupt

    before = bare_state.read_bytes()
    monkeypatch.setattr(safewrite, "_write", interrupted)
    r = run(["note", "x", "-s", str(bare_state), "-i"])
    assert r.code == 130 and "interrupted; nothing written" in r.stderr
    assert bare_state.read_bytes() == before
    assert not [p for p in os.listdir(bare_state.parent) if p.endswith(".tmp")]


def test_sigterm_while_blocked_on_a_fifo_exits_143_nothing_written(mice_state, tmp_path):
    fifo = tmp_path / "nobody-reads"
    os.mkfifo(fifo)
    proc = claw_process(["note", "x", "-s", str(mice_state), "-o", str(fifo)], stderr=subprocess.PIPE,
                        stdin=nothing())
    time.sleep(1.0)  # start-up done: it now waits for a reader of the FIFO
    proc.send_signal(signal.SIGTERM)
    code = proc.wait(20)
    err = proc.stderr.read().decode()
    assert code == 143, err
    assert "terminated" in err and "Traceback" not in err


def test_ctrl_c_during_start_up_is_one_line_never_a_traceback(mice_state):
    for delay in (0.02, 0.05, 0.1):
        proc = claw_process(["note", "x", "-s", str(mice_state), "-i"], stderr=subprocess.PIPE,
                            stdout=nothing(), stdin=nothing())
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        proc.wait(20)
        err = proc.stderr.read().decode()
        assert not claw_traceback(err), err
        if "Traceback" in err:
            continue  # Python was still starting (no claw frame in it): its own report and exit code
        # -SIGINT: the signal came before Python had set up any handler (nothing read yet)
        assert proc.returncode in (0, 130, -signal.SIGINT), err
        json.loads(mice_state.read_text())  # whole: the old state or the new


def test_closed_stdout_is_a_write_error(mice_state):
    proc = claw_process(["note", "x", "-s", str(mice_state)], stderr=subprocess.PIPE, stdin=nothing(),
                        preexec_fn=lambda: os.close(1))
    code = proc.wait(20)
    err = proc.stderr.read().decode()
    assert code == 5 and "stdout is closed" in err, err


def test_claw_state_and_a_piped_state_are_refused_naming_both(mice_state, tmp_path):
    """`claw new x | claw scenario-step > out` with CLAW_STATE exported: exit 2, not a silent pick."""
    env = {**os.environ, "CLAW_STATE": str(mice_state)}
    before = mice_state.read_bytes()
    piped = subprocess.run(["cat", str(mice_state)], capture_output=True).stdout
    proc = claw_process(["note", "x"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out, err = proc.communicate(piped, timeout=30)
    assert proc.returncode == 2, err
    assert b"stdin" in err and str(mice_state).encode() in err and b"-s -" in err
    assert mice_state.read_bytes() == before
    proc = claw_process(["note", "x", "-s", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
    out, _ = proc.communicate(piped, timeout=30)
    assert proc.returncode == 0 and json.loads(out)["log"][-1]["args"] == ["x"]
    assert mice_state.read_bytes() == before  # -s - said which: the table file is not touched
    proc = claw_process(["note", "y"], stdin=nothing(), env=env)  # nothing piped: table mode
    assert proc.wait(30) == 0 and _notes(mice_state) == ["y"]


def test_claw_state_with_text_on_stdin_in_process(bare_state):
    r = run(["note", "x"], stdin=bare_state.read_text(), env={"CLAW_STATE": str(bare_state)})
    assert r.code == 2 and "CLAW_STATE" in r.stderr


def test_empty_stdin_says_the_previous_stage_wrote_nothing():
    """Issue 11 item 6: an empty pipe means the stage before failed; exit 3."""
    r = run(["note", "x"], stdin="")
    assert r.code == 3
    assert "the pipe into claw carried no state" in r.stderr and "see its message" in r.stderr
