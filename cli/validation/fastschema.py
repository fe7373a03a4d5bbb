"""A small JSON Schema 2020-12 checker for the hot path.

`jsonschema` costs ~110 ms to import, more than the rest of a state command together.
States are validated on every read and write, so this module checks the keywords our
schemas use, straight from the same schema files (they stay the single source of
truth). The bundled schemas use only the keywords in ``SUPPORTED`` (a test scans each
with ``Checker``), and `claw validate` always uses `jsonschema` for its full, positioned
report; tests/foundation/test_schemas.py checks both agree.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from claw.cli.formats.content import load_schema
from claw.core.errors import quoted

PREFIX = "urn:claw:schema:"
ANNOTATIONS = {"$schema", "$id", "$defs", "$comment", "title", "description", "default",
               "examples", "deprecated", "readOnly", "writeOnly", "markdownDescription"}
SUPPORTED = ANNOTATIONS | {
    "$ref", "type", "enum", "const", "properties", "required", "additionalProperties",
    "patternProperties", "propertyNames", "minProperties", "maxProperties", "items",
    "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
    "pattern", "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
    "dependentRequired",
}


class Unsupported(Exception):
    pass


def _type_ok(value: Any, name: str) -> bool:
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "string":
        return isinstance(value, str)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if isinstance(value, bool):
        return False
    if name == "integer":
        return isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    if name == "number":
        return isinstance(value, (int, float))
    return False


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def ecma_regex(pattern: str) -> str:
    """A JSON Schema pattern (ECMA-262) as Python ``re`` reads it the same way.

    The one difference claw's patterns meet: ECMA's ``$`` (no multiline flag) matches only
    at the end of the text, Python's also before a final newline, so ``^[a-z]+$`` would
    let ``"filch\\n"`` through. Every ``$`` that is an anchor becomes ``\\Z``; an escaped
    ``\\$`` and a ``$`` inside a character class (``[$]``) are literal and stay."""
    if "$" not in pattern:
        return pattern
    out: list[str] = []
    i, n = 0, len(pattern)
    in_class = False
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if in_class:
            if ch == "]":
                in_class = False
        elif ch == "[":
            in_class = True
            out.append(ch)
            i += 1
            if pattern.startswith("^", i):  # a negated class
                out.append("^")
                i += 1
            if pattern.startswith("]", i):  # `]` first in a class is literal (as Python reads it)
                out.append("]")
                i += 1
            continue
        elif ch == "$":
            out.append("\\Z")
            i += 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


@lru_cache(maxsize=512)
def _regex(pattern: str) -> re.Pattern:
    return re.compile(ecma_regex(pattern))


class Checker:
    """Validates against one root schema; returns the first error as (path, message)."""

    def __init__(self, root: dict, scan: bool = True) -> None:
        self.root = root
        # a $ref is looked up (and another schema file read and scanned) once per checker:
        # a state with many copied cards follows the same few refs hundreds of times
        self._roots: dict[str, dict] = {}
        self._refs: dict[tuple[int, str], tuple[dict, dict]] = {}
        # ``scan``: refuse (Unsupported) a keyword this checker does not know; the bundled
        # schemas are held to SUPPORTED by tests/foundation/test_schemas.py, so the hot path
        # spares the walk over every node of every schema it loads
        self.scan = scan
        if scan:
            self._scan(root)

    def _scan(self, schema: Any) -> None:
        if isinstance(schema, dict):
            for key, sub in schema.items():
                if key not in SUPPORTED:
                    raise Unsupported(key)
                if key in ("properties", "patternProperties", "$defs", "dependentRequired"):
                    if key != "dependentRequired":
                        for s in sub.values():
                            self._scan(s)
                elif key in ("allOf", "anyOf", "oneOf", "prefixItems"):
                    for s in sub:
                        self._scan(s)
                elif key in ("items", "additionalProperties", "not", "if", "then", "else",
                             "contains", "propertyNames"):
                    self._scan(sub)

    def _resolve(self, ref: str) -> tuple[dict, dict]:
        key = (id(self.root), ref)  # every root stays alive in self._roots, so its id is its own
        found = self._refs.get(key)
        if found is None:
            found = self._refs[key] = self._lookup(ref)
        return found

    def _lookup(self, ref: str) -> tuple[dict, dict]:
        if ref.startswith("#"):
            root, pointer = self.root, ref[1:]
        else:
            uri, _, pointer = ref.partition("#")
            name = uri[len(PREFIX):] if uri.startswith(PREFIX) else uri.removesuffix(".json")
            if name not in self._roots:
                self._roots[name] = load_schema(name)
                if self.scan:
                    self._scan(self._roots[name])
            root = self._roots[name]
        node = root
        for part in filter(None, pointer.split("/")):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        return node, root

    def first_error(self, value: Any, schema: Any = None, path: tuple = ()) -> tuple | None:
        return self._check(value, self.root if schema is None else schema, path, self.root)

    def _check(self, v: Any, s: Any, path: tuple, root: dict) -> tuple | None:
        if s is True:
            return None
        if s is False:
            return path, "no value is allowed here"
        if "$ref" in s:
            target, new_root = self._resolve(s["$ref"])
            saved, self.root = self.root, new_root
            try:
                err = self._check(v, target, path, new_root)
            finally:
                self.root = saved
            if err:
                return err
        t = s.get("type")
        if t is not None:
            names = t if isinstance(t, list) else [t]
            if not any(_type_ok(v, n) for n in names):
                return path, f"{_short(v)} is not of type {' or '.join(map(repr, names))}"
        if "const" in s and not _equal(v, s["const"]):
            return path, f"{_short(v)} should be {quoted(s['const'])}"
        if "enum" in s and not any(_equal(v, e) for e in s["enum"]):
            if "title" in s:  # a named list ("in the bestiary") says what the value is not
                return path, f"{_short(v)} is not {s['title']} (one of {quoted(s['enum'])})"
            return path, f"{_short(v)} is not one of {quoted(s['enum'])}"
        if isinstance(v, dict):
            err = self._object(v, s, path, root)
            if err:
                return err
        elif isinstance(v, list):
            err = self._array(v, s, path, root)
            if err:
                return err
        elif isinstance(v, str):
            if "minLength" in s and len(v) < s["minLength"]:
                return path, f"{_short(v)} is too short"
            if "maxLength" in s and len(v) > s["maxLength"]:
                return path, f"{_short(v)} is too long"
            if "pattern" in s and not _regex(s["pattern"]).search(v):
                return path, f"{_short(v)} does not match {quoted(s['pattern'])}"
        elif isinstance(v, (int, float)) and not isinstance(v, bool):
            if "minimum" in s and v < s["minimum"]:
                return path, f"{v} is less than the minimum of {s['minimum']}"
            if "maximum" in s and v > s["maximum"]:
                return path, f"{v} is greater than the maximum of {s['maximum']}"
            if "exclusiveMinimum" in s and v <= s["exclusiveMinimum"]:
                return path, f"{v} should be more than {s['exclusiveMinimum']}"
            if "exclusiveMaximum" in s and v >= s["exclusiveMaximum"]:
                return path, f"{v} should be less than {s['exclusiveMaximum']}"
            if "multipleOf" in s and (v / s["multipleOf"]) % 1:
                return path, f"{v} is not a multiple of {s['multipleOf']}"
        for sub in s.get("allOf", ()):
            err = self._check(v, sub, path, root)
            if err:
                return err
        if "anyOf" in s:
            errs = [self._check(v, sub, path, root) for sub in s["anyOf"]]
            if all(errs):
                return errs[0]
        if "oneOf" in s:
            errs = [self._check(v, sub, path, root) for sub in s["oneOf"]]
            ok = sum(e is None for e in errs)
            if ok == 0:
                return errs[0]
            if ok > 1:
                return path, f"{_short(v)} matches more than one allowed form"
        if "not" in s and self._check(v, s["not"], path, root) is None:
            return path, f"{_short(v)} is not allowed here"
        if "if" in s:
            branch = "then" if self._check(v, s["if"], path, root) is None else "else"
            if branch in s:
                err = self._check(v, s[branch], path, root)
                if err:
                    return err
        return None

    def _object(self, v: dict, s: dict, path: tuple, root: dict) -> tuple | None:
        for key in s.get("required", ()):
            if key not in v:
                return path, f"{quoted(key)} is a required property"
        for key, needs in s.get("dependentRequired", {}).items():
            if key in v:
                for other in needs:
                    if other not in v:
                        return path, f"{quoted(other)} is required when {quoted(key)} is present"
        if "minProperties" in s and len(v) < s["minProperties"]:
            return path, "has too few properties"
        if "maxProperties" in s and len(v) > s["maxProperties"]:
            return path, "has too many properties"
        props = s.get("properties", {})
        patterns = s.get("patternProperties", {})
        extra = s.get("additionalProperties", True)
        names = s.get("propertyNames")
        for key, value in v.items():
            if names is not None:
                err = self._check(key, names, path + (key,), root)
                if err:
                    return err
            matched = False
            if key in props:
                matched = True
                err = self._check(value, props[key], path + (key,), root)
                if err:
                    return err
            for pattern, sub in patterns.items():
                if _regex(pattern).search(key):
                    matched = True
                    err = self._check(value, sub, path + (key,), root)
                    if err:
                        return err
            if not matched and extra is not True:
                if extra is False:
                    return path + (key,), f"unknown key {quoted(key)}"
                err = self._check(value, extra, path + (key,), root)
                if err:
                    return err
        return None

    def _array(self, v: list, s: dict, path: tuple, root: dict) -> tuple | None:
        if "minItems" in s and len(v) < s["minItems"]:
            return path, f"should have at least {s['minItems']} item(s)"
        if "maxItems" in s and len(v) > s["maxItems"]:
            return path, f"should have at most {s['maxItems']} item(s)"
        prefix = s.get("prefixItems", [])
        for i, sub in enumerate(prefix[: len(v)]):
            err = self._check(v[i], sub, path + (i,), root)
            if err:
                return err
        items = s.get("items")
        if items is not None:
            for i in range(len(prefix), len(v)):
                err = self._check(v[i], items, path + (i,), root)
                if err:
                    return err
        if s.get("uniqueItems"):
            for i in range(len(v)):
                for j in range(i):
                    if _equal(v[i], v[j]):
                        return path + (i,), f"{_short(v[i])} is a duplicate"
        if "contains" in s and not any(self._check(x, s["contains"], path, root) is None for x in v):
            return path, "does not contain a required item"
        return None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


@cache
def _checker(name: str) -> Callable[..., tuple | None]:
    schema = load_schema(name)
    checker = Checker(schema, scan=False)  # bundled: every keyword is SUPPORTED (tested)

    def first(value: Any, skip: dict | None = None) -> tuple | None:
        root = _skipping(schema, skip, lambda ref: checker._resolve(ref)[0]) if skip else schema
        return checker.first_error(value, root)

    return first


def first_error(name: str, value: Any, skip: dict | None = None) -> tuple | None:
    """The first problem of ``value`` against schema ``name``, as (path, message), or None.
    ``skip``: parts known good because unchanged since they were checked, as a tree
    (name → None for all of it, or the same tree for its members; ``seal.unchanged``)."""
    return _checker(name)(value, skip)


def _skipping(schema: dict, skip: dict, resolve: Callable[[str], dict]) -> dict:
    """``schema`` with the parts in ``skip`` (a tree: name → None for all of it, or the same
    tree for its members) accepted as they are. A skipped member goes under ``properties``
    as ``true``, a partly skipped one as the schema that applied to it, relaxed the same
    way (through a ``#`` reference; anything else is checked in full). Every other keyword
    — required, propertyNames, patternProperties, the node's own — still applies, so the
    answer for a value whose skipped parts passed before is the full check's."""
    props = dict(schema.get("properties", {}))
    extra = schema.get("additionalProperties")
    for key, inner in skip.items():
        if inner is None:
            props[key] = True
            continue
        sub = props.get(key, extra)
        if isinstance(sub, dict) and set(sub) == {"$ref"} and sub["$ref"].startswith("#"):
            sub = resolve(sub["$ref"])
        if isinstance(sub, dict) and "$ref" not in sub:
            props[key] = _skipping(sub, inner, resolve)
    return {**schema, "properties": props}


def format_path(path: tuple) -> str:
    out = "$"
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else f".{step}"
    return out
