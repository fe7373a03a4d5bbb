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
    "play": "claw.cli.commands.play",
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
    from claw.cli.runner import guard

    # one error handler for everything, the click layer included: `claw: ...`, never a traceback
    sys.exit(guard(lambda: run_click(build_app(word), args), debug="--debug" in args))


def run_click(app: typer.Typer, args: list[str]) -> int:
    """Run the click app without its own error printing: click's usage errors are shown the
    way claw shows its own (``claw: ...`` and a hint line), exit 2."""
    from typer._click import exceptions as click_errors  # typer 0.28 vendors click (pinned)
    from typer.exceptions import Abort

    try:
        code = app(args=args, prog_name="claw", standalone_mode=False)
    except click_errors.NoArgsIsHelpError as exc:  # bare `claw`: the help, as before
        exc.show()
        return exc.exit_code
    except click_errors.UsageError as exc:
        from claw.cli.output import Output

        output = Output()
        message = " ".join(exc.format_message().split())
        output.error(message[:1].lower() + message[1:] if message[1:2].islower() else message)
        path = exc.ctx.command_path if exc.ctx is not None else "claw"
        output.error_hint(f"see `{path} --help`")
        return exc.exit_code
    except click_errors.ClickException as exc:  # e.g. a file option click could not open
        from claw.cli.output import Output

        Output().error(" ".join(exc.format_message().split()))
        return exc.exit_code
    except Abort:
        raise KeyboardInterrupt from None
    return code if isinstance(code, int) else 0
