"""Issue 10 "Done means": SIGKILL and SIGINT at random moments of an in-place write.

Every run leaves the file whole (the old state or the new one, never a mix), and the
next write leaves no temporary file behind. Marked slow: 120 runs of a Python process
(about 0.2 s each on 2 cores) take ~40 s; .ci/run runs it with `-m slow`. 120 runs with
delays spread over the whole command (start-up, read, write, rename) hit every phase
many times over, which is the bound that matters. A signal that lands while Python
itself is still starting (importing `site`, before claw's first line) gets Python's own
message; the test allows that and checks that claw's code is never in it.
"""

import json
import os
import random
import signal
import subprocess

import pytest

from .conftest import claw_process, claw_traceback, nothing

RUNS = 120


@pytest.mark.slow
def test_kill_at_random_moments_leaves_old_or_new(mice_state):
    rng = random.Random(20261201)  # reproducible moments
    folder = mice_state.parent
    expected = len(json.loads(mice_state.read_text())["log"])
    early = 0
    for run in range(RUNS):
        sig = signal.SIGKILL if run % 2 else signal.SIGINT
        proc = claw_process(["note", f"k{run}", "-s", str(mice_state), "-i"], stdin=nothing(),
                            stdout=nothing(), stderr=subprocess.PIPE)
        try:
            proc.wait(timeout=rng.uniform(0.05, 0.35))
        except subprocess.TimeoutExpired:
            proc.send_signal(sig)
            proc.wait(20)
        err = proc.stderr.read().decode()
        assert not claw_traceback(err), err
        early += "Traceback" in err  # Python's own start-up, before any line of claw runs
        log = json.loads(mice_state.read_text())["log"]  # whole and valid JSON: old or new
        assert len(log) in (expected, expected + 1), (run, len(log), expected)
        if sig == signal.SIGINT and proc.returncode == 130:
            said_written = "in place" in err
            assert said_written == (len(log) == expected + 1), err  # the message tells the truth
        expected = len(log)
    assert early < RUNS // 4  # most signals land in claw's own code, which is what is tested
    final = claw_process(["note", "last", "-s", str(mice_state), "-i"], stdin=nothing())
    assert final.wait(30) == 0
    assert not [p for p in os.listdir(folder) if p.endswith(".tmp")]
    assert json.loads(mice_state.read_text())["log"][-1]["args"] == ["last"]
