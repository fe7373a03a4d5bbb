"""Issue 25 item 5: `claw log` prints each command shell-quoted, so a line pasted back runs
the same command: brackets, tabs, both quotes, unicode and a `#` survive the round trip."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from claw.cli.testing import run
from tests.paths import EXAMPLES

TRICKY = ["a [bracketed] word", "tab\there", "it's \"quoted\"", "é ünï ✓", "#not-a-comment", "$HOME `x`", "",
          "-x looks like an option"]


def _game(tmp_path) -> str:
    path = tmp_path / "g.json"
    assert run(["new", str(EXAMPLES / "msm/scenario-1.yaml"), "--seed", "7", "-o", str(path)]).code == 0
    return str(path)


def _entries(path: str) -> list[dict]:
    log = json.loads(Path(path).read_text(encoding="utf-8"))["log"]
    return [{k: e.get(k) for k in ("command", "args", "options")} for e in log[1:]]


def test_every_logged_command_pasted_back_runs_the_same_command(tmp_path):
    path = _game(tmp_path)
    for text in TRICKY:
        assert run(["note", "-s", path, "-i", "--", text]).code == 0, text
    r = run(["adjust", "nera", "health=8", "-r", "the [table] said \"8\"\tso", "-s", path, "-i"])
    assert r.code == 0, r.stderr
    assert run(["scenario-step", "--until", "cats", "-s", path, "-i"]).code == 0
    assert run(["move", "nera", "A10", "-s", path, "-i"]).code == 0

    listed = run(["log", "-s", path])
    assert listed.code == 0, listed.stderr
    heads = [line.split(" ", 1)[1] for line in listed.stdout.splitlines() if line.startswith("#")][1:]
    assert len(heads) == len(TRICKY) + 3

    # pasted into a shell: the words are those typed
    typed = [shlex.split(head, comments=True)[1:] for head in heads[:len(TRICKY)]]
    assert typed == [[t] for t in TRICKY[:-1]] + [["--", TRICKY[-1]]]

    # pasted into claw play on the same starting state: the same log
    start, again = tmp_path / "start.json", tmp_path / "again.json"
    assert run(["new", str(EXAMPLES / "msm/scenario-1.yaml"), "--seed", "7", "-o", str(start)]).code == 0
    r = run(["play", "-s", str(start), "-o", str(again), "-"], stdin="\n".join(heads) + "\n")
    assert r.code == 0, r.stderr
    assert _entries(str(again)) == _entries(path)
