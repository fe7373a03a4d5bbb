"""Pictures (issue 22), in one run on the same state: `claw show` against `claw show --svg`
and `claw show --png` at the default size (an msm scenario-2 state), and `claw roll 4d6kh3
--odds` against `--odds --graph`. Wall time (min and median of RUNS interleaved runs) and,
where valgrind is installed, instructions executed (repeatable under load).

Budgets: show --svg ≤ 1.05× show; show --png ≤ 1.7× show; --odds --graph ≤ 1.02× --odds.
The PNG case needs the png extra (resvg-py); it is skipped without it.
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


def main() -> None:
    beside = Path(sys.executable).parent / "claw"
    claw = str(beside) if beside.exists() else shutil.which("claw")
    tmp = Path(tempfile.mkdtemp())
    state = tmp / "scenario-2.json"
    state.write_bytes(subprocess.run([claw, "new", str(ROOT / "examples/msm/scenario-2.yaml"), "--seed", "7", "-q"],
                                     capture_output=True, check=True).stdout)
    try:
        import resvg_py  # noqa: F401

        png = True
    except ImportError:
        png = False
    cases = {
        "show": [claw, "show", "-s", str(state)],
        "show --svg": [claw, "show", "-s", str(state), "--svg"],
        "roll 4d6kh3 --odds": [claw, "roll", "4d6kh3", "--odds"],
        "roll 4d6kh3 --odds --graph": [claw, "roll", "4d6kh3", "--odds", "--graph"],
    }
    if png:
        cases["show --png (default size)"] = [claw, "show", "-s", str(state), "--png", str(tmp / "b.png")]
    env = {k: v for k, v in os.environ.items() if k != "CLAW_STATE"}
    samples: dict[str, list[float]] = {k: [] for k in cases}
    for cmd in cases.values():  # warm the byte-code cache
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    for _ in range(RUNS):  # interleaved, so a burst of load hits every case alike
        for name, cmd in cases.items():
            start = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
            samples[name].append((time.perf_counter() - start) * 1000)
    counts = {name: instructions(cmd) for name, cmd in cases.items()}
    base = {"show": "show", "show --svg": "show", "show --png (default size)": "show",
            "roll 4d6kh3 --odds": "roll 4d6kh3 --odds", "roll 4d6kh3 --odds --graph": "roll 4d6kh3 --odds"}
    print(f"{'case':<30} {'min ms':>8} {'median':>8} {'x (min)':>8} {'instructions':>14} {'x (instr)':>9}")
    for name, s in samples.items():
        ref = base[name]
        ratio = min(s) / min(samples[ref])
        n, n0 = counts[name], counts[ref]
        instr = f"{n:>14,}" if n else f"{'-':>14}"
        xi = f"{n / n0:>9.3f}" if n and n0 else f"{'-':>9}"
        print(f"{name:<30} {min(s):>8.1f} {statistics.median(s):>8.1f} {ratio:>8.3f} {instr} {xi}")
    if not png:
        print("show --png: skipped (pip install '.[png]')")


if __name__ == "__main__":
    main()
