"""Benchmarks of the msm board geometry (plain script, not collected by pytest).

    python tests/perf/bench_msm_board.py

1. ``los --all`` from one square on a 64x64 map with 15% blocking squares and 150
   walls (in-process: ``visible_from``), plus single ``line_of_sight`` calls;
2. a full path-finding pass (``activation_order``) for 40 rats toward 4 cats on the
   same map;
3. command start-up: ``claw los`` on that map as a subprocess, against a bare typer app.
"""

from __future__ import annotations

import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from claw.core.msm.board import parse_map  # noqa: E402
from claw.core.msm.los import line_of_sight, visible_from  # noqa: E402
from claw.core.msm.pathing import activation_order  # noqa: E402
from claw.core.msm.squares import square_name  # noqa: E402
from tests.msm.mapgen import random_map  # noqa: E402


def timed(fn, repeat=7, clock=time.perf_counter):
    """(median ms, best ms, result). In-process runs use CPU time (process_time) so a
    busy shared machine does not inflate them; subprocess runs use wall time."""
    runs = []
    for _ in range(repeat):
        t0 = clock()
        result = fn()
        runs.append(clock() - t0)
    return statistics.median(runs) * 1000, min(runs) * 1000, result


def cpu(fn, repeat=7):
    return timed(fn, repeat, time.process_time)


def figures_for(board):
    figs = {}
    for i, sq in enumerate(board.marker_squares("C")):
        figs[f"cat{i}"] = {"side": "cat", "type": "nera", "square": square_name(sq)}
    for i, sq in enumerate(board.marker_squares("R")[:40]):
        figs[f"rat-{i + 1}"] = {"side": "rat", "type": "roach" if i % 3 == 0 else "detestable",
                                "square": square_name(sq), "revealed": True}
    return figs


def main() -> None:
    doc = random_map(64, seed=48)
    board, problems = parse_map(doc)
    assert not problems
    figures = figures_for(board)
    source = board.marker_squares("C")[0]
    print(f"machine: {platform.machine()} {platform.processor() or ''} · Python {platform.python_version()}"
          f" · {platform.system()} {platform.release()}")
    print(f"map 64x64: {sum(board.blocked)} blocking squares ({sum(board.blocked) / 4096:.0%}), "
          f"{len(board.walls)} walls, {len(figures)} figures")

    ms, best, seen = cpu(lambda: visible_from(board, figures, source))
    print(f"los --all from {square_name(source)} (in-process, CPU): median {ms:.1f} ms, best {best:.1f} ms, "
          f"{len(seen)} squares visible")
    empty = {}
    ms, best, seen = cpu(lambda: visible_from(board, empty, (32, 32)))
    print(f"los --all from AG33, no figures: median {ms:.1f} ms, best {best:.1f} ms, {len(seen)} visible")

    far = (63, 63)
    ms, best, _ = cpu(lambda: [line_of_sight(board, figures, source, far) for _ in range(100)])
    print(f"line_of_sight corner to corner, all 16 lines explained: {ms * 10:.0f} µs per call")

    ms, best, (order, ties, plans) = cpu(lambda: activation_order(board, figures))
    reach = sum(p.distance is not None for p in plans.values())
    print(f"path-finding pass, {len(plans)} rats -> 4 cats: median {ms:.1f} ms, best {best:.1f} ms "
          f"({reach} rats can reach a cat, {len(ties)} tie groups)")

    with tempfile.TemporaryDirectory() as tmp:
        scen = Path(tmp) / "big.yaml"
        scen.write_text((ROOT / "examples/msm/large.yaml").read_text())
        claw = [sys.executable, "-m", "claw"]
        bare = [sys.executable, "-c", "import typer; app = typer.Typer(); app.command()(lambda: None); app()"]

        def run(cmd):
            return timed(lambda: subprocess.run(cmd, capture_output=True, check=False), repeat=5)

        state = Path(tmp) / "big.json"
        subprocess.run(claw + ["new", str(scen), "--seed", "1", "-q", "-o", str(state)], check=True)
        ms_state, best_state, _ = run(claw + ["los", "-s", str(state), "nera", "BL64"])
        ms_all, best_all, _ = run(claw + ["los", "-s", str(state), "--all", "nera"])
        ms_map, best_map, _ = run(claw + ["los", "--game", "msm", "--map", str(scen), "A1", "BL64"])
        ms_bare, best_bare, _ = run(bare)
        print(f"start-up (wall): claw los on a 64x64 state {ms_state:.0f} ms (best {best_state:.0f}); "
              f"claw los --all {ms_all:.0f} ms (best {best_all:.0f}); "
              f"claw los --map (YAML parsed and validated) {ms_map:.0f} ms (best {best_map:.0f}); "
              f"bare typer app {ms_bare:.0f} ms (best {best_bare:.0f})")


if __name__ == "__main__":
    main()
