"""Dice mean one thing: `roll`, `--odds` and `--json` read every expression the same way
(issue 11, item 7 and its "Dice:" finding; issue 14, item 6: the percentile tens die).

The reading (core/dice/notation.py, docs/commands/roll.md): an expression's value is the
signed sum of its terms, a counting term (``5d6>=4``) worth its number of successes.
"""

import json
import time

import pytest

from claw.cli.testing import run
from claw.core.dice import distribution, parse, roll
from claw.core.errors import DiceError
from claw.core.rng import PhysicalDice


def _odds_values(expr: str) -> dict[int, int]:
    data = json.loads(run(["roll", expr, "--odds", "--json"]).stdout)
    return {row["value"]: row["ways"] for row in data["distribution"]}


# --- a success count plus other terms: one number in all three outputs -----------------

def test_count_plus_constant_is_one_number_in_roll_json_and_odds():
    """Finding: `5d6>=4+1 --dice 6,6,1,1,1` printed 2, its JSON total was 3, and --odds
    gave a support where the printed number did not fit. Two successes plus one is 3."""
    printed = run(["roll", "5d6>=4+1", "--dice", "6,6,1,1,1"])
    data = json.loads(run(["roll", "5d6>=4+1", "--dice", "6,6,1,1,1", "--json"]).stdout)
    assert printed.code == 0 and printed.stdout.strip() == "3"
    assert data["total"] == 3 and data["successes"] == 2
    assert "(2 successes) +1 = 3" in printed.stderr
    support = _odds_values("5d6>=4+1")
    assert sorted(support) == [1, 2, 3, 4, 5, 6] and 3 in support


def test_count_minus_dice_and_vs_use_the_same_total():
    r = json.loads(run(["roll", "2d6-3d6>=5", "--dice", "1,2,5,6,1", "--vs", "2", "--json"]).stdout)
    assert r["total"] == 3 - 2 and r["successes"] == -2 and r["success"] is False   # signed, as summed
    assert [t["value"] for t in r["terms"]] == [3, -2]
    assert r["total"] in _odds_values("2d6-3d6>=5")


def test_count_alone_prints_its_successes():
    r = run(["roll", "5d6>=4", "--dice", "1,4,6,3,5"])
    assert r.stdout.strip() == "3" and "→ 3 success(es)" in r.stderr


# --- --odds takes everything roll takes -------------------------------------------------

def test_keep_and_count_together_have_odds():
    """Finding: `4d6kh3>=4` rolled but --odds refused it. Count the kept dice meeting 4+:
    min(3, dice showing 4+ among four) with each die 1/2."""
    d = distribution("4d6kh3>=4")
    assert {v: str(p) for v, p in d.fractions().items()} == {0: "1/16", 1: "1/4", 2: "3/8", 3: "5/16"}
    r = run(["roll", "4d6kh3>=4", "--dice", "6,5,4,4", "--json"])
    assert json.loads(r.stdout)["total"] == 3


def test_keep_on_action_dice_counts_symbols_of_the_kept_faces():
    """The action die repeats numbers under different symbols: which of two tied dice is
    kept follows position, so a kept die's symbol is a fair draw among its number's faces.
    Checked against every roll of three dice."""
    from itertools import product

    from claw.cli.commands.roll import _faces_if_needed

    for text in ("3dAkh2=bow", "3dAkl1=sword", "3dAkh2>=2", "3dAkh2"):
        expr = parse(text)
        faces = _faces_if_needed(expr)
        counts: dict[int, int] = {}
        for values in product(range(1, 7), repeat=3):
            total = roll(expr, PhysicalDice(list(values)), faces).total
            counts[total] = counts.get(total, 0) + 1
        dist = distribution(expr, faces)
        assert dist.counts == counts and dist.denominator == 216, text


def test_no_zero_probability_rows():
    """Finding: --odds --json listed outcomes with `ways: 0` (a count nothing can meet)."""
    data = json.loads(run(["roll", "4d6>=7", "--odds", "--json"]).stdout)
    assert [row["value"] for row in data["distribution"]] == [0]
    assert all(row["ways"] > 0 for row in data["distribution"])
    for expr in ["6dA=cheese", "3d6kh2>=6", "5d6>=4+1"]:
        assert all(ways > 0 for ways in _odds_values(expr).values())


def test_two_3d6_terms_take_the_critical_from_the_first_in_roll_and_odds():
    """Warriors, Rolling the Dice: a check's critical comes from its 3d6. With two 3d6
    terms both outputs read the first, so --odds' P(critical) is what roll reports."""
    assert roll("3d6+3d6", PhysicalDice([2, 3, 4, 6, 6, 1])).critical is None
    assert roll("3d6+3d6", PhysicalDice([6, 6, 4, 1, 1, 1])).critical == "success"
    data = json.loads(run(["roll", "3d6+3d6", "--odds", "--json"]).stdout)
    assert data["critical"]["success"]["fraction"] == "2/27"


# --- bare k / d -----------------------------------------------------------------------

@pytest.mark.parametrize("expr, hint", [("4d6k3", "kh3"), ("4d6k", "kh"), ("4d6d1", "dl1"), ("2d6d6", "'+'")])
def test_bare_keep_or_drop_is_refused_with_the_spellings(expr, hint):
    """Finding: `4d6k3` silently meant keep-highest, while d20 reads k3 as "keep the 3s".
    Our reading: refused, naming kh/kl (or dh/dl), exit 2, one line."""
    with pytest.raises(DiceError, match="needs h or l"):
        parse(expr)
    r = run(["roll", expr])
    assert r.code == 2 and hint in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert run(["roll", expr, "--odds"]).stderr == r.stderr


