"""Cat movement (rulebook: Moving Your Cat, Yellow and Red Squares, Vulnerable,
the movement example)."""

import copy

import pytest

from claw.core.errors import IllegalAction
from claw.core.msm.movement import move_cat, move_options
from claw.core.msm.squares import parse_square as sq
from claw.core.msm.squares import square_name

from .movement_map import MOVE_MAP, board_of, fig


def names(squares):
    return sorted(square_name(s) for s in squares)


def test_movement_example_prowl_stride_pounce():
    """Movement example: prowl = orthogonal neighbours; stride = adjacent big squares and
    diagonals; pounce = big squares up to 2 away; red squares never."""
    figures = {"guy": fig("cat", "guy", "C3")}
    opts = move_options(MOVE_MAP, figures, "guy")
    assert names(opts["prowl"]) == ["B3", "C2", "C4", "D3"]
    # Guy's big square is C3-D4; adjacent big squares: C1-D2, E3-F4, C5-D6, A3-B4.
    assert names(opts["stride"]) == sorted(
        ["C1", "D1", "C2", "D2", "E3", "F3", "E4", "F4", "C5", "D5", "C6", "D6", "A3", "B3", "A4", "B4",
         "B2"])  # + the diagonals B2, D2 (already in), B4 (in); D4 is red
    assert "D4" not in names(opts["stride"]) and "D4" not in names(opts["pounce"])
    pounce = names(opts["pounce"])
    for far in ("C7", "D8", "G3", "H4", "E1", "F6", "A5", "B6"):  # 2 big squares away, incl. L-shaped
        assert far in pounce, far
    assert "G1" not in pounce and "A1" in pounce  # A1: big square (0, 0) is 2 away via (0,1) or (1,0)
    assert "G5" not in pounce and "G6" not in pounce  # red


def test_pounce_covers_every_stride_square_by_default_and_leave_is_the_option():
    """Movement example: "Guy may Pounce into both red and dark green squares", the dark
    green squares being his stride squares. That is the default (ruling 7a): a pounce
    also reaches the diagonal square of Guy's own big square. `--pounce-rule leave`
    (Moving Your Cat alone: "into any big square … up to 2 big squares away") keeps the
    pounce out of his own big square."""
    board = board_of(["." * 8] * 8)
    figures = {"guy": fig("cat", "guy", "C3")}
    default = move_options(board, figures, "guy")
    assert set(names(default["stride"])) <= set(names(default["pounce"]))
    leave = move_options(board, figures, "guy", pounce_ruling="leave")
    assert "D4" in names(leave["stride"]) and "D4" not in names(leave["pounce"])
    assert set(names(default["pounce"])) - set(names(leave["pounce"])) == {"D4"}
    state = {"figures": {"guy": fig("cat", "guy", "C3")}}
    _, events = move_cat(board, state, "guy", sq("D4"), "pounce")
    assert events[0]["mode"] == "pounce" and state["figures"]["guy"]["vulnerable"] is True
    with pytest.raises(IllegalAction, match="another big square"):
        move_cat(board, {"figures": {"guy": fig("cat", "guy", "C3")}, "options": {"pounce": "leave"}}, "guy",
                 sq("D4"), "pounce")
    with pytest.raises(IllegalAction, match="only the diagonal square"):
        move_cat(board, {"figures": {"guy": fig("cat", "guy", "C3")}}, "guy", sq("D3"), "pounce")


def test_prowl_only_when_enemy_adjacent():
    """Moving Your Cat: prowling is required while an enemy is in an adjacent small square."""
    figures = {"guy": fig("cat", "guy", "C3"), "rat-1": fig("rat", "roach", "C2", revealed=False)}
    opts = move_options(MOVE_MAP, figures, "guy")
    assert names(opts["prowl"]) == ["B3", "C4", "D3"]
    assert opts["stride"] == [] and opts["pounce"] == []


