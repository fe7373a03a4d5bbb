"""Playing with the real box (issue 15) in Mice and Mystics: typed action dice replay the
seeded game; claw draws no cards here, so --draw is refused saying so; table corrections
with `claw adjust`. Rulebook: "Searching", the Ghost of Castle Andon chapter set-up."""

from __future__ import annotations

from claw.cli.testing import run
from tests.table import EXAMPLES, adjust_round_trip, assert_adjust_refused, dice_values, last_entry, load, new, step

GAME = "mice/ghost-of-castle-andon.yaml"


def test_typed_dice_equal_seeded(tmp_path):
    """A search rolled at the table and typed gives the seeded game's state."""
    seeded = new(tmp_path, GAME, "--seed", "2", name="a.json")
    typed = new(tmp_path, GAME, "--seed", "2", name="b.json")
    step(seeded, "search", "collin")
    step(typed, "search", "collin", "--dice", dice_values(last_entry(seeded)))
    assert load(typed)["state"] == load(seeded)["state"]
    assert last_entry(typed)["physical_dice"] is True


def test_draw_is_refused_saying_why(tmp_path):
    path = new(tmp_path, GAME, "--seed", "2")
    result = run(["search", "collin", "--draw", "search=cheese", "-s", str(path)])
    assert result.code == 2 and "draws no cards" in result.stderr
    result = run(["new", str(EXAMPLES / GAME), "--draw", "encounter=rats"])
    assert result.code == 2 and "draws no cards" in result.stderr


def test_adjust_logged_and_undone_byte_identically(tmp_path):
    path = new(tmp_path, GAME, "--seed", "2")
    entry = adjust_round_trip(path, "collin", "wounds=2", "the centipede bit twice")
    assert entry["correction"]["changes"][0] == {"target": "collin", "key": "wounds", "old": 0, "new": 2}
    adjust_round_trip(path, "game", "scare=3")
    adjust_round_trip(path, "cave-centipede-1", "wounds=1")


def test_adjust_that_breaks_a_rule_is_refused(tmp_path):
    path = new(tmp_path, GAME, "--seed", "2")
    assert_adjust_refused(path, [("collin", "room=none", 4, "needs a room"),
                                 ("collin", "room=attic", 3, "'attic' is not one of"),
                                 ("game", "scare=99", 4, "the scare track runs from 0 to 10")])
