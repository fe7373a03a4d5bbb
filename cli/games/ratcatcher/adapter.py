"""The Ratcatcher adapter: command specs only (handlers in ratcatcher_handlers)."""

from claw.cli.framework.spec import Arg, Command, Opt, picture_options

_H = "claw.cli.games.ratcatcher.handlers:"
_S = "claw.cli.games.ratcatcher.complete:"  # completion in the situation
_A = "claw.cli.games.ratcatcher.attack:"
# retired for --draw sack=COLOUR (one way to type what the table drew); accepted for one release
_DRAWS = Opt("--draws", str, help="retired: --draw sack=brown,sack=black types the rats pulled", hidden=True)

COMMANDS = {
    "attack": Command(
        help="Roll attack dice at the Ratcatcher's zone and allocate the hits (default: most "
             "captures; --assign to choose); `claw odds` for exact chances. Stateless: "
             "--attack-dice N --accuracy A --defence D [--rats K] [--odds].",
        handler=_A + "attack",
        usage="[--attack-dice N] [--assign nemesis,brown:2,...]",
        options=[
            Opt("--attack-dice", int, help="number of d6 to roll (state: default all left)"),
            Opt("--accuracy", int, help="stateless: hit on this or more"),
            Opt("--defence", int, help="stateless: the target rats' Defence"),
            Opt("--rats", int, help="stateless: how many such rats are in the zone (default 1)"),
            Opt("--odds", bool, help="exact chances instead of rolling"),
            Opt("--assign", str, help="allocation order, e.g. nemesis,brown:2,white"),
        ],
    ),
    "odds": Command(help="Exact chances of attacking now: the Ratcatcher's dice and accuracy "
                         "against the figures in the zone, hits allocated by the default.",
                    handler=_A + "odds", usage="[--attack-dice N]", needs_state=True, changes_state=False,
                    options=[Opt("--attack-dice", int, help="dice to roll (default: all left)")]),
    "move": Command(help="Move the Ratcatcher zone by zone (1 movement each; leaving brown or "
                         "Peculiar rats provokes their bite).",
                    handler=_H + "move",
                    args=(Arg("ZONE", "zone", many=True, among=_S + "next_zones"),),
                    needs_state=True),
    "trap": Command(help="Deploy a trap in the current or an adjacent zone (costs movement).",
                    handler=_H + "trap",
                    args=(Arg("TRAP", "trap"), Arg("ZONE", "zone", optional=True, among=_S + "trap_zones")),
                    needs_state=True),
    "gather": Command(help="Gather the Magic Cheese of a rat-free zone onto an upgrade or ability slot.",
                      handler=_H + "gather",
                      args=(Arg("SLOT", "slot", optional=True),), needs_state=True),
    "ability": Command(help="Use a special ability token.", handler=_H + "ability",
                       args=(Arg("ABILITY", "ability", among=_S + "abilities"),
                             Arg("ZONE", "zone", optional=True, among=_S + "token_zones")),
                       needs_state=True),
    "trade": Command(help="Trade Tallyman rats for reward N, or claim a held Peculiar Rat card.",
                     handler=_H + "trade", usage="N | CARD [CHOICE]", needs_state=True),
    "explore": Command(help="Take this turn's explore (1.3) now, at the named free connectors: only "
                            "when fewer than 2 cheese are in the city; the end of the turn then "
                            "explores no more.",
                       handler=_H + "explore", args=(Arg("CONNECTOR", "connector", optional=True, many=True),),
                       needs_state=True, options=[_DRAWS]),
    "heal": Command(help="Spend a collected health token: +1 wound, never above the maximum.",
                    handler=_H + "heal", needs_state=True),
    "spawn": Command(help="Play the rats' spawn phase (2.5 Nemesis, 2.6 rats) by hand, where the rats' turn "
                          "stands before it (scenario-step --until spawn).",
                     handler=_H + "spawn", needs_state=True,
                     options=[Opt("--prefer", str, multiple=True, help="the Nemesis's nest", kind="zone"),
                              Opt("--reward", int, help="Tallyman reward if a tally is forced"), _DRAWS]),
    "scenario-step": Command(
        help="End the Ratcatcher's turn and play the rats' turn (move, traps, bite, consume, "
             "spawn, explore, clean-up), then recoup for the next round.",
        handler=_H + "scenario_step", needs_state=True,
        options=[
            Opt("--prefer", str, multiple=True, help="zone to take when rat paths or "
                "destinations tie, or for the Nemesis's nest", kind="zone"),
            Opt("--connector", str, multiple=True, kind="connector",
                help="free connector for a new township; =ID names the "
                "new card's connector that meets it, +ID=CARD:ID a second pair that meets (0:e=s+n=3:w)"),
            Opt("--reward", int, help="Tallyman reward (1-based) if rat recovery forces a tally"),
            Opt("--until", str, help="spawn: stop the rats' turn after 2.4 Consume, before its spawn phase "
                "(then claw spawn, or scenario-step to go on)", choices=("spawn",)),
            _DRAWS,
        ],
    ),
    "show": Command(help="Draw the city, the figures, the boards and the trackers; show ID: the Ratcatcher "
                         "(potions, upgrades, tokens, reward cards), the Nemesis or a Peculiar Rat in full.",
                    handler=_H + "show", needs_state=True, changes_state=False,
                    args=(Arg("ID", "figure", optional=True),),
                    options=picture_options("the city (a schematic)")
                    + [Opt("--dot", bool, help="print the city as Graphviz text (zones, adjacency, links) "
                           "for your own layout")]),
}
NEW = _H + "new"
NEW_OPTIONS = [
    Opt("--rat-speed", int, help="zones a common rat moves per rats' turn (ruling R1; default 1)"),
    Opt("--recovery-lowest", str, help="rat recovery step 3: fewest-rats (default) or lowest-number"),
    Opt("--tie-township", str, help="rat tie-breaks: the highest township by card number (default) "
        "or by expansion indicator (ruling R2)"),
    Opt("--browns-count-to-consume", bool, help="brown rats count toward the 5 rats that consume "
        "a cheese (ruling R22; default: they do not)"),
    Opt("--peculiar-bites", str, help="Peculiar Rats in the Ratcatcher's zone: once (default: one wound at "
        "most, 2.3) or each (every one whose Bite beats Defence wounds; ruling R24)"),
    Opt("--spawn-nests", str, help="2.6 spawns at the nests of active townships (default) or of the whole "
        "city (ruling R25)"),
    _DRAWS,
]
CHECK = _H + "check"
# `claw adjust` (table corrections): what can be set, as data (claw.core.adjust). Rats put
# in or taken from a zone come from / go back to the Rat Sack, so none is made or lost.
ADJUST = {
    "targets": [
        {"where": "ratcatcher", "kind": "single", "names": ["ratcatcher"], "keys": {
            "zone": "zone", "wounds": "wounds", "cheese": "cheese", "health-tokens": "health_tokens",
            "movement": "movement", "traps": "traps", "attack-dice": "attack_dice",
            "rewards": "rewards"}},
        {"where": "nemesis", "kind": "single", "names": ["nemesis"], "keys": {
            "zone": {"path": "zone", "type": "str", "null": True}, "wounds": "wounds",
            "spawned": "spawned", "slain": "slain"}},
        {"where": "peculiar", "kind": "list", "keys": {"zone": "zone"}},
        {"where": "zones", "kind": "dict", "keys": {
            "cheese": "cheese", "tokens": "tokens", "found": "found",
            "brown": {"path": "rats.brown", "pool": "sack.brown"},
            "black": {"path": "rats.black", "pool": "sack.black"},
            "white": {"path": "rats.white", "pool": "sack.white"}}},
    ],
    "game": {"round": "round", "phase": "phase", "tracker": "tracker",
             "township-deck": {"path": "deck", "order": True},
             "question-pool": {"path": "question_pool", "order": True},
             "peculiar-deck": {"path": "peculiar_deck", "order": True},
             "sack-brown": "sack.brown", "sack-black": "sack.black", "sack-white": "sack.white"},
    "check": "claw.core.ratcatcher.adjusted:limits",        # no more tokens than the Rat Sack holds
    "after": "claw.core.ratcatcher.adjusted:consequences",  # the Nemesis at 0 wounds is destroyed
}
STATE_CHECK = "claw.core.ratcatcher.statecheck:state_problems"  # claw validate on a state
