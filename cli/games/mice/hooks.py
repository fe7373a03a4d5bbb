"""Mice and Mystics' knowledge that the shared modules ask for: argument kinds, the
prompt's status line, `claw lookup` tables and the help's turn order (plain data)."""

from __future__ import annotations


def _mice(state: dict) -> list[str]:
    return [m["id"] for m in state.get("mice", [])]


def _minions(state: dict) -> list[str]:
    return [m["id"] for m in state.get("minions", [])]


KINDS = {
    "figure": lambda s: _mice(s) + _minions(s),
    "mouse": _mice,
    "minion": _minions,
    "minion-kind": lambda s: list(s.get("bestiary", {})),
    "room": lambda s: list(s.get("rooms", {})),
}

DECKS: dict[str, str] = {}
NO_DECKS = "claw's Mice and Mystics draws no cards: the table draws its search and encounter cards itself"


def status(state: dict) -> list[str]:
    return [f"hourglass {state.get('hourglass', '?')}/{state.get('chapter_end', '?')}",
            str(state.get("current_room", ""))]


LOOKUP = {
    "tiles": ("mice/tiles.json", ("tiles",), "the chapter's room tiles and their rules"),
    "action-die": ("mice/action-die.json", ("faces",), "the action die's faces"),
}

TURNS = [
    ("new", "Start the chapter from its file.",
     "claw new examples/mice/ghost-of-castle-andon.yaml --seed 7 -o game.json"),
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
]
