"""Options and refusals that used to be silent (issue 14, item 11): `--first` with no say
in the matter, the free attack after a pounce, moves the cat cannot pay for, the
stateless roach, skills with their modifiers, the Taverne's trade and heal."""

import copy
import json

import pytest

from claw.cli.store.statefile import dump_state, new_envelope
from claw.cli.testing import run
from claw.core.errors import IllegalAction, UsageError
from claw.core.msm.attack import attack
from claw.core.msm.tavern import parse_skill
from claw.core.rng import PhysicalDice
from tests.paths import ROOT

from .play_helpers import BESTIARY, cat, rat, state

S2 = str(ROOT / "examples/msm/scenario-2.yaml")
OPEN = ["........"] * 8


def write(tmp_path, st, name="st.json"):
    env = new_envelope("msm", 1)
    env["state"] = st
    path = tmp_path / name
    path.write_text(dump_state(env))
    return path


def test_first_cats_after_the_rats_win_is_reported(tmp_path):
    """Initiative Segment: "Rats always choose to go first": when the rats win, the
    players' --first has no effect, and the explanation says so."""
    st, _ = state(OPEN, {"nera": cat("A1"), "rat-1": rat("roach", "H8")}, phase="initiative")
    path = write(tmp_path, st)
    r = run(["scenario-step", "-s", str(path), "--first", "cats", "--dice", "3,12"])   # 12 - 4 = 8 > 3
    assert r.code == 0, r.stderr
    assert "--first cats has no effect: the rats won the initiative" in r.stderr
    assert json.loads(r.stdout)["state"]["phase"] == "rats"


def test_first_on_a_step_without_initiative_is_refused(tmp_path):
    st, _ = state(OPEN, {"nera": cat("A1"), "rat-1": rat("roach", "H8")}, phase="end")
    path = write(tmp_path, st)
    r = run(["scenario-step", "-s", str(path), "--first", "rats"])
    assert r.code == 4 and "rolled none" in r.stderr


def pounced_nera():
    figures = {"nera": cat("A1", "shuriken", "tanto", ap=0, pounced=True, vulnerable=True, activated=True),
               "rat-1": rat("arbaletrier", "A3")}
    return state(OPEN, figures, phase="cats", active="nera")


def test_after_a_pounce_a_range_1_attack_names_the_range_0_rule():
    """Pouncing: "one attack with a RANGE 0 weapon may be performed at the end of this
    movement". With no AP left, a RANGE 1 attack is refused for that reason, not as a
    bare "0 AP left"."""
    st, board = pounced_nera()
    with pytest.raises(IllegalAction, match="free attack after a pounce must use a RANGE 0 weapon.*RANGE 1"):
        attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([9]))


def test_the_free_range_0_attack_after_a_pounce_still_works():
    st, board = pounced_nera()
    st["figures"]["rat-1"]["square"] = "A2"
    done = attack(st, board, BESTIARY, "nera", "rat-1", PhysicalDice([2]))
    events = done.events
    assert any(e["type"] == "pounce-attack" for e in events)


def test_moves_lists_only_what_the_ap_left_pays_for(tmp_path):
    """Cat Actions: prowl and stride cost 1 AP, pounce 2; `claw moves` at 1 AP lists no
    pounce square (and says why), at 0 AP nothing."""
    st, _ = state(OPEN, {"nera": cat("C3", ap=1, activated=True), "rat-1": rat("roach", "H8")}, phase="cats",
                  active="nera")
    path = write(tmp_path, st)
    data = json.loads(run(["moves", "nera", "-s", str(path), "--json"]).stdout)
    assert data["pounce"] == [] and data["stride"] and data["prowl"]
    text = run(["moves", "nera", "-s", str(path)])
    assert "pounce (2 AP): - (not affordable: nera has 1 AP left)" in text.stdout
    st["figures"]["nera"]["ap"] = 0
    data = json.loads(run(["moves", "nera", "-s", str(write(tmp_path, st)), "--json"]).stdout)
    assert data == {"prowl": [], "stride": [], "pounce": []}


def test_stateless_roach_attack_says_the_roach_is_removed():
    """Attack Results: "Roach markers are removed from the map … if they are stunned"."""
    r = run(["attack", "--game", "msm", "--attack-dice", "1", "--stun", "7", "--wound", "10", "--roach",
             "--dice", "7", "--json"])
    assert r.code == 0 and json.loads(r.stdout)["removed"] is True
    assert "the roach is stunned, so it is removed" in r.stderr
    r = run(["attack", "--game", "msm", "--attack-dice", "1", "--stun", "7", "--wound", "10", "--roach",
             "--dice", "6", "--json"])
    assert json.loads(r.stdout)["removed"] is False


def test_skill_modifier_typed_once_applies_to_every_attack():
    """Attack Examples: Adara's "+1 AM due to her proficiency skill with staffs" — a
    skill typed with its modifier and weapons (NAME:+1:staff) is applied by the attack
    ("Skill and Weapon"), so --mod is not needed on every attack."""
    skill = parse_skill("Staff proficiency:+1:staff", [])
    assert skill == {"name": "Staff proficiency", "modifier": 1, "weapons": ["staff"]}
    assert parse_skill("Staff proficiency", [skill]) is skill          # a bare name keeps the held modifier
    assert parse_skill("Shadow step", []) == "Shadow step"
    with pytest.raises(UsageError):
        parse_skill("Staff proficiency:plus one", [])
    st, board = state(OPEN, {"adara": cat("A1", "staff", skills=[skill], ap=2),
                             "rat-1": rat("norwegian-brown", "A2", stunned=True, wounds=1)}, phase="cats")
    done = attack(st, board, BESTIARY, "adara", "rat-1", PhysicalDice([2]), weapon="staff")
    roll = done.info["roll"]
    assert roll.dice[0].total == 6   # 2 + 1 (skill) + 3 (stunned rat), as in the book


def test_new_hero_skill_option(tmp_path):
    r = run(["new", S2, "--seed", "1", "--hero-skill", "adara=Staff proficiency:+1:staff"])
    assert r.code == 0, r.stderr
    adara = json.loads(r.stdout)["state"]["figures"]["adara"]
    assert {"name": "Staff proficiency", "modifier": 1, "weapons": ["staff"]} in adara["skills"]
    assert "adara uses the skill Staff proficiency +1 with staff" in r.stderr
    bad = run(["new", S2, "--seed", "1", "--hero-skill", "rat-1=Sneak"])
    assert bad.code == 2


def test_tavern_level_keeps_a_skill_with_its_modifier():
    from claw.cli.formats.content import load_data
    from claw.core.msm import tavern

    camp = {"heroes": {"adara": {"level": 0, "health": 9, "skills": []}}, "taverne": {}}
    table = load_data("msm/skills.yaml")
    new, _ = tavern.level_up(camp, "adara", table, skills=["Staff proficiency:+1:staff"])
    assert new["heroes"]["adara"]["skills"] == [{"name": "Staff proficiency", "modifier": 1, "weapons": ["staff"]}]
    again, _ = tavern.level_up(copy.deepcopy(new), "adara", table, level=1, skills=["Staff proficiency"])
    assert again["heroes"]["adara"]["skills"][0]["modifier"] == 1
