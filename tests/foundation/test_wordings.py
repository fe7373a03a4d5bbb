"""Issue 25 item 2: one wording per situation, each with its exit code, through the real CLI.

The table below is the contract: every row runs ``claw`` as a user types it and compares
the whole message (``claw: …`` and the ``hint:`` line where there is one) and the exit
code. The wordings themselves come from one module, claw.cli.render.wording.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from claw.cli.testing import run
from tests.paths import ROOT

EXAMPLES = ROOT / "examples"

NEEDS = "needs a state: -s FILE (-i to update it in place), CLAW_STATE=FILE, or a state piped in on stdin"


@pytest.fixture(scope="module")
def states(tmp_path_factory):
    """Games in the situations the table needs (each made once; rows only read them)."""
    folder = tmp_path_factory.mktemp("wordings")

    def new(name: str, scenario: str, seed: int, *steps: list[str]) -> str:
        path = folder / name
        r = run(["new", str(EXAMPLES / scenario), "--seed", str(seed), "-o", str(path)])
        assert r.code == 0, r.stderr
        for step in steps:
            r = run([*step, "-s", str(path), "-i"])
            assert r.code == 0, (step, r.stderr)
        return str(path)

    return {
        "msm": new("msm.json", "msm/scenario-1.yaml", 7, ["scenario-step", "--until", "cats"],
                   ["move", "nera", "A10"]),
        "ratcatcher": new("rc.json", "ratcatcher/first-game.yaml", 1),
        "mice": new("mice.json", "mice/ghost-of-castle-andon.yaml", 1, ["explore", "kings-tunnels"]),
    }


# (situation, command line with {msm}/{ratcatcher}/{mice} for a state file, exit code, stderr)
TABLE = [
    ("needs a state, a command with a stateless use", ["attack", "nera", "rat-1"], 2,
     f"claw: `claw attack` {NEEDS}; or --game GAME to ask without one\n"),
    ("needs a state, never offering --game to a command that has no use for it", ["move", "nera", "A10"], 2,
     f"claw: `claw move` {NEEDS}\n"),
    ("needs a state, a query (no -i to offer)", ["log"], 2,
     "claw: `claw log` needs a state: -s FILE, CLAW_STATE=FILE, or a state piped in on stdin\n"),
    ("needs a state file (undo works on a file)", ["undo"], 2,
     "claw: `claw undo` needs a state file: -s FILE or CLAW_STATE=FILE\n"),
    ("unknown game, near a known one", ["attack", "--game", "MSM"], 2,
     "claw: unknown game 'MSM'; did you mean msm?\n"),
    ("unknown game", ["attack", "--game", "chess"], 2,
     "claw: unknown game 'chess' (one of: msm, ratcatcher, warriors, mice)\n"),
    ("another game's verb on a state", ["hunt", "-s", "{msm}"], 2,
     "claw: hunt is a warriors command; this state is msm\nhint: see `claw help msm` for msm's commands\n"),
    ("another game's verb with --game", ["hunt", "--game", "msm"], 2,
     "claw: hunt is a warriors command; this game is msm\nhint: see `claw help msm` for msm's commands\n"),
    ("a verb two other games have", ["tavern", "-s", "{mice}"], 2,
     "claw: tavern is an msm command; this state is mice\nhint: see `claw help mice` for mice's commands\n"),
    ("a positional that looks like a state file", ["show", "game.json"], 2,
     "claw: 'game.json' looks like a state file; a state goes after -s: claw show -s game.json\n"),
    ("did you mean, among the game in hand's verbs", ["atack", "-s", "{msm}"], 2,
     "claw: no such command 'atack'; did you mean attack?\nhint: see `claw help msm` for msm's commands\n"),
    ("no suggestion of another game's verb", ["knak", "-s", "{msm}"], 2,
     "claw: no such command 'knak'\nhint: see `claw help msm` for msm's commands\n"),
    ("did you mean, no game in hand", ["atack"], 2,
     "claw: no such command 'atack'; did you mean attack?\nhint: see `claw --help` (or `claw help GAME`)\n"),
    ("a hint at the command's own help", ["roll", "2d6", "--vs"], 2,
     "claw: option '--vs' requires an argument.\nhint: see `claw roll --help`\n"),
    ("a refusal naming its way out once (msm pounce)", ["move", "-s", "{msm}", "nera", "C7"], 4,
     "claw: only a pounce reaches C7: it costs 2 AP and leaves nera Vulnerable, so say so: "
     "claw move nera C7 --as pounce\n"),
    ("a refusal that names the zone once (ratcatcher)", ["attack", "-s", "{ratcatcher}"], 4,
     "claw: no rat to attack in 0.a\n"),
    ("a refusal that names the room once (mice)", ["explore", "-s", "{mice}", "kings-tunnels"], 4,
     "claw: the King's Tunnels (kings-tunnels) is already explored\n"),
]


@pytest.mark.parametrize("situation, line, code, message", TABLE, ids=[row[0] for row in TABLE])
def test_wording(states, situation, line, code, message):
    r = run([word.format(**states) for word in line])
    assert (r.code, r.stderr) == (code, message)
    assert r.stdout == ""


def test_the_session_words_an_unknown_command_as_the_cli_does(states):
    """`claw play` said "Did you mean 'attack', 'knack'?" (click's words, every game's verbs)."""
    r = run(["play", "-s", states["msm"], "--keep-going"], stdin="atack\nknak\n")
    said = [line for line in r.stderr.splitlines() if not line.startswith("claw: <stdin>:")]
    assert said == ["claw: no such command 'atack'; did you mean attack?",
                    "hint: see `claw help msm` for msm's commands",
                    "claw: no such command 'knak'",
                    "hint: see `claw help msm` for msm's commands"]


def test_undo_accepts_in_place(states, tmp_path):
    """undo always rewrites its file in place: -i out of habit is accepted, not refused."""
    path = tmp_path / "g.json"
    path.write_bytes(Path(states["msm"]).read_bytes())
    assert run(["note", "a ruling", "-s", str(path), "-i"]).code == 0
    r = run(["undo", "-s", str(path), "-i"])
    assert r.code == 0, r.stderr
    assert r.stderr.startswith(f"restored {path} to the state after #")


def test_shared_commands_help_shows_metavars_written_for_people():
    """click's own metavars (`<int range>`, `<str>`) are for programmers; every option says N, FILE …"""
    from claw.cli.shell.app import FOUNDATION

    for command in FOUNDATION:
        r = run([command, "--help"])
        assert r.code == 0, (command, r.stderr)
        assert not re.search(r"<[a-z][a-z ]*>", r.stdout), (command, r.stdout)
    assert "-n, --steps N" in run(["undo", "--help"]).stdout


