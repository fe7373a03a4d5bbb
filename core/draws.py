"""Cards, tokens and markers drawn at the table (``--draw DECK=CARD``), like physical dice.

Decks are shuffled once and stored next-draw-first; rules take from the front. When the
table types what it drew, the dice source carries a ``TableDraws`` (attribute
``table_draws``) and rules go through ``shuffled``/``take``/``take_colour`` below: a typed
card pending for that deck is taken out of the deck wherever it is, else the rule's
usual front-of-deck (seeded) choice. A plain ``SeededDice`` or ``PhysicalDice`` has no
``table_draws``, so core callers and tests need nothing new.
"""

from __future__ import annotations

from claw.core.errors import UsageError


def card_name(item) -> str:
    """How a deck item is typed: a card dict by its ``id``, anything else as text."""
    return str(item["id"]) if isinstance(item, dict) else str(item)


class TableDraws:
    """Typed draws in the order given, per deck; ``used`` lists the ones taken."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self.pending = list(pairs)
        self.used: list[dict] = []

    def _next(self, deck: str) -> int | None:
        for i, (name, _) in enumerate(self.pending):
            if name == deck:
                return i
        return None

    def _pop(self, deck: str, names: list[str]) -> int | None:
        """Index in ``names`` of the next typed card for ``deck`` (consumed), or None."""
        i = self._next(deck)
        if i is None:
            return None
        card = self.pending[i][1]
        if card not in names:
            left = ", ".join(_counted(names)) or "nothing"
            raise UsageError(f"--draw {deck}={card}: no such card left in the {deck} deck (left: {left})")
        del self.pending[i]
        self.used.append({"deck": deck, "card": card})
        return names.index(card)

    def index(self, deck: str, cards: list) -> int | None:
        return self._pop(deck, [card_name(c) for c in cards])

    def stack(self, deck: str, items: list, shuffle) -> list:
        """A shuffle whose first cards are the ones typed for ``deck`` (in order); the rest
        is ``shuffle``d as usual."""
        rest = list(items)
        front = []
        while self._next(deck) is not None:
            if not rest:
                break  # more typed than the deck holds: left pending, reported as unused
            front.append(rest.pop(self.index(deck, rest) or 0))
        return front + list(shuffle(rest))

    @property
    def remaining(self) -> list[str]:
        return [f"{deck}={card}" for deck, card in self.pending]


def _counted(names: list[str]) -> list[str]:
    """``['3', 'brown', 'brown']`` → ``['3', 'brown ×2']``, sorted, for messages."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    order = sorted(counts, key=lambda n: (0, int(n), "") if n.isdigit() else (1, 0, n))
    return [n if counts[n] == 1 else f"{n} ×{counts[n]}" for n in order]


def _typed(dice) -> TableDraws | None:
    return getattr(dice, "table_draws", None)


def shuffled(dice, deck: str, items: list) -> list:
    """``dice.shuffle(items)``, with the table's typed cards for ``deck`` on top."""
    typed = _typed(dice)
    if typed is None:
        return list(dice.shuffle(items))
    return typed.stack(deck, items, dice.shuffle)


def take(dice, deck: str, cards: list):
    """Remove and return the next card of ``deck``: the typed one, else the front."""
    typed = _typed(dice)
    i = typed.index(deck, cards) if typed is not None else None
    return cards.pop(i or 0)


def exchange(dice, deck: str, current, pool: list):
    """A face-down item turned over (an msm rat marker revealed): the table's typed card
    for ``deck`` if any, else ``current``. A typed card other than ``current`` is taken
    from ``pool`` (the face-down supply) and ``current`` goes there in its place, so the
    supply keeps its cards."""
    typed = _typed(dice)
    if typed is None:
        return current
    i = typed._pop(deck, [card_name(current)] + [card_name(c) for c in pool])
    if not i:
        return current
    chosen, pool[i - 1] = pool[i - 1], current
    return chosen


def take_colour(dice, deck: str, counts: dict[str, int]) -> str | None:
    """A typed token for a bag of counted tokens (the rat sack), taken out of ``counts``;
    None when nothing is typed for it (the rule then draws as usual)."""
    typed = _typed(dice)
    if typed is None:
        return None
    names = [c for c, n in counts.items() for _ in range(n)]
    i = typed._pop(deck, names)
    if i is None:
        return None
    colour = names[i]
    counts[colour] -= 1
    return colour
