"""Typer option declarations shared by every command (one place, one spelling)."""

from __future__ import annotations

from typing import Annotated

import typer

StateOpt = Annotated[str | None, typer.Option(
    "--state", "-s", metavar="FILE",
    help="State file to read ('-' for stdin). Default: $CLAW_STATE (updated in place), else stdin when piped.")]
InPlaceOpt = Annotated[bool, typer.Option(
    "--in-place", "-i", help="Rewrite the state file atomically (old one kept for `claw undo`).")]
OutputOpt = Annotated[str | None, typer.Option(
    "--output", "-o", metavar="FILE", help="Write the new state to FILE instead of stdout.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No explanation on stderr.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable result on stdout.")]
SeedOpt = Annotated[int | None, typer.Option(
    "--seed", metavar="N", help="Seed for stateless use (same seed, same dice on any machine).")]
DiceOpt = Annotated[str | None, typer.Option(
    "--dice", metavar="V1,V2,...",
    help="Physical dice, consumed in order (percentile: tens die 00-90 or its digit, then ones).")]


def _games(ctx, incomplete: str) -> list[str]:
    from claw.cli.shell.completion import for_games

    return for_games(ctx, incomplete)


def _decks(ctx, incomplete: str) -> list[str]:
    from claw.cli.shell.completion import for_draws

    return for_draws(ctx, incomplete)


DrawOpt = Annotated[list[str] | None, typer.Option(
    "--draw", metavar="DECK=CARD,...", autocompletion=_decks,
    help="Cards or tokens drawn at the table, in order (repeatable), e.g. township=3,township=5.")]


GameOpt = Annotated[str | None, typer.Option(
    "--game", metavar="GAME", help="Game for stateless use: msm, ratcatcher, warriors, mice.", autocompletion=_games)]
DebugOpt = Annotated[bool, typer.Option("--debug", help="Show Python tracebacks (for developers).", hidden=True)]

COMMON = {
    "state": StateOpt, "in_place": InPlaceOpt, "output": OutputOpt, "quiet": QuietOpt,
    "json": JsonOpt, "seed": SeedOpt, "dice": DiceOpt, "draw": DrawOpt, "game": GameOpt, "debug": DebugOpt,
}
