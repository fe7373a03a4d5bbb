"""Issue 23 item 3: bash, zsh and fish each get their own completion script, and each one,
run by the real shell, completes `claw att<TAB>` to `attack`; any other shell is refused
with the supported list (exit 2). zsh and fish are Debian packages .ci/run installs; where
one is missing its test is skipped saying so."""

import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.foundation.test_completion import CLAW, _env, states  # noqa: F401  (the fixture)

BIN = Path(sys.executable).parent  # where the `claw` console script of this environment is


def _shell_env(**extra) -> dict:
    env = _env(**extra)
    env["PATH"] = f"{BIN}{os.pathsep}{env.get('PATH', '')}"
    return env


def _script(shell: str) -> str:
    done = subprocess.run([*CLAW, "--show-completion", shell], capture_output=True, text=True, timeout=30,
                          env=_env())
    assert done.returncode == 0, done.stderr
    return done.stdout


def _needs(program: str) -> None:
    if not (BIN / "claw").exists():
        pytest.skip("no `claw` console script next to this Python (install the package: pip install -e .)")
    if shutil.which(program) is None:
        pytest.skip(f"{program} is not installed (apt-get install -y {program}; .ci/run does)")


def test_each_shell_gets_its_own_script():
    bash, zsh, fish = _script("bash"), _script("zsh"), _script("fish")
    assert "complete -o default -F _claw_completion claw" in bash
    assert zsh.startswith("#compdef claw") and "compadd" in zsh and "complete -o" not in zsh
    assert "complete --command claw" in fish and "commandline -cp" in fish
    assert len({bash, zsh, fish}) == 3


@pytest.mark.parametrize("flag", ["--show-completion", "--install-completion"])
def test_an_unsupported_shell_is_refused_with_the_supported_list(flag, tmp_path):
    done = subprocess.run([*CLAW, flag, "tcsh"], capture_output=True, text=True, timeout=30,
                          env=_env(HOME=str(tmp_path)))
    assert done.returncode == 2 and done.stdout == ""
    assert "unsupported shell 'tcsh' (supported: bash, zsh, fish)" in done.stderr
    assert not list(tmp_path.iterdir())  # nothing installed


def test_a_named_shell_is_the_one_installed(tmp_path):
    for shell, where, rc in (("zsh", ".zfunc/_claw", ".zshrc"), ("fish", ".config/fish/completions/claw.fish", None),
                             ("bash", ".bash_completions/claw.sh", ".bashrc")):
        done = subprocess.run([*CLAW, "--install-completion", shell], capture_output=True, text=True, timeout=30,
                              env=_env(HOME=str(tmp_path)))
        assert done.returncode == 0 and f"{shell} completion installed" in done.stdout, done.stderr
        assert (tmp_path / where).read_text() == _script(shell)
        if rc:
            assert (tmp_path / rc).read_text().count("\n") == 2  # one line added (and not twice, below)
    again = subprocess.run([*CLAW, "--install-completion=zsh"], capture_output=True, text=True, timeout=30,
                           env=_env(HOME=str(tmp_path)))
    assert again.returncode == 0 and (tmp_path / ".zshrc").read_text().count("fpath+=") == 1


def _bash(line: str, bash_words: list[str], tmp_path, **env) -> list[str]:
    """Run the bash script's function as bash's programmable completion calls it: COMP_LINE
    and COMP_POINT as typed, COMP_WORDS/COMP_CWORD split the way bash splits (at : too)."""
    script = tmp_path / "claw.bash"
    script.write_text(_script("bash"))
    words = " ".join(f"'{w}'" for w in bash_words)
    program = (f"source {script}; complete -p claw >/dev/null || exit 9; COMP_LINE='{line}'; COMP_POINT={len(line)}; "
               f"COMP_WORDS=({words}); COMP_CWORD={len(bash_words) - 1}; _claw_completion claw; "
               'printf "%s\\n" "${COMPREPLY[@]}"')
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", program], capture_output=True, text=True,
                          timeout=30, env=_shell_env(**env))
    assert done.returncode == 0, done.stderr
    return [w for w in done.stdout.split("\n") if w]


def test_bash_completes_claw_att(tmp_path):
    _needs("bash")
    assert _bash("claw att", ["claw", "att"], tmp_path) == ["attack"]


def test_bash_completes_a_connector_bash_splits_at_the_colon(states, tmp_path):  # noqa: F811
    _needs("bash")
    rc = str(states["ratcatcher"])
    assert _bash("claw explore 0:", ["claw", "explore", "0", ":"], tmp_path, CLAW_STATE=rc) == [":e", ":s"]
    assert _bash("claw explore 12:e", ["claw", "explore", "12", ":", "e"], tmp_path, CLAW_STATE=rc) == ["e"]


def _fish(line: str, tmp_path, **env) -> list[str]:
    """fish's own answer for ``line`` (`complete -C`: what Tab would offer)."""
    script = tmp_path / "claw.fish"
    script.write_text(_script("fish"))
    done = subprocess.run(["fish", "--no-config", "-c", f"source {script}; complete -C '{line}'"],
                          capture_output=True, text=True, timeout=30, env=_shell_env(**env))
    assert done.returncode == 0, done.stderr
    return [found.split("\t")[0] for found in done.stdout.splitlines()]


def test_fish_completes_claw_att(tmp_path):
    _needs("fish")
    assert _fish("claw att", tmp_path) == ["attack"]


def test_fish_completes_an_option_value_after_equals_and_files_where_claw_has_no_words(states, tmp_path):  # noqa: F811
    _needs("fish")
    msm = str(states["msm"])
    assert _fish("claw attack leon rat-3 --weapon=cha", tmp_path, CLAW_STATE=msm) == ["--weapon=charleville-musket"]
    assert _fish(f"claw new {states['msm'].parent}/ms", tmp_path) == [msm]


def test_zsh_completes_claw_att_from_the_installed_file(tmp_path):
    """An interactive zsh in a pseudo-terminal, its completion set up as the installed
    ~/.zshrc line does: Tab after `claw att` makes the line `claw attack`."""
    _needs("zsh")
    import pty

    home = tmp_path / "home"
    home.mkdir()
    env = _shell_env(HOME=str(home), TERM="xterm")
    subprocess.run([*CLAW, "--install-completion", "zsh"], check=True, capture_output=True, env=env, timeout=30)
    master, slave = pty.openpty()
    proc = subprocess.Popen(["zsh", "-f", "-i"], stdin=slave, stdout=slave, stderr=slave, env=env,
                            start_new_session=True)
    os.close(slave)
    seen = b""
    try:
        os.write(master, b"fpath+=~/.zfunc; autoload -Uz compinit; compinit -u -D; PS1='> '\n")
        os.write(master, b"claw att\t")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and b"attack" not in re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\r|\x08", b"", seen):
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    seen += os.read(master, 4096)
                except OSError:
                    break
    finally:
        proc.kill()
        proc.wait(timeout=10)
        os.close(master)
    shown = re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]|\r|\x08", b"", seen).decode(errors="replace")
    assert "claw attack" in shown, shown[-500:]
