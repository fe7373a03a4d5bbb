"""Characters: derive a cat's scores from its creation choices and growth, and list
every rule-level problem with the path of the offending entry (rulebook: Ability
Scores, Skills, Clans, Knacks, the age table, Hit Points, Retirement)."""

from __future__ import annotations

from claw.core.warriors.rules import ABILITIES, Rules

Problem = tuple[tuple, str]

ABILITY_MIN, ABILITY_MAX = 1, 10
# the keys of a character file and of its mappings a "set KEY" check looks for (the schema's)
FILE_KEYS = frozenset({"game", "kind", "id", "name", "player", "npc", "clan", "rank", "lives", "age", "creation",
                       "clan_choice", "growth", "rewards", "sheet", "condition", "notes"})
CREATION_KEYS = frozenset({"abilities", "ten_moons", "skills", "knacks"})
CLAN_CHOICE_KEYS = frozenset({"abilities", "skill"})
NEAR = 0.7  # how alike a stray top-level key and a missing one are to be taken for it (difflib ratio)
SKILL_MAX = 5


def max_hp(age: int, strength: int) -> int:
    """Hit Points = 5 + age in moons + Strength score."""
    return 5 + age + strength


def age_change(value: int, delta: int) -> int:
    """An automatic age-table change (a row with no choice, e.g. +1 Intelligence at 38
    moons, -1 Strength at 57): abilities stay within 1-10, so a gain at 10 or a loss at
    1 leaves the score as it is (ruling 7). One rule for a built sheet and for ageing."""
    return min(ABILITY_MAX, max(ABILITY_MIN, value + delta))


def knack_max(rules: Rules, knack: str) -> int | None:
    """How many times a knack may be chosen (None: no limit)."""
    return rules.knacks[knack]["max_level"]


class _Builder:
    """Applies choices in order and records problems at the path that caused them.

    ``broken``: paths the schema refused (`claw validate`). A value derived from a broken
    part is unknown (None for an ability, ``skills_known``/``knacks_known`` False), and a
    check that reads an unknown value is skipped: it could only guess (issue 13)."""

    def __init__(self, rules: Rules, broken: tuple = (), doc_keys=()):
        self.rules = rules
        self.doc_keys = frozenset(doc_keys)
        self.abilities: dict[str, int | None] = {a: 0 for a in ABILITIES}
        self.skills: dict[str, int] = {}
        self.knacks: dict[str, int] = {}
        self.skills_known = self.knacks_known = True
        self.problems: list[Problem] = []
        self.broken_paths = tuple(tuple(b) for b in broken)

    def refused(self, path: tuple) -> bool:
        """Whether the value at ``path`` is, or lies inside, a part the schema refused."""
        return bool(self.broken_paths) and any(path[: len(b)] == b for b in self.broken_paths)

    def broken(self, path: tuple) -> bool:
        """Whether the part at ``path`` is refused or holds a refused value."""
        return bool(self.broken_paths) and any(b[: len(path)] == path or path[: len(b)] == b for b in self.broken_paths)

    def stray(self, mapping: tuple, known: frozenset, near: str | None = None) -> bool:
        """Whether the schema refused a key of the mapping at ``mapping`` that it does not know
        (and, with ``near``, that looks like it): perhaps a misspelling of a key that is missing."""
        if not self.broken_paths:
            return False
        from difflib import SequenceMatcher

        return any(len(b) == len(mapping) + 1 and b[:-1] == mapping and b[-1] not in known and
                   (near is None or SequenceMatcher(None, str(b[-1]), near).ratio() >= NEAR)
                   for b in self.broken_paths)

    def absent(self, key: str) -> bool:
        """Whether a top-level key is missing and a misspelt key may be it (``growths:``)."""
        return key not in self.doc_keys and self.stray((), FILE_KEYS, key)

    def unknown(self, kind: str, names=ABILITIES) -> None:
        """A broken part adds to ``kind`` ('ability', 'skill' or 'knack'): its total is not known."""
        if kind == "ability":
            for a in names:
                self.abilities[a] = None
        elif kind == "skill":
            self.skills_known = False
        else:
            self.knacks_known = False

    def bad(self, path: tuple, msg: str) -> None:
        self.problems.append((path, msg))

    def ability(self, name: str, delta: int, path: tuple, why: str) -> None:
        old = self.abilities[name]
        if old is None:
            return
        new = old + delta
        if delta > 0 and new > ABILITY_MAX:
            self.bad(path, f"{why} would raise {name} to {new}; abilities never exceed {ABILITY_MAX}")
            return
        # Ruling: an age-table loss never takes an ability below 1 (see docs/rules/warriors.md).
        self.abilities[name] = max(new, ABILITY_MIN) if delta < 0 else new

    def skill(self, name: str, path: tuple, why: str) -> None:
        if not self.skills_known:
            return
        new = self.skills.get(name, 0) + 1
        if new > SKILL_MAX:
            self.bad(path, f"{why} would raise {name} to {new}; a skill is never above {SKILL_MAX}")
            return
        self.skills[name] = new

    def knack(self, name: str, path: tuple, why: str) -> None:
        if not self.knacks_known:
            return
        new = self.knacks.get(name, 0) + 1
        limit = knack_max(self.rules, name)
        if limit is not None and new > limit:
            times = "once" if limit == 1 else f"{limit} times"
            self.bad(path, f"{why}: {name} may be chosen at most {times}")
            return
        self.knacks[name] = new


