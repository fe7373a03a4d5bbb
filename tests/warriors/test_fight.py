"""Fighting (rulebook: Fighting, Swatting, Wrestling, Biting, Doing Damage, Knocked
Out, Death, and the fighting knacks Feint, Mighty Swat, Belly Rake, Pin, Launch,
Chomp, Pummel, Dodge)."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.testing import run
from claw.core.errors import IllegalAction, UsageError
from claw.core.warriors.fight import AttackSpec, attack, end_fight, initiative, lose_hp, opposed_wins
from claw.core.warriors.odds import opposed
from tests.paths import ROOT

from .conftest import dice, state_of

OPT = {"criticals": "absolute", "launch_second_cost": "spirit"}


@pytest.fixture
def duel(cat):
    """Emberpaw (STR 5 INT 3 SPT 2, HP 22) against Bramble (STR 7 INT 3 SPT 3, HP 36)."""
    return {"day": 0, "options": {}, "cats": {"emberpaw": cat("emberpaw"), "bramble": cat("bramble")},
            "order": ["emberpaw", "bramble"], "fight": None}


def pounce_event(events):
    return [e for e in events if e["type"] == "pounce"][0]


def started(state, *d):
    s, _ = initiative(state, ["emberpaw", "bramble"], dice(*d))
    return s


def test_initiative_spirit_plus_d6(duel):
    """The cat with the highest Spirit + d6 goes first."""
    s, ev = initiative(duel, ["emberpaw", "bramble"], dice(6, 4))   # 2+6=8 vs 3+4=7
    assert s["fight"]["order"] == ["emberpaw", "bramble"] and s["fight"]["initiative"] == {"emberpaw": 8, "bramble": 7}


def test_initiative_ties_by_spirit_points_then_fair_choice(duel):
    """Ties: most Spirit points left first; still tied: a fair choice (--first or a draw)."""
    s, _ = initiative(duel, ["emberpaw", "bramble"], dice(5, 4))     # 7 vs 7: Bramble has 3 Spirit points
    assert s["fight"]["order"] == ["bramble", "emberpaw"]
    duel["cats"]["bramble"]["pools"]["spirit"] = 2
    s, ev = initiative(duel, ["emberpaw", "bramble"], dice(5, 4), first="emberpaw")
    assert s["fight"]["order"] == ["emberpaw", "bramble"] and ev[2]["type"] == "initiative-tie"
    s, ev = initiative(duel, ["emberpaw", "bramble"], dice(5, 4, 2, 5))   # roll-off d6: bramble 5 > 2
    assert s["fight"]["order"] == ["bramble", "emberpaw"]


def test_swat_hits_when_equal_to_jump_and_damage_bands(duel, rules):
    """Swat >= Jump hits. Damage: Strength check vs defender's Strength:
    <= 1d4+1, > 1d4+2, > double 1d4+3."""
    s = started(duel, 6, 1)                       # emberpaw first
    # Emberpaw swat: 3+3+3 + INT 3 + swat 0 = 12; Bramble jump: 2+2+2 + SPT 3 + jump 2 = 11 -> hit
    # damage check: 1+2+3 + STR 5 = 11 vs Bramble's STR 7: more, not double -> 1d4+2 = 4+2
    s2, ev = attack(s, rules,
                    "emberpaw", "bramble", AttackSpec(), dice(3, 3, 3, 2, 2, 2, 1, 2, 3, 4), OPT)
    assert s2["cats"]["bramble"]["hp"] == 36 - 6
    assert s2["fight"]["turn"] == 1


def test_more_than_double_the_jump_gives_plus_two(duel, rules):
    s = started(duel, 1, 6)                       # bramble first
    # Bramble swat 5+5+5 + 3 + 3 = 21 vs Emberpaw jump 1+2+3 + 2 + 0 = 8: more than double -> +2
    # damage 2+2+2 + 7 = 13 + 2 = 15 vs STR 5: more than double (10) -> 1d4+3 = 1+3
    s2, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(), dice(5, 5, 5, 1, 2, 3, 2, 2, 2, 1), OPT)
    assert s2["cats"]["emberpaw"]["hp"] == 22 - 4
    assert any("+2" in e["text"] for e in ev if e["type"] == "damage-check")


def test_jump_higher_misses(duel, rules):
    s = started(duel, 6, 1)
    s2, ev = attack(s, rules, "emberpaw", "bramble", AttackSpec(), dice(1, 2, 3, 4, 4, 4), OPT)
    assert [e["type"] for e in ev if e["type"] in ("miss", "hit")] == ["miss"]
    assert s2["cats"]["bramble"]["hp"] == 36


def test_feint_and_mighty_swat_and_dodge(duel, rules):
    """Feint +2 to hit (x2); Mighty Swat paid first, +1 to the damage check; Dodge +1 to Jump."""
    s = started(duel, 1, 6)
    # swat 2+2+2 + 3 + 3 + feint 2 = 14 vs jump 3+3+3 + 2 = 11... emberpaw has no dodge -> use bramble
    s2, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"feint": 1, "mighty-swat": 1}),
                    dice(2, 2, 2, 3, 3, 3, 1, 2, 2, 2), OPT)
    b = s2["cats"]["bramble"]
    assert b["pools"]["intelligence"] == 2 and b["pools"]["strength"] == 5
    # damage 1+2+2 + 7 = 12 + 1 Mighty Swat = 13 vs 5: more than double -> 2+3 = 5
    assert s2["cats"]["emberpaw"]["hp"] == 17
    # Emberpaw swings back at a Dodging Bramble: swat 4+4+4 + 3 = 15 vs jump 3+3+3 + 3 + 2 + 1 = 15: hit
    # damage 1+2+2 + 5 = 10 vs 7: more -> 1d4+2 = 1+2
    s3, ev = attack(s2, rules, "emberpaw", "bramble", AttackSpec(dodge=1), dice(4, 4, 4, 3, 3, 3, 1, 2, 2, 1), OPT)
    assert s3["cats"]["bramble"]["hp"] == 33 and s3["cats"]["bramble"]["pools"]["spirit"] == 2


def test_mighty_swat_is_paid_even_on_a_miss(duel, rules):
    s = started(duel, 1, 6)
    s2, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"mighty-swat": 2}),
                    dice(1, 2, 1, 6, 6, 5), OPT)
    assert s2["cats"]["bramble"]["pools"]["strength"] == 3
    assert any(e["type"] == "miss" for e in ev)


def test_pummel_swats_with_strength(duel, rules):
    s = started(duel, 1, 6)
    s2, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"pummel": 1}),
                    dice(2, 2, 2, 6, 6, 5), OPT)
    atk = [e for e in ev if e["type"] == "attack"][0]
    assert atk["total"] == 6 + 7 + 3 and s2["cats"]["bramble"]["pools"]["strength"] == 4


def test_bite_adds_one_and_is_noted_dishonourable(duel, rules):
    s = started(duel, 1, 6)
    # bite 4+4+4 + STR 7 + bite 1 = 20 vs jump 2+2+2+2 = 8 -> hit, more than double: +2
    # damage 1+2+2 + 7 + 2 = 14 vs 5: > 10 -> 1d4+3 = 1+3, +1 bite = 5
    s2, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(mode="bite"),
                    dice(4, 4, 4, 2, 2, 2, 1, 2, 2, 1), OPT)
    assert s2["cats"]["emberpaw"]["hp"] == 17
    assert ev[0]["type"] == "note" and "dishonourable" in ev[0]["text"]


def test_chomp_pins_then_hold_or_let_go(duel, rules):
    s = started(duel, 1, 6)
    s2, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(mode="bite", knacks={"chomp": 1}, life_or_death=True),
                    dice(4, 4, 4, 2, 2, 2, 1, 2, 2, 1), OPT)
    assert s2["fight"]["pins"] == {"emberpaw": "bramble"} and s2["cats"]["bramble"]["pools"]["strength"] == 4
    # Emberpaw's turn: pinned, so the defender's Jump counts 0 against Bramble? No: Emberpaw swats its pinner.
    s3, ev = attack(s2, rules, "emberpaw", "bramble", AttackSpec(swat_explicit=True), dice(1, 2, 3, 6, 6, 6), OPT)
    with pytest.raises(IllegalAction, match="holding a Chomp"):     # no knacks on the hold-or-let-go turn
        attack(s3, rules, "bramble", "emberpaw", AttackSpec(knacks={"mighty-swat": 1}), dice(), OPT)
    # Bramble's next turn: let go -> second Bite's damage: 2+2+2 + 7 = 13 vs 5 -> 1d4+3 +1
    s4, ev = attack(s3, rules, "bramble", "emberpaw", AttackSpec(let_go=True), dice(2, 2, 2, 2), OPT)
    assert s4["cats"]["emberpaw"]["hp"] == 17 - 6 and s4["fight"]["pins"] == {}


def test_pounce_starts_wrestling_and_joining_needs_the_count(cat, rules):
    """Wrestling: Pounce >= Jump starts it; joining needs a Pounce total >= the number
    of cats already Wrestling (a critical failure still fails, ruling)."""
    st = {"day": 0, "options": {}, "order": ["emberpaw", "bramble", "sloefoot"], "fight": None,
          "cats": {n: cat(n) for n in ("emberpaw", "bramble", "sloefoot")}}
    # 2+6 = 8; 3+1 = 4; 3+1 = 4 with 3 Spirit points each: a d6 roll-off, 4 beats 3
    s, ev = initiative(st, ["emberpaw", "bramble", "sloefoot"], dice(6, 1, 1, 4, 3))
    assert s["fight"]["order"] == ["emberpaw", "bramble", "sloefoot"]
    # Emberpaw pounce 2+2+2 + INT 3 + 1 = 10 vs Bramble jump 1+2+2 + 3 + 2 = 10 -> Wrestling
    s, ev = attack(s, rules, "emberpaw", "bramble", AttackSpec(mode="pounce"), dice(2, 2, 2, 1, 2, 2), OPT)
    assert s["fight"]["wrestles"] == [["emberpaw", "bramble"]]
    from claw.core.warriors.fight import advance
    advance(s)                                   # Bramble does something else
    s1, ev = attack(s, rules, "sloefoot", "bramble", AttackSpec(mode="pounce"), dice(1, 1, 2), OPT)
    assert pounce_event(ev)["joined"] is False and s1["cats"]["sloefoot"]["sprain"] == 3
    s2, ev = attack(s, rules, "sloefoot", "bramble", AttackSpec(mode="pounce"), dice(1, 2, 1), OPT)
    assert pounce_event(ev)["joined"] is False      # two 1s again
    s3, ev = attack(s, rules, "sloefoot", "bramble", AttackSpec(mode="pounce"), dice(1, 2, 3), OPT)
    assert pounce_event(ev)["joined"] and s3["fight"]["wrestles"] == [["emberpaw", "bramble", "sloefoot"]]


def test_wrestling_round_highest_wins_and_ties_continue(duel, rules):
    s = started(duel, 6, 1)
    s["fight"]["wrestles"] = [["emberpaw", "bramble"]]
    # Emberpaw wrestle 3+3+3 + 5 + 0 = 14, Bramble 2+2+2 + 7 + 2 = 15 -> Bramble wins, hurts Emberpaw
    # damage 3+3+3 + 7 = 16 vs 5: more than double -> 1d4+3 = 4+3 = 7
    s2, ev = attack(s, rules, "emberpaw", "bramble", AttackSpec(), dice(3, 3, 3, 2, 2, 2, 3, 3, 3, 4), OPT)
    assert s2["cats"]["emberpaw"]["hp"] == 15
    # a tie: 14 vs 14 -> nobody has the advantage
    s3, ev = attack(s, rules, "emberpaw", "bramble", AttackSpec(), dice(3, 3, 3, 1, 2, 2), OPT)
    assert any(e["type"] == "wrestle-tie" for e in ev) and s3["fight"]["wrestles"] == [["emberpaw", "bramble"]]


def test_escape_by_jump(duel, rules):
    s = started(duel, 6, 1)
    s["fight"]["wrestles"] = [["emberpaw", "bramble"]]
    # Emberpaw jumps: 6+5+4 + 2 + 0 = 17 vs Bramble wrestle 2+2+2 + 9 = 15 -> escapes
    s2, ev = attack(s, rules, "emberpaw", "bramble", AttackSpec(escape=["emberpaw"]), dice(6, 5, 4, 2, 2, 2), OPT)
    assert s2["fight"]["wrestles"] == []


def test_pin_and_belly_rake_and_launch_need_wrestling(duel, rules):
    s = started(duel, 1, 6)
    with pytest.raises(IllegalAction, match="Wrestling"):
        attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"launch": 1}), dice(), OPT)
    s["fight"]["wrestles"] = [["emberpaw", "bramble"]]
    # Launch x2 (3 STR each): Bramble wrestle 4+4+4 + 9 = 21 vs Emberpaw 1+2+3 + 5 = 11 -> 3 body lengths
    s2, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"launch": 2}), dice(1, 2, 3, 4, 4, 4), OPT)
    launch = [e for e in ev if e["type"] == "launch"][0]
    assert launch["lengths"] == 3 and s2["cats"]["bramble"]["pools"]["strength"] == 1
    assert s2["fight"]["disoriented"] == ["emberpaw"] and s2["fight"]["wrestles"] == []
    with pytest.raises(IllegalAction, match="launched"):
        attack(s2, rules, "emberpaw", "bramble", AttackSpec(), dice(), OPT)
    with pytest.raises(IllegalAction, match="at most 4"):
        attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"launch": 5}), dice(), OPT)


def test_launch_second_pick_costs_spirit_by_default(duel, rules):
    """Ruling: Launch picked twice costs 2 Spirit points (as printed); option 'strength'."""
    s = started(duel, 1, 6)
    s["cats"]["bramble"]["knacks"]["launch"] = 2
    s["fight"]["wrestles"] = [["emberpaw", "bramble"]]
    s2, _ = attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"launch": 1}), dice(1, 2, 3, 4, 4, 4), OPT)
    assert s2["cats"]["bramble"]["pools"]["spirit"] == 1 and s2["cats"]["bramble"]["pools"]["strength"] == 7
    s3, _ = attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"launch": 1}), dice(1, 2, 3, 4, 4, 4),
                   {**OPT, "launch_second_cost": "strength"})
    assert s3["cats"]["bramble"]["pools"]["strength"] == 5


def test_pin_then_pinned_cat_breaks_it_by_winning(cat, rules):
    st = {"day": 0, "options": {}, "order": ["sloefoot", "emberpaw"], "fight": None,
          "cats": {n: cat(n) for n in ("sloefoot", "emberpaw")}}
    s, _ = initiative(st, ["sloefoot", "emberpaw"], dice(6, 1))
    s["fight"]["wrestles"] = [["sloefoot", "emberpaw"]]
    s, ev = attack(s, rules, "sloefoot", "emberpaw", AttackSpec(knacks={"pin": 1}), dice(), OPT)
    assert s["fight"]["pins"] == {"emberpaw": "sloefoot"} and s["cats"]["sloefoot"]["pools"]["strength"] == 1
    with pytest.raises(IllegalAction, match="Belly Rake|Swat only|Pinned"):
        attack(s, rules, "emberpaw", "sloefoot", AttackSpec(knacks={"pin": 1}), dice(), OPT)
    with pytest.raises(IllegalAction, match="cannot Jump away"):    # Pin: no escape by Jump
        attack(s, rules, "emberpaw", "sloefoot", AttackSpec(escape=["emberpaw"]), dice(), OPT)
    # Sloefoot wrestles 1+2+3 + 4 + 1 = 11, Emberpaw 5+5+5 + 5 = 20 -> breaks the Pin and hurts
    s2, ev = attack(s, rules, "emberpaw", "sloefoot", AttackSpec(), dice(1, 2, 3, 5, 5, 5, 1, 2, 2, 1), OPT)
    assert s2["fight"]["pins"] == {} and any(e["type"] == "pin-broken" for e in ev)


def test_belly_rake_adds_one_to_the_damage_check(cat, rules):
    st = {"day": 0, "options": {}, "order": ["sloefoot", "emberpaw"], "fight": None,
          "cats": {n: cat(n) for n in ("sloefoot", "emberpaw")}}
    s, _ = initiative(st, ["sloefoot", "emberpaw"], dice(6, 1))
    s["fight"]["wrestles"] = [["sloefoot", "emberpaw"]]
    # swat 4+4+4 + INT 2 + 0 = 14 vs jump 3+3+3 + 2 = 11: hit. damage 1+2+2 + STR 4 = 9 + 1 = 10 vs 5: > 5 -> 1d4+2
    s2, ev = attack(s, rules, "sloefoot", "emberpaw", AttackSpec(knacks={"belly-rake": 1}),
                    dice(4, 4, 4, 3, 3, 3, 1, 2, 2, 1), OPT)
    assert s2["cats"]["emberpaw"]["hp"] == 22 - 3 and s2["cats"]["sloefoot"]["pools"]["strength"] == 2


def test_knocked_out_at_zero_and_death_roll(cat, rules):
    """Knocked Out at 0 HP; at -(STR + SPT) a 2d6 death roll, 4 or less dies."""
    st = {"cats": {"emberpaw": cat("emberpaw", hp=3)}, "fight": None}
    ev = lose_hp(st, rules, "emberpaw", 3, dice())
    assert st["cats"]["emberpaw"]["status"] == "knocked-out"
    ev = lose_hp(st, rules, "emberpaw", 6, dice())              # -6: limit is -(5 + 2) = -7: no roll yet
    assert st["cats"]["emberpaw"]["hp"] == -6 and not any(e["type"] == "death-roll" for e in ev)
    ev = lose_hp(st, rules, "emberpaw", 1, dice(3, 2))          # -7: roll 5 -> survives
    assert ev[-1]["dead"] is False and st["cats"]["emberpaw"]["status"] == "knocked-out"
    ev = lose_hp(st, rules, "emberpaw", 1, dice(2, 2))          # roll 4 -> dies
    assert st["cats"]["emberpaw"]["status"] == "dead"


def test_turn_order_is_enforced(duel, rules):
    s = started(duel, 6, 1)
    with pytest.raises(IllegalAction, match="turn"):
        attack(s, rules, "bramble", "emberpaw", AttackSpec(), dice(), OPT)
    s2, _ = end_fight(s)
    assert s2["fight"] is None


def test_opposed_criticals():
    assert opposed_wins(10, None, 10, None)
    assert not opposed_wins(30, "failure", 5, None)
    assert opposed_wins(5, "success", 30, None)
    assert opposed_wins(30, "failure", 5, None, "total")
    assert opposed(0, 0, "total") > Fraction(1, 2)


def test_fight_commands(party):
    res = run(["fight", "emberpaw", "bramble", "-s", str(party), "-i", "--dice", "6,1"])
    assert res.code == 0, res.stderr
    res = run(["attack", "emberpaw", "bramble", "-s", str(party), "-i", "--dice", "3,3,3,2,2,2,1,2,3,4"])
    assert res.code == 0, res.stderr
    assert state_of(party)["cats"]["bramble"]["hp"] == 30
    res = run(["attack", "emberpaw", "bramble", "-s", str(party)])
    assert res.code == 4 and "turn" in res.stderr
    res = run(["attack", "bramble", "emberpaw", "--odds", "-s", str(party)])
    assert res.code == 0 and "hits" in res.stdout
    res = run(["fight", "--end", "-s", str(party), "-i"])
    assert res.code == 0 and state_of(party)["fight"] is None


def test_stateless_attack():
    res = run(["attack", "--game", "warriors", "--attack-bonus", "6", "--jump-bonus", "4", "--dice", "3,3,3,2,2,2"])
    assert res.code == 0 and res.stdout.strip() == "hit"
    res = run(["attack", "--game", "warriors", "--attack-bonus", "6", "--jump-bonus", "4", "--odds"])
    assert res.code == 0 and "hits" in res.stdout


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["swat", "bite", "pounce"]))
def test_attack_never_changes_its_input_and_keeps_hp_sane(seed, mode):
    """Property: any attack with seeded dice leaves the input state untouched, and HP
    only falls (by 2-8 per hit) for the target."""
    import copy as _copy

    from claw.cli.games.warriors.data import rules as load
    from claw.core.rng import SeededDice

    from .conftest import example_cat
    r = load()
    cats = {n: example_cat(n) for n in ("emberpaw", "bramble")}
    state = {"day": 0, "options": {}, "cats": cats, "order": list(cats), "fight": None}
    dice = SeededDice(seed)
    s, _ = initiative(state, ["emberpaw", "bramble"], dice)
    before = _copy.deepcopy(s)
    a = s["fight"]["order"][0]
    b = "bramble" if a == "emberpaw" else "emberpaw"
    s2, ev = attack(s, r, a, b, AttackSpec(mode=mode, life_or_death=True), dice, OPT)
    assert s == before
    lost = s["cats"][b]["hp"] - s2["cats"][b]["hp"]
    assert lost == 0 or 2 <= lost <= 8
    assert s2["cats"][a]["hp"] == s["cats"][a]["hp"]


def test_a_nearby_cat_joins_the_fight(cat, rules):
    """Fighting: nearby cats may join; the newcomer takes its place by Spirit + d6."""
    from claw.core.warriors.fight import join
    st = {"day": 0, "options": {}, "order": ["emberpaw", "bramble", "reedwhisker"], "fight": None,
          "cats": {n: cat(n) for n in ("emberpaw", "bramble", "reedwhisker")}}
    s, _ = initiative(st, ["emberpaw", "bramble"], dice(6, 1))          # 8, 4
    s, ev = join(s, "reedwhisker", dice(1))                             # 5 + 1 = 6: between them
    assert s["fight"]["order"] == ["emberpaw", "reedwhisker", "bramble"] and s["fight"]["turn"] == 0
    assert "this round" in ev[0]["text"]
    with pytest.raises(IllegalAction):
        join(s, "reedwhisker", dice(1))


def test_leap_goes_with_a_pounce(duel, rules):
    s = started(duel, 1, 6)
    s["cats"]["bramble"]["knacks"]["leap"] = 1
    s2, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(mode="pounce", knacks={"leap": 2}),
                    dice(3, 3, 3, 1, 2, 3), OPT)
    assert s2["cats"]["bramble"]["pools"]["strength"] == 5 and s2["fight"]["wrestles"] == [["bramble", "emberpaw"]]
    with pytest.raises(IllegalAction, match="Pounce"):
        attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"leap": 1}), dice(), OPT)


def test_critical_damage_checks_pick_the_band(duel, rules):
    """Ruling 5: under 'absolute' a critical success on the damage check gives 1d4+3 and a
    critical failure 1d4+1 whatever the total; under 'total' the total decides."""
    from claw.core.warriors.fight import damage
    s = started(duel, 6, 1)
    ev = damage(s, rules, "bramble", "emberpaw", dice(1, 1, 6, 2), options=OPT)     # 8 + 7 = 15 > 10, but two 1s
    assert s["cats"]["emberpaw"]["hp"] == 22 - 3
    s = started(duel, 6, 1)
    ev = damage(s, rules, "bramble", "emberpaw", dice(1, 1, 6, 2), options={**OPT, "criticals": "total"})
    assert s["cats"]["emberpaw"]["hp"] == 22 - 5
    s = started(duel, 6, 1)
    ev = damage(s, rules, "emberpaw", "bramble", dice(6, 6, 1, 2), options=OPT)     # 13 + 5 = 18 > 7 only
    assert s["cats"]["bramble"]["hp"] == 36 - 5 and "critical success" in ev[0]["text"]


def test_literal_initiative_order_option(cat):
    """Ruling 13: with 'spirit', after the first cat the order follows Spirit scores."""
    st = {"day": 0, "options": {}, "order": ["emberpaw", "bramble", "reedwhisker"], "fight": None,
          "cats": {n: cat(n) for n in ("emberpaw", "bramble", "reedwhisker")}}
    # rolls: emberpaw 2+6 = 8, bramble 3+4 = 7, reedwhisker 5+1 = 6
    s, _ = initiative(st, ["emberpaw", "bramble", "reedwhisker"], dice(6, 4, 1))
    assert s["fight"]["order"] == ["emberpaw", "bramble", "reedwhisker"]
    s, _ = initiative(st, ["emberpaw", "bramble", "reedwhisker"], dice(6, 4, 1), order_rule="spirit")
    assert s["fight"]["order"] == ["emberpaw", "reedwhisker", "bramble"]     # Spirit 5 before Spirit 3


def test_a_pinned_cat_acts_only_against_its_pinner(cat, rules):
    """Pin: a Pinned cat may only Wrestle to escape, Launch, Swat or Bite the pinner."""
    st = {"day": 0, "options": {}, "order": ["bramble", "emberpaw", "sloefoot"], "fight": None,
          "cats": {n: cat(n) for n in ("bramble", "emberpaw", "sloefoot")}}
    s, _ = initiative(st, ["bramble", "emberpaw", "sloefoot"], dice(6, 1, 1))   # 9, 3, 4
    assert s["fight"]["order"] == ["bramble", "sloefoot", "emberpaw"]
    # Chomp: bite 4+4+4 + 7 + 1 = 20 vs jump 2+2+2 + 2 = 8 -> hit; damage 1+2+2 + 7 + 2 = 16 -> 1d4+3 (1) + 1
    s, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(mode="bite", knacks={"chomp": 1}, life_or_death=True),
                   dice(4, 4, 4, 2, 2, 2, 1, 2, 2, 1), OPT)
    from claw.core.warriors.fight import advance
    advance(s)                                    # Sloefoot passes
    with pytest.raises(IllegalAction, match="Pinned"):
        attack(s, rules, "emberpaw", "sloefoot", AttackSpec(), dice(), OPT)
    with pytest.raises(IllegalAction, match="Pinned"):
        attack(s, rules, "emberpaw", "bramble", AttackSpec(mode="pounce"), dice(), OPT)
    # Swat at the pinner: Bramble cannot Jump? He is not pinned: normal Jump check
    s2, ev = attack(s, rules, "emberpaw", "bramble", AttackSpec(), dice(1, 2, 3, 6, 5, 4), OPT)
    assert any(e["type"] == "miss" for e in ev)


_VALIDATOR = None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9)),
                                       min_size=5, max_size=40))
def test_random_brawls_keep_the_state_valid(seed, moves):
    """Property: any sequence of Swats, Pounces, Bites, fighting knacks and escapes among
    three cats leaves a schema-valid, self-consistent state; HP never rises in a fight;
    Wrestling groups and Pins only hold cats still standing."""
    import json as _json

    import jsonschema

    from claw.cli.games.warriors.data import rules as load
    from claw.core.errors import ClawError
    from claw.core.rng import SeededDice
    from claw.core.warriors.fight import advance
    from claw.core.warriors.party import problems

    from .conftest import example_cat
    global _VALIDATOR
    if _VALIDATOR is None:
        path = ROOT / "schemas" / "state-warriors.json"
        _VALIDATOR = jsonschema.Draft202012Validator(_json.loads(path.read_text()))
    r = load()
    names = ("bramble", "sloefoot", "emberpaw")
    cats = {n: example_cat(n) for n in names}
    cats["sloefoot"]["knacks"].update({"launch": 1, "chomp": 1, "mighty-swat": 2})
    state = {"day": 0, "options": {}, "cats": cats, "order": list(names), "fight": None}
    dice = SeededDice(seed)
    s, _ = initiative(state, list(names), dice)
    knack_sets = [{}, {"mighty-swat": 1}, {"feint": 1}, {"pin": 1}, {"launch": 1}, {"belly-rake": 1},
                  {"chomp": 1}, {"pummel": 1}, {"launch": 2}, {}]
    for target_pick, mode_pick, knack_pick in moves:
        me = s["fight"]["order"][s["fight"]["turn"]]
        others = [c for c in s["fight"]["order"] if c != me and s["cats"][c]["status"] == "ok"]
        if not others or s["cats"][me]["status"] != "ok":
            break
        target = others[target_pick % len(others)]
        mode = ["swat", "swat", "pounce", "pounce", "bite"][mode_pick % 5]
        spec = AttackSpec(mode=mode, knacks=knack_sets[knack_pick], life_or_death=True,
                          escape=[me] if knack_pick == 9 else [], let_go=bool(mode_pick % 2),
                          swat_explicit=mode_pick == 7)
        before = {c: s["cats"][c]["hp"] for c in names}
        try:
            s, _ = attack(s, r, me, target, spec, dice, OPT)
        except ClawError:
            advance(s)
            continue
        _VALIDATOR.validate(s)
        assert problems(s) == []
        assert all(s["cats"][c]["hp"] <= before[c] for c in names)
        f = s["fight"]
        standing = {c for c in names if s["cats"][c]["status"] == "ok"}
        assert all(len(g) >= 2 and set(g) <= standing for g in f["wrestles"])
        assert set(f["pins"]) | set(f["pins"].values()) <= standing


def test_a_knocked_out_cat_can_still_be_struck_and_risks_death(duel, rules):
    """Knocked Out / Death: a knocked-out cat "cannot do anything at all" (so no Jump:
    it counts 0), and damage below 0 HP goes on until -(STR + SPT) brings the death roll."""
    s = started(duel, 6, 1)
    s["cats"]["bramble"] = dict(s["cats"]["bramble"], hp=-6, status="knocked-out")
    with pytest.raises(IllegalAction, match="knocked out"):
        attack(s, rules, "emberpaw", "bramble", AttackSpec(mode="pounce"), dice(), OPT)
    # swat 2+3+4; no Jump roll; damage check 3+3+3 + STR 5 + 2 (more than double 0) = 16 > 14:
    # 1d4+3 = 2+3 = 5 -> -11, at or below -(7 + 3): death roll 1+2 = 3 -> dies
    s2, ev = attack(s, rules, "emberpaw", "bramble", AttackSpec(), dice(2, 3, 4, 3, 3, 3, 2, 1, 2), OPT)
    assert "cannot Jump" in ev[0]["text"] or any("knocked out and cannot Jump" in e["text"] for e in ev)
    assert s2["cats"]["bramble"]["hp"] == -11 and s2["cats"]["bramble"]["status"] == "dead"


def test_options_that_do_not_fit_the_attack_are_refused(duel, rules):
    """Wrestling options outside a Wrestling, --let-go without a Chomp and negative
    damage points are refused before any die is rolled, not silently ignored."""
    s = started(duel, 6, 1)
    with pytest.raises(UsageError, match="0 or more"):
        attack(s, rules, "emberpaw", "bramble", AttackSpec(damage_points=-1), dice(), OPT)
    with pytest.raises(IllegalAction, match="Chomp"):
        attack(s, rules, "emberpaw", "bramble", AttackSpec(let_go=True), dice(), OPT)
    with pytest.raises(IllegalAction, match="not Wrestling"):
        attack(s, rules, "emberpaw", "bramble", AttackSpec(escape=["emberpaw"]), dice(), OPT)
    with pytest.raises(IllegalAction, match="not Wrestling"):
        attack(s, rules, "emberpaw", "bramble", AttackSpec(winner_target="bramble"), dice(), OPT)


def test_dodge_helps_an_escape_jump_from_the_wrestling(duel, rules):
    """Dodge: "any time your cat makes a Jump Check"; Wrestling: a cat escapes with a
    Jump check. Emberpaw wrestles 3+3+3 + 5 = 14; Bramble jumps 3+3+3 + 3 + 2 + Dodge 1 = 15."""
    s = started(duel, 1, 6)
    s["fight"]["wrestles"] = [["emberpaw", "bramble"]]
    s2, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(escape=["bramble"], knacks={"dodge": 1}),
                    dice(3, 3, 3, 3, 3, 3), OPT)
    assert s2["fight"]["wrestles"] == [] and s2["cats"]["bramble"]["pools"]["spirit"] == 2
    with pytest.raises(IllegalAction, match="Dodge"):
        attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"dodge": 1}), dice(), OPT)
    with pytest.raises(IllegalAction, match="not escaping"):
        attack(s, rules, "bramble", "emberpaw", AttackSpec(dodge=1), dice(), OPT)
    s["fight"]["wrestles"] = []
    with pytest.raises(IllegalAction, match="own Jump"):      # a Swat: Dodge is not the attacker's
        attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"dodge": 1}), dice(), OPT)


def test_pummel_is_strength_plus_swat_not_a_plain_strength_check(duel, rules):
    """Knacks, Pummel: "a Swat attack based on a Strength Check rather than an Intelligence
    Check" (ruling 20, no option): the Swat skill still adds; Intelligence does not."""
    s = started(duel, 1, 6)
    s["cats"]["bramble"]["skills"]["swat"] = 3
    s2, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(knacks={"pummel": 1}), dice(2, 2, 2, 6, 6, 5), OPT)
    atk = [e for e in ev if e["type"] == "attack"][0]
    assert atk["total"] == 6 + 7 + 3        # 3d6 + STR 7 + Swat 3, not + INT 3 and not 3d6 + STR alone


