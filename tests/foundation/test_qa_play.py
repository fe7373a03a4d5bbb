"""Independent check of issue 16 (`claw play`): what was still wrong when a table and a
script author used it. Each test failed before its fix."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from claw.cli.testing import run
from tests.paths import ROOT

EXAMPLES = ROOT / "examples"
CLAW = [sys.executable, "-c", "from claw.cli.shell.app import main; main()"]


def _msm(path: Path) -> None:
    out = run(["new", str(EXAMPLES / "msm/scenario-2.yaml"), "--seed", "7", "-o", str(path)])
    assert out.code == 0, out.stderr


@pytest.mark.parametrize("line", ["help", "help move", "move --help", "--help"])
def test_help_in_a_script_keeps_stdout_for_the_state(line, tmp_path):
    """Script mode with the state on stdout: stdout carries one document, so help screens go
    to stderr like every other answer (they went to stdout and broke the JSON)."""
    state = tmp_path / "g.json"
    _msm(state)
    out = run(["play", "-s", str(state)], stdin=f"note before\n{line}\nnote after\n")
    assert out.code == 0, out.stderr
    assert [e["command"] for e in json.loads(out.stdout)["log"]] == ["new", "note", "note"]
    assert "Usage" in out.stderr or "turn" in out.stderr


def _bad_script(tmp_path: Path) -> Path:
    script = tmp_path / "bad.claw"
    # the bad byte comes after 8 KiB of good lines: a buffered text reader fails part-way
    script.write_bytes(b"scenario-step --until cats\n" + b"# padding\n" * 900 + b"note caf\xe9\nmove leon B4\n")
    return script


def test_non_utf8_script_line_is_refused_with_its_number_and_the_state_kept(tmp_path):
    """A script file with a non-UTF-8 line: that line is refused (exit 3) with its line number,
    as any refused line, and the state reached before it is written (it was lost)."""
    state = tmp_path / "g.json"
    _msm(state)
    script = _bad_script(tmp_path)
    out = run(["play", "-s", str(state), "-o", str(tmp_path / "out.json"), str(script)])
    assert out.code == 3, out.stderr
    assert "bad.claw:902:" in out.stderr and "UTF-8" in out.stderr
    assert "Traceback" not in out.stderr
    log = json.loads((tmp_path / "out.json").read_text())["log"]
    assert [e["command"] for e in log] == ["new", "scenario-step"]
    out = run(["play", "-s", str(state), "--keep-going", "-o", str(tmp_path / "kept.json"), str(script)])
    assert out.code == 3
    assert [e["command"] for e in json.loads((tmp_path / "kept.json").read_text())["log"]][-1] == "move"


def test_non_utf8_line_on_stdin_is_refused_not_the_whole_state(tmp_path):
    """The same on stdin (a real process: its stdin decodes with surrogateescape): the bad
    line is refused with its number; the state of the other lines is on stdout (before, the
    note went in and the final write refused everything, exit 2, stdout empty)."""
    state = tmp_path / "g.json"
    _msm(state)
    env = {k: v for k, v in os.environ.items() if k != "CLAW_STATE"} | {"NO_COLOR": "1"}
    proc = subprocess.run(CLAW + ["play", "-s", str(state), "--keep-going"], env=env, capture_output=True,
                          input=b"scenario-step --until cats\nnote caf\xe9\nmove leon B4\n", timeout=60)
    assert proc.returncode == 3, proc.stderr
    assert b"<stdin>:2:" in proc.stderr and b"Traceback" not in proc.stderr
    assert [e["command"] for e in json.loads(proc.stdout)["log"]] == ["new", "scenario-step", "move"]


@pytest.mark.parametrize(("line", "args"), [
    ("note rat#3 done", ["rat#3", "done"]),  # `#` inside a word is text, as in a shell
    ("note 'a # b' c#", ["a # b", "c#"]),
    ('note "x" # a comment with an open \' quote', ["x"]),
    ("note a\\ #b #c", ["a #b"]),  # an escaped space: `#b` is still inside the word
])
def test_a_hash_starts_a_comment_only_at_the_start_of_a_word(line, args, tmp_path):
    """Lines split as a shell splits them (docs/play.md): `note rat#3` kept only `rat`, so the
    script's state differed from `claw note rat#3` run from a shell."""
    state = tmp_path / "g.json"
    _msm(state)
    out = run(["play", "-s", str(state)], stdin=line + "\n")
    assert out.code == 0, out.stderr
    shell = run(["note", *args, "-s", str(state)])  # the words a shell would pass
    assert shell.code == 0, shell.stderr
    assert out.stdout == shell.stdout


def test_a_debug_line_in_a_script_fails_as_a_line_and_keeps_the_state(tmp_path):
    """`--debug` on a refused line shows its traceback and fails that line only: before, the
    error escaped the script (no line number, --keep-going ignored, stdout empty: the state of
    the lines before was lost)."""
    state = tmp_path / "g.json"
    _msm(state)
    script = "scenario-step --until cats\nmove leon P16 --debug\nnote after\n"
    out = run(["play", "-s", str(state), "--keep-going"], stdin=script)
    assert out.code == 4
    assert "Traceback" in out.stderr and "<stdin>:2:" in out.stderr
    assert [e["command"] for e in json.loads(out.stdout)["log"]] == ["new", "scenario-step", "note"]


def test_a_script_saved_with_a_byte_order_mark_and_crlf_runs(tmp_path):
    """A script saved by a Windows editor (UTF-8 with a BOM, CRLF line ends): the BOM is not
    part of the first command (it was: `no such command '\\ufeffscenario-step'`, exit 2)."""
    state = tmp_path / "g.json"
    _msm(state)
    script = tmp_path / "win.claw"
    script.write_bytes(b"\xef\xbb\xbfscenario-step --until cats\r\nmove leon B4\r\n")
    out = run(["play", "-s", str(state), str(script)])
    assert out.code == 0, out.stderr
    assert [e["command"] for e in json.loads(out.stdout)["log"]] == ["new", "scenario-step", "move"]
