"""Healing, illness, sprains and ageing (rulebook: Healing, Diseases and Injuries,
Sprains, Leveling, the age table, Retirement)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.testing import run
from claw.core.errors import IllegalAction
from claw.core.warriors.checks import CheckSpec
from claw.core.warriors.healing import band, herb_check, natural, treat
from claw.core.warriors.sunrise import age_one_moon, grow, sunrise
from tests.paths import ROOT

from .conftest import EXAMPLES, dice, state_of

OPT = {"criticals": "absolute", "d100": "below", "complications": "onset"}


def party_of(cat, *names, **changes):
    cats = {n: cat(n) for n in names}
    for n, ch in changes.items():
        cats[n].update(ch)
    return {"day": 0, "options": {}, "cats": cats, "order": list(names), "fight": None}


def test_natural_healing_one_hp_once_a_morning_never_above_max(cat):
    out = natural(party_of(cat, "emberpaw", emberpaw={"hp": 20}), "emberpaw")
    c2, r = out.state["cats"]["emberpaw"], out.info
    assert c2["hp"] == 21 and r["gained"] == 1
    with pytest.raises(IllegalAction):
        natural(out.state, "emberpaw")
    out = natural(dict(party_of(cat, "emberpaw"), day=1), "emberpaw")
    c3, r = out.state["cats"]["emberpaw"], out.info
    assert c3["hp"] == 22 and r["gained"] == 0


def test_healing_check_bands():
    """Healing: below HP lost + 5 -> 1 extra; at least -> 2; more than double -> 3 (ruling on 'HP+5')."""
    assert band(10, 6) == (1, 11)
    assert band(11, 6) == (2, 11)
    assert band(22, 6) == (2, 11)
    assert band(23, 6) == (3, 11)


def test_herb_check_by_a_healer(cat, rules):
    """Reedwhisker (INT 3, ponder 0, Herb Lore +1 for 1 INT) tends Emberpaw, 6 HP down:
    3+4+5 + 3 + 1 = 16 >= 11 -> 2 HP."""
    out = herb_check(party_of(cat, "emberpaw", "reedwhisker", emberpaw={"hp": 16}), rules, "emberpaw",
                     "reedwhisker", CheckSpec(knacks={"herb-lore": 1}), dice(3, 4, 5))
    patient, healer, r = out.state["cats"]["emberpaw"], out.state["cats"]["reedwhisker"], out.info
    assert r["total"] == 16 and r["gained"] == 2 and patient["hp"] == 18 and patient["herb_day"] == 0
    assert healer["pools"]["intelligence"] == 2
    with pytest.raises(IllegalAction, match="today"):
        herb_check(out.state, rules, "emberpaw", "reedwhisker", CheckSpec(), dice(3, 4, 5))


def test_herb_check_never_above_max_and_needs_lore(cat, rules):
    out = herb_check(party_of(cat, "emberpaw", "reedwhisker", emberpaw={"hp": 21}), rules, "emberpaw",
                     "reedwhisker", CheckSpec(), dice(6, 6, 5))
    patient, r = out.state["cats"]["emberpaw"], out.info
    assert r["extra"] == 3 and r["gained"] == 1 and patient["hp"] == 22
    with pytest.raises(IllegalAction, match="Herb Lore"):
        herb_check(party_of(cat, "emberpaw", "reedwhisker", reedwhisker={"hp": 20}), rules, "reedwhisker",
                   "emberpaw", CheckSpec(), dice(3, 3, 3))
    with pytest.raises(IllegalAction, match="no wounds"):
        herb_check(party_of(cat, "emberpaw", "reedwhisker"), rules, "emberpaw", "reedwhisker", CheckSpec(),
                   dice(3, 3, 3))


def test_treatment_needs_catmint_and_tansy_or_borage(cat, rules):
    """Whitecough/greencough: 'catmint and tansy or borage' read as catmint + (tansy or borage)."""
    c = cat("emberpaw", diseases=[{"id": "whitecough", "day": 3}])
    assert treat(c, ["catmint"], rules)[1] == []
    assert treat(c, ["catmint", "borage"], rules)[1] == ["whitecough"]
    y = cat("emberpaw", diseases=[{"id": "yellowcough", "day": 1}])
    assert treat(y, ["lungwort"], rules)[1] == ["yellowcough"]
    b = cat("emberpaw", diseases=[{"id": "blackcough", "day": 1}])
    assert treat(b, ["catmint", "tansy", "borage"], rules)[1] == []


def test_chickweed_stands_in_for_catmint_against_greencough_only(cat, rules):
    """Medicine, Chickweed: "Treats greencough, though catmint is often preferred" (ruling:
    chickweed takes catmint's place beside tansy or borage, for greencough only)."""
    g = cat("emberpaw", diseases=[{"id": "greencough", "day": 3}])
    assert treat(g, ["chickweed", "tansy"], rules)[1] == ["greencough"]
    assert treat(g, ["chickweed"], rules)[1] == []
    w = cat("emberpaw", diseases=[{"id": "whitecough", "day": 3}])
    assert treat(w, ["chickweed", "borage"], rules)[1] == []
    with pytest.raises(IllegalAction, match="dead"):
        treat(dict(g, status="dead"), ["catmint", "tansy"], rules)


def test_sunrise_heals_and_rests_sprains(cat, rules):
    s = party_of(cat, "emberpaw", emberpaw={"hp": 0, "status": "knocked-out", "sprain": 1})
    s2, ev = sunrise(s, rules, dice(), OPT)
    e = s2["cats"]["emberpaw"]
    assert s2["day"] == 1 and e["hp"] == 1 and e["status"] == "ok" and e["sprain"] == 0
    with pytest.raises(IllegalAction):
        natural(s2, "emberpaw")


def test_sprain_lasts_three_sunrises(cat, rules):
    s = party_of(cat, "emberpaw", emberpaw={"sprain": 3})
    for left in (2, 1, 0):
        s, _ = sunrise(s, rules, dice(), OPT)
        assert s["cats"]["emberpaw"]["sprain"] == left


def test_whitecough_becomes_greencough_after_a_quarter_moon(cat, rules):
    """Whitecough untreated for 7 sunrises turns into greencough, which then rolls for
    redcough and yellowcough once (1d100 < 20 each, ruling 'onset')."""
    s = party_of(cat, "emberpaw", emberpaw={"diseases": [{"id": "whitecough", "day": 6}]})
    s2, ev = sunrise(s, rules, dice(5, 0, 2, 0), OPT)        # redcough 50: no; yellowcough 20: no (not < 20)
    assert s2["cats"]["emberpaw"]["diseases"] == [{"id": "greencough", "day": 0}]
    s3, ev = sunrise(s, rules, dice(5, 0, 1, 9), OPT)        # yellowcough 19: develops
    assert s3["cats"]["emberpaw"]["diseases"] == [{"id": "yellowcough", "day": 0}]
    s4, ev = sunrise(s, rules, dice(5, 0, 2, 0), {**OPT, "d100": "percent"})   # 20 <= 20%: develops
    assert s4["cats"]["emberpaw"]["diseases"] == [{"id": "yellowcough", "day": 0}]


def test_greencough_daily_death_roll_and_blackcough(cat, rules):
    """Greencough: below 25 dies; after a half-moon untreated: blackcough."""
    s = party_of(cat, "emberpaw", emberpaw={"diseases": [{"id": "greencough", "day": 2}]})
    s2, _ = sunrise(s, rules, dice(2, 4), OPT)
    assert s2["cats"]["emberpaw"]["status"] == "dead"
    s3, _ = sunrise(s, rules, dice(2, 5), OPT)
    assert s3["cats"]["emberpaw"]["diseases"] == [{"id": "greencough", "day": 3}]
    s = party_of(cat, "emberpaw", emberpaw={"diseases": [{"id": "greencough", "day": 13}]})
    s4, _ = sunrise(s, rules, dice(9, 9, 9, 9, 9, 9), OPT)
    assert s4["cats"]["emberpaw"]["diseases"] == [{"id": "blackcough", "day": 0}]


def test_blackcough_kills_on_the_last_day(cat, rules):
    s = party_of(cat, "emberpaw", emberpaw={"diseases": [{"id": "blackcough", "day": 6}]})
    s2, ev = sunrise(s, rules, dice(9, 9), OPT)              # survives the roll (99), dies at the deadline
    assert s2["cats"]["emberpaw"]["status"] == "dead"
    assert [e["type"] for e in ev][-2:] == ["illness-deadline", "death"]


def test_kitten_cough_cure_above_60(cat, rules):
    s = party_of(cat, "sloefoot", sloefoot={"diseases": [{"id": "kitten-cough", "day": 0}]})
    s2, _ = sunrise(s, rules, dice(6, 1), OPT)
    assert s2["cats"]["sloefoot"]["diseases"] == []
    s3, _ = sunrise(s, rules, dice(6, 0), OPT)
    assert s3["cats"]["sloefoot"]["diseases"] == [{"id": "kitten-cough", "day": 1}]
    s4, _ = sunrise(s, rules, dice(0, 9), OPT)
    assert s4["cats"]["sloefoot"]["status"] == "dead"


def test_redcough_and_yellowcough_deadlines(cat, rules):
    s = party_of(cat, "emberpaw", emberpaw={"diseases": [{"id": "yellowcough", "day": 6}]})
    s2, _ = sunrise(s, rules, dice(5, 0), OPT)
    assert s2["cats"]["emberpaw"]["status"] == "dead"
    s = party_of(cat, "emberpaw", emberpaw={"diseases": [{"id": "redcough", "day": 0}]})
    s3, _ = sunrise(s, rules, dice(8, 9), OPT)          # 89 < 90
    assert s3["cats"]["emberpaw"]["status"] == "dead"


def test_daily_complications_option(cat, rules):
    s = party_of(cat, "emberpaw", emberpaw={"diseases": [{"id": "greencough", "day": 0}]})
    s2, _ = sunrise(s, rules, dice(5, 0, 1, 0), {**OPT, "complications": "daily"})
    assert s2["cats"]["emberpaw"]["diseases"] == [{"id": "redcough", "day": 1}]


def test_cough_season_strength_checks(cat, rules):
    """Whitecough: DC 10 Strength check; kitten-cough: DC 12 for cats under 12 moons."""
    s = party_of(cat, "emberpaw", "sloefoot")
    # emberpaw 2+2+2 + 5 = 11 >= 10 well; sloefoot 1+2+2 + 4 = 9 < 10 catches whitecough (no kitten roll)
    s2, ev = sunrise(s, rules, dice(2, 2, 2, 1, 2, 2), OPT, cough_season=True)
    assert s2["cats"]["emberpaw"]["diseases"] == []
    assert s2["cats"]["sloefoot"]["diseases"] == [{"id": "whitecough", "day": 0}]


def test_cough_season_check_names_a_critical_that_decides_it(cat, rules):
    """How the game works (two or three 1s: a critical fail) with Whitecough's DC 10
    Strength check: 1+1+4 + STR 5 = 11 clears 10 but the critical fails it (ruling 5), and
    the sentence says so instead of "11 vs 10: catches Whitecough"."""
    s = party_of(cat, "emberpaw")
    s2, ev = sunrise(s, rules, dice(1, 1, 4), OPT, cough_season=True)
    assert s2["cats"]["emberpaw"]["diseases"] == [{"id": "whitecough", "day": 0}]
    text = next(e["text"] for e in ev if e["type"] == "resist")
    assert "11 vs 10, a critical failure: catches Whitecough" in text


def test_ageing_gains_and_hp(cat, rules):
    """Age table: 13 moons gives a knack (to choose); HP max follows 5 + age + Strength."""
    c, ev = age_one_moon(cat("emberpaw", hp=20), rules)
    assert c["age"] == 13 and c["hp_max"] == 23 and c["hp"] == 21
    assert c["pending"] == [{"type": "knack", "moon": 13}]
    c2, _ = grow(c, rules, knack="track")
    assert c2["knacks"]["track"] == 2 and "pending" not in c2
    with pytest.raises(IllegalAction):
        grow(c2, rules, knack="track")


def test_automatic_age_changes(cat, rules):
    c = cat("bramble", age=56)
    c2, ev = age_one_moon(c, rules)                  # 57: -1 Strength
    assert c2["abilities"]["strength"] == 6 and c2["hp_max"] == 5 + 57 + 6
    c3, _ = age_one_moon(cat("bramble", age=70), rules)
    assert c3["status"] == "retired"


def test_grow_ability_choices(cat, rules):
    c, _ = age_one_moon(cat("reedwhisker"), rules)   # 21: +1 any ability
    with pytest.raises(IllegalAction):
        grow(c, rules, skill="swim")
    c2, _ = grow(c, rules, ability="strength")
    assert c2["abilities"]["strength"] == 5 and c2["hp_max"] == 5 + 21 + 5


def test_day_commands(party):
    p = str(party)
    assert run(["attack", "bramble", "emberpaw", "-s", p, "-i", "--dice", "5,5,5,1,2,3,2,2,2,1"]).code == 0
    assert state_of(party)["cats"]["emberpaw"]["hp"] == 18
    res = run(["heal", "emberpaw", "--healer", "reedwhisker", "--knack", "herb-lore", "-s", p, "-i",
               "--dice", "3,4,5"])
    assert res.code == 0, res.stderr
    assert state_of(party)["cats"]["emberpaw"]["hp"] == 20
    assert run(["heal", "emberpaw", "--healer", "reedwhisker", "-s", p, "--dice", "3,4,5"]).code == 4
    assert run(["heal", "emberpaw", "--natural", "-s", p, "-i"]).code == 0
    res = run(["scenario-step", "-s", p, "-i", "--age"])
    assert res.code == 0, res.stderr
    s = state_of(party)
    assert s["day"] == 1 and s["cats"]["emberpaw"]["hp"] == 23 and s["cats"]["emberpaw"]["age"] == 13
    assert run(["grow", "emberpaw", "--knack", "hide", "-s", p, "-i"]).code == 0
    assert state_of(party)["cats"]["emberpaw"]["knacks"]["hide"] == 1
    res = run(["heal", "emberpaw", "--herbs", "catmint", "-s", p])
    assert res.code == 4


def test_a_day_of_healing_and_illness_from_the_example_party(tmp_path):
    """Cinderpelt (INT 7, Ponder 4, Herb Lore x3; 30/38 HP, greencough on day 12) tends
    herself, then two sunrises pass, with dice fixed and results worked by hand."""
    from .conftest import EXAMPLES, PARTY
    res = run(["new", *PARTY, str(EXAMPLES / "cinderpelt.yaml"), "--seed", "1"])
    assert res.code == 0, res.stderr
    p = tmp_path / "party.json"
    p.write_text(res.stdout)
    # Ponder check 2+3+4 = 9 + INT 7 + Ponder 4 + Herb Lore x3 (+3 for 1 INT) = 23;
    # 8 HP lost + 5 = 13 <= 23 <= 26: 2 extra HP -> 32/38
    res = run(["heal", "cinderpelt", "--knack", "herb-lore", "-s", str(p), "-i", "--dice", "2,3,4"])
    assert res.code == 0, res.stderr
    c = state_of(p)["cats"]["cinderpelt"]
    assert c["hp"] == 32 and c["pools"]["intelligence"] == 6
    # Sunrise 1: +1 HP; greencough d100 50 (not below 25): day 13
    assert run(["scenario-step", "-s", str(p), "-i", "--dice", "5,0"]).code == 0
    c = state_of(p)["cats"]["cinderpelt"]
    assert c["hp"] == 33 and c["diseases"] == [{"id": "greencough", "day": 13}]
    # Sunrise 2: +1 HP; d100 30 survives; day 14: blackcough; redcough 42 no; yellowcough 15 < 20: yes
    res = run(["scenario-step", "-s", str(p), "-i", "--dice", "3,0,4,2,1,5"])
    assert res.code == 0, res.stderr
    c = state_of(p)["cats"]["cinderpelt"]
    assert c["hp"] == 34 and c["diseases"] == [{"id": "yellowcough", "day": 0}] and c["status"] == "ok"
    assert "now Blackcough" in res.stderr and "yellowcough chance d100 15 (below 20): develops" in res.stderr
    # Lungwort cures yellowcough
    res = run(["heal", "cinderpelt", "--herbs", "lungwort", "-s", str(p), "-i"])
    assert res.code == 0 and state_of(p)["cats"]["cinderpelt"]["diseases"] == []
    # ill cats cannot hunt; once cured Cinderpelt may
    assert run(["hunt", "cinderpelt", "mice", "--odds", "-s", str(p)]).code == 0


_STATE_VALIDATOR = None


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.sampled_from(["whitecough", "greencough", "blackcough", "kitten-cough",
                                                        "redcough", "yellowcough"]), max_size=2),
       st.integers(0, 20), st.booleans(), st.booleans())
