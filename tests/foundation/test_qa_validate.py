"""Independent check of issue 13 (`claw validate` for scenario authors): what a hand-written
file still got wrong on main. Each test names the issue item and, for rules, the rulebook."""

import shutil
from pathlib import Path

from claw.cli.testing import run
from tests.paths import ROOT

EXAMPLES = ROOT / "examples"


def _ratcatcher(tmp_path: Path, scenario_edits: dict) -> Path:
    for f in (EXAMPLES / "ratcatcher").glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    scenario = tmp_path / "first-game.yaml"
    text = scenario.read_text(encoding="utf-8")
    for old, new in scenario_edits.items():
        assert old in text
        text = text.replace(old, new)
    scenario.write_text(text, encoding="utf-8")
    return scenario


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_scenario_checked_against_the_character_file_it_names(tmp_path):
    """Issue 13 item 5 (references checked as part of the run) with Ratcatcher's Tallyman and
    "?" potion tokens (rulebook: Tallyman rewards are ability tokens; a potion gives a token of
    its colour): `claw new` refuses these against madam-cage.yaml, so validate must too, at the
    scenario's own lines and in the same run as a schema error."""
    scenario = _ratcatcher(tmp_path, {"tokens: {smoke: 1, lure: 1}": "tokens: {smok: 1, lure: 1}",
                                      "potion-blue: 1": "potion-red: 1",
                                      "rat_speed: 1": "rat_speed: fast"})
    r = run(["validate", str(scenario)])
    assert r.code == 3, r.stdout
    lines = r.stdout.splitlines()
    tally = [line for line in lines if "[RC141]" in line]
    potion = [line for line in lines if "[RC142]" in line]
    assert len(tally) == 1 and "'smok'" in tally[0] and "did you mean smoke?" in tally[0]
    assert tally[0].startswith(f"{scenario}:{_line_of(scenario, 'smok')}:")
    assert len(potion) == 1 and potion[0].startswith(f"{scenario}:{_line_of(scenario, 'potion-red')}:")
    assert any("[S003]" in line and "rat_speed" in line for line in lines)


def test_peculiar_tokens_need_a_peculiar_deck(tmp_path):
    """Ratcatcher "?" tokens: a peculiar result spawns a Peculiar Rat, so a scenario with such
    tokens and no Peculiar deck cannot be played (RC144, which `claw new` already refuses)."""
    scenario = _ratcatcher(tmp_path, {"peculiar: peculiar-rats.yaml\n": ""})
    r = run(["validate", str(scenario)])
    assert r.code == 3 and "[RC144]" in r.stdout, r.stdout
    assert f"{scenario}:{_line_of(scenario, '  peculiar: 2')}:" in r.stdout


def test_unknown_key_with_nothing_close_lists_the_known_keys(tmp_path):
    """Issue 13 item 2: "when nothing is close, the list of allowed ones" — also for a file's
    top level, which has more keys than a short hint shows."""
    f = tmp_path / "map.yaml"
    f.write_text((EXAMPLES / "msm" / "scenario-1.yaml").read_text(encoding="utf-8")
                 + "defaults: {type: roach}\n", encoding="utf-8")
    r = run(["validate", "--no-follow", str(f)])
    line = next(line for line in r.stdout.splitlines() if '"defaults"' in line)
    assert "known keys here:" in line and "objectives" in line and "round_track" in line, line


def test_wrong_type_names_the_value_once(tmp_path):
    """Issue 13 item 3 (in words a person reads): a long list given where a mapping or a file
    name is wanted is described once, not as "a list a list of 1"."""
    scenario = _ratcatcher(tmp_path, {"townships: townships.yaml": "townships:\n  - {number: 0, name: Market Square,"
                                      " expansion: 1, zones: [{id: a}], connectors: []}"})
    r = run(["validate", "--no-follow", str(scenario)])
    line = next(line for line in r.stdout.splitlines() if line.split(": ", 1)[-1].startswith("townships:"))
    assert "got a list of 1" in line and "a list a list" not in line, line


def test_ignore_of_an_unknown_code_is_a_usage_error(tmp_path):
    """Issue 13 item 4 (stable codes to silence): a mistyped code would silence nothing while
    looking as if it did, so it is refused with the closest code."""
    r = run(["validate", "--ignore", "MICE21", str(EXAMPLES / "mice" / "ghost-of-castle-andon.yaml")])
    assert r.code == 2
    assert "MICE21" in r.stderr and "did you mean MICE201" in r.stderr, r.stderr


