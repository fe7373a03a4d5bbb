"""The msm board commands end to end: validate, new, show, los, move, moves, rats."""

import json
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from claw.cli.games.msm.render import cell_chars, render_board
from claw.cli.testing import run
from claw.core.msm.board import parse_map
from tests.paths import ROOT

S1 = str(ROOT / "examples/msm/scenario-1.yaml")
S2 = str(ROOT / "examples/msm/scenario-2.yaml")


@pytest.fixture(scope="module")
def s1_state():
    result = run(["new", S1, "--seed", "7"])
    assert result.code == 0, result.stderr
    return result.stdout


def test_validate_examples():
    result = run(["validate", S1, S2, str(ROOT / "examples/msm/large.yaml")])
    assert result.code == 0, result.stdout + result.stderr


def test_validate_pinpoints_planted_errors(tmp_path):
    text = Path(S1).read_text()
    text = text.replace('"..........R....."', '"..........R..X.."')
    text = text.replace("round_track: [[], [], [S]", "round_track: [[], [], [S7]")
    text = text.replace("type: roach, count: 9", "type: rooch, count: 9")
    text = text.replace('"H1..H4 east"', '"H1-J1"')
    bad = tmp_path / "broken.yaml"
    bad.write_text(text)
    result = run(["validate", "--no-follow", str(bad)])  # the loot file stays behind
    assert result.code == 3
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 4
    assert any(":15:" in ln and "rooch" in ln for ln in lines)
    assert any(":22:" in ln and "S7" in ln for ln in lines)
    assert any(":28:" in ln and "'X'" in ln and "N4" in ln for ln in lines)
    assert any(":38:" in ln and "H1-J1" in ln for ln in lines)


def test_validate_blames_the_one_short_row_even_if_it_is_the_first(tmp_path):
    """A mistyped first row is the row reported, not every other row."""
    text = Path(S1).read_text().replace('- "....##.........."', '- "....##........."', 1)
    bad = tmp_path / "short.yaml"
    bad.write_text(text)
    result = run(["validate", "--no-follow", str(bad)])  # the loot file stays behind
    assert result.code == 3
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1 and ":25:" in lines[0] and "row 1 has 15 squares, the other rows 16" in lines[0]


def test_new_builds_scenario_1(s1_state):
    """Setup Scenario 1: heroes on/next to C, one marker per R, loot and objective markers,
    round marker on the first space, empty discard."""
    state = json.loads(s1_state)["state"]
    cats = {k: v for k, v in state["figures"].items() if v["side"] == "cat"}
    assert list(cats) == ["guy", "adara", "leon", "nera"]
    assert cats["guy"]["square"] == "B12"  # the C square
    rats = {k: v for k, v in state["figures"].items() if v["side"] == "rat"}
    assert sorted(v["square"] for v in rats.values()) == ["B2", "E9", "K4", "N9"]
    assert len(state["rat_pool"]) == 9 - 4 and state["rat_discard"] == []
    assert state["loot"]["markers"] == {"K2": 2, "C7": 2}
    assert state["objective_markers"] == ["O12"]
    assert state["round"]["space"] == 0 and state["phase"] == "initiative"
    # Revealing Rats: the marker on E9 is in Adara's sight at once; B2 is behind walls/figures.
    assert rats["rat-3"]["revealed"] is True and rats["rat-1"]["revealed"] is False


def test_new_is_deterministic(s1_state):
    assert run(["new", S1, "--seed", "7"]).stdout == s1_state


def test_new_two_cat_variant():
    result = run(["new", S1, "--seed", "1", "--heroes", "nera,leon"])
    assert result.code == 0, result.stderr
    figures = result.state["state"]["figures"]
    assert figures["nera"]["max_ap"] == 3


def test_new_rejects_bad_heroes():
    result = run(["new", S1, "--seed", "1", "--heroes", "nera,felix,guy,leon"])
    assert result.code == 2 and "felix" in result.stderr
    result = run(["new", S1, "--seed", "1", "--heroes", "nera,guy,leon"])
    assert result.code == 2 and "needs 4" in result.stderr


def test_show_draws_scenario_1(s1_state):
    result = run(["show", "-s", "-"], stdin=s1_state)
    assert result.code == 0, result.stderr
    out = result.stdout
    assert "A B C D E F G H I J K L M N O P" in out
    assert "The Dawn Patrol" in out and "Round 1" in out
    assert "nera" in out and "B12" in out
    lines = out.splitlines()
    rows = cell_chars(lines, 16, 12)
    assert rows[11][1] == "G" and rows[11][0] == "N"  # Guy on B12, Nera on A12
    assert rows[4].startswith("####")


