"""Issue 16 item 3: `claw play` script mode. The key guarantee: a script gives byte for byte
the state the same commands give as separate `claw` runs (same log, same dice positions),
for every game; a refused line stops the script with its line number and exit code.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from claw.cli.framework.state_rules import STATE_RULES
from claw.cli.testing import run
from tests.paths import ROOT

EXAMPLES = ROOT / "examples"

# a short game per game: dice-rolling actions, phases, a note and an undo, a read-only show
GAMES = {
    "msm": (["msm/scenario-2.yaml", "--seed", "7"], [
        "scenario-step --until cats", "move leon B4", "attack leon rat-3 --weapon charleville-musket",
        "note 'first blood?'", "undo", "attack leon rat-3 --weapon charleville-musket --odds",
        "end-activation", "scenario-step", "show", "scenario-step --until cats", "log --last 1"]),
    "ratcatcher": (["ratcatcher/first-game.yaml", "--seed", "4"], [
        "move 0.b", "gather", "scenario-step", "scenario-step", "attack", "note 'rats!'", "scenario-step", "show"]),
    "warriors": (["warriors/emberpaw.yaml", "warriors/bramble.yaml", "--seed", "5"], [
        "scenario-step", "check emberpaw see --vs 12", "hunt emberpaw vole", "fight emberpaw bramble",
        "attack bramble emberpaw", "undo", "attack bramble emberpaw", "attack emberpaw bramble", "fight --end",
        "refresh emberpaw", "show"]),
    "mice": (["mice/ghost-of-castle-andon.yaml", "--seed", "3"], [
        "place filch tunnel-entrance --spot water", "search filch", "defeat cave-centipede-1",
        "explore kings-tunnels", "minion-turn roach", "note done", "scenario-step --pages 0", "show"]),
}


def _separate(words: list[str], path: str) -> list[str]:
    """The command line a separate run of ``words`` on the file ``path`` uses."""
    if words[0] in ("undo", "log"):
        return [*words, "-s", path]
    return [*words, "-s", path, "-i"]


def _new(game: str, path: Path) -> None:
    new_args, _ = GAMES[game]
    result = run(["new", *[str(EXAMPLES / a) if a.endswith(".yaml") else a for a in new_args], "-o", str(path)])
    assert result.code == 0, result.stderr


def _script(tmp_path: Path, lines: list[str]) -> Path:
    script = tmp_path / "game.claw"
    script.write_text("# a script of claw commands\n\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return script


@pytest.mark.parametrize("game", list(GAMES))
def test_script_state_is_byte_identical_to_separate_runs(game, tmp_path):
    """A script with -o, and with -i (file and undo history), equals the separate runs."""
    import shlex

    _, lines = GAMES[game]
    separate = tmp_path / "separate.json"
    _new(game, separate)
    start = separate.read_bytes()
    for line in lines:
        result = run(_separate(shlex.split(line), str(separate)))
        assert result.code == 0, (line, result.stderr)
    expected = separate.read_bytes()
    assert json.loads(expected)["log"][-1]["seq"] > 3  # the commands did something

    script = _script(tmp_path, lines)
    held = tmp_path / "held.json"
    held.write_bytes(start)
    # -o beside the file: the paths a state stores stay relative to the same folder
    out = run(["play", "-s", str(held), "-o", str(tmp_path / "out.json"), str(script)])
    assert out.code == 0, out.stderr
    assert (tmp_path / "out.json").read_bytes() == expected
    assert held.read_bytes() == start  # without -i the file is left alone

    in_place = tmp_path / "inplace.json"
    in_place.write_bytes(start)
    out = run(["play", "-s", str(in_place), "-i", str(script)])
    assert out.code == 0, out.stderr
    assert "\"format\": \"claw-state\"" not in out.stdout  # answers and boards only: the state is in the file
    assert in_place.read_bytes() == expected
    undo_of = {p.name: p.read_bytes() for p in (tmp_path / ".separate.json.claw-undo").iterdir()}
    assert {p.name: p.read_bytes() for p in (tmp_path / ".inplace.json.claw-undo").iterdir()} == undo_of


@pytest.mark.slow
def test_script_matches_separate_processes(tmp_path):
    """The same guarantee against real `claw` processes (msm: fresh interpreters, nothing cached).
    Slow (12 interpreters, ~7 s on the shared machine); the in-process test above runs the same
    scripts for every game on each run."""
    import shlex

    claw = [sys.executable, "-c", "from claw.cli.shell.app import main; main()"]
    env = {k: v for k, v in os.environ.items() if k != "CLAW_STATE"} | {"NO_COLOR": "1"}
    new_args, lines = GAMES["msm"]
    separate = tmp_path / "separate.json"
    _new("msm", separate)
    shutil.copy(separate, tmp_path / "start.json")
    for line in lines:
        proc = subprocess.run(claw + _separate(shlex.split(line), str(separate)), env=env, capture_output=True,
                              stdin=subprocess.DEVNULL, timeout=60)
        assert proc.returncode == 0, (line, proc.stderr)
    script = _script(tmp_path, lines)
    out = tmp_path / "out.json"
    proc = subprocess.run(claw + ["play", "-s", str(tmp_path / "start.json"), "-o", str(out), str(script)],
                          env=env, capture_output=True, stdin=subprocess.DEVNULL, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes() == separate.read_bytes()


def test_play_from_a_scenario_equals_new_then_the_script(tmp_path):
    """`claw play SCENARIO --seed N SCRIPT` starts the game exactly as `claw new` does."""
    import shlex

    _, lines = GAMES["warriors"]
    separate = tmp_path / "separate.json"
    _new("warriors", separate)
    for line in lines:
        assert run(_separate(shlex.split(line), str(separate))).code == 0
    script = _script(tmp_path, lines)
    out = run(["play", str(EXAMPLES / "warriors/emberpaw.yaml"), str(EXAMPLES / "warriors/bramble.yaml"),
               "--seed", "5", str(script), "-o", str(tmp_path / "out.json")])
    assert out.code == 0, out.stderr
    # the log names the scenario files as given; both runs gave the same paths
    assert (tmp_path / "out.json").read_bytes() == separate.read_bytes()


def test_refused_line_stops_with_its_number_and_code(tmp_path):
    """A refused command: `FILE:LINE` and the command's own exit code (4, illegal); the state
    reached so far is still written, as separate -i runs would have left it."""
    state = tmp_path / "g.json"
    _new("msm", state)
    script = _script(tmp_path, ["scenario-step --until cats", "move leon B4", "move leon P16", "note never"])
    out = run(["play", "-s", str(state), "-i", str(script)])
    assert out.code == 4
    assert f"{script}:5: `move leon P16` ended with exit 4; stopped" in out.stderr
    log = json.loads(state.read_text())["log"]
    assert [e["command"] for e in log] == ["new", "scenario-step", "move"]

    again = tmp_path / "h.json"
    _new("msm", again)
    out = run(["play", "-s", str(again), "-i", "--keep-going", str(script)])
    assert out.code == 4
    assert "going on (--keep-going)" in out.stderr
    assert [e["command"] for e in json.loads(again.read_text())["log"]][-1] == "note"


def test_usage_errors_in_a_script(tmp_path):
    """Inside a session the state is the session's: -s/-i/-o are refused, so is `new`; an
    unknown option is click's usage error (exit 2) with the line number."""
    state = tmp_path / "g.json"
    _new("mice", state)
    for line in ("show -s other.json", "new x.yaml", "show --no-such-flag", "note 'open quote"):
        out = run(["play", "-s", str(state), str(_script(tmp_path, [line]))])
        assert out.code == 2, (line, out.stderr)
        assert ":3: `" in out.stderr and "claw:" in out.stderr.splitlines()[0]
        assert "Traceback" not in out.stderr


