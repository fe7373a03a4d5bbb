"""Standard scenario setup ("Setup Scenario 1", "Choose Your Heroes") and the board of
a state.

``new_state`` follows the setup list: the rat pool (orange names set aside) is
shuffled face down, heroes go on or next to C, one marker is drawn onto each R, two
loot markers on each L (or the count the map gives), an objective marker on each O,
the round marker on the first space, an empty discard pile. Markers a hero can
already see are revealed at once.
"""

from __future__ import annotations

from claw.core.errors import InvalidInput, UsageError, quoted
from claw.core.msm.board import Board, board_from_map
from claw.core.msm.squares import Square, orthogonal_neighbours, square_name
from claw.core.outcome import Outcome

CAT_AP = 2
TWO_CAT_AP = 3  # "Choose Your Heroes": 2 cats play with 3 AP each
DEFAULT_HEROES = ("guy", "adara", "leon", "nera")

_BOARDS: dict[int, tuple[object, Board]] = {}


def board_from_state(state: dict) -> Board:
    """The board of a state (rebuilt from ``state["map"]``, cached per map object).

    Raises InvalidInput when the state puts a figure where none can be (see
    :func:`check_figures`), so an edited state file is refused, not half-used.
    """
    doc = state["map"]
    board = _cached(doc)
    if board is None:
        board = _remember(doc, board_from_map(doc))
    check_figures(board, state)
    return board


def _cached(doc: dict) -> Board | None:
    hit = _BOARDS.get(id(doc))
    return hit[1] if hit is not None and hit[0] is doc else None


def _remember(doc: dict, board: Board) -> Board:
    if len(_BOARDS) > 16:
        _BOARDS.clear()
    _BOARDS[id(doc)] = (doc, board)
    return board


def check_figures(board: Board, state: dict) -> None:
    """Refuse a state whose figures break the board: off the map, on a red square, or a
    figure other than a roach sharing a square (only roaches stack, "Les Cafard")."""
    for _, message in figure_problems(board, state):
        raise InvalidInput(f"state: {message}")


def figure_problems(board: Board, state: dict):
    """(path in the game part, message) for each figure the board cannot hold (see check_figures)."""
    from claw.core.msm.figures import acts_as_roach
    from claw.core.msm.movement import POUNCE_RULINGS
    from claw.core.msm.squares import parse_square

    held: dict[Square, str] = {}
    for fid, fig in (state.get("figures") or {}).items():
        name = fig.get("square")
        if not name:
            continue
        where = ("figures", fid, "square")
        try:
            sq = parse_square(name)
        except UsageError:
            yield where, f"{fid} stands on {quoted(name)}, which is not a square name"
            continue
        if not board.in_bounds(sq):
            yield where, f"{fid} is on {name}, off the {board.width}x{board.height} map"
        elif board.is_blocking(sq):
            yield where, f"{fid} is on {name}, a red (blocking) square"
        elif not acts_as_roach(fig):
            if sq in held:
                yield where, f"{held[sq]} and {fid} share {name}; only roaches stack"
            else:
                held[sq] = fid
    for fid, fig in (state.get("figures") or {}).items():
        ap, most = fig.get("ap"), fig.get("max_ap") or 2
        if fig.get("side") == "cat" and ap is not None and ap > most:
            yield ("figures", fid, "ap"), f"{fid} has {ap} AP left, more than its {most} AP"
        if fig.get("side") == "cat" and ap is None and state.get("active") == fid and not fig.get("down"):
            # an activation counts its AP down (Cat Actions): the active cat must have a count
            yield ("figures", fid, "ap"), f"{fid} is the active cat but has no AP count (ap: 0..{most})"
        if fig.get("wounds", 0) < 0:
            yield ("figures", fid, "wounds"), f"{fid} has {fig['wounds']} wounds, below 0"
    pounce = (state.get("options") or {}).get("pounce", POUNCE_RULINGS[0])
    if pounce not in POUNCE_RULINGS:
        yield ("options", "pounce"), f"options.pounce must be {' or '.join(POUNCE_RULINGS)}: {quoted(pounce)}"


