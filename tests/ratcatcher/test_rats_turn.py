"""The rats' turn (2.1–2.6), recovery, clean-up, and win/loss, on the tiny line city:
0.a(start) – 0.b – 0.c(nest) ⇄ 1.a – 1.b(cheese) ⇄ 2.a – 2.b."""

from __future__ import annotations

import copy

from claw.core.outcome import Outcome
from claw.core.ratcatcher import rats as R
from claw.core.ratcatcher.sack import place_rats, recover_rats
from claw.core.ratcatcher.setup import new_game
from claw.core.ratcatcher.turn import outcome, scenario_step, spawn_only
from claw.core.rng import PhysicalDice, SeededDice
from tests.ratcatcher.conftest import put

BROWN, BLACK, WHITE = 1, 25, 64  # sack draw values when the sack is full (24/12/28)


def rats_at(state, zone):
    return {c: n for c, n in state["zones"][zone]["rats"].items() if n}


# ---- 2.1 movement ------------------------------------------------------------------------

def test_2_1_brown_rats_go_for_the_ratcatcher(tiny):
    put(tiny, "0.c", brown=2)
    R.move_rats(tiny, PhysicalDice([]), Outcome())
    assert rats_at(tiny, "0.b") == {"brown": 2}


def test_2_1_black_and_white_rats_go_for_the_nearest_cheese(tiny):
    put(tiny, "0.c", black=1, white=2)
    R.move_rats(tiny, PhysicalDice([]), Outcome())
    assert rats_at(tiny, "1.a") == {"black": 1, "white": 2}


def test_2_1_black_and_white_rats_on_cheese_stay(tiny):
    put(tiny, "1.b", white=2, brown=1)
    R.move_rats(tiny, PhysicalDice([]), Outcome())
    assert rats_at(tiny, "1.b") == {"white": 2} and rats_at(tiny, "1.a") == {"brown": 1}


def test_2_1_common_rats_move_one_zone_by_default_ruling_r1(tiny):
    put(tiny, "1.b", brown=1)
    R.move_rats(tiny, PhysicalDice([]), Outcome())
    assert rats_at(tiny, "1.a") == {"brown": 1}
    tiny["options"]["rat_speed"] = 3
    R.move_rats(tiny, PhysicalDice([]), Outcome())
    assert rats_at(tiny, "0.a") == {"brown": 1}


def test_2_only_rats_on_active_townships_move(tiny):
    """#2 is joined to #1 only and holds no cheese: inactive while the Ratcatcher is on #00."""
    put(tiny, "2.b", brown=1)
    R.move_rats(tiny, PhysicalDice([]), Outcome())
    assert rats_at(tiny, "2.b") == {"brown": 1}


def test_tie_break_destination_closest_to_the_ratcatcher(tiny):
    """Two cheeses 2 zones from the rat: it heads for the one nearer the Ratcatcher."""
    tiny["zones"]["0.a"]["cheese"] = 1
    put(tiny, "0.c", white=1)
    a = copy.deepcopy(tiny)
    R.move_rats(a, PhysicalDice([]), Outcome())
    assert rats_at(a, "0.b") == {"white": 1}
    b = copy.deepcopy(tiny)
    b["ratcatcher"]["zone"] = "1.a"
    R.move_rats(b, PhysicalDice([]), Outcome())
    assert rats_at(b, "1.a") == {"white": 1}


def test_tie_break_toward_the_highest_numbered_township(tiny):
    """Cheeses at 0.a and 0.c, rat and Ratcatcher at 0.b: 0.c lies nearer #2."""
    tiny["zones"]["0.a"]["cheese"] = 1
    tiny["zones"]["0.c"]["cheese"] = 1
    tiny["zones"]["1.b"]["cheese"] = 0
    tiny["ratcatcher"]["zone"] = "0.b"
    put(tiny, "0.b", white=1)
    ev = Outcome()
    R.move_rats(tiny, PhysicalDice([]), ev)
    assert rats_at(tiny, "0.c") == {"white": 1}