def test_enemy_across_a_wall_still_forces_a_prowl_but_a_roach_on_the_cat_does_not():
    """Ruling 8: "an enemy in an adjacent small square" is by position (a wall between does
    not matter); a roach sharing the cat's own square is not in an adjacent square."""
    board = board_of(["....", "....", "....", "...."], walls=["A1-B1"])
    walled = {"guy": fig("cat", "guy", "A1"), "rat-1": fig("rat", "detestable", "B1")}
    opts = move_options(board, walled, "guy")
    assert opts["stride"] == [] and opts["pounce"] == []
    shared = {"guy": fig("cat", "guy", "A1"), "rat-1": fig("rat", "roach", "A1")}
    assert move_options(board, shared, "guy")["stride"]


def test_walls_stop_prowl_and_stride():
    board = board_of(["....", "....", "....", "...."], walls=["B1..B4 east"])
    opts = move_options(board, {"guy": fig("cat", "guy", "B2")}, "guy")
    assert "C2" not in names(opts["prowl"])
    assert not any(n.startswith(("C", "D")) for n in names(opts["stride"]))


def test_figures_block_passing_but_roaches_do_not():
    """Terrain: figures other than roaches are blocking terrain for movement too."""
    board = board_of(["....", "....", "....", "...."])
    # Guy on A1 in big square A1-B2; the route east to C1-D2 must cross B1 or B2.
    blocked = {"guy": fig("cat", "guy", "A1"), "leon": fig("cat", "leon", "B1"),
               "rat-1": fig("rat", "arbaletrier", "B2")}
    assert not any(n[0] in "CD" for n in names(move_options(board, blocked, "guy")["stride"]))
    # rat-1 is adjacent: prowl only. Use a roach instead: passable, and not an enemy next to Guy? It is.
    roach = {"guy": fig("cat", "guy", "A1"), "leon": fig("cat", "leon", "B1"),
             "rat-1": fig("rat", "roach", "A3")}
    opts = move_options(board, roach, "guy")
    assert "C2" in names(opts["stride"])  # via A2, B2


def test_roach_square_passable_not_endable():
    board = board_of(["....", "....", "....", "...."])
    figures = {"guy": fig("cat", "guy", "A1"), "rat-1": fig("rat", "roach", "B1"),
               "leon": fig("cat", "leon", "A2")}
    opts = move_options(board, figures, "guy")
    # B1 holds a roach: Guy may pass it (to C1) but not stop on it; the roach is adjacent,
    # so only prowl is allowed anyway — move the roach off the line.
    assert "B1" not in names(opts["prowl"])


def test_diagonal_stride_needs_an_open_side():
    board = board_of(["....", ".#..", "#...", "...."])
    opts = move_options(board, {"guy": fig("cat", "guy", "A2")}, "guy")
    assert "B3" not in names(opts["stride"])  # both B2 and A3 are red: no squeezing past the corner


def test_move_cat_applies_and_pounce_marks_vulnerable():
    state = {"figures": {"guy": fig("cat", "guy", "C3")}}
    st = copy.deepcopy(state)
    _, events = move_cat(MOVE_MAP, st, "guy", sq("C4"))
    assert st["figures"]["guy"]["square"] == "C4" and events[0]["mode"] == "prowl"
    st = copy.deepcopy(state)
    _, events = move_cat(MOVE_MAP, st, "guy", sq("C7"), "pounce")
    assert events[0]["mode"] == "pounce" and events[0]["cost"] == 2
    assert st["figures"]["guy"]["vulnerable"] is True


def test_move_cat_explains_refusals():
    state = {"figures": {"guy": fig("cat", "guy", "C3")}}
    with pytest.raises(IllegalAction, match="blocking terrain"):
        move_cat(MOVE_MAP, state, "guy", sq("D4"))
    with pytest.raises(IllegalAction, match="2 big squares"):
        move_cat(MOVE_MAP, state, "guy", sq("H8"), "pounce")
    with pytest.raises(IllegalAction, match="one small square"):
        move_cat(MOVE_MAP, state, "guy", sq("B2"), "prowl")
    assert state["figures"]["guy"]["square"] == "C3"


