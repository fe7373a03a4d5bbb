"""The policy protocol of ``claw simulate`` (a player the simulator asks for moves).

A policy is any object with three methods:

- ``reset(state, seed)``: a new game starts from ``state``; ``seed`` starts the policy's
  own random stream (``PolicyRandom``), apart from the game's dice, so a policy's coin
  flips never shift a die of the game;
- ``act(view, legal_actions) -> action``: one of ``legal_actions``, each a ``claw play``
  line in the CLI's words (``attack nera rat-3``, ``move 0.b``, ``scenario-step``);
- ``tie(question) -> choice``: one of ``question.options`` where the rulebook lets the
  player choose (with ``--ties policy``).

``view`` is a ``View``: the game id, the side to move, the state (read it, never change
it) and the game's fixed context (msm: ``board`` and ``bestiary``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from claw.core.rng import SeededDice


@dataclass(frozen=True)
class View:
    game: str
    side: str
    state: dict
    context: Any


@dataclass(frozen=True)
class Tie:
    """A choice the rules leave to the players: ``kind`` (``first``: which rat goes first
    among those tied for closest; ``cat``/``square``: a rat's target or first step),
    ``about`` (the rat, when there is one) and the tied ``options``."""

    kind: str
    about: str | None
    options: tuple[str, ...]


class Policy(Protocol):
    name: str

    def reset(self, state: dict, seed: int) -> None: ...

    def act(self, view: View, legal_actions: list[str]) -> str: ...

    def tie(self, question: Tie) -> str: ...


class PolicyRandom:
    """A policy's own random stream (splitmix64, as the game's dice, from another seed)."""

    def __init__(self, seed: int) -> None:
        self._dice = SeededDice(seed)

    def below(self, n: int) -> int:
        """A uniform integer in 0..n-1."""
        return self._dice.draw(0, n - 1, "policy")

    def choice(self, items):
        return items[self.below(len(items))]
