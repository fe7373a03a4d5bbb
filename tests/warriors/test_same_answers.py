"""Issue 25 item 4 in Warriors: a fight that ends itself once one side is out, a
knocked-out animal shown as out, and a hunt's catch kept as fresh-kill that `eat` uses."""

from __future__ import annotations

import json

from claw.cli.testing import run
from claw.core.warriors.fight import settle

from .conftest import PARTY

# Emberpaw's Swat 6+5+6 against the fox's Jump 2+1+2, then a critical damage check 6+6+6
# and a d4 of 4: 7 HP a blow.
BLOW = "6,5,6,2,1,2,6,6,6,4"


def _party(tmp_path):
    path = tmp_path / "party.json"
    assert run(["new", *PARTY, "--seed", "7", "-o", str(path), "-q"]).code == 0
    return path, {"CLAW_STATE": str(path)}


def _fox_fight(env):
    assert run(["animal", "fox", "--strength", "6", "--spirit", "4", "--intelligence", "2", "--hp", "8"],
               env=env).code == 0
    assert run(["fight", "emberpaw", "fox", "--dice", "6,1"], env=env).code == 0


def test_the_fight_ends_itself_when_one_side_is_knocked_out(tmp_path):
    """Fighting ("If the cats still want to continue fighting, start a new Round") and
    Knocked Out ("cannot do anything at all"), ruling 56: with the fox knocked out no one
    is left to fight Emberpaw, so the fight ends; it used to go on to "round 5"."""
    path, env = _party(tmp_path)
    _fox_fight(env)
    assert run(["attack", "emberpaw", "fox", "--dice", BLOW], env=env).code == 0
    assert run(["fight", "--next"], env=env).code == 0
    res = run(["attack", "emberpaw", "fox", "--dice", BLOW], env=env)
    assert res.code == 0, res.stderr
    assert "Fox is knocked out" in res.stderr
    assert "the fight ends in round 2: Fox out of it, Emberpaw still standing" in res.stderr
    assert "round 3" not in res.stderr
    assert json.loads(path.read_text())["state"]["fight"] is None
    assert run(["fight", "--next"], env=env).code == 4


def test_a_knocked_out_animal_is_shown_as_out(tmp_path):
    """Knocked Out: `claw show` names the fox as out of the fight on one line, not as
    "HP -6/8" with its scores."""
    path, env = _party(tmp_path)
    _fox_fight(env)
    run(["attack", "emberpaw", "fox", "--dice", BLOW], env=env)
    run(["fight", "--next"], env=env)
    run(["attack", "emberpaw", "fox", "--dice", BLOW], env=env)
    shown = run(["show"], env=env).stdout
    assert "Fox (fox) wild animal: knocked out, out of the fight" in shown
    assert "HP -6/8" not in shown


def test_a_fight_goes_on_while_each_side_has_a_cat_standing():
    """Ruling 56: two players' cats against the GM's rogue; one cat out is not the end."""
    cats = {"a": {"name": "A", "status": "knocked-out"}, "b": {"name": "B", "status": "ok"},
            "r": {"name": "R", "status": "ok", "npc": True}}
    state = {"cats": cats, "fight": {"round": 1, "order": ["a", "b", "r"]}}
    assert settle(state) == [] and state["fight"] is not None
    cats["r"]["status"] = "knocked-out"
    assert settle(state)[0]["standing"] == ["b"] and state["fight"] is None


def test_sparring_among_the_players_cats_ends_with_one_standing():
    """Ruling 56: a fight among cats of one side (a friendly contest) ends when one is left."""
    cats = {"a": {"name": "A", "status": "ok"}, "b": {"name": "B", "status": "ok"},
            "c": {"name": "C", "status": "knocked-out"}}
    state = {"cats": cats, "fight": {"round": 3, "order": ["a", "b", "c"]}}
    assert settle(state) == []
    cats["b"]["status"] = "dead"
    assert settle(state)[0]["out"] == ["b", "c"]


