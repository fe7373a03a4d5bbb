"""`claw adjust`'s command line (typer); the body is claw.cli.commands.adjust."""

from typing import Annotated

import typer

from claw.cli.commands.adjust import complete_change, complete_target, correct
from claw.cli.shell.options import DebugOpt, InPlaceOpt, OutputOpt, QuietOpt, StateOpt


def register(app: typer.Typer) -> None:
    @app.command(name="adjust", help="Set what the table says is true (a figure's health, wounds, square or "
                 "zone, a tracker, a deck's order, a card in hand, cheese, points) with a short reason. "
                 "ID is a figure or zone id, or `game` for trackers and counters. The change is checked "
                 "against the game's rules (a value play never reaches is refused, naming its limit), "
                 "what it triggers in play follows (a cat at 0 health is down …), all of it is logged "
                 "as one correction, and `claw undo` takes it back.")
    def adjust_cmd(
        target: Annotated[str, typer.Argument(metavar="ID", autocompletion=complete_target)],
        changes: Annotated[list[str], typer.Argument(metavar="KEY=VALUE...", autocompletion=complete_change)],
        reason: Annotated[str, typer.Option("--reason", "-r", metavar="TEXT",
                                            help="Why the table corrects the state (required).")] = "",
        state: StateOpt = None,
        in_place: InPlaceOpt = False,
        output_file: OutputOpt = None,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.framework.runner import Common, run_state_command
        from claw.cli.shell.guard import finish, store

        common = Common(state=state, in_place=in_place, output=output_file, quiet=quiet, debug=debug)

        def handler(call) -> None:
            correct(call, target, changes, reason)

        finish(lambda output: run_state_command(command="adjust", args=[target, *changes], opts={"reason": reason},
                                                common=common, handler=handler, needs_state=True,
                                                changes_state=True, output=output, store=store()),
               quiet=quiet, debug=debug)
