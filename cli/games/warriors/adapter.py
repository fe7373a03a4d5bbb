"""Warriors adapter: command specs only (handlers are imported when a command runs)."""

from claw.cli.framework.spec import Arg, Command, Opt

_H = "claw.cli.games.warriors.handlers:"
_HUNT = "claw.cli.games.warriors.hunt:"
_FIGHT = "claw.cli.games.warriors.fight:"
_DAYS = "claw.cli.games.warriors.days:"
_GM = "claw.cli.games.warriors.gm:"
_S = "claw.cli.games.warriors.complete:"  # completion in the situation

_KNACK = Opt("--knack", str, help="use a knack, paid from the pools: NAME or NAME:USES (repeatable)", multiple=True,
            kind="knack", among=_S + "known_knacks")
_CONVERT = Opt("--convert-from", str, help="pools to convert 2:1 from when short, in order (e.g. spirit,strength)")

COMMANDS = {
    "check": Command(
        help="A check for CAT: 3d6 + ability + skill + points + knacks. Stateless: --bonus N.",
        handler="claw.cli.games.warriors.check:check", usage="[CAT] [SKILL|ABILITY]",
        options=[
            Opt("--vs", int, help="difficulty: success when the total meets or beats N"),
            Opt("--points", int, help="ability points to spend (+1 each; 2 other points convert to 1)"),
            _KNACK, _CONVERT,
            Opt("--mod", int, help="the GM's situational modifier"),
            Opt("--bonus", int, help="stateless: everything added to 3d6"),
            Opt("--physical", str, help="yes/no: is this a physical check (a critical failure sprains)?",
                choices=("yes", "no")),
            Opt("--refresh", bool, help="refresh the ability-point pools (of CAT, or every cat) first"),
            Opt("--odds", bool, help="exact chance of success instead of rolling"),
            Opt("--audience", str, help="Orate: a cat spoken to; refused unless the GM controls it (npc)",
                multiple=True, kind="cat"),
        ]),
    "refresh": Command(
        help="Refresh ability-point pools (the GM's call): every cat, or the CATs named.",
        handler=_H + "refresh",
        args=(Arg("CAT", "cat", optional=True, many=True),), needs_state=True),
    "knack": Command(
        help="Use a knack that is not part of a check (Dash, Leap, Spring, Pathfinder, Interpret Dreams, Yowl's call).",
        handler=_H + "use_knack", args=(Arg("CAT", "cat"), Arg("KNACK", "knack", among=_S + "knacks")),
        needs_state=True,
        options=[Opt("--uses", int, help="paid uses (Leap: up to 4)"), _CONVERT]),
    "hunt": Command(
        help="Hunt PREY with CAT: Locate, Approach, Grab, Kill against the prey table.",
        handler=_HUNT + "hunt", args=(Arg("CAT", "cat", optional=True), Arg("PREY", "prey")),
        options=[
            Opt("--sense", str, help="Locate with listen, see or smell (default: the cat's best)",
                choices=("listen", "see", "smell")),
            Opt("--points", str, help="points for a stage: STAGE=N (repeatable)", multiple=True),
            _KNACK, _CONVERT,
            Opt("--resume", str, help="resume a hunt at STAGE (the earlier stages already succeeded)"),
            Opt("--helper", str, help="another cat makes a stage's check: STAGE=CAT (repeatable)", multiple=True),
            Opt("--weight", str, help="weight of the catch (default average): skin-and-bones, underweight, average, "
                                      "plump, massive",
                choices=("skin-and-bones", "underweight", "average", "plump", "massive")),
            Opt("--crowfood", bool, help="the catch is crowfood: roll to fall ill (not ShadowClan)"),
            Opt("--illness", str, help="disease given by crowfood sickness (default: a note only)"),
            Opt("--stage-bonus", str, help="stateless: bonus for a stage: STAGE=N (repeatable)", multiple=True),
            Opt("--odds", bool, help="exact chance of each stage and of the whole hunt"),
        ]),
    "eat": Command(
        help="CAT eats a piece of the fresh-kill pile (a hunt's catch), or crowfood with --crowfood: "
             "1d100 below 66 falls ill (ShadowClan never rolls).",
        handler=_HUNT + "eat", args=(Arg("CAT", "cat"),), needs_state=True,
        options=[Opt("--prey", str, help="which prey of the pile (default: the oldest piece)", kind="prey"),
                 Opt("--crowfood", bool, help="eat crowfood (with --prey: that piece, gone stale); roll the sickness"),
                 Opt("--illness", str, help="disease the sickness is (default: a note only)")]),
    "fight": Command(
        help="Start a fight: initiative (Spirit + d6) for the CATs; --join CAT, --next (skip a turn), --end.",
        handler=_FIGHT + "fight",
        args=(Arg("CAT", "cat", optional=True, many=True),), needs_state=True,
        options=[
            Opt("--end", bool, help="end the fight"),
            Opt("--next", bool, help="the current cat passes (or acts outside claw); go to the next"),
            Opt("--join", str, help="a nearby cat joins the fight in progress (rolls its initiative)", kind="cat",
                among=_S + "joiners"),
            Opt("--first", str, help="who wins an initiative tie that the rules leave to a fair choice", kind="cat"),
        ]),
    "attack": Command(
        help="ATTACKER attacks TARGET: Swat (default), --pounce, --bite, or the Wrestling round. Stateless: "
             "--attack-bonus/--jump-bonus (the hit) or --damage-bonus/--defender-strength (the damage).",
        handler=_FIGHT + "attack", args=(Arg("ATTACKER", "cat"), Arg("TARGET", "cat", among=_S + "targets")),
        options=[
            Opt("--pounce", bool, help="pounce to start or join Wrestling"),
            Opt("--swat", bool, help="swat (the default; while Wrestling only a Pinned cat at its pinner)"),
            Opt("--bite", bool, help="bite instead of swatting (+1 damage; dishonourable unless life-or-death)"),
            Opt("--life-or-death", bool, help="the fight is life-or-death (biting is acceptable)"),
            _KNACK, _CONVERT,
            Opt("--points", int, help="points for the attack check"),
            Opt("--damage-points", int, help="Strength points for the damage check"),
            Opt("--dodge", int, help="defender uses Dodge (paid) on the Jump check"),
            Opt("--jump-points", int, help="defender's Spirit points for the Jump check"),
            Opt("--escape", str, help="Wrestling: cats (comma-separated) making Jump checks to escape"),
            Opt("--let-go", bool, help="Chomp: let go for a second Bite's damage (default: hold on)"),
            Opt("--winner-target", str, help="Wrestling: whom the winner damages"),
            Opt("--wrestler-points", str, help="Wrestling: points CAT spends on its Wrestle or escape Jump: CAT=N "
                                               "(repeatable; the attacker uses --points)", multiple=True),
            Opt("--wrestler-damage-points", str, help="Wrestling: Strength points CAT spends on its damage check "
                                                      "if it wins: CAT=N (repeatable)", multiple=True),
            Opt("--odds", bool, help="exact chance to hit instead of rolling"),
            Opt("--attack-bonus", int, help="stateless: attacker's Swat total bonus"),
            Opt("--jump-bonus", int, help="stateless: defender's Jump total bonus"),
            Opt("--damage-bonus", int, help="stateless: everything added to the attacker's damage check (3d6)"),
            Opt("--defender-strength", int, help="stateless: the defender's Strength score (damage bands)"),
        ]),
    "gather": Command(
        help="CAT gathers herbs into the party's herb stock (fresh a week, dried two weeks; Herb Lore x3 doubles).",
        handler=_DAYS + "gather",
        args=(Arg("CAT", "cat"), Arg("HERB", "herb")), needs_state=True,
        options=[
            Opt("--dried", bool, help="the herbs are dried (they keep two weeks, not one)"),
            Opt("--count", int, help="portions of each herb (default 1)"),
        ]),
    "heal": Command(
        help="Heal CAT: a Herb Lore / Medicine Lore healing check (once a day), --natural, --herbs to treat illness. "
             "Stateless: --lost N --bonus N.",
        handler=_DAYS + "heal", args=(Arg("CAT", "cat"),),
        options=[
            Opt("--healer", str, help="who makes the healing check (default: the cat itself)", kind="cat"),
            Opt("--natural", bool, help="one morning's natural healing (1 HP) instead"),
            Opt("--herbs", str, help="herbs given (comma-separated) to treat an illness; spent from the herb stock "
                                     "once one is kept", kind="herb"),
            Opt("--points", int, help="healer's Intelligence points for the check"),
            _KNACK, _CONVERT,
            Opt("--mod", int, help="the GM's modifier"),
            Opt("--lost", int, help="stateless: HP the cat has lost (the healing bands: HP lost + 5)"),
            Opt("--bonus", int, help="stateless: everything added to the healing check's 3d6"),
            Opt("--odds", bool, help="stateless: exact chance of 1, 2 and 3 extra HP"),
        ]),
    "gm": Command(
        help="The GM rules on CAT: --damage N (a fall, a bad Leap landing), --disease / --cure D, "
             "--sprain N (0 clears).",
        handler=_GM + "gm", args=(Arg("CAT", "cat"),), needs_state=True,
        options=[
            Opt("--damage", int, help="HP lost (knocks out at 0; the death roll at -(STR + SPT))"),
            Opt("--disease", str, help="the cat catches this disease (day 0)"),
            Opt("--cure", str, help="the cat is over this disease"),
            Opt("--sprain", int, help="sunrises of rest for a sprain (0 clears it)"),
            Opt("--reason", str, help="why, for the log"),
        ]),
    "animal": Command(
        help="The GM adds a wild animal opponent with its own scores (not a legal cat), or --remove it.",
        handler=_GM + "animal", usage="ID", needs_state=True,
        options=[
            Opt("--name", str, help="its name (default: the id)"),
            Opt("--strength", int, help="Strength score (1-20)"),
            Opt("--intelligence", int, help="Intelligence score (1-20)"),
            Opt("--spirit", int, help="Spirit score (1-20)"),
            Opt("--hp", int, help="Hit Points"),
            Opt("--skills", str, help="skills: SKILL=N[,SKILL=N...] (e.g. jump=2,swat=1)"),
            Opt("--remove", bool, help="the animal leaves the state"),
        ]),
    "scenario-step": Command(
        help="One sunrise for the party: natural healing, illness rolls and progressions, sprains; --age adds a moon.",
        handler=_DAYS + "sunrise", needs_state=True,
        options=[
            Opt("--age", bool, help="every living cat ages one moon (age-table gains; retirement at 71)"),
            Opt("--cough-season", bool,
                help="late leaf-fall: each cat checks Strength against whitecough (and kitten-cough)"),
            Opt("--resist-points", str, help="cough season: Strength points CAT spends on each of its checks: CAT=N "
                                             "(repeatable)", multiple=True),
        ]),
    "grow": Command(
        help="Choose CAT's pending age-table gains: --skill, --knack, --ability.",
        handler=_DAYS + "grow", args=(Arg("CAT", "cat"),), needs_state=True,
        options=[Opt("--skill", str, help="skill to raise"), Opt("--knack", str, help="knack to learn or repeat",
        kind="knack", among=_S + "growth_knacks"),
                 Opt("--ability", str, help="ability to raise")]),
    "show": Command(help="The party: HP, pools, skills, knacks, illness, the herbs each cat keeps, the fresh-kill, "
                         "the fight; show ID: one cat or animal in full.",
                    handler=_H + "show", args=(Arg("ID", "figure", optional=True),), needs_state=True,
                    changes_state=False),
}

NEW = _H + "new"
NEW_OPTIONS = [
    Opt("--criticals", str, help="absolute (a critical decides the check) or total"),
    Opt("--d100", str, help="below (1d100 < N, as printed) or percent (N%)"),
    Opt("--initiative-order", str, help="roll (Spirit + d6 order all round) or spirit (then by Spirit)"),
    Opt("--launch-second-cost", str, help="spirit (as printed) or strength"),
    Opt("--complications", str, help="onset (one redcough/yellowcough roll) or daily"),
]
CHECK = _H + "check"
# `claw adjust` (table corrections): what can be set, as data (claw.core.adjust); a GM's
# ruling is the usual reason
ADJUST = {
    "targets": [{"where": "cats", "kind": "dict", "keys": {
        "hp": "hp", "hp-max": "hp_max", "age": "age", "sprain": "sprain",
        "diseases": {"path": "diseases", "records": {"day": "day"}},  # a new disease is caught today
        "strength": "pools.strength", "intelligence": "pools.intelligence",
        "spirit": "pools.spirit"}}],
    "game": {"day": "day"},
    "after": "claw.core.warriors.adjusted:consequences",  # knocked out at 0 HP, as after damage
}
STATE_CHECK = _H + "state_problems"  # claw validate on a state