def build(doc: dict, rules: Rules) -> tuple[dict, list[Problem]]:
    """Derive the cat (scores, skills, knacks, HP) and list every rule problem."""
    return _build(doc, rules, _Builder(rules))


def _build(doc: dict, rules: Rules, b: _Builder) -> tuple[dict, list[Problem]]:
    _derive(doc, rules, b)
    age = None if b.refused(("age",)) else doc["age"]
    strength = b.abilities["strength"]
    hp_max = None if age is None or strength is None else max_hp(age, strength)
    cat = {  # .get: a file `claw validate` checks may lack a required key
        "id": doc.get("id"), "name": doc.get("name"), "clan": doc.get("clan"), "rank": doc.get("rank", "none"),
        "age": age, "npc": bool(doc.get("npc", False)),
        "abilities": dict(b.abilities), "skills": dict(sorted(b.skills.items())),
        "knacks": dict(sorted(b.knacks.items())),
        "hp_max": hp_max, "hp": hp_max, "pools": dict(b.abilities),
        "diseases": [], "sprain": 0, "status": "ok",
    }
    _rank(doc, rules, cat, b)
    _sheet(doc, cat, b)
    _condition(doc, rules, cat, b)
    return cat, b.problems


def _rank(doc: dict, rules: Rules, cat: dict, b: _Builder) -> None:
    """Ranks: the rank must be one the cat's Clan has (none for rogues, loners and
    kittypets); a Clan leader has its lives (9 unless the file says fewer)."""
    from claw.core.warriors import ranks as K

    if b.refused(("rank",)) or b.broken(("clan",)):
        return
    why = K.rank_problem(cat["clan"], cat["rank"], rules)
    if why:
        b.bad(("rank",), why)
    if b.refused(("lives",)):
        return
    why = K.lives_problem(cat["rank"], doc.get("lives"))
    if why:
        b.bad(("lives",), why)
    elif cat["rank"] == K.LEADER:
        cat["lives"] = doc.get("lives", K.LIVES)


def _derive(doc: dict, rules: Rules, b: _Builder) -> None:
    """Apply the creation choices, clan, growth and rewards in the rulebook's order."""
    age = None if b.refused(("age",)) else doc["age"]
    retire = rules.age["retire_at"]
    if age is not None and age >= retire:
        b.bad(("age",), f"a cat of {age} moons must retire (at {retire} moons); play a new cat")
    _creation_abilities(doc, b)

    # At 10 moons: +1 Strength and +1 Intelligence or Spirit.
    ten_broken = b.refused(("creation", "ten_moons"))
    ten = None if ten_broken else doc["creation"].get("ten_moons")
    if age is None:  # whether the bonus applies is not known
        b.unknown("ability")
    elif age >= 10:
        ten_broken = ten_broken or ten is None and b.stray(("creation",), CREATION_KEYS)  # ten_moonz:
        if ten is None and not ten_broken:
            b.bad(("creation",), "a cat of 10 moons or more gains +1 Intelligence or Spirit: set ten_moons")
        b.ability("strength", 1, ("creation",), "the 10-moon bonus")
        if ten:
            b.ability(ten, 1, ("creation", "ten_moons"), "the 10-moon bonus")
        elif ten_broken:
            b.unknown("ability", ("intelligence", "spirit"))
    elif ten is not None:
        b.bad(("creation", "ten_moons"), f"the 10-moon bonus needs an age of 10 moons or more (age {age})")

    if b.broken(("clan",)):
        b.unknown("ability")
        b.unknown("skill")
    else:
        _clan_bonus(doc, rules, b)
    _creation_lists(doc, rules, b, age)
    if age is None or b.refused(("growth",)):
        b.unknown("ability")  # which age-table rows apply is not known
        b.unknown("skill")
        b.unknown("knack")
    else:
        _growth(doc, rules, b, age)
    _rewards(doc, b)


