"""Handlers for the mice adapter: parse arguments, call ``claw.core.mice``, report."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.core.errors import UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def _tiles() -> dict:
    from claw.cli.formats.content import load_data

    return load_data("mice/tiles.json")


def after_adjust(state: dict) -> tuple[dict, list[dict]]:
    """The adapter's ADJUST['after']: what a correction triggers (claw.core.mice.adjusted)."""
    from claw.core.mice.adjusted import consequences

    return consequences(state, _tiles())


def _faces(call: Call | None = None):
    """The action die in play: the one the chapter file supplied (kept in the state),
    else claw's packaged face table."""
    from claw.core.mice.actiondie import parse_faces

    state = getattr(call, "state", None)
    if state and state.get("action_die"):
        return parse_faces(state["action_die"])
    from claw.cli.formats.content import load_data

    return parse_faces(load_data("mice/action-die.json"))


def _args(call: Call, names: str, least: int | None = None) -> list[str | None]:
    want = names.split()
    least = len(want) if least is None else least
    if not least <= len(call.args) <= len(want):
        takes = " ".join(want) or "no arguments"
        raise UsageError(f"`claw {call.command}` takes {takes}: {' '.join(call.args) or '(nothing)'}")
    return list(call.args) + [None] * (len(want) - len(call.args))


def _parsed(call: Call, names: str) -> list:
    """The positionals ``names``, parsed by their kinds before the handler ran (claw.cli.framework.kinds)."""
    return [call.arg(n) for n in names.split()]


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        raise UsageError(f"{what} must be a whole number: {quoted(text)}") from None


def chapter_state(call: Call) -> dict | None:
    """The chapter state, or None when stateless; a state with no chapter in it is refused."""
    state = call.state
    if state is not None and "mice" not in state:
        from claw.core.errors import IllegalAction

        raise IllegalAction("this state holds no chapter yet; start one with: claw new CHAPTER.yaml")
    return state  # its consistency was checked when it was read (STATE_CHECK: checks.check_state)


def _need_state(call: Call) -> dict:
    if chapter_state(call) is None:
        from claw.cli.render.wording import needs_state

        raise needs_state(call.command, without=f"or the stateless options (`claw {call.command} --help`)")
    return call.need_state()


def _report_odds(call: Call, title: str, lines: list[str], data: dict) -> None:
    """Odds are a query: the answer goes to stdout (JSON with --json); a state given for
    its numbers is read, never written (no log entry, table-mode file untouched)."""
    if call.state is not None:
        call.query()
    if call.json:
        call.emit_json(data)
    else:
        call.out("\n".join([title] + lines))


def _no_figures(call: Call) -> None:
    if call.args:
        raise UsageError(f"without a state `claw {call.command}` takes no figures (give -s STATE): "
                         f"{' '.join(call.args)}")


def _dist_lines(dist) -> list[str]:
    from claw.core.mice.actiondie import fmt_prob

    return [f"  {v:>3}: {fmt_prob(p)}" for v, p in dist.items()]


def _dist_json(dist) -> list[dict]:
    return [{"value": v, "fraction": str(p), "probability": float(p)} for v, p in dist.items()]


# -- new / show / scenario-step ----------------------------------------------------

def new(call: Call) -> None:
    """`claw new`: the chapter state from one chapter file (Chapter Setup)."""
    from claw.core.mice.setup import new_state

    if len(call.docs) != 1 or call.need_doc().get("kind") != "chapter":
        raise UsageError("`claw new` for mice takes one chapter file (kind: chapter)")
    call.apply(new_state(call.need_doc(), _tiles()), json_info=True)


def show(call: Call) -> None:
    """`claw show`: draw the chapter (or the state as JSON with --json)."""
    from claw.cli.games.mice.show import render

    state = _need_state(call)
    if call.arg("ID"):
        from claw.cli.games.mice.show import figure_sheet
        from claw.core.mice.holdings import holdings

        fid = call.arg("ID")
        if call.json:
            figure = next(f for f in state["mice"] + state["minions"] if f["id"] == fid)
            return call.emit_json({**figure, "holdings": holdings(state, fid, _tiles())})
        return call.status(figure_sheet(state, _tiles(), fid).split("\n"))
    if call.json:
        call.emit_json(state)
    else:
        call.status(render(state, _tiles()).split("\n"))


