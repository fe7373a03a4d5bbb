"""Rule-level checks of msm files for ``claw validate`` (after the JSON Schema).

``check(kind, doc)`` returns Findings (``(path, message)`` pairs with a code and a
severity); ``path`` is a tuple of keys and indices into the document, which the CLI
turns into ``FILE:LINE:COLUMN``. Pure: the bestiary's rat names are passed in.
"""

from __future__ import annotations

from claw.core.errors import quoted
from claw.core.findings import collect, error, warning
from claw.core.graph import reach
from claw.core.msm.board import BLOCKING, DEFAULT_LEGEND, parse_map

SPAWN_PREFIX = "S"
OBJECTIVE = "O"


def check(kind: str, doc: dict, rat_types: set[str] | None = None, *, tolerant: bool = False,
          hero_ids: set[str] | None = None) -> list:
    """Rule-level problems of an msm scenario or campaign file of ``kind``."""
    if not isinstance(doc, dict):
        return []
    if kind == "campaign":
        return check_campaign(doc, hero_ids)
    return check_scenario(doc, rat_types, tolerant=tolerant) if kind == "scenario" else []


def check_campaign(doc: dict, hero_ids: set[str] | None) -> list:
    """Choose Your Heroes: the cats are the Dramatis Personae heroes (``hero_ids``), the
    ones `claw new` can seat."""
    heroes = doc.get("heroes")
    if hero_ids is None or not isinstance(heroes, dict):
        return []
    return [error(("heroes", hero), f"no hero called {quoted(hero)} in the Dramatis Personae", "MSM130",
                  choices=(hero, sorted(hero_ids), "heroes"))
            for hero in heroes if hero not in hero_ids]


def check_scenario(doc: dict, rat_types: set[str] | None = None, *, tolerant: bool = False) -> list:
    """The map's own problems, then C squares, markers, round-track letters, reach, rat names."""
    board_box: list = []

    def the_map():
        board, problems = parse_map(doc.get("map") or {})
        board_box.append(board)
        return [_map_finding(p, doc.get("map") or {}) for p in problems]

    def on_board():
        board = board_box[0] if board_box else None
        return _board_problems(doc, board) if board is not None else []

    def reminders():
        from claw.core.reminders import track_problems

        return track_problems(doc.get("reminders"), len(doc.get("round_track") or []), "MSM116")

    return collect([the_map, on_board, lambda: _rats(doc, rat_types), reminders], tolerant=tolerant)


def _map_finding(problem: tuple, map_doc: dict):
    """A problem of core/msm/board.py's map reader, with its code (and the legend for a
    character it does not know)."""
    path, message = problem[0], problem[1]
    offset = problem[2] if len(problem) > 2 else None
    if message.startswith("unknown map character"):
        legend = list(dict.fromkeys(list(DEFAULT_LEGEND) + [str(k) for k in (map_doc.get("legend") or {})]))
        typed = map_doc["rows"][path[-1]][offset]
        return error(path, message, "MSM102", offset, choices=(typed, legend, "map characters"))
    if message.startswith("row ") or message.startswith("a map of") or message.startswith("map too large"):
        return error(path, message, "MSM101", offset)
    if "edge" in message:
        return error(path, message, "MSM103", offset)
    return error(path, message, "MSM104", offset)


def _board_problems(doc: dict, board) -> list:
    problems = []
    if not board.marker_squares("C"):
        problems.append(error(("map", "rows"), "the map has no C square: the heroes have nowhere to start", "MSM110"))
    else:
        problems += _room_for_heroes(doc, board)
        problems += _unreachable(board)
    for marker, squares in board.markers.items():
        for sq in squares:
            if board.terrain_at(sq) == BLOCKING:  # only through a legend entry
                problems.append(error(("map", "rows", sq[1]), f"marker {marker} on a blocking square", "MSM112"))
    on_map = sorted(board.markers)
    for i, space in enumerate(doc.get("round_track") or []):
        for j, letter in enumerate(space or []):
            if letter not in board.markers:
                spawns = [m for m in on_map if m.startswith(SPAWN_PREFIX)]
                problems.append(error(("round_track", i, j),
                                      f"round {i + 1} spawns at {letter}, but the map has no {letter} square",
                                      "MSM113", choices=(letter, spawns, "spawn markers")))
    for marker in doc.get("placements") or {}:
        if marker not in board.markers:
            problems.append(error(("placements", marker), f"placement at {marker}, but the map has no {marker} square",
                                  "MSM114", choices=(marker, on_map, "markers")))
    for path, goal in _goals(doc):
        marker = goal.get("marker")
        if isinstance(marker, str) and marker not in board.markers:
            problems.append(error(path + ("marker",), f"goal {goal.get('id')} wants a cat on {marker}, but the map "
                                  f"has no {marker} square", "MSM115", choices=(marker, on_map, "markers")))
    on_track = {letter for space in doc.get("round_track") or [] for letter in space or []}
    for marker in sorted(m for m in board.markers if m.startswith(SPAWN_PREFIX) and m not in on_track):
        sq = board.markers[marker][0]
        problems.append(warning(("map", "rows", sq[1]), f"spawn square {marker} is on the map but no round of the "
                                "round track spawns there", "MSM203", sq[0]))
    return problems


