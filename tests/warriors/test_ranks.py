"""Ranks: "rogues, loners, and kittypets have no ranks"; Clan Ranks: one leader and one
deputy per Clan, 3-5 elites; a leader's nine lives (fewer while the previous leader lives)."""

from __future__ import annotations

import json

from claw.cli.testing import run
from claw.core.warriors.character import check
from claw.core.warriors.fight import lose_hp
from claw.core.warriors.party import problems
from claw.core.warriors.sunrise import _die

from .conftest import EXAMPLES, dice


def test_kittypets_loners_and_rogues_have_no_ranks(doc, rules):
    """Ranks: outsiders hold rank none; a kittypet leader or a loner deputy is a finding
    at `rank` (WAR108); a Tribe cat holds a Tribe rank, a ThunderClan cat a Clan rank."""
    d = doc("bramble")                                   # a loner, rank none
    assert check(d, rules) == []
    d["rank"] = "deputy"
    found = check(d, rules)
    assert [(f.path, f.code) for f in found] == [(("rank",), "WAR108")]
    assert "no ranks" in found[0].message
    k = doc("reedwhisker")
    k["clan"], k["rank"] = "kittypets", "leader"
    assert any(f.path == ("rank",) and "no ranks" in f.message for f in check(k, rules))
    t = doc("reedwhisker")
    t["rank"] = "stoneteller"                            # a Tribe rank in RiverClan
    assert any(f.path == ("rank",) and "tribe rank" in f.message for f in check(t, rules))


def test_a_leader_has_nine_lives_or_fewer_and_only_a_leader(doc, rules):
    """Clan Ranks, Leader: "normally granted nine lives", one fewer for each life the
    previous leader still has; lives on any other rank is a finding."""
    from claw.core.warriors.character import build

    d = doc("reedwhisker")
    d["rank"] = "leader"
    cat, found = build(d, rules)
    assert found == [] and cat["lives"] == 9
    d["lives"] = 6
    assert build(d, rules)[0]["lives"] == 6
    d["rank"] = "warrior"
    assert any(f.path == ("lives",) for f in check(d, rules))


def test_a_leader_loses_a_life_instead_of_dying(cat, rules):
    """Clan Ranks, Leader (nine lives) with Death: a failed death roll takes a life while
    more than one is left (knocked out at 0 HP); the last life is the cat's death."""
    leader = cat("reedwhisker", rank="leader", lives=2)
    st = {"day": 0, "options": {}, "order": ["reedwhisker"], "fight": None, "cats": {"reedwhisker": leader}}
    ev = lose_hp(st, rules, "reedwhisker", leader["hp"] + 30, dice(1, 1))
    after = st["cats"]["reedwhisker"]
    assert after["status"] == "knocked-out" and after["lives"] == 1 and after["hp"] == 0
    assert any(e["type"] == "life-lost" for e in ev)
    lose_hp(st, rules, "reedwhisker", 30, dice(1, 1))
    assert st["cats"]["reedwhisker"]["status"] == "dead"
    sick, events = _die(dict(leader), "greencough", [])                 # an illness's death too
    assert sick["status"] == "knocked-out" and sick["lives"] == 1 and events[0]["type"] == "life-lost"
    plain, _ = _die(cat("reedwhisker"), "greencough", [])
    assert plain["status"] == "dead"


def test_one_leader_and_one_deputy_per_clan_across_the_party(cat, rules, tmp_path):
    """Clan Ranks: "only one leader per Clan", "only one deputy per Clan", 3-5 elites: a
    party state breaking a limit is refused on read, and `claw new` refuses the files
    (exit 3) naming the file and the rule; two Clans may each have a leader."""
    a, b = cat("reedwhisker", rank="leader", lives=9), cat("reedwhisker", id="reedtail", rank="leader", lives=9)
    st = {"day": 0, "options": {}, "order": ["reedwhisker", "reedtail"], "fight": None,
          "cats": {"reedwhisker": a, "reedtail": b}}
    assert any("only one leader per Clan" in p for p in problems(st, rules))
    st["cats"]["reedtail"] = dict(b, clan="windclan")
    assert not any("leader" in p for p in problems(st, rules))
    text = (EXAMPLES / "reedwhisker.yaml").read_text().replace("rank: warrior", "rank: deputy")
    one, two = tmp_path / "one.yaml", tmp_path / "two.yaml"
    one.write_text(text)
    two.write_text(text.replace("id: reedwhisker", "id: reedtail"))
    r = run(["new", str(one), str(two)])
    assert r.code == 3 and "only one deputy per Clan" in r.stderr and "two.yaml" in r.stderr
    r = run(["new", str(one)])
    assert r.code == 0 and json.loads(r.stdout)["state"]["cats"]["reedwhisker"]["rank"] == "deputy"
