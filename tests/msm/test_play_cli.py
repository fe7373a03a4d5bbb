"""The msm play commands through the CLI: stateless attack and odds, a scripted
pipeline of scenario-step/attack/spawn/search, exit codes, the Taverne and campaign."""

import json

import pytest

from claw.cli.testing import run
from tests.paths import ROOT

S1 = str(ROOT / "examples/msm/scenario-1.yaml")
S2 = str(ROOT / "examples/msm/scenario-2.yaml")


def ok(args, stdin=None):
    result = run(args, stdin=stdin)
    assert result.code == 0, result.stderr
    return result


def test_stateless_attack_rolls_the_given_dice():
    """Cat Attack from numbers: 2d12, stun 7, wound 9, +3; 5 → 8 stuns, natural 1 misses."""
    r = ok(["attack", "--game", "msm", "--attack-dice", "2", "--stun", "7", "--wound", "9", "--mod", "3",
            "--dice", "5,1", "--json"])
    data = json.loads(r.stdout)
    assert [d["outcome"] for d in data["dice"]] == ["stun", "natural-1"]
    assert data["stunned"] and data["wounds"] == 0
    assert "scratch token" in r.stderr


def test_stateless_odds_are_exact_fractions():
    r = ok(["attack", "--game", "msm", "--attack-dice", "2", "--stun", "7", "--wound", "9", "--mod", "3",
            "--odds", "--json", "--health", "2"])
    data = json.loads(r.stdout)
    assert data["chances"]["stun"]["fraction"] == "15/16"
    assert data["chances"]["wound"]["fraction"] == "119/144"
    assert data["chances"]["eliminate"]["fraction"] == "49/144"


@pytest.mark.parametrize("args", [
    ["attack", "--game", "msm", "--stun", "7"],
    ["attack", "--game", "msm", "--attack-dice", "0", "--stun", "7", "--wound", "9"],
    ["attack", "--game", "msm", "--attack-dice", "1", "--stun", "7", "--wound", "9", "--dice", "13"],
])
def test_stateless_usage_errors_exit_2(args):
    r = run(args)
    assert r.code == 2 and "Traceback" not in r.stderr and r.stderr.strip().count("\n") == 0


@pytest.fixture
def s2_cats(tmp_path):
    state = tmp_path / "s2.json"
    ok(["new", S2, "--seed", "3", "-o", str(state)])  # loot paths are stored relative to the state's folder
    ok(["scenario-step", "-s", str(state), "-i", "--until", "cats"])
    return state


def test_attack_out_of_range_exits_4_and_leaves_the_state(s2_cats):
    before = s2_cats.read_bytes()
    r = run(["attack", "nera", "rat-3", "-s", str(s2_cats), "-i"])
    assert r.code == 4 and "does not reach" in r.stderr
    assert s2_cats.read_bytes() == before


def test_unknown_figure_exits_2(s2_cats):
    r = run(["attack", "nera", "rat-99", "-s", str(s2_cats)])
    assert r.code == 2 and "no figure" in r.stderr


def test_pipeline_of_steps_is_deterministic():
    """State in on stdin, state out on stdout: the same seed gives the same game."""
    def play():
        text = ok(["new", S2, "--seed", "9"]).stdout
        for _ in range(6):
            text = ok(["scenario-step", "-", "--until", "cats"], stdin=text).stdout
            text = ok(["scenario-step", "-"], stdin=text).stdout
        return json.loads(text)

    a, b = play(), play()
    assert a == b
    assert a["state"]["round"]["number"] >= 4
    assert any(e["type"] == "rat-activate" for entry in a["log"] for e in entry.get("events", []))


