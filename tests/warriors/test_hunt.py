"""Hunting (rulebook: Hunting, Prey, Ration Table, A Note on Crowfood)."""

from fractions import Fraction

import pytest

from claw.cli.testing import run
from claw.core.errors import IllegalAction, UsageError
from claw.core.warriors.hunt import HuntSpec, best_sense, eat_crowfood, hunt, odds

from .conftest import dice


def party_of(*cats):
    """A party state holding these cats (the rules take the state and a cat's id)."""
    return {"day": 0, "options": {}, "cats": {c["id"]: c for c in cats}, "order": [c["id"] for c in cats],
            "fight": None}


def run_hunt(c, rules, spec, dice, *others):
    """The hunt's outcome for cat ``c`` (helpers in ``others``): (the hunter after it, the info)."""
    out = hunt(party_of(c, *others), rules, c["id"], spec, dice)
    return out.state["cats"][c["id"]], out.info


def crowfood(c, rules, dice, d100_rule="below", illness=None):
    out = eat_crowfood(party_of(c), rules, c["id"], dice, d100_rule, illness)
    return out.state["cats"][c["id"]], out.info


def test_four_stages_in_order_against_the_prey_row(cat, rules):
    """Locate (best sense), Approach (Sneak), Grab (Pounce), Kill (Bite) vs Vole 16/10/10/9.
    Emberpaw: listen 2+1, sneak 2+1, pounce 3+1, bite 5+1; Stalk +2 for 1 Spirit."""
    c = cat("emberpaw")
    spec = HuntSpec(prey="vole", knacks=[("stalk", 1)], spend={"grab": 1})
    new, r = run_hunt(c, rules, spec, dice(5, 5, 5, 3, 3, 3, 4, 4, 4, 2, 3, 4))
    assert [s["stage"] for s in r["stages"]] == ["locate", "approach", "grab", "kill"]
    assert [s["total"] for s in r["stages"]] == [18, 14, 17, 15]
    assert [s["skill"] for s in r["stages"]] == ["listen", "sneak", "pounce", "bite"]
    assert r["caught"] and r["rations"] == "1" and r["hours_fed"] == {"min": 24, "max": 24}
    assert new["pools"] == {"strength": 5, "intelligence": 2, "spirit": 1}


def test_hunt_stops_at_first_failure_and_pays_only_reached_stages(cat, rules):
    c = cat("emberpaw")
    spec = HuntSpec(prey="rabbit", knacks=[("stalk", 1)])
    # locate 7 + 3 = 10 vs 10: found; approach 8 + 3 + 2 = 13 vs 18: the rabbit bolts
    new, r = run_hunt(c, rules, spec, dice(2, 2, 3, 2, 3, 3))
    assert not r["caught"] and r["failed_stage"] == "approach" and len(r["stages"]) == 2
    assert new["pools"]["spirit"] == 1


def test_locate_uses_the_best_sense_or_the_named_one(cat, rules):
    c = cat("reedwhisker")        # see: INT 3 + 1 = 4; listen: SPT 5 + 0 = 5
    assert best_sense(c, rules) == ("listen", [])
    _, r = run_hunt(c, rules, HuntSpec(prey="mice", sense="see"), dice(1, 2, 3))
    assert r["stages"][0]["skill"] == "see"


def test_track_and_alertness_help_locate(cat, rules):
    c = cat("emberpaw")
    _, r = run_hunt(c, rules, HuntSpec(prey="mice", knacks=[("track", 2)]), dice(3, 4, 4))
    assert r["stages"][0]["knack_bonus"] == 2 and r["stages"][0]["total"] == 11 + 3 + 2
    with pytest.raises(IllegalAction):
        run_hunt(c, rules, HuntSpec(prey="mice", knacks=[("feint", 1)]), dice(4, 4, 4))


