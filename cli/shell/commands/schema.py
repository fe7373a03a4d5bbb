"""`claw schema`'s command line (typer); the body is claw.cli.commands.schema."""

from typing import Annotated

import typer

from claw.cli.commands.schema import run


def register(app: typer.Typer) -> None:
    @app.command(name="schema", help="Print the JSON Schema NAME (e.g. scenario-msm), self-contained (every $ref "
                 "bundled); without NAME, list them. --write DIR writes every schema as DIR/NAME.json.")
    def schema_cmd(
        name: Annotated[str | None, typer.Argument(metavar="NAME")] = None,
        write: Annotated[str | None, typer.Option("--write", metavar="DIR", help="Write all schemas into DIR.")] = None,
        debug: Annotated[bool, typer.Option("--debug", hidden=True)] = False,
    ) -> None:
        from claw.cli.shell.guard import finish

        finish(lambda output: run(name, write, output), debug=debug)