def test_show_map_without_state():
    result = run(["show", "--game", "msm", "--map", S2])
    assert result.code == 0, result.stderr
    assert "‖" in result.stdout  # the walls of C7..C10


def test_show_round_trips_the_map_rows():
    """show ∘ parse: the drawing shows every square's terrain where the rows put it."""
    doc = YAML(typ="safe").load(Path(S1).read_text())
    board, _ = parse_map(doc["map"])
    drawn = cell_chars(render_board(board, colour=False), board.width, board.height)
    expected = [r.replace("L", "$").replace("R", ".").replace("C", "c") for r in doc["map"]["rows"]]
    assert drawn == expected


def test_los_between_figures_and_squares(s1_state):
    result = run(["los", "-s", "-", "nera", "E9"], stdin=s1_state)
    assert result.code == 0
    assert "blocked" in result.stdout and "adara on B11" in result.stderr
    result = run(["los", "-s", "-", "adara", "rat-3", "--json"], stdin=s1_state)
    data = json.loads(result.stdout)
    assert data["visible"] is True and data["range"] == 3 and data["to_figure"] == "rat-3"


def test_los_on_a_map_and_show(tmp_path):
    result = run(["los", "--game", "msm", "--map", S2, "A1", "P16", "--show"])
    assert result.code == 0, result.stderr
    assert "•" in result.stderr or "blocked" in result.stdout


def test_los_all(s1_state):
    result = run(["los", "-s", "-", "--all", "adara", "--json"], stdin=s1_state)
    data = json.loads(result.stdout)
    assert [f["id"] for f in data["figures"]] == ["rat-3"] or "rat-3" in [f["id"] for f in data["figures"]]
    assert all("square" in s for s in data["squares"])


def test_los_errors():
    assert run(["los", "--game", "msm", "--map", S2, "A1"]).code == 2
    assert run(["los", "--game", "msm", "--map", S2, "A1", "Z99"]).code == 2
    assert run(["los", "--game", "msm", "--map", S2, "A1", "B2", "--roaches", "maybe"]).code == 2


def test_move_needs_the_cats_turn_unless_free(s1_state):
    result = run(["move", "-s", "-", "nera", "A11"], stdin=s1_state)
    assert result.code == 4 and "turn" in result.stderr
    result = run(["move", "-s", "-", "nera", "A10", "--free"], stdin=s1_state)
    assert result.code == 0, result.stderr
    assert result.state["state"]["figures"]["nera"]["square"] == "A10"
    assert "stride" in result.stderr


def test_move_illegal_exits_4_state_unchanged(tmp_path, s1_state):
    path = tmp_path / "s.json"
    path.write_text(s1_state)
    result = run(["move", "-s", str(path), "-i", "nera", "G12", "--free"])
    assert result.code == 4 and "G12 is blocking terrain" in result.stderr
    assert path.read_text() == s1_state
    result = run(["move", "-s", str(path), "-i", "nera", "A11", "--free", "--as", "pounce"])
    assert result.code == 4


def test_moves_lists_options(s1_state):
    result = run(["moves", "-s", "-", "nera", "--json"], stdin=s1_state)
    data = json.loads(result.stdout)
    assert data["prowl"] == ["A11"] and "A9" in data["stride"] and "D10" in data["pounce"]


def test_rats_order(s1_state):
    result = run(["rats", "-s", "-"], stdin=s1_state)
    assert result.code == 0, result.stderr
    assert result.stdout.startswith("1. rat-3 on E9: 5 move(s)")
    assert "tied: adara, leon" in result.stdout
    data = json.loads(run(["rats", "-s", "-", "--json"], stdin=s1_state).stdout)
    assert data["order"][0] == "rat-3" and data["rats"][0]["distance"] == 5


@pytest.mark.parametrize("name", ["scenario-1.yaml", "scenario-2.yaml", "large.yaml"])
def test_new_state_validates_and_round_trips(tmp_path, name):
    """The state `new` writes passes `claw validate` and reads back unchanged through `show`."""
    out = tmp_path / "state.json"
    result = run(["new", str(ROOT / "examples/msm" / name), "--seed", "5", "-o", str(out), "-q"])
    assert result.code == 0, result.stderr
    assert run(["validate", str(out)]).code == 0
    before = out.read_text()
    assert run(["show", "-s", str(out)]).code == 0
    assert out.read_text() == before


