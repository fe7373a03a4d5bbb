"""The Ratcatcher's turn (1.1–1.6) on the tiny line city of conftest:
0.a(start) – 0.b – 0.c(nest) ⇄ 1.a – 1.b(cheese) ⇄ 2.a – 2.b."""

from __future__ import annotations

import pytest

from claw.core.errors import IllegalAction
from claw.core.outcome import Outcome
from claw.core.ratcatcher import player
from claw.core.rng import PhysicalDice
from tests.ratcatcher.conftest import put


def test_1_1_recoup_resets_dice_movement_traps_but_not_wounds(tiny):
    rc = tiny["ratcatcher"]
    rc.update(attack_dice=0, movement=0, traps=0, wounds=2)
    player.recoup(tiny, Outcome())
    assert (rc["attack_dice"], rc["movement"], rc["traps"], rc["wounds"]) == (4, 4, 2, 2)


def test_1_2_move_costs_one_point_per_zone(tiny):
    s, ev = player.move(tiny, ["0.b", "0.c", "1.a"])
    assert s["ratcatcher"]["zone"] == "1.a" and s["ratcatcher"]["movement"] == 1
    assert tiny["ratcatcher"]["zone"] == "0.a"  # input untouched


def test_1_2_move_only_to_adjacent_zones_and_with_points(tiny):
    with pytest.raises(IllegalAction, match="not adjacent"):
        player.move(tiny, ["0.c"])
    tiny["ratcatcher"]["movement"] = 0
    with pytest.raises(IllegalAction, match="no movement"):
        player.move(tiny, ["0.b"])


def test_1_2_leaving_brown_rats_provokes_their_bite(tiny):
    """Brown bites summed vs defence 1: two browns (bite 1 each) → one wound."""
    put(tiny, "0.a", brown=2, white=3)
    s, ev = player.move(tiny, ["0.b"])
    assert s["ratcatcher"]["wounds"] == 3
    assert any(e["type"] == "bite" and e["kind"] == "common" for e in ev)


def test_1_2_leaving_white_rats_is_free(tiny):
    put(tiny, "0.a", white=5)
    s, _ = player.move(tiny, ["0.b"])
    assert s["ratcatcher"]["wounds"] == 4


def test_1_2_leaving_a_peculiar_rat_provokes_its_bite(tiny):
    tiny["peculiar"].append({"id": "two-tails", "zone": "0.a"})  # bite 3 > defence 1
    s, ev = player.move(tiny, ["0.b"])
    assert s["ratcatcher"]["wounds"] == 3


def test_entering_a_zone_picks_up_tokens(tiny):
    tiny["zones"]["0.b"]["found"].append("health")
    tiny["ratcatcher"]["abilities"]["smoke"]["tokens"] = 1
    tiny["zones"]["0.b"]["tokens"] += ["potion-green", "potion-blue"]  # lure is locked: blue stays
    s, _ = player.move(tiny, ["0.b"])
    assert s["ratcatcher"]["health_tokens"] == 1
    assert s["ratcatcher"]["abilities"]["smoke"]["tokens"] == 2
    assert s["zones"]["0.b"]["tokens"] == ["potion-blue"] and s["zones"]["0.b"]["found"] == []


def test_deploy_trap_rules(tiny):
    """Deploy a Trap: pays movement; current or adjacent zone; one per zone; limited count."""
    s, _ = player.deploy_trap(tiny, "cage", "0.b")
    assert s["traps"] == {"0.b": "cage"} and s["ratcatcher"]["movement"] == 2 and s["ratcatcher"]["traps"] == 1
    with pytest.raises(IllegalAction, match="already holds"):
        player.deploy_trap(s, "snare", "0.b")
    with pytest.raises(IllegalAction, match="adjacent"):
        player.deploy_trap(s, "snare", "0.c")
    s, _ = player.deploy_trap(s, "snare")
    with pytest.raises(IllegalAction, match="no trap tokens"):
        player.deploy_trap(dict(s, traps={}), "snare")
    with pytest.raises(IllegalAction, match="no such trap"):
        player.deploy_trap(tiny, "bear-trap")


def test_deploy_trap_needs_the_movement_cost(tiny):
    tiny["ratcatcher"]["movement"] = 1
    with pytest.raises(IllegalAction, match="costs 2 movement"):
        player.deploy_trap(tiny, "cage")