def _creation_abilities(doc: dict, b: _Builder) -> None:
    """Ability Scores: 5 points, at least 1 in each."""
    where = ("creation", "abilities")
    if b.refused(where):
        b.unknown("ability")
        return
    start = doc["creation"]["abilities"]
    if not b.broken(where):
        total = sum(start.values())
        if total != 5:
            b.bad(where, f"creation abilities add up to {total}; spread exactly 5 points")
    for a in ABILITIES:
        if b.refused(where + (a,)):
            b.unknown("ability", (a,))
            continue
        if start[a] < ABILITY_MIN:
            b.bad(where + (a,), f"{a} is {start[a]}; every ability needs at least 1 point at creation")
        b.abilities[a] = start[a]


def _creation_lists(doc: dict, rules: Rules, b: _Builder, age: int | None) -> None:
    """The starting skills and knacks. An item the schema refused is still one item, but
    what it meant is not known: only the counts that hold whatever it meant are checked."""
    # Three starting skills at 1 (they stack with the clan skill).
    if b.refused(("creation", "skills")):
        b.unknown("skill")
    else:
        sk = doc["creation"]["skills"]
        known = _known_items(b, ("creation", "skills"), sk)
        if len(known) != len(sk):
            b.unknown("skill")
        if len(sk) != 3 or len(set(known)) != len(known):
            b.bad(("creation", "skills"), f"choose exactly three different starting skills "
                                          f"(got {len(sk)}: {', '.join(map(str, sk)) or 'none'})")
        for i, s in enumerate(dict.fromkeys(sk) if b.skills_known else ()):
            b.skill(s, ("creation", "skills", i), "a starting skill")

    # Three distinct knacks by 10 moons; a younger cat may know fewer (ruling).
    if b.refused(("creation", "knacks")):
        b.unknown("knack")
        return
    kn = doc["creation"]["knacks"]
    known = _known_items(b, ("creation", "knacks"), kn)
    sure = len(known) == len(kn)
    if not sure:
        b.unknown("knack")
    need = rules.age["ten_moons"]["knacks"]
    distinct = len(set(known))
    if distinct != len(known):
        b.bad(("creation", "knacks"), "the creation knacks must be three different knacks (no knack twice at creation)")
    elif age is not None and age >= 10 and (distinct != need if sure else len(kn) < need):
        b.bad(("creation", "knacks"),
              f"a cat of 10 moons or more starts with exactly {need} knacks (got {distinct if sure else len(kn)})")
    elif distinct > need:
        b.bad(("creation", "knacks"), f"at most {need} knacks at creation (got {distinct})")
    for i, k in enumerate(dict.fromkeys(kn) if b.knacks_known else ()):
        b.knack(k, ("creation", "knacks", i), "a creation knack")


def _known_items(b: _Builder, path: tuple, items: list) -> list:
    return [item for i, item in enumerate(items) if not b.refused(path + (i,))]


def _rewards(doc: dict, b: _Builder) -> None:
    if b.refused(("rewards",)) or b.absent("rewards"):
        b.unknown("skill")
        b.unknown("knack")
        return
    for i, r in enumerate(doc.get("rewards", [])):
        if b.broken(("rewards", i)):  # a misspelt key may have meant either
            b.unknown("skill")
            b.unknown("knack")
            continue
        if "skill" not in r and "knack" not in r:
            b.bad(("rewards", i), "a reward names a skill or a knack")
        if "skill" in r:
            b.skill(r["skill"], ("rewards", i, "skill"), "a reward")
        if "knack" in r:
            b.knack(r["knack"], ("rewards", i, "knack"), "a reward")