def test_new_roaches_hinder_option():
    result = run(["new", S1, "--seed", "7", "--roaches", "hinder"])
    assert result.code == 0 and result.state["state"]["options"]["roaches"] == "hinder"
    assert run(["new", S1, "--seed", "7", "--roaches", "sometimes"]).code == 2


def test_los_all_show_marks_squares(s1_state):
    result = run(["los", "-s", "-", "--all", "adara", "--show"], stdin=s1_state)
    assert result.code == 0 and "• visible" in result.stderr


def test_new_place_heroes_by_choice():
    """Setup: heroes on or adjacent to C, as the players choose (default otherwise)."""
    result = run(["new", S1, "--seed", "7", "--place", "nera=B11,guy=C12"])
    assert result.code == 0, result.stderr
    figures = result.state["state"]["figures"]
    assert figures["nera"]["square"] == "B11" and figures["guy"]["square"] == "C12"
    assert {figures["adara"]["square"], figures["leon"]["square"]} == {"B12", "A12"}
    result = run(["new", S1, "--seed", "7", "--place", "nera=E5"])
    assert result.code == 4 and "next to a C square" in result.stderr
    assert run(["new", S1, "--seed", "7", "--place", "nera"]).code == 2


def test_render_odd_map_with_offset_and_walls():
    """Squares on the Map: an explicit big-square offset draws the borders where it puts them."""
    board, problems = parse_map({"rows": ["#..", "..~", "..."], "big_squares": {"offset": [1, 1]},
                                 "walls": ["A2-B2"], "yellow_lines": ["B3-C3"]})
    assert problems == []
    lines = render_board(board, colour=False)
    assert cell_chars(lines, 3, 3) == ["#..", "..~", "..."]
    text = "\n".join(lines)
    assert "‖" in text and ":" in text
    # offset 1: a big-square border after column A and after row 1
    # one line per row of squares: no line between rows 2 and 3 (one big square, nothing between)
    assert lines[1] == "  +-+---+" and lines[3] == "  +-+---+" and lines[4].startswith("2 ")
    assert lines[5].startswith("3 ") and lines[6] == "  +-+---+"


def test_new_pounce_ruling_is_stored_and_checked(tmp_path):
    """Ruling 7a as an option: the movement example's reading (`stride-too`) is the
    default, `--pounce-rule leave` the other; either is kept in the state; a bad value is
    a usage error."""
    result = run(["new", S1, "--seed", "7", "--pounce-rule", "leave"])
    assert result.code == 0
    assert json.loads(result.stdout)["state"]["options"]["pounce"] == "leave"
    assert json.loads(run(["new", S1, "--seed", "7"]).stdout)["state"]["options"]["pounce"] == "stride-too"
    bad = run(["new", S1, "--seed", "7", "--pounce-rule", "far"])
    assert bad.code == 2 and "--pounce-rule must be stride-too or leave" in bad.stderr


@pytest.mark.parametrize("change, message", [
    (lambda st: st["figures"]["nera"].update(square="Z99"), "nera is on Z99, off the 16x12 map"),
    (lambda st: st["figures"]["nera"].update(square="C5"), "nera is on C5, a red (blocking) square"),
    (lambda st: st["figures"]["nera"].update(square="B12"), "guy and nera share B12; only roaches stack"),
    (lambda st: st["options"].update(pounce="far"), "options.pounce must be stride-too or leave"),
])
def test_edited_state_with_impossible_figures_is_refused(s1_state, tmp_path, change, message):
    """An edited state that puts a figure off the map, on red terrain or on another
    figure's square (only roaches stack) is an invalid file: exit 3, one line, no traceback."""
    envelope = json.loads(s1_state)
    change(envelope["state"])
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(envelope))
    before = path.read_bytes()
    for args in (["show"], ["los", "nera", "adara"], ["rats"], ["moves", "guy"],
                 ["move", "-i", "guy", "C11", "--free"]):
        result = run([*args, "-s", str(path)])
        assert result.code == 3, (args, result.stderr)
        assert message in result.stderr and "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1
    assert path.read_bytes() == before


