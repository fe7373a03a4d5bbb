"""Issue 14 items 18–20: the action die from the chapter file and typed by face name,
--json naming faces, a failed `move-ghost --enter` kept in the log, and "an" before a
vowel in dice messages."""

from __future__ import annotations

import json

import pytest
from ruamel.yaml import YAML

from claw.cli.testing import run
from claw.core.errors import DiceError
from claw.core.mice.actiondie import face_names, parse_faces, roll
from claw.core.rng import PhysicalDice

from .conftest import EXAMPLE
from .test_cli import game, step

# a die that puts cheese on face position 1 (the packaged table has it on 6)
TABLE_DIE = {"source": "our table's die", "faces": [
    {"face": 1, "number": 3, "symbol": "cheese"}, {"face": 2, "number": 1, "symbol": "bow"},
    {"face": 3, "number": 2, "symbol": "sword+shield"}, {"face": 4, "number": 2, "symbol": "bow"},
    {"face": 5, "number": 3, "symbol": "sword+shield"}, {"face": 6, "number": 1, "symbol": "sword"}]}


def test_faces_typed_by_name(faces):
    """Transcription Notes: the starburst is the cheese symbol; a physical die may be
    typed by the symbol it shows when only one face shows it (`cheese`, `sword`), or by
    NUMBER:SYMBOL for a shared symbol (`1:bow`, `2:sword+shield`); positions still work."""
    names = face_names(faces)
    assert "bow" not in names and "sword+shield" not in names          # on two faces each
    rolled = roll(PhysicalDice(["cheese", "sword", "1:bow", "2:sword+shield", 6]), faces, 5)
    assert [f.label() for f in rolled] == ["3:cheese", "1:sword", "1:bow", "2:sword+shield", "3:cheese"]
    with pytest.raises(DiceError, match="cannot be typed as 'bow'"):
        roll(PhysicalDice(["bow"]), faces, 1)


def test_a_word_for_a_die_without_names_is_a_dice_error():
    with pytest.raises(DiceError, match="a d6 cannot be typed as 'cheese'; it takes a number"):
        PhysicalDice(["cheese"]).draw(1, 6, "d6")


def test_cli_dice_by_symbol_and_json_faces():
    """`--dice cheese,sword` at the table; --json names the faces rolled."""
    r = run(["scary-noises", "--game", "mice", "--mice", "2", "--distance", "0", "--dice", "cheese,sword", "--json"])
    assert r.code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["faces"] == ["3:cheese", "1:sword"] and data["cheese"] == 1 and data["scared"]
    r = run(["roll", "d6", "--dice", "cheese"])
    assert r.code == 2 and "Traceback" not in r.stderr


def test_json_with_a_state_names_the_faces_rolled(tmp_path):
    """Transcription Notes (the cheese symbol) and issue 14 item 18: a rule that rolls
    action dice on a state answers --json with the faces rolled by name, as the stateless
    forms do; before, --json with a state printed nothing."""
    r = run(["new", str(EXAMPLE), "--seed", "1"])
    s, _ = step(r.stdout, "place", "filch", "tunnel-entrance", "--spot", "water")
    path = tmp_path / "andon.json"
    path.write_text(s)
    r = run(["search", "filch", "--dice", "cheese", "--json", "-s", str(path), "-o", str(tmp_path / "next.json")])
    assert r.code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["faces"] == ["3:cheese"] and data["rolled"] == [3] and data["found"] is True
    assert [e["type"] for e in data["events"]] == ["search"]
    r = run(["search", "filch", "--dice", "cheese", "--json", "-s", str(path)])   # the state would share stdout
    assert r.code == 2 and "--json" in r.stderr


def test_chapter_file_supplies_the_action_die(tmp_path):
    """The chapter does not print the die: a chapter file's `action_die` replaces claw's
    packaged guess, and a face position then means that die's face."""
    doc = YAML(typ="safe").load(EXAMPLE.read_text())
    doc["action_die"] = TABLE_DIE
    path = tmp_path / "chapter.yaml"
    path.write_text(json.dumps(doc))
    r = run(["new", str(path), "--seed", "1"])
    assert r.code == 0, r.stderr
    assert r.state["state"]["action_die"]["faces"][0]["symbol"] == "cheese"
    s = r.stdout
    s, _ = step(s, "place", "filch", "tunnel-entrance", "--spot", "water")
    s, res = step(s, "search", "filch", "--dice", "1")                 # position 1 is this die's cheese
    assert "fishhook" in json.dumps(game(s)["stash"]).lower() or "Fishhook" in res.stderr
    assert parse_faces(TABLE_DIE)[0].label() == "3:cheese"


def test_validate_refuses_a_die_with_a_face_twice(tmp_path):
    doc = YAML(typ="safe").load(EXAMPLE.read_text())
    die = json.loads(json.dumps(TABLE_DIE))
    die["faces"][5]["face"] = 1
    doc["action_die"] = die
    path = tmp_path / "chapter.yaml"
    path.write_text(json.dumps(doc))
    r = run(["validate", str(path)])
    assert r.code == 3 and "positions 1..6" in (r.stdout + r.stderr)


def test_failed_enter_roll_is_logged_not_refused(fresh, tiles, F):
    """Kitchen 5, Move the Ghost: the mop mice roll; with no die matching, the ghost
    cannot move and so does not enter — but the roll stands and is in the log."""
    from claw.cli.store.statefile import dump_state, new_envelope
    from claw.core.mice import kitchen

    from .helpers import scare_burly, to_chamber, to_kitchen_scared

    st = scare_burly(to_chamber(fresh, tiles, F.cheese), tiles, F.cheese)
    st = kitchen.build_ghost(to_kitchen_scared(st, tiles, F.cheese), tiles).state
    env = new_envelope("mice", 1)
    env["state"] = st
    one = F.numbered(1)
    s, r = step(dump_state(env), "move-ghost", "filch", "3", "--dice", ",".join([str(one)] * 4),
                "--enter", "dining-hall")
    out = json.loads(s)
    assert out["state"]["ghost"]["room"] == st["ghost"]["room"]
    assert len(out["log"][-1]["dice"]) == 4 and "does not enter" in r.stderr


def test_dice_messages_use_an_before_a_vowel():
    """'an action die', not 'a action die'."""
    r = run(["fling-cheese", "--game", "mice", "--dice", "9"])
    assert r.code == 2 and "for an fling" not in r.stderr
    with pytest.raises(DiceError, match="for an action die"):
        PhysicalDice([9]).draw(1, 6, "action die")
    with pytest.raises(DiceError, match="not enough dice: an initiative d12"):
        PhysicalDice([]).draw(1, 12, "initiative d12")


def test_roll_action_dice_typed_by_name():
    """`claw roll 2dA` takes the same face names as the mice commands."""
    r = run(["roll", "2dA", "--dice", "cheese,1:bow", "--json"])
    assert r.code == 0, r.stderr
    assert [d["symbol"] for d in json.loads(r.stdout)["dice"]] == ["cheese", "bow"]
