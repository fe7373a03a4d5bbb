"""Validation of any claw file into positioned diagnostics, and their renderers."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from claw.cli.yamlload import (
    ParseProblem,
    column_in_string,
    load_json_positioned,
    load_positioned,
    locate,
    node_start,
    to_plain,
)

STATE_FORMAT = "claw-state"


@dataclass
class Diagnostic:
    file: str
    line: int
    column: int
    message: str
    kind: str = "schema"  # "parse", "schema" or "rule"

    def text(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


@dataclass
class FileReport:
    file: str
    schema: str | None
    diagnostics: list[Diagnostic]
    data: Any = None  # plain data when it parsed

    @property
    def ok(self) -> bool:
        return not self.diagnostics


def read_text(path: str) -> str:
    from claw.cli.yamlload import MAX_FILE_BYTES, decode_text

    # a bounded read: stat() says 0 bytes for /dev/zero and pipes, which never end
    with open(path, "rb") as handle:
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ParseProblem(1, 1, f"file larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    return decode_text(raw)


def schema_for(data: Any) -> tuple[str | None, tuple, str | None]:
    """Pick the schema for a document: (name, path to blame, problem)."""
    if not isinstance(data, dict):
        return None, (), "the file should be a mapping with a 'game' key"
    if data.get("format") == STATE_FORMAT:
        return "state", (), None
    from claw.cli.games import GAMES

    game = data.get("game")
    if game is None:
        return None, (), f"missing 'game' key (one of: {', '.join(GAMES)})"
    if game not in GAMES:
        return None, ("game",), f"unknown game {game!r} (one of: {', '.join(GAMES)})"
    kind = data.get("kind", "scenario")
    from claw.cli.content import schema_names

    name = f"{kind}-{game}"
    if name not in schema_names():
        kinds = sorted(n[: -len(game) - 1] for n in schema_names() if n.endswith("-" + game)
                       and not n.startswith("state-"))
        where = ("kind",) if "kind" in data else ()
        return None, where, f"no {kind!r} files for {game} (kinds: {', '.join(kinds) or 'none yet'})"
    return name, (), None


def check_document(name: str, text: str, *, schema: str | None = None) -> FileReport:
    """Parse, schema-check and rule-check one document's text."""
    try:
        root = load_json_positioned(text) if name.endswith(".json") else load_positioned(text)
    except ParseProblem as exc:
        return FileReport(name, None, [Diagnostic(name, exc.line, exc.column, exc.message, "parse")])
    data = to_plain(root)
    diags: list[Diagnostic] = []
    chosen = schema
    if chosen is None:
        chosen, where, problem = schema_for(data)
        if problem:
            line, col = locate(root, where) if where else (1, 1)
            return FileReport(name, None, [Diagnostic(name, line, col, problem)], data)
    from claw.cli.schemacheck import iter_problems

    problems = list(iter_problems(chosen, data))
    if chosen == "state" and not problems:
        problems = [(("state",) + p, m, k) for p, m, k in _game_part_problems(data)]
    if chosen == "state" and not problems:
        problems = [(("state",) + p, m, False) for p, m in _state_rule_problems(data)]
    for path, message, at_key in problems:
        line, col = locate(root, path) if (at_key or _exists(data, path)) else node_start(root, path)
        if not at_key and message.endswith("is a required property"):
            line, col = node_start(root, path)
        where = _path_text(path)
        diags.append(Diagnostic(name, line, col, f"{where}: {message}" if where else message))
    if not diags:
        for problem in rule_checks(chosen, data):
            path, message = problem[0], problem[1]
            line, col = locate(root, path)
            if len(problem) > 2:  # (path, message, offset): a character inside a one-line string
                line, col = _inside_string(root, path, line, col, problem[2])
            diags.append(Diagnostic(name, line, col, message, "rule"))
    diags.sort(key=lambda d: (d.line, d.column))
    return FileReport(name, chosen, diags, data)


def _game_part_problems(envelope: dict):
    """A state's own part, checked against ``state-<game>`` (the envelope only says 'object')."""
    from claw.cli.content import schema_names
    from claw.cli.schemacheck import iter_problems

    name = f"state-{envelope['game']}"
    if name in schema_names():
        yield from iter_problems(name, envelope["state"])


def _state_rule_problems(envelope: dict) -> list[tuple[tuple, str]]:
    """The game's own consistency checks of a state (adapter ``STATE_CHECK``): each
    problem is a message, or (path inside the game part, message)."""
    from claw.cli.games import game_spec, import_target

    target = getattr(game_spec(envelope["game"]), "STATE_CHECK", None)
    if not target:
        return []
    out = []
    for problem in import_target(target)(envelope["state"]):
        out.append(problem if isinstance(problem, tuple) else _dotted(envelope["state"], problem))
    return out


def _dotted(part: dict, message: str) -> tuple[tuple, str]:
    """``"cats.ember.hp: 25 …"`` → the path it names (when it exists) and the rest."""
    head, sep, rest = message.partition(": ")
    if sep and head and " " not in head:
        path: list = []
        node: Any = part
        for step in head.split("."):
            if isinstance(node, list) and step.isdigit() and int(step) < len(node):
                step = int(step)
            elif not (isinstance(node, dict) and step in node):
                return (), message
            path.append(step)
            node = node[step]
        return tuple(path), rest
    return (), message


def rule_checks(schema: str, data: Any) -> list[tuple[tuple, str]]:
    """The game's rule-level checks for a schema-valid document (pure functions in core):
    each problem is (path, message) or (path, message, character offset in a string)."""
    if schema == "state" or "-" not in schema:
        return []
    kind, _, game = schema.rpartition("-")
    from claw.cli.games import game_spec, import_target

    spec = game_spec(game)
    target = getattr(spec, "CHECK", None)
    if not target:
        return []
    return list(import_target(target)(kind, data))


def _inside_string(root: Any, path: tuple, line: int, col: int, offset: int) -> tuple[int, int]:
    """Column of character ``offset`` of the string at ``path`` (past its opening quote)."""
    return column_in_string(root, path, line, col, offset)


def _exists(data: Any, path: tuple) -> bool:
    node = data
    for step in path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return False
    return True


def _path_text(path: tuple) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def check_file(path: str) -> FileReport:
    try:
        text = read_text(path)
    except ParseProblem as exc:
        return FileReport(path, None, [Diagnostic(path, exc.line, exc.column, exc.message, "parse")])
    except UnicodeDecodeError as exc:
        return FileReport(path, None, [Diagnostic(path, 1, 1, f"not UTF-8 text ({exc.reason})", "parse")])
    except OSError as exc:
        return FileReport(path, None, [Diagnostic(path, 1, 1, f"cannot read: {exc.strerror}", "parse")])
    return check_document(path, text)


def render_text(reports: list[FileReport]) -> list[str]:
    lines = []
    for report in reports:
        lines += [d.text() for d in report.diagnostics]
    return lines


def render_json(reports: list[FileReport]) -> str:
    files = []
    for r in reports:
        files.append({
            "file": r.file,
            "schema": r.schema,
            "status": "ok" if r.ok else "invalid",
            "parse_errors": [asdict(d) for d in r.diagnostics if d.kind == "parse"],
            "errors": [asdict(d) for d in r.diagnostics if d.kind != "parse"],
        })
    status = "ok" if all(r.ok for r in reports) else "invalid"
    return json.dumps({"status": status, "files": files}, ensure_ascii=False, indent=2)


def render_github(reports: list[FileReport]) -> list[str]:
    return [f"::error file={d.file},line={d.line},col={d.column}::{d.message}"
            for r in reports for d in r.diagnostics]
