"""Independent check of issue 11 (and 10.5 / 13.3 parsing) on the installed CLI: what a
user types comes back literally, stdout carries one document, output never ends in a
traceback. Each test here failed on main before the fix beside it.

docs/conventions.md ("One document per stream", "Encodings", "Exit codes").
"""

import io
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.render.output import Output
from claw.cli.testing import run
from tests.paths import ROOT

CLAW = [sys.executable, "-c", "from claw.cli.shell.app import main; main()"]


def claw(*args, env=None, stdin=None, close_stdout=False):
    """The real CLI in a subprocess (stdout optionally closed, as `claw ... >&-`)."""
    streams = {"stderr": subprocess.PIPE, "preexec_fn": lambda: os.close(1)} if close_stdout \
        else {"capture_output": True}
    return subprocess.run([*CLAW, *args], text=True, input=stdin, env={**os.environ, **(env or {})}, **streams)


def started(tmp_path, game):
    """A fresh state of ``game`` from its example (seeded), as a file."""
    files = {
        "msm": ["examples/msm/scenario-1.yaml"],
        "ratcatcher": ["examples/ratcatcher/first-game.yaml"],
        "warriors": [f"examples/warriors/{n}.yaml" for n in ("emberpaw", "reedwhisker", "bramble")],
        "mice": ["examples/mice/ghost-of-castle-andon.yaml"],
    }[game]
    path = tmp_path / f"{game}.json"
    r = run(["new", *[str(ROOT / f) for f in files], "--seed", "4", "-o", str(path)])
    assert r.code == 0, r.stderr
    return path


# --- closed stdout: a write error in one line, never "internal error" or a traceback ----

@pytest.mark.parametrize("args", [
    ["roll", "1d6", "--seed", "1"],
    ["--help"],
    ["help", "msm"],
    ["schema", "scenario-msm"],
    ["lookup", "herbs"],
])
def test_closed_stdout_is_a_write_error_not_a_bug(args):
    """`claw roll 1d6 >&-` said "internal error (AttributeError …)" (exit 1); `claw --help >&-`
    printed a traceback."""
    r = claw(*args, close_stdout=True)
    assert r.returncode == 5, r.stderr
    assert r.stderr.strip().splitlines() == ["claw: cannot write the output: stdout is closed"]


def test_closed_stdout_on_show_and_a_state_command(tmp_path):
    state = started(tmp_path, "msm")
    before = state.read_bytes()
    for args in (["show", "-s", str(state)], ["note", "x", "-s", str(state)], ["log", "-s", str(state)]):
        r = claw(*args, close_stdout=True)
        assert r.returncode == 5, (args, r.stderr)
        assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    assert state.read_bytes() == before


# --- help on a stream that cannot carry its glyphs ------------------------------------

@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_top_help_on_an_ascii_stream(encoding):
    """`PYTHONIOENCODING=ascii claw --help` ended in a UnicodeEncodeError traceback (the
    top help bypassed claw's streams); now '…' becomes '...'."""
    r = subprocess.run([*CLAW, "--help"], capture_output=True, env={**os.environ, "PYTHONIOENCODING": encoding})
    assert r.returncode == 0, r.stderr
    assert b"Traceback" not in r.stderr
    assert "lookup" in r.stdout.decode(encoding)


# --- --json on a state-changing command: one document, always a result ------------------

ACTIONS = {  # one state-changing command per game whose handler has no JSON of its own
    "msm": ["equip", "nera", "tanto"],
    "ratcatcher": ["move", "0.b"],
    "warriors": ["refresh", "emberpaw"],
    "mice": ["gain-cheese", "tilda", "1"],
}


@pytest.mark.parametrize("game", sorted(ACTIONS))
def test_json_on_a_state_command_prints_its_events(tmp_path, game):
    """`claw move 0.b --json -o out.json` printed nothing on stdout; with the state on stdout
    `--json` was silently ignored, though conventions.md says it is refused."""
    state = started(tmp_path, game)
    out = tmp_path / "out.json"
    r = claw(*ACTIONS[game], "--json", "-o", str(out), stdin=state.read_text())
    assert r.returncode == 0, r.stderr
    result = json.loads(r.stdout)  # exactly one document
    assert result["game"] == game and result["command"] == ACTIONS[game][0]
    assert result["events"] and all("type" in e for e in result["events"])
    logged = json.loads(out.read_text())["log"][-1]["events"]
    assert result["events"] == logged

    r = claw(*ACTIONS[game], "--json", stdin=state.read_text())
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.splitlines()[-1].startswith("hint: add -i")


def test_rendered_text_beside_a_json_result_goes_to_stderr():
    """A command that prints text and a JSON result must still give stdout one document."""
    out, err = io.StringIO(), io.StringIO()
    output = Output(stdout=out, stderr=err)
    output.hold()
    output.emit("a board line")
    output.emit_json({"answer": 1})
    output.release()
    assert json.loads(out.getvalue()) == {"answer": 1}
    assert err.getvalue() == "a board line\n"


# --- dice messages quote the expression literally ---------------------------------------

