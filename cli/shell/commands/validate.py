"""`claw validate`'s command line (typer); the body is claw.cli.commands.validate."""

from typing import Annotated

import typer

from claw.cli.commands.validate import run


def register(app: typer.Typer) -> None:
    @app.command(name="validate", help="Check scenario, character, campaign, data and state files and the files "
                 "they name: schema and rule-level problems in one pass, each as FILE:LINE:COLUMN: message [CODE]. "
                 "Exit 3 if any error (or, with --strict, any warning).")
    def validate_cmd(
        files: Annotated[list[str], typer.Argument(metavar="FILE...", help="YAML or JSON files; '-' for stdin.")],
        fmt: Annotated[str, typer.Option("--format", metavar="FORMAT", help="text, json, github or sarif")] = "text",
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No summary line.")] = False,
        strict: Annotated[bool, typer.Option("--strict", help="Warnings fail too (exit 3).")] = False,
        ignore: Annotated[list[str] | None, typer.Option("--ignore", metavar="CODE",
                                                         help="Do not report CODE (repeat, or CODE,CODE).")] = None,
        no_follow: Annotated[bool, typer.Option("--no-follow", help="Do not check the files a file names.")] = False,
        debug: Annotated[bool, typer.Option("--debug", hidden=True)] = False,
    ) -> None:
        from claw.cli.shell.guard import finish

        finish(lambda output: run(files, fmt, strict, ignore or [], not no_follow, output), quiet=quiet,
               debug=debug)
