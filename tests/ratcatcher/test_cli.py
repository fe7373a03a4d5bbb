"""The Ratcatcher through the CLI: new, show, turn commands, stateless attack, errors,
and a whole seeded game played command by command (issue 5 items 2–7)."""

from __future__ import annotations

import json

import pytest

from claw.cli.testing import run
from tests.ratcatcher.conftest import EX

SCENARIO = str(EX / "first-game.yaml")


@pytest.fixture(scope="module")
def start() -> str:
    r = run(["new", SCENARIO, "--seed", "7"])
    assert r.code == 0, r.stderr
    return r.stdout


def test_new_performs_setup_steps_1_to_5(start):
    env = json.loads(start)
    s = env["state"]
    assert env["game"] == "ratcatcher" and len(s["city"]) == 3 and s["city"][0] == "0"
    assert s["ratcatcher"]["zone"] == "0.a"
    assert sum(z["cheese"] for z in s["zones"].values()) == 4
    on_board = sum(sum(z["rats"].values()) for z in s["zones"].values())
    assert on_board + sum(s["sack"].values()) == 64
    assert env["log"][0]["command"] == "new" and env["log"][0]["events"]


def test_new_is_deterministic(start):
    assert run(["new", SCENARIO, "--seed", "7"]).stdout == start


def test_show_draws_city_boards_and_trackers(start):
    r = run(["show", "-s", "-"], stdin=start)
    assert r.code == 0
    for bit in ("#00 Market Square", "0.a", "Madam Cage", "The Rat King", "Rat Tracker 0/10", "Rat Sack: 62"):
        assert bit in r.stdout


def test_show_json_is_the_state(start):
    r = run(["show", "-s", "-", "--json"], stdin=start)
    assert json.loads(r.stdout) == json.loads(start)["state"]


def test_move_gather_pipeline(start):
    r = run(["move", "0.b", "-s", "-"], stdin=start)
    assert r.code == 0 and "0.a → 0.b" in r.stderr
    r = run(["gather", "health-up", "-s", "-"], stdin=r.stdout)
    assert r.code == 0, r.stderr
    s = r.state["state"]
    assert s["ratcatcher"]["cheese"] == 1 and s["ratcatcher"]["upgrades"]["health-up"] == 1


def test_attack_with_physical_dice_and_assign(start):
    r = run(["move", "0.c", "-s", "-"], stdin=start)
    r = run(["attack", "-s", "-", "--attack-dice", "2", "--dice", "6,1", "--assign", "brown"], stdin=r.stdout)
    assert r.code == 0, r.stderr
    s = r.state["state"]
    assert s["tallyman"]["rats"]["brown"] == 1 and s["ratcatcher"]["attack_dice"] == 2
    assert r.state["log"][-1]["dice"] == [{"die": "d6", "value": 6}, {"die": "d6", "value": 1}]


def test_illegal_actions_exit_4_and_leave_state(start, tmp_path):
    p = tmp_path / "g.json"
    p.write_text(start)
    for args in (["move", "0.d"], ["trap", "net"], ["gather"], ["heal"], ["ability", "lure"],
                 ["attack", "--attack-dice", "1"], ["trade", "1"], ["explore"]):
        r = run(args + ["-s", str(p), "-i"])
        assert r.code == 4, (args, r.stderr)
        assert r.stderr.strip().count("\n") == 0, r.stderr  # one line, no traceback
    assert p.read_text() == start


def test_usage_errors_exit_2(start):
    assert run(["trap", "-s", "-"], stdin=start).code == 2
    assert run(["attack", "-s", "-", "--assign", "brown:x"], stdin=start).code == 2
    assert run(["attack", "--game", "ratcatcher", "--attack-dice", "4"]).code == 2
    assert run(["attack", "--game", "ratcatcher", "--attack-dice", "4", "--accuracy", "9"]).code == 2
    assert run(["move", "-s", "-"], stdin=start).code == 2


def test_stateless_attack_rolls_and_explains():
    r = run(["attack", "--game", "ratcatcher", "--attack-dice", "4", "--accuracy", "4", "--defence", "1",
             "--dice", "4,1,2,3"])
    assert r.code == 0
    assert "1 hit(s), 0 mortal" in r.stdout and "0 of 1 rat(s)" in r.stdout
    r = run(["attack", "--game", "ratcatcher", "--attack-dice", "3", "--accuracy", "5", "--rats", "2",
             "--dice", "6,5,2", "--json"])
    assert json.loads(r.stdout)["captured"] == 2


