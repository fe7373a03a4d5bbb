"""`claw play` against separate processes, in the same run (issue 16 item 4).

A 1,000-command msm script (moves, attacks, odds, line of sight, scenario-steps, notes and
a few refused lines) runs

  1. as 1,000 `claw CMD -s game.json -i` processes,
  2. as one `claw play -s game.json -i --keep-going script` (a write after every change),
  3. as one `claw play -s game.json --keep-going script > out.json` (one write at the end),

and the three final states are compared byte for byte. Then, in process, the time of each
line in a session: without a file and with a file written after every change (median, p90).

    python tests/perf/bench_play.py            # COMMANDS=1000 by default
    COMMANDS=200 python tests/perf/bench_play.py
"""

from __future__ import annotations

import io
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from claw.cli.framework.state_rules import STATE_RULES

COMMANDS = int(os.environ.get("COMMANDS", "1000"))
SEED = os.environ.get("SEED", "7")
ROOT = Path(__file__).resolve().parents[2]

# The script is built by playing: at each cats' turn every cat that is up tries an attack on
# each rat (the first one claw accepts is kept), else a step to a neighbouring square; around
# them, questions (line of sight, exact odds), a note, the board, the last log entry; then the rats' turn (the
# Norwegian Brown is never attacked: its fall would end the scenario). Every
# 97th line is a deliberate refusal (a move across the map). The script runs with --keep-going.
COLUMNS = "ABCDEFGHIJKLMNOP"


def _neighbours(square: str) -> list[str]:
    col, row = COLUMNS.index(square[0]), int(square[1:])
    out = []
    for dc, dr in ((-1, 0), (0, -1), (0, 1), (1, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)):  # west first: away
        c, r = col + dc, row + dr
        if 0 <= c < len(COLUMNS) and r >= 1:
            out.append(f"{COLUMNS[c]}{r}")
    return out


def script(n: int, start: Path) -> list[str]:
    """``n`` lines of a game of scenario 2, chosen by trying them in a scratch session."""
    from claw.cli.session.engine import Session
    from claw.cli.store import statefile

    envelope, _, _ = statefile.load_any(str(start), STATE_RULES)
    session = Session(envelope)
    lines: list[str] = []
    sink = io.StringIO()

    def keep(line: str, must: bool = False) -> bool:
        if len(lines) >= n:
            return True
        if len(lines) % 97 == 96:  # a refusal now and then, as at a real table
            lines.append("move leon P16")
            session.run_line("move leon P16")
        code = session.run_line(line)
        if code == 0 or must:
            lines.append(line)
        return code == 0

    with redirect_stdout(sink), redirect_stderr(sink):
        while len(lines) < n:
            keep("scenario-step --until cats", must=True)
            state = session.envelope["state"]
            if state.get("outcome"):  # the cats are down (or won after all): no game left to play
                break
            figures = state["figures"]
            # the Norwegian Brown is spared: its fall is the victory, and the script must last
            rats = [f for f, v in figures.items() if v["side"] == "rat" and v.get("square")
                    and v.get("type") != "norwegian-brown"]
            for cat, info in figures.items():
                if info["side"] != "cat" or info.get("down"):
                    continue
                for rat in rats[:5]:
                    keep(f"los {cat} {rat}")
                if not any(keep(f"attack {cat} {rat}") for rat in rats):
                    for square in _neighbours(figures[cat]["square"]):
                        if keep(f"move {cat} {square}"):
                            break
                for rat in rats[:3]:
                    keep(f"attack {cat} {rat} --odds")
            keep("note 'end of the cats turn'")
            keep("show")
            keep("log --last 1")
            keep("scenario-step", must=True)
            sink.seek(0)
            sink.truncate()
    return lines[:n]


def claw_path() -> str:
    beside = Path(sys.executable).parent / "claw"
    found = str(beside) if beside.exists() else shutil.which("claw")
    if not found:
        sys.exit("no claw found next to this python or on PATH")
    return found


def new_game(claw: str, path: Path) -> None:
    subprocess.run([claw, "new", str(ROOT / "examples/msm/scenario-2.yaml"), "--seed", SEED, "-o", str(path), "-q"],
                   check=True)


