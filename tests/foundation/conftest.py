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
