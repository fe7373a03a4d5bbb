"""`claw undo`: put back the state from before the last in-place command."""

from __future__ import annotations

from typing import Annotated

import typer

from claw.cli.shell.options import DebugOpt, QuietOpt, StateOpt


def register(app: typer.Typer) -> None:
    @app.command(name="undo", help="Restore the state before the last in-place command "
                 "(-i or CLAW_STATE). Up to 20 steps are kept next to the file.")
    def undo_cmd(
        steps: Annotated[int, typer.Option("--steps", "-n", min=1, max=20, help="How many commands back.")] = 1,
        state: StateOpt = None,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.framework.runner import finish

        finish(lambda output: _run(state, steps, output), quiet=quiet, debug=debug)


def _run(state, steps, output) -> int:
    import json

    from claw.cli.framework import runner
    from claw.cli.store import statefile
    from claw.core.errors import UsageError

    if runner.SESSION is not None:  # `claw play`: the session's history (its file's, when it has one)
        return runner.SESSION.undo(state, steps, output)
    path = state or statefile.env_state()
    if not path or path == "-":
        raise UsageError("undo needs the state file: -s FILE or CLAW_STATE")
    text, left = statefile.pop_undo(path, steps)
    log = json.loads(text).get("log", [])
    last = log[-1] if log else None
    where = f"after #{last['seq']} {last['command']}" if last else "at the start"
    output.say(f"restored {path} to the state {where} ({left} more step(s) of history)")
    return 0
