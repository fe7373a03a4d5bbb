"""The cats' other actions in msm: search, pick up, trade, equip, remove a stun,
reload, scratch tokens and scenario entries."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.cli.games.msm.common import _board, _data, _need, parse_choices
from claw.core.errors import UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def search(call: Call) -> None:
    from claw.core.msm.loot import search as do_search
    from claw.core.msm.squares import square_name

    square = square_name(call.arg("SQUARE")) if call.arg("SQUARE") else None
    choices = parse_choices(call.opts.get("choose"))
    unknown = sorted(set(choices) - {"ambush"})
    if unknown:
        raise UsageError("search --choose takes ambush=SQUARE (the objective square for an Ambush): "
                         f"{quoted(unknown[0])}")
    ambush = choices.get("ambush", [])
    if len(ambush) > 1:
        raise UsageError(f"search --choose ambush=SQUARE takes one square: {', '.join(ambush)}")
    call.apply(do_search(call.need_state(), _board(call), call.arg("CAT"), call.dice, square,
                         ambush=ambush[0] if ambush else None))


def pickup(call: Call) -> None:
    from claw.core.msm.loot import pickup as do_pickup

    call.apply(do_pickup(call.need_state(), _board(call), call.arg("CAT"), call.arg("CARD")))


def trade(call: Call) -> None:
    from claw.core.msm.loot import trade as do_trade

    if call.need_state().get("phase") == "taverne" or call.need_state().get("outcome"):
        from claw.cli.games.msm.tavern import trade as tavern_trade

        if call.opts.get("equip"):
            raise UsageError("--equip is for trades on the map; at the Taverne a card goes into the loot slot")
        return tavern_trade(call)
    giver, card, taker = _need(call, "CAT", "CARD", "OTHER")
    call.apply(do_trade(call.need_state(), _board(call), giver, card, taker,
                        bool(call.opts.get("equip"))))


def equip(call: Call) -> None:
    from claw.core.msm.loot import equip as do_equip

    call.apply(do_equip(call.need_state(), call.arg("CAT"), call.arg("CARD"), bool(call.opts.get("unequip"))))


def remove_stun(call: Call) -> None:
    from claw.core.msm.loot import remove_stun as do_remove

    call.apply(do_remove(call.need_state(), _board(call), call.arg("CAT")))


def reload(call: Call) -> None:
    from claw.core.msm.reload import reload_pistols

    call.apply(reload_pistols(call.need_state(), _board(call), call.arg("CAT"), _data("heroes.yaml")))


def scratch(call: Call) -> None:
    from claw.core.msm.attack import MAX_SCRATCH, spend_token, take_token

    if call.opts.get("take"):
        call.apply(take_token(call.need_state()))
    elif call.opts.get("spend"):
        call.apply(spend_token(call.need_state()))
    else:
        call.query()
        call.say(f"The team holds {call.need_state().get('scratch_tokens', 0)} scratch token(s)"
                 f" (maximum {MAX_SCRATCH}).")


def entry(call: Call) -> None:
    """`claw entry N`: read an entry. It changes the game only when the scenario names it
    (its file's ``entries:``) or the table says ``--apply``: a look-up never changes the game."""
    from claw.core.msm.entries import applied_entries, apply_entry, named_entries

    (number,) = _need(call, "N")
    if not number.lstrip("#").isdigit():
        raise UsageError(f"an entry number, like 2: {quoted(number)}")
    n = int(number.lstrip("#"))
    state = call.state
    if state is None or not (call.opts.get("apply") or (n in named_entries(state)
                                                        and n not in applied_entries(state))):
        from claw.cli.commands.lookup import answer_row

        answer_row(call, "entries", str(n))  # a question: the state is not written
        if state is not None:
            call.say(_not_applied(state, n))
        return
    hero = call.opts.get("hero")
    call.apply(apply_entry(state, _data("entries.yaml"), n, hero.lower() if hero else None))


def _not_applied(state: dict, n: int) -> str:
    from claw.core.msm.entries import applied_entries, named_entries

    if n in applied_entries(state):
        return f"Entry #{n} is already applied (claw show lists it); nothing changed."
    name = state["scenario"].get("name") or "this scenario"
    named = named_entries(state)
    names = f" (it names {', '.join(f'#{e}' for e in named)})" if named else ""
    return (f"{name} does not name entry #{n}{names}, so nothing changed; "
            f"claw entry {n} --apply applies its effects.")
