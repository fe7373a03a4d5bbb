"""Helpers for the "playing with the real box" tests (issue 15): typed dice and draws,
table corrections, byte-identical undo. Used by tests/<game>/test_table_*.py."""

from __future__ import annotations

import json
from pathlib import Path

from claw.cli.testing import Result, run

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def ok(args: list[str], stdin: str | None = None) -> Result:
    result = run(args, stdin=stdin)
    assert result.code == 0, (args, result.stderr)
    return result


def new(tmp: Path, *args: str, name: str = "game.json") -> Path:
    """``claw new ARGS -o tmp/name`` run from the examples folder's files."""
    path = tmp / name
    words = [str(EXAMPLES / a) if a.endswith((".yaml", ".json")) else a for a in args]
    ok(["new", *words, "-q", "-o", str(path)])
    return path


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def last_entry(path: Path) -> dict:
    return load(path)["log"][-1]


def dice_values(entry: dict) -> str:
    """The dice a log entry drew (shuffles left out), as a --dice value."""
    return ",".join(str(d["value"]) for d in entry.get("dice", []) if d["die"] != "shuffle")


def step(path: Path, *args: str, out: Path | None = None) -> Path:
    """Run a state command on ``path`` into ``out`` (default: in place)."""
    if out is None:
        ok([*args, "-s", str(path), "-i", "-q"])
        return path
    ok([*args, "-s", str(path), "-o", str(out), "-q"])
    return out


def adjust_round_trip(path: Path, target: str, change: str, reason: str = "the table says so") -> dict:
    """Adjust in place, check the log entry, undo, and check the file is byte-identical."""
    before = path.read_bytes()
    ok(["adjust", target, change, "--reason", reason, "-s", str(path), "-i"])
    entry = last_entry(path)
    assert entry["command"] == "adjust" and entry["correction"]["reason"] == reason
    listed = run(["log", "-s", str(path)]).stdout
    assert "# correction by hand" in listed
    ok(["undo", "-s", str(path)])
    assert path.read_bytes() == before
    return entry


def assert_adjust_refused(path: Path, cases: list[tuple[str, str, int | tuple[int, ...], str]]) -> None:
    """Each (ID, KEY=VALUE, exit code(s), words) correction is refused with that code and
    those words in the message, and the state file is left byte for byte."""
    before = path.read_bytes()
    for target, change, code, words in cases:
        result = run(["adjust", target, change, "--reason", "x", "-s", str(path), "-i"])
        codes = code if isinstance(code, tuple) else (code,)
        assert result.code in codes and words in result.stderr, (target, change, result.code, result.stderr)
    assert path.read_bytes() == before
