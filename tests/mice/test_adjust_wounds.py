"""Issue 15 item 3 in Mice and Mystics: a correction must pass the game's state check. A
mouse whose wounds reach its life is captured (Combat: a mouse with as many wounds as its
life is captured), so a free mouse with that many wounds is refused; it was accepted."""

from claw.cli.testing import run
from tests.table import adjust_round_trip, new


def _chapter(tmp_path):
    return new(tmp_path, "mice/ghost-of-castle-andon.yaml", "--seed", "7")


def test_wounds_up_to_life_on_a_free_mouse_are_refused(tmp_path):
    path = _chapter(tmp_path)
    before = path.read_bytes()
    res = run(["adjust", "tilda", "wounds=5", "--reason", "r", "-s", str(path), "-i"])
    assert res.code == 4 and "tilda" in res.stderr and "captured" in res.stderr, res.stderr
    assert path.read_bytes() == before


def test_wounds_below_life_or_on_a_captured_mouse_are_accepted(tmp_path):
    path = _chapter(tmp_path)
    adjust_round_trip(path, "tilda", "wounds=4")
    res = run(["adjust", "tilda", "captured=yes", "room=none", "spot=none", "wounds=5", "--reason", "r",
               "-s", str(path), "-i"])
    assert res.code == 0, res.stderr