def scenario_step(call: Call) -> None:
    """`claw scenario-step`: parse the arguments, run the rule, report."""
    from claw.core.mice.track import scenario_step as step

    _args(call, "", 0)
    pages = call.opts.get("pages")
    call.apply(step(_need_state(call), _tiles(), 1 if pages is None else pages,
                    call.opts.get("reason") or "chapter track"), json_info=True)


# -- rooms, searches and table outcomes ----------------------------------------------

def explore(call: Call) -> None:
    """`claw explore`: parse the arguments, run the rule, report."""
    from claw.core.mice.outcomes import explore as run

    (room,) = _parsed(call, "ROOM")
    call.apply(run(_need_state(call), room, _tiles()), json_info=True)


def place(call: Call) -> None:
    """`claw place`: parse the arguments, run the rule, report."""
    from claw.core.mice.outcomes import place_mouse

    mid, room = _parsed(call, "MOUSE ROOM")
    call.apply(place_mouse(_need_state(call), mid, room, call.opts.get("spot") or "floor", _tiles()), json_info=True)


def search(call: Call) -> None:
    """`claw search`: parse the arguments, run the rule, report."""
    from claw.core.mice.search import search as run

    (mid,) = _parsed(call, "MOUSE")
    call.apply(run(_need_state(call), mid, call.dice, _faces(call), _tiles(), call.opts.get("item")), json_info=True)


def add_minion(call: Call) -> None:
    """`claw add-minion`: parse the arguments, run the rule, report."""
    from claw.core.mice.outcomes import add_minion as run

    (kind,) = _parsed(call, "KIND")
    count = call.opts.get("count")
    call.apply(run(_need_state(call), kind, 1 if count is None else count, call.opts.get("room"), _tiles()),
               json_info=True)


def defeat(call: Call) -> None:
    """`claw defeat`: parse the arguments, run the rule, report."""
    from claw.core.mice.outcomes import defeat as run

    (fid,) = _parsed(call, "MINION")
    call.apply(run(_need_state(call), fid, _tiles()), json_info=True)


def minion_turn(call: Call) -> None:
    """`claw minion-turn`: parse the arguments, run the rule, report."""
    from claw.core.mice.outcomes import minion_turn as run

    (kind,) = _parsed(call, "KIND")
    call.apply(run(_need_state(call), kind, _tiles(), call.opts.get("room"), call.opts.get("minion")), json_info=True)


def capture(call: Call) -> None:
    """`claw capture`: parse the arguments, run the rule, report."""
    from claw.core.mice.outcomes import capture as run

    (mid,) = _parsed(call, "MOUSE")
    call.apply(run(_need_state(call), mid, _tiles()), json_info=True)


def release(call: Call) -> None:
    """`claw release`: parse the arguments, run the rule, report."""
    from claw.core.mice.outcomes import release as run

    (mid,) = _parsed(call, "MOUSE")
    call.apply(run(_need_state(call), mid, _tiles()), json_info=True)


def gain_cheese(call: Call) -> None:
    """`claw gain-cheese`: parse the arguments, run the rule, report."""
    from claw.core.mice.outcomes import gain_cheese as run

    mid, n = _parsed(call, "MOUSE N")
    call.apply(run(_need_state(call), mid, n), json_info=True)


def spend_cheese(call: Call) -> None:
    """`claw spend-cheese`: parse the arguments, run the rule, report."""
    from claw.core.mice.outcomes import spend_cheese as run

    mid, n = _parsed(call, "MOUSE N")
    call.apply(run(_need_state(call), mid, n), json_info=True)


def minion_cheese(call: Call) -> None:
    """`claw minion-cheese`: parse the arguments, run the rule, report."""
    from claw.core.mice.outcomes import wheel_cheese

    (n,) = _parsed(call, "N")
    call.apply(wheel_cheese(_need_state(call), n, _tiles(), call.opts.get("reason") or "base game"), json_info=True)
