"""Handlers of the msm board commands new and show (and the CHECK hook), with the helpers
the other board handlers share (``los.py``, ``move.py``, ``rats.py``).

Thin: parse arguments, call ``claw.core.msm``, render. Core is imported inside the
handlers so that loading the adapter stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.msm.trackers import tracker_lines, trackers
from claw.cli.render.text import styled
from claw.core.errors import IllegalAction, UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call

# -- validation hook ------------------------------------------------------------------

def check(kind: str, doc: dict, tolerant: bool = False) -> list:
    """`claw validate` hook: the core checks, with the bestiary's rat names."""
    from claw.core.msm.checks import check as core_check

    if kind == "campaign":
        return core_check(kind, doc, hero_ids=_hero_ids())
    return core_check(kind, doc, rat_types=_rat_types(), tolerant=tolerant)


def _rat_types() -> set[str] | None:
    try:
        from claw.cli.formats.content import load_data

        return set(load_data("msm/bestiary.yaml")["rats"])
    except Exception:  # no bestiary packaged: skip the name check rather than fail
        return None


def _hero_ids() -> set[str] | None:
    try:
        from claw.cli.formats.content import load_data

        return set(load_data("msm/heroes.yaml")["heroes"])
    except Exception:
        return None


# -- new ------------------------------------------------------------------------------

def new(call: Call) -> None:
    """`claw new SCENARIO`: the standard setup, then the play rules' additions."""
    from claw.core.msm.setup import new_state

    doc = call.need_doc()
    if doc.get("kind", "scenario") != "scenario":
        raise UsageError(f"claw new needs an msm scenario file, not a {quoted(doc.get('kind'))} file: {call.source}")
    heroes = None
    if call.opts.get("heroes"):
        heroes = [h.strip().lower() for h in str(call.opts["heroes"]).split(",") if h.strip()]
        known = _hero_ids()
        unknown = [h for h in heroes if known is not None and h not in known]
        if unknown:
            raise UsageError(f"unknown hero {quoted(unknown[0])} (heroes: {', '.join(sorted(known or ()))})")
    roaches = _roaches(call.opts.get("roaches"))
    places = _parse_places(call.opts.get("place"))
    pounce = _pounce(call.opts.get("pounce_rule"))
    # stored relative to the state's folder like every other path it keeps (rebased with them)
    source = call.stored_path(call.source) if call.source and call.source != "-" else None
    out = new_state(doc, call.dice, heroes, source=source, roaches=roaches, places=places, pounce=pounce)
    from claw.cli.games.msm.play_handlers import setup_play  # heroes' cards and health, loot deck, goals
    from claw.core.msm.start import announced

    out.events += setup_play(call, doc, out.state)
    call.apply(announced(doc, out), styles={"setup": _bold_name})


def _bold_name(ev: dict):
    """The set-up sentence with the scenario's name (which it starts with) in bold."""
    name = ev["scenario"]
    return styled("bold", name) + ev["text"][len(name):]


def _parse_places(text) -> dict | None:
    from claw.core.msm.squares import parse_square

    if not text:
        return None
    places = {}
    for item in str(text).split(","):
        hero, eq, square = item.partition("=")
        if not eq or not hero.strip():
            raise UsageError(f"--place takes HERO=SQUARE pairs, e.g. nera=B11: {quoted(item)}")
        places[hero.strip().lower()] = parse_square(square)
    return places


def _roaches(value) -> str:
    if value in (None, ""):
        return "ignore"
    if value not in ("ignore", "hinder"):
        raise UsageError(f"--roaches must be ignore or hinder: {quoted(value)}")
    return value


def _pounce(value) -> str:
    from claw.core.msm.movement import POUNCE_RULINGS

    if value in (None, ""):
        return POUNCE_RULINGS[0]
    if value not in POUNCE_RULINGS:
        raise UsageError(f"--pounce-rule must be {' or '.join(POUNCE_RULINGS)}: {quoted(value)}")
    return value


# -- shared -----------------------------------------------------------------------------

def _board_and_figures(call: Call, required: bool = True):
    """(board, figures, state) from --map or the state."""
    from claw.core.msm.board import board_from_map
    from claw.core.msm.setup import board_from_state

    doc = _map_doc(call)
    if doc is not None:
        return board_from_map(doc["map"]), {}, None
    if call.state is None:
        if required:
            raise UsageError("give a state (-s FILE) or --map SCENARIO")
        return None, {}, None
    return board_from_state(call.state), call.state["figures"], call.state


def _map_doc(call) -> dict | None:
    """The scenario document --map names (checked to be an msm scenario with a map), or None."""
    path = call.opts.get("map")
    if not path:
        return None
    doc = call.load(path)
    if doc.get("game") != "msm" or doc.get("kind", "scenario") != "scenario" or "map" not in doc:
        raise UsageError(f"--map needs an msm scenario file (with a map:), not this "
                         f"{doc.get('game')} {doc.get('kind', 'scenario')} file: {path}")
    return doc


