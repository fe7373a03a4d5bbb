"""Warriors benchmarks (plain script, not collected by pytest):

1. exact `--odds` of a full hunt for a typical cat, in-process (cold caches and warm);
2. 10,000 simulated Swat fights in one process (seeded dice, to a knock-out);
3. start-up of `claw hunt ... --odds` and `claw check` on a party state against a bare
   typer app, measured in the same run.

Run: python tests/perf/bench_warriors.py   (RUNS=N for start-up samples, FIGHTS=N)
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "warriors"
RUNS = int(os.environ.get("RUNS", "15"))
FIGHTS = int(os.environ.get("FIGHTS", "10000"))
TYPER_HELLO = ("import typer\napp = typer.Typer()\n@app.command()\ndef hello(name: str = 'x'):\n"
               "    print('hello', name)\napp()\n")


def party():
    from ruamel.yaml import YAML

    from claw.cli.games.warriors.data import rules
    from claw.core.warriors.character import build
    r = rules()
    cats = {}
    for name in ("emberpaw", "reedwhisker", "sloefoot", "bramble"):
        cat, problems = build(YAML(typ="safe").load((EXAMPLES / f"{name}.yaml").read_text()), r)
        assert not problems
        cats[name] = cat
    return r, {"day": 0, "options": {}, "cats": cats, "order": list(cats), "fight": None}


def bench_hunt_odds(r, state) -> dict:
    from claw.core.warriors import odds as O
    from claw.core.warriors.hunt import HuntSpec, odds
    spec = HuntSpec(prey="vole", knacks=[("stalk", 1)])
    cold = []
    for _ in range(200):
        O.chance.cache_clear()
        O.outcomes.cache_clear()
        t = time.perf_counter()
        res = odds(state, r, "emberpaw", spec)
        cold.append((time.perf_counter() - t) * 1e6)
    warm = []
    for _ in range(2000):
        t = time.perf_counter()
        odds(state, r, "emberpaw", spec)
        warm.append((time.perf_counter() - t) * 1e6)
    return {"case": "exact odds of a full vole hunt (emberpaw, Stalk)", "result": str(res["success"]),
            "cold_median_us": round(statistics.median(cold), 1), "warm_median_us": round(statistics.median(warm), 1)}


def bench_fights(r, state) -> dict:
    from claw.core.rng import SeededDice
    from claw.core.warriors.fight import AttackSpec, attack, current, initiative
    dice = SeededDice(2026)
    opts = {"criticals": "absolute", "launch_second_cost": "spirit"}
    base = {**state, "cats": {k: state["cats"][k] for k in ("emberpaw", "bramble")}, "order": ["emberpaw", "bramble"]}
    wins = {"emberpaw": 0, "bramble": 0, "neither": 0}
    attacks = 0
    t = time.perf_counter()
    for _ in range(FIGHTS):
        s, _ = initiative(base, ["emberpaw", "bramble"], dice)
        while all(c["status"] == "ok" and not c["sprain"] for c in s["cats"].values()):
            a = current(s)
            b = "bramble" if a == "emberpaw" else "emberpaw"
            s, _ = attack(s, r, a, b, AttackSpec(), dice, opts)
            attacks += 1
        # a knocked-out or sprained cat (no fighting while sprained) loses
        winner = next((k for k, c in s["cats"].items() if c["status"] == "ok" and not c["sprain"]), "neither")
        wins[winner] += 1
    secs = time.perf_counter() - t
    return {"case": f"{FIGHTS} simulated Swat fights (emberpaw vs bramble) to a knock-out or sprain",
            "seconds": round(secs, 2), "attacks": attacks, "attacks_per_s": round(attacks / secs),
            "fights_per_s": round(FIGHTS / secs), "wins": wins}


def bench_startup() -> list[dict]:
    claw = shutil.which("claw") or str(Path(sys.executable).parent / "claw")
    tmp = Path(tempfile.mkdtemp())
    (tmp / "typer_hello.py").write_text(TYPER_HELLO)
    state = tmp / "party.json"
    files = [str(EXAMPLES / f"{n}.yaml") for n in ("emberpaw", "reedwhisker", "sloefoot", "bramble")]
    subprocess.run([claw, "new", *files, "--seed", "7", "-o", str(state)], check=True, capture_output=True)

    # Byte-code caching on (a user's install has .pyc files); one warm-up run writes them.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def timed(cmd):
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
        samples = []
        for _ in range(RUNS):
            t = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
            samples.append((time.perf_counter() - t) * 1000)
        return {"min_ms": round(min(samples), 1), "median_ms": round(statistics.median(samples), 1)}

    rows = [{"case": "typer hello", **timed([sys.executable, str(tmp / "typer_hello.py")])},
            {"case": "claw hunt emberpaw vole --odds (state)",
             **timed([claw, "hunt", "emberpaw", "vole", "--odds", "-s", str(state)])},
            {"case": "claw check emberpaw see --vs 12 (state)",
             **timed([claw, "check", "emberpaw", "see", "--vs", "12", "-s", str(state)])},
            {"case": "claw scenario-step (state)", **timed([claw, "scenario-step", "-s", str(state)])}]
    base = rows[0]["median_ms"]
    for row in rows:
        row["x_typer"] = round(row["median_ms"] / base, 2)
    return rows


def main() -> None:
    r, state = party()
    out = {"machine": f"{platform.machine()} {platform.system()} {platform.release()}, "
                      f"Python {platform.python_version()}, {os.cpu_count()} CPUs",
           "hunt_odds": bench_hunt_odds(r, state), "fights": bench_fights(r, state), "startup": bench_startup()}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
