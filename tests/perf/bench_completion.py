"""The cost of one Tab (issue 23 item 3): a shell completion answer (bash protocol, a fresh
`claw` process as the shell runs it) for the command word and for the situated arguments —
`move leon` (core's moves_now), `attack leon` (targets: range and line of sight),
`--weapon`, `entry` (a data table) — against `claw move <TAB>` (the kind's names only, as
before), `claw roll 2d12` and typer hello; then one completion inside `claw play` (the
session's completer, in process). Wall time min/median of RUNS interleaved runs, and with
CALLGRIND=1 the instructions executed (repeatable on a loaded machine).

    python tests/perf/bench_completion.py        # RUNS=21, CALLGRIND=1 for instructions
"""

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

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.perf.bench_startup import TYPER_HELLO, instructions, sample  # noqa: E402

RUNS = int(os.environ.get("RUNS", "21"))
ROOT = Path(__file__).resolve().parents[2]
LINES = ["claw ", "claw move ", "claw move leon ", "claw attack leon ", "claw attack leon rat-1 --weapon ",
         "claw entry "]


def _protocol(line: str, state: str) -> dict:
    return {"_CLAW_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(line.split(" ")) - 1),
            "CLAW_STATE": state}


def session_ms(state: str) -> dict[str, float]:
    """Median ms of one completion in `claw play`'s session (warm: the state is in memory)."""
    os.environ["_CLAW_COMPLETE"] = "1"  # as the session builds its commands: with their completers
    from claw.cli.framework.state_rules import STATE_RULES
    from claw.cli.session.engine import Session
    from claw.cli.session.interactive import complete_line
    from claw.cli.store import statefile

    envelope, _, _ = statefile.load_any(state, STATE_RULES)
    session = Session(envelope)
    out = {}
    for line in ("", "move leon ", "attack leon ", "attack leon rat-1 --weapon "):
        complete_line(session, line)
        times = []
        for _ in range(50):
            start = time.perf_counter()
            complete_line(session, line)
            times.append((time.perf_counter() - start) * 1000)
        out[f"session: {line}<TAB>"] = round(statistics.median(times), 2)
    return out


def main() -> None:
    claw = shutil.which("claw", path=str(Path(sys.executable).parent)) or "claw"
    tmp = Path(tempfile.mkdtemp())
    state = str(tmp / "scenario-2.json")
    subprocess.run([claw, "new", str(ROOT / "examples/msm/scenario-2.yaml"), "--seed", "7", "-o", state], check=True,
                   capture_output=True)
    (tmp / "typer_hello.py").write_text(TYPER_HELLO)
    cases: dict[str, tuple[list[str], dict | None]] = {
        "typer hello": ([sys.executable, str(tmp / "typer_hello.py")], None),
        "claw roll 2d12": ([claw, "roll", "2d12"], None)}
    for line in LINES:
        cases[f"complete: {line.strip()} <TAB>"] = ([claw], _protocol(line, state))
    for cmd, env in cases.values():
        sample(cmd, env, "pipe")  # warm-up: fills the byte-code cache
    results: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(RUNS):
        for name, (cmd, env) in cases.items():
            results[name].append(sample(cmd, env, "pipe"))
    rows = [{"case": name, "min_ms": round(min(v), 1), "median_ms": round(statistics.median(v), 1)}
            for name, v in results.items()]
    if os.environ.get("CALLGRIND"):
        for r in rows:
            cmd, env = cases[r["case"]]
            count = instructions(cmd, env, "pipe")
            r["instructions_M"] = round(count / 1e6, 1) if count else None
    print(json.dumps({"runs": RUNS, "load": os.getloadavg(), "shell": rows, "session_ms": session_ms(state)},
                     indent=1))


if __name__ == "__main__":
    main()
