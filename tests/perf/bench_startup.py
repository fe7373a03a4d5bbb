"""Start-up time: `claw roll 2d12`, a stateful command, the help screens and a shell
completion answer against a bare typer app and a bare argparse app, measured in the
same run (min and median of N runs each), in a pipe and at a terminal.

Each case runs twice: with stdin, stdout and stderr on pipes (as in a shell pipeline or a
script) and on a pseudo-terminal (as a person at a terminal sees it: colour on, so the
styling path runs). Each mode has its own typer hello baseline, measured in the same run
(`MODES=pipe` or `MODES=pty` runs one). With `CALLGRIND=1` the instructions executed are
counted too (valgrind), in both modes.

The stateful cases use BENCH_STATE, or else an msm scenario-2 state made with `claw new`
(issue 12's budget: `claw show` / `claw scenario-step` on it within 1.3x typer hello)."""

from __future__ import annotations

import json
import os
import pty
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = int(os.environ.get("RUNS", "25"))
ROOT = Path(__file__).resolve().parents[2]

TYPER_HELLO = ("import typer\napp = typer.Typer()\n@app.command()\ndef hello(name: str = 'x'):\n"
               "    print('hello', name)\napp()\n")
ARGPARSE_HELLO = ("import argparse\np = argparse.ArgumentParser()\np.add_argument('--name', default='x')\n"
                  "print('hello', p.parse_args().name)\n")


def run_once(cmd: list[str], env: dict, mode: str) -> None:
    """One run to the end, its output read and dropped: in pipes, or on a pseudo-terminal
    (stdin, stdout and stderr all on it, as in an interactive shell)."""
    if mode == "pipe":
        subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, env=env, check=False)
        return
    pid, fd = pty.fork()
    if pid == 0:  # the child: nothing but exec
        try:
            os.execvpe(cmd[0], cmd, env)
        finally:
            os._exit(127)
    try:
        while os.read(fd, 65536):
            pass
    except OSError:  # EIO once the child has closed the terminal
        pass
    os.waitpid(pid, 0)
    os.close(fd)


def sample(cmd: list[str], extra_env: dict | None = None, mode: str = "pipe") -> float:
    """Milliseconds of one run, start to exit (byte-code caching on, as on a user's machine)."""
    env = _env(extra_env, mode)
    start = time.perf_counter()
    run_once(cmd, env, mode)
    return (time.perf_counter() - start) * 1000


def _env(extra_env: dict | None, mode: str = "pipe") -> dict:
    drop = ("PYTHONDONTWRITEBYTECODE", "CLAW_STATE", "NO_COLOR", "FORCE_COLOR")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    if mode == "pty" and env.get("TERM", "dumb") == "dumb":
        env["TERM"] = "xterm-256color"  # a terminal that takes colour, as a person's does
    env.update(extra_env or {})
    return env


def instructions(cmd: list[str], extra_env: dict | None = None, mode: str = "pipe") -> int | None:
    """Instructions executed (valgrind's callgrind): repeatable whatever the machine's
    load, which wall time on a shared machine is not."""
    if not shutil.which("valgrind"):
        return None
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp, "valgrind.log")
        run_once(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", f"--log-file={log}", *cmd],
                 _env(extra_env, mode), mode)
        for line in log.read_text().splitlines():
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
    state = os.environ.get("BENCH_STATE")
    if not state:
        state = str(tmp / "scenario-2.json")
        made = subprocess.run([claw, "new", str(ROOT / "examples/msm/scenario-2.yaml"), "--seed", "7", "-q"],
                              capture_output=True, check=True)
        Path(state).write_bytes(made.stdout)
    cases: dict[str, tuple[list[str], dict | None]] = {
        "python -c pass": ([py, "-c", "pass"], None),
        "argparse hello": ([py, str(tmp / "argparse_hello.py")], None),
        "typer hello": ([py, str(tmp / "typer_hello.py")], None),
        "claw roll 2d12": ([claw, "roll", "2d12"], None),
    }
    for one in os.environ.get("BENCH_STATE_CMD", "scenario-step;show").split(";"):
        cases[f"claw {one} (state)"] = ([claw, *one.split(), "-s", state], None)
    cases["claw --help"] = ([claw, "--help"], None)
    cases["claw attack --help"] = ([claw, "attack", "--help"], None)
    cases["claw attack --help -s STATE"] = ([claw, "attack", "--help", "-s", state], None)
    # completion answers (bash protocol): figure ids from the state in CLAW_STATE; all command names
    cases["complete: claw move <TAB> (ids)"] = ([claw], {"_CLAW_COMPLETE": "complete_bash",
                                                         "COMP_WORDS": "claw move ", "COMP_CWORD": "2",
                                                         "CLAW_STATE": state})
    cases["complete: claw <TAB> (commands)"] = ([claw], {"_CLAW_COMPLETE": "complete_bash",
                                                         "COMP_WORDS": "claw ", "COMP_CWORD": "1"})
    modes = os.environ.get("MODES", "pipe,pty").split(",")
    report: dict = {"runs": RUNS}
    for mode in modes:
        # interleaved: each round runs every case once, so a change of load hits all cases alike
        for cmd, env in cases.values():
            sample(cmd, env, mode)  # warm-up: fills the byte-code cache
        results: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(RUNS):
            for name, (cmd, env) in cases.items():
                results[name].append(sample(cmd, env, mode))
        typer_median = statistics.median(results["typer hello"])
        argparse_median = statistics.median(results["argparse hello"])
        rows = [row(k, v, typer_median) for k, v in results.items()]
        for r in rows:
            r["x_argparse"] = round(r["median_ms"] / argparse_median, 2)
            r["x_typer_min"] = round(r["min_ms"] / min(results["typer hello"]), 2)
        if os.environ.get("CALLGRIND"):
            counts = {name: instructions(cmd, env, mode) for name, (cmd, env) in cases.items()}
            base = counts["typer hello"]
            for r in rows:
                if counts.get(r["case"]) and base:
                    r["instructions_M"] = round(counts[r["case"]] / 1e6, 1)
                    r["instructions_x_typer"] = round(counts[r["case"]] / base, 2)
        report[mode] = rows
    print(json.dumps(report, indent=1))



if __name__ == "__main__":
    main()
