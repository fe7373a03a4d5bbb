"""Adapter for Mice and Mystics, "The Ghost of Castle Andon" (see docs/games/mice.md).

Kept import-light: handlers live in ``mice_handlers`` and import core lazily.
"""

from claw.cli.framework.spec import Arg, Command, Opt

_H = "claw.cli.games.mice.handlers:"
_D = "claw.cli.games.mice.chapter_rules:"   # the chapter's dice rules
_ODDS = Opt("--odds", bool, help="exact chances instead of rolling")


def _c(help, handler, usage="", options=(), needs_state=True, changes_state=True):
    return Command(help=help, handler=handler if ":" in handler else _H + handler, usage=usage, options=list(options),
                   needs_state=needs_state, changes_state=changes_state, args=_kinds(usage))


# the kind of each positional, by its name in the usage
_KINDS = {"MOUSE": "mouse", "ROOM": "room", "KIND": "minion-kind", "MINION": "minion", "ATTACKER": "figure",
         "TARGET": "figure", "ID": "figure"}


# completion in the situation (claw.cli.framework.spec.Arg.among), by the positional's name
_AMONG = {"TARGET": "claw.cli.games.mice.complete:targets"}


def _kinds(usage: str) -> tuple[Arg, ...]:
    words = [(w.strip("[]"), w.startswith("[")) for w in usage.split()]
    return tuple(Arg(word, _KINDS.get(word, "number" if word in ("N", "NUMBER") else "any"), optional=optional,
                     among=_AMONG.get(word))
                 for word, optional in words)


