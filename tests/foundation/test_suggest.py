"""The one "did you mean" helper (cli/suggest.py)."""

from hypothesis import given
from hypothesis import strategies as st

from claw.cli.render.suggest import closest, distance, hint


def test_typos_find_the_name():
    assert closest("rooch", ["rat", "roach", "brown"]) == ["roach"]
    assert closest("--defense", ["--defence", "--dice"]) == ["--defence"]
    assert closest("obectives", ["objectives", "map", "legend"]) == ["objectives"]
    assert closest("tein", ["tien", "ten"])[0] in ("tien", "ten")


def test_nothing_close_gives_the_list():
    assert closest("zzzz", ["roach", "rat"]) == []
    assert hint("zzzz", ["roach", "rat"], what="rat types") == "known rat types: roach, rat"
    assert hint("rooch", ["roach", "rat"]) == "did you mean roach?"
    assert hint("zzzz", [str(i) for i in range(50)]) == ""


def test_swap_is_one_edit():
    assert distance("ab", "ba") == 1
    assert distance("kitten", "sitting") == 3


@given(st.text(max_size=8), st.text(max_size=8))
def test_distance_is_symmetric_and_zero_only_for_equal(a, b):
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a.casefold() == b.casefold())
