"""Playing with the real box (issue 15) in Warriors: typed dice replay the seeded game;
Warriors draws nothing but dice, so --draw is refused saying so; a GM's ruling goes in
with `claw adjust`. Rulebook: "Hunting" (the checks), "Health"."""

from __future__ import annotations

from claw.cli.testing import run
from tests.table import adjust_round_trip, assert_adjust_refused, dice_values, last_entry, load, new, step

CAT = "warriors/bramble.yaml"


def test_typed_dice_equal_seeded(tmp_path):
    """A hunt rolled at the table and typed gives the seeded game's state."""
    seeded = new(tmp_path, CAT, "--seed", "2", name="a.json")
    typed = new(tmp_path, CAT, "--seed", "9", name="b.json")
    step(seeded, "hunt", "bramble", "mice")
    step(typed, "hunt", "bramble", "mice", "--dice", dice_values(last_entry(seeded)))
    assert load(typed)["state"] == load(seeded)["state"]


def test_draw_is_refused_saying_why(tmp_path):
    path = new(tmp_path, CAT, "--seed", "2")
    result = run(["hunt", "bramble", "mice", "--draw", "prey=vole", "-s", str(path)])
    assert result.code == 2 and "Warriors has no decks" in result.stderr


def test_adjust_logged_and_undone_byte_identically(tmp_path):
    path = new(tmp_path, CAT, "--seed", "2")
    entry = adjust_round_trip(path, "bramble", "hp=30", "GM: the fall hurt more")
    assert entry["correction"]["changes"] == [{"target": "bramble", "key": "hp", "old": 36, "new": 30}]
    adjust_round_trip(path, "game", "day=3")


def test_adjust_that_breaks_a_rule_is_refused(tmp_path):
    path = new(tmp_path, CAT, "--seed", "2")
    assert_adjust_refused(path, [("bramble", "hp=99", 4, "above hp_max 36"),
                                 ("bramble", "strength=99", 3, "maximum of 20"),
                                 ("bramble", "hp=lots", 2, "whole number")])
