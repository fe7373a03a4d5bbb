"""Every use of typer's private parts in one place (typer 0.28 vendors click as
``typer._click``; the pin in pyproject.toml says why 0.28). A typer upgrade that moves
them breaks this module only."""

from __future__ import annotations

from typing import Any


def current_obj() -> Any:
    """The ``obj`` the running click command was started with (the store), or None."""
    from typer._click.globals import get_current_context

    ctx = get_current_context(silent=True)
    obj = ctx.find_root().obj if ctx is not None else None
    return obj if hasattr(obj, "in_memory") else None  # typer keeps a dict of its own there for help


def click_errors():
    from typer._click import exceptions

    return exceptions


def typer_command_class() -> Any:
    from typer.core import TyperCommand

    return TyperCommand


def click_command(app: Any) -> Any:
    """The click command behind a typer app."""
    import typer.main

    return typer.main.get_command(app)


def complete(cli: Any, words: list[str], incomplete: str, obj: Any = None) -> list[str]:
    """click's own completion of ``claw WORDS INCOMPLETE`` (names, options, completer values),
    with ``obj`` (a store) in the context as a run would have it."""
    from typer._click import shell_completion

    ctx = shell_completion._resolve_context(cli, {"obj": obj}, "claw", list(words))
    param, incomplete = shell_completion._resolve_incomplete(ctx, list(words), incomplete)
    return [item.value for item in param.shell_complete(ctx, incomplete)]