def state_problems(state: dict) -> list[tuple[tuple, str]]:
    """The adapter's STATE_CHECK: what every msm command refuses in a state (a map that
    does not parse, figures the board cannot hold), as (path, message) pairs."""
    from claw.core.msm.board import parse_map

    doc = state["map"]
    board = _cached(doc)
    if board is None:
        board, problems = parse_map(doc)
        if problems or board is None:
            return [(tuple(p[0]), f"bad map: {p[1]}") for p in problems] or [(("map",), "bad map")]
        _remember(doc, board)  # the command that read this state uses the same board
    return list(figure_problems(board, state)) + path_problems(state)


def map_paths(state: dict, change) -> None:
    """Apply ``change`` to every file path the state stores (the adapter's STATE_PATHS:
    the framework rebases them when a state is written to another folder)."""
    for part, key in (("scenario", "loot_paths"), ("campaign", "loot_decks")):
        holder = state.get(part) or {}
        if isinstance(holder.get(key), list):
            holder[key] = [change(p) if isinstance(p, str) else p for p in holder[key]]
    scenario = state.get("scenario") or {}
    if isinstance(scenario.get("source"), str):  # where the state came from: never read again
        scenario["source"] = change(scenario["source"])


def path_problems(state: dict) -> list[tuple[tuple, str]]:
    """Loot files a state names must be relative to the state's folder: an absolute path
    would break when the folder moves, and would make claw read wherever a sent state points.
    ``scenario.source`` is not checked: claw never reads it, and states written before it
    was stored relative hold it absolute (still read; written relative by `claw new` now)."""
    found = []
    named = [(("scenario", "loot_paths"), (state.get("scenario") or {}).get("loot_paths") or []),
             (("campaign", "loot_decks"), (state.get("campaign") or {}).get("loot_decks") or [])]
    for where, paths in named:
        for i, path in enumerate(paths):
            if isinstance(path, str) and (path.startswith(("/", "\\")) or path[1:3] in (":\\", ":/")):
                found.append((where + (i,), f"absolute path {quoted(path)}: a state stores paths relative to its "
                              "own folder"))
    return found


def hero_places(board: Board, count: int) -> list[Square]:
    """Squares for ``count`` heroes: each C square, then its open neighbours (N, E, S, W).

    The player may place the heroes differently; this is the documented default.
    """
    places = hero_squares(board)
    if len(places) < count:
        raise InvalidInput(f"the map has only {len(places)} square(s) on or next to C for {count} heroes")
    return places[:count]


def check_places(board: Board, places: dict[str, Square], heroes: list[str]) -> dict[str, Square]:
    """Validate player-chosen hero squares: each on or next to a C square, open, one hero each.

    Heroes not named keep the default placement on the remaining squares."""
    from claw.core.errors import IllegalAction

    allowed = set(hero_squares(board))
    for hero, sq in places.items():
        if hero not in heroes:
            raise UsageError(f"--place names a hero who is not playing: {hero}")
        if sq in board.marker_squares("R"):
            raise IllegalAction(f"{hero} cannot start on {square_name(sq)}: a rat marker goes on that R square")
        if sq not in allowed:
            raise IllegalAction(f"{hero} must start on or next to a C square, not {square_name(sq)}")
    if len(set(places.values())) != len(places):
        raise IllegalAction("two heroes cannot start on the same square")
    rest = [sq for sq in hero_squares(board) if sq not in places.values()]
    out = dict(places)
    for hero in heroes:
        if hero not in out:
            if not rest:
                raise UsageError(f"no square left on or next to C for {hero}")
            out[hero] = rest.pop(0)
    return out


def hero_squares(board: Board) -> list[Square]:
    """Where heroes may start: each C square, then the open neighbours of each C (N, E,
    S, W, not across a wall), leaving out R squares, which get a rat marker at setup."""
    rats = set(board.marker_squares("R"))
    places: list[Square] = []
    for c in board.marker_squares("C"):
        if c not in places and c not in rats:
            places.append(c)
    for c in board.marker_squares("C"):
        for n in orthogonal_neighbours(c):
            if n not in places and n not in rats and board.step_open(c, n):
                places.append(n)
    return places


