"""`claw validate` on a hand-written msm scenario with planted mistakes (issue 13): schema
and rule problems in one run, each at its line and column, with suggestions."""

import json
from pathlib import Path

from claw.cli.testing import run
from tests.planted import check_planted

FILES = Path(__file__).parent / "files"


def test_every_planted_mistake_in_one_run():
    found = check_planted(FILES / "planted.yaml")
    by_code = {d["code"]: d for d in found}
    assert "did you mean roach?" in by_code["MSM120"]["message"]
    assert "did you mean objectives?" in by_code["S001"]["message"]
    assert by_code["MSM201"]["severity"] == "warning"


def test_unreachable_objective_and_spawn_are_warnings_not_errors(tmp_path):
    """Setup: cats start on C; an objective or spawn square no path from C reaches is legal
    but almost surely a drawing mistake, so validate warns and exits 0 (3 with --strict)."""
    text = (FILES.parent.parent.parent / "examples" / "msm" / "scenario-1.yaml").read_text()
    text = text.replace('- ".C....##......O."', '- ".C....##.....#O."').replace(
        '- "......##........"', '- "......##.....###"')
    path = tmp_path / "walled.yaml"
    path.write_text(text)
    result = run(["validate", "--no-follow", str(path)])
    assert result.code == 0, result.stdout
    assert "warning: no cat can reach the objective square" in result.stdout and "[MSM201]" in result.stdout
    assert run(["validate", "--no-follow", "--strict", str(path)]).code == 3
    assert run(["validate", "--no-follow", "--strict", "--ignore", "MSM201", str(path)]).code == 0


EXAMPLES = FILES.parent.parent.parent / "examples" / "msm"


def test_placements_name_set_aside_rats_on_markers_of_the_map(tmp_path):
    """Play: a placement puts a set-aside (orange) rat on a marker instead of a pool draw; the
    rat must be set aside in this scenario and the marker on the map."""
    text = (EXAMPLES / "scenario-2.yaml").read_text()
    path = tmp_path / "s.yaml"
    path.write_text(text.replace("placements: {S4: norwegian-brown}", "placements: {S4: norwegian-bruwn, S9: roach}"))
    out = run(["validate", "--no-follow", str(path)]).stdout
    assert "S4 places 'norwegian-bruwn'" in out and "did you mean norwegian-brown?" in out and "[MSM122]" in out
    assert "placement at S9, but the map has no S9 square" in out and "[MSM114]" in out


def test_campaign_and_scenario_references_are_followed(tmp_path):
    """A campaign names its scenario and loot decks, the scenario its loot files: each is
    checked, and a missing one is an error at the key that names it."""
    for name in ("campaign-example.yaml", "scenario-2.yaml"):
        (tmp_path / name).write_text((EXAMPLES / name).read_text())
    result = run(["validate", "--format", "json", str(tmp_path / "campaign-example.yaml")])
    files = json.loads(result.stdout)["files"]
    assert result.code == 3 and [f["file"] for f in files] == [str(tmp_path / n) for n in
                                                               ("campaign-example.yaml", "scenario-2.yaml")]
    assert [(e["path"], e["code"]) for e in files[0]["errors"]] == [("loot_decks[0]", "R001")]
    assert [(e["path"], e["code"]) for e in files[1]["errors"]] == [("loot_files[0]", "R001")]
    (tmp_path / "loot-illustrative.yaml").write_text((EXAMPLES / "loot-illustrative.yaml").read_text())
    assert run(["validate", str(tmp_path / "campaign-example.yaml")]).code == 0


def test_state_loot_paths_are_checked(tmp_path):
    """A state names the loot files its deck came from: validate finds each, from the
    state's own folder when the path is relative (issue 10, item 9). No command reads
    them (the deck is in the state), so a missing one is a warning: validate accepts the
    state as every command does (item 6; tests/foundation/test_qa_state.py)."""
    state = run(["new", str(EXAMPLES / "scenario-1.yaml"), "--seed", "1"]).state
    assert state["state"]["scenario"]["loot_paths"]
    state["state"]["scenario"]["loot_paths"] = ["gone.yaml"]
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state, indent=1))
    result = run(["validate", str(path)])
    assert result.code == 0 and "warning: state.scenario.loot_paths[0]: no such file: gone.yaml" in result.stdout
    assert "[R001]" in result.stdout


def test_a_check_that_needs_a_broken_part_is_skipped_the_others_run():
    """One pass: with `map:` missing, the map's checks are skipped (the schema error says
    it), while the rat names, which do not need the map, are still checked."""
    text = "game: msm\nname: x\nrats:\n  - {type: rooch, count: 2}\nround_track: [[S]]\n"
    out = run(["validate", "-"], stdin=text).stdout.splitlines()
    assert out == ['<stdin>:1:1: missing required property "map" [S004]',
                   "<stdin>:4:6: no rat called 'rooch' in the bestiary; did you mean roach? [MSM120]"]


def test_loot_file_with_no_card_of_the_scenario_levels_is_a_warning(tmp_path):
    """Setup: only the loot cards of the scenario's levels are used; a loot file with none
    of them is an unused deck: a warning at the referring key, exit 0."""
    text = (EXAMPLES / "scenario-1.yaml").read_text().replace("loot_decks: [1]", "loot_decks: [2]")
    (tmp_path / "s.yaml").write_text(text)
    (tmp_path / "loot-illustrative.yaml").write_text((EXAMPLES / "loot-illustrative.yaml").read_text())
    result = run(["validate", str(tmp_path / "s.yaml")])
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("loot_files:"))
    assert result.code == 0
    assert result.stdout.startswith(f"{tmp_path / 's.yaml'}:{line}:14: warning: loot_files[0]: no card of this loot")
    assert "[MSM204]" in result.stdout
