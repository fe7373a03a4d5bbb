"""Reading, checking, writing and undoing state files.

A state file is replaced only by a complete, valid new one: we write a temporary file
in the same folder, fsync it, then ``os.replace`` it over the old one. Before an
in-place replace, the old bytes go to a sibling undo folder so `claw undo` can bring
them back.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from claw.core.errors import InvalidInput

FORMAT = "claw-state"
VERSION = 2  # 2: log texts are literal (1: they could hold rich markup)
MAX_STATE_BYTES = 32 * 1024 * 1024
UNDO_DEPTH = 20


def read_state_text(source: str) -> tuple[str, str]:
    """(text, display name) of ``-`` (stdin) or a path."""
    if source == "-":
        if sys.stdin is None or sys.stdin.isatty():
            raise InvalidInput("no state on stdin (pipe one in, or give -s FILE)")
        text = sys.stdin.read(MAX_STATE_BYTES + 1)
        name = "<stdin>"
    else:
        try:
            with open(source, encoding="utf-8") as handle:
                text = handle.read(MAX_STATE_BYTES + 1)
        except FileNotFoundError:
            raise InvalidInput(f"state file not found: {source}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidInput(f"cannot read state file {source}: {exc}") from None
        name = source
    if len(text) > MAX_STATE_BYTES:
        raise InvalidInput(f"{name}: state larger than {MAX_STATE_BYTES // (1024 * 1024)} MiB")
    return text, name


def parse_state(text: str, name: str) -> dict:
    if not text.strip():
        raise InvalidInput(f"{name}: empty input, expected a claw state (JSON)")
    from claw.cli.jsonload import loads as strict_json

    data = strict_json(text, name)  # InvalidInput NAME:LINE:COL: … on anything but strict JSON
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise InvalidInput(f"{name}: not a claw state (no \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise InvalidInput(f"{name}: state has no integer format version")
    if version > VERSION:
        raise InvalidInput(f"{name}: state format version {version} is newer than this claw reads "
                           f"(up to {VERSION}); upgrade claw")
    data = migrate(data)
    check_state(data, name)
    return data


def migrate(data: dict) -> dict:
    """Bring an older state up to VERSION, one step at a time."""
    if data["version"] == 1:  # v1 → v2: old log texts may hold markup; keep their words only
        from claw.cli.text import legacy_plain

        for entry in data.get("log") or []:
            for event in (entry.get("events") or []) if isinstance(entry, dict) else []:
                if isinstance(event, dict) and isinstance(event.get("text"), str):
                    event["text"] = legacy_plain(event["text"])
        data["version"] = 2
    return data


def check_state(data: dict, name: str) -> None:
    """Schema-check the envelope and the game's part. One line per problem."""
    from claw.cli.fastschema import first_error, format_path

    problem = first_error("state", data)
    if problem is None and isinstance(data.get("state"), dict):
        from claw.cli.content import schema_names

        part = f"state-{data['game']}"
        if part in schema_names():
            problem = first_error(part, data["state"])
            if problem:
                problem = (("state",) + problem[0], problem[1])
    if problem:
        path, message = problem
        raise InvalidInput(f"{name}: invalid state at {format_path(path)}: {message}")


def new_envelope(game: str, seed: int) -> dict:
    return {"format": FORMAT, "version": VERSION, "game": game,
            "rng": {"algorithm": "splitmix64", "seed": seed, "position": 0},
            "state": {}, "log": []}


def dump_state(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def atomic_write(path: str, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the whole new one."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if target.exists():
            os.chmod(tmp, target.stat().st_mode & 0o777)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# --- undo history -----------------------------------------------------------------

def undo_dir(path: str) -> Path:
    p = Path(path)
    return p.parent / f".{p.name}.claw-undo"


def _undo_entries(path: str) -> list[Path]:
    folder = undo_dir(path)
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.json"), key=lambda p: int(p.stem) if p.stem.isdigit() else -1)


def push_undo(path: str, old_text: str) -> None:
    folder = undo_dir(path)
    folder.mkdir(exist_ok=True)
    entries = _undo_entries(path)
    number = int(entries[-1].stem) + 1 if entries else 1
    atomic_write(str(folder / f"{number:06d}.json"), old_text)
    for stale in entries[: max(0, len(entries) + 1 - UNDO_DEPTH)]:
        stale.unlink(missing_ok=True)


def pop_undo(path: str, steps: int = 1) -> tuple[str, int]:
    """Restore the state from ``steps`` commands ago; returns (text, steps left)."""
    entries = _undo_entries(path)
    if not entries:
        raise InvalidInput(f"nothing to undo for {path} (no saved history)")
    if steps > len(entries):
        from claw.core.errors import IllegalAction

        raise IllegalAction(f"only {len(entries)} step(s) of history kept for {path}; asked for {steps}")
    chosen = entries[-steps]
    text = chosen.read_text(encoding="utf-8")
    parse_state(text, str(chosen))  # never restore something broken
    atomic_write(path, text)
    for entry in entries[-steps:]:
        entry.unlink(missing_ok=True)
    return text, len(entries) - steps


def load_any(source: str) -> tuple[dict, str, str]:
    text, name = read_state_text(source)
    return parse_state(text, name), name, text


def env_state() -> str | None:
    value = os.environ.get("CLAW_STATE")
    return value or None