def test_equal_paths_player_chooses_default_reported_and_prefer(content, rules):
    """Equal Distance: the player chooses the path; default reported with alternatives."""
    state, _ = new_game(content["scenario"], content["character"], content["nemesis"], content["townships"],
                        content["peculiar"], rules, SeededDice(7))
    assert state["city"] == ["0", "11", "12"]
    for z in state["zones"].values():
        z["rats"] = {"brown": 0, "black": 0, "white": 0}
    state["ratcatcher"]["zone"] = "11.c"
    state["zones"]["0.c"]["rats"]["white"] = 1
    ev = Outcome()
    a = copy.deepcopy(state)
    R.move_rats(a, PhysicalDice([]), ev)
    assert rats_at(a, "0.a") == {"white": 1}
    choice = [e for e in ev.events if e["type"] == "choice"]
    assert choice and choice[0]["alternatives"] == ["0.d"]
    R.move_rats(state, PhysicalDice([]), Outcome(), prefer=["0.d"])
    assert rats_at(state, "0.d") == {"white": 1}


def test_nemesis_rolls_a_d6_for_zones(tiny):
    tiny["nemesis"].update(zone="2.b", spawned=True)
    R.move_rats(tiny, PhysicalDice([3]), Outcome())
    assert tiny["nemesis"]["zone"] == "1.a"


def test_nemesis_stops_at_its_target(tiny):
    tiny["nemesis"].update(zone="0.c", spawned=True)
    R.move_rats(tiny, PhysicalDice([6]), Outcome())
    assert tiny["nemesis"]["zone"] == "0.a"


def test_peculiar_rats_move_as_their_card_says(tiny):
    tiny["peculiar"] += [{"id": "two-tails", "zone": "0.c"}, {"id": "whisker-jack", "zone": "0.b"}]
    R.move_rats(tiny, PhysicalDice([]), Outcome())
    # two-tails: 1 zone toward the Ratcatcher; whisker-jack: 2 zones toward cheese
    assert [p["zone"] for p in tiny["peculiar"]] == ["0.b", "1.a"]


# ---- 2.2 traps --------------------------------------------------------------------------

def test_2_2_trap_triggers_after_movement_then_returns(tiny):
    tiny["traps"] = {"0.b": "cage", "1.a": "snare"}
    put(tiny, "0.c", brown=1)
    ev = Outcome()
    R.move_rats(tiny, PhysicalDice([]), ev)
    R.trigger_traps(tiny, PhysicalDice([4, 1, 1]), ev)
    assert tiny["traps"] == {} and tiny["tallyman"]["rats"]["brown"] == 1
    assert any(e["type"] == "trap-idle" for e in ev.events)


# ---- 2.3 bites ---------------------------------------------------------------------------

def test_2_3_three_bite_attacks_at_most(tiny):
    """Common (summed, one wound), Peculiar (one wound), Nemesis (per hit beyond defence)."""
    put(tiny, "0.a", brown=1, white=1)
    tiny["peculiar"].append({"id": "two-tails", "zone": "0.a"})
    tiny["nemesis"].update(zone="0.a", spawned=True)
    tiny["ratcatcher"]["wounds"] = 4
    ev = Outcome()
    R.bites(tiny, PhysicalDice([4, 5, 1]), ev)  # Rat King 3 dice at 4+: 2 hits − defence 1 = 1
    kinds = [e["kind"] for e in ev.events if e["type"] == "bite"]
    assert kinds == ["nemesis", "peculiar", "common"]
    assert tiny["ratcatcher"]["wounds"] == 1


def test_2_3_common_bite_at_defence_does_nothing(tiny):
    put(tiny, "0.a", white=1)
    R.bites(tiny, PhysicalDice([]), Outcome())
    assert tiny["ratcatcher"]["wounds"] == 4


# ---- 2.4 consume -----------------------------------------------------------------------------

def test_2_4_five_rats_consume_and_black_white_go_home(tiny):
    put(tiny, "1.b", black=2, white=3, brown=4)
    ev = Outcome()
    R.consume(tiny, PhysicalDice([]), ev)
    assert tiny["zones"]["1.b"]["cheese"] == 0 and tiny["tracker"] == 1
    assert rats_at(tiny, "1.b") == {"brown": 4}  # browns never consume and stay


def test_2_4_four_rats_and_browns_do_not_consume(tiny):
    put(tiny, "1.b", white=4, brown=10)
    R.consume(tiny, PhysicalDice([]), Outcome())
    assert tiny["zones"]["1.b"]["cheese"] == 1 and tiny["tracker"] == 0


