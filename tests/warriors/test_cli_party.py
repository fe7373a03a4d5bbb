"""`claw new`, `claw validate`, `claw check`, `claw refresh`, `claw knack`, `claw show`."""


from hypothesis import given, settings
from hypothesis import strategies as st

from claw.cli.testing import run

from .conftest import EXAMPLES, PARTY, state_of


def test_new_builds_party_with_full_hp_and_pools(party):
    s = state_of(party)
    assert s["order"] == ["emberpaw", "reedwhisker", "sloefoot", "bramble"]
    e = s["cats"]["emberpaw"]
    assert e["hp"] == e["hp_max"] == 22 and e["pools"] == e["abilities"]


def test_new_refuses_a_broken_character():
    res = run(["new", str(EXAMPLES / "broken-cat.yaml")])
    assert res.code == 3 and "broken-cat.yaml:9:3" in res.stderr


def test_validate_reports_positions():
    res = run(["validate", str(EXAMPLES / "broken-cat.yaml")])
    assert res.code == 3
    assert "broken-cat.yaml:17:16: moon 14 gives +1 to intelligence or spirit, not strength" in res.stderr + res.stdout
    assert run(["validate", *PARTY]).code == 0


def test_new_options_choose_rulings():
    res = run(["new", PARTY[0], "--criticals", "total", "--seed", "1"])
    assert res.code == 0 and res.state["state"]["options"]["criticals"] == "total"
    assert run(["new", PARTY[0], "--criticals", "maybe"]).code == 2


def test_check_with_points_and_knack(party):
    res = run(["check", "emberpaw", "see", "--vs", "12", "--knack", "track:2", "-s", str(party),
               "--dice", "3,4,5"])
    assert res.code == 0, res.stderr
    cat = res.state["state"]["cats"]["emberpaw"]
    assert cat["pools"]["intelligence"] == 1
    entry = res.state["log"][-1]
    assert entry["events"][0]["total"] == 12 + 3 + 0 + 2 and entry["events"][0]["success"] is True


def test_check_json_and_refuses_unaffordable(party):
    res = run(["check", "emberpaw", "spirit", "--points", "9", "-s", str(party), "--dice", "3,3,3"])
    assert res.code == 4 and "lacks points" in res.stderr
    assert party.read_text() == party.read_text()


def test_refresh_restores_pools(party):
    res = run(["check", "emberpaw", "pounce", "--points", "3", "-s", str(party), "-i", "--dice", "3,3,3"])
    assert res.code == 0
    assert state_of(party)["cats"]["emberpaw"]["pools"]["intelligence"] == 0
    res = run(["refresh", "-s", str(party), "-i"])
    assert res.code == 0 and state_of(party)["cats"]["emberpaw"]["pools"]["intelligence"] == 3
    res = run(["check", "--refresh", "-s", str(party)])
    assert res.code == 0


def test_stateless_check_and_odds():
    res = run(["check", "--game", "warriors", "--bonus", "4", "--vs", "12", "--dice", "2,3,4"])
    assert res.code == 0 and res.stdout.strip() == "13 success"
    res = run(["check", "--game", "warriors", "--bonus", "0", "--vs", "18", "--odds"])
    assert res.stdout.strip().startswith("3d6+0 vs 18: 2/27")


def test_check_odds_for_a_cat(party):
    res = run(["check", "emberpaw", "pounce", "--vs", "14", "--odds", "-s", str(party)])
    assert res.code == 0 and "3d6+4 vs 14: 5/8 = 62.50%" in res.stdout  # a query: the answer,
    assert "claw-state" not in res.stdout                                # not the state


def test_knack_outside_checks(party):
    res = run(["knack", "bramble", "launch", "-s", str(party)])
    assert res.code == 4
    res = run(["knack", "sloefoot", "dash", "-s", str(party)])
    assert res.code == 4 and "does not know" in res.stderr
    res = run(["knack", "emberpaw", "stalk", "-s", str(party)])
    assert res.code == 4 and "check" in res.stderr


def test_show_lists_the_party(party):
    res = run(["show", "-s", str(party)])
    assert res.code == 0 and "Bramble the rogue" in res.stdout and "HP 36/36" in res.stdout


def test_unknown_cat_and_skill(party):
    assert run(["check", "tigerclaw", "see", "-s", str(party)]).code == 2
    assert run(["check", "emberpaw", "fly", "-s", str(party)]).code == 2


def test_a_hand_edited_inconsistent_state_is_refused(party):
    """A state whose parts contradict each other is an invalid file (exit 3), not a crash."""
    import json
    data = json.loads(party.read_text())
    data["state"]["cats"]["emberpaw"]["pools"]["strength"] = 9
    data["state"]["fight"] = {"round": 1, "turn": 5, "order": ["emberpaw", "ghost"], "wrestles": [],
                              "pins": {}, "chomps": {}, "disoriented": []}
    party.write_text(json.dumps(data))
    for args in (["show"], ["scenario-step"], ["fight", "--next"], ["check", "emberpaw", "see"],
                 ["attack", "emberpaw", "bramble"]):
        res = run([*args, "-s", str(party)])
        assert res.code == 3 and "inconsistent warriors state" in res.stderr, args