def test_sunrises_keep_the_state_valid(seed, ills, day, age, season):
    """Property: any run of sunrises leaves a state that passes state-warriors.json."""
    import json as _json

    import jsonschema

    from claw.cli.games.warriors.data import rules as load
    from claw.core.rng import SeededDice

    from .conftest import example_cat
    r = load()
    global _STATE_VALIDATOR
    if _STATE_VALIDATOR is None:
        path = ROOT / "schemas" / "state-warriors.json"
        schema = _json.loads(path.read_text())
        _STATE_VALIDATOR = jsonschema.Draft202012Validator(schema)
    cats = {n: example_cat(n) for n in ("emberpaw", "sloefoot", "cinderpelt")}
    cats["emberpaw"]["diseases"] = [{"id": i, "day": day % 7} for i in ills]
    s = {"day": 0, "options": {}, "cats": cats, "order": list(cats), "fight": None}
    dice = SeededDice(seed)
    for _ in range(5):
        s, _ = sunrise(s, r, dice, OPT, age=age, cough_season=season)
        _STATE_VALIDATOR.validate(s)
        for c in s["cats"].values():
            assert c["hp"] <= c["hp_max"] and c["sprain"] >= 0


def test_critical_healing_checks_pick_the_band(cat, rules):
    """Ruling 5: two 1s on the healing check give the lowest band, two 6s the highest."""
    s = party_of(cat, "emberpaw", "reedwhisker", emberpaw={"hp": 10})
    out = herb_check(s, rules, "emberpaw", "reedwhisker", CheckSpec(), dice(1, 1, 6))
    patient, r = out.state["cats"]["emberpaw"], out.info
    assert r["total"] == 8 + 3 and r["extra"] == 1 and patient["hp"] == 11
    out = herb_check(s, rules, "emberpaw", "reedwhisker", CheckSpec(), dice(6, 6, 1))
    patient, r = out.state["cats"]["emberpaw"], out.info
    assert r["total"] == 13 + 3 and r["extra"] == 3 and patient["hp"] == 13


