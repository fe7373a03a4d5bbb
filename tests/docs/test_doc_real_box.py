"""The guides' "Playing with the real box" worked examples (issue 15), replayed as written."""

from __future__ import annotations

import json

from tests.docs.test_doc_examples import Guide, repo  # noqa: F401  (repo is a fixture)


def _state(g: Guide, name: str) -> dict:
    return json.loads((g.cwd / name).read_text(encoding="utf-8"))


def test_ratcatcher_real_box(repo):  # noqa: F811
    g = Guide("docs/games/ratcatcher.md", repo, env={"CLAW_STATE": "city.json"})
    g("claw new examples/ratcatcher/first-game.yaml --seed 3 --draw township=3,township=5 "
      "--draw sack=brown,sack=brown,sack=white -o city.json")
    assert _state(g, "city.json")["state"]["city"] == ["0", "3", "5"]
    g('claw adjust 0.b cheese=0 --reason "the rats ate it last round"')
    g('claw adjust 3.c cheese=0 --reason "the rats ate it last round"')
    before = (g.cwd / "city.json").read_bytes()
    g("claw explore 0:e=s --draw township=12,question=nothing,sack=black")
    assert ["0:e", "12:s"] in _state(g, "city.json")["state"]["links"]
    r = g("claw log --last 1      # drawn at the table: township=12, question=nothing, sack=black")
    assert "drawn at the table: township=12, question=nothing, sack=black" in r.stdout
    g("claw undo              # the explore is taken back")
    assert (g.cwd / "city.json").read_bytes() == before


def test_msm_real_box(repo):  # noqa: F811
    g = Guide("docs/games/msm.md", repo, env={"CLAW_STATE": "box.json"})
    g("claw new examples/msm/scenario-1.yaml --seed 7 --draw rats=roach,loot=rapier -o box.json")
    assert _state(g, "box.json")["state"]["loot"]["deck"][0]["id"] == "rapier"
    r = g("claw scenario-step --dice 10,3          # initiative rolled at the table: cats 10, rats 3")
    assert "cats rolled 10" in r.stderr
    g('claw adjust nera square=C8 --reason "she crept there last turn"')
    g("claw search nera --draw loot=staff      # the card you turned over")
    before = (g.cwd / "box.json").read_bytes()
    g('claw adjust nera health=7 --reason "misread the stun"')
    r = g("claw log --last 3")
    assert "drawn at the table: loot=staff" in r.stdout and r.stdout.count("[correction by hand]") == 2
    g("claw undo                               # the health correction is taken back")
    assert (g.cwd / "box.json").read_bytes() == before
    assert [c["id"] for c in _state(g, "box.json")["state"]["figures"]["nera"]["loot"]] == ["staff"]


def test_mice_real_box(repo):  # noqa: F811
    g = Guide("docs/games/mice.md", repo, env={"CLAW_STATE": "chapter.json"})
    g("claw new examples/mice/ghost-of-castle-andon.yaml --seed 2 -o chapter.json")
    g("claw search collin --dice 5             # the die you rolled: face 5")
    before = (g.cwd / "chapter.json").read_bytes()
    g('claw adjust collin wounds=1 --reason "the centipede bit before we started claw"')
    g('claw adjust game scare=2 --reason "we forgot two scare points"')
    assert _state(g, "chapter.json")["state"]["scare"] == 2
    assert g("claw log --last 2").stdout.count("[correction by hand]") == 2
    g("claw undo --steps 2")
    assert (g.cwd / "chapter.json").read_bytes() == before


def test_warriors_real_box(repo):  # noqa: F811
    g = Guide("docs/games/warriors.md", repo, env={"CLAW_STATE": "party.json"})
    g("claw new examples/warriors/bramble.yaml --seed 2 -o party.json")
    r = g("claw hunt bramble mice --dice 2,3,4     # the Locate check rolled at the table")
    assert "3d6 2+3+4=9" in r.stderr
    before = (g.cwd / "party.json").read_bytes()
    g('claw adjust bramble hp=30 --reason "GM: the fall from the oak hurt more"')
    assert "bramble hp 36 → 30" in g("claw log --last 1").stdout
    g("claw undo")
    assert (g.cwd / "party.json").read_bytes() == before
