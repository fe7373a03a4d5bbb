"""Loot Cards and Loot Deck (search, event cards such as Ambush), Picking Up and
Trading Stuff, weapon and armour slots, Remove Stun Marker; victory and defeat goals."""

import pytest

from claw.core.errors import IllegalAction
from claw.core.msm import loot, victory
from claw.core.rng import PhysicalDice, SeededDice

from .play_helpers import CARDS, DECK, cat, rat, state

ROWS = ["........", "...L....", "........", "........", "........", "........", "........", "......O."]


def with_deck(*ids, **kw):
    st, board = state(ROWS, kw.pop("figures"), objective_markers=["G8"], **kw)
    st["loot"] = {"markers": {"D2": 2}, "searched": {}, "deck": [dict(CARDS[i]) for i in ids],
                  "discard": [], "table": {}}
    return st, board


def test_search_on_or_next_to_l_costs_1_ap_and_draws():
    """Search: 1 AP while adjacent to or on an L square; draw a card, remove a marker."""
    st, board = with_deck("rapier", "staff", figures={"nera": cat("D3", ap=2)})
    new, events = loot.search(st, board, "nera", SeededDice(1))
    assert new["figures"]["nera"]["ap"] == 1 and new["loot"]["markers"]["D2"] == 1
    assert [c["id"] for c in new["figures"]["nera"]["loot"]] == ["rapier"]


def test_each_cat_searches_each_square_once():
    st, board = with_deck("rapier", "staff", figures={"nera": cat("D3", ap=2), "leon": cat("D1", ap=2)})
    st, _ = loot.search(st, board, "nera", SeededDice(1))
    with pytest.raises(IllegalAction, match="already searched"):
        loot.search(st, board, "nera", SeededDice(1))
    st, _ = loot.search(st, board, "leon", SeededDice(1))
    assert st["loot"]["markers"]["D2"] == 0


def test_search_far_from_l_is_refused():
    st, board = with_deck("rapier", figures={"nera": cat("A8", ap=2)})
    with pytest.raises(IllegalAction, match="not on or next to"):
        loot.search(st, board, "nera", SeededDice(1))


def test_search_far_from_loot_names_the_board_s_own_symbol_and_the_squares():
    """Search (issue 25 item 5): the board draws a loot square as $, so the refusal says
    "$ on the board" and lists the loot squares left, not the map file's letter L."""
    from claw.cli.games.msm.render import cell_chars, render_board

    st, board = with_deck("rapier", figures={"nera": cat("A8", ap=2)})
    with pytest.raises(IllegalAction) as refused:
        loot.search(st, board, "nera", SeededDice(1))
    assert "a loot square ($ on the board: D2)" in str(refused.value) and "(L)" not in str(refused.value)
    drawn = cell_chars([str(x) for x in render_board(board, loot={"D2": 2}, colour=False)], 8, 8)
    assert drawn[1][3] == "$"


def test_ambush_event_puts_a_pool_marker_on_the_objective_square():
    """Event card Ambush: draw a marker from the rat pool onto the objective square."""
    st, board = with_deck("ambush", figures={"nera": cat("D3", ap=2)}, pool=["detestable"])
    new, events = loot.search(st, board, "nera", SeededDice(1))
    placed = [f for f in new["figures"].values() if f["side"] == "rat" and f["square"] == "G8"]
    assert placed and placed[0]["type"] == "detestable" and new["loot"]["discard"][0]["id"] == "ambush"


def test_build_deck_uses_the_listed_levels_only():
    deck = loot.build_deck([DECK], [2], SeededDice(1))
    assert deck == []
    full = loot.build_deck([DECK], [1], SeededDice(1))
    assert len(full) == sum(c.get("count", 1) for c in DECK["cards"])


def test_equip_two_weapons_one_armour():
    """Character sheet: up to 2 weapons, 1 armour."""
    st, board = state(ROWS, {"nera": cat("A1", "shuriken", "tanto",
                                        loot=[dict(CARDS["rapier"]), dict(CARDS["leather-jerkin"])])})
    with pytest.raises(IllegalAction, match="weapon slots are full"):
        loot.equip(st, "nera", "rapier")
    st, _ = loot.equip(st, "nera", "leather-jerkin")
    assert st["figures"]["nera"]["armour"]["id"] == "leather-jerkin"
    st, _ = loot.equip(st, "nera", "tanto", unequip=True)
    st, _ = loot.equip(st, "nera", "rapier")
    assert [w["id"] for w in st["figures"]["nera"]["weapons"]] == ["shuriken", "rapier"]


def test_an_item_card_stays_in_the_loot_slot_and_says_so_grammatically():
    """Character sheet: weapon and armour slots; any other card stays in the loot slot.
    The refusal reads "an item card" (issue 14, item 20: "a" before a vowel)."""
    salve = {"id": "salve", "name": "Healing Salve", "type": "item", "level": 1}
    st, board = state(ROWS, {"nera": cat("A1", loot=[salve])})
    with pytest.raises(IllegalAction, match="Healing Salve is an item card: it can only go in the loot slot"):
        loot.equip(st, "nera", "salve")