def test_a_kit_reaching_ten_moons_chooses_its_missing_knacks(cat, rules):
    """Knacks: "By the time a cat reaches 10 moons old, he or she has learned three
    Knacks" (three separate ones): a 9-moon kit knowing one knack chooses two more."""
    kit = cat("emberpaw", age=9, knacks={"track": 1})
    kit.pop("pending", None)
    c, ev = age_one_moon(kit, rules)
    knack_slots = [p for p in c["pending"] if p["type"] == "knack"]
    assert len(knack_slots) == 2 and all(p["distinct"] for p in knack_slots)
    with pytest.raises(IllegalAction, match="different"):
        grow(c, rules, knack="track")
    c, _ = grow(c, rules, knack="stalk")
    c, _ = grow(c, rules, knack="feint")
    assert c["knacks"] == {"feint": 1, "stalk": 1, "track": 1}
    assert not any(p["type"] == "knack" for p in c.get("pending", []))
    # a cat already knowing three knacks gets no extra choice
    c3, _ = age_one_moon(cat("emberpaw", age=9), rules)
    assert not any(p["type"] == "knack" for p in c3.get("pending", []))


def test_heal_modes_do_not_mix(party):
    """Treating an illness, natural healing and the healing check are separate steps
    (Healing; Diseases): options of two of them together are a usage error."""
    import json
    data = json.loads(party.read_text())
    data["state"]["cats"]["emberpaw"]["diseases"] = [{"id": "greencough", "day": 2}]
    party.write_text(json.dumps(data))
    p = str(party)
    res = run(["heal", "emberpaw", "--herbs", "catmint,tansy", "--natural", "-s", p])
    assert res.code == 2 and "one thing at a time" in res.stderr
    res = run(["heal", "emberpaw", "--natural", "--healer", "reedwhisker", "-s", p])
    assert res.code == 2 and "one thing at a time" in res.stderr
    res = run(["heal", "emberpaw", "--herbs", "chickweed,borage", "-s", p])
    assert res.code == 0 and res.state["state"]["cats"]["emberpaw"]["diseases"] == []


