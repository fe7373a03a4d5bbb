"""Character checks per part (issue 13 item 1): with the paths the schema refused, each
rule check (rulebook: Ability Scores, Skills, Clans, Knacks, the age table, Hit Points)
runs on the parts that do not read a refused one, and says nothing it could only guess."""

import copy

import pytest

from claw.cli.validation.diagnostics import schema_problems
from claw.core.warriors.character import build, check

from .conftest import EXAMPLES, load_yaml
from .test_validate_planted import FIXES, ONE_PASS

SCHEMA = "character-warriors"


def planted_as_meant() -> dict:
    from ruamel.yaml import YAML

    text = ONE_PASS.read_text()
    for wrong, right in FIXES:
        text = text.replace(wrong, right)
    return YAML(typ="safe").load(text)


def codes(findings) -> set:
    return {(f.path, f.code) for f in findings}


def test_no_broken_part_is_the_plain_derivation(rules):
    """`claw new` and ageing read `build`: for a schema-valid file `check` is its problems."""
    doc = planted_as_meant()
    assert [tuple(f) for f in check(doc, rules)] == build(doc, rules)[1] != []
    assert check(doc, rules, ()) == check(doc, rules)


def test_unknown_ten_moons_spares_strength_only(rules):
    """The 10-moon bonus: +1 Strength always, +1 Intelligence or Spirit as chosen. With the
    choice refused, Intelligence and Spirit are unknown; Strength (and so HP) still counts."""
    doc = load_yaml(EXAMPLES / "emberpaw.yaml")
    doc["creation"]["ten_moons"] = "spirt"
    doc["sheet"]["abilities"] = {"strength": 6, "intelligence": 9, "spirit": 9}
    found = check(doc, rules, [("creation", "ten_moons")])
    assert codes(found) == {(("sheet", "abilities", "strength"), "WAR106")}


def test_unknown_clan_leaves_knacks_checked(rules):
    """Clans give abilities and a skill: an unknown clan leaves them, HP and the pools
    unjudged (a clan-less guess would call the sheet wrong), but knacks still add up."""
    doc = load_yaml(EXAMPLES / "emberpaw.yaml")
    doc["clan"] = "thunderklan"
    doc["sheet"]["knacks"]["feint"] = 2
    doc["condition"] = {"hp": 22, "pools": {"strength": 5}}
    found = check(doc, rules, [("clan",)])
    assert codes(found) == {(("sheet", "knacks", "feint"), "WAR106")}
    doc["clan"] = "kittypets"  # what a crude skip would assume: no bonus at all
    assert any(f.path[:2] == ("sheet", "abilities") for f in check(doc, rules))


def test_growth_entry_with_unknown_moon_may_be_any_missing_one(rules):
    """The age table: each moon from 11 to the cat's age needs its entry. An entry whose moon
    the schema refused may be the missing one (or an earlier entry of the next's moon), so no
    moon is called missing; the entries before it are still checked."""
    doc = load_yaml(EXAMPLES / "emberpaw.yaml")
    doc["age"] = 13
    moon_12 = dict(doc["growth"][1], moon="twelve")
    doc["growth"] = [doc["growth"][0], {"moon": 13, "knack": "dash", "skill": "see"}, moon_12]
    doc["sheet"]["knacks"]["dash"] = 1
    found = check(doc, rules, [("growth", 2, "moon")])
    assert codes(found) == {(("growth", 1, "skill"), "WAR105")}
    assert any("moon 12" in f.message for f in check(doc | {"growth": doc["growth"][:2]}, rules))


def test_misspelt_sheet_name_is_not_a_missing_one(rules):
    """A sheet skill the schema refused (``lisen``) may be the one the choices give, so
    "sheet lacks listen" is not said; a wrong value of a known skill still is."""
    doc = load_yaml(EXAMPLES / "emberpaw.yaml")
    skills = doc["sheet"]["skills"]
    skills["lisen"] = skills.pop("listen")
    skills["bite"] = 3
    found = check(doc, rules, [("sheet", "skills", "lisen")])
    assert codes(found) == {(("sheet", "skills", "bite"), "WAR106")}


def _paths(node, here=()):
    yield here
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        yield from _paths(value, here + (key,))


def _damaged(doc, path, how):
    out = copy.deepcopy(doc)
    parent = out
    for step in path[:-1]:
        parent = parent[step]
    if how in ("delete", "misspell"):
        if isinstance(path[-1], int):
            return None  # the next items move up: a different file, not a broken part
        value = parent.pop(path[-1])
        if how == "misspell":  # the key typed wrong (ten_moonz): the value is there but not read
            parent[path[-1] + "z"] = value
    else:
        parent[path[-1]] = how
    return out


EXAMPLE_CATS = ("bramble", "broken-cat", "cinderpelt", "emberpaw", "reedwhisker", "sloefoot")
DOCS = {"planted, as meant": planted_as_meant,
        **{name: (lambda n=name: load_yaml(EXAMPLES / f"{n}.yaml")) for name in EXAMPLE_CATS}}


@pytest.mark.parametrize("name", sorted(DOCS))
def test_breaking_any_one_part_never_invents_a_problem(name, rules):
    """For each value of a file, made invalid (a wrong name or type, deleted, its key
    misspelt): no
    crash, and outside the refused parts nothing is reported that the file as meant does
    not have. This is what "no false positives" means for every part at once."""
    doc = DOCS[name]()
    meant = codes(check(doc, rules))
    tried = 0
    for path in list(_paths(doc))[1:]:
        if path[0] in ("game", "kind"):
            continue
        for how in ("zzz", 999, [], {"zzz": 1}, "delete", "misspell"):
            damaged = _damaged(doc, path, how)
            if damaged is None:
                continue
            broken = [p for p, _, _, _ in schema_problems(SCHEMA, damaged)]
            if not broken:
                continue  # still valid: its meaning changed, which is not this test's point
            tried += 1
            shown = {(p, c) for p, c in codes(check(damaged, rules, broken))
                     if not any(p[: len(b)] == b for b in broken)}
            assert shown <= meant, (path, how, shown - meant)
    assert tried > 40


@pytest.mark.parametrize("name", ["bramble", "planted, as meant"])
def test_breaking_two_parts_never_invents_a_problem(name, rules):
    """The same for two values at once (a fixed sample of the pairs: the checks' taint of a
    derived value must hold when two broken parts feed it)."""
    import random

    doc = DOCS[name]()
    meant = codes(check(doc, rules))
    paths = [p for p in list(_paths(doc))[1:] if p[0] not in ("game", "kind")]
    pick = random.Random(13)
    tried = 0
    for _ in range(150):
        first, second = pick.sample(paths, 2)
        if first[: len(second)] == second or second[: len(first)] == first:
            continue  # one inside the other: the single case
        hows = pick.choice(["zzz", 999]), pick.choice(["zzz", "delete", "misspell"])
        alone = [_damaged(doc, path, how) for path, how in zip((first, second), hows, strict=True)]
        if None in alone or not all(schema_problems(SCHEMA, one) for one in alone):
            continue  # each must be a part the schema refuses, not a valid change of meaning
        damaged = _damaged(alone[0], second, hows[1])
        broken = [p for p, _, _, _ in schema_problems(SCHEMA, damaged)]
        shown = {(p, c) for p, c in codes(check(damaged, rules, broken)) if not any(p[: len(b)] == b for b in broken)}
        assert shown <= meant, (first, second, shown - meant)
        tried += 1
    assert tried > 50
