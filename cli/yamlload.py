"""Safe, positioned loading of hand-written YAML and JSON files.

ruamel.yaml's round-trip nodes remember where each key and item sits, which is what
``FILE:LINE:COLUMN`` diagnostics need. Before building anything we walk the parser
events once to refuse what could hurt: aliases (a few hundred bytes of nested aliases
expand to millions of nodes), non-standard tags, and absurd nesting. File size is
capped before parsing.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from typing import Any

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 500_000
_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "map", "seq")}


@dataclass
class ParseProblem(Exception):
    """A file that cannot be read as data; line and column are 1-based."""

    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}"


def _yaml():
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt", pure=True)
    yaml.allow_duplicate_keys = False
    yaml.preserve_quotes = True  # so a column inside a quoted string can be pointed at
    return yaml


def _mark(mark) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _screen(yaml, text: str) -> None:
    from ruamel.yaml import events as ev

    depth = nodes = 0
    for event in yaml.parse(io.StringIO(text)):
        if isinstance(event, ev.AliasEvent):
            raise ParseProblem(*_mark(event.start_mark),
                               f"YAML aliases are not allowed here: *{event.anchor}")
        tag = getattr(event, "tag", None)
        if tag is not None and str(tag) not in _PLAIN_TAGS:
            raise ParseProblem(*_mark(event.start_mark), f"YAML tag not allowed: {tag}")
        if isinstance(event, (ev.MappingStartEvent, ev.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise ParseProblem(*_mark(event.start_mark),
                                   f"nesting deeper than {MAX_DEPTH} levels")
        elif isinstance(event, (ev.MappingEndEvent, ev.SequenceEndEvent)):
            depth -= 1
        if isinstance(event, (ev.ScalarEvent, ev.MappingStartEvent, ev.SequenceStartEvent)):
            nodes += 1
            if nodes > MAX_NODES:
                raise ParseProblem(*_mark(event.start_mark), f"more than {MAX_NODES} values")


def load_positioned(text: str) -> Any:
    """Parse YAML (or JSON, which is YAML here) into ruamel round-trip nodes.

    Raises ParseProblem with the position of the first problem.
    """
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise ParseProblem(1, 1, f"file larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    yaml = _yaml()
    try:
        _screen(yaml, text)
        docs = list(yaml.load_all(text))
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        raise ParseProblem(*_mark(mark), problem.strip()) from None
    except YAMLError as exc:
        raise ParseProblem(1, 1, str(exc).strip().splitlines()[0]) from None
    except RecursionError:
        raise ParseProblem(1, 1, f"nesting deeper than {MAX_DEPTH} levels") from None
    if len(docs) > 1:
        raise ParseProblem(1, 1, "more than one YAML document in the file")
    return docs[0] if docs else None


def load_json_positioned(text: str) -> Any:
    """JSON text: try ruamel for positions; fall back to ``json`` (tabs, long lines)."""
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseProblem(exc.lineno, exc.colno, f"invalid JSON: {exc.msg}") from None
    except RecursionError:
        raise ParseProblem(1, 1, "nesting too deep") from None
    try:
        return load_positioned(text)
    except ParseProblem:
        return json.loads(text)  # valid JSON ruamel dislikes: no positions, still checked


def to_plain(node: Any) -> Any:
    """Round-trip nodes → plain dicts, lists and scalars (what core and jsonschema see)."""
    if isinstance(node, dict):
        return {str(k) if not isinstance(k, (str, int, float, bool)) or k is None else k: to_plain(v)
                for k, v in node.items()}
    if isinstance(node, list):
        return [to_plain(v) for v in node]
    if isinstance(node, str):
        return str(node)
    if isinstance(node, bool) or node is None:
        return node
    if isinstance(node, int):
        return int(node)
    if isinstance(node, float):
        return float(node)
    # dates and other YAML scalars become their text, which the schema will reject clearly
    return str(node)


def locate(root: Any, path: tuple | list) -> tuple[int, int]:
    """1-based (line, column) of the key or item at ``path``; the nearest known ancestor
    when the path runs past what exists."""
    line, col = 1, 1
    node = root
    for step in path:
        lc = getattr(node, "lc", None)
        try:
            if isinstance(node, dict) and step in node:
                if lc is not None:
                    line, col = (v + 1 for v in lc.key(step))
                node = node[step]
            elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
                if lc is not None:
                    line, col = (v + 1 for v in lc.item(step))
                node = node[step]
            else:
                break
        except (KeyError, IndexError, TypeError, AttributeError):
            break
    return line, col


def node_start(root: Any, path: tuple | list) -> tuple[int, int]:
    """Where the value at ``path`` itself starts (for 'missing key' errors on a mapping)."""
    node = root
    for step in path:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return locate(root, path)
    lc = getattr(node, "lc", None)
    if lc is not None and getattr(lc, "line", None) is not None:
        return lc.line + 1, lc.col + 1
    return locate(root, path)


def load_yaml_plain(text: str, name: str = "<data>") -> Any:
    """Safe YAML → plain data, for packaged data files."""
    try:
        return to_plain(load_positioned(text))
    except ParseProblem as exc:
        from claw.core.errors import InvalidInput

        raise InvalidInput(f"{name}:{exc}") from None
