"""Characters: derive a cat's scores from its creation choices and growth, and list
every rule-level problem with the path of the offending entry (rulebook: Ability
Scores, Skills, Clans, Knacks, the age table, Hit Points, Retirement)."""

from __future__ import annotations

from claw.core.warriors.rules import ABILITIES, Rules

Problem = tuple[tuple, str]

ABILITY_MIN, ABILITY_MAX = 1, 10
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
    """Applies choices in order and records problems at the path that caused them."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.abilities = {a: 0 for a in ABILITIES}
        self.skills: dict[str, int] = {}
        self.knacks: dict[str, int] = {}
        self.problems: list[Problem] = []

    def bad(self, path: tuple, msg: str) -> None:
        self.problems.append((path, msg))

    def ability(self, name: str, delta: int, path: tuple, why: str) -> None:
        new = self.abilities[name] + delta
        if delta > 0 and new > ABILITY_MAX:
            self.bad(path, f"{why} would raise {name} to {new}; abilities never exceed {ABILITY_MAX}")
            return
        # Ruling: an age-table loss never takes an ability below 1 (see docs/rules/warriors.md).
        self.abilities[name] = max(new, ABILITY_MIN) if delta < 0 else new

    def skill(self, name: str, path: tuple, why: str) -> None:
        new = self.skills.get(name, 0) + 1
        if new > SKILL_MAX:
            self.bad(path, f"{why} would raise {name} to {new}; a skill is never above {SKILL_MAX}")
            return
        self.skills[name] = new

    def knack(self, name: str, path: tuple, why: str) -> None:
        new = self.knacks.get(name, 0) + 1
        limit = knack_max(self.rules, name)
        if limit is not None and new > limit:
            times = "once" if limit == 1 else f"{limit} times"
            self.bad(path, f"{why}: {name} may be chosen at most {times}")
            return
        self.knacks[name] = new


def build(doc: dict, rules: Rules) -> tuple[dict, list[Problem]]:
    """Derive the cat (scores, skills, knacks, HP) and list every rule problem."""
    b = _Builder(rules)
    age = doc["age"]
    creation = doc["creation"]
    retire = rules.age["retire_at"]
    if age >= retire:
        b.bad(("age",), f"a cat of {age} moons must retire (at {retire} moons); play a new cat")

    # Ability Scores: 5 points, at least 1 in each.
    start = creation["abilities"]
    total = sum(start.values())
    if total != 5:
        b.bad(("creation", "abilities"), f"creation abilities add up to {total}; spread exactly 5 points")
    for a in ABILITIES:
        if start[a] < ABILITY_MIN:
            b.bad(("creation", "abilities", a), f"{a} is {start[a]}; every ability needs at least 1 point at creation")
        b.abilities[a] = start[a]

    # At 10 moons: +1 Strength and +1 Intelligence or Spirit.
    ten = creation.get("ten_moons")
    if age >= 10:
        if ten is None:
            b.bad(("creation",), "a cat of 10 moons or more gains +1 Intelligence or Spirit: set ten_moons")
        b.ability("strength", 1, ("creation",), "the 10-moon bonus")
        if ten:
            b.ability(ten, 1, ("creation", "ten_moons"), "the 10-moon bonus")
    elif ten is not None:
        b.bad(("creation", "ten_moons"), f"the 10-moon bonus needs an age of 10 moons or more (age {age})")

    _clan_bonus(doc, rules, b)

    # Three starting skills at 1 (they stack with the clan skill).
    sk = creation["skills"]
    if len(sk) != 3 or len(set(sk)) != 3:
        b.bad(("creation", "skills"),
              f"choose exactly three different starting skills (got {len(sk)}: {', '.join(sk) or 'none'})")
    for i, s in enumerate(dict.fromkeys(sk)):
        b.skill(s, ("creation", "skills", i), "a starting skill")

    # Three distinct knacks by 10 moons; a younger cat may know fewer (ruling).
    kn = creation["knacks"]
    need = rules.age["ten_moons"]["knacks"]
    if len(set(kn)) != len(kn):
        b.bad(("creation", "knacks"), "the creation knacks must be three different knacks (no knack twice at creation)")
    elif age >= 10 and len(set(kn)) != need:
        b.bad(("creation", "knacks"),
              f"a cat of 10 moons or more starts with exactly {need} knacks (got {len(set(kn))})")
    elif len(set(kn)) > need:
        b.bad(("creation", "knacks"), f"at most {need} knacks at creation (got {len(set(kn))})")
    for i, k in enumerate(dict.fromkeys(kn)):
        b.knack(k, ("creation", "knacks", i), "a creation knack")

    _growth(doc, rules, b, age)

    for i, r in enumerate(doc.get("rewards", [])):
        if "skill" not in r and "knack" not in r:
            b.bad(("rewards", i), "a reward names a skill or a knack")
        if "skill" in r:
            b.skill(r["skill"], ("rewards", i, "skill"), "a reward")
        if "knack" in r:
            b.knack(r["knack"], ("rewards", i, "knack"), "a reward")

    hp_max = max_hp(age, b.abilities["strength"])
    cat = {
        "id": doc["id"], "name": doc["name"], "clan": doc["clan"], "rank": doc.get("rank", "none"),
        "age": age, "npc": bool(doc.get("npc", False)),
        "abilities": dict(b.abilities), "skills": dict(sorted(b.skills.items())),
        "knacks": dict(sorted(b.knacks.items())),
        "hp_max": hp_max, "hp": hp_max, "pools": dict(b.abilities),
        "diseases": [], "sprain": 0, "status": "ok",
    }
    _sheet(doc, cat, b)
    _condition(doc, rules, cat, b)
    return cat, b.problems


def _clan_bonus(doc: dict, rules: Rules, b: _Builder) -> None:
    clan = rules.clans[doc["clan"]]
    choice = doc.get("clan_choice")
    for a, n in clan["abilities"].items():
        b.ability(a, n, ("clan",), f"the {clan['name']} bonus")
    skills = dict(clan["skills"])
    if "choice" in clan:
        rule = clan["choice"]
        picked = (choice or {}).get("abilities")
        if not picked:
            b.bad(("clan",), f"{clan['name']} choose +2 to one ability or +1 to two: set clan_choice.abilities")
        else:
            ok = sum(picked.values()) == rule["ability_points"] and len(picked) <= rule["max_abilities"]
            if not ok:
                b.bad(("clan_choice", "abilities"), f"{clan['name']} take +2 to one ability or +1 to two abilities")
            else:
                for a, n in picked.items():
                    b.ability(a, n, ("clan_choice", "abilities", a), f"the {clan['name']} bonus")
        skill = (choice or {}).get("skill")
        if not skill or skill == "none":
            b.bad(("clan",), f"{clan['name']} raise any one skill by 1: set clan_choice.skill")
        else:
            skills = {skill: 1}
    elif choice:
        if "abilities" in choice:
            b.bad(("clan_choice", "abilities"),
                  f"only Loners choose their ability bonus; {clan['name']} get a fixed one")
        if "skill" in choice:
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
    for i, e in enumerate(entries):
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
                    b.abilities[choices[0]] = age_change(b.abilities[choices[0]], delta)
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


def _sheet(doc: dict, cat: dict, b: _Builder) -> None:
    sheet = doc.get("sheet") or {}
    for a, v in (sheet.get("abilities") or {}).items():
        if v != cat["abilities"][a]:
            b.bad(("sheet", "abilities", a), f"sheet says {a} {v}, but the choices give {cat['abilities'][a]}")
    for key, noun, times in (("skills", "", ""), ("knacks", "knack ", "x")):
        if key not in sheet:
            continue
        for name, v in sheet[key].items():
            have = cat[key].get(name, 0)
            if v != have:
                b.bad(("sheet", key, name), f"sheet says {name} {times}{v}, but the choices give {times}{have}")
        for name, have in cat[key].items():
            if name not in sheet[key]:
                b.bad(("sheet", key), f"sheet lacks {noun}{name} {times}{have}, which the choices give")
    if "hp" in sheet and sheet["hp"] != cat["hp_max"]:
        b.bad(("sheet", "hp"), f"sheet says HP {sheet['hp']}, but 5 + age {cat['age']} + Strength "
                               f"{cat['abilities']['strength']} = {cat['hp_max']}")


def _condition(doc: dict, rules: Rules, cat: dict, b: _Builder) -> None:
    cond = doc.get("condition") or {}
    if "hp" in cond:
        if cond["hp"] > cat["hp_max"]:
            b.bad(("condition", "hp"), f"current HP {cond['hp']} is above the maximum {cat['hp_max']}")
        cat["hp"] = cond["hp"]
        if cond["hp"] <= 0:
            cat["status"] = "knocked-out"
    for a, v in (cond.get("pools") or {}).items():
        if v > cat["abilities"][a]:
            b.bad(("condition", "pools", a), f"{a} pool {v} is above the score {cat['abilities'][a]}")
        cat["pools"][a] = v
    for d in cond.get("diseases", []):
        cat["diseases"].append({"id": d["id"], "day": d.get("day", 0)})
    cat["sprain"] = cond.get("sprain", 0)


# `claw validate` codes, by the part of the character file a problem is in
CODES = {"age": "WAR101", "creation": "WAR102", "rewards": "WAR103", "clan": "WAR104",
         "clan_choice": "WAR104", "growth": "WAR105", "sheet": "WAR106", "condition": "WAR107"}


def check(doc: dict, rules: Rules) -> list[Problem]:
    """Every rule-level problem of a character file, as Findings (path, message, code)."""
    from claw.core.findings import error

    return [error(path, msg, CODES.get(path[0] if path else "", "WAR100")) for path, msg in build(doc, rules)[1]]