def test_a_catch_goes_on_the_fresh_kill_pile_and_eat_uses_it(tmp_path):
    """Hunting and the Ration Table, ruling 57: the vole Emberpaw catches is kept as
    fresh-kill (before, it was recorded nowhere); `claw eat` feeds a cat from the pile
    (the catch's hours, no sickness roll) instead of always rolling crowfood."""
    path, env = _party(tmp_path)
    res = run(["hunt", "emberpaw", "vole", "--knack", "stalk", "--points", "grab=1", "--weight", "plump",
               "--dice", "5,5,5,3,3,3,4,4,4,2,3,4"], env=env)
    assert res.code == 0 and "the vole goes on the fresh-kill pile (1 piece(s))" in res.stderr
    assert json.loads(path.read_text())["state"]["fresh_kill"] == [
        {"prey": "vole", "weight": "plump", "day": 0, "hunter": "emberpaw"}]
    assert "Fresh-kill: vole (plump, day 0, emberpaw)" in run(["show"], env=env).stdout
    res = run(["eat", "reedwhisker"], env=env)
    assert res.code == 0 and "fed 48 hours" in res.stderr and "d100" not in res.stderr
    assert json.loads(path.read_text())["state"]["fresh_kill"] == []


def test_eating_with_an_empty_pile_is_refused_and_crowfood_is_asked_for(tmp_path):
    """A Note on Crowfood: crowfood is eaten on purpose (`--crowfood`, the d100 roll); an
    empty pile is refused (exit 4) and the state is left as it was."""
    path, env = _party(tmp_path)
    before = path.read_bytes()
    res = run(["eat", "reedwhisker"], env=env)
    assert res.code == 4 and "fresh-kill pile is empty" in res.stderr and path.read_bytes() == before
    res = run(["eat", "reedwhisker", "--crowfood", "--dice", "3,0"], env=env)
    assert res.code == 0 and "crowfood: d100 30" in res.stderr


def test_a_piece_gone_stale_is_eaten_as_crowfood(tmp_path):
    """Ruling 57: `eat CAT --crowfood --prey PREY` takes that piece off the pile and rolls."""
    path, env = _party(tmp_path)
    run(["hunt", "emberpaw", "vole", "--dice", "6,6,5,6,6,5,6,6,5,6,6,5"], env=env)
    res = run(["eat", "reedwhisker", "--crowfood", "--prey", "vole", "--dice", "9,9"], env=env)
    assert res.code == 0 and "gone stale" in res.stderr and "stays well" in res.stderr
    assert json.loads(path.read_text())["state"]["fresh_kill"] == []


# --- issue 23 item 7: what each cat holds, and one cat in full -------------------------

def test_show_lists_the_herbs_each_cat_keeps(tmp_path):
    """Knacks, Herb Lore (a third pick doubles how long its keeper's herbs stay good):
    `claw show` says under each cat the portions it keeps, and the party's stock."""
    path, env = _party(tmp_path)
    assert run(["gather", "reedwhisker", "catmint", "--count", "2"], env=env).code == 0
    shown = run(["show"], env=env).stdout.splitlines()
    at = next(i for i, line in enumerate(shown) if line.startswith("Reedwhisker"))
    block = shown[at:next(i for i in range(at + 1, len(shown)) if not shown[i].startswith("  "))]
    assert "  herbs kept: Catmint x2 (fresh, good through day 6)" in block
    assert not any("herbs kept" in line for line in shown if line.startswith("Emberpaw"))


def test_show_id_gives_one_cat_in_full(tmp_path):
    """`claw show CAT`: rank, pools, skills, knacks, ailments, herbs kept and its catch."""
    path, env = _party(tmp_path)
    run(["hunt", "emberpaw", "vole", "--dice", "6,6,5,6,6,5,6,6,5,6,6,5"], env=env)
    before = path.read_bytes()
    res = run(["show", "emberpaw"], env=env)
    assert res.code == 0, res.stderr
    assert res.stdout.splitlines()[:2] == ["Emberpaw (emberpaw) ThunderClan, 12 moons", "  Apprentice"]
    assert "  herbs kept: none" in res.stdout and "  its catch on the fresh-kill pile: vole (average, day 0)" \
        in res.stdout
    assert "Reedwhisker" not in res.stdout and path.read_bytes() == before
    assert json.loads(run(["show", "emberpaw", "--json"], env=env).stdout)["id"] == "emberpaw"
    assert run(["show", "emberpa"], env=env).code == 2
