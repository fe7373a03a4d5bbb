"""Full JSON Schema validation with `jsonschema` (imported only here).

Used by `claw validate` for the complete, positioned list of errors, and by the hot
path only for schemas the fast checker cannot handle. Messages are worded here for a
person (no Python reprs), with "did you mean" hints for unknown keys and values.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache, lru_cache
from typing import Any

from claw.cli.formats.content import load_schema, schema_names

PREFIX = "urn:claw:schema:"

# stable codes of schema problems (docs/validate.md lists every code)
UNKNOWN_KEY, BAD_VALUE, WRONG_TYPE, MISSING_KEY, OUT_OF_RANGE, BAD_SHAPE = (
    "S001", "S002", "S003", "S004", "S005", "S006")


@lru_cache(maxsize=1)
def _registry():
    """Our schemas by ``urn:claw:schema:NAME``, each loaded only when a ``$ref`` reaches it."""
    from referencing import Registry, Resource
    from referencing.exceptions import NoSuchResource

    names = set(schema_names())

    def retrieve(uri: str):
        name = uri[len(PREFIX):] if uri.startswith(PREFIX) else None
        if name not in names:
            raise NoSuchResource(uri)
        return Resource.from_contents(python_patterns(load_schema(name)))

    return Registry(retrieve=retrieve)  # type: ignore[call-arg]  # an attrs alias mypy does not see


@cache
def validator_for(name: str):
    from jsonschema import Draft202012Validator

    schema = python_patterns(load_schema(name))
    return Draft202012Validator(schema, registry=_registry(),
                                format_checker=Draft202012Validator.FORMAT_CHECKER)


# where JSON Schema 2020-12 keeps subschemas: in a map by name, in a list, or one
_SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMAS = ("items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "contains",
            "propertyNames", "not", "if", "then", "else", "contentSchema")
# each rewritten pattern → the pattern as the schema file writes it (for messages)
_WRITTEN: dict[str, str] = {}


def python_patterns(schema: Any) -> Any:
    """A copy of ``schema`` whose ``pattern`` and ``patternProperties`` regexes mean for
    jsonschema (which runs them with Python's ``re``) what ECMA-262 says they mean
    (``fastschema.ecma_regex``: ``$`` matches only at the very end). Through every keyword
    that searches a pattern — pattern, patternProperties, additionalProperties,
    unevaluatedProperties — both schema paths then read patterns alike. Values that are
    data (``enum``, ``const``, ``default``, …) are copied as they are."""
    from claw.cli.validation.fastschema import ecma_regex

    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    for key, value in schema.items():
        if key == "pattern" and isinstance(value, str):
            out[key] = _rewritten(value, ecma_regex(value))
        elif key in _SCHEMA_MAPS and isinstance(value, dict):
            named = key == "patternProperties"
            out[key] = {(_rewritten(k, ecma_regex(k)) if named else k): python_patterns(v) for k, v in value.items()}
        elif key in _SCHEMA_LISTS and isinstance(value, list):
            out[key] = [python_patterns(v) for v in value]
        elif key in _SCHEMAS:
            out[key] = python_patterns(value)
    return out


def _rewritten(written: str, rewritten: str) -> str:
    _WRITTEN[rewritten] = written
    return rewritten


def iter_problems(name: str, value: Any) -> Iterator[tuple[tuple, str, bool, str]]:
    """Every schema problem as (path, message, points_at_key, code).

    ``points_at_key`` is true when the path ends at a key that should not be there, so
    the position is the key itself; otherwise the path names the offending value (for a
    missing key, code S004, the key that is missing: the mapping lacking it is ``path[:-1]``).
    """
    validator = validator_for(name)
    for error in sorted(validator.iter_errors(value), key=lambda e: list(map(str, e.absolute_path))):
        yield from _explain(error)


def _explain(error) -> Iterator[tuple[tuple, str, bool, str]]:
    path = tuple(error.absolute_path)
    kind = error.validator
    if kind in ("additionalProperties", "unevaluatedProperties") and isinstance(error.instance, dict):
        extras = _extra_keys(error)
        if extras:
            from claw.cli.render.suggest import hint

            known = sorted(error.schema.get("properties", {}))
            for key in extras:
                tip = hint(str(key), known, what="keys here", show_all=40)  # a file's top level has ~25
                yield path + (key,), f"unknown key {_show(key)}" + (f"; {tip}" if tip else ""), True, UNKNOWN_KEY
            return
    if kind in ("oneOf", "anyOf") and error.context and all(e.validator == "required" for e in error.context):
        keys = list(dict.fromkeys(_missing_key(e) for e in error.context))  # e.g. a marker or squares
        yield path + (keys[0],), "missing required property " + " or ".join(map(_show, keys)), False, MISSING_KEY
        return
    if kind in ("oneOf", "anyOf") and error.context:
        branch = _best_branch(error)
        if branch is not None:
            for sub in branch:
                yield from _explain(sub)
            return
    if kind == "required" and isinstance(error.instance, dict):  # the path names the missing key
        yield path + (_missing_key(error),), _words(error), False, MISSING_KEY
        return
    yield path, _words(error), False, _code(kind)


def _missing_key(error) -> str:
    """jsonschema reports each missing key on its own; its message names which."""
    want, value = error.validator_value, error.instance
    missing = [k for k in want if isinstance(value, dict) and k not in value and repr(k) in error.message]
    return missing[0] if missing else want[0]


def _extra_keys(error) -> list:
    import re

    schema = error.schema
    known = set(schema.get("properties", {}))
    patterns = [re.compile(p) for p in schema.get("patternProperties", {})]
    extras = [k for k in error.instance if k not in known and not any(p.search(str(k)) for p in patterns)]
    if error.validator == "unevaluatedProperties":
        extras = [k for k in error.instance if repr(k) in error.message] or extras
    return extras


def _best_branch(error) -> list | None:
    """The errors of the alternative that came closest (jsonschema's best_match idea): a
    branch whose type fits the value beats one that wants another type; then the branch
    whose errors reach deepest; then the one with fewest errors."""
    branches: dict[int, list] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)

    def rank(errors: list) -> tuple:
        wrong_type = any(not e.relative_path and _other_type(e) for e in errors)
        listed = any(e.validator == "enum" for e in errors)  # a list of names gives "did you mean"
        return (wrong_type, -max(len(e.relative_path) for e in errors), not listed, len(errors))

    if not branches:
        return None
    best = min(branches.values(), key=rank)
    if rank(best)[0]:  # every alternative wants another kind of value: say what is allowed
        return None
    return best


def _other_type(error) -> bool:
    """The error says the value is of another type than this alternative wants."""
    if error.validator == "type":
        return True
    if error.validator in ("enum", "const"):
        allowed = error.validator_value if error.validator == "enum" else [error.validator_value]
        return all(_type_of(a) != _type_of(error.instance) for a in allowed)
    return False


def _code(kind: str) -> str:
    if kind in ("enum", "const", "pattern", "format", "propertyNames"):
        return BAD_VALUE
    if kind == "type":
        return WRONG_TYPE
    if kind in ("required", "dependentRequired"):
        return MISSING_KEY
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength",
                "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"):
        return OUT_OF_RANGE
    return BAD_SHAPE


def _show(value: Any, limit: int = 60) -> str:
    """A value as the user would write it (JSON), shortened."""
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=False)
    except (TypeError, ValueError):
        text = str(value)
    if isinstance(value, dict):
        text = "a mapping" if len(text) > limit else text
    elif isinstance(value, list):
        text = f"a list of {len(value)}" if len(text) > limit else text
    return text if len(text) <= limit else text[: limit - 1] + "…"


_TYPE_WORDS = {"object": "a mapping", "array": "a list", "string": "a string", "integer": "a whole number",
               "number": "a number", "boolean": "true or false", "null": "null"}


def _got(value: Any) -> str:
    """The value with its type in words, the type said once ("a list of 3", not "a list a list of 3")."""
    shown, kind = _show(value), _TYPE_WORDS[_type_of(value)]
    return shown if shown.startswith(kind) else f"{kind} {shown}"


def _type_of(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    for name, kind in (("object", dict), ("array", list), ("string", str), ("integer", int), ("number", float)):
        if isinstance(value, kind):
            return name
    return "null"


def _words(error) -> str:
    """One sentence for a schema error, in words rather than Python reprs."""
    kind, value, want = error.validator, error.instance, error.validator_value
    if kind == "pattern":
        want = _WRITTEN.get(want, want)  # as the schema file writes it
    if kind == "type":
        wanted = [want] if isinstance(want, str) else list(want)
        return f"expected {' or '.join(_TYPE_WORDS.get(w, w) for w in wanted)}, got {_got(value)}"
    if kind == "enum":
        from claw.cli.render.suggest import hint

        choices = [str(c) for c in want]
        tip = hint(str(value), choices, what="values", show_all=20)
        return f"{_show(value)} is not allowed here" + (f"; {tip}" if tip else "")
    if kind == "const":
        return f"must be {_show(want)}, not {_show(value)}"
    if kind == "required":
        return f"missing required property {_show(_missing_key(error))}"
    if kind == "dependentRequired":
        return error.message.replace("'", "")
    bounds = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
              "exclusiveMaximum": "less than"}
    if kind in bounds:
        return f"{_show(value)} is out of range: must be {bounds[kind]} {want}"
    if kind == "multipleOf":
        return f"{_show(value)} must be a multiple of {want}"
    sizes = {"minLength": ("at least", "character"), "maxLength": ("at most", "character"),
             "minItems": ("at least", "item"), "maxItems": ("at most", "item"),
             "minProperties": ("at least", "key"), "maxProperties": ("at most", "key")}
    if kind in sizes:
        how, unit = sizes[kind]
        return f"needs {how} {want} {unit}{'s' if want != 1 else ''}, has {len(value)}"
    if kind == "pattern":
        if len(want) <= 40:
            return f"{_show(value)} does not have the expected form (pattern {want})"
        about = error.schema.get("description", "") if isinstance(error.schema, dict) else ""
        return f"{_show(value)} does not have the expected form" + (f": {about}" if 0 < len(about) <= 120 else "")
    if kind == "uniqueItems":
        return "the list repeats an item; each must appear once"
    if kind in ("oneOf", "anyOf"):
        if kind == "oneOf" and not error.context:
            return f"{_show(value)} fits more than one of the allowed forms; it must fit exactly one"
        forms = sorted({_TYPE_WORDS.get(_type_of_schema(s), "another form") for s in want})
        return f"expected {' or '.join(forms)}, got {_got(value)}"
    if kind == "not":
        return f"{_show(value)} is not allowed here"
    if kind == "propertyNames":
        return f"key {_show(value)} is not a valid name here"
    if kind == "additionalProperties" or kind == "unevaluatedProperties":
        return "unexpected keys here"
    if kind == "false":
        return "nothing is allowed here"
    return error.message


def _type_of_schema(schema: Any) -> str:
    if isinstance(schema, dict):
        if isinstance(schema.get("type"), str):
            return schema["type"]
        if "$ref" in schema:
            ref = load_schema(schema["$ref"][len(PREFIX):]) if schema["$ref"].startswith(PREFIX) else {}
            return ref.get("type", "object") if isinstance(ref.get("type"), str) else "object"
        if "enum" in schema or "const" in schema:
            return "string"
    return "other"
