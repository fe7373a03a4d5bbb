"""`claw undo`'s command line (typer); the body is claw.cli.commands.undo."""

from typing import Annotated

import typer

from claw.cli.commands.undo import run
from claw.cli.shell.options import DebugOpt, QuietOpt, StateOpt


def register(app: typer.Typer) -> None:
    @app.command(name="undo", help="Restore the state before the last in-place command "
                 "(-i or CLAW_STATE). Up to 20 steps are kept next to the file.")
    def undo_cmd(
        steps: Annotated[int, typer.Option("--steps", "-n", min=1, max=20, metavar="N",
                                           help="How many commands back (1 to 20).")] = 1,
        state: StateOpt = None,
        in_place: Annotated[bool, typer.Option(  # habit from the other commands: harmless here
            "--in-place", "-i", help="Accepted, changes nothing: undo always rewrites the file in place.")] = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.shell.guard import finish, store

        finish(lambda output: run(state, steps, output, store()), quiet=quiet, debug=debug)
