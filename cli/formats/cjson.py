"""The standard library's C JSON scanner and string encoder, without importing ``json``.

Importing ``json`` compiles six regular expressions and builds a default encoder and
decoder: about 2% of a stateful command's start-up (docs/performance.md), paid on every
run for a parser that is already in the interpreter as ``_json``. ``loads`` here reads
exactly what ``json.loads`` reads (it is the same scanner) and, whenever the text is not
plain valid JSON, hands it to ``json.loads`` itself, so errors and edge cases stay the
library's.
"""

from __future__ import annotations

from typing import Any

try:
    from _json import encode_basestring, make_scanner
except ImportError:  # an interpreter without the C accelerator: the library's own path
    encode_basestring = make_scanner = None  # type: ignore[assignment, misc]

_SPACE = " \t\n\r"  # json's whitespace, nothing else


class _Context:
    """What ``_json.make_scanner`` reads from a decoder."""

    def __init__(self, object_pairs_hook, parse_int, parse_float, parse_constant) -> None:
        self.strict = True
        self.object_hook = None
        self.object_pairs_hook = object_pairs_hook
        self.parse_int = parse_int
        self.parse_float = parse_float
        self.parse_constant = parse_constant


def scanner(*, object_pairs_hook=None, parse_int=int, parse_float=float, parse_constant=None):
    """A ``loads(text)`` like ``json.loads(text, **hooks)``; a hook's own exception goes
    through, and text json would refuse raises ``ValueError`` (json's JSONDecodeError)."""
    hooks = {"object_pairs_hook": object_pairs_hook, "parse_int": parse_int, "parse_float": parse_float}
    if parse_constant is not None:
        hooks["parse_constant"] = parse_constant
    if make_scanner is None:
        return lambda text: _library(text, hooks)
    constants = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}
    context = _Context(object_pairs_hook, parse_int, parse_float, parse_constant or constants.__getitem__)
    scan = make_scanner(context)  # type: ignore[arg-type]  # the C type reads any object's attributes

    def loads(text: str) -> Any:
        start = len(text) - len(text.lstrip(_SPACE))
        try:
            data, end = scan(text, start)
        except StopIteration:  # no value where one must be: let json say so, as it says it
            return _library(text, hooks)
        if len(text.rstrip(_SPACE)) != end:  # trailing data (or a stray BOM): json's message
            return _library(text, hooks)
        return data

    return loads


def _library(text: str, hooks: dict) -> Any:
    import json

    return json.loads(text, **hooks)


loads = scanner()  # json.loads(text) for package data and schemas


_plain_scan = None


def top_level(text: str, key: str) -> tuple[bool, Any]:
    """(True, value) of ``key`` in the JSON object ``text``, read from the start up to that
    value and no further; (False, None) when the object has no such key before its end or
    the text stops being JSON first (``text`` may be the head of a longer file)."""
    global _plain_scan
    if make_scanner is None:
        return False, None
    if _plain_scan is None:
        _plain_scan = make_scanner(_Context(None, int, float, float))  # type: ignore[arg-type]
    scan, n = _plain_scan, len(text)

    def skip(i: int) -> int:
        while i < n and text[i] in _SPACE:
            i += 1
        return i

    i = skip(0)
    if not text.startswith("{", i):
        return False, None
    i = skip(i + 1)
    try:
        while i < n and text[i] == '"':
            name, i = scan(text, i)
            i = skip(i)
            if not text.startswith(":", i):
                return False, None
            value, i = scan(text, skip(i + 1))
            if name == key:
                return True, value
            i = skip(i)
            if not text.startswith(",", i):
                return False, None
            i = skip(i + 1)
    except (StopIteration, ValueError, RecursionError):
        pass
    return False, None
