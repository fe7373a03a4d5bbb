"""`claw new`'s command line (typer); the body is claw.cli.commands.new."""

from typing import Annotated

import typer

from claw.cli.commands.new import game_options_help, run
from claw.cli.shell.options import DebugOpt, DiceOpt, DrawOpt, OutputOpt, QuietOpt, SeedOpt


def register(app: typer.Typer) -> None:
    @app.command(name="new", help="Start a game from a scenario file (msm, ratcatcher), character "
                 "files (warriors) or a chapter file (mice). The state goes to stdout or -o FILE.",
                 epilog=game_options_help(),
                 context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def new_cmd(
        ctx: typer.Context,
        files: Annotated[list[str], typer.Argument(metavar="FILE...")],
        seed: SeedOpt = None,
        dice: DiceOpt = None,
        draw: DrawOpt = None,
        output_file: OutputOpt = None,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.shell.guard import finish, store

        extra = list(ctx.args)
        finish(lambda output: run(files + extra, seed, dice, output_file, output, draw, store()), quiet=quiet,
               debug=debug)