def test_a_knocked_out_cat_raised_to_one_hp_by_ageing_comes_round(cat, rules):
    """Knocked Out: out "until he or she has at least one point"; a moon older adds 1 to
    the maximum and the current HP (ruling 29), which can be that point."""
    c, _ = age_one_moon(cat("emberpaw", hp=0, status="knocked-out"), rules)
    assert c["hp"] == 1 and c["status"] == "ok"


def test_grow_uses_the_moon_that_allows_the_choice(cat, rules):
    """The age table: 14 moons gives +1 Intelligence or Spirit, 17 moons +1 any ability;
    with both pending, Strength goes to moon 17's gain."""
    c = cat("emberpaw", age=13)
    c, _ = age_one_moon(c, rules)
    c, _ = age_one_moon(c, rules)
    c, _ = age_one_moon(c, rules)
    c, _ = age_one_moon(c, rules)          # 17 moons: pending 14 (int/spt), 15 skill, 16 knack, 17 (any)
    strength = c["abilities"]["strength"]
    c, ev = grow(c, rules, ability="strength")
    assert c["abilities"]["strength"] == strength + 1 and "moon 17" in ev[0]["text"]
    assert [p["moon"] for p in c["pending"] if p["type"] == "ability"] == [14]


def test_herbs_keep_a_week_fresh_two_dried_and_twice_that_with_herb_lore_three(cat, rules):
    """Knacks, Herb Lore: "Fresh herbs stay good for a week; dried herbs stay good for two
    weeks"; the third pick doubles both (ruling 39)."""
    from claw.core.warriors.herbstock import gather, keep_days, spend
    plain, lore3 = cat("reedwhisker"), cat("reedwhisker")
    lore3["knacks"]["herb-lore"] = 3
    assert (keep_days(plain, False), keep_days(plain, True)) == (7, 14)
    assert (keep_days(lore3, False), keep_days(lore3, True)) == (14, 28)
    cats = {"reedwhisker": plain}
    stock = gather([], "catmint", "reedwhisker", 10)
    assert spend(stock, ["catmint"], cats, 16, rules) == []
    with pytest.raises(IllegalAction, match="Catmint \\(gone bad\\)"):
        spend(stock, ["catmint"], cats, 17, rules)
    assert spend(stock, ["catmint"], {"reedwhisker": lore3}, 23, rules) == []
    with pytest.raises(IllegalAction, match="Borage"):
        spend(stock, ["catmint", "borage"], cats, 11, rules)
    dried = gather(stock, "catmint", "reedwhisker", 12, dried=True)
    assert spend(dried, ["catmint"], cats, 12, rules) == [dried[1]]    # the oldest good portion first
    assert spend(dried, ["catmint"], cats, 25, rules) == [dried[0]]


