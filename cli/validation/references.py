"""The files a scenario, campaign or state names, for `claw validate` to follow.

Each entry: the schema of the referring file → (path pattern, kind the named file must
have). ``"*"`` in a pattern stands for every item of a list. Paths are resolved from
the folder of the referring file (docs/conventions.md, portable references).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

REFERENCES: dict[str, list[tuple[tuple, str]]] = {
    "scenario-ratcatcher": [(("character",), "character"), (("nemesis",), "nemesis"),
                            (("townships",), "townships"), (("peculiar",), "peculiar")],
    "scenario-msm": [(("loot_files", "*"), "loot")],
    "campaign-msm": [(("scenario",), "scenario"), (("loot_decks", "*"), "loot")],
    "state": [(("state", "scenario", "loot_paths", "*"), "loot")],
}

# rule checks across a file and one it names (pure, in core): (referring schema, kind of
# the named file) → "module:function" taking (referring doc, path of the reference,
# named doc) and returning Findings at paths of the referring doc
CROSS_CHECKS: dict[tuple[str, str], str] = {
    ("scenario-msm", "loot"): "claw.core.msm.checks:loot_file_used",
    ("scenario-ratcatcher", "character"): "claw.core.ratcatcher.checks:character_used",
}


def references(schema: str, data: Any) -> Iterator[tuple[tuple, str, str]]:
    """(path, file name, expected kind) for every file reference in ``data``."""
    for pattern, kind in REFERENCES.get(schema, []):
        yield from _walk(data, pattern, (), kind)


def _walk(node: Any, pattern: tuple, at: tuple, kind: str) -> Iterator[tuple[tuple, str, str]]:
    if not pattern:
        if isinstance(node, str) and node:
            yield at, node, kind
        return
    step, rest = pattern[0], pattern[1:]
    if step == "*":
        if isinstance(node, list):
            for i, item in enumerate(node):
                yield from _walk(item, rest, at + (i,), kind)
    elif isinstance(node, dict) and step in node:
        yield from _walk(node[step], rest, at + (step,), kind)
