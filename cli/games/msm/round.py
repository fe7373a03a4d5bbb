"""The msm round: scenario-step (initiative, rats' turn, end segment), a cat's
activation and its end, and a spawn by hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.msm.common import _board, _data, parse_choices
from claw.core.errors import IllegalAction, UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def scenario_step(call: Call) -> None:
    from claw.core import reminders
    from claw.core.msm import rounds, victory

    o = call.opts
    until = (o.get("until") or "").lower() or None
    if until and until not in rounds.PHASES + ("spawn",):
        raise UsageError(f"--until must be one of {', '.join(rounds.PHASES + ('spawn',))}: {quoted(until)}")
    first = (o.get("first") or "").lower() or None
    from claw.core.msm.choices import RatChoices

    choices = RatChoices(parse_choices(o.get("choose")))
    st = call.need_state()
    figures_before = dict(st["figures"])
    if o.get("done"):
        call.apply(victory.players_mark_done(st, o["done"]))
        st = call.need_state()
        if st.get("outcome") or not until:
            return
    board, bestiary = _board(call), _data("bestiary.yaml")
    cat_stun = st.get("options", {}).get("cat_stun", "clear")
    ran = st.get("phase")   # the phase this command starts in (named if --first went unused)
    steps = 0
    rolled = False
    while True:
        out = rounds.step(st, board, call.dice, bestiary, first=first, choices=choices, cat_stun=cat_stun,
                          take_scratch=not o.get("no_scratch"), pause_at_spawn=until == "spawn")
        call.apply(out)
        call.apply(reminders.passed("msm", st, out.state))
        st = out.state
        rolled = rolled or any(e["type"] == "initiative" for e in out.events)
        steps += 1
        reached = rounds.at_spawn_point(st) if until == "spawn" else st["phase"] == until
        if st.get("outcome") or not until or reached or steps >= 400:
            break
    choices.check_all_used({**figures_before, **st["figures"]})
    if first and not rolled:
        raise IllegalAction(f"--first {first} is the choice of who goes first when the initiative is rolled, and"
                            f" this step rolled none (it ran the {ran} phase)")
    if not st.get("outcome"):
        call.say(f"Next: {_next_hint(st)}")


def _next_hint(st: dict) -> str:
    phase = st["phase"]
    if phase == "cats":
        return "the cats act (claw move / attack / search …), then claw scenario-step ends their turn."
    if phase == "rats":
        from claw.core.msm.rounds import at_spawn_point

        if at_spawn_point(st):
            return "claw spawn spawns by hand, or claw scenario-step spawns and ends the rats' turn."
        return "claw scenario-step runs the rats' turn (--until spawn stops before the spawn)."
    if phase == "end":
        return "claw scenario-step runs the end segment."
    return "claw scenario-step rolls the initiative."


def activate(call: Call) -> None:
    from claw.core.msm.rounds import activate_cat

    call.apply(activate_cat(call.need_state(), _board(call), call.arg("CAT")))


def end_activation(call: Call) -> None:
    from claw.core.msm.rounds import end_cat_activation

    call.apply(end_cat_activation(call.need_state(), call.arg("CAT")))


def spawn(call: Call) -> None:
    from claw.core.msm import spawn as S

    letters = [a.upper() for a in call.args] or None
    place = call.opts.get("place")
    if place:
        if letters:
            raise UsageError("spawn --place puts set-aside rats on named squares; spawn letters are a separate "
                             f"command: {quoted(' '.join(call.args))}")
        out = S.place_set_aside(call.need_state(), _board(call), S.parse_placements(place))
    elif letters:
        out = S.spawn(call.need_state(), _board(call), call.dice, _data("bestiary.yaml"), letters=letters)
    else:
        out = S.hand_spawn(call.need_state(), _board(call), call.dice, _data("bestiary.yaml"))
    call.apply(out)