def processes(claw: str, path: Path, lines: list[str]) -> tuple[float, int]:
    refused = 0
    start = time.perf_counter()
    for line in lines:
        words = shlex.split(line)
        cmd = [claw, *words, "-s", str(path)] + ([] if words[0] in ("undo", "log") else ["-i"])
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        refused += done.returncode != 0
    return time.perf_counter() - start, refused


def one_play(claw: str, args: list[str], stdout) -> float:
    start = time.perf_counter()
    subprocess.run([claw, "play", *args, "-q", "--keep-going"], stdout=stdout, stderr=subprocess.DEVNULL,
                   stdin=subprocess.DEVNULL)
    return time.perf_counter() - start


def per_line(path: Path, lines: list[str], autosave: bool) -> tuple[list[float], list[float]]:
    """Milliseconds of each line in a session (in process, as `claw play` runs it): every
    line, and the lines that changed the state (with a file: each of them wrote it)."""
    from claw.cli.session.engine import Session
    from claw.cli.store import statefile

    envelope, _, text = statefile.load_any(str(path), STATE_RULES)
    session = Session(envelope, path=str(path) if autosave else None, autosave=autosave, saved_text=text)
    session.cli  # noqa: B018 (built once, before the clock starts: the session's start-up)
    every, changing = [], []
    sink = io.StringIO()
    with redirect_stdout(sink), redirect_stderr(sink):
        for line in lines:
            start = time.perf_counter()
            session.run_line(line)
            spent = (time.perf_counter() - start) * 1000
            every.append(spent)
            if session.changed:
                changing.append(spent)
            sink.seek(0)
            sink.truncate()
    return every, changing


def stats(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {"lines": len(ordered), "median_ms": round(statistics.median(ordered), 2),
            "p90_ms": round(ordered[int(len(ordered) * 0.9)], 2), "max_ms": round(ordered[-1], 1)}


def main() -> None:
    os.environ["NO_COLOR"] = "1"
    os.environ.pop("CLAW_STATE", None)
    claw = claw_path()
    tmp = Path(tempfile.mkdtemp())
    for name in ("procs", "play-i", "play-out", "lines-mem", "lines-file"):
        new_game(claw, tmp / f"{name}.json")
    lines = script(COMMANDS, tmp / "procs.json")
    (tmp / "game.claw").write_text("\n".join(lines) + "\n", encoding="utf-8")

    if os.environ.get("SKIP_PROCESSES"):  # quick look at the session alone
        procs_s, refused = float("nan"), -1
        shutil.copy(tmp / "play-i.json", tmp / "procs.json")
    else:
        procs_s, refused = processes(claw, tmp / "procs.json", lines)
    play_i_s = one_play(claw, ["-s", str(tmp / "play-i.json"), "-i", str(tmp / "game.claw")], subprocess.DEVNULL)
    with open(tmp / "play-out.out.json", "w") as out:
        play_out_s = one_play(claw, ["-s", str(tmp / "play-out.json"), str(tmp / "game.claw")], out)
    same = (tmp / "procs.json").read_bytes() == (tmp / "play-i.json").read_bytes() == \
        (tmp / "play-out.out.json").read_bytes()
    memory, memory_changing = per_line(tmp / "lines-mem.json", lines, autosave=False)
    _, written = per_line(tmp / "lines-file.json", lines, autosave=True)
    if os.environ.get("KEEP_SCRIPT"):
        shutil.copy(tmp / "game.claw", os.environ["KEEP_SCRIPT"])
    report = {
        "commands": len(lines), "refused": refused,
        "log_entries": len(json.loads((tmp / "procs.json").read_text())["log"]),
        "processes_s": round(procs_s, 1), "play_in_place_s": round(play_i_s, 2), "play_stdout_s": round(play_out_s, 2),
        "speedup_in_place": round(procs_s / play_i_s, 1), "speedup_stdout": round(procs_s / play_out_s, 1),
        "same_final_state": same,
        "session_line_no_file": stats(memory), "session_change_no_file": stats(memory_changing),
        "session_change_with_write": stats(written),
    }
    print(json.dumps(report, indent=1))
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