def test_heal_spends_from_the_herb_stock_once_one_is_kept(party):
    import json
    doc = json.loads(party.read_text())
    doc["state"]["cats"]["emberpaw"]["diseases"] = [{"id": "whitecough", "day": 0}]
    party.write_text(json.dumps(doc))
    assert run(["gather", "reedwhisker", "catmint,borage", "-s", str(party), "-i"]).code == 0
    stock = json.loads(party.read_text())["state"]["herbs"]
    assert [(e["herb"], e["dried"], e["keeper"]) for e in stock] == [
        ("catmint", False, "reedwhisker"), ("borage", False, "reedwhisker")]
    before = party.read_text()
    res = run(["heal", "emberpaw", "--herbs", "catmint,tansy", "-s", str(party), "-i"])
    assert res.code == 4 and party.read_text() == before
    res = run(["heal", "emberpaw", "--herbs", "catmint,borage", "-s", str(party), "-i"])
    assert res.code == 0, res.stderr
    s = json.loads(party.read_text())["state"]
    assert s["herbs"] == [] and s["cats"]["emberpaw"]["diseases"] == []
    doc = json.loads(party.read_text())
    doc["state"]["cats"]["emberpaw"]["diseases"] = [{"id": "whitecough", "day": 0}]
    party.write_text(json.dumps(doc))
    res = run(["heal", "emberpaw", "--herbs", "catmint,borage", "-s", str(party), "-i"])
    assert res.code == 4 and "no good Catmint, Borage" in res.stderr


