"""Taverne du Pélican de Mer (A. events, B. healing, C. shop) and Cat Level and Skills."""


import pytest
from ruamel.yaml import YAML

from claw.core.errors import IllegalAction, UsageError
from claw.core.msm import tavern
from claw.core.rng import PhysicalDice, SeededDice
from tests.paths import ROOT


def load(rel):
    return YAML(typ="safe").load((ROOT / rel).read_text(encoding="utf-8"))


CHART = load("data/msm/tavern-events.yaml")
SKILLS = load("data/msm/skills.yaml")
DECK = load("examples/msm/loot-illustrative.yaml")
CARDS = tavern.card_lookup([DECK])


@pytest.fixture
def camp():
    return load("examples/msm/campaign-example.yaml")


@pytest.mark.parametrize("roll,event", [(1, "sleepy-legs"), (2, "sleepy-legs"), (5, "civil-war"),
                                        (8, "supply-and-demand"), (9, "fete-de-sainte-gertrude"),
                                        (12, "almost-heaven")])
def test_events_chart_by_d12(camp, roll, event):
    """A. Gossip and Rumour: roll 1d12 and read the chart."""
    new, events = tavern.roll_event(camp, CHART, PhysicalDice([roll]))
    assert new["taverne"]["event"] == event and events[0]["roll"] == roll


def test_civil_war_closes_the_taverne(camp):
    """Civil War: no further actions at the Taverne."""
    new, _ = tavern.roll_event(camp, CHART, PhysicalDice([6]))
    with pytest.raises(IllegalAction, match="closed"):
        tavern.heal(new, "guy", CARDS)
    with pytest.raises(IllegalAction, match="closed"):
        tavern.open_shop(new, [DECK], SeededDice(1))


def test_supply_and_demand_halves_prices_rounded_up(camp):
    """Supply and Demand: Gus's sales are half price, rounded up."""
    new, _ = tavern.roll_event(camp, CHART, PhysicalDice([7]))
    assert tavern.price({"id": "x", "price": 15}, new["taverne"]) == 8
    assert tavern.price({"id": "x", "price": 15}, {}) == 15


def test_fete_heals_free_and_gives_medallions(camp):
    """Fête de Sainte Gertrude: free healing and a medallion for each cat."""
    new, _ = tavern.roll_event(camp, CHART, PhysicalDice([10]))
    assert all(any(isinstance(c, dict) and c["id"] == "st-gertrude-medallion" for c in h["loot"])
               for h in new["heroes"].values())
    healed, ev = tavern.heal(new, "guy", CARDS)
    assert healed["heroes"]["guy"]["health"] == 9 and ev[0]["salves"] == 0


def test_heal_with_salves_caps_at_nine(camp):
    """B. Heal Your Wounds: spend salves, up to the maximum of 9."""
    assert camp["heroes"]["guy"]["health"] == 7
    new, ev = tavern.heal(camp, "guy", CARDS)
    assert new["heroes"]["guy"]["health"] == 9           # salve heals 3 in the illustrative deck
    assert new["heroes"]["guy"]["loot"] == []
    with pytest.raises(IllegalAction):
        tavern.heal(camp, "leon", CARDS, salves=1)         # Leon holds none


def test_shop_draws_five_and_buy_costs_francs(camp):
    """C. Purchase Gear: five cards drawn from the last scenario's loot deck."""
    new, _ = tavern.open_shop(camp, [DECK], SeededDice(3))
    shop = new["taverne"]["shop"]
    assert len(shop) == 5 and all(c["type"] != "event" for c in shop)
    cheapest = min(shop, key=lambda c: c["price"])
    after, ev = tavern.buy(new, "guy", cheapest["id"])
    assert after["heroes"]["guy"]["francs"] == 30 - cheapest["price"]
    assert len(after["taverne"]["shop"]) == 4


def test_shop_draws_only_the_last_scenarios_loot_levels(camp):
    """C. Purchase Gear: "from the Loot deck(s) used from the last scenario", and a
    scenario's deck holds only its listed levels ("Loot Cards and Loot Deck")."""
    deck = {"cards": [dict(c) for c in DECK["cards"]]
            + [{"id": "relic", "name": "Relic", "type": "item", "level": 2, "price": 1, "count": 40}]}
    new, _ = tavern.open_shop(camp, [deck], SeededDice(3), levels=[1])
    assert all(c["level"] == 1 for c in new["taverne"]["shop"])
    new, _ = tavern.open_shop(camp, [deck], SeededDice(3), levels=[2])
    assert [c["id"] for c in new["taverne"]["shop"]] == ["relic"] * 5


