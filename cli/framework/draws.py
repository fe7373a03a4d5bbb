"""`--draw DECK=CARD[,DECK=CARD…]`: what the table drew, typed like `--dice`.

Every deck a game's rules draw from is declared in its hooks module (``DECKS``: the names
the core rules pass to ``claw.core.draws``; ``NO_DECKS`` says why a game has none); each
game's guide lists them under "Playing with the real box".
"""

from __future__ import annotations

from claw.core.errors import UsageError, quoted

MAX_DRAWS = 1000


def parse_draws(values: list[str]) -> list[tuple[str, str]]:
    """``["township=3,township=5", "sack=brown"]`` → ``[("township", "3"), …]``, in order."""
    pairs = []
    for value in values:
        for item in value.replace(" ", ",").split(","):
            if not item:
                continue
            deck, eq, card = item.partition("=")
            if not eq or not deck or not card:
                raise UsageError(f"--draw takes DECK=CARD items, e.g. township=3: {quoted(item)}")
            pairs.append((deck.strip().lower(), card.strip()))
    if len(pairs) > MAX_DRAWS:
        raise UsageError(f"--draw gives too many cards: {len(pairs)} (limit {MAX_DRAWS})")
    return pairs


def table_draws(game: str | None, values: list[str]):
    """The pending typed draws for ``game``, deck names checked (exit 2 when unknown)."""
    from claw.core.draws import TableDraws

    pairs = parse_draws(values)
    if not pairs:
        return None
    if game is None:
        raise UsageError("--draw needs a game: a state (-s FILE) or --game GAME")
    decks, why = decks_of(game)
    if not decks:
        raise UsageError(f"--draw: {why}")
    for deck, card in pairs:
        if deck not in decks:
            raise UsageError(f"--draw {deck}={card}: {game} has no deck {quoted(deck)} (decks: {', '.join(decks)})")
    return TableDraws(pairs)


def decks_of(game: str | None) -> tuple[dict[str, str], str]:
    """The decks of ``game`` (deck → what it holds) and, when there are none, why."""
    from claw.cli.framework.adapter import GAMES, game_hooks

    if game not in GAMES:
        return {}, f"{game} has no decks"
    hooks = game_hooks(game)
    return dict(hooks.decks), hooks.no_decks or f"{game} has no decks"
