"""`claw note`'s command line (typer); the body is claw.cli.commands.note."""

from typing import Annotated

import typer

from claw.cli.commands.note import record
from claw.cli.shell.options import DebugOpt, InPlaceOpt, OutputOpt, QuietOpt, StateOpt


def register(app: typer.Typer) -> None:
    @app.command(name="note", help="Record a note in the event log (e.g. a ruling made at the table).")
    def note_cmd(
        text: Annotated[list[str], typer.Argument(metavar="TEXT...")],
        state: StateOpt = None,
        in_place: InPlaceOpt = False,
        output_file: OutputOpt = None,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.framework.runner import Common, run_state_command
        from claw.cli.shell.guard import finish, store

        common = Common(state=state, in_place=in_place, output=output_file, quiet=quiet, debug=debug)
        message = " ".join(text)

        finish(lambda output: run_state_command(command="note", args=[message], opts={}, common=common,
                                                handler=lambda call: record(call, message), needs_state=True,
                                                changes_state=True, output=output, store=store()),
               quiet=quiet, debug=debug)
