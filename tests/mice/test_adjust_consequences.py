"""Issue 21 item 5 in Mice and Mystics: a correction applies what its value does in play,
and a value play never reaches is refused naming its limit. Rulebook (the Ghost of Castle
Andon): *Scaring the Human Raiders* (at 10 scare points the chapter end marker moves one
page and every raider left is removed), *Chapter Objective* (the hourglass reaching the
chapter end marker first is a defeat), Dining Hall 3 (no raider left: the ghost comes off)."""

from __future__ import annotations

import json

import pytest

from claw.cli.testing import run
from claw.core.mice import ghost, kitchen
from claw.core.mice.scare import add_points
from claw.core.mice.track import advance_hourglass
from claw.core.outcome import begin
from tests.table import adjust_round_trip, assert_adjust_refused, load, new, ok

from .helpers import d, scare_burly, to_chamber, to_kitchen_scared

GAME = "mice/ghost-of-castle-andon.yaml"
PLAYED = ("raiders", "chapter_end", "objectives", "ghost", "mice", "minions", "wheel", "outcome", "hourglass")


def _file(tmp_path, state: dict):
    """A state file holding ``state`` (the chapter's own envelope from `claw new`)."""
    path = new(tmp_path, GAME, "--seed", "2")
    envelope = load(path)
    envelope["state"] = state
    path.write_text(json.dumps(envelope), encoding="utf-8")
    return path


@pytest.fixture
def chamber(fresh, tiles, F):
    """The King's Chamber explored: a raider on the board."""
    return to_chamber(fresh, tiles, F.cheese)


@pytest.fixture
def hall(fresh, tiles, faces, F):
    """The ghost in the Dining Hall with its three raiders (Dining Hall 1)."""
    s = scare_burly(to_chamber(fresh, tiles, F.cheese), tiles, F.cheese)
    s = kitchen.build_ghost(to_kitchen_scared(s, tiles, F.cheese), tiles).state
    n = F.numbered
    return ghost.move_ghost(s, "filch", 2, d(n(2), n(1), n(1), n(1)), faces, tiles, enter="dining-hall").state


def _scare_10_by_play(state: dict, tiles) -> dict:
    res = begin({**state, "scare": 9})
    add_points(res, 1, "a scare", tiles)
    return res.state


@pytest.mark.parametrize("where", ["chamber", "hall"])
def test_scare_10_makes_the_raiders_leave_as_play_does(request, tmp_path, tiles, where):
    """Scaring the Human Raiders: scare=10 removes every raider and moves the chapter end
    marker one page, as the scare point that reaches 10 does in play; in the Dining Hall
    the ghost then comes off (Dining Hall 3)."""
    state = request.getfixturevalue(where)
    assert state["raiders"] and not state["objectives"]["raiders_scared"]
    played = _scare_10_by_play(state, tiles)
    path = _file(tmp_path, {**state, "scare": 9})
    res = ok(["adjust", "game", "scare=10", "--reason", "we forgot a scare", "-s", str(path), "-i"])
    assert "the raiders leave the castle" in res.stderr
    after = load(path)["state"]
    assert after["raiders"] == [] and after["chapter_end"] == state["chapter_end"] + 1
    assert {k: after[k] for k in PLAYED} == {k: played[k] for k in PLAYED}
    if where == "hall":
        assert after["ghost"] is None and "ghost-removed" in [e["type"] for e in load(path)["log"][-1]["events"]]


def test_hourglass_on_the_chapter_end_is_the_defeat(tmp_path, chamber, tiles):
    """Chapter Objective: the hourglass reaching the chapter end marker (page 7) before both
    objectives is a defeat, at once, as when a surge moves it there; play then stops."""
    res = begin({**chamber, "hourglass": 6})
    advance_hourglass(res, 1, "surge")
    path = _file(tmp_path, chamber)
    out = ok(["adjust", "game", "hourglass=7", "--reason", "r", "-s", str(path), "-i"])
    assert "Defeat: the hourglass reached the chapter end marker (page 7)" in out.stderr
    after = load(path)["state"]
    assert (after["outcome"], after["outcome_reason"]) == (res.state["outcome"], res.state["outcome_reason"])
    r = run(["scenario-step", "-s", str(path)])
    assert r.code == 4 and "the chapter is over" in r.stderr


