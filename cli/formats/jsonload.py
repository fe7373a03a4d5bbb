"""Strict JSON: one reader for states and for JSON scenario files.

Refused, each with the line and column where it starts: syntax errors, duplicate keys,
NaN/Infinity (and numbers too large for a float), integers longer than
``MAX_INT_DIGITS``, lone UTF-16 surrogates (``"\\ud800"``: not Unicode, and unwritable
as UTF-8), nesting deeper than ``MAX_DEPTH``. A UTF-8 byte order mark is skipped.

Two paths that accept exactly the same language: ``loads`` (states, every command) runs
the C ``json`` scanner with checking hooks (``claw.cli.formats.cjson``), and only when it objects re-reads the text
with ``parse`` (``claw.cli.formats.jsonparse``, a small position-keeping parser, imported only
then) to say where; ``parse`` is also what ``claw validate`` uses, since it keeps a
position for every node.
"""

from __future__ import annotations

import math
from typing import Any

from claw.cli.formats.cjson import scanner
from claw.cli.formats.positions import MAX_DEPTH, MAX_INT_DIGITS, ParseProblem


class _Refused(Exception):
    """Raised by a hook of the fast path: re-read with ``parse`` to say where."""


def strip_bom(text: str) -> str:
    return text[1:] if text.startswith("\ufeff") else text


# --- the fast path -------------------------------------------------------------------

def _pairs(pairs: list) -> dict:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise _Refused
    return data


def _int(digits: str) -> int:
    if len(digits) - digits.startswith("-") > MAX_INT_DIGITS:
        raise _Refused
    return int(digits)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused
    return value


def _constant(word: str) -> float:
    raise _Refused


_scan = scanner(object_pairs_hook=_pairs, parse_int=_int, parse_float=_float, parse_constant=_constant)


def _depth_over(data: Any, limit: int) -> bool:
    """Nesting deeper than ``limit``? One level at a time (cheaper than a stack of pairs)."""
    level = [data] if isinstance(data, (dict, list)) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        below: list = []
        for node in level:
            below += [c for c in (node.values() if type(node) is dict else node) if type(c) is dict or type(c) is list]
        level = below
    return False


def _may_hold_surrogates(text: str) -> bool:
    """Cheap and conservative: an escape that could be one (``\\udXXX``), or a raw one
    (which UTF-8 cannot encode). The positioned parser then looks closely."""
    if "\\ud" in text or "\\uD" in text:
        return True
    if text.isascii():
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def loads(text: str, name: str) -> Any:
    """Plain data of strict JSON ``text``; InvalidInput ``NAME:LINE:COL: message`` if not."""
    text = strip_bom(text)
    if not _may_hold_surrogates(text):
        try:
            data = _scan(text)
        except (_Refused, ValueError, RecursionError):
            pass  # JSONDecodeError is a ValueError; parse() below says where and why
        else:
            if not _depth_over(data, MAX_DEPTH):
                return data
    try:
        return parse(text).data
    except ParseProblem as exc:
        from claw.core.errors import InvalidInput

        raise InvalidInput(f"{name}:{exc.line}:{exc.column}: {exc.message}") from None


def parse(text: str, duplicates: str = "refuse"):
    """Strict JSON → ``Document`` with a position for every node (ParseProblem if not;
    ``duplicates="report"`` reads past a repeated key: see ``positions.DUPLICATES``)."""
    from claw.cli.formats.jsonparse import parse as parse_positioned

    return parse_positioned(text, duplicates)
