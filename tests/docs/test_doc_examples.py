"""The user guides' command examples, replayed as written (in-process, from a scratch
copy of the repository layout), one test per guide section.

Each command is first looked up verbatim in its guide, so a doc edit that changes an
example also has to change this file. Examples that roll unseeded dice are left out;
commands on a state built with `--seed` or typed with `--dice` are deterministic.
"""

from __future__ import annotations

import glob
import json
import os
import shlex
import shutil
from pathlib import Path

import pytest

from claw.cli.testing import Result, run
from tests.paths import ROOT


def doc(rel: str) -> str:
    return (ROOT / rel).read_text(encoding="utf-8")


class Guide:
    """Runs `claw …` lines taken from one doc, in a working folder, like a shell would."""

    def __init__(self, rel: str, cwd: Path, env: dict[str, str] | None = None) -> None:
        self.text = doc(rel)
        self.rel = rel
        self.cwd = cwd
        self.env = dict(env or {})

    def __call__(self, line: str, code: int = 0, stdin: str | None = None) -> Result:
        assert line in self.text, f"{self.rel} no longer shows: {line}"
        env = dict(self.env)
        words = shlex.split(line, comments=True)
        while words and "=" in words[0] and not words[0].startswith("-"):   # VAR=value claw …
            name, _, value = words.pop(0).partition("=")
            env[name] = value
        assert words[0] == "claw", line
        target = None
        if ">" in words:                                    # claw … > FILE
            target = words[words.index(">") + 1]
            words = words[:words.index(">")]
        args: list[str] = []
        for w in words[1:]:
            if "{" in w and "}" in w:                       # brace expansion
                head, rest = w.split("{", 1)
                inner, tail = rest.split("}", 1)
                args += [head + part + tail for part in inner.split(",")]
            elif "*" in w:                                  # glob, sorted like a shell
                args += sorted(os.path.relpath(p, self.cwd) for p in glob.glob(str(self.cwd / w)))
            else:
                args.append(w)
        old = os.getcwd()
        os.chdir(self.cwd)
        try:
            r = run(args, stdin=stdin, env=env)
        finally:
            os.chdir(old)
        assert r.code == code, (line, r.code, r.stderr)
        if target:
            (self.cwd / target).write_text(r.stdout, encoding="utf-8")
        return r


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A scratch folder with the repository's examples/ beside it (files written by the
    examples land here, not in the checkout)."""
    (tmp_path / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
    return tmp_path


# --- README.md, docs/conventions.md, docs/commands -------------------------------------

def test_roll_examples(repo):
    """docs/commands/roll.md, Examples."""
    g = Guide("docs/commands/roll.md", repo)
    r = g("claw roll 4d6kh3+2 --dice 6,1,4,5")
    assert r.stdout.strip() == "17" and "4d6kh3 [6, ~~1~~, 4, 5] +2 = 17" in r.stderr
    r = g("claw roll 3d6+4 --vs 12 --odds --json")
    assert json.loads(r.stdout)["vs"]["fraction"] == "181/216"


def test_conventions_dice_and_schema(repo):
    """docs/conventions.md, Dice (the --dice error message, percentile 0,0) and Editors."""
    g = Guide("docs/conventions.md", repo)
    assert "impossible value for a d6: 7 (value #2 of --dice)" in g.text
    r = run(["roll", "2d6", "--dice", "3,7"])
    assert r.code == 2 and "impossible value for a d6: 7 (value #2 of --dice)" in r.stderr
    assert run(["roll", "d%", "--dice", "0,0"]).stdout.strip() == "100"
    g("claw schema scenario-msm > scenario-msm.schema.json")
    schema = json.loads((repo / "scenario-msm.schema.json").read_text())
    assert schema["$schema"].endswith("2020-12/schema")


def test_validate_reports_file_line_column(repo):
    """docs/commands/validate.md: FILE:LINE:COLUMN per problem, exit 3; --format json."""
    r = run(["validate", str(repo / "examples/warriors/broken-cat.yaml"), "--format", "json"])
    assert r.code == 3
    out = json.loads(r.stdout)
    assert {"status", "files"} <= set(out) and out["files"][0]["errors"]


# --- docs/games/msm.md ------------------------------------------------------------------

@pytest.fixture
def msm_board(repo):
    g = Guide("docs/games/msm.md", repo)
    g("claw new examples/msm/scenario-1.yaml --seed 7 -o game.json")
    return g


def test_msm_new_and_show(msm_board):
    """docs/games/msm.md, Starting a game and Drawing the board."""
    g = msm_board
    g("claw new examples/msm/scenario-2.yaml --heroes nera,leon -o duo.json")
    r = g("claw new examples/msm/scenario-1.yaml --place nera=B11,guy=C12 -o placed.json")
    assert "nera B11" in r.stderr and "guy C12" in r.stderr
    r = g("claw show -s game.json")
    assert "12 |N G|L .|" in r.stdout and " 2 |. ?|" in r.stdout
    g("claw show --game msm --map examples/msm/scenario-2.yaml")


def test_msm_los(msm_board):
    """docs/games/msm.md, Line of sight and range."""
    g = msm_board
    r = g("claw los -s game.json adara rat-3")
    assert r.stdout.strip() == "adara (B11) -> rat-3 (E9): visible, range 3"
    assert "visible, clear line B11 top-left -> E9 top-left" in r.stderr
    r = g("claw los -s game.json nera E9")
    assert r.stdout.strip() == "nera (A12) -> E9: blocked, range 3"
    assert "adara on B11 (15 lines), guy on B12 (1 line)" in r.stderr
    g("claw los --game msm --map examples/msm/scenario-2.yaml A1 H8 --show")
    assert "From nera A12" in g("claw los -s game.json --all nera").stdout
    assert json.loads(g("claw los -s game.json nera rat-2 --json").stdout)["to_figure"] == "rat-2"


def test_msm_moves_and_rats(msm_board):
    """docs/games/msm.md, Moving a cat and Where the rats go."""
    g = msm_board
    r = g("claw moves -s game.json nera")
    assert r.stdout.splitlines()[:3] == [
        "prowl (1 AP): A11",
        "stride (1 AP): A9 B9 A10 B10",
        "pounce (2 AP): A7 B7 A8 B8 A9 B9 C9 D9 A10 B10 C10 D10",
    ]
    g("claw scenario-step -s game.json -i --until cats")
    g("claw move -s game.json -i nera A10")
    before = (g.cwd / "game.json").read_bytes()
    r = g("claw move -s game.json -i nera C9 --as pounce", code=4)
    assert "claw: nera has 1 AP left; a pounce costs 2" in r.stderr
    assert (g.cwd / "game.json").read_bytes() == before
    g("claw move -s game.json -i nera A11 --free")
    lines = g("claw rats -s game.json").stdout.splitlines()
    for shown in g.text.split("$ claw rats -s game.json\n")[1].split("…")[0].strip().splitlines():
        assert shown in lines


# --- docs/games/msm-play.md -------------------------------------------------------------

@pytest.fixture
def msm_round(repo):
    g = Guide("docs/games/msm-play.md", repo, env={"CLAW_STATE": "game.json"})
    g("claw new examples/msm/scenario-2.yaml --seed 7 -o game.json")
    g("claw scenario-step --until cats")
    g("claw move leon B4")
    r = g("claw attack leon rat-3 --odds")
    assert "eliminated:         1/3" in r.stdout
    r = g("claw attack leon rat-3 --weapon charleville-musket --dice 11")
    assert "rat-3 (detestable) takes 1 wound(s) and is eliminated" in r.stderr
    g("claw end-activation")
    g("claw scenario-step")
    g("claw scenario-step --until cats")
    return g


def test_msm_play_round_at_the_table(msm_round):
    """docs/games/msm-play.md, A round at the table (the runnable round)."""
    state = json.loads((msm_round.cwd / "game.json").read_text())["state"]
    assert "rat-3" not in state["figures"] and state["rat_discard"] == ["detestable"]
    assert state["round"]["number"] == 2 and state["phase"] == "cats"


def test_msm_play_stateless_attacks(repo):
    """docs/games/msm-play.md, Attacks: without a state (also in table mode)."""
    g = Guide("docs/games/msm-play.md", repo, env={"CLAW_STATE": "game.json"})
    g("claw new examples/msm/scenario-2.yaml --seed 7 -o game.json")
    r = g("claw attack --game msm --attack-dice 2 --stun 7 --wound 9 --mod +3 --odds")
    assert "at least one wound:    119/144" in r.stdout
    r = g("claw attack --game msm --attack-dice 1 --stun 7 --wound 10 --roach --odds --json")
    assert json.loads(r.stdout)["chances"]["eliminate"]["fraction"] == "1/2"
    r = g("claw attack --game msm --attack-dice 1 --stun 6 --wound 9 --stunned-target --hindered --health 2 --odds")
    assert "+3 stunned rat, -2 hindering terrain" in r.stdout


def test_msm_play_spawning_entries_and_taverne(msm_round):
    """docs/games/msm-play.md, Spawning, Entries, and Between scenarios (the Taverne)."""
    g = msm_round
    g("claw scenario-step --until spawn")
    g("claw spawn")
    g("claw scenario-step")
    r = g("claw spawn S1 S4")
    assert "norwegian-brown" in r.stderr
    assert "1/3" in g("claw scratch --take").stderr
    r = g("claw entry 2 --hero leon")
    assert "Tome of Fencing" in r.stderr
    g("claw entry 4")
    g("claw entry 4 --apply")
    g("claw entry 11 --hero nera --apply")
    assert "Victory" in g("claw scenario-step --done brown-down").stderr
    g("claw tavern event")
    g("claw heal guy")
    g("claw tavern shop")
    g("claw tavern sell nera shuriken")
    g("claw tavern buy nera healing-salve")
    g("claw tavern trade nera tanto guy")
    g('claw tavern level nera "Shadow step"')
    g('claw tavern level adara "Staff proficiency:+1:staff"')
    g('claw tavern level nera "Shadow step" --level 1')
    g("claw tavern show")
    g("claw tavern done --campaign campaign.json")
    r = g("claw new examples/msm/scenario-1.yaml --campaign campaign.json --seed 3 -o next.json")
    assert "nera: health 9, level 1" in r.stderr


# --- docs/games/ratcatcher.md and examples/ratcatcher/README.md ------------------------

@pytest.fixture
def rc_dir(tmp_path: Path) -> Path:
    d = tmp_path / "ratcatcher"
    shutil.copytree(ROOT / "examples/ratcatcher", d)
    return d


def test_ratcatcher_examples_readme(rc_dir):
    """examples/ratcatcher/README.md: validate, new, show, then move, gather, step."""
    g = Guide("examples/ratcatcher/README.md", rc_dir)
    assert "ok: 5 file(s) valid" in g("claw validate *.yaml").stderr
    g("claw new first-game.yaml --seed 4 -o game.json")
    assert "Madam Cage" in g("claw show -s game.json").stdout
    for part in ["claw move 0.b -s game.json -i", "claw gather -s game.json -i", "claw scenario-step -s game.json -i"]:
        g(part)
    assert json.loads((rc_dir / "game.json").read_text())["state"]["round"] == 2


def test_ratcatcher_game_at_the_table(rc_dir):
    """docs/games/ratcatcher.md, A game at the table: setup, the menu actions the guide
    says succeed from the start, a refused one (exit 4, state unchanged), the rats."""
    g = Guide("docs/games/ratcatcher.md", rc_dir, env={"CLAW_STATE": "game.json"})
    g("claw new first-game.yaml --seed 4 -o game.json")
    g("claw new first-game.yaml --rat-speed 2 -o fast.json")
    g("claw show")
    g("claw move 0.b")
    g("claw gather")
    g("claw trap snare 0.a")
    before = (rc_dir / "game.json").read_bytes()
    g("claw heal", code=4)
    assert (rc_dir / "game.json").read_bytes() == before
    r = g("claw scenario-step")
    assert "round 2: the Ratcatcher's turn" in r.stderr
    g("claw scenario-step --prefer 0.d")
    g("claw log")
    assert "restored game.json" in g("claw undo").stderr


def test_ratcatcher_scripting_and_quick_help(rc_dir):
    """docs/games/ratcatcher.md, Scripting and Quick table help without a state."""
    g = Guide("docs/games/ratcatcher.md", rc_dir)
    state = g("claw new first-game.yaml --seed 4 -q").stdout
    state = g("claw move 0.b -q", stdin=state).stdout
    state = g("claw gather -q", stdin=state).stdout
    r = g("claw scenario-step", stdin=state)
    assert r.state["state"]["round"] == 2
    r = g("claw attack --game ratcatcher --attack-dice 4 --accuracy 4 --defence 1 --seed 3")
    assert r.stdout.strip() in g.text
    r = g("claw attack --game ratcatcher --attack-dice 4 --accuracy 4 --defence 1 --odds")
    for line in r.stdout.splitlines():
        assert line in g.text


# --- docs/games/mice.md and examples/mice/README.md ------------------------------------

def test_mice_examples_readme(repo):
    """examples/mice/README.md, run from the checkout."""
    g = Guide("examples/mice/README.md", repo)
    g("claw validate examples/mice/ghost-of-castle-andon.yaml")
    g("claw new examples/mice/ghost-of-castle-andon.yaml --seed 7 -o andon.json")
    assert "Chapter track" in g("claw show -s andon.json").stdout
    g("claw place filch tunnel-entrance --spot water -s andon.json -i")
    g("claw search filch -s andon.json -i")
    assert "P(scared) = 0.07% (31/46656)" in g("claw scary-noises --game mice --distance 4 --odds").stdout


def test_mice_start_and_quick_answers(repo):
    """docs/games/mice.md, Start and Quick answers without a state (in table mode)."""
    g = Guide("docs/games/mice.md", repo, env={"CLAW_STATE": "andon.json"})
    g("claw new examples/mice/ghost-of-castle-andon.yaml --seed 7 -o andon.json")
    g("claw show")
    r = g("claw scary-noises --game mice --distance 4 --odds")
    assert r.stdout.startswith("Scary noises with 6 mice against 4 space(s): P(scared) = 0.07% (31/46656)")
    g("claw chest-lid --game mice --others 2 --odds")
    assert g("claw chest-lid --game mice --others 4 --suspicious --dice 6,6,6,6,6").stdout.strip() == "3"
    g("claw move-ghost --game mice 2 --movers 4 --odds")
    assert "(1/6)" in g("claw fling-cheese --game mice --odds").stdout
    g("claw attack --game mice --attack-dice 2 --defence 1 --blackpaw --odds")
    g("claw roll 6dA=cheese --odds")
    r = g("claw scary-noises --game mice --mice 2 --distance 0 --dice cheese,sword")
    assert "cheese" in r.stderr


# --- docs/games/warriors.md and examples/warriors/README.md ----------------------------

PARTY = "claw new examples/warriors/{emberpaw,reedwhisker,sloefoot,bramble,cinderpelt}.yaml --seed 7 -o party.json"


def test_warriors_examples_readme(repo):
    """examples/warriors/README.md, from the checkout (the party is seeded: deterministic)."""
    g = Guide("examples/warriors/README.md", repo, env={"CLAW_STATE": "party.json"})
    r = g("claw validate examples/warriors/*.yaml", code=3)
    assert "broken-cat.yaml:8:1:" in r.stdout + r.stderr
    g(PARTY)
    assert "Cinderpelt (cinderpelt) ThunderClan, 30 moons" in g("claw show").stdout
    r = g("claw hunt emberpaw vole --odds")
    assert "whole hunt: 3275125/17006112 = 19.26%" in r.stdout
    for part in ("claw fight emberpaw bramble", "claw attack emberpaw bramble",
                 "claw heal cinderpelt --knack herb-lore", "claw scenario-step"):
        g(part)


@pytest.fixture
def party(repo):
    g = Guide("docs/games/warriors.md", repo, env={"CLAW_STATE": "party.json"})
    r = g("claw validate examples/warriors/broken-cat.yaml", code=3)
    shown = g.text.split("$ claw validate examples/warriors/broken-cat.yaml\n")[1].split("...")[0]
    for line in shown.strip().splitlines():
        assert line in r.stdout + r.stderr
    r = g(PARTY)
    assert "Emberpaw (ThunderClan, 12 moons) joins: HP 22/22, pools STR 5 INT 3 SPT 2" in r.stderr
    g("claw show")
    return g


def test_warriors_checks_hunting_fighting(party):
    """docs/games/warriors.md, Checks and points, Hunting, Fighting (the runnable lines)."""
    g = party
    text = g.text

    def step(line: str, code: int = 0) -> Result:
        r = g(line, code)
        # every output line printed under the command in the guide (up to the next $)
        block = text.split(line, 1)[1].split("\n", 1)[1].split("$ ")[0].split("```")[0]
        for shown in block.strip().splitlines():
            assert shown in (r.stdout + r.stderr).splitlines(), (line, shown)
        return r

    step("claw check emberpaw see --vs 12 --knack track --dice 3,4,5")
    step("claw check emberpaw strength --points 2 --vs 15 --dice 4,3,5")
    step("claw check emberpaw pounce --vs 14 --odds")
    step("claw check --refresh")
    step("claw refresh emberpaw")
    step("claw check --game warriors --bonus 4 --vs 12 --odds")
    step("claw hunt emberpaw vole --odds")
    step("claw hunt emberpaw vole --knack stalk --points grab=1 --dice 5,5,5,3,3,3,4,4,4,2,3,4")
    g("claw hunt --game warriors vole --stage-bonus locate=5 --stage-bonus approach=4 --odds")
    step("claw fight emberpaw bramble --dice 6,1")
    step("claw attack emberpaw bramble --dice 3,3,3,2,2,2,1,2,3,4")
    step("claw attack --game warriors --attack-bonus 6 --jump-bonus 4 --odds")
    step("claw attack --game warriors --damage-bonus 5 --defender-strength 7 --odds")
    step("claw attack bramble emberpaw --odds --knack pummel")
    step("claw attack bramble emberpaw --odds --pounce")
    # Days: healing, illness, ageing
    step("claw heal cinderpelt --healer reedwhisker --knack herb-lore --dice 3,4,5")
    step("claw heal cinderpelt --herbs catmint,tansy")
    step("claw heal cinderpelt --natural")
    g("claw scenario-step")
    g("claw scenario-step --cough-season")
    r = g("claw scenario-step --age")
    assert "Emberpaw is now 13 moons old (HP 23/23)" in r.stderr
    assert "Emberpaw at 13 moons gains a knack: choose with claw grow emberpaw" in r.stderr
    step("claw grow emberpaw --knack hide")
    step("claw heal --game warriors --lost 6 --bonus 4 --odds")
    # The GM's rulings and wild animals
    step('claw gm emberpaw --damage 3 --reason "a bad Leap landing"')
    step('claw gm sloefoot --sprain 3 --reason "twisted a paw on the rocks"')
    step("claw gm sloefoot --sprain 0")
    step("claw gm bramble --cure whitecough")
    step("claw scenario-step --cough-season --resist-points reedwhisker=2")
    step("claw fight --end")
    step("claw animal fox --name Fox --strength 6 --intelligence 3 --spirit 4 --hp 20 --skills jump=2,bite=2")
    step("claw fight sloefoot fox --dice 6,1")
    step("claw attack sloefoot fox --odds")
    g("claw fight --end")
    step("claw animal fox --remove")
