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


# rule checks across a file and *all* the files it reaches (pure, in core): referring
# schema → ("module:function" taking (referring doc, [named docs]), the reference chains
# whose files are handed in). A chain is followed file by file: ("scenario",) then
# ("loot_files", "*") is the loot files of the scenario the campaign names.
BUNDLE_CHECKS: dict[str, tuple[str, tuple[tuple[tuple, ...], ...]]] = {
    "campaign-msm": ("claw.core.msm.checks:campaign_cards",
                     (((("loot_decks", "*"),)), (("scenario",), ("loot_files", "*")))),
}


def reached(chains: tuple[tuple[tuple, ...], ...], data: Any, folder: str, peek) -> list | None:
    """The documents the chains reach from ``data`` (a file in ``folder``), read with
    ``peek(path)`` (None for a file that does not parse); None when a file of a chain is
    missing or unreadable, so that a check across them would judge an incomplete set."""
    import os

    out: list = []
    for chain in chains:
        level = [(data, folder)]
        for pattern in chain:
            nxt = []
            for doc, where in level:
                for _path, ref, _kind in _walk(doc, pattern, (), ""):
                    full = ref if os.path.isabs(ref) else os.path.join(where, ref)
                    named = peek(full) if os.path.isfile(full) else None
                    if not isinstance(named, dict):
                        return None
                    nxt.append((named, os.path.dirname(full)))
            level = nxt
        out += [doc for doc, _ in level]
    return out


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