def test_2_4_browns_count_toward_five_as_an_option_ruling_r22(tiny):
    """R22's other reading: 4 whites + 1 brown are "5 or more rats"; the cheese is eaten,
    the whites go back to the sack, the brown (which never consumes) stays."""
    tiny["options"]["browns_count_to_consume"] = True
    put(tiny, "1.b", white=4, brown=1)
    R.consume(tiny, PhysicalDice([]), Outcome())
    assert tiny["zones"]["1.b"]["cheese"] == 0 and tiny["tracker"] == 1
    assert rats_at(tiny, "1.b") == {"brown": 1}


def test_2_4_peculiar_counts_3_and_nemesis_5(tiny):
    t = copy.deepcopy(tiny)
    put(t, "1.b", white=2)
    t["peculiar"].append({"id": "two-tails", "zone": "1.b"})
    R.consume(t, PhysicalDice([]), Outcome())
    assert t["tracker"] == 1 and t["peculiar"]  # the Peculiar Rat stays
    t = copy.deepcopy(tiny)
    put(t, "1.b", white=1)
    t["peculiar"].append({"id": "two-tails", "zone": "1.b"})
    R.consume(t, PhysicalDice([]), Outcome())
    assert t["tracker"] == 0
    t = copy.deepcopy(tiny)
    t["nemesis"].update(zone="1.b", spawned=True)
    R.consume(t, PhysicalDice([]), Outcome())
    assert t["tracker"] == 1 and t["nemesis"]["zone"] == "1.b"


def test_2_4_consume_even_with_the_ratcatcher_there(tiny):
    tiny["ratcatcher"]["zone"] = "1.b"
    put(tiny, "1.b", white=5)
    R.consume(tiny, PhysicalDice([]), Outcome())
    assert tiny["tracker"] == 1


def test_2_4_each_cheese_one_at_a_time_with_tracker_effects(tiny):
    """Two cheeses in one zone: the tracker moves twice; space 2 mutates bite +1."""
    tiny["zones"]["1.b"]["cheese"] = 2
    put(tiny, "1.b", white=5)
    ev = Outcome()
    R.consume(tiny, PhysicalDice([]), ev)
    assert tiny["tracker"] == 2 and tiny["nemesis"]["stats"]["bite"] == 4
    assert [e["tracker"] for e in ev.events if e["type"] == "consume"] == [1, 2]


def test_tracker_spawns_a_peculiar_rat_at_the_cheese(tiny):
    tiny["tracker"] = 2
    put(tiny, "1.b", white=5)
    R.consume(tiny, PhysicalDice([]), Outcome())
    assert tiny["tracker"] == 3 and tiny["peculiar"] == [{"id": tiny["peculiar"][0]["id"], "zone": "1.b"}]


# ---- 2.5 Nemesis spawn ---------------------------------------------------------------------------

def test_2_5_nemesis_spawns_on_a_nest_of_the_ratcatchers_township(tiny):
    tiny["tracker"] = 3
    put(tiny, "1.b", white=5)
    ev = Outcome()
    R.consume(tiny, PhysicalDice([]), ev)
    R.spawn_nemesis(tiny, ev)
    assert tiny["nemesis"]["zone"] == "0.c" and tiny["nemesis"]["spawned"]


# ---- 2.6 spawn --------------------------------------------------------------------------------

def test_2_6_one_rat_per_nest_on_active_townships(tiny):
    R.spawn_phase(tiny, PhysicalDice([WHITE]), Outcome())
    assert rats_at(tiny, "0.c") == {"white": 1}


def test_2_6_black_rats_spawn_and_placed_blacks_bring_one_more(tiny):
    """Each black rat on an active township spawns one; a black placed spawns another."""
    put(tiny, "1.a", black=1)
    # nest 0.c draws black (→ one more: white); the black in 1.a draws brown
    R.spawn_phase(tiny, PhysicalDice([BLACK, 62, 1]), Outcome())
    assert rats_at(tiny, "0.c") == {"black": 1, "white": 1}
    assert rats_at(tiny, "1.a") == {"black": 1, "brown": 1}


def test_setup_black_rat_chain_has_no_limit(tiny):
    """Setup 5: a black rat placed spawns another, repeatedly."""
    ev = Outcome()
    tiny["sack"] = {"brown": 1, "black": 3, "white": 0}
    placed = place_rats(tiny, "0.b", PhysicalDice([2, 2, 2, 1]), ev, "test")
    assert placed == ["black", "black", "black", "brown"]