def test_cat_letters_never_read_as_spawn_or_objective_markers():
    """`show`: a hero whose name starts with S or O gets another letter (S and O are map markers)."""
    from claw.cli.games.msm.render import figure_symbols

    symbols = figure_symbols({"sekhmet": {"side": "cat"}, "oscar": {"side": "cat"}})
    assert symbols["sekhmet"] not in "SO" and symbols["oscar"] not in "SO"
    assert symbols["sekhmet"] != symbols["oscar"]


def test_map_option_refuses_a_file_that_is_not_a_scenario():
    """`--map` with a loot file (valid, but no map) is a usage error, not a traceback."""
    loot = str(Path(S1).parent / "loot-illustrative.yaml")
    for args in (["show", "--map", loot], ["los", "--map", loot, "A1", "B1"]):
        result = run(args)
        assert result.code == 2 and "needs an msm scenario file" in result.stderr, result.stderr


S2 = str(Path(S1).parent / "scenario-2.yaml")


def _cats_turn(tmp_path, change=None) -> Path:
    """Scenario 2 at the start of the cats' turn (Nera on A1, big square 0,0)."""
    started = run(["new", S2, "--seed", "3", "-q"])
    turn = run(["scenario-step", "--until", "cats", "-q"], stdin=started.stdout)
    envelope = json.loads(turn.stdout)
    if change:
        change(envelope["state"])
    path = tmp_path / "turn.json"
    path.write_text(json.dumps(envelope))
    return path


def test_pounce_as_the_first_action_leaves_the_cat_vulnerable(tmp_path):
    """Vulnerable: the marker goes "when you activate the cat next", so the activation a
    move starts comes before the move, and a pounce that opens it keeps its marker."""
    path = _cats_turn(tmp_path)
    result = run(["move", "-s", str(path), "-i", "nera", "C3", "--as", "pounce"])
    assert result.code == 0, result.stderr
    nera = json.loads(path.read_text())["state"]["figures"]["nera"]
    assert nera["square"] == "C3" and nera["vulnerable"] is True and nera["ap"] == 0


def test_toxic_stench_is_checked_where_the_cat_activates(tmp_path):
    """Les Détestables, Toxic Stench: a cat activating in the stench's big square takes a
    wound — the square it starts from, not the one its first move reaches."""
    path = _cats_turn(tmp_path, lambda st: st.update(toxic_stench=["0,0"]))
    result = run(["move", "-s", str(path), "-i", "nera", "C3", "--as", "pounce"])
    assert result.code == 0, result.stderr
    assert json.loads(path.read_text())["state"]["figures"]["nera"]["health"] == 8
    path = _cats_turn(tmp_path, lambda st: st.update(toxic_stench=["1,1"]))
    assert run(["move", "-s", str(path), "-i", "nera", "C3", "--as", "pounce"]).code == 0
    assert json.loads(path.read_text())["state"]["figures"]["nera"]["health"] == 9


def test_a_move_in_the_wrong_phase_says_so_first(tmp_path):
    """A refusal names the turn problem before the geometry, and writes nothing."""
    started = tmp_path / "start.json"
    started.write_text(run(["new", S2, "--seed", "3", "-q"]).stdout)
    before = started.read_bytes()
    result = run(["move", "-s", str(started), "-i", "nera", "P16"])
    assert result.code == 4 and "not the cats' turn" in result.stderr
    assert started.read_bytes() == before


def test_move_without_as_never_pounces(tmp_path, s1_state):
    """Movement, Pounce (2 AP, the cat is Vulnerable): `claw move` without --as picks
    a prowl or stride only; a square only a pounce reaches exits 4 naming the mode, its
    cost and `--as pounce`, leaving the state file as it was."""
    path = tmp_path / "s.json"
    path.write_text(s1_state)
    result = run(["move", "-s", str(path), "-i", "nera", "C9", "--free"])
    assert result.code == 4, result.stderr
    assert "only a pounce reaches C9: it costs 2 AP" in result.stderr and "--as pounce" in result.stderr
    assert path.read_text() == s1_state
    result = run(["move", "-s", str(path), "-i", "nera", "C9", "--free", "--as", "pounce"])
    assert result.code == 0, result.stderr
    assert json.loads(path.read_text())["state"]["figures"]["nera"]["vulnerable"] is True
    result = run(["move", "-s", "-", "nera", "A10", "--free"], stdin=s1_state)
    assert result.code == 0 and "stride" in result.stderr
