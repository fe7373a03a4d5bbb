"""The position-keeping strict JSON parser behind ``claw.cli.formats.jsonload`` (same language
as its fast path; see there for what is refused)."""

from __future__ import annotations

import json
import math
import re
from json.decoder import scanstring  # type: ignore[attr-defined]  # C, not in typeshed
from typing import Any

from claw.cli.formats.jsonload import strip_bom
from claw.cli.formats.positions import (
    MAX_DEPTH,
    MAX_INT_DIGITS,
    Document,
    ParseProblem,
    Repeated,
    check_duplicates_mode,
    duplicate_message,
    line_starts,
    offset_line_col,
)
from claw.core.errors import quoted

_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"(-?)(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_RAW_SURROGATE = re.compile("[\ud800-\udfff]")
_PAIR_OR_LONE = re.compile(r"\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}|\\u[dD][89a-fA-F][0-9a-fA-F]{2}"
                           "|[\ud800-\udfff]")
_CONSTANTS = {"true": True, "false": False, "null": None}
_NOT_JSON_WORDS = ("NaN", "Infinity", "-Infinity")


def _problem(text: str, offset: int, message: str) -> ParseProblem:
    return ParseProblem(*offset_line_col(text, offset), message)


def _what(text: str, at: int) -> str:
    if at >= len(text):
        return "the end of the file"
    return f"{quoted(text[at])}"


def _string(text: str, at: int) -> tuple[str, int]:
    """The string starting at the quote at ``at``, and the offset after it."""
    try:
        value, end = scanstring(text, at + 1, True)
    except json.JSONDecodeError as exc:
        if exc.msg.startswith("Unterminated string") or text[exc.pos:exc.pos + 1] in ("\n", "\r"):
            raise _problem(text, at, f"invalid JSON: string never closed: close the quote opened at "
                           f"{':'.join(map(str, offset_line_col(text, at)))}") from None
        msg = exc.msg.removesuffix(" at")
        raise _problem(text, exc.pos, f"invalid JSON: {msg[0].lower()}{msg[1:]}") from None
    if _RAW_SURROGATE.search(value):
        raw = text[at:end]
        for match in _PAIR_OR_LONE.finditer(raw):
            if len(match.group()) != 12:  # not a \\uD8xx\\uDCxx pair
                code = match.group() if match.group().startswith("\\") else f"U+{ord(match.group()):04X}"
                raise _problem(text, at + match.start(),
                               f"lone surrogate {code} in a string: not a Unicode character; remove it")
        raise _problem(text, at, "lone surrogate in a string: not a Unicode character; remove it")
    return value, end


def _number(text: str, at: int) -> tuple[Any, int]:
    match = _NUMBER.match(text, at)
    if not match:
        for word in _NOT_JSON_WORDS:
            if text.startswith(word, at):
                raise _problem(text, at, f"{word} is not a JSON number (claw files hold finite numbers only)")
        raise _problem(text, at, f"invalid JSON: expected a value, found {_what(text, at)}")
    sign, whole, fraction, exponent = match.groups()
    if fraction is None and exponent is None:
        if len(whole) > MAX_INT_DIGITS:
            raise _problem(text, at, f"integer with {len(whole)} digits: more than {MAX_INT_DIGITS} are refused")
        return int(match.group()), match.end()
    value = float(match.group())
    if not math.isfinite(value):
        raise _problem(text, at, f"number too large for a float: {match.group()[:20]}")
    return value, match.end()


