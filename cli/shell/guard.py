"""The error → exit code guard on typer's side: a command body runs under the framework's
``guard`` and its code leaves through ``typer.Exit`` (the one place claw exits a command)."""

from __future__ import annotations

from collections.abc import Callable

from claw.cli.render.output import Output


def finish(fn: Callable[[Output], int | None], *, quiet: bool = False, debug: bool = False) -> None:
    """Run a command body under ``guard`` and exit with its code."""
    import typer

    from claw.cli.framework.runner import guard

    output = Output(quiet=quiet)
    raise typer.Exit(guard(lambda: fn(output), debug=debug, output=output))


def store():
    """The store the running command was given (`claw play`'s session), else the files."""
    from claw.cli.shell.bridge import current_obj
    from claw.cli.store.stores import FILES

    return current_obj() or FILES
