"""`claw roll`'s command line (typer); the body is claw.cli.commands.roll."""

from __future__ import annotations

from typing import Annotated

import typer

from claw.cli.commands.roll import HELP, run
from claw.cli.shell.options import DebugOpt, DiceOpt, JsonOpt, QuietOpt, SeedOpt


def register(app: typer.Typer) -> None:
    @app.command(name="roll", help=HELP)
    def roll_cmd(
        expression: Annotated[str, typer.Argument(metavar="EXPR", help="Dice notation.")],
        vs: Annotated[int | None, typer.Option("--vs", metavar="N",
                      help="Difficulty: success when the total meets or beats N.")] = None,
        odds: Annotated[bool, typer.Option("--odds", help="Exact distribution instead of rolling.")] = False,
        seed: SeedOpt = None,
        dice: DiceOpt = None,
        json_out: JsonOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.shell.guard import finish

        finish(lambda output: run(expression, vs, odds, seed, dice, json_out, output),
               quiet=quiet, debug=debug)
