"""`claw simulate FILE`: whole games with bot players, summed up (docs/simulate.md).

The typer part only; the work is in ``claw.cli.commands.simulate`` (imported when
the command runs) and the engine in ``claw.core.sim``.
"""

from typing import Annotated

import typer

from claw.cli.shell.options import DebugOpt, JsonOpt, QuietOpt

HELP = (
    "Play many whole games with bot players and report win rates with 95% intervals. "
    "Games: msm and the Ratcatcher (Warriors and Mice are not simulated: no policy plays a clan or the mice)."
)

EPILOG = (
    "\b\nExamples:\n"
    "  claw simulate examples/msm/scenario-2.yaml --games 500 --policy careful\n"
    "  claw simulate examples/ratcatcher/first-game.yaml --vary max-rounds=8..12 --json\n"
    "  claw simulate examples/msm/scenario-2.yaml --option rat-wall=apart --workers 2\n\n"
    "What the numbers mean, Dask clusters, costs: docs/simulate.md"
)


def register(app: typer.Typer) -> None:
    @app.command(name="simulate", help=HELP, epilog=EPILOG)
    def simulate_cmd(
        files: Annotated[list[str], typer.Argument(metavar="FILE")],
        games: Annotated[
            int | None, typer.Option("--games", metavar="N", help="Games per variant (default 200).")
        ] = None,
        until_ci: Annotated[
            float | None,
            typer.Option(
                "--until-ci",
                metavar="HALFWIDTH",
                help="Play blocks of 200 until every win-rate interval is this narrow.",
            ),
        ] = None,
        seed: Annotated[int, typer.Option("--seed", metavar="S", help="Seed of the whole run (default 1).")] = 1,
        policy: Annotated[
            str, typer.Option("--policy", metavar="NAME", help="random, greedy, careful, or MODULE:CLASS.")
        ] = "greedy",
        ties: Annotated[
            str, typer.Option("--ties", metavar="HOW", help="Rat ties: first (the rules' default), random or policy.")
        ] = "first",
        vary: Annotated[
            list[str] | None,
            typer.Option(
                "--vary",
                metavar="KEY=V1,V2|KEY=A..B",
                help="One row per value (a scenario path, a ruling, max-rounds).",
            ),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option(
                "--option", metavar="NAME=VALUE", help="Paired runs with this ruling against the default (McNemar)."
            ),
        ] = None,
        max_rounds: Annotated[int, typer.Option("--max-rounds", metavar="R", help="Round limit (default 30).")] = 30,
        workers: Annotated[
            int | None, typer.Option("--workers", metavar="N", help="Processes (default: cores).")
        ] = None,
        scheduler: Annotated[
            str | None,
            typer.Option(
                "--scheduler",
                metavar="ADDRESS",
                help="A Dask scheduler (tcp://HOST:PORT); needs claw-tabletop[cluster].",
            ),
        ] = None,
        json_out: JsonOpt = False,
        plot: Annotated[
            str | None, typer.Option("--plot", metavar="FILE.svg", help="Heat map and rounds histogram.")
        ] = None,
        save_games: Annotated[
            str | None,
            typer.Option("--save-games", metavar="DIR", help="Each game as its seed and a claw play script."),
        ] = None,
        quiet: QuietOpt = False,
        debug: DebugOpt = False,
    ) -> None:
        from claw.cli.commands.simulate import Request, run
        from claw.cli.shell.guard import finish

        req = Request(
            files=files,
            games=games,
            until_ci=until_ci,
            seed=seed,
            policy=policy,
            ties=ties,
            vary=vary or [],
            option=option or [],
            max_rounds=max_rounds,
            workers=workers,
            scheduler=scheduler,
            json=json_out,
            plot=plot,
            save_games=save_games,
            quiet=quiet,
        )
        finish(lambda output: run(req, output), quiet=quiet, debug=debug)