def test_exact_hunt_odds_multiply_the_stages(cat, rules):
    """Each stage's exact chance; the whole hunt is their product."""
    res = odds(party_of(cat("emberpaw")), rules, "emberpaw", HuntSpec(prey="vole"))
    ch = [r["chance"] for r in res["stages"]]
    # listen 3 vs 16: 3d6 >= 13 (56/216) with 6,6,x criticals already inside (>= 13)
    assert ch[0] == Fraction(56, 216)
    assert ch[2] == Fraction(197, 216)     # 3d6 >= 6, minus 9 critical failures 1,1,4..6
    assert res["success"] == ch[0] * ch[1] * ch[2] * ch[3]


def test_sick_or_sprained_cats_cannot_hunt(cat, rules):
    with pytest.raises(IllegalAction, match="Whitecough"):
        run_hunt(cat("emberpaw", diseases=[{"id": "whitecough", "day": 0}]), rules, HuntSpec(prey="vole"), dice())
    with pytest.raises(IllegalAction, match="sprain"):
        run_hunt(cat("emberpaw", sprain=2), rules, HuntSpec(prey="vole"), dice())


def test_crowfood_below_66_falls_ill(cat, rules):
    """Crowfood: 1d100 below 66 falls ill; 66 does not; ShadowClan never rolls."""
    c = cat("emberpaw")
    new, r = crowfood(c, rules, dice(6, 5))
    assert r["rolled"] == 65 and r["ill"] and new["ailments"] == ["crowfood"]
    new, r = crowfood(c, rules, dice(6, 6))
    assert r["rolled"] == 66 and not r["ill"]
    new, r = crowfood(c, rules, dice(6, 6), "percent")
    assert r["ill"]
    new, r = crowfood(cat("sloefoot"), rules, dice())
    assert r["immune"] and not r["ill"]
    new, r = crowfood(c, rules, dice(0, 1), illness="whitecough")
    assert new["diseases"] == [{"id": "whitecough", "day": 0}]


def test_hunt_command_with_dice(party):
    res = run(["hunt", "emberpaw", "vole", "--knack", "stalk", "--points", "grab=1", "-s", str(party),
               "--dice", "5,5,5,3,3,3,4,4,4,2,3,4", "--weight", "plump"])
    assert res.code == 0, res.stderr
    events = res.state["log"][-1]["events"]
    assert [e["type"] for e in events] == ["choice"] + ["hunt-stage"] * 4 + ["catch", "fresh-kill"]
    assert events[0]["options"] == ["listen", "see", "smell"]
    assert events[-2]["rations"] == "2"


def test_hunt_command_crowfood_and_failure(party):
    res = run(["hunt", "emberpaw", "rabbit", "-s", str(party), "--dice", "1,2,3"])
    assert res.code == 0 and "gets away at the locate stage" in res.stderr
    res = run(["eat", "reedwhisker", "--crowfood", "-s", str(party), "--dice", "3,0"])
    assert res.code == 0 and res.state["state"]["cats"]["reedwhisker"]["ailments"] == ["crowfood"]


def test_stateless_hunt_odds():
    res = run(["hunt", "--game", "warriors", "vole", "--stage-bonus", "locate=5", "--stage-bonus", "approach=4",
               "--stage-bonus", "grab=4", "--stage-bonus", "kill=6", "--odds", "--json"])
    assert res.code == 0
    import json
    data = json.loads(res.stdout)
    assert data["success"]["fraction"] == str(Fraction(108, 216) * Fraction(197, 216) ** 2 * Fraction(200, 216))


def test_bad_hunt_input(party):
    assert run(["hunt", "emberpaw", "dragon", "-s", str(party)]).code == 2
    assert run(["hunt", "emberpaw", "vole", "--points", "chase=2", "-s", str(party)]).code == 2