def parse(text: str, duplicates: str = "refuse") -> Document:
    """Strict JSON → Document with positions (character offsets) for every node.

    Iterative, so depth costs no Python stack; raises ParseProblem at the first problem
    (a repeated key is one, unless ``duplicates="report"``: see ``positions.DUPLICATES``).
    """
    check_duplicates_mode(duplicates)
    text = strip_bom(text)
    doc = Document(None, line_starts=line_starts(text))
    report = duplicates == "report"
    keys, values, ws = doc.keys, doc.values, _skip
    # stack entries: [container, path, first key offsets (dicts) or None]
    stack: list[list] = []
    at = ws(text, 0)
    path: tuple = ()
    keys[()] = values[()] = at
    while True:
        # read one value at ``at`` (its path is ``path``)
        ch = text[at] if at < len(text) else ""
        if ch and ch in "{[":
            if len(stack) >= MAX_DEPTH:
                raise _problem(text, at, f"nesting deeper than {MAX_DEPTH} levels")
            container: Any = {} if ch == "{" else []
            stack.append([container, path, {} if ch == "{" else None])
            at = ws(text, at + 1)
            closing = "}" if ch == "{" else "]"
            if text.startswith(closing, at):
                value, at = container, at + 1
                stack.pop()
            else:
                if ch == "{":
                    key, at, path = _key(text, at, stack[-1], doc, ws, report)
                else:
                    path = path + (0,)
                    keys[path] = at
                values[path] = at
                continue
        elif ch == '"':
            value, at = _string(text, at)
            doc.quoted.add(path)
        elif (word := _constant_at(text, at)) is not None:
            value, at = _CONSTANTS[word], at + len(word)
        else:
            value, at = _number(text, at)
        # attach ``value`` to its parent; close every container that ends here
        while True:
            if not stack:
                doc.data = value
                end = ws(text, at)
                if end < len(text):
                    raise _problem(text, end, f"invalid JSON: extra data after the value, found {_what(text, end)}")
                return doc
            frame = stack[-1]
            parent, parent_path = frame[0], frame[1]
            if isinstance(parent, dict):
                if type(path[-1]) is not Repeated:  # a repeated key's value is read, then dropped
                    parent[path[-1]] = value
            else:
                parent.append(value)
            at = ws(text, at)
            closing = "}" if isinstance(parent, dict) else "]"
            if text.startswith(",", at):
                at = ws(text, at + 1)
                if isinstance(parent, dict):
                    key, at, path = _key(text, at, frame, doc, ws, report)
                else:
                    path = parent_path + (len(parent),)
                    keys[path] = at
                values[path] = at
                break
            if text.startswith(closing, at):
                stack.pop()
                value, path, at = parent, parent_path, at + 1
                continue
            expected = "',' or '}'" if closing == "}" else "',' or ']'"
            raise _problem(text, at, f"invalid JSON: expected {expected}, found {_what(text, at)}")


def _skip(text: str, at: int) -> int:
    """The offset past JSON white space at ``at``."""
    blank = _WS.match(text, at)
    return blank.end() if blank else at


def _key(text: str, at: int, frame: list, doc: Document, ws, report: bool) -> tuple[str, int, tuple]:
    """Read ``"key":`` at ``at``; returns (key, offset of its value, its path). A repeat is
    refused, or with ``report`` noted in ``doc.duplicates``; its value's path then ends in
    a ``Repeated`` step that no path of the document reaches (the first value stays)."""
    if not text.startswith('"', at):
        raise _problem(text, at, f"invalid JSON: expected a key in double quotes, found {_what(text, at)}")
    key, end = _string(text, at)
    seen = frame[2]
    repeated = key in seen
    if repeated and not report:
        raise _problem(text, at, duplicate_message(key, offset_line_col(text, seen[key])))
    end = ws(text, end)
    if not text.startswith(":", end):
        raise _problem(text, end, f"invalid JSON: expected ':' after the key, found {_what(text, end)}")
    if repeated:
        doc.duplicates.append((frame[1] + (key,), at, seen[key]))
        return key, ws(text, end + 1), frame[1] + (Repeated(key),)
    seen[key] = at
    path = frame[1] + (key,)
    doc.keys[path] = at
    return key, ws(text, end + 1), path


def _constant_at(text: str, at: int) -> str | None:
    for word in _CONSTANTS:
        if text.startswith(word, at):
            return word
    return None
