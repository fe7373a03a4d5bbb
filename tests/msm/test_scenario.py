"""Scenario files: map parsing, big squares, edges and rule-level checks
(rulebook: Squares on the Map, Setup Scenario 1, Scenario Book Rules Layout)."""

import json

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from claw.core.msm.board import BLOCKING, HINDERING, OPEN, edge, format_map, parse_map
from claw.core.msm.checks import check
from claw.core.msm.squares import column_name, parse_square, square_name
from tests.paths import ROOT

EXAMPLES = sorted((ROOT / "examples" / "msm").glob("scenario-*.yaml")) + [ROOT / "examples/msm/large.yaml"]
RATS = {"roach", "norwegian-brown", "detestable", "arbaletrier"}


def load(path):
    return YAML(typ="safe").load(path.read_text())


def test_square_names_round_trip():
    assert parse_square("C7") == (2, 6)
    assert square_name((2, 6)) == "C7"
    assert column_name(25) == "Z" and column_name(26) == "AA" and column_name(63) == "BL"
    assert parse_square("bl64") == (63, 63)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_are_valid(path):
    doc = load(path)
    schema = json.loads((ROOT / "schemas/scenario-msm.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(doc)
    assert check("scenario", doc, RATS) == []


def test_large_example_is_at_least_48_squares():
    board, _ = parse_map(load(ROOT / "examples/msm/large.yaml")["map"])
    assert board.width >= 48 and board.height >= 48


def test_map_characters_terrain_and_markers():
    board, problems = parse_map({"rows": ["C.#~", "r.S1"], "walls": ["A1-B1"], "yellow_lines": ["B2..C2 north"]})
    assert problems == []
    assert board.terrain_at((0, 0)) == OPEN and board.terrain_at((2, 0)) == BLOCKING
    assert board.terrain_at((0, 1)) == HINDERING and board.marker_squares("R") == ((0, 1),)
    assert board.marker_squares("S1") == ((3, 1),)
    assert board.wall_between((0, 0), (1, 0))
    assert edge((1, 1), (1, 0)) in board.yellow_lines and edge((2, 1), (2, 0)) in board.yellow_lines


def test_big_squares_are_2x2_blocks():
    """Squares on the Map: small squares grouped by 4 into big squares."""
    board, _ = parse_map({"rows": ["....", "....", "....", "...."]})
    assert board.big((0, 0)) == board.big((1, 1)) == (0, 0)
    assert board.big((2, 1)) == (1, 0)
    assert sorted(board.big_members((1, 1))) == [(2, 2), (2, 3), (3, 2), (3, 3)]


def test_odd_map_needs_explicit_big_squares():
    _, problems = parse_map({"rows": ["...", "..."]})
    assert any("2x2" in m for _, m in problems)
    board, problems = parse_map({"rows": ["...", "..."], "big_squares": {"offset": [1, 0]}})
    assert problems == [] and board.big((0, 0)) == (0, 0) and board.big((1, 0)) == (1, 0)


def test_yellow_areas_are_connected_regions():
    board, _ = parse_map({"rows": ["~~.~", "..~~"]})
    assert board.region[(0, 0)] == board.region[(1, 0)]
    assert board.region[(3, 0)] == board.region[(2, 1)] != board.region[(0, 0)]


def broken(**changes):
    doc = load(ROOT / "examples/msm/scenario-1.yaml")
    for key, value in changes.items():
        if key.startswith("map_"):
            doc["map"][key[4:]] = value
        else:
            doc[key] = value
    return doc


def messages(doc):
    return check("scenario", doc, RATS)


def test_check_unequal_rows():
    rows = list(load(ROOT / "examples/msm/scenario-1.yaml")["map"]["rows"])
    rows[3] = rows[3] + "."
    problems = messages(broken(map_rows=rows))
    assert problems[0][0] == ("map", "rows", 3) and "row 4" in problems[0][1]


def test_check_unknown_character_names_row_and_column():
    rows = list(load(ROOT / "examples/msm/scenario-1.yaml")["map"]["rows"])
    rows[2] = "..X" + rows[2][3:]
    (problem,) = messages(broken(map_rows=rows))
    (path, message), column = problem, problem.offset
    assert path == ("map", "rows", 2) and "'X'" in message and "C3" in message
    assert column == 2  # the character's index in the row, for FILE:LINE:COLUMN


def test_check_spawn_letter_missing_from_map():
    (path, message), = [p for p in messages(broken(round_track=[[], ["S2"]])) if p.severity == "error"]
    assert path == ("round_track", 1, 0) and "S2" in message


def test_check_no_cat_square():
    rows = [r.replace("C", ".") for r in load(ROOT / "examples/msm/scenario-1.yaml")["map"]["rows"]]
    (path, message), = messages(broken(map_rows=rows))
    assert "no C square" in message


def test_check_room_for_the_heroes_next_to_c():
    """Setup Scenario 1: heroes start on or next to C; a C boxed in by red squares, a wall
    and an R square cannot hold the 4 cats the scenario asks for."""
    rows = ["C#" + "." * 14, "R." + "." * 14] + ["." * 16] * 10
    (path, message), = messages(broken(map_rows=rows, map_walls=[], round_track=[[]], goals={},  # no O square
                                       cats={"count": 4, "two_cat_variant": True}))
    assert path == ("cats", "count") and "only 1 such square" in message


def test_heroes_never_start_on_an_r_square():
    """Setup Scenario 1: an R square next to C gets a rat marker, so no hero starts there."""
    from claw.core.msm.setup import hero_squares

    board, _ = parse_map({"rows": ["RC..", "....", "....", "...."]})
    assert [square_name(s) for s in hero_squares(board)] == ["B1", "C1", "B2"]
    from claw.core.errors import IllegalAction
    from claw.core.msm.setup import check_places

    with pytest.raises(IllegalAction, match="rat marker goes on that R square"):
        check_places(board, {"nera": (0, 0)}, ["nera"])


def test_check_edge_between_non_neighbours():
    (path, message), = messages(broken(map_walls=["A1-C1"]))
    assert path == ("map", "walls", 0) and "orthogonal neighbours" in message


def test_check_edge_off_map():
    (path, message), = messages(broken(map_walls=["P1..P2 east"]))
    assert "leaves the map" in message


def test_check_marker_on_blocking_square():
    doc = broken(map_legend={"x": {"terrain": "blocking", "marker": "R"}})
    doc["map"]["rows"][0] = "x" + doc["map"]["rows"][0][1:]
    problems = messages(doc)
    assert any(p == ("map", "legend", "x") for p, _ in problems)


def test_check_unknown_rat_type():
    (path, message), = messages(broken(rats=[{"type": "roach", "count": 2}, {"type": "dragon", "count": 1}]))
    assert path == ("rats", 1, "type") and "dragon" in message


def test_check_odd_dimensions():
    rows = [r[:-1] for r in load(ROOT / "examples/msm/scenario-1.yaml")["map"]["rows"]]
    problems = messages(broken(map_rows=rows, map_walls=[]))
    assert any("2x2" in m for _, m in problems)


cells = st.sampled_from(list(".#~CRSLO123crslo"))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_format_map_round_trips(half_w, half_h, data):
    """Property: parse(format(parse(rows))) gives the same board."""
    w, h = 2 * half_w, 2 * half_h
    rows = ["".join(data.draw(st.lists(cells, min_size=w, max_size=w))) for _ in range(h)]
    walls = []
    for _ in range(data.draw(st.integers(0, 4))):
        x, y = data.draw(st.integers(0, w - 2)), data.draw(st.integers(0, h - 1))
        walls.append(f"{square_name((x, y))}-{square_name((x + 1, y))}")
    board, problems = parse_map({"rows": rows, "walls": walls})
    assert problems == []
    again, problems = parse_map(format_map(board))
    assert problems == []
    assert again.terrain == board.terrain and again.walls == board.walls
    assert again.markers == board.markers and again.rows == rows
