import json

import pytest

from tests.paths import ROOT


@pytest.fixture
def bare_state(monkeypatch, tmp_path):
    """A minimal valid envelope whose game part is not checked (foundation tests only)."""
    import claw.cli.formats.content as content

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

    from claw.cli.testing import run

    chapter = ROOT / "examples" / "mice" / "ghost-of-castle-andon.yaml"
    path = tmp_path / "game.json"
    result = run(["new", str(chapter), "--seed", "3", "-o", str(path)])
    assert result.code == 0, result.stderr
    return path


def claw_process(args, **kwargs):
    """``claw ARGS`` as its own process (the console script's entry point)."""
    import subprocess
    import sys

    return subprocess.Popen([sys.executable, "-m", "claw", *args], **kwargs)


def nothing():
    """An empty anonymous file for a child's stdin or stdout. Not /dev/null: on a machine
    where something replaced it with a regular file it may hold data (tests must not rely
    on it, nor write into it)."""
    import tempfile

    return tempfile.TemporaryFile()


def claw_traceback(err: str) -> bool:
    """Whether stderr holds a traceback through claw's code. A signal that lands while
    Python itself is still starting (importing ``site`` or the ``claw`` package, before
    claw's first line runs) gets Python's own report; nothing has been read yet then."""
    from pathlib import Path

    if "Traceback" not in err:
        return False
    import claw

    root = ROOT
    # claw's own code: the source folders, or the installed package (a venv may sit inside
    # the checkout, as in CI, so "under the checkout" would also match Python's own start-up)
    ours = [str(root / d) + "/" for d in ("cli", "core", "src")] + [str(Path(claw.__file__).parent) + "/"]
    frames = [line for line in err.splitlines() if line.strip().startswith("File ")]
    return any(o in f for f in frames for o in ours)