def test_buy_refused_without_francs(camp):
    camp["heroes"]["nera"]["francs"] = 0
    new, _ = tavern.open_shop(camp, [DECK], SeededDice(3))
    with pytest.raises(IllegalAction, match="francs"):
        tavern.buy(new, "nera", new["taverne"]["shop"][0]["id"])


def test_sell_for_ten_times_level(camp):
    """C. Purchase Gear: sell gear for 10× its loot level."""
    new, ev = tavern.sell(camp, "leon", "rapier", CARDS)
    assert new["heroes"]["leon"]["francs"] == 30 and ev[0]["price"] == 10


def test_level_up_and_skill_allowance(camp):
    """Cat Level and Skills: level 1 allows one level-1 skill."""
    new, _ = tavern.level_up(camp, "nera", SKILLS, skills=["Shadow step"])
    assert new["heroes"]["nera"]["level"] == 1
    with pytest.raises(IllegalAction, match="level-1"):
        tavern.level_up(camp, "nera", SKILLS, skills=["a", "b"])
    with pytest.raises(IllegalAction, match="level-2"):
        tavern.level_up(camp, "nera", SKILLS, level=1, skills=[{"name": "x", "level": 2}])
    lvl2, _ = tavern.level_up(new, "nera", SKILLS, skills=["a", "b", {"name": "c", "level": 2}])
    assert lvl2["heroes"]["nera"]["level"] == 2


def test_a_second_bare_level_up_in_one_visit_is_refused(camp):
    """Cat Level and Skills: a cat earns the next level when told; in one Taverne visit a
    second `level` without --level is refused (it reads as a skill choice), --level works."""
    camp["taverne"] = {"event": "almost-heaven"}
    new, _ = tavern.level_up(camp, "nera", SKILLS)
    with pytest.raises(IllegalAction, match="already went up a level"):
        tavern.level_up(new, "nera", SKILLS, skills=["Shadow step"])
    same, _ = tavern.level_up(new, "nera", SKILLS, level=1, skills=["Shadow step"])
    assert same["heroes"]["nera"]["level"] == 1 and same["heroes"]["nera"]["skills"] == ["Shadow step"]


def test_recruit_replaces_a_casualty_at_the_same_level(camp):
    """Choose Your Heroes (2-cat variant): a new hero at the lost one's level, 4 loot cards."""
    heroes = load("data/msm/heroes.yaml")
    camp["heroes"]["guy"].update(health=0, level=1, down=True)
    del camp["heroes"]["nera"]
    with pytest.raises(IllegalAction, match="not a casualty"):
        tavern.recruit(camp, "leon", "nera", heroes, CARDS, [])
    with pytest.raises(IllegalAction, match="already in the party"):
        tavern.recruit(camp, "guy", "adara", heroes, CARDS, [])
    with pytest.raises(IllegalAction, match="at most 4"):
        tavern.recruit(camp, "guy", "nera", heroes, CARDS, ["rapier"] * 5)
    new, ev = tavern.recruit(camp, "guy", "nera", heroes, CARDS, ["rapier", "healing-salve"])
    assert "guy" not in new["heroes"]
    nera = new["heroes"]["nera"]
    assert nera["level"] == 1 and nera["health"] == 9
    assert [c["id"] for c in nera["loot"]] == ["rapier", "healing-salve"]


def test_the_healing_draught_of_entry_2_is_not_a_salve(camp):
    """Entries, 2 ("Receive a Healing Draught") and Taverne B ("Spend any amount of your
    healing salves"): the rulebook prints no effect for the draught, so (ruling) it has
    no heal value and `heal` does not spend it; the hero keeps the card."""
    entries = load("data/msm/entries.yaml")
    two = next(e for e in entries["entries"] if e["number"] == 2)
    draught = next(x["item"] for x in two["effects"] if x.get("item", {}).get("id") == "healing-draught")
    assert "heal" not in draught
    camp["heroes"]["leon"]["loot"] = [dict(draught)]
    camp["heroes"]["leon"]["health"] = 5
    with pytest.raises(IllegalAction, match="holds no healing salve"):
        tavern.heal(camp, "leon", CARDS)
    with pytest.raises(IllegalAction, match="0 healing salve"):
        tavern.heal(camp, "leon", CARDS, salves=1)