def test_herb_stock_is_shown_and_checked(party):
    """The stock (ruling 39) is listed by `claw show`; a keeper or herb that does not exist
    is a broken state (exit 3)."""
    import json
    assert run(["gather", "reedwhisker", "catmint", "--dried", "--count", "2", "-s", str(party), "-i"]).code == 0
    res = run(["show", "-s", str(party)])
    assert res.code == 0 and "Herb stock: Catmint x2 (dried, good through day 13)" in res.stdout
    doc = json.loads(party.read_text())
    doc["state"]["herbs"][0]["keeper"] = "nobody"
    party.write_text(json.dumps(doc))
    res = run(["show", "-s", str(party)])
    assert res.code == 3 and "herbs.0.keeper" in res.stderr


def test_catmint_and_tansy_or_borage_is_catmint_with_either(cat, rules):
    """Whitecough, Greencough: "catmint and tansy or borage" (ruling 10, no option): catmint
    plus tansy or borage; neither tansy nor borage cures alone, nor catmint alone, and
    borage alone is not the "(catmint and tansy) or borage" reading."""
    for disease in ("whitecough", "greencough"):
        c = cat("emberpaw", diseases=[{"id": disease, "day": 1}])
        assert treat(c, ["catmint", "tansy"], rules)[1] == [disease]
        assert treat(c, ["catmint", "borage"], rules)[1] == [disease]
        for alone in (["borage"], ["tansy"], ["catmint"], ["tansy", "borage"]):
            assert treat(c, alone, rules)[1] == []