def test_nemesis_spawn_value_acts_as_a_nest(tiny):
    tiny["nemesis"].update(zone="1.a", spawned=True)
    R.spawn_phase(tiny, PhysicalDice([WHITE, 1]), Outcome())
    assert rats_at(tiny, "1.a") == {"brown": 1}


# ---- recovery ------------------------------------------------------------------------------------

def test_recovery_step_1_inactive_townships(tiny):
    tiny["sack"] = {"brown": 0, "black": 0, "white": 0}
    tiny["zones"]["2.b"]["rats"]["white"] = 2  # #2 is inactive
    ev = Outcome()
    R.spawn_phase(tiny, PhysicalDice([1]), ev)
    assert rats_at(tiny, "0.c") == {"white": 1} and tiny["sack"]["white"] == 1
    assert [e["step"] for e in ev.events if e["type"] == "recovery"] == [1]


def test_recovery_step_2_force_tally_claims_one_reward(tiny):
    tiny["sack"] = {"brown": 0, "black": 0, "white": 0}
    tiny["tallyman"]["rats"] = {"brown": 3, "black": 0, "white": 0}
    tiny["ratcatcher"]["wounds"] = 2
    ev = Outcome()
    assert recover_rats(tiny, ev)
    assert tiny["sack"]["brown"] == 3 and tiny["ratcatcher"]["wounds"] == 3  # reward 1: heal
    assert [e["step"] for e in ev.events if e["type"] == "recovery"] == [1, 2]


def test_recovery_step_3_least_populated_township_without_the_ratcatcher(tiny):
    tiny["sack"] = {"brown": 0, "black": 0, "white": 0}
    tiny["zones"]["0.b"]["rats"]["white"] = 1      # the Ratcatcher's township: never emptied
    tiny["zones"]["1.a"]["rats"]["brown"] = 2
    tiny["zones"]["3.a"] = None                     # not in the city
    del tiny["zones"]["3.a"]
    ev = Outcome()
    assert recover_rats(tiny, ev)
    assert tiny["sack"]["brown"] == 2 and rats_at(tiny, "0.b") == {"white": 1}
    assert [e["step"] for e in ev.events if e["type"] == "recovery"] == [1, 2, 3]


def test_recovery_fails_cleanly_when_nothing_can_return(tiny):
    tiny["sack"] = {"brown": 0, "black": 0, "white": 0}
    ev = Outcome()
    R.spawn_phase(tiny, PhysicalDice([]), ev)
    assert any(e["type"] == "spawn-stop" for e in ev.events)


# ---- clean-up, whole steps, win/loss -------------------------------------------------------------

def test_clean_up_inactive_rats_and_special_tokens_but_not_question_tokens(tiny):
    put(tiny, "2.b", white=2)
    tiny["zones"]["2.a"]["tokens"].append("potion-green")
    tiny["zones"]["2.a"]["found"].append("health")
    tiny["placed"].append({"ability": "smoke", "zone": "0.a"})
    tiny["traps"] = {"0.b": "cage"}
    R.clean_up(tiny, Outcome())
    assert rats_at(tiny, "2.b") == {} and tiny["zones"]["2.a"]["tokens"] == []
    assert tiny["zones"]["2.a"]["found"] == ["health"] and tiny["placed"] == [] and tiny["traps"] == {}


def test_scenario_step_runs_a_whole_round_and_recoups(tiny):
    put(tiny, "0.c", brown=1)
    tiny["ratcatcher"].update(attack_dice=0, movement=0)
    s, ev = scenario_step(tiny, PhysicalDice([63]))  # 63 tokens left: the last is white
    assert s["round"] == 2 and s["phase"] == "ratcatcher"
    assert s["ratcatcher"]["attack_dice"] == 4 and s["ratcatcher"]["movement"] == 4
    assert rats_at(s, "0.b") == {"brown": 1} and rats_at(s, "0.c") == {"white": 1}


def test_objective_win_by_ten_cheese(tiny):
    tiny["ratcatcher"]["cheese"] = 10
    s, ev = scenario_step(tiny, PhysicalDice([]))
    assert s["outcome"]["result"] == "won" and s["phase"] == "over"


def test_objective_win_by_slaying_the_nemesis(tiny):
    tiny["nemesis"]["slain"] = True
    assert outcome(tiny)["result"] == "won"


def test_objective_loss_by_ten_consumed(tiny):
    tiny["tracker"] = 9
    put(tiny, "1.b", white=5)
    s, ev = scenario_step(tiny, PhysicalDice([1]))
    assert s["outcome"] == {"result": "lost", "reason": "the rats consumed 10 Magic Cheese"}