def test_party_shares_the_hunt(cat, rules):
    """Complicated Actions: another cat may make a stage's check. Reedwhisker locates
    (listen: SPT 5 + 0, Alertness +1 for 1 Spirit), Emberpaw does the rest."""
    c, helper = cat("emberpaw"), cat("reedwhisker")
    spec = HuntSpec(prey="vole", knacks=[("alertness", 1)])
    spec.helpers = {"locate": "reedwhisker"}
    out = hunt(party_of(c, helper), rules, "emberpaw", spec, dice(4, 4, 3, 3, 3, 3, 4, 4, 4, 2, 3, 4))
    new, r = out.state["cats"]["emberpaw"], out.info
    assert r["stages"][0]["cat"] == "reedwhisker" and r["stages"][0]["total"] == 11 + 5 + 1
    assert r["caught"] and out.state["cats"]["reedwhisker"]["pools"]["spirit"] == 4
    assert new["pools"] == c["pools"]
    res = odds(party_of(c, helper), rules, "emberpaw", spec)
    assert res["stages"][0]["by"] == "reedwhisker" and res["stages"][0]["bonus"] == 6


def test_hunt_command_with_a_helper(party):
    res = run(["hunt", "emberpaw", "vole", "--helper", "locate=reedwhisker", "--knack", "alertness",
               "-s", str(party), "--dice", "4,4,3,3,3,3,4,4,4,2,3,4"])
    assert res.code == 0, res.stderr
    assert "Locate (Reedwhisker)" in res.stderr
    assert res.state["state"]["cats"]["reedwhisker"]["pools"]["spirit"] == 4


def test_a_failed_stage_can_be_retried_without_redoing_the_earlier_ones(cat, rules):
    """Complicated Actions: a cat that passed Locate and failed Approach need not locate
    again; the hunt resumes at the failed stage (--resume)."""
    spec = HuntSpec(prey="vole")
    spec.start = "approach"
    _, r = run_hunt(cat("emberpaw"), rules, spec, dice(3, 3, 3, 4, 4, 4, 2, 3, 4))
    assert [s["stage"] for s in r["stages"]] == ["approach", "grab", "kill"] and r["caught"]
    rows = odds(party_of(cat("emberpaw")), rules, "emberpaw", spec)["stages"]
    assert [row["stage"] for row in rows] == ["approach", "grab", "kill"]
    spec.knacks = [("track", 1)]
    with pytest.raises(IllegalAction, match="skips"):
        run_hunt(cat("emberpaw"), rules, spec, dice())
    spec.start = "chase"
    with pytest.raises(UsageError):
        run_hunt(cat("emberpaw"), rules, spec, dice())


def test_hunt_command_resumes_at_a_stage(party):
    res = run(["hunt", "emberpaw", "vole", "--resume", "grab", "-s", str(party), "--dice", "4,4,4,2,3,4"])
    assert res.code == 0, res.stderr
    assert [e["stage"] for e in res.state["log"][-1]["events"] if e["type"] == "hunt-stage"] == ["grab", "kill"]
    assert run(["hunt", "emberpaw", "vole", "--resume", "chase", "-s", str(party)]).code == 2


