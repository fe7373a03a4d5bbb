"""Issue 10 item 9: files a state or campaign refers to are stored relative to the file
that refers to them and resolved from it; a state never stores an absolute path."""

import json
import shutil

from claw.cli.testing import run
from tests.paths import ROOT

EXAMPLES = ROOT / "examples" / "msm"


def ok(args):
    r = run(args)
    assert r.code == 0, (args, r.stderr)
    return r


def test_msm_loot_paths_are_relative_and_survive_moving_the_folder(tmp_path):
    first = tmp_path / "first"
    shutil.copytree(EXAMPLES, first)
    state = first / "saves" / "game.json"
    state.parent.mkdir()
    ok(["new", str(first / "scenario-2.yaml"), "--seed", "3", "-o", str(state)])
    stored = json.loads(state.read_text())["state"]["scenario"]["loot_paths"]
    assert stored == ["../loot-illustrative.yaml"]
    # issue 25 item 5: the scenario the state came from is relative too (it was absolute)
    assert json.loads(state.read_text())["state"]["scenario"]["source"] == "../scenario-2.yaml"
    ok(["scenario-step", "-s", str(state), "-i", "--until", "cats"])
    ok(["scenario-step", "-s", str(state), "-i", "--done", "brown-down"])

    moved = tmp_path / "moved"
    first.rename(moved)  # the whole folder goes elsewhere: nothing points at the old place
    state = moved / "saves" / "game.json"
    ok(["tavern", "event", "-s", str(state), "-i", "--dice", "8"])

    elsewhere = moved / "elsewhere" / "deeper"
    elsewhere.mkdir(parents=True)
    copy = elsewhere / "copy.json"
    ok(["note", "a copy", "-s", str(state), "-o", str(copy)])  # written to another folder: paths rebased
    assert json.loads(copy.read_text())["state"]["scenario"]["loot_paths"] == ["../../loot-illustrative.yaml"]
    assert json.loads(copy.read_text())["state"]["scenario"]["source"] == "../../scenario-2.yaml"
    ok(["tavern", "shop", "-s", str(copy)])
    piped = ok(["note", "to stdout", "-s", str(copy)]).stdout  # a pipe: relative to the current folder
    r = run(["tavern", "shop"], stdin=piped)
    assert r.code == 0, r.stderr

    ok(["tavern", "shop", "-s", str(state), "-i"])  # reads the loot deck through the stored path
    campaign = moved / "campaign.json"
    ok(["tavern", "done", "--campaign", str(campaign), "-s", str(state), "-i"])
    assert json.loads(campaign.read_text())["loot_decks"] == ["loot-illustrative.yaml"]  # relative to it


def test_a_state_naming_an_absolute_path_is_refused(tmp_path):
    state = tmp_path / "game.json"
    shutil.copy(EXAMPLES / "loot-illustrative.yaml", tmp_path)
    ok(["new", str(EXAMPLES / "scenario-1.yaml"), "--seed", "7", "-o", str(state)])
    data = json.loads(state.read_text())
    assert not any(p.startswith("/") for p in data["state"]["scenario"]["loot_paths"])
    data["state"]["scenario"]["loot_paths"] = ["/etc/passwd"]  # a state someone sent you
    state.write_text(json.dumps(data))
    for command in (["validate", str(state)], ["show", "-s", str(state)], ["note", "x", "-s", str(state)]):
        r = run(command)
        assert r.code == 3 and "absolute path" in (r.stdout + r.stderr), (command, r)


def test_call_resolves_stored_paths_from_the_state_folder(tmp_path):
    from claw.cli.framework.call import Call
    from claw.cli.render.output import Output
    from claw.core.errors import InvalidInput

    call = Call(command="x", game="msm", args=[], opts={}, envelope=None, dice=None, output=Output())
    call.state_folder = str(tmp_path / "saves")
    assert call.stored_path(str(tmp_path / "decks" / "loot.yaml")) == "../decks/loot.yaml"
    assert call.state_file("../decks/loot.yaml") == str(tmp_path / "saves" / "../decks/loot.yaml")
    try:
        call.state_file("/etc/passwd")
    except InvalidInput as exc:
        assert "absolute path" in str(exc)
    else:
        raise AssertionError("an absolute stored path was followed")


def test_a_version_1_state_with_absolute_loot_paths_still_reads(tmp_path):
    """PRODUCT "Files": a newer claw reads an older state. Version 1 stored loot files as
    absolute paths; reading one makes them relative to the state's folder (file or stdin)."""
    folder = tmp_path / "camp"
    shutil.copytree(EXAMPLES, folder)
    state = folder / "saves" / "game.json"
    state.parent.mkdir()
    ok(["new", str(folder / "scenario-2.yaml"), "--seed", "3", "-o", str(state)])
    doc = json.loads(state.read_text())
    doc["version"] = 1
    doc["state"]["scenario"]["loot_paths"] = [str(folder / "loot-illustrative.yaml")]
    state.write_text(json.dumps(doc, indent=1) + "\n")
    ok(["show", "-s", str(state)])
    ok(["validate", str(state)])
    ok(["note", "read by a newer claw", "-s", str(state), "-i"])
    after = json.loads(state.read_text())
    assert after["version"] == 2 and after["state"]["scenario"]["loot_paths"] == ["../loot-illustrative.yaml"]
    ok(["validate", str(state)])  # it follows the loot path: the file is found from the new form

    doc["version"] = 2  # a current state may not name an absolute path
    state.write_text(json.dumps(doc, indent=1) + "\n")
    refused = run(["show", "-s", str(state)])
    assert refused.code == 3 and "absolute path" in refused.stderr


def test_a_state_with_an_absolute_scenario_source_still_reads(tmp_path):
    """PRODUCT "Files": states written before issue 25 stored ``scenario.source`` as an
    absolute path. claw never reads that file again, so such a state is read, checked and
    written as before (the loot paths it follows stay refused when absolute)."""
    state = tmp_path / "game.json"
    shutil.copy(EXAMPLES / "loot-illustrative.yaml", tmp_path)
    ok(["new", str(EXAMPLES / "scenario-1.yaml"), "--seed", "7", "-o", str(state)])
    data = json.loads(state.read_text())
    data["state"]["scenario"]["source"] = str(EXAMPLES / "scenario-1.yaml")
    data.pop("checked", None)
    state.write_text(json.dumps(data))
    for command in (["validate", str(state)], ["show", "-s", str(state)], ["note", "x", "-s", str(state), "-i"]):
        ok(command)