def test_objective_loss_by_zero_wounds_checked_first(tiny):
    tiny["ratcatcher"]["wounds"] = 0
    tiny["nemesis"]["slain"] = True
    assert outcome(tiny)["result"] == "lost"


def test_spawn_only(tiny):
    tiny["phase"] = "rats"          # the rats' turn stands at 2.5 (scenario-step --until spawn)
    s, ev = spawn_only(tiny, PhysicalDice([WHITE]))
    assert rats_at(s, "0.c") == {"white": 1} and rats_at(tiny, "0.c") == {}


def test_1_3_explore_at_end_of_ratcatcher_turn_when_short_of_cheese(tiny):
    tiny["zones"]["1.b"]["cheese"] = 0
    tiny["zones"]["2.b"]["cheese"] = 1
    s, ev = scenario_step(tiny, PhysicalDice([1] * 10))
    assert "3" in s["city"]


def test_recovery_step_3_option_lowest_number_ruling_r11(tiny):
    """R11 option: 'lowest populated township' read as the lowest-numbered one with rats."""
    tiny["sack"] = {"brown": 0, "black": 0, "white": 0}
    tiny["zones"]["1.a"]["rats"]["brown"] = 3   # #1: more rats, lower number
    tiny["zones"]["1.b"]["cheese"] = 0
    tiny["zones"]["2.b"]["cheese"] = 1          # keep #2 active so step 1 returns nothing
    tiny["zones"]["2.b"]["rats"]["white"] = 1
    a, b = copy.deepcopy(tiny), copy.deepcopy(tiny)
    recover_rats(a, Outcome())
    assert a["sack"] == {"brown": 0, "black": 0, "white": 1}   # fewest rats: #2
    b["options"]["recovery_lowest"] = "lowest-number"
    recover_rats(b, Outcome())
    assert b["sack"] == {"brown": 3, "black": 0, "white": 0}   # lowest number: #1


def test_player_choices_nemesis_nest_and_force_tally_reward(tiny):
    """'Any Rat's Nest' and 'a single reward (chosen by the player)': defaults and options."""
    tiny["cards"]["0"]["zones"][0]["slots"].append("nest")  # 0.a becomes a nest too
    tiny["zones"]["0.a"]["nest"] = True
    tiny["nemesis"]["pending"] = True
    a = copy.deepcopy(tiny)
    ev = Outcome()
    R.spawn_nemesis(a, ev)
    assert a["nemesis"]["zone"] == "0.a" and ev.events[-1]["alternatives"] == ["0.c"]
    R.spawn_nemesis(tiny, Outcome(), prefer=["0.c"])
    assert tiny["nemesis"]["zone"] == "0.c"
    t = copy.deepcopy(tiny)
    t["sack"] = {"brown": 0, "black": 0, "white": 0}
    t["tallyman"]["rats"] = {"brown": 5, "black": 0, "white": 0}
    t["ratcatcher"]["wounds"] = 2
    b = copy.deepcopy(t)
    recover_rats(t, Outcome())            # default: the costliest affordable (5 rats: tokens)
    assert t["ratcatcher"]["wounds"] == 2
    recover_rats(b, Outcome(), choice=1)  # the player takes the heal
    assert b["ratcatcher"]["wounds"] == 3


def test_prefer_breaks_true_destination_ties_only(tiny):
    """Cheeses at 0.a and 0.c, rat and Ratcatcher at 0.b: the highest-numbered-township
    rule decides (0.c), whatever --prefer says; a true tie is left to the player."""
    from claw.core.ratcatcher.townships import add_card

    tiny["zones"]["0.a"]["cheese"] = 1
    tiny["zones"]["0.c"]["cheese"] = 1
    tiny["zones"]["1.b"]["cheese"] = 0
    tiny["ratcatcher"]["zone"] = "0.b"
    put(tiny, "0.b", white=1)
    a = copy.deepcopy(tiny)
    R.move_rats(a, PhysicalDice([]), Outcome(), prefer=["0.a"])
    assert rats_at(a, "0.c") == {"white": 1}
    # card #3 placed but not joined: no zone is nearer the highest-numbered township,
    # so the two cheeses tie and the player's preference decides
    add_card(tiny, "3")
    tiny["zones"]["3.a"]["cheese"] = 0
    b = copy.deepcopy(tiny)
    ev = Outcome()
    R.move_rats(b, PhysicalDice([]), ev)
    assert rats_at(b, "0.a") == {"white": 1}
    assert any(e["type"] == "choice" and e["alternatives"] == ["0.c"] for e in ev.events)
    R.move_rats(tiny, PhysicalDice([]), Outcome(), prefer=["0.c"])
    assert rats_at(tiny, "0.c") == {"white": 1}