def test_initiative_tie_is_a_d6_roll_off_and_first_must_be_in_a_tie(duel):
    """Fighting: a tie still level after Spirit points goes to "some fair method": claw's
    is a d6 roll-off anyone can roll at the table (tied again: roll again), or --first
    CAT; a --first cat that is in no tie is refused (issue 14, item 6)."""
    duel["cats"]["bramble"]["pools"]["spirit"] = 2
    s, ev = initiative(duel, ["emberpaw", "bramble"], dice(5, 4, 3, 3, 6, 1))   # 3-3 level, then 6-1
    assert s["fight"]["order"] == ["emberpaw", "bramble"]
    assert [e["rolls"] for e in ev if e["type"] == "roll-off"] == [{"emberpaw": 3, "bramble": 3},
                                                                  {"emberpaw": 6, "bramble": 1}]
    with pytest.raises(IllegalAction, match="in none"):
        initiative(duel, ["emberpaw", "bramble"], dice(6, 1), first="bramble")


def test_a_cat_held_by_a_chomp_is_told_only_what_it_can_do(duel, rules):
    """Chomp holds "as though ... Pinned"; Pin lists what a Pinned cat may do. Outside a
    Wrestling, and without the Launch knack, the held cat may only Swat or Bite its holder:
    it is not offered a Wrestling check or Launch (issue 14, item 6)."""
    s = started(duel, 1, 6)                                      # Bramble first
    s["cats"]["bramble"]["knacks"]["chomp"] = 1
    s, ev = attack(s, rules, "bramble", "emberpaw", AttackSpec(mode="bite", knacks={"chomp": 1}, life_or_death=True),
                   dice(4, 4, 4, 1, 2, 2, 3, 3, 3, 1), OPT)
    assert s["fight"]["chomps"] == {"bramble": "emberpaw"}
    with pytest.raises(IllegalAction) as err:
        attack(s, rules, "emberpaw", "bramble", AttackSpec(mode="pounce"), dice(), OPT)
    msg = str(err.value)
    assert "Swat or Bite Bramble" in msg and "Launch" not in msg and "Wrestling" not in msg


