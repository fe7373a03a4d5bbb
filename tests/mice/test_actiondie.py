"""The action die (data/mice/action-die.json) and exact odds."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from claw.core.errors import DiceError, InvalidInput, UsageError
from claw.core.mice import actiondie as A

from .helpers import d as dice


def test_six_faces_numbered_1_to_3_twice_and_one_cheese(faces):
    """Kitchen 5 has the mice choose a number between 1 and 3 to match on the dice."""
    assert sorted(f.number for f in faces) == [1, 1, 2, 2, 3, 3]
    assert sum(f.count(A.CHEESE) for f in faces) == 1


def test_roll_maps_face_numbers(faces, F):
    rolled = A.roll(dice(F.cheese, F.blank), faces, 2)
    assert A.count(rolled, A.CHEESE) == 1


def test_impossible_physical_value_names_the_die(faces):
    with pytest.raises(DiceError, match="action die"):
        A.roll(dice(7), faces, 1)


def test_too_few_dice_is_an_error(faces):
    with pytest.raises(DiceError, match="not enough dice"):
        A.roll(dice(1), faces, 2)


def test_parse_faces_rejects_bad_tables():
    with pytest.raises(InvalidInput):
        A.parse_faces({"faces": [{"number": 1, "symbol": "x"}]})
    with pytest.raises(InvalidInput):
        A.parse_faces([{"number": n, "symbol": "x"} for n in (1, 1, 2, 3, 4, 5)])


def test_parse_faces_accepts_two_symbol_faces():
    faces = A.parse_faces([{"number": n, "symbol": "cheese+shield" if n == 6 else "sword"} for n in range(1, 7)])
    assert faces[5].count("cheese") == 1 and faces[5].count("shield") == 1


def test_dice_count_limit():
    with pytest.raises(UsageError):
        A.check_count(10_000, "--mice")


def test_scary_noises_six_mice_four_spaces_exact(faces):
    """Issue example: 6 mice, raider 4 spaces away: needs 5+ cheese on 6 dice."""
    from claw.core.mice.ghost import noise_odds

    p = Fraction(1, 6)
    expected = 6 * p**5 * (1 - p) + p**6
    assert noise_odds(faces, 6, 4) == expected == Fraction(31, 46656)


@given(st.integers(0, 12))
def test_distributions_sum_to_one(n):
    from claw.cli.formats.content import load_data

    faces = A.parse_faces(load_data("mice/action-die.json"))
    for sym in ("cheese", "sword", "shield"):
        dist = A.symbol_total(faces, sym, n)
        assert sum(dist.values()) == 1
        assert max(dist) <= n


@given(st.lists(st.integers(1, 6), min_size=0, max_size=12))
def test_count_never_exceeds_dice(values):
    from claw.cli.formats.content import load_data
    from claw.core.rng import PhysicalDice

    faces = A.parse_faces(load_data("mice/action-die.json"))
    rolled = A.roll(PhysicalDice(values), faces, len(values))
    assert 0 <= A.count(rolled, "cheese") <= len(values)
    assert rolled == [faces[v - 1] for v in values]  # typed as face positions


@given(st.integers(1, 8), st.sampled_from(["cheese", "sword", "shield", "bow"]))
def test_odds_agree_with_the_framework_dice_engine(n, symbol):
    """Our per-rule odds and `claw roll NdA=SYMBOL --odds` read the same face table."""
    from claw.cli.formats.content import load_data
    from claw.core.dice import ActionFace, distribution, parse

    raw = load_data("mice/action-die.json")
    faces = A.parse_faces(raw)
    engine = distribution(parse(f"{n}dA={symbol}"), [ActionFace(f["number"], f["symbol"]) for f in raw["faces"]])
    ours = A.symbol_total(faces, symbol, n)
    theirs = {k: v for k, v in engine.fractions().items() if v}
    assert ours == theirs
