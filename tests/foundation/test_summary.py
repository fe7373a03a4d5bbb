"""The end-of-game summary (issue 23 item 8): the command that ends a scenario or game says
its outcome, rounds, fallen and removed figures, wounds, loot and dice, from core data
(claw.core.summary) rendered by the CLI (claw.cli.render.summary), once."""

from __future__ import annotations

import json
import os
from pathlib import Path

from claw.cli.commands.simulate import load_setup
from claw.cli.testing import run
from claw.core.sim import engine
from claw.core.sim.engine import Variant
from claw.core.summary import FEW_DICE, dice_record, summary
from tests.paths import ROOT

DUEL = str(ROOT / "tests/msm/files/duel.yaml")


def _head(stderr: str) -> list[str]:
    lines = stderr.splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith("Game over, ")]
    return lines[heads[0]:heads[0] + 6] if heads else []


def test_the_attack_that_wins_an_msm_scenario_sums_it_up():
    """Guy's Brace of Pistols rolls two 12s: two wounds eliminate the Norwegian Brown
    (health 2), the scenario's one victory goal."""
    new = run(["new", DUEL, "--seed", "1", "-q"])
    step = run(["scenario-step", "--dice", "12,1", "-q"], stdin=new.stdout)
    assert step.code == 0, step.stderr
    won = run(["attack", "guy", "rat-1", "--dice", "12,12"], stdin=step.stdout)
    assert won.code == 0, won.stderr
    assert _head(won.stderr) == [
        "Game over, victory after 1 round: The Norwegian Brown is eliminated.",
        "  Fallen: cats down 0; rats removed 1",
        "  Removed: norwegian-brown 1",
        "  Wounds: guy took 0; wounds dealt to rats 2",
        "  Loot: guy: nothing; francs: 0; squares searched: 0",
        "  Dice: 4 d12 (mean 9.25, expected 6.5); 0 seeded, 4 typed at the table; too few dice to judge the luck.",
    ]
    doc = summary("msm", json.loads(won.stdout))
    assert doc["result"] == "victory" and doc["rounds"] == 1 and doc["dice"]["typed"] == 4
    # a command after the end does not say it again; one that does not end the game says nothing
    note = run(["note", "done", "-s", "-"], stdin=won.stdout)
    assert note.code == 0 and "Game over" not in note.stderr
    assert "Game over" not in step.stderr + new.stderr


def _finished_game(path: str, policy: str = "greedy") -> tuple[dict, dict]:
    setup = load_setup(path)
    for k in range(20):
        record, _final = engine.play_game(setup, Variant("x", max_rounds=30), 5, 0, k, engine.load_policy(policy),
                                          keep_script=True)
        if record["outcome"]:
            return record, setup
    raise AssertionError("no game of 20 finished")


def test_a_ratcatcher_game_played_to_its_end_in_claw_play_is_summed_up_once(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    path = "examples/ratcatcher/first-game.yaml"
    record, _setup = _finished_game(path)
    script = Path(tmp_path) / "game.claw"
    script.write_text("\n".join(record["script"]) + "\n")
    r = run(["play", path, "--seed", str(record["seed"]), str(script)])
    assert r.code == 0, r.stderr
    assert r.stderr.count("Game over, ") == 1
    head = _head(r.stderr)
    assert head[0].startswith(f"Game over, {record['outcome']} after {record['rounds']} rounds")
    assert head[1].startswith("  Fallen: rats captured ") and head[-1].startswith("  Dice: ")
    assert r.stderr.rstrip().endswith(head[-1])   # the last thing the game says
    doc = summary("ratcatcher", json.loads(r.stdout))
    assert doc["dice"]["n"] >= FEW_DICE and doc["dice"]["z"] is not None


def test_no_summary_while_a_game_goes_on_nor_for_warriors():
    assert summary("msm", {"state": {"figures": {}}, "log": []}) is None
    assert summary("warriors", {"state": {"outcome": "x"}, "log": []}) is None


def test_a_mice_chapter_summary_reads_its_mice_and_the_hourglass():
    env = {"state": {"outcome": "defeat", "outcome_reason": "the hourglass reached the end marker",
                     "hourglass": 9, "found": ["toothpick"],
                     "mice": [{"name": "Collin", "wounds": 2, "captured": True, "items": ["sword"], "cheese": 1}]},
           "log": [{"events": [{"type": "minion-defeated"}, {"type": "minion-defeated"}, {"type": "escaped"}]}]}
    doc = summary("mice", env)
    assert doc["fallen"] == {"minions defeated": 2, "mice captured": 1}
    assert doc["removed"] == {"minions up the ladder": 1}
    assert doc["wounds"] == {"Collin took": 2} and doc["loot"]["found"] == "toothpick"
    assert doc["time"] == "hourglass on space 9 of the chapter track"


def test_dice_from_the_log_by_kind_with_the_expected_mean():
    # a log holds one draw per die (claw.core.dice.rolling labels each die of a 3d6 "d6"),
    # read as `claw log --dice` reads it (claw.core.dice_luck)
    log = [{"dice": [{"die": "cats' initiative d12", "value": 12}, {"die": "shuffle", "value": 9},
                     {"die": "d6 check", "value": 5}, {"die": "action die (face 1-4)", "value": 4}]},
           {"physical_dice": True, "dice": [{"die": "d12 attack die #1", "value": 1}]}]
    rec = dice_record(log)
    assert rec["kinds"] == {"d12": {"n": 2, "mean": 6.5, "expected": 6.5},
                            "d4": {"n": 1, "mean": 4.0, "expected": 2.5},
                            "d6": {"n": 1, "mean": 5.0, "expected": 3.5}}
    assert (rec["n"], rec["seeded"], rec["typed"], rec["z"]) == (4, 3, 1, None)
    many = [{"dice": [{"die": "d6", "value": 6}] * FEW_DICE}]
    assert dice_record(many)["z"] > 2   # twenty sixes: far above chance


def test_summary_is_imported_only_by_a_command_that_ends_a_game():
    import subprocess
    import sys

    code = ("import sys; from claw.cli.shell.entry import main\n"
            "sys.argv = ['claw', 'roll', '2d6', '--seed', '1']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('claw.core.summary' in sys.modules, 'claw.cli.render.summary' in sys.modules, file=sys.stderr)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ})
    assert r.stderr.strip().splitlines()[-1] == "False False"