def test_three_cat_wrestling_winner_target_counts_for_the_attacker_too(cat, rules):
    """Wrestling: the cat with the highest Wrestling Check "can do damage to any one
    opponent currently involved in the Wrestling" — also when that cat is the one whose
    turn it is: its --winner-target is honoured, not replaced by the attack's target
    (ruling 43: an option is never silently ignored)."""
    names = ("emberpaw", "bramble", "sloefoot")
    st = {"day": 0, "options": {}, "order": list(names), "fight": None, "cats": {n: cat(n) for n in names}}
    s, _ = initiative(st, list(names), dice(6, 1, 1, 4, 3))
    s["fight"]["wrestles"] = [list(names)]
    rolls = (5, 5, 4, 1, 2, 2, 1, 2, 3, 4, 4, 4, 4, 4, 4)   # Emberpaw wins; then the damage roll
    s2, ev = attack(s, rules, "emberpaw", "bramble", AttackSpec(winner_target="sloefoot"), dice(*rolls), OPT)
    win = next(e for e in ev if e["type"] == "wrestle-win")
    assert win["cat"] == "emberpaw" and win["target"] == "sloefoot"
    assert s2["cats"]["sloefoot"]["hp"] < s["cats"]["sloefoot"]["hp"]
    assert s2["cats"]["bramble"]["hp"] == s["cats"]["bramble"]["hp"]
    s3, ev = attack(s, rules, "emberpaw", "bramble", AttackSpec(), dice(*rolls), OPT)   # default: the target
    assert next(e for e in ev if e["type"] == "wrestle-win")["target"] == "bramble"
    assert any(e["type"] == "choice" and e["options"] == ["bramble", "sloefoot"] for e in ev)
