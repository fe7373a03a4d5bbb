"""What locking and fsync cost an in-place command (issue 10), against another claw.

    python tests/perf/bench_state_write.py NEW_CLAW OLD_CLAW [RUNS]

Runs `claw note x -s FILE -i` RUNS times with each executable, alternating, each on its
own copy of the same mice state (the undo history grows to its 20-entry cap as in real
play), and `claw note x -s FILE > /dev/null` (no write to disk) as the floor. Then, in
this process, the write path alone: the old one (mkstemp, write, fsync, rename) against
the new one (lock, undo entry, temp file, fsync, rename, folder fsync, stale-file sweep),
both with their undo entry.
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

ROOT = Path(__file__).resolve().parents[2]


def make_state(folder: Path, claw: str) -> Path:
    path = folder / "game.json"
    subprocess.run([claw, "new", str(ROOT / "examples/mice/ghost-of-castle-andon.yaml"), "--seed", "3",
                    "-o", str(path)], check=True, capture_output=True)
    return path


def timed(cmd: list[str], **kw) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)
    return (time.perf_counter() - start) * 1000


def instructions(cmd: list[str], folder: Path) -> float:
    """Millions of instructions (valgrind's callgrind): steady whatever the machine's load,
    but blind to time spent waiting for the disk (fsync), which the wall times show."""
    out = folder / "callgrind.out"
    with open(folder / "stdout.json", "w") as sink:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *cmd],
                              stdout=sink, stderr=subprocess.PIPE, text=True, check=True)
    line = next(x for x in done.stderr.splitlines() if "Collected" in x)
    return int(line.split()[-1]) / 1e6


def old_write(path: str, text: str) -> None:
    """Today's in-place write: the undo entry, then the state, each mkstemp + fsync + rename."""
    undo = Path(path).parent / f".{Path(path).name}.claw-undo"
    undo.mkdir(exist_ok=True)
    entries = sorted(undo.glob("*.json"))
    number = int(entries[-1].stem) + 1 if entries else 1
    _old_atomic(str(undo / f"{number:06d}.json"), text)
    for stale in entries[: max(0, len(entries) + 1 - 20)]:
        stale.unlink()
    _old_atomic(path, text)


def _old_atomic(path: str, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=os.path.dirname(path))
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)


def new_write(path: str, text: str) -> None:
    from claw.cli.store import atomic as safewrite
    from claw.cli.store import statefile
    from claw.cli.store.lock import StateLock

    with StateLock(path) as lock:
        entry = statefile.push_undo(path, text)
        safewrite.replace_file(os.path.realpath(path), text.encode(), path, expect=lock.stamp)
        statefile.prune_undo(path)
        assert entry.exists()


def main() -> None:
    new, old = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    work = Path(tempfile.mkdtemp())
    try:
        states = {}
        for label, claw in (("new", new), ("old", old)):
            (work / label).mkdir()
            states[label] = make_state(work / label, claw)
        times: dict[str, list[float]] = {"new -i": [], "old -i": [], "new stdout": [], "old stdout": []}
        for _ in range(runs):
            for label, claw in (("new", new), ("old", old)):
                times[f"{label} -i"].append(timed([claw, "note", "x", "-s", str(states[label]), "-i"]))
                times[f"{label} stdout"].append(timed([claw, "note", "x", "-s", str(states[label])]))
        print(f"{runs} runs each, alternating; wall ms")
        print("| command | min | median |")
        print("|---|---|---|")
        for key, values in times.items():
            print(f"| {key} | {min(values):.1f} | {statistics.median(values):.1f} |")
        ratio = statistics.median(times["new -i"]) / statistics.median(times["old -i"])
        print(f"\nnew/old -i (median): {ratio:.2f}x")

        if os.environ.get("CALLGRIND") and shutil.which("valgrind"):
            print("\n| command | instructions (M) |\n|---|---|")
            for label, claw in (("new", new), ("old", old)):
                for mode, extra in (("-i", ["-i"]), ("stdout", [])):
                    count = instructions([claw, "note", "x", "-s", str(states[label]), *extra], work)
                    print(f"| {label} {mode} | {count:.1f} |")

        text = states["new"].read_text()
        for label, write in (("old write path", old_write), ("new write path", new_write)):
            target = work / f"{label.split()[0]}-inproc.json"
            target.write_text(text)
            samples = []
            for _ in range(runs * 3):
                start = time.perf_counter()
                write(str(target), text)
                samples.append((time.perf_counter() - start) * 1000)
            print(f"{label}: min {min(samples):.2f} ms, median {statistics.median(samples):.2f} ms")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