def test_stateless_odds_exact():
    r = run(["attack", "--game", "ratcatcher", "--attack-dice", "4", "--accuracy", "4", "--defence", "1",
             "--odds", "--json"])
    data = json.loads(r.stdout)
    assert data["capture"]["fraction"] == "37/48" and data["mortal"]["fraction"] == "671/1296"
    r = run(["attack", "--game", "ratcatcher", "--attack-dice", "4", "--accuracy", "4", "--defence", "1", "--odds"])
    assert "77.08%" in r.stdout


def test_scenario_step_and_spawn_commands(start):
    """Turn cycle: 2.5 Spawn follows 2.1 Move, 2.2 Traps, 2.3 Bite and 2.4 Consume, so
    `claw spawn` in the Ratcatcher's turn is refused (R26); `scenario-step --until spawn`
    stops the rats' turn there, `claw spawn` plays it, `scenario-step` goes on."""
    r = run(["scenario-step", "-s", "-"], stdin=start)
    assert r.code == 0, r.stderr
    assert r.state["state"]["round"] == 2 and "the rats' turn" in r.stderr
    r2 = run(["spawn", "-s", "-"], stdin=r.stdout)
    assert r2.code == 4 and "2.1–2.4" in r2.stderr and "--until spawn" in r2.stderr and r2.stdout == ""
    r3 = run(["scenario-step", "--until", "spawn", "-s", "-"], stdin=r.stdout)
    assert r3.code == 0 and r3.state["state"]["phase"] == "rats" and r3.state["state"]["round"] == 2
    r4 = run(["spawn", "-s", "-"], stdin=r3.stdout)
    assert r4.code == 0 and "Rat's Nest" in r4.stderr
    r5 = run(["scenario-step", "-s", "-"], stdin=r4.stdout)
    assert r5.code == 0 and r5.state["state"]["round"] == 3 and "already played" in r5.stderr


def test_los_is_not_a_ratcatcher_rule(start):
    r = run(["los", "a", "b", "-s", "-"], stdin=start)
    assert r.code == 2 and "los is an msm command; this state is ratcatcher" in r.stderr  # issue 25: exit 2


def test_new_rejects_mismatched_content(tmp_path):
    text = (EX / "first-game.yaml").read_text().replace("potion-blue: 1", "potion-purple: 1")
    p = tmp_path / "s.yaml"
    p.write_text(text)
    for f in ("madam-cage.yaml", "rat-king.yaml", "townships.yaml", "peculiar-rats.yaml"):
        (tmp_path / f).write_text((EX / f).read_text())
    r = run(["new", str(p), "--seed", "1"])
    assert r.code == 3 and "potion-purple" in r.stderr


# ---- a whole game, command by command ---------------------------------------------------------

def _next_command(s: dict) -> list[str]:
    """The bot's policy (claw.core.ratcatcher.bot) expressed as claw commands."""
    from claw.core.ratcatcher.bot import _step_to_cheese
    from claw.core.ratcatcher.city import any_rat_in

    rc = s["ratcatcher"]
    zone = rc["zone"]
    if rc["wounds"] > 0:
        if rc["health_tokens"] and rc["wounds"] < rc["stats"]["wounds"]:
            return ["heal"]
        if any_rat_in(s, zone) and rc["attack_dice"]:
            return ["attack"]
        if s["zones"][zone]["cheese"] and not any_rat_in(s, zone):
            return ["gather"]
        if rc["movement"]:
            step = _step_to_cheese(s)
            if step:
                return ["move", step]
    return ["scenario-step"]


def _play(seed: int) -> tuple[str, list[list[str]]]:
    text = run(["new", SCENARIO, "--seed", str(seed)]).stdout
    commands = []
    for _ in range(600):
        s = json.loads(text)["state"]
        if s["outcome"]:
            break
        cmd = _next_command(s)
        commands.append(cmd)
        r = run(cmd + ["-s", "-", "-q"], stdin=text)
        assert r.code == 0, (cmd, r.stderr)
        text = r.stdout
    return text, commands


