"""`claw tavern` and `claw heal` for Mont Saint-Michel: the Taverne between
scenarios, on a finished scenario's state (its ``campaign`` part)."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import tempfile
from pathlib import Path

from claw.core.errors import IllegalAction, UsageError, quoted

ACTIONS = ("start", "event", "heal", "shop", "buy", "sell", "trade", "level", "recruit", "done", "show")


def _emit(call, events) -> None:
    for e in events:
        e = dict(e)
        call.event(e.pop("type"), e.pop("text", ""), **e)


def _enter(call) -> dict:
    """The state in the Taverne phase, entering it from a finished scenario."""
    from claw.core.msm.campaign import campaign_from_state

    st = copy.deepcopy(call.state)
    if st.get("phase") == "taverne":
        return st
    if not st.get("outcome"):
        raise IllegalAction("the scenario is not over yet: the Taverne comes between scenarios"
                            " (mark manual objectives with claw scenario-step --done ID)")
    camp, events = campaign_from_state(st, st.get("campaign"))
    camp["taverne"] = {}
    st["campaign"] = camp
    st["phase"] = "taverne"
    _emit(call, events)
    call.event("taverne", "The cats visit the Taverne du Pélican de Mer: roll the events chart first"
               " (claw tavern event).")
    return st


def _decks(call, camp: dict) -> list[dict]:
    out = []
    for path in camp.get("loot_decks", []):
        out.append(call.load(call.state_file(path)))
    return out


def _cards(call, camp: dict) -> dict:
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


def tavern(call) -> None:
    from claw.cli.formats.content import load_data
    from claw.core.msm import tavern as tv

    if not call.args:
        raise UsageError(f"usage: claw tavern ACTION (one of {', '.join(ACTIONS)})")
    action, rest = call.args[0].lower(), [a.lower() for a in call.args[1:]]
    if action not in ACTIONS:
        raise UsageError(f"unknown Taverne action {quoted(action)} (one of {', '.join(ACTIONS)})")
    if call.state is None:  # stateless: the events chart is a look-up (`claw tavern event --game msm`)
        if action != "event":
            raise UsageError(f"`claw tavern {action}` needs a state (-s FILE); without one only `claw tavern event`")
        chart = load_data("msm/tavern-events.yaml")
        _, rolled = tv.roll_event({"heroes": {}}, chart, call.dice)
        row = next(e for e in chart["events"] if e["id"] == rolled[0]["event"])
        call.answer("\n".join(e["text"] for e in rolled), {"roll": rolled[0]["roll"], "event": row})
        return
    st = _enter(call)
    camp = st["campaign"]
    events: list[dict] = []
    if action == "event":
        if camp.get("taverne", {}).get("event"):
            raise IllegalAction(f"the events chart was already rolled this visit ({camp['taverne']['event']})")
        camp, events = tv.roll_event(camp, load_data("msm/tavern-events.yaml"), call.dice)
    elif action == "heal":
        _need_event(camp)
        if len(rest) != 1:
            raise UsageError("usage: claw tavern heal HERO (or claw heal HERO)")
        camp, events = tv.heal(camp, rest[0], _cards(call, camp), call.opts.get("salves"))
    elif action == "shop":
        _need_event(camp)
        if camp.get("taverne", {}).get("shop") is not None:
            raise IllegalAction("Gus has already laid out his wares this visit")
        camp, events = tv.open_shop(camp, _decks(call, camp), call.dice, camp.get("loot_levels"))
    elif action == "buy":
        _need_event(camp)
        if len(rest) != 2:
            raise UsageError("usage: claw tavern buy HERO CARD")
        camp, events = tv.buy(camp, rest[0], rest[1])
    elif action == "sell":
        _need_event(camp)
        if len(rest) != 2:
            raise UsageError("usage: claw tavern sell HERO CARD")
        camp, events = tv.sell(camp, rest[0], rest[1], _cards(call, camp))
    elif action == "trade":
        francs = call.opts.get("francs")
        if francs is None and len(rest) != 3 or francs is not None and len(rest) != 2:
            raise UsageError("usage: claw tavern trade HERO CARD OTHER, or claw tavern trade HERO OTHER --francs N")
        if francs is None:
            camp, events = tv.trade(camp, rest[0], rest[2], _cards(call, camp), card_id=rest[1])
        else:
            camp, events = tv.trade(camp, rest[0], rest[1], _cards(call, camp), francs=francs)
    elif action == "level":
        if not rest:
            raise UsageError("usage: claw tavern level HERO [SKILL...] [--level N]")
        skills = call.args[2:] or None
        camp, events = tv.level_up(camp, rest[0], load_data("msm/skills.yaml"), call.opts.get("level"), skills)
    elif action == "recruit":
        if len(rest) < 2:
            raise UsageError("usage: claw tavern recruit LOST NEW [CARD...] (up to 4 cards)")
        camp, events = tv.recruit(camp, rest[0], rest[1], load_data("msm/heroes.yaml"), _cards(call, camp), rest[2:])
    elif action == "done":
        target = call.opts.get("campaign")
        if not target:
            raise UsageError("claw tavern done needs --campaign FILE to write the campaign to")
        out = copy.deepcopy(camp)
        out.pop("taverne", None)
        if out.get("loot_decks"):  # a campaign file's paths are relative to that file
            folder = os.path.dirname(os.path.abspath(target))
            out["loot_decks"] = [os.path.relpath(call.state_file(p), folder) for p in out["loot_decks"]]
        _write(target, out)
        events = [{"type": "campaign-saved", "text": f"Campaign written to {target}: start the next scenario with"
                   f" claw new SCENARIO --campaign {target}.", "file": target}]
    elif action == "show":
        if hasattr(call, "query"):
            call.query()
        for hid, h in camp["heroes"].items():
            call.out(f"{hid}: level {h['level']}, health {h['health']}/9, {h.get('francs', 0)} francs,"
                     f" {len(h.get('weapons', []))} weapon(s), {len(h.get('loot', []))} loot card(s)")
        tav = camp.get("taverne", {})
        if tav.get("shop"):
            call.out("Gus sells: " + ", ".join(f"{c['id']} ({tv.price(c, tav)})" for c in tav["shop"]))
    st["campaign"] = camp
    call.state = st
    _emit(call, events)


def trade(call) -> None:
    """`claw trade` between scenarios: the Taverne's trade."""
    call.args = ["trade"] + list(call.args)
    tavern(call)


def heal(call) -> None:
    if call.state is None:
        raise UsageError("claw heal needs a state in the Taverne (msm heals between scenarios)")
    call.args = ["heal"] + list(call.args)
    tavern(call)


def _write(path: str, doc: dict) -> None:
    """Atomic write (temp file + rename); JSON is also valid YAML for claw new."""
    text = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    target = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=str(target.parent.resolve()), prefix=".claw-campaign-")
    except OSError as exc:
        raise UsageError(f"cannot write the campaign file: {path} ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise UsageError(f"cannot write the campaign file: {path} ({exc.strerror})") from None
