"""Handlers for The Ratcatcher: read arguments, call core, report events. No rules here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from claw.core.errors import IllegalAction, InvalidInput, UsageError, quoted

if TYPE_CHECKING:
    from claw.cli.framework.call import Call

COLOUR = {
    "wound": "red", "bite": "red", "game-over": "bold magenta", "capture": "green",
    "nemesis-wound": "green", "nemesis-slain": "bold green", "consume": "yellow",
    "choice": "cyan", "spawn": "dim", "rat-move": "dim", "recovery": "yellow",
    "nemesis-spawn": "bold red", "upgrade": "green", "township": "blue", "explore": "blue",
}


def _state(call: Call) -> dict:
    """The game part. Its ids were checked when it was read (the adapter's STATE_CHECK,
    core/ratcatcher/statecheck.py, runs on every read: exit 3 for a dangling id)."""
    if call.state is None:
        raise UsageError(f"`claw {call.command}` needs a Ratcatcher game state (-s FILE)")
    return call.state


def _dice(call: Call):
    """``call.dice``, or with ``--draws`` a source whose rat-sack draws are the typed
    colours (core/ratcatcher/sack.py ``TypedDraws``)."""
    text = call.opts.get("draws")
    if text is None:
        return call.dice
    from claw.core.ratcatcher.sack import TypedDraws

    call.say("note: --draws is retired and goes in the next release; type the rats pulled as "
             "--draw sack=brown,sack=black")
    colours = [c.strip() for c in text.split(",") if c.strip()]
    if not colours or len(colours) > 500:
        raise UsageError(f"--draws lists 1..500 colours, e.g. brown,black,white: {quoted(text)}")
    for c in colours:
        if c not in ("brown", "black", "white"):
            raise UsageError(f"--draws colours are brown, black or white: {quoted(c)}")
    return TypedDraws(call.dice, colours)


def _unused_draws(call: Call, dice) -> None:
    if getattr(dice, "remaining", 0) and call.opts.get("draws") is not None:
        call.say(f"note: {dice.remaining} colour(s) of --draws were not needed")


def _rules() -> dict:
    from claw.cli.formats.content import load_data

    return load_data("ratcatcher/rules.yaml")


# ---- new / check ------------------------------------------------------------------

def new(call: Call) -> None:
    from claw.core.ratcatcher.checks import cross_check
    from claw.core.ratcatcher.setup import new_game

    scenario = call.need_doc()
    if scenario.get("kind", "scenario") != "scenario":
        raise InvalidInput(f"{call.source}: `claw new` needs a Ratcatcher scenario file, "
                           f"not kind {quoted(scenario.get('kind'))}")
    parts: dict = {}
    for key in ("character", "nemesis", "townships", "peculiar"):
        ref = scenario.get(key)
        if ref is None:
            parts[key] = {"cards": []} if key == "peculiar" else None
        elif isinstance(ref, dict):
            parts[key] = ref
        else:
            doc = call.load(ref)
            if doc.get("game") != "ratcatcher" or doc.get("kind") != key:
                raise InvalidInput(f"{call.source}: {key}: {quoted(ref)} is not a Ratcatcher {key} file "
                                   f"(kind {quoted(doc.get('kind'))})")
            parts[key] = doc
    problems = cross_check(scenario, parts["character"], parts["nemesis"], parts["townships"],
                           parts["peculiar"] if scenario.get("peculiar") else None)
    if problems:
        path, message = problems[0]
        where = ".".join(str(p) for p in path)
        raise InvalidInput(f"{call.source}: {where}: {message}")
    scenario = dict(scenario, options=dict(scenario.get("options", {})))
    speed, lowest = call.opts.get("rat_speed"), call.opts.get("recovery_lowest")
    if speed is not None:
        if not 1 <= speed <= 6:
            raise UsageError(f"--rat-speed must be 1..6: {speed}")
        scenario["options"]["rat_speed"] = speed
    if lowest is not None:
        if lowest not in ("fewest-rats", "lowest-number"):
            raise UsageError(f"--recovery-lowest is fewest-rats or lowest-number: {quoted(lowest)}")
        scenario["options"]["recovery_lowest"] = lowest
    tie = call.opts.get("tie_township")
    if tie is not None:
        if tie not in ("number", "indicator"):
            raise UsageError(f"--tie-township is number or indicator: {quoted(tie)}")
        scenario["options"]["tie_township"] = tie
    if call.opts.get("browns_count_to_consume"):
        scenario["options"]["browns_count_to_consume"] = True
    for key, allowed in (("peculiar_bites", ("once", "each")), ("spawn_nests", ("active", "city"))):
        value = call.opts.get(key)
        if value is not None:
            if value not in allowed:
                raise UsageError(f"--{key.replace('_', '-')} is {' or '.join(allowed)}: {quoted(value)}")
            scenario["options"][key] = value
    dice = _dice(call)
    call.apply(new_game(scenario, parts["character"], parts["nemesis"], parts["townships"],
                        parts["peculiar"], _rules(), dice), styles=COLOUR)
    _unused_draws(call, dice)


def check(kind: str, doc: dict, tolerant: bool = False):
    from claw.core.ratcatcher.checks import check as core_check

    return core_check(kind, doc, _rules(), tolerant=tolerant)


# ---- the Ratcatcher's turn -------------------------------------------------------------

def move(call: Call) -> None:
    from claw.core.ratcatcher.player import move as core_move

    call.apply(core_move(_state(call), call.arg("ZONE")), styles=COLOUR)


def trap(call: Call) -> None:
    from claw.core.ratcatcher.player import deploy_trap

    call.apply(deploy_trap(_state(call), call.arg("TRAP"), call.arg("ZONE")), styles=COLOUR)


def gather(call: Call) -> None:
    from claw.core.ratcatcher.player import gather as core_gather

    call.apply(core_gather(_state(call), call.arg("SLOT")), styles=COLOUR)


def ability(call: Call) -> None:
    from claw.core.ratcatcher.player import use_ability

    call.apply(use_ability(_state(call), call.arg("ABILITY"), call.arg("ZONE")), styles=COLOUR)


def trade(call: Call) -> None:
    from claw.core.ratcatcher.player import trade as core_trade

    if not call.args or len(call.args) > 2:
        raise UsageError("usage: claw trade N | claw trade CARD [CHOICE]")
    choice = None
    if len(call.args) == 2:
        if not call.args[1].isdigit():
            raise UsageError(f"CHOICE is a reward number: {quoted(call.args[1])}")
        choice = int(call.args[1])
    call.apply(core_trade(_state(call), call.args[0], choice), styles=COLOUR)


def explore(call: Call) -> None:
    from claw.core.ratcatcher.player import explore_now

    dice = _dice(call)
    call.apply(explore_now(_state(call), dice, list(call.args)), styles=COLOUR)
    _unused_draws(call, dice)


def heal(call: Call) -> None:
    from claw.core.ratcatcher.player import heal as core_heal

    if call.args:
        raise UsageError(f"claw heal takes no arguments in ratcatcher: {quoted(call.args[0])}")
    call.apply(core_heal(_state(call)), styles=COLOUR)


# ---- rats' turn -----------------------------------------------------------------------------

def _choices(call: Call, state: dict) -> tuple[list, int | None]:
    """--prefer zones and --reward, checked against the state: an unknown zone or a reward
    the Tallyman does not list is refused rather than silently ignored."""
    prefer = list(call.opts.get("prefer") or [])
    for zone in prefer:
        if zone not in state["zones"]:
            raise IllegalAction(f"--prefer names no zone in the city: {quoted(zone)}")
    reward = call.opts.get("reward")
    table = state["tallyman"]["rewards"]
    if reward is not None and not 1 <= reward <= len(table):
        raise IllegalAction(f"--reward is a Tallyman reward 1..{len(table)}: {reward}")
    return prefer, reward


def scenario_step(call: Call) -> None:
    import re

    from claw.core import reminders
    from claw.core.ratcatcher.turn import scenario_step as step

    if call.args:
        raise UsageError(f"scenario-step takes no positional arguments in ratcatcher: {quoted(call.args[0])}")
    state = _state(call)
    prefer, reward = _choices(call, state)
    connectors = list(call.opts.get("connector") or [])
    for c in connectors:
        conn = r"[0-9]{1,3}:[A-Za-z0-9_-]{1,16}"
        own = r"[A-Za-z0-9_-]{1,16}"  # the new card's connector, and optionally a second meeting pair
        if not re.fullmatch(rf"{conn}(={own}(\+{own}={conn})?)?", c) or c.split(":")[0] not in state["cards"]:
            raise UsageError("--connector is CARD:ID of a township card, e.g. 0:e (or 0:e=s, 0:e=s+n=3:w): "
                             f"{quoted(c)}")
    dice = _dice(call)
    out = step(state, dice, prefer, connectors, reward, until=call.opts.get("until"))
    call.apply(out, styles=COLOUR)
    call.apply(reminders.passed("ratcatcher", state, out.state))
    _unused_draws(call, dice)


def spawn(call: Call) -> None:
    from claw.core.ratcatcher.turn import spawn_only

    if call.args:
        raise UsageError(f"spawn takes no arguments in ratcatcher: {quoted(call.args[0])}")
    state = _state(call)
    prefer, reward = _choices(call, state)
    dice = _dice(call)
    call.apply(spawn_only(state, dice, prefer, reward), styles=COLOUR)
    _unused_draws(call, dice)


def show(call: Call) -> None:
    from claw.cli.games.ratcatcher.show import render

    state = _state(call)
    if call.arg("ID"):  # one figure in full: text (or its data with --json), never a picture
        from claw.cli.games.ratcatcher.show import figure_sheet

        if call.opts.get("dot") or call.opts.get("svg") or call.opts.get("png") or call.opts.get("size") is not None:
            raise UsageError(f"claw show ID prints one figure as text; --dot, --svg and --png draw the city: "
                             f"{call.arg('ID')}")
        if call.json:
            from claw.core.ratcatcher.holdings import holdings

            fid = call.arg("ID")
            rc = state["ratcatcher"]
            return call.emit_json({**rc, "holdings": holdings(state)} if fid == rc["id"] else
                                  state["nemesis"] if fid == state["nemesis"]["id"] else
                                  state["peculiar_cards"][fid])
        return call.status(figure_sheet(state, call.arg("ID")))
    if call.opts.get("dot"):
        from claw.cli.games.ratcatcher.dot import city_dot

        call.out(city_dot(state))
        return
    if call.opts.get("svg") or call.opts.get("png") or call.opts.get("size") is not None:
        from claw.cli.games.ratcatcher.svg import city_svg
        from claw.cli.render.svg import deliver
        from claw.cli.render.text import plain

        return deliver(call, city_svg(state, "\n".join(plain(line) for line in render(state))))
    if call.json:
        call.emit_json(state)
        return
    call.status(render(state))
