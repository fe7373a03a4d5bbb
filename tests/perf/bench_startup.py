"""Start-up time: `claw roll 2d12` and a stateful command against a bare typer app and a
bare argparse app, measured in the same run (min and median of N runs each)."""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = int(os.environ.get("RUNS", "25"))
ROOT = Path(__file__).resolve().parents[2]

TYPER_HELLO = "import typer\napp = typer.Typer()\n@app.command()\ndef hello(name: str = 'x'):\n    print('hello', name)\napp()\n"
ARGPARSE_HELLO = "import argparse\np = argparse.ArgumentParser()\np.add_argument('--name', default='x')\nprint('hello', p.parse_args().name)\n"


def timed(cmd: list[str], stdin: bytes | None = None) -> list[float]:
    # byte-code caching on, as on a user's machine; one warm-up run fills the cache
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(cmd, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    samples = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(cmd, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def instructions(cmd: list[str]) -> int | None:
    """Instructions executed (valgrind's callgrind): repeatable whatever the machine's
    load, which wall time on a shared machine is not."""
    if not shutil.which("valgrind"):
        return None
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, check=False)
    for line in done.stderr.splitlines():
        if "Collected :" in line:
            return int(line.rsplit(":", 1)[1])
    return None


def row(name: str, samples: list[float], base: float | None = None) -> dict:
    out = {"case": name, "min_ms": round(min(samples), 1), "median_ms": round(statistics.median(samples), 1)}
    if base:
        out["x_typer"] = round(statistics.median(samples) / base, 2)
    return out


def main() -> None:
    beside = Path(sys.executable).parent / "claw"  # the claw of the venv running this
    claw = str(beside) if beside.exists() else shutil.which("claw")
    tmp = Path(tempfile.mkdtemp())
    (tmp / "typer_hello.py").write_text(TYPER_HELLO)
    (tmp / "argparse_hello.py").write_text(ARGPARSE_HELLO)
    py = sys.executable
    results = {}
    results["python -c pass"] = timed([py, "-c", "pass"])
    results["argparse hello"] = timed([py, str(tmp / "argparse_hello.py")])
    results["typer hello"] = timed([py, str(tmp / "typer_hello.py")])
    results["claw roll 2d12"] = timed([claw, "roll", "2d12"])
    state = os.environ.get("BENCH_STATE")
    if state:
        cmd = os.environ.get("BENCH_STATE_CMD", "scenario-step").split()
        results[f"claw {' '.join(cmd)} (state)"] = timed([claw, *cmd, "-s", state])
    typer_median = statistics.median(results["typer hello"])
    argparse_median = statistics.median(results["argparse hello"])
    rows = [row(k, v, typer_median) for k, v in results.items()]
    for r in rows:
        r["x_argparse"] = round(r["median_ms"] / argparse_median, 2)
    if os.environ.get("CALLGRIND"):
        commands = {"python -c pass": [py, "-c", "pass"], "argparse hello": [py, str(tmp / "argparse_hello.py")],
                    "typer hello": [py, str(tmp / "typer_hello.py")], "claw roll 2d12": [claw, "roll", "2d12"]}
        if state:
            commands["claw (state)"] = [claw, *cmd, "-s", state]
        counts = {name: instructions(c) for name, c in commands.items()}
        base = counts["typer hello"]
        for r in rows:
            key = "claw (state)" if r["case"].endswith("(state)") else r["case"]
            if counts.get(key) and base:
                r["instructions_M"] = round(counts[key] / 1e6, 1)
                r["instructions_x_typer"] = round(counts[key] / base, 2)
    print(json.dumps({"runs": RUNS, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