COMMANDS = [
    ["check", "{cat}", "{skill}", "--vs", "12"], ["check", "{cat}", "{skill}", "--points", "2", "--knack", "{knack}"],
    ["hunt", "{cat}", "{prey}"], ["hunt", "{cat}", "{prey}", "--knack", "{knack}", "--crowfood"],
    ["fight", "{cat}", "{other}"], ["fight", "--next"], ["fight", "--join", "{cat}"], ["fight", "--end"],
    ["attack", "{cat}", "{other}"], ["attack", "{cat}", "{other}", "--pounce"],
    ["attack", "{cat}", "{other}", "--knack", "{knack}"], ["attack", "{cat}", "{other}", "--bite", "--let-go"],
    ["heal", "{cat}", "--healer", "{other}", "--knack", "herb-lore"], ["heal", "{cat}", "--natural"],
    ["heal", "{cat}", "--herbs", "catmint,tansy"], ["scenario-step"], ["scenario-step", "--age", "--cough-season"],
    ["grow", "{cat}", "--skill", "{skill}"], ["grow", "{cat}", "--knack", "{knack}"], ["refresh"],
    ["knack", "{cat}", "{knack}"], ["eat", "{cat}"], ["show"],
]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(COMMANDS) - 1), st.sampled_from(
    ["emberpaw", "reedwhisker", "sloefoot", "bramble", "nobody"]), st.sampled_from(
    ["emberpaw", "reedwhisker", "sloefoot", "bramble"]), st.sampled_from(["see", "pounce", "sneak", "strength", "fly"]),
    st.sampled_from(["track", "stalk", "dodge", "pin", "launch", "mighty-swat", "feint", "chomp", "dash"]),
    st.sampled_from(["vole", "rabbit", "mouse", "dragon"])), min_size=3, max_size=8), st.integers(0, 1000))
def test_any_command_sequence_ends_in_a_documented_exit_code(tmp_path_factory, steps, seed):
    """Property: whatever a GM types, every command answers 0, 2, 3 or 4 (never an
    internal error) and a refused command leaves the state file as it was."""
    res = run(["new", *PARTY, "--seed", str(seed)])
    path = tmp_path_factory.mktemp("w") / "party.json"
    path.write_text(res.stdout)
    for i, cat, other, skill, knack, prey in steps:
        args = [a.format(cat=cat, other=other, skill=skill, knack=knack, prey=prey) for a in COMMANDS[i]]
        before = path.read_text()
        res = run([*args, "-s", str(path), "-i"])
        assert res.code in (0, 2, 3, 4), (args, res.stderr)
        if res.code:
            assert path.read_text() == before


def test_edited_hp_max_and_knack_levels_are_refused(party):
    """Hit Points (5 + age + Strength) and the Knacks' repeat limits hold in a state too:
    a hand-edited state breaking them is an invalid file (exit 3)."""
    import json
    data = json.loads(party.read_text())
    for change, needle in ((("hp_max", 50), "hp_max"), (("knacks", {"dash": 3, "feint": 1}), "at most 1")):
        edited = json.loads(json.dumps(data))
        edited["state"]["cats"]["emberpaw"][change[0]] = change[1]
        party.write_text(json.dumps(edited))
        res = run(["check", "emberpaw", "see", "-s", str(party)])
        assert res.code == 3 and needle in res.stderr, res.stderr


def test_knack_uses_must_be_one_or_more(party):
    """Leap: "up to four times", each use paid: --uses 0 is a usage error, not one use."""
    import json
    data = json.loads(party.read_text())
    data["state"]["cats"]["emberpaw"]["knacks"]["leap"] = 1
    party.write_text(json.dumps(data))
    res = run(["knack", "emberpaw", "leap", "--uses", "0", "-s", str(party)])
    assert res.code == 2 and "1 or more" in res.stderr
    assert run(["knack", "emberpaw", "leap", "--uses", "5", "-s", str(party)]).code == 4
    res = run(["knack", "emberpaw", "leap", "--uses", "4", "-s", str(party)])
    assert res.code == 0 and res.state["state"]["cats"]["emberpaw"]["pools"]["strength"] == 1


def test_orate_works_only_on_cats_the_gm_controls(tmp_path):
    """Knacks, Orate: "Orate does not work on other players' cats ... only works on cats who are
    controlled by the GM." A --audience cat must be an npc in the state, else exit 4."""
    res = run(["new", str(EXAMPLES / "cinderpelt.yaml"), PARTY[0], PARTY[3], "--seed", "7"])
    assert res.code == 0, res.stderr
    path = tmp_path / "party.json"
    path.write_text(res.stdout)
    before = path.read_text()
    res = run(["check", "cinderpelt", "focus", "--knack", "orate", "--audience", "emberpaw",
               "-s", str(path), "-i", "--dice", "3,3,3"])
    assert res.code == 4 and "controlled by the GM" in res.stderr and "emberpaw" in res.stderr
    assert path.read_text() == before
    res = run(["check", "cinderpelt", "focus", "--knack", "orate", "--audience", "bramble", "--vs", "10",
               "--odds", "-s", str(path)])
    assert res.code == 0, res.stderr
    res = run(["check", "cinderpelt", "focus", "--audience", "bramble", "-s", str(path), "--dice", "3,3,3"])
    assert res.code == 2
    res = run(["check", "cinderpelt", "focus", "--knack", "orate", "--audience", "bramble",
               "-s", str(path), "-i", "--dice", "3,3,3"])
    assert res.code == 0, res.stderr
