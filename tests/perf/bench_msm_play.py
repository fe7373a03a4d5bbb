"""Benchmarks of the msm play rules (plain script, not collected by pytest).

    python tests/perf/bench_msm_play.py

1. one full rats' turn with 40 rats on the large example map (64x64), in-process;
2. a 50-round scripted scenario (scenario 2, the autoplay table player) in one process;
3. 10 rounds as a shell pipeline of ``claw`` calls, wall time per step, against a bare
   typer app started the same way.
"""

from __future__ import annotations

import copy
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from claw.core.msm.rat_turn import rats_turn  # noqa: E402
from claw.core.msm.setup import board_from_state, new_state  # noqa: E402
from claw.core.rng import SeededDice  # noqa: E402
from tests.msm.autoplay import play  # noqa: E402
from tests.msm.play_helpers import BESTIARY, load  # noqa: E402
from tests.msm.test_play_scenario import start  # noqa: E402


def timed(fn, repeat=5):
    runs = []
    result = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        runs.append(time.perf_counter() - t0)
    return statistics.median(runs) * 1000, min(runs) * 1000, result


def rats_turn_bench() -> None:
    doc = load("examples/msm/large.yaml")
    state = new_state(doc, SeededDice(1)).state
    board = board_from_state(state)
    for fig in state["figures"].values():      # all revealed so every rat has its powers
        if fig["side"] == "rat":
            fig["revealed"] = True
    rats = sum(1 for f in state["figures"].values() if f["side"] == "rat")
    state["phase"] = "rats"

    runs = []
    for _ in range(15):
        fresh = copy.deepcopy(state)  # copied outside the timed part, one at a time
        t0 = time.perf_counter()
        events = rats_turn(fresh, board, SeededDice(2), BESTIARY).events
        runs.append(time.perf_counter() - t0)
    med, best = statistics.median(runs) * 1000, min(runs) * 1000
    moves = sum(1 for e in events if e["type"] == "rat-move")
    attacks = sum(1 for e in events if e["type"] == "attack-roll")
    print(f"1. rats' turn, {rats} rats, 4 cats, 64x64 map: median {med:.1f} ms, best {best:.1f} ms"
          f" ({moves} moves, {attacks} attacks, {len(events)} events)")


def scripted_bench() -> None:
    def one():
        state, dice = start("scenario-2.yaml", 11)
        state["goals"] = {}                        # no victory: play all 50 rounds
        return play(state, board_from_state(state), BESTIARY, dice, max_rounds=50)

    med, best, (final, events) = timed(one, repeat=3)
    print(f"2. 50-round scripted scenario 2 in one process: median {med:.0f} ms, best {best:.0f} ms"
          f" ({final['round']['number'] - 1} rounds, {len(events)} events, outcome {final.get('outcome')})")


def pipeline_bench() -> None:
    claw = [sys.executable, "-m", "claw.cli.shell.app"] if False else ["claw"]
    bare = [sys.executable, "-c", "import typer\napp = typer.Typer()\n@app.command()\ndef main(): pass\napp()"]
    bare_runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        subprocess.run(bare, check=True, capture_output=True)
        bare_runs.append(time.perf_counter() - t0)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.json"
        out = subprocess.run(claw + ["new", str(ROOT / "examples/msm/scenario-2.yaml"), "--seed", "4"],
                             check=True, capture_output=True, text=True)
        path.write_text(out.stdout)
        steps = []
        rounds = 0
        while rounds < 10:
            t0 = time.perf_counter()
            r = subprocess.run(claw + ["scenario-step", "-s", str(path), "-i", "-q"], capture_output=True, text=True)
            steps.append(time.perf_counter() - t0)
            if r.returncode:
                break
            state = json.loads(path.read_text())["state"]
            if state.get("outcome"):
                break
            rounds = state["round"]["number"] - 1
    print(f"3. shell pipeline, {len(steps)} scenario-step calls over {rounds} rounds: median"
          f" {statistics.median(steps) * 1000:.0f} ms per step (max {max(steps) * 1000:.0f} ms);"
          f" bare typer app {statistics.median(bare_runs) * 1000:.0f} ms")


def main() -> None:
    print(f"machine: {platform.machine()} {platform.processor() or ''} · Python {platform.python_version()}"
          f" · {platform.system()} {platform.release()}")
    rats_turn_bench()
    scripted_bench()
    pipeline_bench()


if __name__ == "__main__":
    main()
