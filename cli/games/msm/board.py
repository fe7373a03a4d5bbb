"""Handlers of the msm board commands: new, show, los, move, rats (and the CHECK hook).

Thin: parse arguments, call ``claw.core.msm``, render. Core is imported inside the
handlers so that loading the adapter stays cheap.
"""

from __future__ import annotations

from claw.cli.render.text import Styled, styled
from claw.core.errors import IllegalAction, UsageError, quoted

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

def new(call) -> None:
    """`claw new SCENARIO`: the standard setup, then the play rules' additions."""
    from claw.core.msm.setup import new_state

    doc = call.doc
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
    state, events = new_state(doc, call.dice, heroes, source=call.source, roaches=roaches, places=places,
                              pounce=pounce)
    from claw.cli.games.msm.play_handlers import setup_play  # heroes' cards and health, loot deck, goals

    events += setup_play(call, doc, state)
    call.state = state
    name = doc.get("name", "scenario")
    cats = ", ".join(f for f, x in state["figures"].items() if x["side"] == "cat")
    call.event("setup", styled("bold", name) + f": set up for {cats}.", scenario=name)
    for e in events:
        call.event(e.pop("type"), e.pop("text"), **e)


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

def _board_and_figures(call, required: bool = True):
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


def _colour(call) -> bool:
    return call.output.out.colour


# -- show -------------------------------------------------------------------------------

def show(call) -> None:
    """`claw show`: the board and trackers of a state, or a scenario's map (--map)."""
    from claw.cli.games.msm.render import KEY, figure_legend, render_board

    if _wants_picture(call):
        return _picture(call)
    board, figures, state = _board_and_figures(call)
    colour = _colour(call)
    loot = state.get("loot", {}).get("markers") if state else None
    objectives = state.get("objective_markers") if state else None
    if call.json:
        from claw.core.msm.board import format_map

        call.emit_json({"map": format_map(board), "figures": figures,
                        "trackers": _trackers(state) if state else {}})
        return
    import os
    import shutil
    import textwrap

    from claw.cli.games.msm.render import fits, viewport

    width = shutil.get_terminal_size((80, 24)).columns
    stream = call.output.out.stream
    on_screen = "COLUMNS" in os.environ or bool(getattr(stream, "isatty", None) and stream.isatty())
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
        for line in _tracker_lines(state):  # wrapped on a screen; whole lines for grep in a pipe
            for part in wrap.wrap(line) if on_screen and isinstance(line, str) else [line]:
                call.out(part)
        if figures:
            call.out("Figures:")
            for line in figure_legend(figures):
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
        text += [str(line) for line in _tracker_lines(state)]
    deliver(call, board_svg(board, figures, state=state, title=title, note=note, overlay=overlay,
                            desc="\n".join(text)))


def _trackers(state: dict) -> dict:
    rnd = state.get("round", {})
    return {"round": rnd.get("number"), "space": rnd.get("space"), "track": rnd.get("track"),
            "phase": state.get("phase"), "rat_pool": len(state.get("rat_pool", [])),
            "rat_discard": len(state.get("rat_discard", [])), "set_aside": state.get("set_aside", []),
            "loot_markers": state.get("loot", {}).get("markers", {}),
            "objective_markers": state.get("objective_markers", []),
            "scratch_tokens": state.get("scratch_tokens", 0)}


def _tracker_lines(state: dict) -> list[str]:
    t = _trackers(state)
    spaces = []
    for i, space in enumerate(t["track"] or []):
        text = ",".join(space) if space else "-"
        spaces.append(f">{text}<" if i == t["space"] else text)
    lines = [f"Round {t['round']} · phase {t['phase']} · track: {' '.join(spaces)}",
             f"Rat pool {t['rat_pool']} face down · discard {t['rat_discard']}"
             + (f" · set aside: {', '.join(t['set_aside'])}" if t["set_aside"] else ""),
             "Loot markers: " + (", ".join(f"{k}×{v}" for k, v in t["loot_markers"].items() if v) or "none")
             + " · objectives: " + (", ".join(t["objective_markers"]) or "none")
             + f" · scratch tokens {t['scratch_tokens']}/3"]
    if state.get("toxic_stench"):
        from claw.core.msm.setup import board_from_state
        from claw.core.msm.squares import square_name

        board = board_from_state(state)
        bigs = []
        for key in state["toxic_stench"]:
            bx, by = (int(v) for v in key.split(","))
            squares = board.big_members((bx, by))
            bigs.append(f"{square_name(squares[0])}:{square_name(squares[-1])}" if squares else key)
        lines.append("Toxic stench (a cat activating there takes 1 wound): " + ", ".join(bigs))
    goals, done = state.get("goals") or {}, state.get("goals_done") or []
    for side, label in (("victory", "Objectives"), ("defeat", "Defeat if")):
        if goals.get(side):
            lines.append(f"{label}: " + "; ".join(f"{'done' if g['id'] in done else 'open'}: {g.get('text') or g['id']}"
                                                 for g in goals[side]))
    if state.get("outcome"):
        out = state["outcome"]
        lines.append(f"Scenario over in round {out.get('round')}: {out['result']} ({out['why']})")
    return lines


