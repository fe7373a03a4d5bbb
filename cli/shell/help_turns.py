"""What the help screens say about each command: a one-sentence summary and, per game,
the verbs in the order a turn uses them with one example each.

Plain data (no imports) so that `claw --help` reads it in microseconds. The examples
assume table mode (``CLAW_STATE`` names the game's state file); a test checks that each
one names a verb and options the game has.
"""

# The shared commands, in the order a session uses them.
SHARED = {
    "roll": "Roll dice notation: 2d6+1, 4d6kh3, 5d6>=4, d%.",
    "new": "Start a game state from scenario, character or chapter files.",
    "validate": "Check hand-written files and states, one line per problem.",
    "show": "Draw the board or party, the trackers and the figures.",
    "log": "Print the game's history: commands, dice and events.",
    "undo": "Restore the state before the last in-place command.",
    "note": "Record a table note in the event log.",
    "adjust": "Correct the state by hand (health, square, a deck's order …), with a reason.",
    "schema": "Print a JSON Schema for your editor (claw schema to list them).",
    "lookup": "Read a rulebook table (bestiary, herbs, prey …) without a game.",
    "help": "Help for one game (claw help msm) or one command.",
    "play": "A whole game in one process: a session at the prompt, or a script.",
    "simulate": "Many whole games with bot players: win rates with 95% intervals.",
}

# The rule verbs of the design (the same in every game that has the rule).
RULES = {
    "attack": "Resolve an attack, from a state or from stateless numbers.",
    "spawn": "Run the spawn rule.",
    "los": "Line of sight and range between two figures or squares.",
    "tavern": "Between-scenario events and shopping.",
    "hunt": "A hunt, stage by stage.",
    "heal": "Apply healing.",
    "scenario-step": "Advance the game by one phase.",
}

