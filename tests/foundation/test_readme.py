"""The README's two set-up commands are sacred: exactly two, and CI runs the second."""

import re

import pytest

from tests.paths import ROOT


def blocks():
    text = (ROOT / "README.md").read_text()
    quick = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", quick, re.S)


@pytest.mark.skipif(not (ROOT / "README.md").exists(), reason="needs the source tree")
def test_two_setup_commands():
    commands = blocks()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)
    assert "claw new examples/" in commands[0]


@pytest.mark.skipif(not (ROOT / ".ci" / "run").exists(), reason="needs the source tree")
def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert blocks()[1] in ci
