"""In-fight odds share the attack's rules (rulebook: Swatting, Wrestling, Doing Damage,
and the knacks Feint, Dodge, Pummel, Pin, Chomp), and every wrestler's check takes spent
points (Spending Points; Wrestling; Doing Damage: "the attacker can spend Ability points")."""

import copy
from fractions import Fraction

import pytest

from claw.cli.testing import run
from claw.core.errors import IllegalAction, UsageError
from claw.core.warriors.fight import AttackSpec, attack, initiative
from claw.core.warriors.odds import damage_bands, healing_bands, opposed, strike, wrestle

from .conftest import EXAMPLES, dice, state_of

OPT = {"criticals": "absolute", "launch_second_cost": "spirit"}


@pytest.fixture
def duel(cat):
    """Emberpaw (INT 3, swat 0, STR 5, bite 1, SPT 2) first against Bramble (SPT 3, jump 2, STR 7)."""
    s = {"day": 0, "options": {}, "cats": {"emberpaw": cat("emberpaw"), "bramble": cat("bramble"),
                                           "sloefoot": cat("sloefoot")},
         "order": ["emberpaw", "bramble", "sloefoot"], "fight": None}
    s, _ = initiative(s, ["emberpaw", "bramble", "sloefoot"], dice(6, 1, 2))   # 8, 4, 5
    return s


def odds_of(state, rules, spec, attacker="emberpaw", target="bramble"):
    spec.odds = True
    before = copy.deepcopy(state)
    new, events = attack(state, rules, attacker, target, spec, dice(), OPT)
    assert new == before and state == before          # nothing rolled, nothing paid, no turn passed
    assert events[-1]["type"] == "odds"
    return events[-1]


def test_plain_swat_odds_are_swat_against_jump(duel, rules):
    """Swatting: Swat (INT + Swat) against the target's Jump (SPT + Jump)."""
    e = odds_of(duel, rules, AttackSpec())
    assert (e["attack_bonus"], e["jump_bonus"]) == (3, 5) and e["hit"] == opposed(3, 5)


def test_feint_adds_its_bonus_to_the_odds(duel, rules):
    """Knacks, Feint: +1 to a Swat attack."""
    e = odds_of(duel, rules, AttackSpec(knacks={"feint": 1}))
    assert e["attack_bonus"] == 4 and e["hit"] > opposed(3, 5)


def test_dodge_and_jump_points_raise_the_jump_in_the_odds(duel, rules):
    """Knacks, Dodge: +1 to a Jump check; Spending Points: +1 per point."""
    assert odds_of(duel, rules, AttackSpec(dodge=1))["jump_bonus"] == 6
    e = odds_of(duel, rules, AttackSpec(dodge=1, jump_points=2))
    assert e["jump_bonus"] == 8 and e["hit"] == opposed(3, 8)


def test_bite_odds_use_strength_and_bite(duel, rules):
    """Biting: a Bite check (STR 5 + Bite 1) against the Jump (ruling 21)."""
    e = odds_of(duel, rules, AttackSpec(mode="bite", life_or_death=True))
    assert e["attack_bonus"] == 6 and e["hit"] == opposed(6, 5)


def test_pummel_odds_are_strength_plus_swat(duel, rules):
    """Knacks, Pummel: a Swat "based on a Strength Check rather than an Intelligence Check":
    STR + Swat skill, not INT + Swat and not a plain Strength check (ruling 20)."""
    duel["cats"]["emberpaw"]["knacks"]["pummel"] = 1
    duel["cats"]["emberpaw"]["skills"]["swat"] = 2
    e = odds_of(duel, rules, AttackSpec(knacks={"pummel": 1}))
    assert e["attack_bonus"] == 5 + 2 and e["action"] == "pummel"


def test_pounce_odds_and_joining_a_wrestling(duel, rules):
    """Wrestling: Pounce against Jump to start; to join, Pounce against the cats in it."""
    e = odds_of(duel, rules, AttackSpec(mode="pounce"))
    assert (e["pounce_bonus"], e["jump_bonus"]) == (4, 5) and e["wrestling"] == opposed(4, 5)
    duel["fight"]["wrestles"] = [["bramble", "sloefoot"]]
    e = odds_of(duel, rules, AttackSpec(mode="pounce"), target="sloefoot")
    assert e["need"] == 2 and e["pounce_bonus"] == 4
    assert e["join"] == 1 - Fraction(16, 216)       # only a critical failure misses


def test_pinned_or_knocked_out_target_counts_zero_in_the_odds(duel, rules):
    """Pin / Knocked Out (rulings 22, 35): no Jump, the Swat meets 0; odds follow."""
    duel["fight"]["pins"] = {"bramble": "sloefoot"}
    e = odds_of(duel, rules, AttackSpec())
    assert e["jump_bonus"] is None and e["helpless"] == "Pinned" and e["hit"] == strike(3, None)["hit"]
    assert e["hit"] == 1 - Fraction(16, 216) and e["double"] == e["hit"]       # anything above 0 is more than double it
    duel["fight"]["pins"] = {}
    duel["cats"]["bramble"] = dict(duel["cats"]["bramble"], status="knocked-out", hp=0)
    assert odds_of(duel, rules, AttackSpec())["helpless"] == "knocked out"