def test_1_3_attack_spends_chosen_dice_and_captures_to_the_tallyman(tiny):
    put(tiny, "0.a", brown=2, white=1)   # white has defence 1
    s, ev = player.attack(tiny, PhysicalDice([6, 4, 1]), count=3)
    rc = s["ratcatcher"]
    assert rc["attack_dice"] == 1
    assert s["tallyman"]["rats"] == {"brown": 1, "black": 0, "white": 1}
    assert s["zones"]["0.a"]["rats"]["brown"] == 1


def test_1_3_attack_limits(tiny):
    with pytest.raises(IllegalAction, match="no rat to attack"):
        player.attack(tiny, PhysicalDice([6]), 1)
    put(tiny, "0.a", brown=1)
    with pytest.raises(IllegalAction, match="only 4 attack dice"):
        player.attack(tiny, PhysicalDice([6] * 5), 5)


def test_captured_peculiar_rat_gives_its_card_not_a_tally(tiny):
    tiny["peculiar"].append({"id": "whisker-jack", "zone": "0.a"})  # defence 1
    s, _ = player.attack(tiny, PhysicalDice([4, 5]), 2)
    assert s["peculiar"] == [] and s["ratcatcher"]["rewards"] == ["whisker-jack"]
    assert sum(s["tallyman"]["rats"].values()) == 0
    s["ratcatcher"]["wounds"] = 2
    s, ev = player.trade(s, "whisker-jack")  # reward 1: heal 1
    assert s["ratcatcher"]["wounds"] == 3 and s["ratcatcher"]["rewards"] == []
    assert any(e["type"] == "choice" for e in ev)


def test_attack_on_the_nemesis_and_slaying_it(tiny):
    tiny["nemesis"].update(zone="0.a", spawned=True, wounds=2)
    s, ev = player.attack(tiny, PhysicalDice([4, 4, 6, 1]), 4)  # 2 hits − defence 1 + 1 mortal = 2
    assert s["nemesis"]["slain"] and s["nemesis"]["zone"] is None


def test_1_5_gather_needs_cheese_and_no_rats(tiny):
    s, _ = player.move(tiny, ["0.b", "0.c", "1.a", ])
    with pytest.raises(IllegalAction, match="no Magic Cheese"):
        player.gather(s)
    s, _ = player.move(s, ["1.b"])
    put(s, "1.b", white=1)
    with pytest.raises(IllegalAction, match="rats guard"):
        player.gather(s)
    s["zones"]["1.b"]["rats"]["white"] = 0
    s, ev = player.gather(s)
    assert s["ratcatcher"]["cheese"] == 1 and s["zones"]["1.b"]["cheese"] == 0
    assert s["ratcatcher"]["upgrades"]["attack-up"] == 1  # default: first open upgrade
    assert any(e["type"] == "choice" for e in ev)


def _at_cheese(state, n=1):
    state["ratcatcher"]["zone"] = "1.b"
    state["zones"]["1.b"]["cheese"] = n
    return state


def test_attribute_upgrade_unlocks_immediately_once(tiny):
    """Attribute Upgrades: when all slots of an upgrade are filled, +1 at once (1.5)."""
    s = _at_cheese(tiny, 3)
    s, _ = player.gather(s, "attack-up")
    s, ev = player.gather(s, "attack-up")
    rc = s["ratcatcher"]
    assert rc["stats"]["attack"] == 5 and rc["attack_dice"] == 5 and "attack-up" in rc["unlocked"]
    with pytest.raises(IllegalAction, match="not an open"):
        player.gather(s, "attack-up")


def test_health_upgrade_adds_a_wound_to_the_current_total(tiny):
    s = _at_cheese(tiny, 2)
    s["ratcatcher"]["wounds"] = 3
    s, _ = player.gather(s, "health-up")
    s, _ = player.gather(s, "health-up")
    assert s["ratcatcher"]["stats"]["wounds"] == 5 and s["ratcatcher"]["wounds"] == 4


def test_1_4_cheese_unlocks_an_ability_with_full_tokens(tiny):
    s = _at_cheese(tiny)
    s, _ = player.gather(s, "lure")
    assert s["ratcatcher"]["abilities"]["lure"] == {"unlocked": True, "max": 2, "tokens": 2}
    s, _ = player.use_ability(s, "lure")
    assert s["ratcatcher"]["movement"] == 6 and s["ratcatcher"]["abilities"]["lure"]["tokens"] == 1


def test_1_4_ability_needs_tokens_and_unlocking(tiny):
    with pytest.raises(IllegalAction, match="locked"):
        player.use_ability(tiny, "lure")
    tiny["ratcatcher"]["abilities"]["smoke"]["tokens"] = 0
    with pytest.raises(IllegalAction, match="no Smoke Bomb tokens"):
        player.use_ability(tiny, "smoke")