def test_whole_seeded_game_to_the_end_is_reproducible():
    """Issue 5 item 7: a scripted game from `claw new` to a win or loss, twice identical."""
    first, cmds = _play(4)
    s = json.loads(first)["state"]
    assert s["outcome"] is not None and s["phase"] == "over"
    assert s["outcome"]["result"] == "won"
    rc = s["ratcatcher"]
    assert rc["cheese"] >= 10
    on_board = sum(sum(z["rats"].values()) for z in s["zones"].values())
    assert on_board + sum(s["sack"].values()) + sum(s["tallyman"]["rats"].values()) == 64
    second, cmds2 = _play(4)
    assert second == first and cmds2 == cmds


def test_whole_seeded_game_can_be_lost():
    text, _ = _play(0)
    s = json.loads(text)["state"]
    assert s["outcome"]["result"] == "lost"


def test_new_with_inline_content(tmp_path):
    """A scenario may inline its boards and decks instead of naming files."""
    from ruamel.yaml import YAML

    y = YAML(typ="safe")
    sc = y.load((EX / "first-game.yaml").read_text())
    for key, f in (("character", "madam-cage.yaml"), ("nemesis", "rat-king.yaml"),
                   ("townships", "townships.yaml"), ("peculiar", "peculiar-rats.yaml")):
        sc[key] = y.load((EX / f).read_text())
    p = tmp_path / "inline.json"
    p.write_text(json.dumps(sc))
    assert run(["validate", str(p)]).code == 0
    r = run(["new", str(p), "--seed", "7"])
    assert r.code == 0, r.stderr
    assert r.state["state"] == json.loads(run(["new", SCENARIO, "--seed", "7"]).stdout)["state"]


def test_new_with_a_missing_file_exits_3(tmp_path):
    p = tmp_path / "s.yaml"
    p.write_text((EX / "first-game.yaml").read_text())
    r = run(["new", str(p)])
    assert r.code == 3 and "madam-cage.yaml" in r.stderr


def test_scenario_step_connector_choice(tmp_path):
    """Explore with a connector chosen by the player (R5)."""
    state = json.loads(run(["new", SCENARIO, "--seed", "7"]).stdout)
    s = state["state"]
    for zid in ("11.b", "11.c", "12.b"):
        s["zones"][zid]["cheese"] = 0
    text = json.dumps(state)
    r = run(["scenario-step", "-s", "-", "--connector", "12:e"], stdin=text)
    assert r.code == 0, r.stderr
    links = r.state["state"]["links"]
    assert links[2][0] == "12:e"
    r = run(["scenario-step", "-s", "-", "--connector", "0:zz"], stdin=text)
    assert r.code == 4 and "'0:zz'" in r.stderr


def test_odds_query_on_the_zone(start):
    """`claw odds`: exact chances against the zone's figures; never writes a state."""
    r = run(["move", "0.c", "-s", "-"], stdin=start)  # one brown rat (defence 0) there
    r = run(["odds", "-s", "-", "--json"], stdin=r.stdout)
    assert r.code == 0, r.stderr
    data = json.loads(r.stdout)
    # 4 dice at 4+: the brown is captured unless all four dice miss (3/6 each)
    assert data["capture"]["fraction"] == "15/16" and data["targets"] == ["brown"]
    assert run(["attack", "--odds", "-s", "-"], stdin=start).code == 2


def test_new_options_override_the_scenario():
    r = run(["new", SCENARIO, "--seed", "7", "--rat-speed", "2", "--recovery-lowest", "lowest-number",
             "--tie-township", "indicator", "--browns-count-to-consume"])
    assert r.code == 0, r.stderr
    assert r.state["state"]["options"] == {"rat_speed": 2, "recovery_lowest": "lowest-number",
                                           "tie_township": "indicator", "browns_count_to_consume": True}
    assert run(["new", SCENARIO, "--rat-speed", "9"]).code == 2
    assert run(["new", SCENARIO, "--recovery-lowest", "most"]).code == 2
    assert run(["new", SCENARIO, "--tie-township", "highest"]).code == 2


