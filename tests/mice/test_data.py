"""Data files and schemas: tiles as printed (Room Tiles), example chapter, state schema."""

import json

import jsonschema
import pytest

from claw.cli.formats.content import load_schema
from tests.paths import ROOT


def test_tiles_data_matches_its_schema(tiles):
    jsonschema.Draft202012Validator(load_schema("tiles-mice")).validate(tiles)


def test_tiles_schema_rejects_unknown_keys(tiles):
    bad = json.loads(json.dumps(tiles))
    bad["tiles"][0]["colour"] = "grey"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(load_schema("tiles-mice")).validate(bad)


@pytest.mark.parametrize("room,numbers,whole", [
    ("tunnel-entrance", [1, 2, 3, 4, 5], [1]),
    ("kings-tunnels", [1], [1, 2, 3, 5]),
    ("kings-chamber", [1, 2, 3, 4, 5], [1, 3, 5]),
    ("kitchen", [1, 2, 3, 4, 5], [1, 3, 4, 5, 6, 7]),
    ("dining-hall", [1, 2, 3, 4], [1, 2, 4, 5, 6, 7]),
])
def test_room_tiles_numbered_rules_and_whole_tile_markers_as_printed(tiles, room, numbers, whole):
    """Room Tiles: each tile's numbered rules and whole-tile markers as printed."""
    from claw.core.mice.rooms import tile

    t = tile(tiles, room)
    assert [r["n"] for r in t["rules"]] == numbers
    assert t["whole_tile"] == whole


def test_setup_numbers_as_printed(tiles):
    """King's Tunnels 1 (3 elite rat warriors, 4 roaches); Kitchen 1 (1 spider, 1 cave
    centipede, 4 greedy roaches, 1 raider); Dining Hall 1 (3 raiders, 3 elite rat
    warriors, Blackpaw, Barnacle, 2 rat warriors); Barnacle defence 4, life 1."""
    from claw.core.mice.rooms import rule

    kt = {p["kind"]: p["count"] for p in rule(tiles, "kings-tunnels", 1)["place"]}
    assert kt == {"elite-rat-warrior": 3, "roach": 4}
    k = rule(tiles, "kitchen", 1)
    assert {p["kind"]: p["count"] for p in k["place"]} == {"spider": 1, "cave-centipede": 1, "greedy-roach": 4}
    assert k["raiders"] == 1 and k["encounter_card"] is False
    dh = rule(tiles, "dining-hall", 1)
    assert dh["raiders"] == 3
    assert sum(p["count"] for p in dh["place"]) == 3 + 1 + 1 + 2
    assert tiles["special_figures"]["barnacle"]["defense"] == 4
    assert tiles["special_figures"]["barnacle"]["life"] == 1
    assert tiles["special_figures"]["blackpaw"]["extra_attack_dice"] == 2


def test_example_chapter_validates():
    from claw.cli.validation.diagnostics import check_file

    report = check_file(str(ROOT / "examples/mice/ghost-of-castle-andon.yaml"))
    assert report.ok, [d.text() for d in report.diagnostics]
    assert report.schema == "chapter-mice"


def test_new_state_matches_state_schema(fresh):
    jsonschema.Draft202012Validator(load_schema("state-mice")).validate(fresh)


def test_schemas_have_ids():
    for name in ("chapter-mice", "state-mice", "tiles-mice"):
        s = load_schema(name)
        assert s["$id"] == f"urn:claw:schema:{name}"
        assert s["$schema"].endswith("2020-12/schema")