def test_heal_without_a_salve_or_at_full_health_is_refused(camp):
    """Taverne B: "Spend any amount of your healing salves to heal your wounds up to your
    maximum of 9": with no salve (and no free healing) or at 9 there is nothing to spend,
    so `heal` is refused (exit 4) instead of reporting 0 salves spent."""
    camp["heroes"]["leon"]["loot"] = []
    camp["heroes"]["leon"]["health"] = 6
    with pytest.raises(IllegalAction, match="holds no healing salve, and healing is not free"):
        tavern.heal(camp, "leon", CARDS)
    camp["heroes"]["leon"]["health"] = 9
    with pytest.raises(IllegalAction, match="full health"):
        tavern.heal(camp, "leon", CARDS)


def test_trade_at_the_taverne_cards_and_francs(camp):
    """Trading Stuff ("transfer or trade any item between cats") between scenarios: the
    party sits together at the Taverne, so any two heroes trade a card; francs are kept
    per hero (ruling) and may be given the same way."""
    camp["heroes"]["leon"]["loot"] = ["healing-salve"]
    camp["heroes"]["leon"]["francs"] = 30
    new, events = tavern.trade(camp, "leon", "nera", CARDS, card_id="healing-salve")
    assert new["heroes"]["leon"]["loot"] == [] and "healing-salve" in new["heroes"]["nera"]["loot"]
    new, _ = tavern.trade(new, "leon", "nera", CARDS, francs=20)
    assert new["heroes"]["leon"]["francs"] == 10 and new["heroes"]["nera"]["francs"] == camp["heroes"]["nera"].get(
        "francs", 0) + 20
    with pytest.raises(IllegalAction, match="has 10 francs, not 11"):
        tavern.trade(new, "leon", "nera", CARDS, francs=11)
    with pytest.raises(IllegalAction, match="holds no card 'healing-salve'"):
        tavern.trade(new, "leon", "nera", CARDS, card_id="healing-salve")


def test_skill_levels_are_typed_with_at_and_checked_against_the_table(camp):
    """Cat Level and Skills: "2 | Two level 1 skills and one level 2 skill. 3 | Three level 1
    skills, two level 2 skills and one level 3 skill" — a skill card's level is typed as
    NAME@2 in `tavern level` (a bare name is a level-1 skill)."""
    assert tavern.parse_skill("Fireball@2", []) == {"name": "Fireball", "level": 2}
    assert tavern.parse_skill("Staff proficiency@1:+1:staff", []) == {
        "name": "Staff proficiency", "modifier": 1, "level": 1, "weapons": ["staff"]}
    with pytest.raises(UsageError, match="1, 2 or 3"):
        tavern.parse_skill("Fireball@4", [])
    two, _ = tavern.level_up(camp, "nera", SKILLS, level=2, skills=["a", "b", "Shadow step@2"])
    assert two["heroes"]["nera"]["skills"][-1] == {"name": "Shadow step", "level": 2}
    with pytest.raises(IllegalAction, match="2 level-2 skill"):
        tavern.level_up(camp, "nera", SKILLS, level=2, skills=["a", "c@2", "d@2"])
    three, ev = tavern.level_up(camp, "nera", SKILLS, level=3, skills=["a", "b", "c", "d@2", "e@2", "f@3"])
    assert ev[-1]["chosen"] == [3, 2, 1]


def test_hero_skill_with_a_level_needs_the_heros_level():
    """Cat Level and Skills: `claw new --hero-skill HERO=NAME@2` is refused for a level-0
    hero (no level-2 skill allowed) and taken for a level-2 one."""
    from claw.core.msm.start import hero_skills

    state = {"figures": {"guy": {"side": "cat", "level": 0, "skills": []}}}
    with pytest.raises(IllegalAction, match="level 0 may use 0 level-2"):
        hero_skills(state, "guy=Quick draw@2", SKILLS)
    state["figures"]["guy"]["level"] = 2
    ev = hero_skills(state, "guy=Quick draw@2", SKILLS)
    assert state["figures"]["guy"]["skills"] == [{"name": "Quick draw", "level": 2}] and ev[0]["skill"] == "Quick draw"