def test_move_reveals_markers_in_sight():
    """Revealing Rats: a marker is flipped as soon as a hero can see it (after a move)."""
    board = board_of(["....", "....", "##..", "...."])
    state = {"figures": {"guy": fig("cat", "guy", "A4"), "rat-1": fig("rat", "roach", "A1", revealed=False)},
             "options": {}}
    _, events = move_cat(board, state, "guy", sq("C4"), "stride")
    assert state["figures"]["rat-1"]["revealed"] is True
    assert events[-1]["type"] == "reveal"


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_move_options_invariants(data):
    """Properties (Moving Your Cat): every option is on the map, open and empty; a prowl
    is one orthogonal step; a stride lands in an adjacent big square or a diagonal
    square; a pounce lands 1 or 2 big squares away, or (default ruling 7a, the movement
    example) on a stride square; nothing lands on a red square."""
    w, h = 2 * data.draw(st.integers(2, 4)), 2 * data.draw(st.integers(2, 4))
    rows = ["".join(data.draw(st.lists(st.sampled_from("...#"), min_size=w, max_size=w))) for _ in range(h)]
    board = board_of(rows)
    free = [(x, y) for y in range(h) for x in range(w) if not board.is_blocking((x, y))]
    if len(free) < 2:
        return
    spots = data.draw(st.lists(st.sampled_from(free), min_size=1, max_size=4, unique=True))
    figures = {"guy": fig("cat", "guy", square_name(spots[0]))}
    for i, s in enumerate(spots[1:]):
        figures[f"rat-{i}"] = fig("rat", data.draw(st.sampled_from(["roach", "detestable"])), square_name(s))
    opts = move_options(board, figures, "guy")
    start = spots[0]
    taken = set(spots)
    for mode, squares in opts.items():
        for s in squares:
            assert board.in_bounds(s) and not board.is_blocking(s) and s not in taken
            (bx, by), (sx, sy) = board.big(s), board.big(start)
            big = abs(bx - sx) + abs(by - sy)
            if mode == "prowl":
                assert abs(s[0] - start[0]) + abs(s[1] - start[1]) == 1
            elif mode == "stride":
                assert big == 1 or (abs(s[0] - start[0]) == 1 and abs(s[1] - start[1]) == 1)
            else:
                assert big in (1, 2) or s in opts["stride"]


def test_revealed_roach_uncovers_the_marker_behind_it():
    """Revealing Rats + Terrain: a flipped roach stops blocking, so a marker behind it
    comes into sight in the same reveal."""
    from claw.core.msm.reveal import reveal_in_los

    board = board_of(["######", "......", "######", "......"])
    state = {"figures": {"guy": fig("cat", "guy", "A2"),
                         "rat-1": fig("rat", "roach", "C2", revealed=False),
                         "rat-2": fig("rat", "detestable", "E2", revealed=False),
                         "rat-3": fig("rat", "detestable", "F2", revealed=False)}}
    _, events = reveal_in_los(board, state)
    assert [e["figure"] for e in events] == ["rat-1", "rat-2"]
    assert state["figures"]["rat-3"]["revealed"] is False  # behind the Détestable on E2


def test_pounce_is_never_chosen_without_as_pounce():
    """Movement, Pounce (2 AP; "the cat is Vulnerable"): the cost and the marker are the
    player's choice, so a move that only a pounce reaches is refused without the mode,
    naming the mode, its cost and the way to ask for it; the state is unchanged."""
    state = {"figures": {"guy": fig("cat", "guy", "C3")}}
    with pytest.raises(IllegalAction, match=r"only a pounce reaches C7: it costs 2 AP .*--as pounce"):
        move_cat(MOVE_MAP, state, "guy", sq("C7"))
    assert state["figures"]["guy"]["square"] == "C3" and not state["figures"]["guy"].get("vulnerable")
