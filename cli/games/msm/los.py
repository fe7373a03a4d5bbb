"""Handler of `claw los` in msm: line of sight, hindrance and range between two places,
or everything one place sees (--all), with the board drawn on request (--show)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.msm.board import _board_and_figures, _colour, _picture, _place, _roaches, _wants_picture
from claw.cli.render.text import styled
from claw.core.errors import UsageError

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def los(call: Call) -> None:
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
        from claw.cli.games.msm.svg_overlays import sight_overlay

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


def _explain_sight(call: Call, sight, detail: bool = False) -> None:
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


def _los_all(call: Call, board, figures, roaches) -> None:
    from claw.core.msm.figures import on_map
    from claw.core.msm.los import visible_from
    from claw.core.msm.squares import square_name

    a, a_id = _place(call.arg("FROM"), board, figures)
    seen = visible_from(board, figures, a, roaches=roaches)
    if _wants_picture(call):
        from claw.cli.games.msm.svg_overlays import seen_overlay

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