def test_script_on_stdin_and_quiet(tmp_path):
    """The script can come on stdin; -q keeps only errors; stdout carries only the state."""
    state = tmp_path / "g.json"
    _new("ratcatcher", state)
    out = run(["play", "-s", str(state), "-q"], stdin="move 0.b\nshow\nquit\nnote not reached\n")
    assert out.code == 0, out.stderr
    assert out.stderr == ""
    result = json.loads(out.stdout)
    assert [e["command"] for e in result["log"]] == ["new", "move"]
    out = run(["play", "-s", str(state), "-q"], stdin="move 9.z\n")
    assert out.code != 0 and out.stderr.startswith("claw: ")


def test_table_mode_script_updates_claw_state_in_place(tmp_path):
    """With CLAW_STATE (table mode) a script updates that file after each command, as
    `claw CMD` does in table mode; nothing on stdout but answers."""
    state = tmp_path / "g.json"
    _new("warriors", state)
    out = run(["play"], stdin="scenario-step\nnote 'day one'\n", env={"CLAW_STATE": str(state)})
    assert out.code == 0, out.stderr
    assert '"format"' not in out.stdout
    assert [e["command"] for e in json.loads(state.read_text())["log"]] == ["new", "scenario-step", "note"]
    assert run(["undo", "-n", "2"], env={"CLAW_STATE": str(state)}).code == 0  # two steps kept
    assert [e["command"] for e in json.loads(state.read_text())["log"]] == ["new"]


def test_play_needs_a_game(tmp_path):
    out = run(["play"], stdin="show\n")
    assert out.code == 2 and "claw play needs a game" in out.stderr
    out = run(["play", "-s", "-"], stdin="show\n")
    assert out.code == 2 and "cannot both come from stdin" in out.stderr
    out = run(["play", "-s", str(tmp_path / "missing.json"), "x.claw"])
    assert out.code == 3


def test_prompt_toolkit_only_for_the_interactive_session(tmp_path):
    """Start-up: a script, and every other command, never import prompt_toolkit."""
    state = tmp_path / "g.json"
    _new("mice", state)
    code = ("import sys; from claw.cli.testing import run; "
            f"assert run(['play', '-s', {str(state)!r}], stdin='show\\n').code == 0; "
            "assert run(['roll', '2d6']).code == 0; print(sorted(m for m in sys.modules if 'prompt_toolkit' in m))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_log_encoder_writes_what_dump_state_writes(tmp_path):
    """The session's save encodes only new log entries; the text is dump_state's, byte for
    byte, as the log grows, after an undo (a shorter log) and for a state read back."""
    from claw.cli.session.engine import LogEncoder
    from claw.cli.store import statefile

    state = tmp_path / "g.json"
    _new("msm", state)
    lines = ["scenario-step --until cats", "move leon B4", "note 'ünïcode → \"quotes\"'", "scenario-step"]
    assert run(["play", "-s", str(state), "-i", str(_script(tmp_path, lines))]).code == 0
    envelope = statefile.load_any(str(state), STATE_RULES)[0]
    encoder = LogEncoder()
    for size in (1, 2, 5, 3, 5):
        part = {**envelope, "log": envelope["log"][:size]}
        assert encoder.dump(part) == statefile.dump_state(part)
    assert encoder.dump(envelope) == statefile.dump_state(envelope)
    # the file holds that text with its seal (cli/store/seal.py) as the last member
    assert statefile.sealed_text(envelope, encoder.dump(envelope)) == state.read_text(encoding="utf-8")
