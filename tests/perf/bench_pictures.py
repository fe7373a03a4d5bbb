"""Pictures (issue 22), in one run on the same states: `claw show` against `claw show --svg`
and `claw show --png` at the default size (msm scenario 2 and scenario 1, seed 7, and the
Ratcatcher's first game, seed 4, each straight after `claw new`), and `claw roll EXPR --odds`
against `--odds --graph` (4d6kh3 and 10d12, the widest table). Wall time (min and median of
RUNS interleaved runs; RUNS=0 skips it) and, where valgrind is installed, instructions
executed (repeatable under load; byte-code caching on, as on a user's machine).

Budgets: show --svg ≤ 1.05× show; show --png ≤ 1.7× show; --odds --graph ≤ 1.02× --odds.
The PNG cases need the png extra (resvg-py); they are skipped without it. Two reference rows
say where a PNG's cost goes: `python -c pass`, and a python that only imports resvg_py and
renders the scenario-2 `show --svg` document as `--png` does (resvg's own work is the
difference between the two).
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_startup import instructions  # noqa: E402

RUNS = int(os.environ.get("RUNS", "15"))
ROOT = Path(__file__).resolve().parents[2]
STATES = {"msm-2": ("examples/msm/scenario-2.yaml", "7"), "msm-1": ("examples/msm/scenario-1.yaml", "7"),
          "ratcatcher": ("examples/ratcatcher/first-game.yaml", "4")}
RESVG_ONLY = ("import sys, resvg_py\nsvg = open(sys.argv[1], encoding='utf-8').read()\n"
              "bytes(resvg_py.svg_to_bytes(svg_string=svg, background='#ffffff', sans_serif_family='DejaVu Sans'))\n")


def _env() -> dict:
    drop = ("CLAW_STATE", "PYTHONDONTWRITEBYTECODE")
    return {k: v for k, v in os.environ.items() if k not in drop}


def main() -> None:
    beside = Path(sys.executable).parent / "claw"
    claw = str(beside) if beside.exists() else shutil.which("claw")
    tmp = Path(tempfile.mkdtemp())
    env = _env()
    try:
        import resvg_py  # noqa: F401

        png = True
    except ImportError:
        png = False
    cases: dict[str, tuple[list[str], str]] = {}  # name -> (command, the case it is measured against)
    for name, (example, seed) in STATES.items():
        state = tmp / f"{name}.json"
        state.write_bytes(subprocess.run([claw, "new", str(ROOT / example), "--seed", seed, "-q"], env=env,
                                         capture_output=True, check=True).stdout)
        base = f"{name}: show"
        cases[base] = ([claw, "show", "-s", str(state)], base)
        cases[f"{name}: show --svg"] = ([claw, "show", "-s", str(state), "--svg"], base)
        if png and name != "msm-1":
            cases[f"{name}: show --png (default size)"] = (
                [claw, "show", "-s", str(state), "--png", str(tmp / f"{name}.png")], base)
    for expr in ("4d6kh3", "10d12"):
        base = f"roll {expr} --odds"
        cases[base] = ([claw, "roll", expr, "--odds"], base)
        cases[f"roll {expr} --odds --graph"] = ([claw, "roll", expr, "--odds", "--graph"], base)
    if png:
        picture = tmp / "msm-2.svg"
        picture.write_bytes(subprocess.run(cases["msm-2: show --svg"][0], env=env, capture_output=True,
                                           check=True).stdout)
        (tmp / "resvg_only.py").write_text(RESVG_ONLY)
        cases["python -c pass"] = ([sys.executable, "-c", "pass"], "python -c pass")
        cases["python: resvg_py renders msm-2's svg"] = ([sys.executable, str(tmp / "resvg_only.py"), str(picture)],
                                                         "python -c pass")
    samples: dict[str, list[float]] = {k: [] for k in cases}
    for cmd, _ in cases.values():  # warm the byte-code cache
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    for _ in range(RUNS):  # interleaved, so a burst of load hits every case alike
        for name, (cmd, _) in cases.items():
            start = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
            samples[name].append((time.perf_counter() - start) * 1000)
    counts = {name: instructions(cmd) for name, (cmd, _) in cases.items()}
    print(f"{'case':<40} {'min ms':>8} {'median':>8} {'x (min)':>8} {'instructions':>14} {'x (instr)':>9}")
    for name, (_, ref) in cases.items():
        s = samples[name]
        walls = (f"{min(s):>8.1f} {statistics.median(s):>8.1f} {min(s) / min(samples[ref]):>8.3f}" if s
                 else f"{'-':>8} {'-':>8} {'-':>8}")
        n, n0 = counts[name], counts[ref]
        instr = f"{n:>14,}" if n else f"{'-':>14}"
        xi = f"{n / n0:>9.3f}" if n and n0 else f"{'-':>9}"
        print(f"{name:<40} {walls} {instr} {xi}")
    if not png:
        print("show --png: skipped (pip install '.[png]')")


if __name__ == "__main__":
    main()
