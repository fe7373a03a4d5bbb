"""`claw play`'s command line (typer); the body is claw.cli.commands.play."""

from typing import Annotated

import typer

from claw.cli.commands.play import run
from claw.cli.shell.options import DebugOpt, InPlaceOpt, OutputOpt, QuietOpt, SeedOpt, StateOpt


def register(app: typer.Typer) -> None:
    @app.command(name="play", help="Play a whole game in one process: an interactive session on a terminal "
                 "(each line a claw command without `claw` and -s), or a script of commands from SCRIPT or "
                 "stdin. Start from -s FILE / CLAW_STATE, or from scenario files with --seed N.",
                 context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
    def play_cmd(
        ctx: typer.Context,
        files: Annotated[list[str] | None, typer.Argument(
            metavar="[SCENARIO...] [SCRIPT]", help="Scenario/character/chapter files to start a game "
            "(.yaml/.yml/.json), and a script of commands (any other name, - for stdin).")] = None,
        state: StateOpt = None,
        in_place: InPlaceOpt = False,
        output_file: OutputOpt = None,
        seed: SeedOpt = None,
        keep_going: Annotated[bool, typer.Option(
            "--keep-going", help="Script: note a refused line and go on (exit code: the first refusal's).")] = False,
        redraw: Annotated[str, typer.Option(
            "--redraw", metavar="WHEN", help="Session: draw the board after a command: changed (when the state "
            "changed), always, never.")] = "changed",
        plain: Annotated[bool, typer.Option(
            "--plain", help="Session: line by line as a plain prompt (for screen readers and logs) instead of "
            "the full screen; the default when stdout is not a terminal or TERM=dumb.")] = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.shell.guard import finish

        words = list(files or []) + list(ctx.args)
        finish(lambda output: run(words, state, in_place, output_file, seed, keep_going, redraw, quiet, output,
                                       plain=plain),
               quiet=quiet, debug=debug)
