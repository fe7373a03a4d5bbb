"""`claw lookup`'s command line (typer); the body is claw.cli.commands.lookup."""

from typing import Annotated

import typer

from claw.cli.commands.lookup import HELP, complete_name, complete_table, run
from claw.cli.shell.options import DebugOpt, GameOpt, JsonOpt


def register(app: typer.Typer) -> None:
    @app.command(name="lookup", help=HELP)
    def lookup_cmd(
        table: Annotated[str | None, typer.Argument(metavar="TABLE", autocompletion=complete_table)] = None,
        name: Annotated[list[str] | None, typer.Argument(metavar="NAME...", autocompletion=complete_name)] = None,
        game: GameOpt = None,
        json_out: JsonOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.shell.guard import finish

        finish(lambda output: run(table, " ".join(name or []), game, json_out, output), debug=debug)
