"""`claw tavern` and `claw heal` for Mont Saint-Michel: the Taverne between
scenarios, on a finished scenario's state (its ``campaign`` part)."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from claw.core.errors import IllegalAction, UsageError, quoted
from claw.core.outcome import Outcome

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


def _decks(call: Call, camp: dict) -> list[dict]:
    out = []
    for path in camp.get("loot_decks", []):
        out.append(call.load(call.state_file(path)))
    return out


def _cards(call: Call, camp: dict) -> dict:
    from claw.core.msm.tavern import card_lookup

    cards = card_lookup(_decks(call, camp))
    for h in camp["heroes"].values():
        for slot in ("weapons", "loot"):
            for c in h.get(slot, []):
                if isinstance(c, dict):
                    cards.setdefault(c["id"], c)
    return cards


def _need_event(camp: dict) -> None:
    if not camp.get("taverne", {}).get("event"):
        raise IllegalAction("roll the events chart first: claw tavern event")


def tavern(call: Call) -> None:
    """`claw tavern ACTION [ARGS...]`: one Taverne action (``ACTIONS``) on the campaign."""
    if not call.args:
        raise UsageError(f"usage: claw tavern ACTION (one of {', '.join(ACTIONS)})")
    action, rest = call.args[0].lower(), [a.lower() for a in call.args[1:]]
    if action not in ACTIONS:
        raise UsageError(f"unknown Taverne action {quoted(action)} (one of {', '.join(ACTIONS)})")
    if call.state is None:  # stateless: the events chart is a look-up (`claw tavern event --game msm`)
        if action != "event":
            from claw.cli.render.wording import needs_state

            raise needs_state(f"tavern {action}", without="without one, only `claw tavern event` answers")
        return _chart(call)
    from claw.core.msm.campaign import enter_taverne, in_taverne

    call.apply(enter_taverne(call.need_state()))   # said before the action, even one refused
    st = call.need_state()
    call.apply(in_taverne(st, ACTIONS[action](call, st["campaign"], rest)))


def _chart(call: Call) -> None:
    from claw.cli.formats.content import load_data
    from claw.core.msm import tavern as tv

    chart = load_data("msm/tavern-events.yaml")
    rolled = tv.roll_event({"heroes": {}}, chart, call.dice).events
    row = next(e for e in chart["events"] if e["id"] == rolled[0]["event"])
    call.answer("\n".join(e["text"] for e in rolled), {"roll": rolled[0]["roll"], "event": row})


# Each action: (call, campaign, the words after it, lower-cased) -> an Outcome whose
# state is the campaign.
ActionResult = Outcome


def _start(call: Call, camp: dict, rest: list[str]) -> ActionResult:
    return Outcome(camp)   # entering the Taverne (enter_taverne) is all it does


def _event(call: Call, camp: dict, rest: list[str]) -> ActionResult:
    from claw.cli.formats.content import load_data
    from claw.core.msm import tavern as tv

    if camp.get("taverne", {}).get("event"):
        raise IllegalAction(f"the events chart was already rolled this visit ({camp['taverne']['event']})")
    return tv.roll_event(camp, load_data("msm/tavern-events.yaml"), call.dice)


def _heal(call: Call, camp: dict, rest: list[str]) -> ActionResult:
    from claw.core.msm import tavern as tv

    _need_event(camp)
    if len(rest) != 1:
        raise UsageError("usage: claw tavern heal HERO (or claw heal HERO)")
    return tv.heal(camp, rest[0], _cards(call, camp), call.opts.get("salves"))


def _shop(call: Call, camp: dict, rest: list[str]) -> ActionResult:
    from claw.core.msm import tavern as tv

    _need_event(camp)
    if camp.get("taverne", {}).get("shop") is not None:
        raise IllegalAction("Gus has already laid out his wares this visit")
    return tv.open_shop(camp, _decks(call, camp), call.dice, camp.get("loot_levels"))


def _buy(call: Call, camp: dict, rest: list[str]) -> ActionResult:
    from claw.core.msm import tavern as tv

    _need_event(camp)
    if len(rest) != 2:
        raise UsageError("usage: claw tavern buy HERO CARD")
    return tv.buy(camp, rest[0], rest[1])


def _sell(call: Call, camp: dict, rest: list[str]) -> ActionResult:
    from claw.core.msm import tavern as tv

    _need_event(camp)
    if len(rest) != 2:
        raise UsageError("usage: claw tavern sell HERO CARD")
    return tv.sell(camp, rest[0], rest[1], _cards(call, camp))


def _trade(call: Call, camp: dict, rest: list[str]) -> ActionResult:
    from claw.core.msm import tavern as tv

    francs = call.opts.get("francs")
    if francs is None and len(rest) != 3 or francs is not None and len(rest) != 2:
        raise UsageError("usage: claw tavern trade HERO CARD OTHER, or claw tavern trade HERO OTHER --francs N")
    if francs is None:
        return tv.trade(camp, rest[0], rest[2], _cards(call, camp), card_id=rest[1])
    return tv.trade(camp, rest[0], rest[1], _cards(call, camp), francs=francs)


def _level(call: Call, camp: dict, rest: list[str]) -> ActionResult:
    from claw.cli.formats.content import load_data
    from claw.core.msm import tavern as tv

    if not rest:
        raise UsageError("usage: claw tavern level HERO [SKILL...] [--level N]")
    skills = call.args[2:] or None
    return tv.level_up(camp, rest[0], load_data("msm/skills.yaml"), call.opts.get("level"), skills)


def _recruit(call: Call, camp: dict, rest: list[str]) -> ActionResult:
    from claw.cli.formats.content import load_data
    from claw.core.msm import tavern as tv

    if len(rest) < 2:
        raise UsageError("usage: claw tavern recruit LOST NEW [CARD...] (up to 4 cards)")
    return tv.recruit(camp, rest[0], rest[1], load_data("msm/heroes.yaml"), _cards(call, camp), rest[2:])


def _done(call: Call, camp: dict, rest: list[str]) -> ActionResult:
    target = call.opts.get("campaign")
    if not target:
        raise UsageError("claw tavern done needs --campaign FILE to write the campaign to")
    out = copy.deepcopy(camp)
    out.pop("taverne", None)
    if out.get("loot_decks"):  # a campaign file's paths are relative to that file
        folder = os.path.dirname(os.path.abspath(target))
        out["loot_decks"] = [os.path.relpath(call.state_file(p), folder) for p in out["loot_decks"]]
    _write(target, out)
    return Outcome(camp, [{"type": "campaign-saved", "text": f"Campaign written to {target}: start the next scenario"
                           f" with claw new SCENARIO --campaign {target}.", "file": target}])


def _show(call: Call, camp: dict, rest: list[str]) -> ActionResult:
    from claw.core.msm import tavern as tv

    call.query()
    for hid, h in camp["heroes"].items():
        call.out(f"{hid}: level {h['level']}, health {h['health']}/9, {h.get('francs', 0)} francs,"
                 f" {len(h.get('weapons', []))} weapon(s), {len(h.get('loot', []))} loot card(s)")
    tav = camp.get("taverne", {})
    if tav.get("shop"):
        call.out("Gus sells: " + ", ".join(f"{c['id']} ({tv.price(c, tav)})" for c in tav["shop"]))
    return Outcome(camp)


ACTIONS: dict[str, Callable[[Call, dict, list[str]], ActionResult]] = {
    "start": _start, "event": _event, "heal": _heal, "shop": _shop, "buy": _buy, "sell": _sell,
    "trade": _trade, "level": _level, "recruit": _recruit, "done": _done, "show": _show}


def trade(call: Call) -> None:
    """`claw trade` between scenarios: the Taverne's trade."""
    call.args = ["trade"] + list(call.args)
    tavern(call)


def heal(call: Call) -> None:
    if call.state is None:
        from claw.cli.render.wording import needs_state

        raise needs_state("heal", without="msm heals in the Taverne, between scenarios")
    call.args = ["heal"] + list(call.args)
    tavern(call)


def _write(path: str, doc: dict) -> None:
    """The campaign file, through the store's atomic write (exit 5 when it cannot be
    written); JSON is also valid YAML for claw new."""
    from claw.cli.store.statefile import atomic_write

    atomic_write(path, json.dumps(doc, ensure_ascii=False, indent=2) + "\n")
