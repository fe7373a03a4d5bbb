"""Issue 21 item 5 in Warriors: a correction applies what its value does in play.
Rulebook: *Hit Points (HP)* and *Knocked Out* ("If a cat has no HP left, then he or she is
Knocked Out … cannot do anything at all until he or she has at least one point"). A cat
set to 0 HP or less by `claw adjust` is knocked out exactly as after damage; the
correction and its consequence are one log entry and one `claw undo`."""

from __future__ import annotations

import pytest

from claw.cli.testing import run
from tests.table import adjust_round_trip, assert_adjust_refused, last_entry, load, new, ok

CATS = ("warriors/bramble.yaml", "warriors/emberpaw.yaml")


@pytest.fixture
def party(tmp_path):
    return new(tmp_path, *CATS, "--seed", "2")


def _refusals(path) -> list[tuple[int, str]]:
    """What a knocked-out cat is refused: a check, a fight, tending wounds."""
    out = []
    for args in (["check", "bramble", "see", "--vs", "12"], ["fight", "emberpaw", "bramble"], ["heal", "bramble"]):
        r = run([*args, "-s", str(path), "-o", str(path.with_suffix(".out"))])
        out.append((r.code, r.stderr))
    return out


@pytest.mark.parametrize("hp", [0, -3])
def test_hp_0_or_less_knocks_out_as_damage_does(party, tmp_path, hp):
    """Knocked Out: a correction to 0 HP or less knocks the cat out; it can no longer
    check, fight or tend wounds, refused with the same words as after damage (claw gm)."""
    damaged = tmp_path / "damaged.json"
    damaged.write_bytes(party.read_bytes())
    ok(["gm", "bramble", "--damage", str(36 - hp), "-s", str(damaged), "-i", "-q"])
    res = ok(["adjust", "bramble", f"hp={hp}", "--reason", "GM: the fall", "-s", str(party), "-i"])
    assert "Bramble the rogue is knocked out" in res.stderr
    cat = load(party)["state"]["cats"]["bramble"]
    assert cat["status"] == "knocked-out" and cat["hp"] == hp
    assert load(damaged)["state"]["cats"]["bramble"] == cat
    refused = _refusals(party)
    assert refused == _refusals(damaged)
    assert all(code == 4 and "knocked-out" in text for code, text in refused)


def test_the_consequence_is_logged_with_the_correction_and_undone_with_it(party):
    """One entry: the correction event, then the knock-out marked as its consequence;
    one `claw undo` gives the file from before, byte for byte."""
    entry = adjust_round_trip(party, "bramble", "hp=0")
    kinds = [(e["type"], e.get("consequence", False)) for e in entry["events"]]
    assert kinds == [("correction", False), ("knocked-out", True)]
    assert load(party)["state"]["cats"]["bramble"]["status"] == "ok"


def test_a_knocked_out_cat_given_hp_again_comes_round(party):
    """Knocked Out: the cat is out "until he or she has at least one point", however the
    point comes; a correction giving it HP again brings it round."""
    ok(["adjust", "bramble", "hp=0", "--reason", "r", "-s", str(party), "-i", "-q"])
    res = ok(["adjust", "bramble", "hp=4", "--reason", "miscounted", "-s", str(party), "-i"])
    assert "comes round" in res.stderr
    assert load(party)["state"]["cats"]["bramble"]["status"] == "ok"
    assert [e["type"] for e in last_entry(party)["events"]] == ["correction", "comes-round"]


def test_a_correction_elsewhere_triggers_nothing(party):
    entry = adjust_round_trip(party, "bramble", "hp=20")
    assert [e["type"] for e in entry["events"]] == ["correction"]


def test_hp_above_the_maximum_is_refused_naming_it(party):
    """Hit Points = 5 + age + Strength: a correction above it is refused with the maximum."""
    assert_adjust_refused(party, [("bramble", "hp=37", 4, "above hp_max 36"),
                                  ("bramble", "hp=1000000000000000000000000000000", 4, "above hp_max 36")])


def test_knocked_out_in_a_fight_lets_go_of_its_holds(party):
    """Knocked Out: a cat that cannot do anything holds no Wrestle or pin (as after damage)."""
    from claw.core.warriors.adjusted import consequences

    state = load(party)["state"]
    fight = {"round": 1, "order": ["bramble", "emberpaw", "sloefoot"], "turn": 0, "initiative": {},
             "wrestles": [["bramble", "emberpaw"]], "pins": {"emberpaw": "bramble"}, "chomps": {},
             "disoriented": []}
    second = {**state["cats"]["emberpaw"], "id": "sloefoot", "name": "Sloefoot"}  # a second players' cat
    state = {**state, "fight": fight, "cats": {**state["cats"], "emberpaw": {**state["cats"]["emberpaw"], "hp": 0},
                                               "sloefoot": second}}
    new_state, events = consequences(state)
    assert new_state["fight"]["wrestles"] == [] and new_state["fight"]["pins"] == {}
    assert state["fight"]["wrestles"] == [["bramble", "emberpaw"]]  # the input is not changed
    assert [e["type"] for e in events] == ["knocked-out"]   # Sloefoot still fights Bramble


def test_a_correction_that_knocks_out_the_last_foe_ends_the_fight(party):
    """Knocked Out and ruling 56: with the GM's only fighter out, the fight is over."""
    from claw.core.warriors.adjusted import consequences

    state = load(party)["state"]
    fight = {"round": 2, "order": ["bramble", "emberpaw"], "turn": 0, "initiative": {}, "wrestles": [],
             "pins": {}, "chomps": {}, "disoriented": []}
    state = {**state, "fight": fight, "cats": {**state["cats"], "bramble": {**state["cats"]["bramble"], "hp": 0}}}
    new_state, events = consequences(state)
    assert new_state["fight"] is None and [e["type"] for e in events] == ["knocked-out", "fight-end"]