# -- los --------------------------------------------------------------------------------

def los(call) -> None:
    """`claw los FROM TO` / `--all FROM`: line of sight, hindrance and range."""
    from claw.core.msm.los import line_of_sight
    from claw.core.msm.squares import square_name

    board, figures, state = _board_and_figures(call)
    roaches = _roaches(call.opts.get("roaches") or (state or {}).get("options", {}).get("roaches"))
    if call.opts.get("all"):
        if call.arg("TO") is not None:
            raise UsageError("claw los --all takes one FROM (a figure id or a square)")
        return _los_all(call, board, figures, roaches)
    if call.arg("TO") is None:
        raise UsageError("claw los needs FROM and TO (figure ids or squares such as C7)")
    a, a_id = _place(call.arg("FROM"), board, figures)
    b, b_id = _place(call.arg("TO"), board, figures)
    sight = line_of_sight(board, figures, a, b, roaches=roaches)
    who = lambda sq, fid: f"{fid} ({square_name(sq)})" if fid else square_name(sq)  # noqa: E731
    if _wants_picture(call):
        from claw.cli.games.msm.svg import sight_overlay

        verdict_text = ("hindered (-2)" if sight.hindered else "visible") if sight.visible else "blocked"
        call.say(sight.reason)
        return _picture(call, sight_overlay(board, sight, f"{who(a, a_id)} -> {who(b, b_id)}: {verdict_text}, "
                                                          f"range {sight.range}"), board)
    if call.json:
        data = sight.to_json()
        data.update({"from_figure": a_id, "to_figure": b_id})
        call.emit_json(data)
    else:
        if sight.visible:
            verdict = styled("yellow", "hindered (-2)") if sight.hindered else styled("green", "visible")
        else:
            verdict = styled("red", "blocked")
        call.out(f"{who(a, a_id)} -> {who(b, b_id)}: " + verdict + f", range {sight.range}")
    walled = [square_name(sq) for sq in (a, b) if board.is_blocking(sq)]
    if walled:
        call.say(f"{' and '.join(walled)} {'is' if len(walled) == 1 else 'are'} blocking terrain (red): "
                 "no figure can stand there")
    else:
        _explain_sight(call, sight, detail=bool(call.opts.get("show")))
    if call.opts.get("show"):
        from claw.cli.games.msm.render import SIGHT_LINE, render_board
        from claw.core.msm.los import line_cells

        marks = {}
        if sight.witness is not None:
            marks = {sq: SIGHT_LINE for sq in line_cells(board, a, b, sight.witness) if sq not in (a, b)}
        for line in render_board(board, figures, marks=marks, colour=_colour(call)):
            call.say(line)


def _explain_sight(call, sight, detail: bool = False) -> None:
    if sight.visible:
        call.say(sight.reason.replace("(-2)", "(-2, never more)") if sight.hindered else sight.reason)
        return
    counts: dict[str, int] = {}
    for line in sight.lines:
        counts[line.blocked_by] = counts.get(line.blocked_by, 0) + 1
    causes = ", ".join(f"{cause} ({n} line{'s' if n > 1 else ''})" for cause, n in
                       sorted(counts.items(), key=lambda kv: -kv[1]))
    call.say(f"no line of sight: all {len(sight.lines)} corner-to-corner lines are blocked — {causes}")
    if detail:
        for line in sight.lines:
            call.say(f"  {sight.corner_text(line)}: {line.blocked_by}")


