"""Issue 12 item 6: every table a rulebook prints is readable without a game state."""

import json

import pytest

from claw.cli.commands.lookup import tables
from claw.cli.testing import run


def test_tavern_event_without_a_state():
    """Mont Saint-Michel, Taverne du Pélican de Mer, A. Gossip and Rumour: a 7 is Supply and
    Demand (prices halved)."""
    res = run(["tavern", "event", "--game", "msm", "--dice", "7"])
    assert res.code == 0, res.stderr
    assert "roll 7: Supply and Demand" in res.stdout and "×1/2" in res.stdout
    data = json.loads(run(["tavern", "event", "--game", "msm", "--dice", "11", "--json"]).stdout)
    assert data["roll"] == 11 and data["event"]["id"] == "almost-heaven"


def test_other_tavern_actions_still_need_a_state():
    res = run(["tavern", "shop", "--game", "msm"])
    assert res.code == 2 and "needs a state" in res.stderr


def test_entry_without_a_state():
    """Mont Saint-Michel, Entries: entry 4 is Madame Antoinette's surrender."""
    res = run(["entry", "4", "--game", "msm"])
    assert res.code == 0, res.stderr
    assert res.stdout.startswith("entry 4: Madame Antoinette surrenders")
    assert "spawns-off" in res.stdout
    res = run(["entry", "99", "--game", "msm"])
    assert res.code == 2 and res.stderr.startswith("claw: no entries row '99'")


def test_lookup_lists_the_tables_and_each_one_reads():
    listing = run(["lookup"])
    assert listing.code == 0
    for table, (game, _, _, _) in tables().items():
        assert table in listing.stdout
        res = run(["lookup", table, "--json"])
        assert res.code == 0, (table, res.stderr)
        body = json.loads(res.stdout)
        assert body["game"] == game and body["rows"], table
        assert run(["lookup", table]).stdout.strip(), table


@pytest.mark.parametrize("args,expected", [
    (["lookup", "prey", "vole"], ["Vole", "locate: 16", "approach: 10", "grab: 10", "kill: 9"]),
    (["lookup", "prey", "mouse"], ["Mice", "locate: 17"]),  # by alias
    (["lookup", "herbs", "catmint"], ["Catmint", "treats: whitecough, greencough"]),
    (["lookup", "diseases", "greencough"], ["deadline: days 14, becomes blackcough", "catmint + tansy"]),
    (["lookup", "bestiary", "norwegian-brown"], ["Spiked Mace — range 0, stun 7, wound 9"]),
    (["lookup", "age-table", "13"], ["moon 13", "knack"]),
    (["lookup", "knacks", "Leap"], ["Leap (leap)", "uses per check: 4"]),
    (["lookup", "tavern-events", "7"], ["7-8: Supply and Demand"]),
    (["lookup", "rules", "--game", "ratcatcher"], ["sack_size: 64", "win_cheese: 10"]),
    (["lookup", "skills", "--game", "msm"], ["level 3 — skills 3, 2, 1"]),
])
def test_lookup_rows_by_id_name_alias_number_or_roll(args, expected):
    """Warriors: Prey difficulty table, Medicine, Diseases; msm: the bestiary, the events
    chart, Cat Level and Skills; Ratcatcher: Setup and Objective numbers."""
    res = run(args)
    assert res.code == 0, res.stderr
    for text in expected:
        assert text in res.stdout, (text, res.stdout)


def test_lookup_searches_by_part_of_a_name_then_anywhere_in_a_row():
    coughs = run(["lookup", "diseases", "cough"]).stdout
    assert "Whitecough" in coughs and "Greencough" in coughs and "Sprain" not in coughs
    remedies = run(["lookup", "herbs", "greencough", "--json"])
    names = {row["id"] for row in json.loads(remedies.stdout)["rows"]}
    assert {"catmint", "tansy", "chickweed", "borage"} <= names


@pytest.mark.parametrize("args,message", [
    (["lookup", "herbs", "catmnt"], "did you mean catmint?"),
    (["lookup", "herb", "zzzz"], "no herbs row 'zzzz'"),
    (["lookup", "bestary"], "did you mean bestiary?"),
    (["lookup", "skills", "--game", "ratcatcher"], "skills is a table of warriors, not ratcatcher"),
    (["lookup", "prey", "--game", "chess"], "unknown game"),
])
def test_lookup_misses_are_usage_errors_with_a_hint(args, message):
    res = run(args)
    assert res.code == 2 and res.stderr.startswith("claw: ") and message in res.stderr, res.stderr
