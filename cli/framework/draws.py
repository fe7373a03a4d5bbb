"""`--draw DECK=CARD[,DECK=CARD…]`: what the table drew, typed like `--dice`.

Every deck a game's rules draw from, in one place (the names the core rules pass to
``claw.core.draws``); each game's guide lists them under "Playing with the real box".
"""

from __future__ import annotations

from claw.core.errors import UsageError, quoted

DECKS: dict[str, dict[str, str]] = {
    "msm": {
        "rats": "rat markers drawn from the pool or turned over when revealed, by rat type (roach, …)",
        "loot": "loot cards, by card id",
        "shop": "the tavern's shop cards, by card id",
    },
    "ratcatcher": {
        "township": "township cards, by number (3, 12, …)",
        "question": '"?" tokens, by what they show (peculiar, nothing, or the token name)',
        "peculiar": "Peculiar Rat cards, by card id",
        "sack": "rats from the Rat Sack, by colour (brown, black, white)",
    },
    "warriors": {},
    "mice": {},
}

# why a game has no deck claw draws from (the table's own cards stay on the table)
NO_DECKS = {
    "warriors": "Warriors has no decks or bags: its rules draw nothing but dice",
    "mice": "claw's Mice and Mystics draws no cards: the table draws its search and encounter cards itself",
}

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
    decks = DECKS.get(game, {})
    if not decks:
        raise UsageError(f"--draw: {NO_DECKS.get(game, f'{game} has no decks')}")
    for deck, card in pairs:
        if deck not in decks:
            raise UsageError(f"--draw {deck}={card}: {game} has no deck {quoted(deck)} (decks: {', '.join(decks)})")
    return TableDraws(pairs)
