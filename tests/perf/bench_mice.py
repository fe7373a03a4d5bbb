"""Benchmarks for the mice game (plain script, not collected by pytest).

    python tests/perf/bench_mice.py

Measures command start-up against a bare typer app in the same run, in-process rule
throughput, and exact-odds cost. Results go in docs/performance.md (mice section).
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples/mice/ghost-of-castle-andon.yaml"
BARE = "import typer\napp = typer.Typer()\n@app.command()\ndef main(): pass\napp()\n"


def walls(cmds: dict[str, list[str]], runs: int = 21) -> dict[str, tuple[float, float]]:
    """(min, median) wall ms per command; runs interleave so machine noise hits all alike."""
    env = dict(os.environ, NO_COLOR="1")
    times: dict[str, list[float]] = {k: [] for k in cmds}
    for cmd in cmds.values():  # warm caches
        subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    for _ in range(runs):
        for name, cmd in cmds.items():
            t = time.perf_counter()
            subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
            times[name].append((time.perf_counter() - t) * 1000)
    return {k: (min(v), statistics.median(v)) for k, v in times.items()}


def per_second(fn, seconds: float = 1.0) -> float:
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        n += 1
    return n / (time.perf_counter() - start)


def main() -> None:
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        state = Path(tmp) / "s.json"
        subprocess.run([py, "-m", "claw", "new", str(EXAMPLE), "--seed", "1", "-o", str(state)], check=True,
                       capture_output=True)
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE)
        rows = walls({
            "bare typer app": [py, str(bare)],
            "claw show -s STATE": [py, "-m", "claw", "show", "-s", str(state)],
            "claw place (state in, state out)": [py, "-m", "claw", "place", "collin", "tunnel-entrance",
                                                 "-s", str(state)],
            "claw scary-noises --game mice --distance 4 --odds":
                [py, "-m", "claw", "scary-noises", "--game", "mice", "--distance", "4", "--odds"],
        })

    from ruamel.yaml import YAML

    from claw.cli.formats.content import load_data
    from claw.core.mice import actiondie as A
    from claw.core.mice import chamber, ghost
    from claw.core.mice import outcomes as O
    from claw.core.mice.setup import new_state
    from claw.core.rng import SeededDice

    tiles = load_data("mice/tiles.json")
    faces = A.parse_faces(load_data("mice/action-die.json"))
    chapter = YAML(typ="safe").load(EXAMPLE.read_text())
    s0 = new_state(chapter, tiles).state
    s0 = O.explore(O.explore(s0, "kings-tunnels", tiles).state, "kings-chamber", tiles).state
    s0["options"]["bed_needs_fishhook"] = False
    for m in ("collin", "lily", "nez"):
        s0 = O.place_mouse(s0, m, "kings-chamber", "bed", tiles).state
    dice = SeededDice(1)
    ops = [
        ("new_state", lambda: new_state(chapter, tiles)),
        ("chest_lid (3 dice, copy of state)", lambda: chamber.chest_lid(s0, "collin", dice, faces, tiles)),
        ("noise_odds(6 mice, 4 spaces)", lambda: ghost.noise_odds(faces, 6, 4)),
        ("noise_odds(60 dice, 10 spaces)", lambda: ghost.noise_odds(faces, 60, 10)),
    ]
    from claw.cli.testing import run

    state_text = None
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.json"
        run(["new", str(EXAMPLE), "--seed", "1", "-o", str(path)])
        state_text = path.read_text()
    ops += [
        ("CLI in-process: show (stdin state)", lambda: run(["show"], stdin=state_text)),
        ("CLI in-process: place (state in, state out)",
         lambda: run(["place", "collin", "tunnel-entrance"], stdin=state_text)),
        ("CLI in-process: scary-noises --odds",
         lambda: run(["scary-noises", "--game", "mice", "--distance", "4", "--odds"])),
    ]
    thr = [(name, per_second(fn)) for name, fn in ops]
    print(f"machine: {platform.machine()} {platform.processor() or ''} | Python {platform.python_version()} | "
          f"{platform.system()} {platform.release()} | cpus {os.cpu_count()}")
    print("\nstart-up (wall ms: min / median)")
    for name, (low, mid) in rows.items():
        print(f"  {name:<52} {low:7.1f} / {mid:7.1f}")
    print("\nin-process throughput (calls/s)")
    for name, rate in thr:
        print(f"  {name:<52} {rate:10.0f}")
    print(json.dumps({"startup_ms": rows, "per_second": dict(thr)}))


if __name__ == "__main__":
    main()
