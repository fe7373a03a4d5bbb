"""Full JSON Schema validation with `jsonschema` (imported only here).

Used by `claw validate` for the complete, positioned list of errors, and by the hot
path only for schemas the fast checker cannot handle.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from typing import Any

from claw.cli.content import load_schema, schema_names

PREFIX = "urn:claw:schema:"


@lru_cache(maxsize=1)
def _registry():
    from referencing import Registry, Resource

    resources = []
    for name in schema_names():
        schema = load_schema(name)
        resource = Resource.from_contents(schema)
        resources.append((schema.get("$id", PREFIX + name), resource))
        resources.append((PREFIX + name, resource))
    return Registry().with_resources(resources)


@cache
def validator_for(name: str):
    from jsonschema import Draft202012Validator

    schema = load_schema(name)
    return Draft202012Validator(schema, registry=_registry(),
                                format_checker=Draft202012Validator.FORMAT_CHECKER)


def iter_problems(name: str, value: Any) -> Iterator[tuple[tuple, str, bool]]:
    """Every schema problem as (path, message, points_at_key).

    ``points_at_key`` is true when the path ends at a key that should not be there, so
    the position is the key itself; otherwise the path names the offending value (or,
    for a missing key, the mapping that lacks it).
    """
    validator = validator_for(name)
    for error in sorted(validator.iter_errors(value), key=lambda e: list(map(str, e.absolute_path))):
        yield from _explain(error)


def _explain(error) -> Iterator[tuple[tuple, str, bool]]:
    path = tuple(error.absolute_path)
    if error.validator in ("additionalProperties", "unevaluatedProperties") and isinstance(error.instance, dict):
        schema = error.schema
        known = set(schema.get("properties", {}))
        import re

        patterns = [re.compile(p) for p in schema.get("patternProperties", {})]
        extras = [k for k in error.instance if k not in known and not any(p.search(k) for p in patterns)]
        if error.validator == "unevaluatedProperties":
            extras = [k for k in error.instance if repr(k) in error.message] or extras
        if extras:
            hint = f" (expected one of: {', '.join(sorted(known))})" if known and len(known) <= 12 else ""
            for key in extras:
                yield path + (key,), f"unknown key {key!r}{hint}", True
            return
    if error.validator in ("oneOf", "anyOf") and error.context:
        from jsonschema.exceptions import best_match

        best = best_match(error.context)
        others = len(error.context) - 1
        for p, msg, at_key in _explain(best):
            suffix = f" ({others} other alternative(s) also failed)" if others > 0 else ""
            yield path + tuple(best.relative_path) if not p else p, msg + suffix, at_key
        return
    yield path, error.message, False
