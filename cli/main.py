"""The `claw` entry point.

Start-up is a feature: the app registers only the command being run (argv[1]) and
each command imports its heavy modules inside its body. `claw --help` and unknown
words register everything.
"""

from __future__ import annotations

import importlib
import sys

import typer

# foundation commands: name → module with ``register(app)``
FOUNDATION = {
    "roll": "claw.cli.commands.roll",
    "new": "claw.cli.commands.new",
    "validate": "claw.cli.commands.validate",
    "schema": "claw.cli.commands.schema",
    "undo": "claw.cli.commands.undo",
    "log": "claw.cli.commands.log",
    "note": "claw.cli.commands.note",
    "adjust": "claw.cli.commands.adjust",
}


def make_app() -> typer.Typer:
    return typer.Typer(
        name="claw",
        help="Rules utilities for cats-and-vermin tabletop games: msm, ratcatcher, warriors, mice.",
        add_completion=False,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        context_settings={"help_option_names": ["-h", "--help"]},
    )


def build_app(word: str | None) -> typer.Typer:
    app = make_app()
    if word in FOUNDATION:
        importlib.import_module(FOUNDATION[word]).register(app)
        _version(app)
        return app
    from claw.cli import dispatch

    if word is not None and not word.startswith("-") and dispatch.register_all(app, only=word):
        _version(app)
        return app
    for module in FOUNDATION.values():
        importlib.import_module(module).register(app)
    dispatch.register_all(app)
    _version(app)
    return app


def _version(app: typer.Typer) -> None:
    def show_version(value: bool) -> None:
        if value:
            from claw import __version__

            print(f"claw {__version__}")
            raise typer.Exit(0)

    @app.callback()
    def root(version: bool = typer.Option(False, "--version", callback=show_version,
                                          is_eager=True, help="Print the version and exit.")) -> None:
        """Rules utilities for cats-and-vermin tabletop games."""


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    word = args[0] if args else None
    app = build_app(word)
    app(args=args, prog_name="claw")
