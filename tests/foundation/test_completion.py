"""Issue 12 item 5: shell completion through typer's own mechanism, tested through the
shell protocol (``_CLAW_COMPLETE`` with COMP_WORDS / COMP_CWORD for bash,
``_TYPER_COMPLETE_ARGS`` for zsh and fish) in a subprocess, with a state in CLAW_STATE
or after -s FILE."""

import os
import subprocess
import sys

import pytest

from claw.cli.testing import run
from tests.paths import ROOT

EX = ROOT / "examples"
CLAW = [sys.executable, "-m", "claw"]


def _env(**extra) -> dict:
    # nothing of an outer completion run may leak in (a shell that is itself completing)
    env = {k: v for k, v in os.environ.items() if k not in ("CLAW_STATE", "COMP_WORDS", "COMP_CWORD")
           and not k.startswith(("_CLAW_COMPLETE", "_TYPER_COMPLETE"))}
    env.update(extra)
    return env


def bash(line: str, *, subprocess_run: bool = False, **env) -> list[str]:
    """Complete the last word of ``line`` as bash would (a trailing space: a new word):
    in a subprocess as the shell runs it, or in-process (the same protocol, cheaper) for
    the many cases."""
    words = line.split(" ")
    protocol = {"_CLAW_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1), **env}
    if not subprocess_run:
        res = run([], env=protocol)
        assert res.code == 0, res.stderr
        return res.stdout.split()
    done = subprocess.run(CLAW, capture_output=True, text=True, timeout=30, env=_env(**protocol))
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_shell_protocol_in_a_subprocess(states):
    """As bash runs it: a fresh process, the words in COMP_WORDS, the state in CLAW_STATE or -s."""
    assert bash("claw att", subprocess_run=True) == ["attack"]
    assert bash("claw move ", subprocess_run=True, CLAW_STATE=str(states["msm"])) == ["guy", "adara", "leon", "nera"]
    assert bash(f"claw los -s {states['msm']} nera A1", subprocess_run=True) == ["A1", "A10", "A11", "A12"]


@pytest.fixture(scope="module")
def states(tmp_path_factory):
    root = tmp_path_factory.mktemp("states")
    files = {"msm": [EX / "msm/scenario-1.yaml"], "ratcatcher": [EX / "ratcatcher/first-game.yaml"],
             "warriors": [EX / "warriors/emberpaw.yaml", EX / "warriors/bramble.yaml"],
             "mice": [EX / "mice/ghost-of-castle-andon.yaml"]}
    out = {}
    for game, sources in files.items():
        res = run(["new", *map(str, sources), "--seed", "7", "-q"])
        assert res.code == 0, res.stderr
        out[game] = root / f"{game}.json"
        out[game].write_text(res.stdout)
    return out


def test_commands_and_options_complete():
    assert bash("claw att") == ["attack"]
    assert "lookup" in bash("claw lo") and "los" in bash("claw lo")
    assert bash("claw attack --we") == ["--weapon"]
    assert "--state" in bash("claw move --")


def test_option_values_with_fixed_choices_complete():
    assert bash("claw move --as p") == ["prowl", "pounce"]
    assert bash("claw los --game m") == ["msm", "mice"]
    assert bash("claw hunt --sense s") == ["see", "smell"]


def test_figure_ids_from_claw_state(states):
    assert bash("claw move ", CLAW_STATE=str(states["msm"])) == ["guy", "adara", "leon", "nera"]
    assert bash("claw los n", CLAW_STATE=str(states["msm"])) == ["nera"]
    assert bash("claw rats rat-", CLAW_STATE=str(states["msm"])) == ["rat-1", "rat-2", "rat-3", "rat-4"]


def test_squares_and_cards_after_dash_s(states):
    s = str(states["msm"])
    assert bash(f"claw los -s {s} nera A1") == ["A1", "A10", "A11", "A12"]
    assert "tanto" in bash(f"claw equip -s {s} nera ")
    assert bash(f"claw remove-stun -s {s} l") == ["leon"]
    assert bash(f"claw attack -s {s} nera rat-1 --weapon t") == ["tanto"]


def test_zones_rooms_and_herbs_of_the_other_games(states):
    assert bash("claw scenario-step --prefer 0.", CLAW_STATE=str(states["ratcatcher"])) == ["0.a", "0.b", "0.c", "0.d"]
    assert bash("claw trap ", CLAW_STATE=str(states["ratcatcher"])) == ["cage", "snare"]
    assert bash("claw explore k", CLAW_STATE=str(states["mice"])) == ["kings-tunnels", "kings-chamber", "kitchen"]
    assert bash("claw gather emberpaw catm", CLAW_STATE=str(states["warriors"])) == ["catmint"]
    assert bash("claw hunt b", CLAW_STATE=str(states["warriors"])) == ["bramble"]


def test_no_state_no_names_and_no_error(tmp_path):
    assert bash("claw move ") == []
    assert bash(f"claw move -s {tmp_path / 'missing.json'} ") == []


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_answer_through_the_same_mechanism(states, shell):
    env = _env(_CLAW_COMPLETE=f"complete_{shell}", _TYPER_COMPLETE_ARGS="claw move ", CLAW_STATE=str(states["msm"]))
    if shell == "fish":
        env["_TYPER_COMPLETE_FISH_ACTION"] = "get-args"
    done = subprocess.run(CLAW, capture_output=True, text=True, timeout=30, env=env)
    assert done.returncode == 0 and "nera" in done.stdout, done.stderr


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_prints_the_shell_script(shell):
    done = subprocess.run([*CLAW, "--show-completion", shell], capture_output=True, text=True, timeout=30,
                          env=_env())
    assert done.returncode == 0 and "_CLAW_COMPLETE" in done.stdout, done.stderr


def test_install_completion_writes_the_bash_script(tmp_path):
    done = subprocess.run([*CLAW, "--install-completion", "bash"], capture_output=True, text=True, timeout=30,
                          env=_env(HOME=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    scripts = list(tmp_path.rglob("claw*"))
    assert scripts and "_CLAW_COMPLETE" in scripts[0].read_text()
    assert "claw" in (tmp_path / ".bashrc").read_text()


def test_top_help_names_the_completion_options():
    assert "--install-completion" in run(["--help"]).stdout