# game → [(verb, summary, example)] in turn order; the first verbs set the game up.
TURNS = {
    "msm": [
        ("new", "Start a scenario from its file.", "claw new examples/msm/scenario-1.yaml --seed 7 -o game.json"),
        ("scenario-step", "Play the automatic phases up to the cats' turn.", "claw scenario-step --until cats"),
        ("activate", "Start a cat's activation.", "claw activate nera"),
        ("moves", "List the squares a cat may reach now.", "claw moves nera"),
        ("move", "Move a cat by prowl, stride or pounce.", "claw move leon B4"),
        ("los", "Check line of sight and range.", "claw los nera rat-3"),
        ("attack", "Attack a rat with a cat's weapon.", "claw attack nera rat-1"),
        ("search", "Search a loot square for a card.", "claw search adara"),
        ("pickup", "Pick up a card lying in the big square.", "claw pickup adara tanto"),
        ("trade", "Give a card to a cat in the same big square.", "claw trade adara tanto nera"),
        ("equip", "Move a card between the loot and equipment slots.", "claw equip nera tanto"),
        ("remove-stun", "Spend 1 AP to remove a cat's stun.", "claw remove-stun leon"),
        ("reload", "Guy reloads both pistols with one big action.", "claw reload guy"),
        ("scratch", "Show, take or spend scratch tokens.", "claw scratch --take"),
        ("end-activation", "End the active cat's activation.", "claw end-activation"),
        ("rats", "Show the rats' activation order and next steps.", "claw rats"),
        ("spawn", "Spawn rats on chosen spawn squares.", "claw spawn S1"),
        ("entry", "Read a rulebook entry.", "claw entry 4"),
        ("show", "Draw the board and trackers.", "claw show"),
        ("tavern", "Between scenarios: events, shop, levels.", "claw tavern event"),
        ("heal", "Spend healing salves in the Taverne.", "claw heal guy --salves 1"),
    ],
    "ratcatcher": [
        ("new", "Set up the city from a scenario file.",
         "claw new examples/ratcatcher/first-game.yaml --seed 4 -o game.json"),
        ("show", "Draw the city, boards and trackers.", "claw show"),
        ("move", "Move the Ratcatcher zone by zone.", "claw move 0.b"),
        ("explore", "Take this turn's explore at chosen connectors.", "claw explore 0:e"),
        ("trap", "Deploy a trap here or next door.", "claw trap snare 0.a"),
        ("gather", "Gather Magic Cheese onto an upgrade or ability.", "claw gather"),
        ("ability", "Use a special ability token.", "claw ability smoke"),
        ("odds", "Exact chances of attacking now.", "claw odds"),
        ("attack", "Roll attack dice at the zone and allocate hits.", "claw attack"),
        ("trade", "Trade rats for a Tallyman reward.", "claw trade 2"),
        ("heal", "Spend a collected health token.", "claw heal"),
        ("scenario-step", "End the turn and play the rats' turn.", "claw scenario-step"),
        ("spawn", "Play the rats' spawn phase by hand (after scenario-step --until spawn).", "claw spawn"),
    ],
    "warriors": [
        ("new", "Build the party from character files.",
         "claw new examples/warriors/emberpaw.yaml examples/warriors/bramble.yaml -o party.json"),
        ("show", "Show the party's HP, pools, skills and knacks.", "claw show"),
        ("check", "Make a check: 3d6 + ability + skill.", "claw check emberpaw see --vs 12"),
        ("refresh", "Refresh ability-point pools.", "claw refresh emberpaw"),
        ("knack", "Use a knack outside a check.", "claw knack emberpaw leap --uses 2"),
        ("hunt", "Hunt prey: Locate, Approach, Grab, Kill.", "claw hunt emberpaw vole --odds"),
        ("eat", "Eat crowfood and roll for sickness.", "claw eat emberpaw"),
        ("fight", "Start a fight and roll initiative.", "claw fight emberpaw bramble"),
        ("attack", "Swat, pounce or bite in a fight.", "claw attack emberpaw bramble"),
        ("gather", "Gather herbs into the herb stock.", "claw gather emberpaw catmint"),
        ("heal", "A healing check, natural healing or herbs.", "claw heal emberpaw --natural"),
        ("scenario-step", "One sunrise: healing, illness, sprains.", "claw scenario-step"),
        ("grow", "Choose a cat's pending age-table gains.", "claw grow emberpaw --knack hide"),
        ("gm", "The GM's rulings: damage, disease, cure, sprain.", 'claw gm emberpaw --damage 3 --reason "a fall"'),
        ("animal", "The GM adds a wild animal opponent.", "claw animal fox --strength 6 --spirit 4 --hp 8"),
    ],
    "mice": [
        ("new", "Start the chapter from its file.", "claw new examples/mice/ghost-of-castle-andon.yaml -o game.json"),
        ("show", "Draw the tracks, rooms, stash and figures.", "claw show"),
        ("explore", "Explore a room and set it up.", "claw explore kings-tunnels"),
        ("place", "Record where a mouse now stands.", "claw place nez kings-chamber --spot tray"),
        ("search", "A mouse searches its tile.", "claw search filch"),
        ("attack", "Attack with a mouse or minion.", "claw attack collin roach-1"),
        ("add-minion", "Record minions placed by a card.", "claw add-minion roach --count 2"),
        ("defeat", "Record a minion defeated.", "claw defeat roach-1"),
        ("minion-turn", "A minion card's turn in the tunnels.", "claw minion-turn roach"),
        ("chest-lid", "King's Chamber: push the chest lid.", "claw chest-lid collin"),
        ("deploy-fork", "Kitchen: set up the dinner fork.", "claw deploy-fork"),
        ("fling-cheese", "Kitchen: fling cheese at the raider.", "claw fling-cheese tilda"),
        ("build-ghost", "Kitchen: build the ghost costume.", "claw build-ghost --eyes collin,nez"),
        ("move-ghost", "Kitchen: move the ghost.", "claw move-ghost filch 3 --enter dining-hall"),
        ("scary-noises", "Kitchen: scare a raider with noises.", "claw scary-noises collin --distance 2"),
        ("gain-cheese", "A mouse gains cheese.", "claw gain-cheese tilda 1"),
        ("spend-cheese", "A mouse spends cheese.", "claw spend-cheese tilda 1"),
        ("minion-cheese", "Put cheese on the minion wheel.", "claw minion-cheese 1"),
        ("capture", "Record a mouse captured.", "claw capture lily"),
        ("release", "Record a captured mouse rejoining.", "claw release lily"),
        ("scenario-step", "Move the hourglass a page and check the end.", "claw scenario-step"),
    ],
}

# Shown under `claw --help`: short, and each runs from the checkout.
EXAMPLES = [
    "claw roll 2d12 --odds",
    "claw new examples/msm/scenario-1.yaml --seed 7 -o game.json",
    "CLAW_STATE=game.json claw scenario-step --until cats",
    "claw attack --game msm --attack-dice 2 --stun 7 --wound 9 --odds",
    "claw lookup prey --game warriors vole",
]
