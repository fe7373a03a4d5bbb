"""Self-contained schemas for editors and tools (`claw schema NAME`).

The packaged schemas refer to each other by ``urn:claw:schema:`` ids, which only claw's
own registry resolves. A bundled schema copies every schema it refers to into its own
``$defs`` and rewrites each ``$ref`` to a local JSON pointer, so yaml-language-server,
check-jsonschema or plain ``jsonschema`` need nothing else. No ``$id`` is kept: an
editor resolves the pointers against the file itself.
"""

from __future__ import annotations

import copy
from typing import Any

from claw.cli.formats.content import load_schema

PREFIX = "urn:claw:schema:"
DEFS = "$defs"


def bundle(name: str) -> dict:
    """The schema ``name`` with every schema it reaches inlined under ``$defs``."""
    root = copy.deepcopy(load_schema(name))
    root.pop("$id", None)
    wanted = [name]
    done: set[str] = {name}
    inlined: dict[str, dict] = {}
    while wanted:
        current = wanted.pop()
        target = root if current == name else inlined[current]
        base = "#" if current == name else f"#/{DEFS}/{_def_name(current)}"
        for ref in _rewrite(target, base):
            if ref not in done:
                done.add(ref)
                inlined[ref] = copy.deepcopy(load_schema(ref))
                inlined[ref].pop("$id", None)
                inlined[ref].pop("$schema", None)
                wanted.append(ref)
    if inlined:
        defs = root.setdefault(DEFS, {})
        for ref in sorted(inlined):
            defs[_def_name(ref)] = inlined[ref]
    return root


def _def_name(schema_name: str) -> str:
    return f"claw-{schema_name}"


def _rewrite(node: Any, base: str) -> list[str]:
    """Rewrite ``$ref``s inside one inlined schema: its own ``#/...`` pointers are moved
    under ``base``, references to other claw schemas point at their ``$defs`` entry.
    Returns the names of the other schemas referred to."""
    found: list[str] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            ref = item.get("$ref")
            if isinstance(ref, str):
                if ref.startswith(PREFIX):
                    other, _, pointer = ref[len(PREFIX):].partition("#")
                    found.append(other)
                    item["$ref"] = f"#/{DEFS}/{_def_name(other)}{pointer}"
                elif ref.startswith("#") and base != "#":
                    item["$ref"] = base + ref[1:]
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found