def test_negative_stage_points_and_refusals_print_no_half_story(party):
    """Spending Points: points are spent, never taken back, so a negative spend is a
    usage error even for a stage the hunt never reaches; a refused hunt prints only why."""
    res = run(["hunt", "emberpaw", "vole", "--points", "kill=-1", "-s", str(party), "--dice", "1,1,2"])
    assert res.code == 2 and "0 or more" in res.stderr
    res = run(["hunt", "emberpaw", "vole", "--knack", "feint", "-s", str(party), "--dice", "4,4,4"])
    assert res.code == 4 and "tie" not in res.stderr and len(res.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("change, reason", [
    ({"diseases": [{"id": "whitecough", "day": 0}]}, "Whitecough"),
    ({"sprain": 2}, "sprain"),
    ({"status": "knocked-out", "hp": 0}, "knocked-out"),
])
def test_hunt_odds_refused_for_a_cat_that_cannot_hunt(party, change, reason):
    """Whitecough ("unable to hunt or fight"), Sprains (no hunting), Knocked Out ("cannot do
    anything at all"): `hunt --odds` is refused with exit 4 like the hunt itself, for the
    hunter and for a helper."""
    import json
    doc = json.loads(party.read_text())
    doc["state"]["cats"]["emberpaw"].update(change)
    party.write_text(json.dumps(doc))
    res = run(["hunt", "emberpaw", "vole", "--odds", "-s", str(party)])
    assert res.code == 4 and reason in res.stderr
    res = run(["hunt", "reedwhisker", "vole", "--helper", "locate=emberpaw", "--odds", "-s", str(party)])
    assert res.code == 4 and reason in res.stderr
    assert run(["hunt", "reedwhisker", "vole", "--odds", "-s", str(party)]).code == 0


def test_hide_is_refused_on_the_hunts_approach_with_its_condition(cat, rules):
    """Hide: +2 to a Sneak check "if your cat is sitting still in a single spot … As soon
    as the cat moves, this bonus is lost entirely"; Hunting's Approach is the cat moving
    close to its prey, so Hide adds nothing there: refused (exit 4) naming the condition
    and where it does help (ruling 54)."""
    c = cat("emberpaw")
    with pytest.raises(IllegalAction, match="keeping still") as err:
        run_hunt(c, rules, HuntSpec(prey="mice", knacks=[("hide", 1)]), dice(4, 4, 4))
    assert "claw check CAT sneak --knack hide" in str(err.value)


def test_a_hunt_from_plain_numbers_is_the_same_rule(cat, rules):
    """Hunting: "In any attempt to hunt there are four stages", each a check against the
    prey's row (Prey), the chain ending at the first failure. From plain numbers (no party,
    `claw hunt --game warriors PREY --stage-bonus ...`) the same core rule runs: one event
    per stage made, with its sentence, and the stage that failed."""
    out = hunt(None, rules, None, HuntSpec(prey="vole", bonus={"locate": 5}), dice(4, 4, 4, 1, 2, 3))
    assert out.state is None
    assert [e["type"] for e in out.events] == ["hunt-stage", "hunt-stage"]
    assert out.events[0]["text"] == "locate: 3d6 4+4+4 + 5 = 17 vs 16: success"
    assert out.events[1]["text"] == "approach: 3d6 1+2+3 + 0 = 6 vs 10: failure"
    assert not out.info["caught"] and out.info["failed_stage"] == "approach"
    plain = odds(None, rules, None, HuntSpec(prey="vole", bonus={"locate": 3, "approach": 3, "grab": 4, "kill": 6}))
    # emberpaw's own bonuses (listen 3, sneak 3, pounce 4, bite 6) give the same chances
    assert plain["success"] == odds(party_of(cat("emberpaw")), rules, "emberpaw", HuntSpec(prey="vole"))["success"]


def test_the_hunt_tells_its_story_as_events(cat, rules):
    """Hunting, Ration Table, Sprains: the hunt's events carry their sentences (the command
    line only shows them): the Locate tie, each stage, the catch with its rations and
    hours fed, and a sprain from a critical failure on a physical stage."""
    out = hunt(party_of(cat("emberpaw")), rules, "emberpaw", HuntSpec(prey="vole", weight="plump"),
               dice(5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6))
    assert [e["type"] for e in out.events] == ["choice"] + ["hunt-stage"] * 4 + ["catch", "fresh-kill"]
    assert out.events[-2]["text"] == "Emberpaw catches vole (plump): 2 ration(s), feeds one cat 48 hours"
    assert all(e["text"] for e in out.events)
    out = hunt(party_of(cat("emberpaw")), rules, "emberpaw", HuntSpec(prey="vole", sense="listen"),
               dice(5, 5, 5, 1, 1, 2))
    assert [e["type"] for e in out.events] == ["hunt-stage", "hunt-stage", "escape", "sprain"]
    assert out.events[-1]["text"] == "Emberpaw is sprained: rest 3 sunrises"
    assert out.state["cats"]["emberpaw"]["sprain"] == 3
