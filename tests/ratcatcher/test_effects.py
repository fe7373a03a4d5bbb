"""Ruling R17a: the effect vocabulary boards give claw — abilities, placed tokens, traps
and Nemesis specials that the rulebook leaves to the boards ("All such rules are on the
Nemesis Rat Board"; 1.4 Special Abilities; 2.2 "Resolve the triggered Trap in accord
with the Trap's ability on the character board"), applied by the rules engine."""

from __future__ import annotations

import pytest

from claw.core.outcome import Outcome
from claw.core.ratcatcher import player
from claw.core.ratcatcher import rats as R
from claw.core.ratcatcher.effects import token_wounds
from claw.core.rng import PhysicalDice
from tests.ratcatcher.conftest import put


def give(state, ability_id, effect, name=None):
    """Add an unlocked ability with one token and ``effect`` to the Ratcatcher's board."""
    state["ratcatcher"]["board"]["abilities"].append(
        {"id": ability_id, "name": name or ability_id.title(), "colour": "red", "tokens": 1, "unlocked": True,
         "effect": effect})
    state["ratcatcher"]["abilities"][ability_id] = {"unlocked": True, "max": 1, "tokens": 1}


def test_ability_accuracy_lowers_the_number_needed_until_recoup(tiny):
    """1.3 hits at accuracy or more; an ability with `accuracy: -1` makes a 3 a hit (4 → 3)."""
    give(tiny, "aim", {"accuracy": -1})
    put(tiny, "0.a", brown=1)
    s, _ = player.use_ability(tiny, "aim")
    s, events = player.attack(s, PhysicalDice([3]), 1)
    assert sum(s["zones"]["0.a"]["rats"].values()) == 0
    player.recoup(s, Outcome())
    assert "accuracy_bonus" not in s["ratcatcher"]


def test_placed_stop_token_rats_skip_their_move(tiny):
    """A placed token with `stop`: the common rats in its zone do not move in 2.1."""
    give(tiny, "glue", {"place": True, "stop": True}, "Glue Pot")
    put(tiny, "0.b", brown=2)
    s, _ = player.use_ability(tiny, "glue", "0.b")
    ev = Outcome()
    R.move_rats(s, PhysicalDice([]), ev)
    assert s["zones"]["0.b"]["rats"]["brown"] == 2
    assert any("Glue Pot in 0.b" in e["text"] for e in ev.events)


def test_placed_lure_token_rats_move_toward_it(tiny):
    """A placed token with `lure`: common rats head for it instead of their target (white
    rats in 1.a would go to the cheese in 1.b; lured, they go to 0.c)."""
    give(tiny, "bait", {"place": True, "lure": True}, "Bait")
    tiny["ratcatcher"]["zone"] = "0.b"
    put(tiny, "1.a", white=2)
    s, _ = player.use_ability(tiny, "bait", "0.c")
    R.move_rats(s, PhysicalDice([]), Outcome())
    assert s["zones"]["0.c"]["rats"]["white"] == 2


def test_placed_wound_token_hurts_the_nemesis_ending_there(tiny):
    give(tiny, "spikes", {"place": True, "wound": 2}, "Caltrops")
    s, _ = player.use_ability(tiny, "spikes", "0.b")
    s["nemesis"].update(zone="0.b", spawned=True)
    ev = Outcome()
    token_wounds(s, ev)
    assert s["nemesis"]["wounds"] == 2 and any(e["type"] == "nemesis-wound" for e in ev.events)


def test_trap_wound_effect_hurts_a_nemesis_in_its_zone(tiny):
    """2.2: the trap's ability from the board: `effect: {wound: 1}` on the Cage Trap."""
    tiny["ratcatcher"]["board"]["traps"][0]["effect"] = {"wound": 1}
    tiny["traps"] = {"0.b": "cage"}
    tiny["nemesis"].update(zone="0.b", spawned=True)
    put(tiny, "0.b", white=1)
    R.trigger_traps(tiny, PhysicalDice([1, 1, 1]), Outcome())   # the dice miss; the effect still wounds
    assert tiny["nemesis"]["wounds"] == 3


@pytest.mark.parametrize("effect, dice, wounds_left, tracker", [
    ({"attack": 1}, [4, 4, 1, 1], 3, 0),            # 4 dice: 2 hits - defence 1 = 1 wound
    ({"accuracy": -1}, [3, 3, 1], 3, 0),            # 3s hit at 3+: 2 hits - 1 = 1 wound
    ({"wound": 1}, [4, 4, 1], 2, 0),                # a wounding bite deals 1 more
    ({"cheese": 1}, [4, 4, 1], 3, 1),               # a wounding bite counts as a cheese eaten
])
def test_nemesis_special_effects(tiny, effect, dice, wounds_left, tracker):
    tiny["nemesis"].update(zone="0.a", spawned=True, effect=effect)
    R.bites(tiny, PhysicalDice(dice), Outcome())
    assert tiny["ratcatcher"]["wounds"] == wounds_left and tiny["tracker"] == tracker


def test_nemesis_defence_effect_applies_to_attacks(tiny):
    tiny["nemesis"].update(zone="0.a", spawned=True, effect={"defence": 1})
    s, _ = player.attack(tiny, PhysicalDice([4, 4]), 2)     # 2 hits vs defence 1 + 1: no wound
    assert s["nemesis"]["wounds"] == 4


def test_boards_with_unknown_effect_keys_are_refused(tmp_path):
    """`claw validate` refuses an effect word outside the vocabulary (the text stays for the table)."""
    from claw.cli.testing import run
    from tests.ratcatcher.conftest import EX

    text = (EX / "rat-king.yaml").read_text().replace("  summon: 1", "  summon: 1\n  teleport: 2")
    p = tmp_path / "nem.yaml"
    p.write_text(text)
    r = run(["validate", str(p)])
    assert r.code == 3 and "teleport" in (r.stdout + r.stderr)