# A diamond on #00 (a–b, a–c, b–d, c–d) with #1 joined at b and #2 joined at c:
# a rat at 0.a going for the Ratcatcher at 0.d has two equal paths, via 0.b or 0.c.
DIAMOND = {
    "game": "ratcatcher", "kind": "townships",
    "cards": [
        {"number": 0, "name": "Start", "expansion": 1,
         "zones": [{"id": "a", "adjacent": ["b", "c"]}, {"id": "b", "adjacent": ["d"]},
                   {"id": "c", "adjacent": ["d"]}, {"id": "d", "slots": ["start"]}],
         "connectors": [{"id": "b", "zone": "b"}, {"id": "c", "zone": "c"}]},
        {"number": 1, "name": "One", "expansion": 3,
         "zones": [{"id": "a"}], "connectors": [{"id": "w", "zone": "a"}]},
        {"number": 2, "name": "Two", "expansion": 1,
         "zones": [{"id": "a"}], "connectors": [{"id": "w", "zone": "a"}]},
    ],
}


def _diamond(content, rules, **options):
    from tests.ratcatcher.conftest import FixedOrder

    scenario = dict(content["scenario"], options=dict(content["scenario"]["options"], **options))
    state, _ = new_game(scenario, content["character"], content["nemesis"], copy.deepcopy(DIAMOND),
                        content["peculiar"], rules, FixedOrder())
    assert sorted(map(sorted, state["links"])) == [["0:b", "1:w"], ["0:c", "2:w"]]
    put(state, "0.a", brown=1)
    return state


def test_2_1_equal_paths_default_leads_toward_the_highest_numbered_township(content, rules):
    """2.1 Tie Breakers: of two equal paths the default is the one whose next zone is
    nearest the township with the highest number (#2, joined at 0.c), not the first in
    zone order (0.b); the other path is reported for the player."""
    state = _diamond(content, rules)
    ev = Outcome()
    R.move_rats(state, PhysicalDice([]), ev)
    assert rats_at(state, "0.c") == {"brown": 1}
    assert any(e["type"] == "choice" and e["alternatives"] == ["0.b"] for e in ev.events)


def test_2_1_highest_indicated_number_as_expansion_indicator_option_ruling_r2(content, rules):
    """Ruling R2 option: read "highest indicated number" as the expansion indicator:
    #1 (indicator 3, joined at 0.b) now draws the rat that way."""
    state = _diamond(content, rules, tie_township="indicator")
    R.move_rats(state, PhysicalDice([]), Outcome())
    assert rats_at(state, "0.b") == {"brown": 1}


def test_recovery_runs_before_the_draws_when_the_sack_cannot_fulfil_the_spawn(tiny):
    """*Run Out of Rats?*: "not enough Rat Tokens … to fulfill the current Spawning" →
    the recovery steps run until all of it can be fulfilled, before drawing. Nests on
    1.a and 2.a need 2 rats, the sack holds 1: step 3 empties #1 (1 rat; #2 holds 2)
    before any draw, so both draws land and #2 keeps its rats. (Drawing first would put
    a rat on #1, tie it with #2 and send the new rat straight back.)"""
    tiny["zones"]["0.c"]["nest"] = False
    tiny["zones"]["1.a"]["nest"] = tiny["zones"]["2.a"]["nest"] = True
    tiny["zones"]["2.b"]["cheese"] = 1             # #2 active: recovery step 1 finds nothing
    tiny["sack"] = {"brown": 0, "black": 0, "white": 1}
    tiny["zones"]["1.b"]["rats"]["brown"] = 1
    tiny["zones"]["2.b"]["rats"]["white"] = 2
    ev = Outcome()
    R.spawn_phase(tiny, PhysicalDice([1, 1]), ev)
    assert [e["step"] for e in ev.events if e["type"] == "recovery"] == [1, 2, 3]
    assert sum(rats_at(tiny, "1.a").values()) == 1 and sum(rats_at(tiny, "1.b").values()) == 0
    assert sum(rats_at(tiny, "2.a").values()) == 1 and rats_at(tiny, "2.b") == {"white": 2}
    assert [e["step"] for e in ev.events if e["type"] == "recovery"].index(3) == 2
    assert [e["type"] for e in ev.events].index("recovery") < [e["type"] for e in ev.events].index("spawn")


