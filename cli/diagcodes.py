"""Every code `claw validate` prints, with what it means (docs/validate.md lists them;
tests/foundation/test_validate_codes.py keeps the three in step)."""

from __future__ import annotations

CODES: dict[str, str] = {
    # reading the file
    "P001": "the file is not valid YAML or JSON",
    "P002": "the file is refused for safety (aliases, tags, size, nesting)",
    "P003": "the file cannot be read (missing, not UTF-8, no permission)",
    # the schema
    "S001": "a key the schema does not know (with the closest known key)",
    "S002": "a value that is not one of the allowed ones, or not of the expected form",
    "S003": "a value of the wrong type",
    "S004": "a required key is missing",
    "S005": "a number, text or list out of its allowed range or size",
    "S006": "a value that fits none of the allowed shapes",
    "S007": "the file's game or kind is unknown, so no schema applies",
    # references to other files
    "R001": "a file named by this one does not exist",
    "R002": "a file named by this one is of the wrong kind",
    # rule-level checks, by game
    "X001": "a rule-level problem from a check without a code of its own (state consistency)",
    "MICE101": "Party Setup: a chapter party has six mice",
    "MICE102": "a mouse id appears twice in the party",
    "MICE103": "a mouse id is reserved for the chapter's villains",
    "MICE104": "the hourglass starts on or after the chapter end marker",
    "MICE201": "warning: the chapter end marker is not on the page Chapter Setup gives",
    "MSM101": "the map's rows do not make a rectangle of even size",
    "MSM102": "a map character the legend does not know",
    "MSM103": "a wall or yellow line that is not an edge between two squares of the map",
    "MSM104": "a legend entry that cannot be used",
    "MSM110": "the map has no C square",
    "MSM111": "too few start squares on or next to C for the cats",
    "MSM112": "a marker on a blocking square",
    "MSM113": "the round track spawns at a marker the map lacks",
    "MSM114": "a placement at a marker the map lacks",
    "MSM120": "a rat type the bestiary does not know",
    "MSM121": "every rat is set aside",
    "MSM122": "a placement names a rat that is not set aside in the scenario",
    "MSM201": "warning: no cat can reach an objective square",
    "MSM202": "warning: no path leads from the cats to a spawn square",
    "MSM203": "warning: a spawn square no round of the round track uses",
    "RC101": "an id or number appears twice",
    "RC110": "the townships deck lacks the starting township",
    "RC111": "a zone lists an adjacent zone its card lacks",
    "RC112": "a zone is listed as adjacent to itself",
    "RC113": "a zone is both a Rat's Nest and a spawn point",
    "RC114": "a connector sits on a zone its card lacks",
    "RC115": "the starting township has no start zone",
    "RC116": "the starting township has more than one start zone",
    "RC117": "a start zone on a township other than the starting one",
    "RC118": "a zone no connector leads to",
    "RC120": "two abilities share a token colour",
    "RC121": "an upgrade names a trap the board lacks",
    "RC122": "start wounds above the wound track",
    "RC123": "a trap volume without traps",
    "RC130": "the Rat Tracker's length does not match the cheese the rats win at",
    "RC131": "no Spawn Nemesis space on the Rat Tracker",
    "RC132": "a second Spawn Nemesis space",
    "RC140": "the Rat Sack does not hold the rulebook's number of tokens",
    "RC141": "a Tallyman reward names an ability the Ratcatcher lacks",
    "RC142": "a potion token of a colour no ability has",
    "RC143": "a Peculiar Rat reward names an ability the Ratcatcher lacks",
    "RC144": "question tokens spawn Peculiar Rats but no Peculiar deck is named",
    "RC150": "the rules file's rat colours are not brown, black and white",
    "WAR100": "a character-sheet problem outside the parts below",
    "WAR101": "the cat's age (retirement)",
    "WAR102": "creation choices (abilities, skills, knacks)",
    "WAR103": "rewards",
    "WAR104": "clan bonuses and clan choices",
    "WAR105": "growth by moons",
    "WAR106": "sheet values that differ from what the choices give",
    "WAR107": "the cat's current condition (HP, pools)",
}


def summary(code: str) -> str:
    return CODES.get(code, "")