def test_edited_state_with_a_bad_option_is_an_invalid_file(start):
    """A hand-edited state whose options hold an impossible value is refused (exit 3),
    not played with a rat speed of 1000."""
    doc = json.loads(start)
    doc["state"]["options"]["rat_speed"] = 1000
    r = run(["scenario-step", "-s", "-"], stdin=json.dumps(doc))
    assert r.code == 3 and "rat_speed" in r.stderr and "Traceback" not in r.stderr


EDITS = {
    "ratcatcher zone": (lambda s: s["ratcatcher"].__setitem__("zone", "9.z"), "ratcatcher.zone"),
    "nemesis zone": (lambda s: s["nemesis"].update(zone="9.z", spawned=True), "nemesis.zone"),
    "link": (lambda s: s["links"].append(["0:e", "77:w"]), "links"),
    "city card": (lambda s: s["city"].append("77"), "city"),
    "peculiar card": (lambda s: s["peculiar"].append({"id": "nope", "zone": "0.a"}), "peculiar"),
    "trap id": (lambda s: s["traps"].__setitem__("0.a", "nope"), "traps"),
    "trap zone": (lambda s: s["traps"].__setitem__("9.z", "snare"), "traps"),
    "missing zone": (lambda s: s["zones"].pop("0.b"), "zones"),
    "neighbour": (lambda s: s["cards"]["0"]["zones"][0]["adjacent"].append("q"), "cards.0"),
    "accuracy": (lambda s: s["ratcatcher"]["stats"].__setitem__("accuracy", 0), "accuracy"),
    "huge bite": (lambda s: s["nemesis"]["stats"].__setitem__("bite", 10**6), "nemesis.stats.bite"),
    "reward card": (lambda s: s["ratcatcher"]["rewards"].append("nope"), "ratcatcher.rewards"),
}


@pytest.mark.parametrize("name", sorted(EDITS))
@pytest.mark.parametrize("command", [["show"], ["scenario-step"], ["move", "0.b"], ["odds"]])
def test_edited_state_with_dangling_ids_is_an_invalid_file(start, name, command):
    """A hand-edited state naming a zone, card, trap or Peculiar Rat that does not exist
    (or a number no rule can loop over) is refused with exit 3 and one line, never an
    internal error."""
    edit, where = EDITS[name]
    doc = json.loads(start)
    edit(doc["state"])
    r = run([*command, "-s", "-"], stdin=json.dumps(doc))
    assert r.code == 3, (r.code, r.stderr)
    assert where in r.stderr and "internal error" not in r.stderr and r.stdout == ""


@pytest.mark.parametrize("args, code, words", [
    (["scenario-step", "--prefer", "9.z"], 4, "--prefer names no zone"),
    (["scenario-step", "--reward", "9"], 4, "--reward is a Tallyman reward 1..3"),
    (["spawn", "--reward", "0"], 4, "--reward is a Tallyman reward 1..3"),
    (["spawn", "--prefer", "zz"], 4, "--prefer names no zone"),
    (["scenario-step", "--connector", "north"], 2, "--connector is CARD:ID"),
    (["ability", "smoke", "0.b"], 2, "places no token"),
])
def test_choices_that_name_nothing_are_refused_not_ignored(start, args, code, words):
    r = run([*args, "-s", "-"], stdin=start)
    assert r.code == code and words in r.stderr and r.stdout == "", (r.code, r.stderr)


def test_an_unused_connector_choice_is_reported(start):
    r = run(["scenario-step", "--connector", "0:e", "-s", "-"], stdin=start)
    assert r.code == 0, r.stderr
    assert any(e["type"] == "unused" for e in r.state["log"][-1]["events"])


def test_odds_with_no_dice_left_says_so(start):
    doc = json.loads(start)
    doc["state"]["ratcatcher"]["attack_dice"] = 0
    doc["state"]["zones"]["0.a"]["rats"]["brown"] += 1
    doc["state"]["sack"]["brown"] -= 1
    r = run(["odds", "-s", "-"], stdin=json.dumps(doc))
    assert r.code == 4 and "no attack dice left" in r.stderr
    r = run(["odds", "--attack-dice", "2", "-s", "-"], stdin=json.dumps(doc))
    assert r.code == 0 and "2d6" in r.stdout


@pytest.fixture(scope="module")
def at_spawn(start) -> str:
    """The first game's state with the rats' turn standing at its spawn phase (as after
    `scenario-step --until spawn`, with no rat moved), where `claw spawn` plays."""
    doc = json.loads(start)
    doc["state"]["phase"] = "rats"
    return json.dumps(doc)


