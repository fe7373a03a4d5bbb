"""Adapter for The Cats of Mont Saint-Michel (game id ``msm``).

Board commands (new, show, los, move, rats) are handled in ``board.py``, ``los.py``,
``move.py``, ``rats.py``; play commands (attack, spawn, scenario-step, tavern, …) are
specified in ``play_commands.py``. Only specs here: handlers import the rules lazily, and
each hands the rule's Outcome to ``Call.apply``.
"""

from __future__ import annotations

from claw.cli.framework.spec import Arg, Command, Opt, picture_options
from claw.cli.games.msm.play_commands import PLAY_COMMANDS as _PLAY_COMMANDS
from claw.cli.games.msm.play_commands import PLAY_NEW_OPTIONS as _PLAY_NEW_OPTIONS

_B = "claw.cli.games.msm.board:"
_G = "claw.cli.games.msm."


_BOARD_COMMANDS = {
    "show": Command(
        help="Draw the board with coordinates, terrain, walls, figures, what each cat holds and the trackers; "
             "show ID: one figure in full; --map SCENARIO draws a scenario's map without a state.",
        handler=_B + "show",
        args=(Arg("ID", "figure", optional=True),),
        options=[Opt("--map", str, help="a scenario file to draw instead of a state"),
                 Opt("--around", str, help="draw only the part of a large map around this square or figure "
                     "(as much as the terminal's width shows, 12 rows)", kind="place")]
        + picture_options("the board"),
        changes_state=False,
    ),
    "los": Command(
        help="Line of sight and range from FROM to TO (figure ids or squares like C7), or --all FROM.",
        handler=_G + "los:los",
        args=(Arg("FROM", "place"), Arg("TO", "place", optional=True)),
        options=[
            Opt("--map", str, help="a scenario file to use instead of a state (no figures)"),
            Opt("--show", bool, help="draw the best line (or the visible squares with --all) on the map"),
            Opt("--all", bool, help="list every figure and square visible from FROM"),
            Opt("--roaches", str, help="roach squares: ignore (default) or hinder", choices=("ignore", "hinder")),
        ] + picture_options("the board with the sight lines"),
        changes_state=False,
    ),
    "move": Command(
        help="Move CAT to SQUARE by prowl or stride (the cheaper that reaches) or --as MODE; "
             "a pounce needs --as pounce. "
             "--options lists the legal squares per mode.",
        handler=_G + "move:move",
        args=(Arg("CAT", "cat"), Arg("SQUARE", "square", optional=True, among=_G + "complete:destinations")),
        options=[
            Opt("--as", str, help="movement mode: prowl, stride or pounce (default: the cheaper of prowl and stride "
                "that reaches; a pounce is never chosen for you)", choices=("prowl", "stride", "pounce"),
                metavar="MODE"),
            Opt("--options", bool, help="list legal destinations per mode (on stderr; the state passes through "
                "unchanged) — `claw moves CAT` is the pure query"),
            Opt("--free", bool, help="table correction: move without the turn and AP checks"),
        ],
        needs_state=True,
    ),
    "moves": Command(
        help="List the squares CAT may prowl, stride or pounce to now (a query).",
        handler=_G + "move:moves",
        args=(Arg("CAT", "cat"),),
        options=picture_options("the board with the reachable squares shaded by cost"),
        needs_state=True,
        changes_state=False,
    ),
    "rats": Command(
        help="Rat activation order (closest to a cat first), each rat's closest cat, distance "
             "and next step, with every tie listed.",
        handler=_G + "rats:rats",
        args=(Arg("RAT", "rat", optional=True, many=True),),
        options=picture_options("the board with each rat's next step as an arrow"),
        needs_state=True,
        changes_state=False,
    ),
}

COMMANDS = {**_BOARD_COMMANDS, **_PLAY_COMMANDS}

NEW = _B + "new"
NEW_OPTIONS = [
    Opt("--heroes", str, help="comma-separated hero ids (default guy,adara,leon,nera)"),
    Opt("--roaches", str, help="line of sight past roaches: ignore (default) or hinder"),
    Opt("--place", str, help="choose hero squares on or next to C: nera=B11,leon=C12 (others by default)"),
    Opt("--pounce-rule", str, help="a pounce: stride-too (default: also every stride square, as the movement "
        "example says) or leave (always leaves the cat's big square)"),
] + _PLAY_NEW_OPTIONS
CHECK = _B + "check"
STATE_CHECK = "claw.core.msm.setup:state_problems"  # claw validate on a state, and every read
STATE_PATHS = "claw.core.msm.setup:map_paths"  # the files a state names, rebased when it moves folder
# `claw adjust` (table corrections): what can be set, as data (claw.core.adjust)
ADJUST = {
    "targets": [{"where": "figures", "kind": "dict", "keys": {
        "health": "health", "wounds": "wounds", "square": "square", "stunned": "stunned",
        "vulnerable": "vulnerable", "revealed": "revealed", "ap": {"path": "ap", "type": "int"},
        "francs": "francs", "level": "level", "type": "type",
        "loot": {"path": "loot", "cards": True}, "weapons": {"path": "weapons", "cards": True},
        "armour": {"path": "armour", "cards": True}}}],
    "game": {"round": "round.number", "space": "round.space", "phase": "phase",
             "rat-pool": {"path": "rat_pool", "order": True}, "rat-discard": "rat_discard",
             "loot-deck": {"path": "loot.deck", "order": True},
             "scratch-tokens": "scratch_tokens"},
    "cards": ["loot.deck", "loot.discard"],
    "check": "claw.core.msm.adjusted:limits",          # values play never reaches, with their limit
    "after": "claw.core.msm.adjusted:consequences",    # a cat at 0 health is down
}
