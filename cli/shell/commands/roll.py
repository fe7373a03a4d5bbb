"""`claw roll`'s command line (typer); the body is claw.cli.commands.roll."""

# No `from __future__ import annotations` in these modules: typer reads the options from
# the annotations, and string annotations make it eval every one again at each start-up
# (68 evals for `claw roll`, ~4% of its start-up; docs/performance.md).
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
        graph: Annotated[bool, typer.Option("--graph", help="With --odds: a bar per outcome and the "
                         "'at least' / 'at most' columns.")] = False,
        ascii_: Annotated[bool, typer.Option("--ascii", help="With --graph: bars of # (also on a stdout "
                          "that cannot show block characters).")] = False,
        svg: Annotated[bool, typer.Option("--svg", help="With --odds: the chart as an SVG document.")] = False,
        png: Annotated[str | None, typer.Option("--png", metavar="FILE", help="With --odds: the chart as a PNG "
                       "image (needs the png extra: pip install 'claw-tabletop[png]').")] = None,
        size: Annotated[int | None, typer.Option("--size", metavar="PX", help="With --png: the longer side in "
                        "pixels (16-8192; default the chart's own size).")] = None,
        seed: SeedOpt = None,
        dice: DiceOpt = None,
        json_out: JsonOpt = False,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.shell.guard import finish

        picture = {"graph": graph, "ascii": ascii_, "svg": svg, "png": png, "size": size}
        finish(lambda output: run(expression, vs, odds, seed, dice, json_out, output, picture),
               quiet=quiet, debug=debug)
