"""The Ratcatcher benchmarks (a script, not a test): python tests/perf/bench_ratcatcher.py

1. 1,000 full rounds of the bot-scripted example game in one process (new games are
   started as games end).
2. The same turn as a shell pipeline (`move | gather | scenario-step`): wall time of each
   step as a subprocess, with a bare typer app measured in the same run.
3. Rule throughput: attack resolution, exact odds, rats' movement on a large city.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples" / "ratcatcher"
RUNS = int(os.environ.get("RUNS", "15"))


def load(name):
    from ruamel.yaml import YAML

    return YAML(typ="safe").load((EX / name).read_text())


def content():
    from claw.cli.formats.content import load_data

    return dict(scenario=load("first-game.yaml"), character=load("madam-cage.yaml"),
                nemesis=load("rat-king.yaml"), townships=load("townships.yaml"),
                peculiar=load("peculiar-rats.yaml"), rules=load_data("ratcatcher/rules.yaml"))


def rounds_in_process(c, rounds=1000):
    from claw.core.ratcatcher.bot import play_round
    from claw.core.ratcatcher.setup import new_game
    from claw.core.rng import SeededDice

    games = done = 0
    start = time.perf_counter()
    seed = 0
    while done < rounds:
        dice = SeededDice(seed)
        s, _ = new_game(c["scenario"], c["character"], c["nemesis"], c["townships"], c["peculiar"], c["rules"], dice)
        games += 1
        while not s["outcome"] and done < rounds:
            s, _ = play_round(s, dice)
            done += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return {"rounds": done, "games started": games, "seconds": round(elapsed, 3),
            "ms per round": round(elapsed / done * 1000, 3)}


# Bytecode caching on, as on a user's machine (this sandbox sets PYTHONDONTWRITEBYTECODE,
# which would add the compile time of every module to every run).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd, stdin=None, cwd=None):
    subprocess.run(cmd, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd, env=ENV)
    samples = []
    for _ in range(RUNS):
        t = time.perf_counter()
        subprocess.run(cmd, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd,
                       env=ENV, check=False)
        samples.append((time.perf_counter() - t) * 1000)
    return {"min ms": round(min(samples), 1), "median ms": round(statistics.median(samples), 1)}


def pipeline_steps():
    claw = shutil.which("claw") or sys.exit("claw is not installed in this environment")
    start = subprocess.run([claw, "new", "first-game.yaml", "--seed", "4", "-q"], cwd=EX,
                           capture_output=True, check=True).stdout
    after_move = subprocess.run([claw, "move", "0.b", "-s", "-", "-q"], input=start,
                                capture_output=True, check=True).stdout
    after_gather = subprocess.run([claw, "gather", "-s", "-", "-q"], input=after_move,
                                  capture_output=True, check=True).stdout
    hello = "import typer\napp = typer.Typer()\n@app.command()\ndef hello(name: str = 'x'):\n    print(name)\napp()\n"
    out = {
        "bare typer app": timed([sys.executable, "-c", hello]),
        "claw new first-game.yaml": timed([claw, "new", "first-game.yaml", "--seed", "4", "-q"], cwd=EX),
        "claw move 0.b": timed([claw, "move", "0.b", "-s", "-", "-q"], stdin=start),
        "claw gather": timed([claw, "gather", "-s", "-", "-q"], stdin=after_move),
        "claw scenario-step": timed([claw, "scenario-step", "-s", "-", "-q"], stdin=after_gather),
        "claw show": timed([claw, "show", "-s", "-"], stdin=after_gather),
    }
    t = time.perf_counter()
    for _ in range(RUNS):
        subprocess.run(f"{claw} move 0.b -s - -q | {claw} gather -s - -q | {claw} scenario-step -s - -q",
                       shell=True, input=start, stdout=subprocess.DEVNULL, env=ENV, check=True)
    out["whole pipeline move | gather | scenario-step (ms, mean)"] = round((time.perf_counter() - t) / RUNS * 1000, 1)
    return out


def rule_throughput():
    from claw.core.outcome import Outcome
    from claw.core.ratcatcher.city import neighbours
    from claw.core.ratcatcher.combat import Target, capture_odds, resolve_attack
    from claw.core.ratcatcher.rats import move_rats
    from claw.core.ratcatcher.townships import add_card
    from claw.core.rng import PhysicalDice

    out = {}
    targets = ([Target("brown", "brown", 0)] * 3 + [Target("white", "white", 1)] * 3
               + [Target("nemesis", "nemesis", 1, 5)])
    n = 20000
    t = time.perf_counter()
    for _i in range(n):
        resolve_attack([6, 5, 4, 3, 2, 1], 4, targets)
    out["attack resolutions/s (6 dice, 7 targets)"] = round(n / (time.perf_counter() - t))
    t = time.perf_counter()
    capture_odds(12, 4, 2, 6)
    out["exact odds 12 dice, 6 rats (ms)"] = round((time.perf_counter() - t) * 1000, 2)
    # a large city: 300 cards of 5 zones in a chain, rats on every zone, cheese at the end
    cards = {}
    for k in range(300):
        cards[str(k)] = {"number": k, "expansion": 1, "zones": [
            {"id": "a", "adjacent": ["b", "c"]}, {"id": "b", "adjacent": ["d"]}, {"id": "c", "adjacent": ["d"]},
            {"id": "d", "adjacent": ["e"]}, {"id": "e"}],
            "connectors": [{"id": "w", "zone": "a"}, {"id": "e", "zone": "e"}]}
    state = {"cards": cards, "city": [], "links": [], "zones": {}, "peculiar": [], "traps": {},
             "nemesis": {"zone": None}, "options": {"rat_speed": 1},
             "ratcatcher": {"zone": "150.c", "board": {"abilities": []}}}
    for k in range(300):
        add_card(state, str(k))
        if k:
            state["links"].append([f"{k - 1}:e", f"{k}:w"])
    for z in state["zones"].values():
        z["rats"] = {"brown": 1, "black": 1, "white": 1}
    state["zones"]["299.e"]["cheese"] = 1
    state["zones"]["0.a"]["cheese"] = 1
    t = time.perf_counter()
    neighbours(state)
    out["large city (1500 zones): adjacency ms"] = round((time.perf_counter() - t) * 1000, 2)
    t = time.perf_counter()
    move_rats(state, PhysicalDice([]), Outcome())
    out["large city: move all rats (ms; active cards only)"] = round((time.perf_counter() - t) * 1000, 1)
    return out


def main():
    import platform

    c = content()
    result = {
        "machine": f"{platform.machine()} {platform.processor() or ''} {os.cpu_count()} cpu, "
                   f"Python {platform.python_version()}".strip(),
        "in-process rounds": rounds_in_process(c),
        "rule throughput": rule_throughput(),
        "shell pipeline (subprocess per step)": pipeline_steps(),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
