"""`claw note TEXT`: write a table note into the game's log (any game)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from claw.cli.shell.options import DebugOpt, InPlaceOpt, OutputOpt, QuietOpt, StateOpt

if TYPE_CHECKING:
    from claw.cli.framework.call import Call


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
        from claw.cli.framework.runner import Common, finish, run_state_command

        common = Common(state=state, in_place=in_place, output=output_file, quiet=quiet, debug=debug)
        message = " ".join(text)

        def handler(call: Call) -> None:
            call.event("note", f"note: {message}", note=message)

        finish(lambda output: run_state_command(command="note", args=[message], opts={}, common=common,
                                                handler=handler, needs_state=True, changes_state=True,
                                                output=output), quiet=quiet, debug=debug)
