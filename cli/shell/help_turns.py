"""What the help screens say about the shared commands and rule verbs: a one-sentence
summary each. Each game's verbs in turn order, with one example each, are its hooks'
``TURNS`` (claw.cli.games.<game>.hooks): the examples assume table mode (``CLAW_STATE``
names the game's state file); a test checks that each one names a verb and options the
game has.

Plain data (no imports) so that `claw --help` reads it in microseconds.
"""

# The shared commands, in the order a session uses them.
SHARED = {
    "roll": "Roll dice notation: 2d6+1, 4d6kh3, 5d6>=4, d%.",
    "new": "Start a game state from scenario, character or chapter files.",
    "validate": "Check hand-written files and states, one line per problem.",
    "show": "Draw the board or party, the trackers and the figures.",
    "log": "Print the game's history: commands, dice and events.",
    "undo": "Step back: the state before the last command, or any earlier one (-n N, --to SEQ).",
    "redo": "Step forward again after an undo, until the next change.",
    "note": "Record a table note in the event log.",
    "adjust": "Correct the state by hand (health, square, a deck's order …), with a reason.",
    "schema": "Print a JSON Schema for your editor (claw schema to list them).",
    "lookup": "Read a rulebook table (bestiary, herbs, prey …) without a game.",
    "help": "Help for one game (claw help msm) or one command.",
    "play": "A whole game in one process: a session at the prompt, or a script.",
    "simulate": "Many whole games with bot players: win rates with 95% intervals.",
    "serve": "A read-only live page of a state file for a second screen in the room.",
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

# Shown under `claw --help`: short, and each runs from the checkout.
EXAMPLES = [
    "claw roll 2d12 --odds",
    "claw new examples/msm/scenario-1.yaml --seed 7 -o game.json",
    "CLAW_STATE=game.json claw scenario-step --until cats",
    "claw attack --game msm --attack-dice 2 --stun 7 --wound 9 --odds",
    "claw lookup prey --game warriors vole",
]