def test_odds_refuse_what_the_attack_refuses(duel, rules):
    """The odds go through the attack's rules: out of turn, unknown knack, no points."""
    with pytest.raises(IllegalAction, match="turn"):
        odds_of(duel, rules, AttackSpec(), attacker="bramble", target="emberpaw")
    with pytest.raises(IllegalAction):
        odds_of(duel, rules, AttackSpec(knacks={"pummel": 1}))          # Emberpaw does not know it
    duel["cats"]["bramble"]["pools"]["spirit"] = 0
    duel["cats"]["bramble"]["pools"].update(strength=0, intelligence=0)
    with pytest.raises(IllegalAction):
        odds_of(duel, rules, AttackSpec(jump_points=1))


def test_wrestling_round_odds(duel, rules):
    """Wrestling: the highest check wins, ties carry on; an escaping cat rolls Jump."""
    duel["fight"]["wrestles"] = [["emberpaw", "bramble"]]
    e = odds_of(duel, rules, AttackSpec())
    # Emberpaw Wrestle: STR 5 + 0; Bramble: STR 7 + wrestle 2
    assert e["bonuses"] == {"emberpaw": 5, "bramble": 9}
    assert e["wins"]["emberpaw"] + e["wins"]["bramble"] + e["tie"] == 1
    e2 = odds_of(duel, rules, AttackSpec(points=2))
    assert e2["bonuses"]["emberpaw"] == 7 and e2["wins"]["emberpaw"] > e["wins"]["emberpaw"]
    e3 = odds_of(duel, rules, AttackSpec(wrestler_points={"bramble": 1}))
    assert e3["bonuses"]["bramble"] == 10
    w = wrestle({"a": 3, "b": 3})
    assert w["wins"]["a"] == w["wins"]["b"]


def test_pin_and_chomp_turns_have_no_odds(duel, rules):
    duel["fight"]["wrestles"] = [["emberpaw", "bramble"]]
    duel["cats"]["emberpaw"]["knacks"]["pin"] = 1
    with pytest.raises(IllegalAction, match="no check"):
        odds_of(duel, rules, AttackSpec(knacks={"pin": 1}))


def test_cli_odds_take_the_attack_options(party):
    """`claw attack --odds` with a state: the same options as the attack, state untouched."""
    assert run(["fight", "emberpaw", "bramble", "-s", str(party), "-i", "--dice", "6,1"]).code == 0
    before = party.read_bytes()
    plain = run(["attack", "emberpaw", "bramble", "--odds", "-s", str(party)])
    feint = run(["attack", "emberpaw", "bramble", "--odds", "--knack", "feint", "-s", str(party)])
    dodge = run(["attack", "emberpaw", "bramble", "--odds", "--dodge", "1", "-s", str(party)])
    assert plain.code == feint.code == dodge.code == 0
    assert len({plain.stdout, feint.stdout, dodge.stdout}) == 3
    assert party.read_bytes() == before


def test_wrestlers_spend_points_and_the_winner_pays_damage_points(duel, rules):
    """Spending Points: every check may take points; Doing Damage: the winner spends on damage."""
    duel["fight"]["wrestles"] = [["emberpaw", "bramble"]]
    # emberpaw wrestle 1+1+2=4+5=9; bramble 3+3+3=9+9+1 pt=19 wins; damage 1+1+2 + STR 7 + 2 pts = 13
    spec = AttackSpec(wrestler_points={"bramble": 1}, wrestler_damage_points={"bramble": 2})
    s, ev = attack(duel, rules, "emberpaw", "bramble", spec, dice(1, 1, 2, 3, 3, 3, 1, 1, 2, 4), OPT)
    b = s["cats"]["bramble"]
    assert b["pools"]["strength"] == 7 - 1 - 2
    dmg = [e for e in ev if e["type"] == "damage-check"][0]
    assert dmg["total"] == 1 + 1 + 2 + 7 + 2


def test_escape_jump_takes_the_targets_jump_points(duel, rules):
    """Wrestling: a cat escaping makes a Jump check, and may spend Spirit points on it."""
    duel["fight"]["wrestles"] = [["emberpaw", "bramble"]]
    spec = AttackSpec(escape=["bramble"], jump_points=2)
    s, ev = attack(duel, rules, "emberpaw", "bramble", spec, dice(1, 1, 2, 3, 3, 3), OPT)
    checks = {e["cat"]: e for e in ev if e["type"] == "wrestle-check"}
    assert checks["bramble"]["total"] == 9 + 5 + 2 and s["cats"]["bramble"]["pools"]["spirit"] == 1