def new_state(doc: dict, dice, heroes: list[str] | None = None, *, source: str | None = None,
              places: dict[str, Square] | None = None, roaches: str = "ignore",
              pounce: str = "stride-too") -> Outcome:
    """Build the game part of a state from a validated scenario document.

    ``roaches`` and ``pounce`` are the rulings chosen for this game (docs/rules/msm.md);
    both are stored, so the file says which reading it plays.
    """
    # here, not at the top: every state read imports this module for state_problems, and
    # line of sight (reveal → fov, los) is only needed to set a game up
    from claw.core.draws import shuffled
    from claw.core.msm.reveal import reveal_in_los

    board = board_from_map(doc["map"])
    wanted = (doc.get("cats") or {}).get("count", 4)
    two_cat = bool((doc.get("cats") or {}).get("two_cat_variant"))
    heroes = list(heroes) if heroes else list(DEFAULT_HEROES[:wanted])
    if len(set(heroes)) != len(heroes):
        raise UsageError(f"a hero can only play once: {','.join(heroes)}")
    variant = two_cat and len(heroes) == 2 and wanted != 2
    if len(heroes) != wanted and not variant:
        allowed = f"{wanted}" + (" (or 2 with the 2-cat variant)" if two_cat else "")
        raise UsageError(f"this scenario needs {allowed} heroes, got {len(heroes)}: {','.join(heroes)}")
    events: list[dict] = []

    pool: list[str] = []
    set_aside: list[str] = []
    for entry in doc["rats"]:
        (set_aside if entry.get("set_aside") else pool).extend([entry["type"]] * entry["count"])
    pool = shuffled(dice, "rats", pool)
    events.append({"type": "rat-pool", "text": f"Rat pool: {len(pool)} markers shuffled face down"
                   + (f"; set aside: {', '.join(set_aside)}" if set_aside else "") + ".",
                   "pool": len(pool), "set_aside": set_aside})

    figures: dict[str, dict] = {}
    chosen = check_places(board, places, heroes) if places else None
    spots = hero_places(board, len(heroes)) if not places else []
    for i, hero in enumerate(heroes):
        sq = chosen[hero] if chosen else spots[i]
        figures[hero] = {"side": "cat", "type": hero, "square": square_name(sq), "stunned": False,
                         "vulnerable": False, "ap": None, "max_ap": TWO_CAT_AP if variant else CAT_AP}
    events.append({"type": "place-heroes", "text": "Heroes on or next to C: " + ", ".join(
        f"{h} {figures[h]['square']}" for h in heroes) + (" (2-cat variant: 3 AP each)." if variant else "."),
        "squares": {h: figures[h]["square"] for h in heroes}})

    next_rat = 1
    for sq in board.marker_squares("R"):
        if not pool:
            events.append({"type": "pool-empty",
                           "text": f"The rat pool is empty: nothing placed on {square_name(sq)}."})
            continue
        rid = f"rat-{next_rat}"
        next_rat += 1
        figures[rid] = {"side": "rat", "type": pool.pop(0), "square": square_name(sq), "revealed": False,
                        "wounds": 0, "stunned": False}
    placed = next_rat - 1
    events.append({"type": "place-rats", "text": f"{placed} rat marker(s) face down on the R squares.",
                   "count": placed})

    state = {
        "scenario": {k: doc[k] for k in ("name", "number", "note", "objectives", "special_rules", "exit",
                                                  "loot_decks", "entries") if k in doc},
        "map": doc["map"],
        "figures": figures,
        "round": {"space": 0, "number": 1, "track": [list(s or []) for s in doc["round_track"]]},
        "phase": "initiative",
        "rat_pool": pool,
        "rat_discard": [],
        "set_aside": set_aside,
        "loot": {"markers": {square_name(sq): board.marker_counts.get(sq, 2)
                             for sq in board.marker_squares("L")}, "searched": {}},
        "objective_markers": [square_name(sq) for sq in board.marker_squares("O")],
        "scratch_tokens": 0,
        "next_rat": next_rat,
        "options": {"roaches": roaches},
    }
    state["options"]["pounce"] = pounce
    if source:
        state["scenario"]["source"] = source
    if variant:
        state["scenario"]["two_cat_variant"] = True
    return Outcome(state, events).extend(reveal_in_los(board, state, dice))