def test_1_6_tallyman_trade(tiny):
    tiny["tallyman"]["rats"] = {"brown": 2, "black": 0, "white": 1}
    tiny["ratcatcher"]["wounds"] = 1
    s, _ = player.trade(tiny, "1")  # 3 rats: heal 1
    assert s["ratcatcher"]["wounds"] == 2 and sum(s["tallyman"]["rats"].values()) == 0
    assert s["sack"]["brown"] == tiny["sack"]["brown"] + 2
    with pytest.raises(IllegalAction, match="needs 5"):
        player.trade(tiny, "2")


def test_heal_never_above_maximum(tiny):
    with pytest.raises(IllegalAction, match="no health token"):
        player.heal(tiny)
    tiny["ratcatcher"]["health_tokens"] = 1
    with pytest.raises(IllegalAction, match="maximum"):
        player.heal(tiny)
    tiny["ratcatcher"]["wounds"] = 3
    s, _ = player.heal(tiny)
    assert s["ratcatcher"]["wounds"] == 4 and s["ratcatcher"]["health_tokens"] == 0


def test_reward_tokens_over_capacity_return_to_the_reserve(tiny):
    tiny["ratcatcher"]["rewards"].append("whisker-jack")
    s, ev = player.trade(tiny, "whisker-jack", 2)  # +2 smoke while smoke is full (2/2)
    assert s["ratcatcher"]["abilities"]["smoke"]["tokens"] == 2
    assert any(e["type"] == "tokens-excess" for e in ev)


def test_explore_only_when_the_city_is_short_of_cheese(tiny):
    tiny["zones"]["1.b"]["cheese"] = 2
    with pytest.raises(IllegalAction, match="fewer than 2"):
        player.explore_now(tiny, PhysicalDice([]), [])
    tiny["zones"]["1.b"]["cheese"] = 1
    s, ev = player.explore_now(tiny, PhysicalDice([]), [])
    assert s["city"] == ["0", "1", "2"]  # no free connector on an active township
    assert any("no free connector" in e["text"] for e in ev)
    tiny["zones"]["1.b"]["cheese"] = 0
    tiny["zones"]["2.b"]["cheese"] = 1   # cheese makes #2 active; its connector e is free
    s, ev = player.explore_now(tiny, PhysicalDice([1]), [])
    # #00's indicator is 1: one card (#3), on the only free connector of an active card
    assert s["city"] == ["0", "1", "2", "3"] and ["2:e", "3:w"] in s["links"]
    assert s["zones"]["3.a"]["cheese"] == 1 and sum(s["zones"]["3.a"]["rats"].values()) == 1


def test_actions_refused_when_game_over_or_dead(tiny):
    tiny["ratcatcher"]["wounds"] = 0
    with pytest.raises(IllegalAction, match="0 wounds"):
        player.move(tiny, ["0.b"])
    tiny["outcome"] = {"result": "lost", "reason": "x"}
    with pytest.raises(IllegalAction, match="game is over"):
        player.move(tiny, ["0.b"])


def test_a_fatal_leaving_bite_stops_the_move(tiny):
    """1.2 + Wounds: at 0 wounds the Ratcatcher is dead; the rest of the path is not walked."""
    tiny["ratcatcher"]["wounds"] = 1
    put(tiny, "0.a", brown=2)
    s, ev = player.move(tiny, ["0.b", "0.c"])
    assert s["ratcatcher"]["wounds"] == 0 and s["ratcatcher"]["zone"] == "0.a"
    assert ev[-1]["type"] == "fallen"


def test_placed_ability_token_expires_at_clean_up(tiny):
    """1.4: a token placed on a township stays until the clean-up removes it (3.0)."""
    from claw.core.ratcatcher.rats import clean_up

    tiny["ratcatcher"]["board"]["abilities"].append(
        {"id": "decoy", "name": "Decoy", "colour": "red", "tokens": 1, "effect": {"place": True}})
    tiny["ratcatcher"]["abilities"]["decoy"] = {"unlocked": True, "max": 1, "tokens": 1}
    with pytest.raises(IllegalAction, match="current or an adjacent"):
        player.use_ability(tiny, "decoy", "1.b")
    s, ev = player.use_ability(tiny, "decoy", "0.b")
    assert s["placed"] == [{"ability": "decoy", "zone": "0.b"}]
    clean_up(s, Outcome())
    assert s["placed"] == []


