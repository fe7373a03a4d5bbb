"""`claw validate` on one example against a bare typer app, in the same run (issue 13:
one-pass checking must stay at or under 2.5x typer hello; aim 2x).

Reports, per case, the best wall time, the best CPU time (user + sys of the child, far
less sensitive to a shared machine's load than wall time) and, with CALLGRIND=1, the
instructions executed. Runs are interleaved so that load changes hit every case alike.

    RUNS=15 CLAWS=/path/to/other/claw python tests/perf/bench_validate.py
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_startup import TYPER_HELLO, instructions  # noqa: E402

RUNS = int(os.environ.get("RUNS", "15"))
ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ["examples/msm/scenario-1.yaml", "examples/mice/ghost-of-castle-andon.yaml",
            "examples/ratcatcher/first-game.yaml", "examples/warriors/emberpaw.yaml"]


def once(cmd: list[str], env: dict) -> tuple[float, float]:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    _, _, usage = os.wait4(proc.pid, 0)
    return (time.perf_counter() - start) * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def main() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    beside = Path(sys.executable).parent / "claw"
    claws = {"claw": str(beside) if beside.exists() else shutil.which("claw")}
    for i, other in enumerate(filter(None, os.environ.get("CLAWS", "").split(":"))):
        claws[f"other{i + 1}"] = other
    tmp = Path(tempfile.mkdtemp())
    (tmp / "typer_hello.py").write_text(TYPER_HELLO)
    cases = {"typer hello": [sys.executable, str(tmp / "typer_hello.py")]}
    for label, claw in claws.items():
        for example in EXAMPLES:
            cases[f"{label} validate {Path(example).name}"] = [claw, "validate", example]
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
    for cmd in cases.values():  # warm-up: byte-code caches
        once(cmd, env)
    for _ in range(RUNS):
        for name, cmd in cases.items():
            samples[name].append(once(cmd, env))
    base_wall = min(w for w, _ in samples["typer hello"])
    base_cpu = min(c for _, c in samples["typer hello"])
    rows = []
    for name, got in samples.items():
        wall, cpu = min(w for w, _ in got), min(c for _, c in got)
        rows.append({"case": name, "wall_min_ms": round(wall, 1), "cpu_min_ms": round(cpu, 1),
                     "x_typer_wall": round(wall / base_wall, 2), "x_typer_cpu": round(cpu / base_cpu, 2)})
    if os.environ.get("CALLGRIND"):
        base = instructions(cases["typer hello"])
        for row in rows:
            count = instructions(cases[row["case"]])
            if count and base:
                row["instructions_M"] = round(count / 1e6, 1)
                row["x_typer_instructions"] = round(count / base, 2)
    print(json.dumps({"runs": RUNS, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