def test_a_minion_wounded_to_its_life_is_defeated_as_in_combat(tmp_path, fresh, tiles):
    """Ruling 16 (base-game combat): a minion is defeated when its wounds reach its life;
    a correction to that many wounds takes it off the board as the wound in combat does."""
    from claw.core.mice import outcomes as O
    from claw.core.mice.combat import _wound_minion, stats

    state = O.explore(fresh, "kings-tunnels", tiles).state
    fid = "cave-centipede-1"
    f = next(m for m in state["minions"] if m["id"] == fid)
    life = stats(state, f, tiles["special_figures"])["life"]
    res = begin(state)
    _wound_minion(res, next(m for m in res.state["minions"] if m["id"] == fid), life, life, tiles)
    path = _file(tmp_path, state)
    entry = adjust_round_trip(path, fid, f"wounds={life - 1}")
    assert [e["type"] for e in entry["events"]] == ["correction"]
    out = ok(["adjust", fid, f"wounds={life}", "--reason", "r", "-s", str(path), "-i"])
    assert f"{fid} (cave-centipede) is defeated" in out.stderr
    after = load(path)["state"]
    assert after["minions"] == res.state["minions"] and after["rooms"] == res.state["rooms"]


def test_the_last_mouse_captured_by_hand_is_the_defeat(tmp_path):
    """Chapter Objective: every mouse captured at the same time is a defeat. The capture's
    hourglass page (base game) is the capture's, played by `claw capture`, not the value's:
    a correction of ``captured`` moves no page."""
    path = new(tmp_path, GAME, "--seed", "2")
    mice = [m["id"] for m in load(path)["state"]["mice"]]
    for mid in mice:
        out = ok(["adjust", mid, "captured=yes", "room=none", "spot=none", "--reason", "r", "-s", str(path), "-i"])
    assert "Defeat: all mice are captured at the same time" in out.stderr
    after = load(path)["state"]
    assert after["outcome"] == "defeat" and after["hourglass"] == 1


def test_the_consequences_are_one_entry_and_one_undo(tmp_path, chamber):
    path = _file(tmp_path, chamber)
    entry = adjust_round_trip(path, "game", "scare=10")
    kinds = [(e["type"], e.get("consequence", False)) for e in entry["events"]]
    assert kinds[0] == ("correction", False) and ("raiders-flee", True) in kinds
    assert ("raider-removed", True) in kinds
    assert load(path)["state"]["raiders"] == chamber["raiders"]
    entry = adjust_round_trip(path, "game", "hourglass=7")
    assert [e["type"] for e in entry["events"]] == ["correction", "defeat"]


def test_values_play_never_reaches_are_refused_naming_the_limit(tmp_path):
    """The scare track ends at 10, the chapter track runs from page 1 to 99, and a full
    minion wheel (6) empties in a surge at once."""
    path = new(tmp_path, GAME, "--seed", "2")
    assert_adjust_refused(path, [
        ("game", "scare=11", 4, "the scare track runs from 0 to 10"),
        ("game", "scare=1000000000000000000000000000000", 4, "the scare track runs from 0 to 10"),
        ("game", "hourglass=100", 4, "the chapter track runs from page 1 to 99"),
        ("game", "hourglass=0", 4, "the chapter track runs from page 1 to 99"),
        ("game", "wheel=6", 4, "holds 0 to 5 cheese"),
    ])


def test_a_correction_short_of_the_triggers_changes_nothing_else(tmp_path):
    path = new(tmp_path, GAME, "--seed", "2")
    entry = adjust_round_trip(path, "game", "scare=9")
    assert [e["type"] for e in entry["events"]] == ["correction"]
