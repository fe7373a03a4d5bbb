"""Issue 25 item 4 in Mice and Mystics: attack odds from the state (as msm and Warriors
give them) and every action die echoed with the face typed at the table."""

from __future__ import annotations

import json

from claw.cli.testing import run

from .conftest import EXAMPLE


def _game(tmp_path):
    path = tmp_path / "andon.json"
    assert run(["new", str(EXAMPLE), "--seed", "7", "-o", str(path), "-q"]).code == 0
    return path


def test_attack_odds_come_from_the_state_and_leave_it_alone(tmp_path):
    """Base-game attacks (docs/rules/mice.md, combat): the mouse rolls its battle dice
    against the minion's defence. With a state, `attack MOUSE MINION --odds` reads both
    from it (it used to answer "--odds for attacks works stateless") and gives what the
    stateless form gives for the same numbers; nothing is written."""
    path = _game(tmp_path)
    state = json.loads(path.read_text())["state"]
    collin = next(m for m in state["mice"] if m["id"] == "collin")
    before = path.read_bytes()
    res = run(["attack", "collin", "cave-centipede-1", "--odds", "--json", "-s", str(path), "-i"])
    assert res.code == 0, res.stderr
    got = json.loads(res.stdout)
    assert got["attack_dice"] == collin["battle"] and path.read_bytes() == before
    plain = run(["attack", "--game", "mice", "--attack-dice", str(got["attack_dice"]),
                 "--defence", str(got["defense_dice"]), "--odds", "--json"])
    assert json.loads(plain.stdout)["wounds"] == got["wounds"]
    # a minion attacking a mouse: the mouse's defence
    res = run(["attack", "cave-centipede-1", "nez", "--odds", "-s", str(path)])
    assert res.code == 0 and "against" in res.stdout and path.read_bytes() == before


def test_attack_odds_refuse_what_the_attack_refuses(tmp_path):
    """Scaring the Human Raiders: raiders are scared, not fought; the odds say so too."""
    path = _game(tmp_path)
    res = run(["attack", "collin", "nobody", "--odds", "-s", str(path)])
    assert res.code == 2 and "Traceback" not in res.stderr


def test_a_die_typed_by_its_position_is_echoed_with_that_position(tmp_path):
    """Transcription Notes (the action die, ruling 1): face position 6 prints the number 3
    and the cheese. `search collin --dice 6` used to say "rolls 3:cheese", a number the
    table never typed; the echo now names the face typed beside the number printed."""
    path = _game(tmp_path)
    res = run(["search", "collin", "--dice", "6", "-s", str(path), "-o", str(tmp_path / "next.json")])
    assert res.code == 0, res.stderr
    assert "rolls 3:cheese (face 6)" in res.stderr
    res = run(["roll", "2dA", "--dice", "6,cheese"])
    assert "[3:cheese (face 6), 3:cheese (face 6)] = 6" in res.stderr


# --- issue 23 item 7: what each mouse holds, one figure in full ------------------------

def test_show_id_gives_a_mouse_with_its_items_in_full(tmp_path):
    """Tunnel Entrance 1 (Special Search: the Toothpick goes to the mouse that finds it):
    `claw show collin` names the item, where it was found and what it does; nothing is
    written."""
    path = _game(tmp_path)
    found = tmp_path / "found.json"
    assert run(["search", "collin", "--dice", "6", "-s", str(path), "-o", str(found)]).code == 0
    before = found.read_bytes()
    res = run(["show", "collin", "-s", str(found)])
    assert res.code == 0, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "Collin (collin), Tunnel Entrance (flip)"
    assert lines[3].startswith("    Toothpick (found on the Tunnel Entrance): Sharp item")
    assert json.loads(run(["show", "collin", "--json", "-s", str(found)]).stdout)["holdings"][0]["item"] == "toothpick"
    assert "items: none" in run(["show", "nez", "-s", str(found)]).stdout
    assert found.read_bytes() == before


def test_show_id_gives_a_minion_and_refuses_an_unknown_id(tmp_path):
    path = _game(tmp_path)
    res = run(["show", "cave-centipede-1", "-s", str(path)])
    assert res.code == 0 and res.stdout.startswith("cave-centipede-1: cave-centipede in the Tunnel Entrance")
    assert "defence" in res.stdout
    assert run(["show", "colin", "-s", str(path)]).code == 2