def _clan_bonus(doc: dict, rules: Rules, b: _Builder) -> None:
    clan = rules.clans[doc["clan"]]
    choice = None if b.refused(("clan_choice",)) else doc.get("clan_choice")
    # a misspelt key (clan_choise, skil) may hold what a "set clan_choice..." check finds missing
    unsure = b.refused(("clan_choice",)) or (b.stray(("clan_choice",), CLAN_CHOICE_KEYS) if choice
                                              else b.absent("clan_choice"))
    if unsure and clan["id"] == "shadowclan":  # its skill may be another, or none (ruling)
        b.unknown("skill")
    for a, n in clan["abilities"].items():
        b.ability(a, n, ("clan",), f"the {clan['name']} bonus")
    skills = dict(clan["skills"])
    if "choice" in clan:
        rule = clan["choice"]
        picked = (choice or {}).get("abilities")
        if b.broken(("clan_choice", "abilities")) or unsure and not picked:
            b.unknown("ability")
        elif not picked:
            b.bad(("clan",), f"{clan['name']} choose +2 to one ability or +1 to two: set clan_choice.abilities")
        else:
            ok = sum(picked.values()) == rule["ability_points"] and len(picked) <= rule["max_abilities"]
            if not ok:
                b.bad(("clan_choice", "abilities"), f"{clan['name']} take +2 to one ability or +1 to two abilities")
            else:
                for a, n in picked.items():
                    b.ability(a, n, ("clan_choice", "abilities", a), f"the {clan['name']} bonus")
        skill = (choice or {}).get("skill")
        if b.broken(("clan_choice", "skill")) or unsure and not skill:
            b.unknown("skill")
        elif not skill or skill == "none":
            b.bad(("clan",), f"{clan['name']} raise any one skill by 1: set clan_choice.skill")
        else:
            skills = {skill: 1}
    elif choice:
        if "abilities" in choice:
            b.bad(("clan_choice", "abilities"),
                  f"only Loners choose their ability bonus; {clan['name']} get a fixed one")
        if "skill" in choice and b.broken(("clan_choice", "skill")):
            if clan["id"] == "shadowclan":
                b.unknown("skill")
        elif "skill" in choice:
            if clan.get("printed_skill", "").lower() not in rules.skills and clan["id"] == "shadowclan":
                # Ruling: ShadowClan's "Stealth" is read as Sneak unless the file names another skill or none.
                skills = {} if choice["skill"] == "none" else {choice["skill"]: 1}
            else:
                b.bad(("clan_choice", "skill"),
                      f"{clan['name']} get a fixed skill bonus; only Loners and ShadowClan choose")
    for s in skills:
        b.skill(s, ("clan",), f"the {clan['name']} bonus")


def _growth(doc: dict, rules: Rules, b: _Builder, age: int) -> None:
    entries = doc.get("growth", [])
    by_moon: dict[int, int] = {}
    unplaced = None  # the first entry whose moon the schema refused: it may be any moon's
    for i, e in enumerate(entries):
        if b.refused(("growth", i, "moon")):
            unplaced = i if unplaced is None else unplaced
            continue
        m = e["moon"]
        if m in by_moon:
            b.bad(("growth", i, "moon"), f"moon {m} appears twice in growth (first at entry {by_moon[m] + 1})")
            continue
        by_moon[m] = i
        if m > age:
            b.bad(("growth", i, "moon"), f"moon {m} is after the cat's age ({age} moons)")
    for m in range(11, min(age, 70) + 1):
        gains = rules.age_row(m)
        at = by_moon.get(m)
        # not known: what this moon's entry chose, or whether an entry of unknown moon before it was this moon's
        if at is None:
            unsure = unplaced is not None or b.absent("growth")
        else:
            unsure = b.broken(("growth", at)) or unplaced is not None and unplaced < at
        if unsure:
            _unknown_gains(gains, b)
            continue
        e = entries[at] if at is not None else {"moon": m}
        base = ("growth", at) if at is not None else (("growth",) if "growth" in doc else ("age",))
        wanted = set()
        for g in gains:
            kind = g["type"]
            if kind in ("skill", "knack"):
                wanted.add(kind)
                if kind not in e:
                    b.bad(base, f"moon {m} gives a {kind} point: add {kind}: to the growth entry for moon {m}")
                elif kind == "skill":
                    b.skill(e["skill"], base + ("skill",), f"moon {m}")
                else:
                    b.knack(e["knack"], base + ("knack",), f"moon {m}")
            else:
                choices, delta = g["choices"], g.get("delta", 1)
                if len(choices) == 1:
                    if "ability" in e and e["ability"] != choices[0]:
                        b.bad(base + ("ability",), f"moon {m} changes {choices[0]}, not {e['ability']}")
                    _age_change(b, choices[0], delta)
                    wanted.add("ability")
                    continue
                wanted.add("ability")
                pick = e.get("ability")
                if pick is None:
                    b.bad(base, f"moon {m} gives +1 to {' or '.join(choices)}: add ability: to the growth entry")
                elif pick not in choices:
                    b.bad(base + ("ability",), f"moon {m} gives +1 to {' or '.join(choices)}, not {pick}")
                else:
                    b.ability(pick, delta, base + ("ability",), f"moon {m}")
        if at is not None:
            for key in ("skill", "knack", "ability"):
                if key in e and key not in wanted:
                    what = ", ".join(g["type"] for g in gains) or "nothing"
                    b.bad(base + (key,), f"moon {m} gives {what}; no {key} to choose")