def _place(place: str | tuple, board, figures) -> tuple:
    """A parsed place (claw.cli.framework.kinds: a figure id or a square) -> (square, figure id or None).
    The parse knew the state's map; a --map board is checked here."""
    from claw.core.msm.figures import square_of
    from claw.core.msm.squares import square_name

    if isinstance(place, str):
        fig = figures[place]
        if not fig.get("square"):
            raise IllegalAction(f"{place} is not on the map")
        return square_of(fig), place
    if not board.in_bounds(place):
        raise UsageError(f"{square_name(place)} is off the map ({board.width}x{board.height}, A1 to "
                         f"{square_name((board.width - 1, board.height - 1))})")
    return place, None


def _colour(call: Call) -> bool:
    return call.output.out.colour


# -- show -------------------------------------------------------------------------------

def show(call: Call) -> None:
    """`claw show`: the board and trackers of a state, or a scenario's map (--map)."""
    from claw.cli.games.msm.render import KEY, figure_legend, render_board

    if _wants_picture(call):
        if call.arg("ID"):
            raise UsageError("claw show ID prints one figure as text; --svg and --png draw the board: "
                             f"{call.arg('ID')}")
        return _picture(call)
    if call.arg("ID"):
        return _show_figure(call)
    board, figures, state = _board_and_figures(call)
    colour = _colour(call)
    loot = state.get("loot", {}).get("markers") if state else None
    objectives = state.get("objective_markers") if state else None
    if call.json:
        from claw.core.msm.board import format_map

        call.emit_json({"map": format_map(board), "figures": figures,
                        "trackers": trackers(state) if state else {}})
        return
    import shutil
    import textwrap

    from claw.cli.games.msm.render import fits, viewport

    width = shutil.get_terminal_size((80, 24)).columns
    view = None
    if call.opts.get("around"):
        from claw.cli.framework.kinds import parse_place

        centre, _ = _place(parse_place("msm", call.state, call.opts["around"]), board, figures)
        view = viewport(board, centre, fits(board, width), 12)
    for line in render_board(board, figures, loot=loot, objectives=objectives, colour=colour, view=view):
        call.out(line)
    if view is None and board.width > fits(board, width):
        call.say(f"the map is {board.width} squares wide, more than {width} columns show: "
                 "claw show --around SQUARE draws the part around a square or figure")
    wrap = textwrap.TextWrapper(width, subsequent_indent="     ", break_on_hyphens=False)
    for line in wrap.wrap(KEY):
        call.out(line)
    if state:
        call.out("")
        title = state["scenario"].get("name", "")
        call.out(styled("bold", title))
        call.status(tracker_lines(state), indent="     ")
        if figures:
            from claw.cli.games.msm.sheet import holdings_line

            call.out("Figures:")
            for line, fig in zip(figure_legend(figures), figures.values(), strict=True):
                call.out(line)
                held = holdings_line(fig)
                if held:  # what each cat holds (its cards): a status line, wrapped on a screen
                    call.status(["      " + held], indent="  ")


def _show_figure(call: Call) -> None:
    """`claw show ID`: one figure in full (a cat's cards with their values)."""
    from claw.cli.games.msm.sheet import figure_sheet
    from claw.core.msm.holdings import holdings

    if call.opts.get("map") or call.opts.get("around"):
        raise UsageError(f"claw show ID shows one figure of the state; --map and --around draw the board: "
                         f"{call.arg('ID')}")
    fid = call.arg("ID")
    fig = call.need_state()["figures"][fid]
    if call.json:
        call.emit_json({"id": fid, **fig, "holdings": [{k: v for k, v in h.items() if k != "card"}
                                                        for h in holdings(fig)]})
        return
    for line in figure_sheet(fid, fig):
        call.out(line)


def _wants_picture(call) -> bool:
    """--svg or --png (--size alone is refused by the picture's delivery: it goes with --png)."""
    return bool(call.opts.get("svg") or call.opts.get("png") or call.opts.get("size") is not None)


def _picture(call, overlay=None, board=None) -> None:
    """The board as a picture (show --svg / --png, and the overlays of los, moves, rats)."""
    from claw.cli.games.msm.render import KEY, figure_legend, render_board
    from claw.cli.games.msm.svg import board_svg
    from claw.cli.render.svg import deliver
    from claw.core.msm.board import board_from_map

    doc = _map_doc(call)
    if doc is not None:
        board, figures, state = board_from_map(doc["map"]), {}, None
        title, note = str(doc.get("name") or call.opts["map"]), str(doc.get("note") or "")
    else:
        if board is None:
            board, figures, state = _board_and_figures(call)
        else:
            figures, state = call.state["figures"], call.state
        title, note = str(state["scenario"].get("name", "")), str(state["scenario"].get("note") or "")
    text = [str(line) for line in render_board(board, figures, colour=False)]
    text += [KEY] + (["Figures:"] + figure_legend(figures) if figures else [])
    if state:
        text += [str(line) for line in tracker_lines(state)]
    deliver(call, board_svg(board, figures, state=state, title=title, note=note, overlay=overlay,
                            desc="\n".join(text)))