def test_trap_upgrade_adds_dice_to_that_trap(tiny):
    s = _at_cheese(tiny, 2)
    s, _ = player.gather(s, "cage-up")
    s, _ = player.gather(s, "cage-up")
    cage = next(t for t in s["ratcatcher"]["board"]["traps"] if t["id"] == "cage")
    assert cage["attack"] == 4
    assert next(t for t in tiny["ratcatcher"]["board"]["traps"] if t["id"] == "cage")["attack"] == 3


def test_smoke_bomb_defence_lasts_until_recoup(tiny):
    put(tiny, "0.a", brown=2)   # bite 2 vs defence 1+1: no wound
    s, _ = player.use_ability(tiny, "smoke")
    s, _ = player.move(s, ["0.b"])
    assert s["ratcatcher"]["wounds"] == 4
    player.recoup(s, Outcome())
    assert s["ratcatcher"]["defence_bonus"] == 0


def test_accuracy_upgrade_never_needs_less_than_1(tiny):
    """*Attribute Upgrades*: an accuracy upgrade lowers the number a die needs; on a d6 it
    bottoms out at 1 (every die hits), so the state stays playable."""
    from claw.core.outcome import Outcome
    from claw.core.ratcatcher.statecheck import state_problems

    upgrade = {"id": "eagle-eye", "name": "Eagle eye", "cost": 1, "effect": {"accuracy": -5}}
    player.apply_upgrade(tiny, upgrade, Outcome())
    assert tiny["ratcatcher"]["stats"]["accuracy"] == 1 and not state_problems(tiny)


def test_1_3_an_early_explore_is_the_turns_explore_ruling_r23(tiny):
    """1.3 explores once, after the actions. `claw explore` takes that explore early (to
    choose connectors); it cannot be taken twice, and the end of the turn does not
    explore again even if the city is still short of cheese."""
    from claw.core.ratcatcher.turn import scenario_step

    tiny["zones"]["1.b"]["cheese"] = 0
    tiny["zones"]["2.b"]["cheese"] = 1
    s, _ = player.explore_now(tiny, PhysicalDice([1]), [])
    assert s["city"] == ["0", "1", "2", "3"]
    s["zones"]["3.a"]["cheese"] = 0          # still short of cheese
    with pytest.raises(IllegalAction, match="already taken"):
        player.explore_now(s, PhysicalDice([]), [])
    s2, ev = scenario_step(s, PhysicalDice([1] * 20))
    rats_turn = next(i for i, e in enumerate(ev) if e["type"] == "phase")
    assert [e["type"] for e in ev[:rats_turn]] == ["explore-done"]
    assert "explored_round" not in s2


def test_1_4_a_token_in_the_zone_is_taken_once_there_is_room(tiny):
    """1.4: "A Special token is picked up if your Ratcatcher is within the same zone and
    has room". A green potion left in the zone because smoke was full is taken as soon
    as a smoke token is spent."""
    tiny["zones"]["0.b"]["tokens"].append("potion-green")
    s, _ = player.move(tiny, ["0.b"])                        # smoke 2/2: no room, it stays
    assert s["zones"]["0.b"]["tokens"] == ["potion-green"]
    s, ev = player.use_ability(s, "smoke")
    assert s["ratcatcher"]["abilities"]["smoke"]["tokens"] == 2 and s["zones"]["0.b"]["tokens"] == []
    assert any(e["type"] == "pickup" for e in ev)


def test_1_6_a_heal_only_trade_at_full_wounds_is_refused_like_heal(tiny):
    """1.6 Tallyman and Character Board *Wounds* (never above the maximum), ruling R30:
    reward 1 (+1 heal) at full wounds gave nothing and cost 3 rats without a word; it is
    refused like `claw heal` at the maximum and the rats stay on the Tallyman."""
    tiny["tallyman"]["rats"] = {"brown": 2, "black": 0, "white": 1}
    assert tiny["ratcatcher"]["wounds"] == tiny["ratcatcher"]["stats"]["wounds"]
    with pytest.raises(IllegalAction, match=r"wounds already at the maximum \(4/4\).*would be wasted"):
        player.trade(tiny, "1")
    assert sum(tiny["tallyman"]["rats"].values()) == 3


def test_1_6_a_heal_that_only_partly_fits_is_taken_and_the_loss_said(tiny):
    """Ruling R30: a reward that heals more than the room left (or heals besides other
    gains) is taken; an event says how much of the heal is lost."""
    from claw.core.ratcatcher.rewards import apply_reward

    tiny["ratcatcher"]["wounds"] = 3
    out = Outcome(tiny, [])
    apply_reward(tiny, {"heal": 2}, out, "Tallyman")
    assert tiny["ratcatcher"]["wounds"] == 4
    assert [e for e in out.events if e["type"] == "heal-wasted"][0]["lost"] == 1
