"""The rulebook's tables, indexed for the rules. Built from the data files' dicts
(the CLI loads them); core never reads files."""

from __future__ import annotations

from claw.core.errors import UsageError, quoted

ABILITIES = ("strength", "intelligence", "spirit")


class Rules:
    """Tables by id: skills, knacks, clans, ranks, prey, weights (ration rows),
    diseases, injuries, herbs; ``age`` is the age-table document, ``stages`` the hunt
    stages in order, ``aliases`` maps (table, alias) to an id. (A plain class: a
    dataclass costs milliseconds of start-up.)"""

    # the tables `from_tables` sets (declared for type checkers; no runtime cost)
    skills: dict
    knacks: dict
    clans: dict
    ranks: dict
    age: dict
    prey: dict
    stages: list
    weights: dict
    diseases: dict
    injuries: dict
    herbs: dict
    crowfood: dict

    def __init__(self, **tables) -> None:
        self.aliases: dict = {}
        for name, value in tables.items():
            setattr(self, name, value)

    @classmethod
    def from_tables(cls, t: dict) -> Rules:
        """``t`` maps file stem (``skills``, ``knacks``, ...) to the loaded document."""
        def index(rows, table):
            out = {}
            for row in rows:
                out[row["id"]] = row
                for alias in row.get("aliases", ()):
                    aliases[(table, alias)] = row["id"]
            return out

        aliases: dict = {}
        return cls(
            skills=index(t["skills"]["skills"], "skill"),
            knacks=index(t["knacks"]["knacks"], "knack"),
            clans=index(t["clans"]["clans"], "clan"),
            ranks=index(t["ranks"]["ranks"], "rank"),
            age=t["age-table"],
            prey=index(t["prey"]["prey"], "prey"),
            stages=t["prey"]["stages"],
            weights=index(t["rations"]["weights"], "weight"),
            diseases=index(t["diseases"]["diseases"], "disease"),
            injuries=index(t["diseases"]["injuries"], "injury"),
            herbs=index(t["herbs"]["herbs"], "herb"),
            crowfood=t["rations"]["crowfood"],
            aliases=aliases,
        )

    def lookup(self, table: str, name: str) -> str:
        """Resolve a user-typed name (any case, spaces or dashes) to an id."""
        rows = {"skill": self.skills, "knack": self.knacks, "clan": self.clans,
                "prey": self.prey, "weight": self.weights, "disease": self.diseases,
                "herb": self.herbs, "rank": self.ranks}[table]
        key = name.strip().lower().replace(" ", "-").replace("_", "-").replace("/", "-")
        if key in rows:
            return key
        if (table, key) in self.aliases:
            return self.aliases[(table, key)]
        raise UsageError(f"unknown {table}: {quoted(name)} (known: {', '.join(sorted(rows))})")

    def skill_ability(self, skill: str) -> str:
        return self.skills[skill]["ability"]

    def age_row(self, moon: int) -> list:
        """The gains printed for reaching ``moon`` (empty for blank rows)."""
        if moon == 10:
            return self.age["ten_moons"]["gains"]
        for row in self.age["moons"]:
            if row["moon"] == moon:
                return row["gains"]
        return []


def ability_name(name: str) -> str:
    """Resolve 'str', 'Strength', 'spt' and the like to an ability id."""
    key = name.strip().lower()
    for a in ABILITIES:
        if key in (a, a[:3], {"spirit": "spt"}.get(a, a[:3])):
            return a
    raise UsageError(f"unknown ability: {quoted(name)} (strength, intelligence or spirit)")