def test_spawn_command_once_per_round_after_every_rat_has_activated(s2_cats):
    """Spawning: "after all rat figures on the map have been activated". In the cats'
    turn the round's spawn by hand is refused (exit 4, state unchanged, the reason and the
    way named); ``scenario-step --until spawn`` stops the rats' turn there; then once."""
    before = s2_cats.read_bytes()
    r = run(["spawn", "-s", str(s2_cats), "-i"])
    assert r.code == 4 and "after every rat has activated" in r.stderr and "--until spawn" in r.stderr
    assert s2_cats.read_bytes() == before
    ok(["scenario-step", "-s", str(s2_cats), "-i", "--until", "spawn"])
    r = ok(["spawn", "-s", str(s2_cats), "-i"])
    assert "No spawn letter" in r.stderr
    r = run(["spawn", "-s", str(s2_cats)])
    assert r.code == 4 and "already spawned" in r.stderr
    r = ok(["spawn", "S1", "-s", str(s2_cats), "-i"])
    state = json.loads(s2_cats.read_text())["state"]
    assert any(f["square"] == "O4" for f in state["figures"].values() if f["side"] == "rat")


def test_scratch_command_limits(s2_cats):
    for _ in range(3):
        ok(["scratch", "--take", "-s", str(s2_cats), "-i"])
    r = run(["scratch", "--take", "-s", str(s2_cats)])
    assert r.code == 4


def test_tavern_needs_a_finished_scenario(s2_cats):
    r = run(["tavern", "event", "-s", str(s2_cats)])
    assert r.code == 4 and "not over" in r.stderr


def test_manual_objective_then_taverne_then_next_scenario(s2_cats, tmp_path):
    """F. Objectives marked by the players; Taverne A-C; the campaign carries the heroes."""
    st = str(s2_cats)
    r = ok(["scenario-step", "-s", st, "-i", "--done", "brown-down"])
    assert "Victory" in r.stderr
    r = run(["tavern", "shop", "-s", st])
    assert r.code == 4 and "events chart first" in r.stderr
    ok(["tavern", "event", "-s", st, "-i", "--dice", "8"])          # Supply and Demand
    r = ok(["tavern", "shop", "-s", st, "-i"])
    state = json.loads(s2_cats.read_text())["state"]
    shop = state["campaign"]["taverne"]["shop"]
    assert len(shop) == 5
    ok(["tavern", "sell", "nera", "shuriken", "-s", st, "-i"])
    ok(["tavern", "level", "nera", "Shadow step", "-s", st, "-i"])
    r = run(["heal", "nera", "-s", st, "-i"])
    assert r.code == 4 and "full health" in r.stderr
    ok(["trade", "nera", "leon", "--francs", "10", "-s", st, "-i"])      # Trading Stuff at the Taverne
    ok(["tavern", "trade", "leon", "nera", "--francs", "10", "-s", st, "-i"])
    out = tmp_path / "campaign.json"
    ok(["tavern", "done", "--campaign", str(out), "-s", st, "-i"])
    camp = json.loads(out.read_text())
    assert camp["heroes"]["nera"]["level"] == 1 and camp["heroes"]["nera"]["francs"] == 10
    assert ok(["validate", str(out)])
    nxt = json.loads(ok(["new", S1, "--seed", "1", "--campaign", str(out)]).stdout)["state"]
    nera = nxt["figures"]["nera"]
    assert nera["level"] == 1 and [w["id"] for w in nera["weapons"]] == ["tanto"]


def test_cat_stun_keep_option_through_new(tmp_path):
    """Ruling (option): --cat-stun keep; a stunned cat must spend 1 AP before attacking."""
    state = tmp_path / "k.json"
    state.write_text(ok(["new", S2, "--seed", "3", "--cat-stun", "keep"]).stdout)
    ok(["scenario-step", "-s", str(state), "-i", "--dice", "12,1"])        # cats first
    doc = json.loads(state.read_text())
    assert doc["state"]["options"]["cat_stun"] == "keep"
    doc["state"]["figures"]["nera"]["stunned"] = True
    doc["state"]["figures"]["rat-3"]["square"] = "A2"                     # next to Nera on A1
    state.write_text(json.dumps(doc))
    r = run(["attack", "nera", "rat-3", "-s", str(state)])
    assert r.code == 4 and "stunned" in r.stderr
    ok(["remove-stun", "nera", "-s", str(state), "-i"])
    ok(["attack", "nera", "rat-3", "-s", str(state), "--dice", "2", "-i"])
    assert json.loads(state.read_text())["state"]["figures"]["nera"]["ap"] == 0


