"""Issue 27 item 1: colour at a terminal without rich on the hot path.

claw writes the SGR codes of its style names itself; they must be the bytes rich's
``Style.render`` gives (rich stays the reference, and renders any style outside claw's
words), and a command run at a terminal (a pseudo-terminal here) must not import rich."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claw.cli.render.output import _ansi, sgr

ROOT = Path(__file__).resolve().parents[2]

ATTRIBUTES = ["bold", "dim", "italic", "underline", "blink", "reverse", "strike"]
COLOURS = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
COLOURS += [f"bright_{c}" for c in COLOURS]


def _rich(style: str, text: str) -> str:
    from rich.style import Style

    return Style.parse(style).render(text)


@given(attributes=st.lists(st.sampled_from(ATTRIBUTES), max_size=3),
       foreground=st.none() | st.sampled_from(COLOURS), background=st.none() | st.sampled_from(COLOURS),
       shuffle=st.randoms(use_true_random=False))
def test_claws_sgr_codes_are_the_bytes_rich_renders(attributes, foreground, background, shuffle):
    words = attributes + ([foreground] if foreground else [])
    shuffle.shuffle(words)
    if background:
        words += ["on", background]
    if not words:
        return
    style = " ".join(words)
    assert sgr(style) is not None, style
    assert _ansi("x[y]", style) == _rich(style, "x[y]"), style


@pytest.mark.parametrize("style", ["bold red", "bold", "dim", "yellow", "reverse", "bold green", "white",
                                   "blue", "bold magenta", "bold cyan", "bold yellow", "magenta", "cyan"])
def test_every_style_claw_draws_with_has_its_own_codes(style):
    """The style names in claw's renderers (msm board, Ratcatcher show, events, errors)."""
    assert sgr(style) is not None
    assert _ansi("word", style) == _rich(style, "word")


@pytest.mark.parametrize("style", ["#ff0000", "rgb(1,2,3)", "not bold", "red blue", "color(200)",
                                   "link https://x"])
def test_a_style_outside_claws_words_is_left_to_rich(style):
    assert sgr(style) is None
    assert _ansi("word", style) == _rich(style, "word")


@pytest.mark.parametrize("style", ["on", "bold on", "on red blue", "red on"])
def test_a_dangling_on_is_no_style_of_claws(style):
    assert sgr(style) is None


def test_empty_text_or_no_style_has_no_codes():
    assert _ansi("", "bold") == "" and _ansi("x", None) == "x" and _ansi("x", "") == "x"


PROBE = """
import os, sys
sys.argv = ["claw", *sys.argv[1:]]
try:
    from claw.cli.shell.entry import main
    main()
except SystemExit:
    pass
finally:
    with open(os.environ["PROBE_OUT"], "w") as out:
        out.write(" ".join(sorted(m for m in sys.modules if m == "rich" or m.startswith("rich."))))
"""


def _at_a_terminal(args: list[str], out: Path, env: dict) -> str:
    """Run the probe with stdin, stdout and stderr on a pseudo-terminal; return what it printed."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: exec at once
        os.execve(sys.executable, [sys.executable, "-c", PROBE, *args], env)
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.waitpid(pid, 0)
    os.close(fd)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_coloured_run_at_a_terminal_imports_no_rich(tmp_path):
    """`claw roll` and a stateful `claw show` at a terminal: coloured, and rich never imported."""
    state = tmp_path / "g.json"
    made = subprocess.run([sys.executable, "-m", "claw", "new", str(ROOT / "examples/msm/scenario-1.yaml"),
                           "--seed", "7", "-q"], capture_output=True, cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    state.write_bytes(made.stdout)
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "CLAW_STATE")}
    env["TERM"] = "xterm-256color"
    for args, coloured in ((["roll", "2d12", "--seed", "3"], True), (["show", "-s", str(state)], True),
                           (["note", "x", "-s", str(state)], False)):
        out = tmp_path / "modules.txt"
        env["PROBE_OUT"] = str(out)
        shown = _at_a_terminal(args, out, env)
        assert ("\x1b[" in shown) is coloured, (args, shown)  # coloured: it is a terminal
        assert out.read_text() == "", (args, out.read_text())
    env["NO_COLOR"] = "1"
    env["PROBE_OUT"] = str(tmp_path / "modules.txt")
    assert "\x1b[" not in _at_a_terminal(["roll", "2d12", "--seed", "3"], out, env)