def test_explicit_keep_and_drop_still_work():
    assert roll("4d6kh3", PhysicalDice([1, 2, 3, 4])).total == 9
    assert roll("4d6kl3", PhysicalDice([1, 2, 3, 4])).total == 6
    assert roll("4d6dl", PhysicalDice([1, 2, 3, 4])).total == 9


# --- labels -----------------------------------------------------------------------------

def test_bracketed_label_is_kept_in_breakdown_and_json():
    """Finding: `1d20+1d4[bless]` lost its label (quoted as `1d20+1d4`). d20's annotation
    is kept as typed on its term, in the breakdown and in --json."""
    r = run(["roll", "1d20+1d4[bless]", "--dice", "14,3"])
    assert r.code == 0 and r.stdout.strip() == "17"
    assert "1d4[bless] [3]" in r.stderr
    data = json.loads(run(["roll", "1d20 + 1d4 [Bless Me]+2[str]", "--dice", "14,3", "--json"]).stdout)
    assert data["expression"] == "1d20 + 1d4 [Bless Me]+2[str]"
    assert [t.get("label") for t in data["terms"]] == [None, "Bless Me", "str"]
    assert data["total"] == 19
    odds = json.loads(run(["roll", "1d20+1d4[bless]", "--odds", "--json"]).stdout)
    assert odds["expression"] == "1d20+1d4[bless]" and len(odds["distribution"]) == 23
    for env in ({}, {"FORCE_COLOR": "1"}):
        text = run(["roll", "1d20+1d4[bless]", "--odds"], env=env).stdout
        assert text.startswith("1d20+1d4[bless]: 80 equally likely outcomes")


def test_label_with_markup_like_text_is_shown_literally_in_colour():
    r = run(["roll", "1d4[/]+1d4[bold]", "--dice", "1,2"], env={"FORCE_COLOR": "1"})
    assert "[/]" in r.stderr and "[bold]" in r.stderr


@pytest.mark.parametrize("bad, words", [
    ("1d4[", "without a closing"), ("1d4]", "without an opening"), ("1d4[]", "empty label"), ("1d4[  ]", "empty label"),
    ("1d4[a][b]", "one label per term"), ("1d4[a[b]]", "cannot contain"), ("[x]1d6", "expected a number"),
])
def test_broken_labels_are_refused_clearly(bad, words):
    with pytest.raises(DiceError, match=words):
        parse(bad)
    assert run(["roll", bad]).code == 2


# --- huge work is refused up front -------------------------------------------------------

@pytest.mark.parametrize("expr", ["100d100", "110d12kh55", "1000d1000", "1000d1000kh500", "500d6", "60d12kh30"])
def test_huge_odds_are_refused_at_once_with_the_limit_named(expr):
    """Finding: `100d100 --odds` worked ~7 s before refusing; `110d12kh55 --odds` ran 31 s.
    The work is estimated from sizes alone and refused before any of it is done."""
    start = time.perf_counter()
    r = run(["roll", expr, "--odds"])
    elapsed = time.perf_counter() - start
    assert r.code == 2 and "too large for exact odds" in r.stderr and "limit 1e+07" in r.stderr
    assert elapsed < 0.5
    assert run(["roll", expr, "--seed", "1"]).code == 0   # rolling it is fine


@pytest.mark.parametrize("expr", ["10d12", "4d6kh3", "6d12>=9", "1000d1000>=500", "3d6+4", "40d12kh20"])
def test_everyday_odds_stay_allowed(expr):
    from claw.core.dice.odds import MAX_WORK, work

    assert work(parse(expr)) <= MAX_WORK


# --- percentile: the tens die's face or its digit ---------------------------------------

@pytest.mark.parametrize("dice, total", [("70,1", 71), ("7,1", 71), ("00,0", 100), ("0,0", 100),
                                         ("90,9", 99), ("00,7", 7), ("10,0", 10), ("1,0", 10)])
def test_percentile_tens_die_face_or_digit(dice, total):
    """Warriors, How the Dice Work: a d100 is a tens die (00-90) and a ones die; a roll of
    70 and 1 is 71, 00 and 0 is 100. Either the tens face or its digit may be typed."""
    for expr in ("d100", "d%"):
        r = run(["roll", expr, "--dice", dice, "--json"])
        assert r.code == 0, r.stderr
        data = json.loads(r.stdout)
        assert data["total"] == total
        assert data["dice"][0]["digits"] == [total // 10 % 10, total % 10]


@pytest.mark.parametrize("dice, words", [("75,1", "tens die: 75"), ("100,1", "tens die: 100"),
                                         ("7,10", "ones digit: 10")])
def test_percentile_impossible_values_name_the_die(dice, words):
    r = run(["roll", "d100", "--dice", dice])
    assert r.code == 2 and words in r.stderr


def test_warriors_percentile_rolls_read_the_tens_die_the_same_way():
    """The same tens die in the game's own d100 rolls (crowfood, diseases), also through
    the recording wrapper that game commands use for the log."""
    from claw.cli.framework.call import RecordingDice
    from claw.core.warriors.dice import d100

    assert d100(PhysicalDice([70, 1]), "crowfood") == (71, [7, 1])
    assert d100(PhysicalDice([7, 1]), "crowfood") == (71, [7, 1])
    recorded = RecordingDice(PhysicalDice([0, 0]))
    assert d100(recorded, "crowfood") == (100, [0, 0])
    assert [d["die"] for d in recorded.drawn] == ["crowfood d100 tens die", "crowfood d100 ones digit"]
    with pytest.raises(DiceError, match="crowfood d100 tens die: 75"):
        d100(RecordingDice(PhysicalDice([75, 1])), "crowfood")