def test_treatment_refusal_names_what_cures(tmp_path):
    """Whitecough, Greencough, Blackcough: herbs that cure nothing are refused (exit 4) with
    each illness's remedy, or "no known cure" (issue 14, item 6)."""
    p = tmp_path / "p.json"
    res = run(["new", str(EXAMPLES / "emberpaw.yaml"), str(EXAMPLES / "cinderpelt.yaml"), "--seed", "1", "-o", str(p)])
    assert res.code == 0, res.stderr
    res = run(["heal", "cinderpelt", "--herbs", "borage", "-s", str(p)])
    assert res.code == 4 and "Greencough needs catmint or chickweed, with tansy or borage" in res.stderr
    res = run(["heal", "emberpaw", "--herbs", "borage", "-s", str(p)])
    assert res.code == 4 and "no illness" in res.stderr and "healing check" in res.stderr
    given_and_named = (("catmint", "catmint"), ("borage", "borage leaves"), ("borage,yarrow", "borage leaves, yarrow"))
    for herbs, named in given_and_named:
        res = run(["heal", "cinderpelt", "--herbs", herbs, "-s", str(p)])   # the verb agrees with one herb or many
        assert f"giving {named} cures none of Cinderpelt's illnesses" in res.stderr, res.stderr


def test_show_gives_a_diseases_deadline_and_remedy(tmp_path, rules):
    """Greencough: a half-moon to treat it, then blackcough (ruling 9: 14 sunrises);
    `show` says when and what cures it; Blackcough: no known cure."""
    from claw.core.warriors.healing import deadline, remedy
    p = tmp_path / "p.json"
    assert run(["new", str(EXAMPLES / "cinderpelt.yaml"), "--seed", "1", "-o", str(p)]).code == 0
    day = state_of(p)["cats"]["cinderpelt"]["diseases"][0]["day"]
    res = run(["show", "-s", str(p)])
    assert f"Greencough day {day} (untreated, becomes Blackcough at the sunrise of day {14 - day}" in res.stdout
    assert "cure: catmint or chickweed, with tansy or borage leaves" in res.stdout
    assert remedy("blackcough", rules) == "no known cure"
    assert remedy("yellowcough", rules) == "lungwort"
    assert "may end by itself" in remedy("kitten-cough", rules)
    assert deadline({"id": "redcough", "day": 2}, rules, 10) == "untreated, kills at the sunrise of day 15"
    assert deadline({"id": "kitten-cough", "day": 2}, rules, 10) is None


def test_tansy_keeps_whitecough_from_becoming_greencough(cat, rules):
    """Tansy: "helps stop cats from getting greencough if symptoms appear". Tansy alone
    given to a cat with whitecough cures nothing (whitecough needs catmint with it) but
    wards it: at the quarter-moon it stays whitecough instead of turning into greencough
    (ruling 53); an unwarded one still turns."""
    from claw.core.warriors.healing import treat, ward

    sick = cat("emberpaw", diseases=[{"id": "whitecough", "day": 6}])
    _, cured = treat(sick, ["tansy"], rules)
    warded_cat, warded = ward(sick, ["tansy"], rules)
    assert cured == [] and warded == ["whitecough"]
    s = party_of(cat, "emberpaw", emberpaw={"diseases": warded_cat["diseases"]})
    s2, ev = sunrise(s, rules, dice(), OPT)
    assert [d["id"] for d in s2["cats"]["emberpaw"]["diseases"]] == ["whitecough"]
    assert any(e["type"] == "illness-warded" for e in ev)
    assert ward(sick, ["borage"], rules)[1] == []                      # borage wards nothing