COMMANDS = {
    "show": _c("Draw the chapter track, scare track, wheel, rooms, stash, ghost and figures with their items; "
               "show ID: one mouse or minion in full.", "show", "[ID]", changes_state=False),
    "scenario-step": _c("Move the hourglass one page (or --pages N; 0 only checks) and check victory/defeat.",
                        "scenario_step", options=[Opt("--pages", int, help="pages to move (0-20)", default=None),
                                                  Opt("--reason", str, help="why the hourglass moves")]),
    "explore": _c("Explore a room: its special setup, raider tokens and story moment; the free mice move there.",
                  "explore", "ROOM"),
    "place": _c("Record where a mouse now stands (a base-game move).", "place", "MOUSE ROOM",
                options=[Opt("--spot", str, help="spot in the room: floor, water, bed, tray, counter, table ...",
                    choices=("floor", "flip", "water", "ladder", "bed", "chest", "tray", "counter", "mop", "table"))]),
    "search": _c("A mouse searches its tile: one action die, a cheese finds the tile's special search item.",
                 "search", "MOUSE", options=[Opt("--item", str, help="which special search when two apply")]),
    "chest-lid": _c("King's Chamber 3: a mouse on the bed pushes the chest lid on the burly raider. "
                    "Stateless: --others N [--suspicious].", _D + "chest_lid", "MOUSE",
                    options=[Opt("--others", int, help="stateless: other mice on the bed"),
                             Opt("--suspicious", bool, help="stateless: the raider is suspicious (cap 3)"), _ODDS],
                    needs_state=False),
    "deploy-fork": _c("Kitchen 2: set the dinner fork up on the kitchen counter.", _D + "deploy_fork"),
    "fling-cheese": _c("Kitchen 2: a mouse on the counter flings 1 cheese at the raider (one die).",
                       _D + "fling_cheese", "[MOUSE]", options=[_ODDS], needs_state=False),
    "build-ghost": _c("Kitchen 4: build the ghost; two mice are its eyes, the rest hold the mop.",
                      _D + "build_ghost", options=[Opt("--eyes", str, help="the two eye mice, e.g. collin,nez")]),
    "move-ghost": _c("Kitchen 5: a mop mouse calls NUMBER (1-3); the mop mice roll; 1 space per match. "
                     "Stateless: --movers N.", _D + "move_ghost", "MOUSE NUMBER",
                     options=[Opt("--enter", str, help="room the ghost moves into (e.g. dining-hall)", kind="room"),
                              Opt("--movers", int, help="stateless: mice on the mop (default 4)"), _ODDS],
                     needs_state=False),
    "scary-noises": _c("Kitchen 5: an eye mouse leads scary noises; cheese total above the distance to the "
                       "nearest raider scares it (3 points).", _D + "scary_noises", "MOUSE",
                       options=[Opt("--distance", int, help="spaces from the ghost to the raider"),
                                Opt("--raider", str, help="which raider token (default: nearest in the room)"),
                                Opt("--mice", int, help="stateless: mice in the costume (default 6)"), _ODDS],
                       needs_state=False),
    "attack": _c("Attack with a mouse or minion (Blackpaw +2 dice; Barnacle guards Blackpaw). "
                 "Stateless: --attack-dice N --defence N [--blackpaw].", _D + "attack", "ATTACKER TARGET",
                 options=[Opt("--ranged", bool, help="ranged attack: bows hit instead of swords"),
                          Opt("--extra-dice", int, help="extra attack dice from weapons or abilities",
                              aliases=("--bonus",)),
                          Opt("--no-toothpick", bool, help="decline the Toothpick's strike back"),
                          Opt("--attack-dice", int, help="stateless: attack dice"),
                          Opt("--defence", int, help="stateless: defence dice", aliases=("--defense",)),
                          Opt("--blackpaw", bool, help="stateless: the attacker is Blackpaw (+2 dice)"), _ODDS],
                 needs_state=False),
    "add-minion": _c("Record minions placed by an encounter card or effect.", "add_minion", "KIND",
                     options=[Opt("--count", int, help="how many (default 1)"),
                              Opt("--room", str, help="room (default: the current room)", kind="room")]),
    "defeat": _c("Record a minion defeated at the table.", "defeat", "MINION"),
    "minion-turn": _c("Tunnel Entrance 3: a minion card starts its turn; one of its minions escapes up the ladder.",
                      "minion_turn", "KIND",
                      options=[Opt("--room", str, help="tunnel-entrance or kings-tunnels (default: the current room)",
                          kind="room"),
                               Opt("--minion", str, help="which minion escapes")]),
    "capture": _c("Record a mouse captured (the hourglass moves a page).", "capture", "MOUSE"),
    "release": _c("Record a captured mouse rejoining the party.", "release", "MOUSE"),
    "gain-cheese": _c("A mouse gains N cheese.", "gain_cheese", "MOUSE N"),
    "spend-cheese": _c("A mouse spends N cheese.", "spend_cheese", "MOUSE N"),
    "minion-cheese": _c("Put N cheese on the minion wheel (a full wheel surges and moves the hourglass).",
                        "minion_cheese", "N", options=[Opt("--reason", str, help="why the cheese goes on")]),
}
NEW = _H + "new"
# `claw adjust` (table corrections): what can be set, as data (claw.core.adjust)
ADJUST = {
    "targets": [
        {"where": "mice", "kind": "list", "keys": {
            "wounds": "wounds", "cheese": "cheese", "room": {"path": "room", "type": "str", "null": True},
            "spot": "spot", "items": "items", "captured": "captured"}},
        {"where": "minions", "kind": "list", "keys": {
            "wounds": "wounds", "room": "room", "spot": "spot", "suspicious": "suspicious"}},
    ],
    "game": {"hourglass": "hourglass", "scare": "scare", "wheel": "wheel",
             "current-room": "current_room", "stash": "stash"},
    "check": "claw.core.mice.adjusted:limits",              # scare 0-10, hourglass 1-99, wheel 0-5
    "after": "claw.cli.games.mice.handlers:after_adjust",   # a full scare track, the chapter's end
}
CHECK = "claw.core.mice.checks:check"
STATE_CHECK = "claw.core.mice.checks:check_state"  # claw validate on a state
STATE_GATE = "claw.cli.games.mice.handlers:chapter_state"  # a state with no chapter: exit 4 before names are read