def _claw(args: list[str], **how) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "claw", *args], capture_output=True, text=True,
                          timeout=60, env={"PATH": "/usr/bin:/bin", "NO_COLOR": "1"}, **how)


def test_no_pipe_on_a_stdin_that_is_no_terminal_is_no_state():
    """cron and CI run claw with stdin on /dev/null: nothing was piped, so claw says what it
    needs, as on a terminal; it must not blame a previous command there was none of."""
    with open("/dev/null") as devnull:
        r = _claw(["move", "nera", "A10"], stdin=devnull)
    assert (r.returncode, r.stderr) == (2, f"claw: `claw move` {NEEDS}\n")


def test_an_empty_pipe_is_said_to_be_one():
    r = _claw(["show"], input="")
    assert (r.returncode, r.stderr) == (3, "claw: <stdin>: empty input: the pipe into claw carried no state "
                                           "(did the command before it fail? see its message)\n")


def test_an_explicit_stdin_from_dev_null_is_empty_input():
    with open("/dev/null") as devnull:
        r = _claw(["show", "-s", "-"], stdin=devnull)
    assert (r.returncode, r.stderr) == (3, "claw: <stdin>: empty input, expected a claw state (JSON)\n")


def test_game_commands_name_option_values_for_people():
    """`--as MODE`, `--png FILE`, `--mod N` in help and in docs/commands, never Python's type names."""
    from tests.paths import DOCS

    assert "--as MODE" in run(["move", "--help", "--game", "msm"]).stdout
    pages = "\n".join(p.read_text(encoding="utf-8") for p in (DOCS / "commands").glob("*.md"))
    assert not re.search(r"`--[a-z-]+ (STR|INT|FLOAT)`", pages)