def test_trade_only_in_the_same_big_square():
    """Trading Stuff: between cats in the same big square, free."""
    st, board = state(ROWS, {"nera": cat("A1", "tanto", ap=2), "leon": cat("B2", ap=2), "guy": cat("E5")})
    new, _ = loot.trade(st, board, "nera", "tanto", "leon", equip_it=True)
    assert new["figures"]["leon"]["weapons"][0]["id"] == "tanto" and new["figures"]["nera"]["ap"] == 2
    with pytest.raises(IllegalAction, match="same big square"):
        loot.trade(st, board, "nera", "tanto", "guy")


def test_pickup_from_the_big_square_and_downed_cat_drops_cards():
    st, board = state(ROWS, {"nera": cat("A1", "tanto", health=1), "leon": cat("B2", ap=2),
                             "rat-1": rat("detestable", "A2")}, phase="rats")
    from claw.core.msm.attack import attack

    from .play_helpers import BESTIARY

    st = attack(st, board, BESTIARY, "rat-1", "nera", PhysicalDice([12])).state
    assert st["loot"]["table"]["A1"][0]["id"] == "tanto"
    st["phase"] = "cats"
    st, _ = loot.pickup(st, board, "leon", "tanto")
    assert st["figures"]["leon"]["loot"][0]["id"] == "tanto" and not st["loot"]["table"]


def test_remove_stun_costs_1_ap():
    """Cat Actions: Remove Stun Marker, 1 AP."""
    st, board = state(ROWS, {"nera": cat("A1", ap=2, stunned=True)})
    new, _ = loot.remove_stun(st, board, "nera")
    assert not new["figures"]["nera"]["stunned"] and new["figures"]["nera"]["ap"] == 1
    with pytest.raises(IllegalAction, match="not stunned"):
        loot.remove_stun(new, board, "nera")


@pytest.mark.parametrize("goal,setup,met", [
    ({"id": "g", "type": "reach", "marker": "O"}, {"nera": "G8"}, True),
    ({"id": "g", "type": "reach", "marker": "O", "cats": "all"}, {"nera": "G8"}, False),
    ({"id": "g", "type": "reach", "squares": ["A1"]}, {"nera": "A1"}, True),
    ({"id": "g", "type": "eliminate", "all_on_map": True}, {"nera": "A1"}, True),
    ({"id": "g", "type": "rounds", "rounds": 3}, {"nera": "A1"}, False),
])
def test_goals_as_data(goal, setup, met):
    """F. Objectives: goals the tool checks (see docs/rules/msm.md, Play)."""
    figs = {"nera": cat(setup["nera"]), "leon": cat("B1")}
    st, board = state(ROWS, figs, goals={"victory": [goal]})
    victory.check(st)
    assert (st.get("outcome", {}) or {}).get("result") == ("victory" if met else None)


def test_defeat_goal_and_manual_marking():
    st, board = state(ROWS, {"nera": cat("A1")}, round={"space": 0, "number": 6, "track": [[]]},
                      goals={"victory": [{"id": "talk", "type": "manual"}],
                             "defeat": [{"id": "late", "type": "rounds", "rounds": 5}]})
    victory.check(st)
    assert st["outcome"]["result"] == "defeat" and st["phase"] == "over"
    st2, _ = state(ROWS, {"nera": cat("A1")}, goals={"victory": [{"id": "talk", "type": "manual"}]})
    victory.mark_done(st2, "talk")
    assert st2["outcome"]["result"] == "victory"
    with pytest.raises(IllegalAction):
        victory.mark_done(st2, "nope")


def test_ambush_with_several_objective_squares_takes_a_chosen_one():
    """Event cards, "Ambush": "place it on the objective square". With several objective
    squares the first is the default and reported as a tie; ``ambush=`` picks another."""
    st, board = with_deck("ambush", figures={"nera": cat("D3", ap=2)}, pool=["detestable"])
    st["objective_markers"] = ["G8", "A8"]
    new, events = loot.search(st, board, "nera", SeededDice(1))
    tie = [e for e in events if e["type"] == "tie"]
    assert tie and tie[0]["chosen"] == "G8" and tie[0]["alternatives"] == ["A8"]
    assert "--choose ambush=SQUARE" in tie[0]["text"]
    new, events = loot.search(st, board, "nera", SeededDice(1), ambush="a8")
    placed = [f for f in new["figures"].values() if f["side"] == "rat"]
    assert [f["square"] for f in placed] == ["A8"]
    tie = [e for e in events if e["type"] == "tie"]
    assert tie[0]["chosen"] == "A8" and tie[0]["alternatives"] == ["G8"]
    with pytest.raises(IllegalAction, match="objective square .*: C5"):
        loot.search(st, board, "nera", SeededDice(1), ambush="C5")
