"""Issue 25 item 5: the pre-commit hooks run the venv's tools, so `pre-commit install` then
`git commit` works as CONTRIBUTING.md says without the venv activated (it said "Executable
`mypy` not found": a `language: system` hook looks only on PATH)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.paths import ROOT

TOOL = ROOT / "scripts" / "venv-tool"
BARE = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp")}  # no venv on PATH, none active


def test_every_hook_runs_its_tool_through_venv_tool():
    from ruamel.yaml import YAML

    config = YAML(typ="safe").load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = [hook for repo in config["repos"] for hook in repo["hooks"]]
    assert {h["id"] for h in hooks} == {"ruff", "mypy"}
    for hook in hooks:
        assert hook["entry"].startswith("scripts/venv-tool ") and hook["language"] == "script", hook
    assert os.access(TOOL, os.X_OK)


def _stand_in(bin_dir: Path) -> None:
    """A `ruff` that answers --version as ruff does: the README's test command installs no
    dev tools, and where the script finds a tool, not the tool, is what is tested here."""
    bin_dir.mkdir(parents=True)
    tool = bin_dir / "ruff"
    tool.write_text("#!/bin/sh\necho 'ruff 0.0.0 (stand-in)'\n", encoding="utf-8")
    tool.chmod(0o755)


def test_the_tool_is_found_in_dot_venv_without_activating_it(tmp_path):
    _stand_in(tmp_path / ".venv" / "bin")
    r = subprocess.run([str(TOOL), "ruff", "--version"], cwd=tmp_path, env=BARE, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("ruff "), r.stderr


def test_the_active_venv_comes_first_and_a_missing_tool_says_what_to_do(tmp_path):
    _stand_in(tmp_path / "active" / "bin")
    r = subprocess.run([str(TOOL), "ruff", "--version"], cwd=tmp_path, capture_output=True, text=True,
                       env={**BARE, "VIRTUAL_ENV": str(tmp_path / "active")}, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("ruff "), r.stderr
    r = subprocess.run([str(TOOL), "no-such-tool"], cwd=tmp_path, env=BARE, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 127 and "CONTRIBUTING.md" in r.stderr and ".venv/bin/pip install" in r.stderr
