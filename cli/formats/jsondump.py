"""State files as ``json.dumps(data, ensure_ascii=False, indent=1)`` writes them, faster.

With ``indent`` the standard library encodes in Python generators (its C encoder only
does compact output); every state command that writes pays for it. This writes the same
bytes for plain JSON data (str keys, str/int/float/bool/None, lists, dicts) with one
call per value, and hands anything else (tuples, subclasses, NaN, very deep nesting) to
``json.dumps`` itself, so the output and its errors stay the library's.
"""

from __future__ import annotations

from claw.cli.formats.cjson import encode_basestring  # the C one (ensure_ascii=False)

if encode_basestring is None:  # no C accelerator
    from json.encoder import encode_basestring

_INFINITIES = (float("inf"), float("-inf"))


class _Unusual(Exception):
    """A value the fast path leaves to json.dumps."""


def dumps_indent1(data) -> str:
    out: list[str] = []
    try:
        _emit(data, out.append, "\n")
    except (_Unusual, RecursionError):
        import json

        return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False, allow_nan=False)
    return "".join(out)


def _emit(value, put, newline: str) -> None:
    kind = value.__class__
    if kind is str:
        put(encode_basestring(value))
    elif kind is dict:
        if not value:
            put("{}")
            return
        inner = newline + " "
        sep = "{" + inner
        for key, item in value.items():
            if key.__class__ is not str:
                raise _Unusual
            put(sep)
            put(encode_basestring(key))
            put(": ")
            _emit(item, put, inner)
            sep = "," + inner
        put(newline + "}")
    elif kind is list:
        if not value:
            put("[]")
            return
        inner = newline + " "
        sep = "[" + inner
        for item in value:
            put(sep)
            _emit(item, put, inner)
            sep = "," + inner
        put(newline + "]")
    elif kind is int:
        put(int.__repr__(value))
    elif value is None:
        put("null")
    elif value is True:
        put("true")
    elif value is False:
        put("false")
    elif kind is float and value == value and value not in _INFINITIES:
        put(float.__repr__(value))
    else:
        raise _Unusual