def _los_all(call, board, figures, roaches) -> None:
    from claw.core.msm.figures import on_map
    from claw.core.msm.los import visible_from
    from claw.core.msm.squares import square_name

    a, a_id = _place(call.arg("FROM"), board, figures)
    seen = visible_from(board, figures, a, roaches=roaches)
    if _wants_picture(call):
        from claw.cli.games.msm.svg import seen_overlay

        caption = f"seen from {a_id + ' ' if a_id else ''}{square_name(a)}: {len(seen)} square(s)"
        return _picture(call, seen_overlay(a, {sq: s.hindered for sq, s in seen.items()}, caption), board)
    figs = []
    for fid, fig, sq in on_map(figures):
        if fid == a_id or fig.get("down"):
            continue
        if sq in seen:
            figs.append((fid, sq, seen[sq]))
    if call.json:
        call.emit_json({"from": square_name(a), "figures": [
            {"id": fid, "square": square_name(sq), "hindered": s.hindered, "modifier": s.modifier,
             "range": s.range} for fid, sq, s in figs],
            "squares": [{"square": square_name(sq), "hindered": s.hindered, "range": s.range}
                        for sq, s in sorted(seen.items(), key=lambda kv: (kv[0][1], kv[0][0]))]})
    else:
        call.out(f"From {a_id + ' ' if a_id else ''}{square_name(a)}: {len(seen)} square(s) visible")
        for fid, sq, s in figs:
            note = " " + styled("yellow", "hindered (-2)") if s.hindered else ""
            call.out(f"  {fid} on {square_name(sq)}: range {s.range}" + note)
    if call.opts.get("show"):
        from claw.cli.games.msm.render import SEEN, SEEN_HINDERED, render_board

        marks = {sq: (SEEN_HINDERED if s.hindered else SEEN) for sq, s in seen.items()
                 if sq != a and not any(sq == fsq for _f, _x, fsq in on_map(figures))}
        call.say(f"{SEEN} visible, {SEEN_HINDERED} visible but hindered")
        for line in render_board(board, figures, marks=marks, colour=_colour(call)):
            call.say(line)


# -- move -------------------------------------------------------------------------------

def move(call) -> None:
    """`claw move CAT SQUARE`: apply a move and pay its AP, or refuse saying why."""
    from claw.core.msm.movement import MODES, move_cat
    from claw.core.msm.setup import board_from_state

    state = call.state
    board = board_from_state(state)
    fid = call.arg("CAT")
    if state["figures"][fid].get("side") != "cat":
        raise IllegalAction(f"{fid} is not a cat: rats move on their own turn (claw scenario-step)")
    mode = call.opts.get("as_")
    if mode is not None and mode not in MODES:
        raise UsageError(f"--as must be prowl, stride or pounce: {quoted(mode)}")
    if call.opts.get("options"):
        call.query()  # a question: answer on stdout, leave the state file alone
        _list_moves(call, board, state, fid, call.out)
        return
    dest = call.arg("SQUARE")
    if dest is None:
        raise UsageError("claw move needs CAT and SQUARE (or CAT --options)")
    if call.opts.get("free"):
        _state, events = move_cat(board, state, fid, dest, mode, dice=call.dice)  # dice: typed reveals
    else:
        events = _paid_move(state, board, fid, dest, mode, call.dice)
    for e in events:
        call.event(e.pop("type"), e.pop("text"), **e)


def _paid_move(state: dict, board, fid: str, dest, mode, dice=None) -> list[dict]:
    """Pay for the move (starting the cat's activation), then make it.

    The activation comes first because it belongs before the cat's first action: it
    removes the Vulnerable marker of the cat's previous pounce and checks Toxic Stench
    in the big square the cat activates in ("Vulnerable", "Les Détestables"). Paying
    after the move would strip a fresh pounce's Vulnerable marker and check the
    stench at the destination. The mode and cost come from a trial move on a copy; an
    illegal move reports the turn or AP problem first, if there is one.
    """
    import copy

    from claw.core.msm.movement import move_cat

    try:
        _trial, tried = move_cat(board, copy.deepcopy(state), fid, dest, mode)
    except IllegalAction:
        _pay(copy.deepcopy(state), board, fid, 1, "move")   # wrong turn, no AP: say that first
        raise
    used, cost = tried[0]["mode"], tried[0]["cost"]
    paid = _pay(state, board, fid, cost, used)
    fig = state["figures"][fid]
    if fig.get("down") or not fig.get("square"):
        return paid   # the activation itself put the cat down (Toxic Stench): no move
    _state, events = move_cat(board, state, fid, dest, used, dice=dice)
    from claw.core.msm import victory

    return paid + events + victory.check(state)   # a reach objective is met on arrival


def _pay(state, board, fid, cost, mode) -> list[dict]:
    """Pay AP through the play rules' activation (turn and AP checks)."""
    try:
        from claw.core.msm.rounds import spend_ap
    except ImportError:  # play rules not present: track AP on the figure only
        fig = state["figures"][fid]
        if fig.get("ap") is not None:
            if fig["ap"] < cost:
                raise IllegalAction(f"{fid} has {fig['ap']} AP left; a {mode} costs {cost}") from None
            fig["ap"] -= cost
        return []
    return spend_ap(state, board, fid, cost, f"a {mode}")