def test_bad_cat_stun_value_is_a_usage_error():
    r = run(["new", S2, "--seed", "3", "--cat-stun", "sometimes"])
    assert r.code == 2 and "--cat-stun" in r.stderr


def test_odds_on_a_state_is_a_query(s2_cats):
    """--odds on a state answers with the board's modifiers and writes no state."""
    doc = json.loads(s2_cats.read_text())
    doc["state"]["figures"]["rat-3"]["square"] = "A2"
    doc["state"]["figures"]["rat-3"]["stunned"] = True
    s2_cats.write_text(json.dumps(doc))
    before = s2_cats.read_bytes()
    r = ok(["attack", "nera", "rat-3", "--odds", "--json", "-s", str(s2_cats), "-i"])
    data = json.loads(r.stdout)
    assert {"label": "stunned rat", "value": 3} in data["modifiers"]
    assert "fraction" in data["chances"]["stun"]
    assert s2_cats.read_bytes() == before


@pytest.mark.parametrize("edit,message", [
    (lambda s: s["figures"]["nera"].update(ap=9), "more than its 2 AP"),
    (lambda s: (s.update(active="nera"), s["figures"]["nera"].update(ap=None)), "active cat but has no AP"),
    (lambda s: s["figures"]["rat-1"].update(type="dragon"), "not in the bestiary"),
])
def test_edited_state_with_impossible_play_values_exits_3(s2_cats, edit, message):
    """A hand-edited state: a cat with more AP than it has, an active cat without an AP
    count (Cat Actions: an activation spends AP; found by scripts/fuzz_states.py), a rat
    the bestiary lacks."""
    doc = json.loads(s2_cats.read_text())
    edit(doc["state"])
    s2_cats.write_text(json.dumps(doc))
    before = s2_cats.read_bytes()
    r = run(["scenario-step", "-s", str(s2_cats), "-i"])
    assert r.code == 3 and message in r.stderr and "Traceback" not in r.stderr
    assert s2_cats.read_bytes() == before


def test_a_move_onto_the_objective_meets_a_reach_goal_at_once(tmp_path):
    """Objectives (F): scenario 1's "bring a cat to O" is met as the cat arrives, and
    claw show lists each objective, open or done."""
    state = tmp_path / "s1.json"
    doc = json.loads(ok(["new", S1, "--seed", "7"]).stdout)
    doc["state"]["figures"]["leon"]["square"] = "O11"
    state.write_text(json.dumps(doc))
    ok(["scenario-step", "-s", str(state), "-i", "--dice", "9,1"])
    r = ok(["move", "leon", "O12", "-s", str(state), "-i"])
    assert "Objective met: A cat on the objective square O" in r.stderr
    shown = ok(["show", "-s", str(state)]).stderr + ok(["show", "-s", str(state)]).stdout
    assert "done: A cat on the objective square O" in shown and "open: Both loot squares searched" in shown


def test_tavern_level_twice_without_level_is_refused(tmp_path):
    """Cat Level and Skills through the CLI: the second bare `tavern level` of a visit
    (meant as a skill choice) is refused with exit 4 and the state is unchanged."""
    state = tmp_path / "s2.json"
    state.write_text(ok(["new", S2, "--seed", "3"]).stdout)
    doc = json.loads(state.read_text())
    doc["state"]["outcome"] = {"result": "victory", "why": "test", "round": 1}
    doc["state"]["phase"] = "over"
    state.write_text(json.dumps(doc))
    ok(["tavern", "event", "-s", str(state), "-i", "--dice", "11"])
    ok(["tavern", "level", "nera", "-s", str(state), "-i"])
    before = state.read_bytes()
    r = run(["tavern", "level", "nera", "Shadow step", "-s", str(state), "-i"])
    assert r.code == 4 and "--level 1" in r.stderr and state.read_bytes() == before
    ok(["tavern", "level", "nera", "Shadow step", "--level", "1", "-s", str(state), "-i"])