def test_recovery_returning_a_black_rat_cancels_its_spawn(tiny):
    """A black rat sent back to the sack by recovery no longer counts as a nest (2.6)."""
    tiny["zones"]["0.c"]["nest"] = False
    tiny["sack"] = {"brown": 0, "black": 0, "white": 1}
    tiny["zones"]["1.a"]["rats"]["black"] = 2     # 2 draws needed; #1 goes back in step 3
    ev = Outcome()
    R.spawn_phase(tiny, PhysicalDice([]), ev)
    assert tiny["sack"] == {"brown": 0, "black": 2, "white": 1}
    assert not any(e["type"] == "spawn" for e in ev.events)


# ---- the Nemesis's special ability (Nemesis Rats, *Special Ability*; ruling R17) ----------

def test_nemesis_special_regenerates_at_the_start_of_the_rats_turn(tiny):
    """*Special Ability*: "all such rules are on the Nemesis Rat Board" — a board whose
    ability is data (``effect.regenerate``) has it applied, never above the maximum."""
    from claw.core.ratcatcher.turn import rats_turn

    nem = tiny["nemesis"]
    nem.update(zone="2.b", spawned=True, wounds=2, effect={"regenerate": 1})
    ev = Outcome()
    rats_turn(tiny, PhysicalDice([1] * 20), ev)
    assert nem["wounds"] == 3 and any(e["type"] == "nemesis-heal" for e in ev.events)
    nem["wounds"] = nem["stats"]["wounds"]
    ev = Outcome()
    rats_turn(tiny, PhysicalDice([1] * 20), ev)
    assert nem["wounds"] == nem["stats"]["wounds"] and not any(e["type"] == "nemesis-heal" for e in ev.events)


def test_nemesis_special_does_nothing_before_it_spawns(tiny):
    from claw.core.ratcatcher.turn import rats_turn

    tiny["nemesis"].update(wounds=2, effect={"regenerate": 1})
    rats_turn(tiny, PhysicalDice([1] * 20), Outcome())
    assert tiny["nemesis"]["wounds"] == 2


def test_nemesis_special_movement_adds_to_the_roll(tiny):
    tiny["nemesis"].update(zone="2.b", spawned=True, effect={"movement": 2})
    R.move_rats(tiny, PhysicalDice([1]), Outcome())
    assert tiny["nemesis"]["zone"] == "1.a"   # 1 rolled + 2 zones: 2.b → 2.a → 1.b → 1.a


def test_nemesis_special_summons_rats_into_its_zone_after_the_rats_move(tiny):
    tiny["nemesis"].update(zone="2.b", spawned=True, effect={"summon": 1})
    ev = Outcome()
    R.move_rats(tiny, PhysicalDice([1, BROWN]), ev)
    assert tiny["nemesis"]["zone"] == "2.a" and rats_at(tiny, "2.a") == {"brown": 1}
    assert [e for e in ev.events if e["type"] == "spawn"][0]["zone"] == "2.a"


def test_explore_player_connectors_are_spent_once_across_two_explores(tiny):
    """*Place New Locations* can happen twice in a round (1.3 and 2.6): the player's
    connectors are taken in order across both, so the second explore uses the next one
    rather than the spent one (which would be refused as no longer free)."""
    from claw.core.ratcatcher.townships import explore

    tiny["cards"] = dict(tiny["cards"], **{"4": {
        "number": 4, "name": "Four", "expansion": 1, "zones": [{"id": "a", "slots": ["cheese"]}],
        "connectors": [{"id": "w", "zone": "a"}, {"id": "e", "zone": "a"}]}})
    tiny["deck"] = ["4", "3"]
    tiny["ratcatcher"]["zone"] = "1.a"
    choices = ["2:e", "4:e"]
    explore(tiny, PhysicalDice([]), Outcome(), choices, count=1)
    explore(tiny, PhysicalDice([BROWN]), Outcome(), choices, count=1)
    assert choices == [] and ["2:e", "4:w"] in tiny["links"] and ["4:e", "3:w"] in tiny["links"]
