"""Per-command latency inside the full-screen `claw play` (issue 23 item 1), without a file
write: from Enter to the end of the redraw that shows the command's events and the board.

The session runs in process on an 80 x 24 screen (prompt_toolkit's renderer drawing into a
dummy output: the layout, the panes and the screen diff are all computed; only the bytes
to the terminal are left out). The lines are the msm script of bench_play.py (moves,
attacks, odds, line of sight, scenario-steps, notes, the board, the log, a few refusals),
typed one at a time into an in-memory session (no file). Plain script, not collected by
pytest:

    python tests/perf/bench_play_screen.py          # COMMANDS=300 by default
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from prompt_toolkit.data_structures import Size  # noqa: E402
from prompt_toolkit.input import create_pipe_input  # noqa: E402
from prompt_toolkit.output import DummyOutput  # noqa: E402

from claw.cli.framework.state_rules import STATE_RULES  # noqa: E402
from claw.cli.session.engine import Session  # noqa: E402
from claw.cli.session.screen import Screen  # noqa: E402
from claw.cli.store import statefile  # noqa: E402
from tests.perf.bench_play import SEED, script  # noqa: E402

COMMANDS = int(os.environ.get("COMMANDS", "300"))


class Terminal80x24(DummyOutput):
    def get_size(self) -> Size:
        return Size(rows=24, columns=80)


def main() -> None:
    from claw.cli.testing import run

    with tempfile.TemporaryDirectory() as tmp:
        start = Path(tmp) / "start.json"
        assert run(["new", str(ROOT / "examples/msm/scenario-2.yaml"), "--seed", SEED, "-o", str(start)]).code == 0
        lines = script(COMMANDS, start)
        envelope, _, _ = statefile.load_any(str(start), STATE_RULES)
    os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp()  # the input history, not the user's
    session = Session(envelope)  # in memory: no file is written
    times: dict[str, list[float]] = defaultdict(list)
    changed: list[float] = []
    ran: list[float] = []  # the line's own run, before the redraw
    drawn = threading.Event()
    with create_pipe_input() as pipe:
        screen = Screen(session, input=pipe, output=Terminal80x24())
        pending: list[tuple[str, float]] = []
        run_line = screen.run_line

        def timed(line: str) -> None:
            t0 = time.perf_counter()
            pending.append((line, t0))
            run_line(line)
            ran.append((time.perf_counter() - t0) * 1000)

        def after_render(_app: object) -> None:
            if pending:
                line, t0 = pending.pop()
                ms = (time.perf_counter() - t0) * 1000
                times[line.split()[0]].append(ms)
                if session.changed:
                    changed.append(ms)
                drawn.set()

        screen.run_line = timed  # type: ignore[method-assign]
        screen.app.after_render += after_render

        def typist() -> None:
            time.sleep(0.5)
            for line in lines:
                drawn.clear()
                pipe.send_text(line + "\r")
                drawn.wait(10)
            pipe.send_text("quit\r")
            time.sleep(0.2)
            pipe.send_text("q")  # quit without saving: the session was never meant to be saved

        threading.Thread(target=typist, daemon=True).start()
        screen.run()
    every = [ms for kind in times.values() for ms in kind]
    print(f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()},"
          f" load {os.getloadavg()[0]:.1f}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"{len(every)} lines at 80x24, no file: median {statistics.median(every):.2f} ms, "
          f"p90 {statistics.quantiles(every, n=10)[-1]:.2f} ms")
    print(f"  of which the line itself (before the redraw): median {statistics.median(ran):.2f} ms")
    if changed:
        print(f"  the {len(changed)} that changed the state: median {statistics.median(changed):.2f} ms")
    for kind, ms in sorted(times.items(), key=lambda kv: -len(kv[1])):
        print(f"  {kind:<14} {len(ms):>4} lines, median {statistics.median(ms):6.2f} ms")


if __name__ == "__main__":
    if os.environ.get("BENCH_TRACE"):
        import faulthandler

        faulthandler.dump_traceback_later(float(os.environ["BENCH_TRACE"]), exit=True)
    main()
