"""`claw log`'s command line (typer); the body is claw.cli.commands.log."""

from typing import Annotated

import typer

from claw.cli.commands.log import run
from claw.cli.shell.options import DebugOpt, JsonOpt, StateOpt


def register(app: typer.Typer) -> None:
    @app.command(name="log", help="Print the game's history: commands, dice and what happened.")
    def log_cmd(
        state: StateOpt = None,
        last: Annotated[int | None, typer.Option("--last", "-n", min=1, metavar="N",
                                                 help="Only the last N commands.")] = None,
        dice: Annotated[bool, typer.Option("--dice", help="Dice statistics instead: counts per kind of die, "
                                           "mean against a fair die's, typed and seeded apart.")] = False,
        by: Annotated[str | None, typer.Option("--by", metavar="kind|label",
                                               help="With --dice: group by kind of die (default) or by label "
                                               "(\"rats' initiative d12\").")] = None,
        json_out: JsonOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.shell.guard import finish, store

        finish(lambda output: run(state, last, json_out, output, store(), dice, by), debug=debug)