def test_draws_take_typed_colours_from_a_real_sack(at_spawn):
    """At the table the Rat Sack is a bag: `--draws` types the colours pulled, in order
    (a black rat brings one more, Setup 5 / 2.6)."""
    doc = json.loads(at_spawn)
    before = dict(doc["state"]["sack"])
    r = run(["spawn", "--draws", "black,white,brown,white", "-s", "-"], stdin=at_spawn)
    assert r.code == 0, r.stderr
    typed = ["black", "white", "brown", "white"]
    spawned = [c for e in r.state["log"][-1]["events"] if e["type"] == "spawn" for c in e["colours"]]
    assert len(spawned) >= 2 and spawned == typed[:len(spawned)]   # the black brought the white
    assert r.state["state"]["sack"] == {c: before[c] - spawned.count(c) for c in before}
    assert f"{4 - len(spawned)} colour(s) of --draws were not needed" in r.stderr


@pytest.mark.parametrize("draws, code, words", [
    ("black", 2, "not enough --draws"),
    ("purple", 2, "brown, black or white"),
])
def test_draws_refused_with_a_reason(at_spawn, draws, code, words):
    r = run(["spawn", "--draws", draws, "-s", "-"], stdin=at_spawn)
    assert r.code == code and words in r.stderr and r.stdout == ""


def test_draws_of_a_colour_the_sack_lacks_are_illegal(at_spawn):
    doc = json.loads(at_spawn)
    doc["state"]["sack"]["white"] += doc["state"]["sack"]["black"]
    doc["state"]["sack"]["black"] = 0
    r = run(["spawn", "--draws", "black,white", "-s", "-"], stdin=json.dumps(doc))
    assert r.code == 4 and "holds no black rat" in r.stderr


def test_numbered_sack_draws_say_which_numbers_are_which_colour(at_spawn):
    r = run(["spawn", "--dice", "999", "-s", "-"], stdin=at_spawn)
    assert r.code == 2 and "brown 1-" in r.stderr and "white" in r.stderr


def test_a_single_die_roll_survives_plain_output():
    """Plain output (not a terminal) strips style tags; a one-die roll printed as a
    Python list, "[5]", looked like one and vanished. Rolls are printed as plain numbers."""
    r = run(["attack", "--game", "ratcatcher", "--attack-dice", "1", "--accuracy", "4", "--dice", "5"])
    assert r.code == 0 and r.stdout.startswith("rolls 5 at 4+")


def test_attack_explanation_shows_a_single_die(start):
    doc = json.loads(start)
    zone = doc["state"]["ratcatcher"]["zone"]
    doc["state"]["zones"][zone]["rats"]["brown"] += 1
    doc["state"]["sack"]["brown"] -= 1
    r = run(["attack", "--attack-dice", "1", "--dice", "6", "-s", "-"], stdin=json.dumps(doc))
    assert r.code == 0 and "rolls 6 at accuracy 4+" in r.stderr


def test_draws_is_retired_for_draw_sack_hidden_but_still_accepted(at_spawn):
    """Issue 20: one way to type what the table drew. `--draws` is gone from help and
    completion but still works for one release, with a note naming `--draw sack=…`, and
    gives the same game as the `--draw` spelling."""
    old = run(["spawn", "--draws", "black,white,brown", "-s", "-", "--seed", "4"], stdin=at_spawn)
    new = run(["spawn", "--draw", "sack=black,sack=white,sack=brown", "-s", "-", "--seed", "4"], stdin=at_spawn)
    assert old.code == new.code == 0, (old.stderr, new.stderr)
    assert "--draws is retired" in old.stderr and "--draw sack=" in old.stderr
    assert old.state["state"] == new.state["state"]
    shown = run(["spawn", "--help", "--game", "ratcatcher"])
    assert shown.code == 0 and "--draws" not in shown.stdout and "--draw" in shown.stdout
    assert "--draws" not in run(["spawn", "--help"]).stdout
    typo = run(["spawn", "--drawz", "x", "-s", "-"], stdin=at_spawn)
    assert typo.code == 2 and "--draws" not in typo.stderr