def test_points_that_would_do_nothing_are_refused(duel, rules):
    """An option the rules give no check for is refused, naming why (exit 4/2)."""
    duel["fight"]["wrestles"] = [["emberpaw", "bramble"]]
    with pytest.raises(IllegalAction, match="Wrestle check, not a Jump"):
        attack(duel, rules, "emberpaw", "bramble", AttackSpec(jump_points=1), dice(), OPT)
    with pytest.raises(IllegalAction, match="not in this Wrestling"):
        attack(duel, rules, "emberpaw", "bramble", AttackSpec(wrestler_points={"sloefoot": 1}), dice(), OPT)
    with pytest.raises(UsageError, match="--points"):
        attack(duel, rules, "emberpaw", "bramble", AttackSpec(wrestler_points={"emberpaw": 1}), dice(), OPT)
    with pytest.raises(IllegalAction, match="escaping"):
        attack(duel, rules, "emberpaw", "bramble", AttackSpec(escape=["emberpaw"], damage_points=1), dice(), OPT)
    duel["fight"]["wrestles"] = []
    with pytest.raises(IllegalAction, match="Wrestling round"):
        attack(duel, rules, "emberpaw", "bramble", AttackSpec(wrestler_points={"bramble": 1}), dice(), OPT)
    with pytest.raises(IllegalAction, match="no damage"):
        attack(duel, rules, "emberpaw", "bramble", AttackSpec(mode="pounce", damage_points=1), dice(), OPT)
    duel["fight"]["pins"] = {"bramble": "sloefoot"}
    with pytest.raises(IllegalAction, match="no Jump check"):
        attack(duel, rules, "emberpaw", "bramble", AttackSpec(jump_points=1), dice(), OPT)


def test_cli_wrestler_points_and_a_bad_value(party):
    assert run(["fight", "emberpaw", "bramble", "-s", str(party), "-i", "--dice", "6,1"]).code == 0
    assert run(["attack", "emberpaw", "bramble", "--pounce", "-s", str(party), "-i",
                "--dice", "6,5,4,2,2,3"]).code == 0
    assert state_of(party)["fight"]["wrestles"] == [["emberpaw", "bramble"]]
    res = run(["attack", "bramble", "emberpaw", "--wrestler-points", "emberpaw=x", "-s", str(party)])
    assert res.code == 2 and "CAT=N" in res.stderr
    res = run(["attack", "bramble", "emberpaw", "--wrestler-points", "emberpaw=1", "--odds", "-s", str(party)])
    assert res.code == 0 and "Wrestling round" in res.stdout


def test_damage_and_healing_bands_from_plain_numbers():
    """Doing Damage bands and Healing bands as exact chances; stateless commands."""
    p = damage_bands(5, 7)
    assert sum(p.values()) == 1 and p[3] > p[1]
    h = healing_bands(4, 6)
    assert sum(h.values()) == 1
    res = run(["attack", "--game", "warriors", "--damage-bonus", "5", "--defender-strength", "7", "--odds"])
    assert res.code == 0 and "1d4+3" in res.stdout
    res = run(["attack", "--game", "warriors", "--damage-bonus", "5", "--defender-strength", "7",
               "--dice", "3,3,3,2"])
    assert res.code == 0 and res.stdout.strip() == "4 HP"      # 14 > 7, not > 14: 1d4+2


def test_stateless_bands_name_the_critical_that_picked_them():
    """How the game works (two or three 6s: a critical success; two or three 1s: a critical
    fail) with Doing Damage and Healing: 6+6+1 = 13 is only "more than" Strength 10, yet the
    critical gives 1d4+3 (ruling 5); the explanation names it so the band is not a puzzle."""
    res = run(["attack", "--game", "warriors", "--damage-bonus", "0", "--defender-strength", "10",
               "--dice", "6,6,1,2"])
    assert res.code == 0 and res.stdout.strip() == "5 HP"
    assert "13 vs Strength 10, a critical success: 1d4+3" in res.stderr
    res = run(["heal", "--game", "warriors", "--lost", "2", "--bonus", "5", "--dice", "1,1,6"])
    assert res.code == 0 and res.stdout.strip() == "+1 HP"       # 13 >= 7 would be +2
    assert "13 vs HP lost 2 + 5 = 7, a critical failure: +1 HP" in res.stderr


def test_the_healing_check_names_the_critical_that_picked_its_band(tmp_path):
    """Healing with How the game works: Cinderpelt's Ponder check 6+6+1 + 7 + 4 = 24 is
    only "at least" HP lost 8 + 5 = 13, but the critical success heals 3 (ruling 5)."""
    p = tmp_path / "p.json"
    assert run(["new", str(EXAMPLES / "cinderpelt.yaml"), "--seed", "1", "-o", str(p)]).code == 0
    res = run(["heal", "cinderpelt", "--dice", "6,6,1", "-s", str(p), "-o", str(tmp_path / "q.json")])
    assert res.code == 0, res.stderr
    assert "= 24, a critical success: more than double HP lost 8 + 5 = 13: Cinderpelt heals 3 HP" in res.stderr
