"""`claw serve`'s command line (typer); the body is claw.cli.commands.serve."""

from typing import Annotated

import typer

from claw.cli.shell.options import DebugOpt, StateOpt


def register(app: typer.Typer) -> None:
    @app.command(name="serve", help="Serve a read-only page of one state file for a second screen: the board "
                 "picture and the last events, updated live as the game changes. Bound to 127.0.0.1 unless "
                 "--host says otherwise; it accepts no commands.")
    def serve_cmd(
        file: Annotated[str | None, typer.Argument(
            metavar="[FILE]", help="The state file (or -s FILE, or CLAW_STATE).")] = None,
        state: StateOpt = None,
        host: Annotated[str, typer.Option("--host", metavar="ADDRESS", help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", "-p", min=0, max=65535, metavar="PORT",
                                          help="Port to listen on (0: any free port; the address is printed).")] = 8765,
        events: Annotated[int, typer.Option("--events", min=0, max=1000, metavar="N",
                                            help="How many of the last commands the page lists.")] = 12,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.commands.serve import run
        from claw.cli.shell.guard import finish, store

        finish(lambda output: run(file, state, host, port, events, output, store()), debug=debug)