def test_campaign_with_a_card_the_decks_lack_exits_3(tmp_path):
    """Game Structure: a campaign naming a loot card no deck defines is a bad file."""
    camp = (ROOT / "examples/msm/campaign-example.yaml").read_text().replace("[healing-salve]", "[golden-fish]")
    path = tmp_path / "campaign.yaml"
    path.write_text(camp.replace("loot_decks: [loot-illustrative.yaml]",
                                 f"loot_decks: [{ROOT / 'examples/msm/loot-illustrative.yaml'}]"))
    r = run(["new", S2, "--campaign", str(path)])
    assert r.code == 3 and "heroes.guy" in r.stderr and "golden-fish" in r.stderr


def test_search_choose_ambush_square(s2_cats):
    """Event cards, "Ambush": `claw search CAT --choose ambush=SQUARE` picks the objective
    square; a key other than ambush is a usage error; a square that is no objective exits 4."""
    doc = json.loads(s2_cats.read_text())
    st = doc["state"]
    sq = st["figures"]["nera"]["square"]
    ambush = {"id": "ambush", "name": "Ambush", "type": "event", "level": 1, "effect": "ambush"}
    st["loot"] = {"markers": {sq: 1}, "searched": {}, "deck": [ambush], "discard": [], "table": {}}
    st["objective_markers"] = ["A1", "B1"]
    st["rat_pool"] = st.get("rat_pool") or ["detestable"]
    s2_cats.write_text(json.dumps(doc))
    before = s2_cats.read_bytes()
    r = run(["search", "-s", str(s2_cats), "-i", "nera", "--choose", "rat-1=A1"])
    assert r.code == 2 and "ambush=SQUARE" in r.stderr
    r = run(["search", "-s", str(s2_cats), "-i", "nera", "--choose", "ambush=C5"])
    assert r.code == 4 and "objective square" in r.stderr
    assert s2_cats.read_bytes() == before
    r = run(["search", "-s", str(s2_cats), "-i", "nera", "--choose", "ambush=B1"])
    assert r.code == 0, r.stderr
    assert "it goes on B1 (chosen" in r.stderr
    # in this state nera stands on A1 and guy on B1: the ambush on a cat's square wounds it
    after = json.loads(s2_cats.read_text())["state"]["figures"]
    assert st["figures"]["nera"]["square"] == "A1" and st["figures"]["guy"]["square"] == "B1"
    assert after["guy"]["health"] == st["figures"]["guy"]["health"] - 1
    assert after["nera"]["health"] == st["figures"]["nera"]["health"]


def test_spawn_place_puts_the_set_aside_rat_on_the_square(s2_cats):
    """Spawning: a set-aside (orange) rat is placed face up "in the specified square"
    (``spawn --place TYPE@SQUARE``, a scenario's instruction at any time of the scenario);
    a rat that is not set aside is refused with the set-aside list (exit 4)."""
    r = ok(["spawn", "--place", "norwegian-brown@M9", "-s", str(s2_cats), "-i"])
    assert "placed face up on M9" in r.stderr
    state = json.loads(s2_cats.read_text())["state"]
    assert state["set_aside"] == []
    assert [f["type"] for f in state["figures"].values() if f["square"] == "M9"] == ["norwegian-brown"]
    r = run(["spawn", "--place", "norwegian-brown@M10", "-s", str(s2_cats)])
    assert r.code == 4 and "set aside: none" in r.stderr
    r = run(["spawn", "--place", "norwegian-brown", "-s", str(s2_cats)])
    assert r.code == 2 and "TYPE@SQUARE" in r.stderr


def test_a_campaign_file_that_cannot_be_written_exits_5_and_changes_nothing(s2_cats, tmp_path):
    """Taverne D (the campaign goes on): the campaign file is written through the store's
    atomic write, so a folder that does not exist is exit 5 and the state stays as it was."""
    st = str(s2_cats)
    ok(["scenario-step", "-s", st, "-i", "--done", "brown-down"])
    before = s2_cats.read_bytes()
    r = run(["tavern", "done", "--campaign", str(tmp_path / "no-such-folder" / "c.json"), "-s", st, "-i"])
    assert r.code == 5 and "cannot write" in r.stderr and "Traceback" not in r.stderr
    assert s2_cats.read_bytes() == before
    assert not (tmp_path / "no-such-folder").exists()
