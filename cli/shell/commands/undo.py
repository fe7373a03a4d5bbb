"""`claw undo` and `claw redo`'s command lines (typer); the body is claw.cli.commands.undo."""

from typing import Annotated

import typer

from claw.cli.commands.undo import run
from claw.cli.shell.options import DebugOpt, QuietOpt, StateOpt

StepsOpt = Annotated[int | None, typer.Option("--steps", "-n", min=1, metavar="N",
                                              help="How many commands back (default 1).")]
InPlaceOpt = Annotated[bool, typer.Option(  # habit from the other commands: harmless here
    "--in-place", "-i", help="Accepted, changes nothing: undo and redo always rewrite the file in place.")]


def _seqs(ctx, incomplete: str) -> list[str]:
    from claw.cli.shell.completion import for_log_seq  # only when completing

    return for_log_seq(ctx, incomplete)


ToOpt = Annotated[int | None, typer.Option("--to", min=0, metavar="SEQ", autocompletion=_seqs,
                                           help="Back to the state right after command #SEQ (see `claw log`).")]


def register(app: typer.Typer) -> None:
    @app.command(name="undo", help="Restore the state before the last in-place command (-i or CLAW_STATE), "
                 "or back to any earlier one still in the history kept next to the file (bounded by size).")
    def undo_cmd(steps: StepsOpt = None, to: ToOpt = None, state: StateOpt = None, in_place: InPlaceOpt = False,
                 quiet: QuietOpt = False, debug: DebugOpt = False) -> None:
        from claw.cli.shell.guard import finish, store

        finish(lambda output: run(state, steps, to, output, store()), quiet=quiet, debug=debug)

    @app.command(name="redo", help="Take back an undo: forward again, until the next change clears what "
                 "was undone.")
    def redo_cmd(
        steps: Annotated[int | None, typer.Option("--steps", "-n", min=1, metavar="N", help="How many undone "
                                                  "commands forward (default 1).")] = None,
        to: Annotated[int | None, typer.Option("--to", min=0, metavar="SEQ",
                                               help="Forward to the state right after command #SEQ.")] = None,
        state: StateOpt = None, in_place: InPlaceOpt = False, quiet: QuietOpt = False, debug: DebugOpt = False,
    ) -> None:
        from claw.cli.shell.guard import finish, store

        finish(lambda output: run(state, steps, to, output, store(), back=False), quiet=quiet, debug=debug)