def _age_change(b: _Builder, ability: str, delta: int) -> None:
    value = b.abilities[ability]
    if value is not None:
        b.abilities[ability] = age_change(value, delta)


def _unknown_gains(gains: list, b: _Builder) -> None:
    """A moon whose growth entry is broken: automatic changes still apply; a choice is unknown."""
    for g in gains:
        if g["type"] in ("skill", "knack"):
            b.unknown(g["type"])
        elif len(g["choices"]) == 1:
            _age_change(b, g["choices"][0], g.get("delta", 1))
        else:
            b.unknown("ability", g["choices"])


def _sheet(doc: dict, cat: dict, b: _Builder) -> None:
    """The sheet values given, against the derived ones (a value not known is not compared)."""
    if b.refused(("sheet",)):
        return
    sheet = doc.get("sheet") or {}
    if not b.refused(("sheet", "abilities")):
        for a, v in (sheet.get("abilities") or {}).items():
            if b.broken(("sheet", "abilities", a)) or cat["abilities"][a] is None:
                continue
            if v != cat["abilities"][a]:
                b.bad(("sheet", "abilities", a), f"sheet says {a} {v}, but the choices give {cat['abilities'][a]}")
    for key, noun, times in (("skills", "", ""), ("knacks", "knack ", "x")):
        if key not in sheet or b.refused(("sheet", key)) or not getattr(b, f"{key}_known"):
            continue
        for name, v in sheet[key].items():
            have = cat[key].get(name, 0)
            if v != have and not b.broken(("sheet", key, name)):
                b.bad(("sheet", key, name), f"sheet says {name} {times}{v}, but the choices give {times}{have}")
        if b.broken(("sheet", key)):  # a misspelt name may be the one that seems missing
            continue
        for name, have in cat[key].items():
            if name not in sheet[key]:
                b.bad(("sheet", key), f"sheet lacks {noun}{name} {times}{have}, which the choices give")
    if "hp" in sheet and not b.refused(("sheet", "hp")) and cat["hp_max"] is not None and sheet["hp"] != cat["hp_max"]:
        b.bad(("sheet", "hp"), f"sheet says HP {sheet['hp']}, but 5 + age {cat['age']} + Strength "
                               f"{cat['abilities']['strength']} = {cat['hp_max']}")


def _condition(doc: dict, rules: Rules, cat: dict, b: _Builder) -> None:
    if b.refused(("condition",)):
        return
    cond = doc.get("condition") or {}
    if "hp" in cond and not b.refused(("condition", "hp")):
        if cat["hp_max"] is not None and cond["hp"] > cat["hp_max"]:
            b.bad(("condition", "hp"), f"current HP {cond['hp']} is above the maximum {cat['hp_max']}")
        cat["hp"] = cond["hp"]
        if cond["hp"] <= 0:
            cat["status"] = "knocked-out"
    if not b.refused(("condition", "pools")):
        for a, v in (cond.get("pools") or {}).items():
            if b.refused(("condition", "pools", a)) or cat["abilities"][a] is None:
                continue
            if v > cat["abilities"][a]:
                b.bad(("condition", "pools", a), f"{a} pool {v} is above the score {cat['abilities'][a]}")
            cat["pools"][a] = v
    if not b.broken(("condition", "diseases")):
        for d in cond.get("diseases", []):
            cat["diseases"].append({"id": d["id"], "day": d.get("day", 0)})
    if not b.refused(("condition", "sprain")):
        cat["sprain"] = cond.get("sprain", 0)


# `claw validate` codes, by the part of the character file a problem is in
CODES = {"age": "WAR101", "creation": "WAR102", "rewards": "WAR103", "clan": "WAR104",
         "clan_choice": "WAR104", "rank": "WAR108", "lives": "WAR108", "growth": "WAR105", "sheet": "WAR106",
         "condition": "WAR107"}


def check(doc: dict, rules: Rules, broken=()) -> list[Problem]:
    """Every rule-level problem of a character file, as Findings (path, message, code).
    ``broken``: the paths the schema refused; a check is skipped only when it reads a value
    that depends on one of them, so the other parts are still checked in the same run."""
    from claw.core.findings import error

    problems = _build(doc, rules, _Builder(rules, broken, doc))[1]
    return [error(path, msg, CODES.get(path[0] if path else "", "WAR100")) for path, msg in problems]
