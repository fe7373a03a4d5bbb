"""Mont Saint-Michel play commands: attack, spawn, scenario-step, tavern, heal,
search, pickup, trade, remove-stun. ``cli/games/msm.py`` merges ``PLAY_COMMANDS``.

Only specs live at the top level; handlers import core lazily.
"""

from __future__ import annotations

from claw.cli.framework.spec import Arg, Command, Opt

_H = "claw.cli.games.msm.play_handlers:"   # the set-up hook
_T = "claw.cli.games.msm.tavern:"
_A = "claw.cli.games.msm.attack:"
_R = "claw.cli.games.msm.round:"
_C = "claw.cli.games.msm.actions:"
_S = "claw.cli.games.msm.complete:"  # completion in the situation

PLAY_COMMANDS = {
    "attack": Command(
        help="Attack TARGET with ATTACKER (figure ids); stateless: --attack-dice N --stun S --wound W.",
        handler=_A + "attack",
        args=(Arg("ATTACKER", "figure", optional=True), Arg("TARGET", "figure", optional=True, among=_S + "targets")),
        options=[
            Opt("--weapon", str, help="weapon card id (cats) or attack id (rats); default: the best that reaches",
                kind="card", among=_S + "weapons"),
            Opt("--attack-dice", int, help="stateless: number of d12 attack dice"),
            Opt("--stun", int, help="stateless: lowest modified roll that stuns"),
            Opt("--wound", int, help="stateless: lowest modified roll that wounds"),
            Opt("--mod", int, help="an extra attack modifier (skill, weapon, scenario), e.g. +1"),
            Opt("--health", int, help="stateless: the target's remaining lives (for --odds; default 1)"),
            Opt("--roach", bool, help="stateless: the target is a roach (removed when stunned)"),
            Opt("--stunned-target", bool, help="stateless: the target is a stunned rat (+3)"),
            Opt("--hindered", bool, help="stateless: the attack is hindered (-2)"),
            Opt("--vulnerable", bool, help="stateless: a rat attacks a Vulnerable cat (+2)"),
            Opt("--odds", bool, help="exact chances of a stun, a wound and elimination instead of rolling"),
            Opt("--reroll", str, help="spend scratch tokens to reroll these dice (1-based, e.g. 1,2)"),
            Opt("--reroll-ones", bool, help="spend scratch tokens to reroll natural 1s"),
            Opt("--no-scratch", bool, help="do not take a scratch token for a natural 1"),
            Opt("--medallion", bool, help="trade in a St. Gertrude medallion: one die is an automatic success"),
        ],
        changes_state=True,
    ),
    "spawn": Command(
        help="Spawn rats on the current round-track space's squares, in the rats' turn after every rat has "
             "activated (scenario-step --until spawn); LETTER... or --place for a scenario's instruction.",
        handler=_R + "spawn",
        args=(Arg("LETTER", "spawn-letter", optional=True, many=True),),
        options=[Opt("--place", str, help="place set-aside rats face up: TYPE@SQUARE[,TYPE@SQUARE]")],
        needs_state=True,
    ),
    "scenario-step": Command(
        help="Advance the round by one phase (initiative, cats, rats, end); --until cats runs to the players' "
             "next decision.",
        handler=_R + "scenario_step",
        options=[
            Opt("--until", str, help="run automatic phases until this phase: cats, rats, end, initiative; spawn "
                "stops the rats' turn after every rat has activated (to spawn by hand)",
                choices=("cats", "rats", "end", "initiative", "spawn")),
            Opt("--first", str, help="who goes first when the cats win the initiative (cats|rats)",
                choices=("cats", "rats")),
            Opt("--choose", str, multiple=True,
                help="break a tie the rules leave to the player: RAT=CAT, RAT=SQUARE, first=RAT (repeatable)"),
            Opt("--done", str, help="mark an objective done by id (objectives the tool cannot check)"),
            Opt("--no-scratch", bool, help="do not take a scratch token for a 1 on the cats' initiative die"),
        ],
        needs_state=True,
    ),
    "activate": Command(
        help="Activate CAT for its turn (done automatically by the first action).",
        handler=_R + "activate",
        args=(Arg("CAT", "cat"),),
        needs_state=True,
    ),
    "end-activation": Command(
        help="End the active cat's activation (unused AP are lost).",
        handler=_R + "end_activation",
        args=(Arg("CAT", "cat", optional=True),),
        needs_state=True,
    ),
    "search": Command(
        help="CAT searches a loot square ($ on the board) it stands on or next to: 1 AP, draws a loot card.",
        handler=_C + "search",
        args=(Arg("CAT", "cat"), Arg("SQUARE", "square", optional=True, among=_S + "loot_squares")),
        options=[Opt("--choose", str, multiple=True,
                     help="break a tie the rules leave to the player: ambush=SQUARE, the objective "
                     "square an Ambush card drawn now uses")],
        needs_state=True,
    ),
    "pickup": Command(
        help="CAT picks up an item card lying in its big square (free).",
        handler=_C + "pickup",
        args=(Arg("CAT", "cat"), Arg("CARD", "card", among=_S + "lying")),
        needs_state=True,
    ),
    "trade": Command(
        help="Give CARD from CAT to OTHER in the same big square (free).",
        handler=_C + "trade",
        args=(Arg("CAT", "cat"), Arg("CARD", "card", optional=True, among=_S + "cards_of"),
              Arg("OTHER", "cat", among=_S + "partners")),  # Taverne: CAT OTHER
        options=[Opt("--equip", bool, help="the receiver equips a weapon (max 2) or armour (1)"),
                 Opt("--francs", int,
                     help="at the Taverne: give francs instead of a card (claw trade CAT OTHER --francs N)")],
        needs_state=True,
    ),
    "equip": Command(
        help="Move CARD of CAT between the loot slot and the weapon/armour slots (free).",
        handler=_C + "equip",
        args=(Arg("CAT", "cat"), Arg("CARD", "card", among=_S + "cards_of")),
        options=[Opt("--unequip", bool, help="put the card back into the loot slot")],
        needs_state=True,
    ),
    "remove-stun": Command(
        help="CAT spends 1 AP to remove its stun marker.",
        handler=_C + "remove_stun",
        args=(Arg("CAT", "cat"),),
        needs_state=True,
    ),
    "reload": Command(
        help="CAT reloads both pistols with one big action (Guy's skill; 2 AP by default, see Rulings).",
        handler=_C + "reload",
        args=(Arg("CAT", "cat"),),
        needs_state=True,
    ),
    "scratch": Command(
        help="Show or set the team's scratch tokens (0..3).",
        handler=_C + "scratch",
        options=[Opt("--take", bool, help="take one token (after a natural 1)"),
                 Opt("--spend", bool, help="discard one token")],
        needs_state=True,
    ),
    "entry": Command(
        help="Read rulebook entry N: its summary, the effects claw applies, the steps to do by hand. "
             "An entry the scenario names takes effect; any other is only printed (--apply applies it).",
        handler=_C + "entry",
        args=(Arg("N", "entry"),),  # "4" or "#4": the handler reads the number
        options=[Opt("--hero", str, help="the cat the entry concerns (default: the active cat)", kind="cat"),
                 Opt("--apply", bool, help="apply an entry the scenario does not name")],
        needs_state=False,  # stateless: read the entry (claw entry 4 --game msm)
    ),
    "tavern": Command(
        help="Between scenarios: ACTION = event | heal HERO | shop | buy HERO CARD | sell HERO CARD | "
             "trade HERO CARD OTHER | level HERO [SKILL...] | recruit LOST NEW [CARD...] | show | "
             "done --campaign FILE.",
        handler=_T + "tavern",
        args=(Arg("ACTION", "tavern-action"), Arg("ARGS", "any", optional=True, many=True, among=_S + "tavern_words")),
        options=[Opt("--level", int, help="level: the level to set (default: one up)"),
                 Opt("--salves", int, help="heal: how many salves to spend (default: as many as help)"),
                 Opt("--francs", int, help="trade: give this many francs (claw tavern trade HERO OTHER --francs N)"),
                 Opt("--campaign", str, help="done: the campaign file to write")],
        needs_state=False,  # stateless: roll the events chart (claw tavern event --game msm)
    ),
    "heal": Command(
        help="Taverne: HERO spends healing salves (or the free healing of an event) up to 9 health.",
        handler=_T + "heal",
        usage="HERO",
        options=[Opt("--salves", int, help="how many salves to spend (default: as many as help)")],
        needs_state=True,
    ),
}

# Options and hook for `claw new` (the board adapter adds them to NEW_OPTIONS and calls
# the hook after building the state).
PLAY_NEW_OPTIONS = [
    Opt("--campaign", str, help="campaign file: the heroes' health, level and cards carried over"),
    Opt("--cat-stun", str, help="cats' stun markers: clear (at the start of the cats' turn, default) or keep"),
    Opt("--rat-wall", str, help="a rat beside a cat across a wall: adjacent (default; it stays there) or apart "
        "(it goes round to an open side)"),
    Opt("--big-action", str, help="what Guy's \"1 big action\" costs: two (default: 2 AP) or all (the cat's "
        "whole AP; differs with 3 AP)"),
    Opt("--hero-skill", str,
        help="skills heroes use: HERO=NAME[@LEVEL][:+N[:WEAPON,...]], several joined by ';', e.g. "
        "\"adara=Staff proficiency:+1:staff\" or \"guy=Quick draw@2\" (a level-2 skill card)"),
]
