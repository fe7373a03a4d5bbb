"""Rule-level checks of msm files for ``claw validate`` (after the JSON Schema).

``check(kind, doc)`` returns ``[(path, message), ...]``; ``path`` is a tuple of keys
and indices into the document, which the CLI turns into ``FILE:LINE:COLUMN``.
Pure: the bestiary's rat names are passed in by the caller.
"""

from __future__ import annotations

from claw.core.errors import quoted
from claw.core.msm.board import BLOCKING, parse_map

SPAWN_PREFIX = "S"


def check(kind: str, doc: dict, rat_types: set[str] | None = None) -> list[tuple[tuple, str]]:
    """Rule-level problems of an msm file of ``kind`` (only scenarios have any)."""
    if kind != "scenario" or not isinstance(doc, dict):
        return []
    return check_scenario(doc, rat_types)


def check_scenario(doc: dict, rat_types: set[str] | None = None) -> list[tuple[tuple, str]]:
    """The map's own problems, then C squares, markers, round-track letters and rat names."""
    problems: list[tuple[tuple, str]] = []
    board, map_problems = parse_map(doc.get("map") or {})
    problems += map_problems
    if board is not None:
        if not board.marker_squares("C"):
            problems.append((("map", "rows"), "the map has no C square: the heroes have nowhere to start"))
        else:
            problems += _room_for_heroes(doc, board)
        for marker, squares in board.markers.items():
            for sq in squares:
                if board.terrain_at(sq) == BLOCKING:  # only through a legend entry
                    problems.append((("map", "rows", sq[1]), f"marker {marker} on a blocking square"))
        on_map = set(board.markers)
        for i, space in enumerate(doc.get("round_track") or []):
            for j, letter in enumerate(space or []):
                if letter not in on_map:
                    problems.append((("round_track", i, j),
                                     f"round {i + 1} spawns at {letter}, but the map has no {letter} square"))
    if rat_types is not None:
        for i, entry in enumerate(doc.get("rats") or []):
            name = entry.get("type") if isinstance(entry, dict) else None
            if name is not None and name not in rat_types:
                known = ", ".join(sorted(rat_types))
                problems.append((("rats", i, "type"), f"no rat called {quoted(name)} in the bestiary (known: {known})"))
    pool = [e for e in doc.get("rats") or [] if isinstance(e, dict) and not e.get("set_aside")]
    if doc.get("rats") and not pool:
        problems.append((("rats",), "every rat is set aside: the rat pool would be empty"))
    return problems


def _room_for_heroes(doc: dict, board) -> list[tuple[tuple, str]]:
    """Setup Scenario 1: heroes start on or next to C; the map must hold the cats it asks for."""
    from claw.core.msm.setup import hero_squares

    cats: dict = doc["cats"] if isinstance(doc.get("cats"), dict) else {}
    wanted = cats.get("count", 4)
    room = len(hero_squares(board))
    if isinstance(wanted, int) and room < wanted:
        where = ("cats", "count") if "count" in cats else ("map", "rows")
        return [(where, f"{wanted} heroes must start on or next to C, but the map has only {room} "
                        "such square(s) (open, not across a wall, not an R square)")]
    return []