def test_a_short_row_does_not_hide_unknown_map_characters(tmp_path):
    """Issue 13 item 1 (one pass, skip only what depends on the broken part): a mistyped
    character is wrong whatever the rows' lengths, so a short row elsewhere must not hide it."""
    text = (EXAMPLES / "msm" / "scenario-1.yaml").read_text(encoding="utf-8")
    text = text.replace('"..L......S......"', '"..L......S..Q..."').replace('".C....##......O."', '".C....##......O"')
    f = tmp_path / "map.yaml"
    f.write_text(text, encoding="utf-8")
    r = run(["validate", "--no-follow", str(f)])
    assert "[MSM101]" in r.stdout, r.stdout
    unknown = [line for line in r.stdout.splitlines() if "[MSM102]" in line]
    assert len(unknown) == 1 and "'Q'" in unknown[0], r.stdout
    row = _line_of(f, "..L......S..Q...")
    assert unknown[0].startswith(f"{f}:{row}:{text.splitlines()[row - 1].index('Q') + 1}:"), unknown[0]


def test_a_reference_to_a_file_already_checked_is_still_of_the_right_kind(tmp_path):
    """Issue 13 item 5 (wrong kind; cycles): a scenario naming itself as a loot file, or a
    campaign naming as its loot deck a scenario also given on the command line, is a wrong-kind
    reference even though that file is checked (once) on its own."""
    for f in (EXAMPLES / "msm").glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    scenario, campaign = tmp_path / "scenario-1.yaml", tmp_path / "campaign-example.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace(
        "loot_files: [loot-illustrative.yaml]", "loot_files: [loot-illustrative.yaml, scenario-1.yaml]"),
        encoding="utf-8")
    r = run(["validate", str(scenario)])
    assert r.code == 3 and r.stdout.count("[R002]") == 1, r.stdout
    assert f"{scenario}:{_line_of(scenario, 'loot_files:')}:" in r.stdout
    campaign.write_text(campaign.read_text(encoding="utf-8").replace(
        "loot_decks: [loot-illustrative.yaml]", "loot_decks: [scenario-2.yaml]"), encoding="utf-8")
    r = run(["validate", str(tmp_path / "scenario-2.yaml"), str(campaign)])
    wrong = [line for line in r.stdout.splitlines() if "[R002]" in line]
    assert len(wrong) == 1 and wrong[0].startswith(f"{campaign}:{_line_of(campaign, 'loot_decks:')}:"), r.stdout


def _msm_goals(tmp_path: Path, goals: str) -> tuple[Path, str]:
    text = (EXAMPLES / "msm" / "scenario-1.yaml").read_text(encoding="utf-8")
    old = "    - {id: reach-o, type: reach, marker: O, text: A cat on the objective square O}\n"
    assert old in text
    f = tmp_path / "goals.yaml"
    f.write_text(text.replace(old, goals), encoding="utf-8")
    r = run(["validate", "--no-follow", str(f)])
    return f, r.stdout


def test_goals_name_markers_and_rats_that_exist(tmp_path):
    """Issue 13 item 2 (values that name things: spawn letters, rat types): a reach goal at a
    marker the map lacks can never be met, and an eliminate goal names a rat of the bestiary."""
    f, out = _msm_goals(tmp_path, "    - {id: reach-p, type: reach, marker: P}\n"
                                  "    - {id: kill, type: eliminate, rat: roch}\n")
    marker = [line for line in out.splitlines() if "[MSM115]" in line]
    assert len(marker) == 1 and " P " in marker[0], out
    assert marker[0].startswith(f"{f}:{_line_of(f, 'reach-p')}:") and "O" in marker[0].split(";")[-1]
    rat = [line for line in out.splitlines() if "[MSM120]" in line]
    assert len(rat) == 1 and "did you mean roach?" in rat[0] and rat[0].startswith(f"{f}:{_line_of(f, 'roch')}:")


def test_a_reach_goal_without_a_place_names_both_ways_to_give_it(tmp_path):
    """Issue 13 item 3 (if-then/anyOf in words): a reach goal needs a marker or squares; naming
    only the first alternative's key sends the author the wrong way half the time."""
    f, out = _msm_goals(tmp_path, "    - {id: reach-o, type: reach}\n")
    line = next(line for line in out.splitlines() if "[S004]" in line)
    assert '"marker"' in line and '"squares"' in line, line


def test_campaign_heroes_are_dramatis_personae_figures(tmp_path):
    """Issue 13 item 2 (figure ids get "did you mean"); MSM rulebook, Choose Your Heroes: the
    cats are the Dramatis Personae heroes, and `claw new` refuses a campaign hero it does not
    know, so validate must say so first, at the hero's key."""
    for f in (EXAMPLES / "msm").glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    campaign = tmp_path / "campaign-example.yaml"
    campaign.write_text(campaign.read_text(encoding="utf-8").replace("  leon:\n", "  lion:\n"), encoding="utf-8")
    r = run(["validate", str(campaign)])
    assert r.code == 3, r.stdout
    hero = [line for line in r.stdout.splitlines() if "[MSM130]" in line]
    assert len(hero) == 1 and "'lion'" in hero[0] and "did you mean leon?" in hero[0], r.stdout
    assert hero[0].startswith(f"{campaign}:{_line_of(campaign, 'lion:')}:3:")
