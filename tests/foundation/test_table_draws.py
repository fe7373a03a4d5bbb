"""Typed draws (`--draw`, claw.core.draws) and the one table of deck names (cli/draws.py)."""

from __future__ import annotations

import re

import pytest

from claw.cli.framework.draws import DECKS, NO_DECKS, parse_draws, table_draws
from claw.core.draws import TableDraws, shuffled, take, take_colour
from claw.core.errors import UsageError
from claw.core.rng import SeededDice
from tests.paths import ROOT


class Typed:
    """A dice source carrying typed draws, as the CLI's RecordingDice does."""

    def __init__(self, pairs, seed=1):
        self.inner = SeededDice(seed)
        self.table_draws = TableDraws(pairs)

    def shuffle(self, items):
        return self.inner.shuffle(items)


def test_take_pulls_the_typed_card_from_anywhere_else_the_front():
    dice = Typed([("deck", "c")])
    cards = ["a", "b", "c", "d"]
    assert take(dice, "deck", cards) == "c" and cards == ["a", "b", "d"]
    assert take(dice, "deck", cards) == "a"  # nothing typed any more: the front
    assert take(SeededDice(1), "deck", cards) == "b"  # a plain source: the front


def test_shuffle_puts_typed_cards_on_top_and_shuffles_the_rest():
    dice = Typed([("deck", "3"), ("other", "x"), ("deck", "1")])
    out = shuffled(dice, "deck", [1, 2, 3, 4, 5])
    assert out[:2] == [3, 1] and sorted(out[2:]) == [2, 4, 5]
    assert dice.table_draws.remaining == ["other=x"]
    assert dice.table_draws.used == [{"deck": "deck", "card": "3"}, {"deck": "deck", "card": "1"}]


def test_card_dicts_are_typed_by_id_and_a_missing_card_names_what_is_left():
    dice = Typed([("loot", "rapier")])
    with pytest.raises(UsageError, match=r"no such card left in the loot deck \(left: staff ×2\)"):
        take(dice, "loot", [{"id": "staff"}, {"id": "staff"}])


def test_take_colour_from_counted_tokens():
    dice = Typed([("sack", "white")])
    sack = {"brown": 2, "black": 0, "white": 1}
    assert take_colour(dice, "sack", sack) == "white" and sack["white"] == 0
    assert take_colour(dice, "sack", sack) is None
    dice = Typed([("sack", "black")])
    with pytest.raises(UsageError, match="left: brown ×2"):
        take_colour(dice, "sack", sack)


def test_parse_and_check_deck_names():
    assert parse_draws(["township=3,township=5", "sack=brown"]) == [
        ("township", "3"), ("township", "5"), ("sack", "brown")]
    with pytest.raises(UsageError, match="DECK=CARD"):
        parse_draws(["township"])
    with pytest.raises(UsageError, match="decks: rats, loot, shop"):
        table_draws("msm", ["cards=3"])
    with pytest.raises(UsageError, match="Warriors has no decks"):
        table_draws("warriors", ["prey=vole"])


def test_every_deck_a_rule_draws_from_is_in_the_one_table():
    """core/ passes deck names to shuffled/take/take_colour; each is declared in cli/draws.py."""
    used: dict[str, set[str]] = {}
    for path in (ROOT / "core").rglob("*.py"):
        game = path.parent.name
        for name in re.findall(r"(?:shuffled|take|take_colour|exchange)\(dice, \"([a-z-]+)\"", path.read_text()):
            used.setdefault(game, set()).add(name)
    assert set(used) == {"msm", "ratcatcher"}
    for game, names in used.items():
        assert names == set(DECKS[game]), game
    assert {g for g, d in DECKS.items() if not d} == set(NO_DECKS)


@pytest.mark.parametrize("game", sorted(DECKS))
def test_each_guide_names_its_decks(game):
    """Each game's guide has "Playing with the real box" and names every deck."""
    text = (ROOT / "docs" / "games" / f"{game}.md").read_text(encoding="utf-8")
    assert "## Playing with the real box" in text
    for deck in DECKS[game]:
        assert f"`{deck}`" in text, deck