def moves(call) -> None:
    """`claw moves CAT`: the legal squares per movement mode (a query)."""
    from claw.core.msm.setup import board_from_state

    state = call.state
    board = board_from_state(state)
    fid = call.arg("CAT")
    if state["figures"][fid].get("side") != "cat":
        raise UsageError(f"not a cat on this state: {quoted(fid)}")
    _list_moves(call, board, state, fid, call.out)


def _list_moves(call, board, state, fid, say) -> None:
    from claw.core.msm.movement import COST, MODES, enemies_adjacent, move_options
    from claw.core.msm.squares import square_name

    opts = move_options(board, state["figures"], fid,
                        pounce_ruling=(state.get("options") or {}).get("pounce", "stride-too"))
    fig = state["figures"][fid]
    left = fig.get("ap") if state.get("phase") == "cats" else None
    short = [m for m in MODES if left is not None and COST[m] > left]
    for m in short:   # Cat Actions: a move costs its AP; none is listed that the cat cannot pay
        opts[m] = []
    if say == call.out and _wants_picture(call):
        from claw.cli.games.msm.svg import reach_overlay
        from claw.core.msm.squares import parse_square

        caption = f"{fid} can reach (AP cost): " + ", ".join(f"{m} {COST[m]}" for m in MODES if opts[m]) \
            if any(opts.values()) else f"{fid} cannot move now"
        return _picture(call, reach_overlay(parse_square(fig["square"]), opts, COST, caption), board)
    if call.json and say == call.out:
        call.emit_json({m: [square_name(s) for s in v] for m, v in opts.items()})
        return
    for m in MODES:
        squares = " ".join(square_name(s) for s in opts[m]) or "-"
        note = f" (not affordable: {fid} has {left} AP left)" if m in short else ""
        say(f"{m} ({COST[m]} AP): {squares}{note}")
    enemies = enemies_adjacent(board, state["figures"], fid)
    if enemies:
        call.say(f"{fid} has an enemy adjacent ({', '.join(enemies)}): only a prowl is allowed.")


# -- rats -------------------------------------------------------------------------------

def rats(call) -> None:
    """`claw rats`: activation order, closest cats and next steps, ties listed."""
    from claw.core.msm.figures import acts_as_roach
    from claw.core.msm.pathing import activation_order
    from claw.core.msm.setup import board_from_state
    from claw.core.msm.squares import square_name

    state = call.state
    board = board_from_state(state)
    figures = state["figures"]
    chosen = None
    if call.arg("RAT"):
        chosen = call.arg("RAT")
        for fid in chosen:
            if figures[fid].get("side") != "rat":
                raise UsageError(f"not a rat on this state: {quoted(fid)}")
    apart = (state.get("options") or {}).get("rat_wall") == "apart"   # play ruling 9's option
    order, ties, plans = activation_order(board, figures, chosen, walls_separate=apart)
    if _wants_picture(call):
        from claw.cli.games.msm.svg import rats_overlay

        return _picture(call, rats_overlay(order, plans, ties), board)
    if call.json:
        call.emit_json({"order": order, "ties": ties, "rats": [plans[r].to_json() for r in order]})
        return
    if not order:
        call.out("No rats on the map.")
        return
    for i, rid in enumerate(order, 1):
        p = plans[rid]
        if p.distance is None:
            call.out(f"{i}. {rid} on {square_name(p.square)}: no cat reachable, stays put")
            continue
        target = p.cats[0]
        if p.distance == 0:
            what = f"already {'on' if acts_as_roach(figures[rid]) else 'next to'} {target}"
        else:
            step = p.steps_for.get(target, p.steps)[0]
            what = f"{p.distance} move(s) to {target}, next step {square_name(step)}"
        extra: str | Styled = ""
        if len(p.cats) > 1:
            extra += " " + styled("yellow", f"(tied: {', '.join(p.cats)}; the player chooses)")
        steps = p.steps_for.get(target, p.steps)
        if p.distance and len(steps) > 1:
            extra += " " + styled("yellow", f"(steps tied: {', '.join(square_name(s) for s in steps)})")
        call.out(f"{i}. {rid} on {square_name(p.square)}: {what}" + extra)
    for group in ties:
        d = plans[group[0]].distance
        call.say(f"Tied for closest ({'unreachable' if d is None else f'{d} move(s)'}): "
                 f"{', '.join(group)} — default order by rat number; the player may choose.")
