"""The mice commands end to end through the CLI: scripted playthroughs of the chapter's
tracker to victory and to defeat by the hourglass, exit codes, stateless odds."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.testing import run

from .conftest import EXAMPLE


def start(seed=1):
    r = run(["new", str(EXAMPLE), "--seed", str(seed)])
    assert r.code == 0, r.stderr
    return r.stdout


def step(state, *args, code=0):
    r = run(list(args) + ["-s", "-"], stdin=state)
    assert r.code == code, (args, r.stderr)
    return r.stdout if code == 0 else state, r


def game(state):
    return json.loads(state)["state"]


def defeat_all(state, room):
    for f in [f["id"] for f in game(state)["minions"] if f["room"] == room]:
        state, _ = step(state, "defeat", f)
    return state


def test_playthrough_to_victory():
    """Chapter Objective: 10 scare points, then Barnacle and Blackpaw defeated."""
    s = start()
    s, _ = step(s, "place", "filch", "tunnel-entrance", "--spot", "water")
    s, r = step(s, "search", "filch", "--dice", "6")
    assert "Fishhook" in r.stderr
    s = defeat_all(s, "tunnel-entrance")
    s, _ = step(s, "explore", "kings-tunnels")
    s, r = step(s, "minion-turn", "roach")
    assert "ladder" in r.stderr
    s = defeat_all(s, "kings-tunnels")
    s, r = step(s, "explore", "kings-chamber")
    assert "roach-1" in r.stderr  # the escaped roach returns
    s, _ = step(s, "place", "nez", "kings-chamber", "--spot", "tray")
    s, _ = step(s, "search", "nez", "--dice", "6")
    s, _ = step(s, "place", "collin", "kings-chamber", "--spot", "bed")
    s, _ = step(s, "place", "lily", "kings-chamber", "--spot", "bed")
    s, r = step(s, "chest-lid", "lily", "--dice", "1,2")
    assert "no cheese" in r.stderr
    s, _ = step(s, "chest-lid", "collin", "--dice", "6,1")
    assert game(s)["scare"] == 1
    s = defeat_all(s, "kings-chamber")
    s, _ = step(s, "explore", "kitchen")
    s, r = step(s, "build-ghost", code=4)
    assert "minions" in r.stderr
    s = defeat_all(s, "kitchen")
    s, _ = step(s, "deploy-fork")
    s, _ = step(s, "place", "tilda", "kitchen", "--spot", "counter")
    s, _ = step(s, "gain-cheese", "tilda", "2")
    s, _ = step(s, "fling-cheese", "tilda", "--dice", "3")
    s, r = step(s, "fling-cheese", "tilda", "--dice", "6")
    assert game(s)["scare"] == 2 and "Kitchen 3" in r.stderr
    s, _ = step(s, "build-ghost", "--eyes", "collin,nez")
    s, r = step(s, "move-ghost", "filch", "3", "--dice", "5,1,1,1", "--enter", "dining-hall")
    assert len(game(s)["raiders"]) == 3
    s, r = step(s, "attack", "nez", "blackpaw", code=4)
    assert "inside the ghost" in r.stderr
    s, _ = step(s, "scary-noises", "collin", "--distance", "2", "--dice", "6,6,6,1,1,1")
    s, _ = step(s, "scary-noises", "nez", "--distance", "1", "--dice", "6,6,1,1,1,1")
    assert game(s)["scare"] == 8 and game(s)["wheel"] == 2
    s, r = step(s, "scary-noises", "collin", "--distance", "3", "--dice", "6,6,6,6,1,1")
    g = game(s)
    assert g["scare"] == 10 and g["chapter_end"] == 8 and g["ghost"] is None and g["wheel"] == 3
    s, r = step(s, "attack", "nez", "blackpaw", code=4)
    assert "Barnacle" in r.stderr and "Dining Hall 4" in r.stderr
    s, _ = step(s, "attack", "nez", "barnacle", "--dice", "1,1,1,2,2,2,2")  # bows block nothing
    s, r = step(s, "attack", "nez", "blackpaw", "--dice", "1,1,1,2")
    assert game(s)["outcome"] == "victory" and "Victory" in r.stderr
    shown = run(["show", "-s", "-"], stdin=s)
    assert "VICTORY" in shown.stdout and "10/10" in shown.stdout
    _, r = step(s, "scenario-step", code=4)
    log = json.loads(s)["log"]
    assert [e["command"] for e in log][:2] == ["new", "place"]


def test_playthrough_to_defeat_by_the_hourglass():
    """Defeat Condition: the hourglass reaches the chapter end marker (page 7)."""
    s = start(2)
    for page in range(2, 7):
        s, r = step(s, "scenario-step", "--reason", "encounter deck")
        assert game(s)["hourglass"] == page and not game(s)["outcome"]
    s, _ = step(s, "minion-cheese", "5")
    s, r = step(s, "minion-cheese", "1")
    g = game(s)
    assert g["hourglass"] == 7 and g["outcome"] == "defeat" and "Defeat" in r.stderr
    _, r = step(s, "gain-cheese", "collin", "1", code=4)
    assert "over" in r.stderr


def test_usage_and_illegal_exit_codes():
    s = start()
    _, r = step(s, "explore", "attic", code=2)
    assert "attic" in r.stderr
    _, r = step(s, "chest-lid", "collin", code=4)
    assert "no raider" in r.stderr
    _, r = step(s, "move-ghost", "collin", "x", code=2)
    _, r = step(s, "search", "collin", "--dice", "9", code=2)
    assert "impossible" in r.stderr
    _, r = step(s, "gain-cheese", "nobody", "1", code=2)
    _, r = step(s, "fling-cheese", "tilda", code=4)
    assert "Traceback" not in r.stderr


def test_stateless_odds_and_rolls():
    r = run(["scary-noises", "--game", "mice", "--distance", "4", "--odds", "--json"])
    assert r.code == 0 and json.loads(r.stdout)["success"]["fraction"] == "31/46656"
    r = run(["chest-lid", "--game", "mice", "--others", "1", "--dice", "6,6"])
    assert r.code == 0 and r.stdout.strip() == "2"
    r = run(["chest-lid", "--game", "mice", "--others", "4", "--suspicious", "--dice", "6,6,6,6,6"])
    assert r.stdout.strip() == "3"
    r = run(["move-ghost", "--game", "mice", "2", "--dice", "3,4,1,5"])  # faces 3 and 4 show a 2
    assert r.stdout.strip() == "2"
    r = run(["attack", "--game", "mice", "--attack-dice", "1", "--defense", "1", "--blackpaw", "--dice", "1,1,1,3"])
    assert r.code == 0 and r.stdout.strip() == "2"
    r = run(["fling-cheese", "--game", "mice", "--dice", "6"])
    assert r.stdout.strip() == "hit"
    r = run(["scary-noises", "--game", "mice", "--odds"])
    assert r.code == 2


def test_odds_with_a_state_leave_it_unchanged():
    s = start()
    r = run(["fling-cheese", "--odds", "-s", "-"], stdin=s)
    assert r.code == 0 and "1/6" in r.stdout


def test_odds_with_a_state_in_table_mode_answer_in_json_and_leave_the_file(tmp_path):
    """A query with a state: the JSON answer on stdout, the table-mode file byte for byte."""
    s = start()
    for args in (["place", "filch", "tunnel-entrance", "--spot", "water"], ["search", "filch", "--dice", "6"],
                 ["explore", "kings-tunnels"], ["explore", "kings-chamber"],
                 ["place", "collin", "kings-chamber", "--spot", "bed"]):
        s, _ = step(s, *args)
    path = tmp_path / "andon.json"
    path.write_text(s)
    before = path.read_bytes()
    r = run(["chest-lid", "collin", "--odds", "--json"], env={"CLAW_STATE": str(path)})
    assert r.code == 0, r.stderr
    assert json.loads(r.stdout)["dice"] == 1
    assert path.read_bytes() == before


def test_odds_with_a_state_refuse_what_the_state_forbids():
    """Kitchen 5 and King's Chamber 3: the state's odds are for an action that can happen
    now; otherwise exit 4 with the reason, as the roll would."""
    s = start()
    r = run(["scary-noises", "collin", "--distance", "2", "--odds", "-s", "-"], stdin=s)
    assert r.code == 4 and "no ghost" in r.stderr
    r = run(["chest-lid", "collin", "--odds", "-s", "-"], stdin=s)
    assert r.code == 4 and "no raider in the chest" in r.stderr


def test_validate_reports_a_short_party(tmp_path):
    bad = tmp_path / "five.yaml"
    text = EXAMPLE.read_text().replace("  - {id: lily, name: Lily, battle: 2, defense: 1, life: 5}\n", "")
    bad.write_text(text)
    r = run(["validate", str(bad)])
    assert r.code == 3 and "6 mice" in r.stdout
    unknown = tmp_path / "extra.yaml"
    unknown.write_text(EXAMPLE.read_text() + "dragons: 3\n")
    assert run(["validate", str(unknown)]).code == 3


def test_show_json_is_the_state():
    s = start()
    r = run(["show", "--json", "-s", "-"], stdin=s)
    assert r.code == 0 and json.loads(r.stdout)["chapter_end"] == 7


def test_state_without_a_chapter_is_refused(tmp_path, monkeypatch):
    """A mice envelope whose game part is empty: a clear refusal, nothing written."""
    import claw.cli.formats.content as content

    names = content.schema_names
    monkeypatch.setattr(content, "schema_names", lambda: [n for n in names() if n != "state-mice"])
    path = tmp_path / "empty.json"
    path.write_text(json.dumps({"format": "claw-state", "version": 1, "game": "mice",
                                "rng": {"algorithm": "splitmix64", "seed": 1, "position": 0},
                                "state": {}, "log": []}))
    before = path.read_bytes()
    r = run(["chest-lid", "collin", "-s", str(path), "-i"])
    assert r.code == 4 and "claw new" in r.stderr and path.read_bytes() == before


def test_stateless_rules_refuse_figures():
    r = run(["chest-lid", "collin", "--game", "mice", "--dice", "6"])
    assert r.code == 2 and "-s STATE" in r.stderr



@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=1, max_size=8), st.integers(0, 8))
def test_stateless_scary_noises_matches_the_rule(values, distance):
    """Kitchen 5 from explicit numbers: scared exactly when the cheese total beats the distance."""
    from claw.cli.formats.content import load_data

    table = {f["face"]: f for f in load_data("mice/action-die.json")["faces"]}
    faces = {k: f["symbol"] for k, f in table.items()}
    r = run(["scary-noises", "--game", "mice", "--mice", str(len(values)), "--distance", str(distance),
             "--dice", ",".join(map(str, values)), "--json"])
    assert r.code == 0, r.stderr
    cheese = sum(faces[v] == "cheese" for v in values)
    assert json.loads(r.stdout) == {"rolled": [table[v]["number"] for v in values], "cheese": cheese,
                                    "faces": [f"{table[v]['number']}:{table[v]['symbol']}" for v in values],
                                    "distance": distance,
                                    "scared": cheese > distance}


def test_odds_from_the_state_use_its_numbers():
    s = start()
    s, _ = step(s, "place", "filch", "tunnel-entrance", "--spot", "water")
    s, _ = step(s, "search", "filch", "--dice", "6")
    s, _ = step(s, "explore", "kings-tunnels")
    s, _ = step(s, "explore", "kings-chamber")
    for m in ("collin", "lily", "nez"):
        s, _ = step(s, "place", m, "kings-chamber", "--spot", "bed")
    r = run(["chest-lid", "collin", "--odds", "-s", "-"], stdin=s)
    assert r.code == 0 and "3 dice" in r.stdout and "91/216" in r.stdout  # 1 - (5/6)^3