def test_dice_errors_quote_backslashes_as_typed():
    r"""`claw roll '1d6\[x]'` said `'1d6\\[x]'` (Python's repr doubles the backslash)."""
    r = run(["roll", "1d6\\[x]"])
    assert r.code == 2
    assert "'1d6\\[x]'" in r.stderr and "at '\\['" in r.stderr
    r = run(["roll", "1d6'x"])
    assert "'1d6'x'" in r.stderr  # repr would have switched to double quotes
    r = run(["roll", "1d6", "--dice", "a\\b"])
    assert "'a\\b'" in r.stderr


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from("1d6+-[]\\'\"xé ≥k"), min_size=1, max_size=12))
def test_roll_shows_any_expression_back_literally(expr):
    r = run(["roll", "--seed", "1", "--", expr])
    assert r.code in (0, 2), r.stderr
    if r.code == 2 and "bad dice expression" in r.stderr:
        assert f"'{expr}'" in r.stderr


@pytest.mark.parametrize("game, args, typed", [
    ("msm", ["attack", "ne\\ra", "rat-3"], "'ne\\ra'"),
    ("msm", ["los", "A\\1", "B2"], "'A\\1'"),
    ("ratcatcher", ["move", "0.b\\x"], "'0.b\\x'"),
    ("mice", ["gain-cheese", "ti'lda", "1"], "'ti'lda'"),
    ("warriors", ["refresh", "ember\\paw"], "'ember\\paw'"),
])
def test_rule_messages_quote_typed_names_as_typed(tmp_path, game, args, typed):
    r"""`claw attack 'ne\ra' rat-3` said `no figure 'ne\\ra'`: core messages quoted with repr.
    They now use claw.core.errors.quoted (one helper for every game)."""
    state = started(tmp_path, game)
    r = run([*args, "-s", str(state)])
    assert r.code in (2, 4), r.stderr
    assert typed in r.stderr, r.stderr


def test_lookup_quotes_the_row_as_typed():
    r = run(["lookup", "herbs", "x\\y"])
    assert r.code == 2 and "'x\\y'" in r.stderr


def test_core_messages_do_not_quote_with_repr():
    """repr doubles a user's backslashes and swaps quote styles: core quotes with quoted()."""
    found = []
    for path in sorted((ROOT / "core").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for n, line in enumerate(path.read_text().splitlines(), 1):
            repr_method = line.lstrip().startswith('return f"') and "(" in line.split('"')[1]
            if "!r}" in line and not repr_method and "must be text" not in line:  # a type, not input
                found.append(f"{rel}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_a_stage_after_a_failed_one_says_the_previous_command_wrote_nothing(tmp_path):
    """`claw new nope.yaml | claw scenario-step` said only "empty input, expected a claw state"."""
    first = claw("new", str(tmp_path / "nope.yaml"))
    assert first.returncode == 3 and first.stdout == ""
    for verb in (["scenario-step"], ["show"], ["log"], ["note", "x"]):
        r = claw(*verb, stdin=first.stdout)
        assert r.returncode == 3, (verb, r.stderr)
        assert "the pipe into claw carried no state" in r.stderr, r.stderr


def test_a_negative_expression_gets_a_hint_about_double_dash():
    """`claw roll -1d6+3` answered "no such option: -1" with only a pointer to --help."""
    r = run(["roll", "-1d6+3"])
    assert r.code == 2
    assert r.stderr.splitlines() == ["claw: no such option: -1",
                                     "hint: an argument that starts with '-' goes after `--`: claw roll -- -1d6+3"]
    assert run(["roll", "--seed", "1", "--", "-1d6+3"]).code == 0


def test_validate_lines_show_control_characters_in_a_file_name(tmp_path):
    """`claw validate $'a\\e[31mb.yaml'` wrote the escape sequence raw to the terminal (its
    FILE:LINE:COL lines skipped the \\xNN rule every other text follows)."""
    path = tmp_path / "a\x1b[31mb.yaml"
    path.write_text("game: msm\nname: x\n")
    r = run(["validate", str(path)])
    assert r.code == 3
    assert "\x1b" not in r.stdout and "a\\x1b[31mb.yaml:1:1:" in r.stdout


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=20))
def test_quoted_keeps_printable_text_as_typed_and_a_message_on_one_line(text):
    from claw.core.errors import quoted

    shown = quoted(text)
    assert len(shown.splitlines()) <= 1 and shown.isprintable()
    if text.isprintable():
        assert shown == f"'{text}'"  # backslashes and quotes as typed


def test_whole_number_options_have_a_limit():
    """Conventions, Limits: a number a user types is bounded (a 24-digit --mod used to be
    added to every die and printed back in full)."""
    r = run(["attack", "--game", "msm", "--attack-dice", "3", "--stun", "7", "--wound", "9",
             "--mod", "999999999999999999999999"])
    assert r.code == 2 and "--mod" in r.stderr and "1000000" in r.stderr and "Traceback" not in r.stderr
    assert run(["attack", "--game", "msm", "--attack-dice", "3", "--stun", "7", "--wound", "9",
                "--mod", "-2", "--seed", "1"]).code == 0
