import json

import pytest


@pytest.fixture
def bare_state(monkeypatch, tmp_path):
    """A minimal valid envelope whose game part is not checked (foundation tests only)."""
    import claw.cli.content as content

    names = content.schema_names
    monkeypatch.setattr(content, "schema_names", lambda: [n for n in names() if not n.startswith("state-")])
    envelope = {"format": "claw-state", "version": 1, "game": "mice",
                "rng": {"algorithm": "splitmix64", "seed": 5, "position": 0},
                "state": {}, "log": []}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(envelope))
    return path


@pytest.fixture
def mice_state(tmp_path):
    """A real state file (schema-valid for every process), for tests that run claw as a program."""
    from pathlib import Path

    from claw.cli.testing import run

    chapter = Path(__file__).resolve().parents[2] / "examples" / "mice" / "ghost-of-castle-andon.yaml"
    path = tmp_path / "game.json"
    result = run(["new", str(chapter), "--seed", "3", "-o", str(path)])
    assert result.code == 0, result.stderr
    return path


def claw_process(args, **kwargs):
    """``claw ARGS`` as its own process (the console script's entry point)."""
    import subprocess
    import sys

    return subprocess.Popen([sys.executable, "-m", "claw", *args], **kwargs)