def _unreachable(board) -> list:
    """Squares holding an objective or a spawn marker that no path from a C square reaches
    (walls and blocking squares cut it off): legal, but probably a drawing mistake."""
    from claw.core.msm.pathing import step_graph

    graph, w = step_graph(board), board.width
    seen = reach((y * w + x for x, y in board.marker_squares("C")), graph.__getitem__)
    out = []
    for marker, squares in sorted(board.markers.items()):
        for x, y in squares:
            if y * w + x in seen or board.terrain_at((x, y)) == BLOCKING:
                continue
            if marker == OBJECTIVE:
                out.append(warning(("map", "rows", y), f"no cat can reach the objective square at column {x + 1} "
                                   "from a C square", "MSM201", x))
            elif marker.startswith(SPAWN_PREFIX):
                out.append(warning(("map", "rows", y), f"spawn square {marker} at column {x + 1} cannot be reached "
                                   "from a C square: rats placed there never reach the cats", "MSM202", x))
    return out


def _rats(doc: dict, rat_types: set[str] | None) -> list:
    problems = []
    if rat_types is not None:
        for i, entry in enumerate(doc.get("rats") or []):
            name = entry.get("type") if isinstance(entry, dict) else None
            if isinstance(name, str) and name not in rat_types:
                problems.append(error(("rats", i, "type"), f"no rat called {quoted(name)} in the bestiary", "MSM120",
                                      choices=(name, sorted(rat_types), "rat types")))
    for path, goal in _goals(doc):
        name = goal.get("rat")
        if rat_types is not None and isinstance(name, str) and name not in rat_types:
            problems.append(error(path + ("rat",), f"goal {goal.get('id')} names no rat of the bestiary: "
                                  f"{quoted(name)}", "MSM120", choices=(name, sorted(rat_types), "rat types")))
    set_aside = sorted({e["type"] for e in doc.get("rats") or [] if isinstance(e, dict) and e.get("set_aside")})
    placements = doc.get("placements")
    for marker, name in (placements.items() if isinstance(placements, dict) else ()):
        if isinstance(name, str) and name not in set_aside:
            problems.append(error(("placements", marker),
                                  f"{marker} places {quoted(name)}, which is not a set-aside rat "
                                  "of this scenario's rats", "MSM122", choices=(name, set_aside, "set-aside rats")))
    pool = [e for e in doc.get("rats") or [] if isinstance(e, dict) and not e.get("set_aside")]
    if doc.get("rats") and not pool:
        problems.append(error(("rats",), "every rat is set aside: the rat pool would be empty", "MSM121"))
    return problems


def _goals(doc: dict) -> list[tuple[tuple, dict]]:
    """(path, goal) of each victory and defeat goal that is a mapping."""
    goals = doc.get("goals")
    out = []
    for side in ("victory", "defeat"):
        listed = goals.get(side) if isinstance(goals, dict) else None
        if isinstance(listed, list):
            out += [(("goals", side, i), goal) for i, goal in enumerate(listed) if isinstance(goal, dict)]
    return out


def _room_for_heroes(doc: dict, board) -> list:
    """Setup Scenario 1: heroes start on or next to C; the map must hold the cats it asks for."""
    from claw.core.msm.setup import hero_squares

    cats: dict = doc["cats"] if isinstance(doc.get("cats"), dict) else {}
    wanted = cats.get("count", 4)
    room = len(hero_squares(board))
    if isinstance(wanted, int) and room < wanted:
        where = ("cats", "count") if "count" in cats else ("map", "rows")
        return [error(where, f"{wanted} heroes must start on or next to C, but the map has only {room} "
                             "such square(s) (open, not across a wall, not an R square)", "MSM111")]
    return []


def loot_file_used(scenario: dict, path: tuple, deck: dict) -> list:
    """Setup: "only use the loot cards listed for the scenario" (its loot_decks levels). A
    loot file none of whose cards has such a level adds nothing to the deck: legal, but
    almost surely the wrong file or the wrong levels."""
    levels = scenario.get("loot_decks")
    cards = deck.get("cards") or []
    if not levels or not cards or any(card.get("level") in levels for card in cards):
        return []
    have = sorted({card.get("level") for card in cards if isinstance(card.get("level"), int)})
    return [warning(path, f"no card of this loot file has a level the scenario uses "
                          f"(loot_decks {', '.join(map(str, levels))}; the file has "
                          f"{', '.join(map(str, have)) or 'none'}): the file adds nothing to the deck", "MSM204")]


def campaign_cards(campaign: dict, decks: list[dict]) -> list:
    """Between scenarios: each card a campaign's heroes hold by id must be a card of the
    loot decks `claw new --campaign` reads (the campaign's `loot_decks` and its scenario's
    `loot_files`, ``decks`` here); the same test as `claw new` (core/msm/campaign.py)."""
    from claw.core.msm.campaign import unknown_cards
    from claw.core.msm.tavern import card_lookup

    cards = card_lookup([d for d in decks if isinstance(d, dict) and isinstance(d.get("cards"), list)])
    return [error(path, f"unknown loot card {quoted(ref)}: no loot deck of the campaign or its scenario holds "
                        "it, so claw new --campaign refuses the file", "MSM131", choices=(ref, sorted(cards), "cards"))
            for path, ref in unknown_cards(campaign, cards)]
