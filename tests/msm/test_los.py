"""Line of sight and range (rulebook: Line of Sight (LOS), Terrain, Counting Range,
Attack Examples)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from claw.core.msm.board import parse_map
from claw.core.msm.geometry import in_range, range_between
from claw.core.msm.los import line_of_sight, visible_from
from claw.core.msm.squares import parse_square as sq


def board_of(rows, walls=(), yellow=()):
    board, problems = parse_map({"rows": list(rows), "walls": list(walls), "yellow_lines": list(yellow)})
    assert problems == []
    return board


def fig(side, type_, square, revealed=True):
    return {"side": side, "type": type_, "square": square, "revealed": revealed}


OPEN10 = ["." * 10] * 10

# The rulebook's LOS example rebuilt: Nera on E8; a yellow line runs down the west
# side of column D (rows 2-8); a red line along the top of F3..J3; D stands between
# Nera and E on row 8.
LOS_EXAMPLE = board_of(OPEN10, walls=["F3..J3 north"], yellow=["D2..D8 west"])
LOS_FIGURES = {
    "nera": fig("cat", "nera", "E8"),
    "rat-a": fig("rat", "roach", "B3"),
    "rat-b": fig("rat", "norwegian-brown", "C7"),
    "rat-c": fig("rat", "roach", "H2"),
    "rat-d": fig("rat", "arbaletrier", "H8"),
    "rat-e": fig("rat", "roach", "J8"),
}


def los(board, figures, a, b, **kw):
    return line_of_sight(board, figures, sq(a), sq(b), **kw)


def test_rulebook_los_example_sees_a_b_d():
    """LOS example: Nera has LOS to A, B and D; -2 against A and B (yellow line)."""
    for target, hindered in (("B3", True), ("C7", True), ("H8", False)):
        sight = los(LOS_EXAMPLE, LOS_FIGURES, "E8", target)
        assert sight.visible, target
        assert sight.hindered is hindered, target
        assert sight.modifier == (-2 if hindered else 0)


def test_rulebook_los_example_c_behind_red_line():
    sight = los(LOS_EXAMPLE, LOS_FIGURES, "E8", "H2")
    assert not sight.visible
    assert all("wall" in line.blocked_by for line in sight.lines)


def test_rulebook_los_example_e_behind_rat_d():
    sight = los(LOS_EXAMPLE, LOS_FIGURES, "E8", "J8")
    assert not sight.visible
    assert all("rat-d" in line.blocked_by for line in sight.lines)


def test_roach_does_not_block():
    """Terrain: all figures except roaches are blocking terrain."""
    figures = dict(LOS_FIGURES, **{"rat-d": fig("rat", "roach", "H8")})
    assert los(LOS_EXAMPLE, figures, "E8", "J8").visible
    hinder = los(LOS_EXAMPLE, figures, "E8", "J8", roaches="hinder")
    assert hinder.visible and hinder.hindered


def test_unrevealed_marker_blocks():
    """Unrevealed Rat Markers have no powers: a face-down roach blocks like any figure."""
    figures = dict(LOS_FIGURES, **{"rat-d": fig("rat", "roach", "H8", revealed=False)})
    assert not los(LOS_EXAMPLE, figures, "E8", "J8").visible


def test_red_square_blocks_and_corner_touch_counts():
    """LOS: a line that only touches a red square's corner is blocked by it."""
    board = board_of(["....", ".#..", "....", "...."])
    # A1 to C3: every line crosses or touches B2.
    assert not los(board, {}, "A1", "C3").visible
    # A1 to A4 passes beside B2 without touching it.
    assert los(board, {}, "A1", "A4").visible
    # Exact corner touch: from A3 to C1 the lines all meet B2 at least at a corner.
    board2 = board_of(["......", "......", "..#...", "......", "......", "......"])
    sight = los(board2, {}, "A5", "E1")
    assert not sight.visible


def test_diagonal_gap_between_red_squares_is_blocked():
    board = board_of(["....", ".#..", "..#.", "...."])
    assert not los(board, {}, "B3", "C2").visible  # through the touching corners


def test_neighbours_in_a_red_corridor_see_each_other():
    """Ruling: what meets only the attacker's or target's own corner is not crossed."""
    board = board_of(["######", "......", "######", "......"])
    assert los(board, {}, "A2", "B2").visible
    assert los(board, {}, "A2", "F2").visible


def test_wall_on_the_edge_blocks():
    board = board_of(["....", "....", "....", "...."], walls=["B1..B4 east"])
    assert not los(board, {}, "A2", "D2").visible
    assert not los(board, {}, "B1", "C1").visible
    assert los(board, {}, "A1", "B4").visible


def test_wall_end_touch_blocks():
    """The end point of a wall touched by a line blocks it (touch counts)."""
    board = board_of(["....", "....", "....", "...."], walls=["B2-C2"])
    # line from A1 bottom-right region to D3: passes exactly through the wall's end?
    # A straight diagonal A1 -> C3 passes the lattice point (2, 2) = bottom end of the wall.
    sight = los(board, {}, "A1", "C3")
    assert any(line.blocked_by and "wall" in line.blocked_by for line in sight.lines)


def test_corner_touch_between_the_ends_counts():
    """LOS: "If a LOS only touches the corner of a square, that square IS considered",
    also where the line runs through a grid corner between its two ends."""
    rows = [".##..#", ".#..#.", "......", "#...#.", "...##.", ".#.#.."]
    board = board_of(rows)
    # The only line that clears every red square's side, A6 top-left -> F2
    # bottom-right, passes exactly through the top-left corner of red E4.
    sight = los(board, {}, "A6", "F2")
    assert not sight.visible
    # One line on its own: A1 bottom-right -> E3 bottom-right touches C3's corner.
    board2 = board_of(["......", "......", "..#...", "......", "......", "......"])
    line = next(ln for ln in los(board2, {}, "A1", "E3").lines if ln.start == (1, 1) and ln.end == (1, 1))
    assert line.blocked_by == "red square C3"


def test_line_along_a_red_side_touches_it():
    """LOS: a line lying along the side of a red square touches it (A2's top corners to
    F2's top corners run along the red row), yet another line sees along the corridor."""
    board = board_of(["######", "......", "......", "......"])
    sight = los(board, {}, "A2", "F2")
    along = next(ln for ln in sight.lines if ln.start == (0, 0) and ln.end == (1, 0))
    assert along.blocked_by and "red square" in along.blocked_by
    assert sight.visible


def test_yellow_corner_between_the_ends_hinders():
    """Touches hinder too: a line through the corner of a yellow square is hindered."""
    board = board_of(["......", "......", "..~...", "......", "......", "......"])
    line = next(ln for ln in los(board, {}, "A1", "E3").lines if ln.start == (1, 1) and ln.end == (1, 1))
    assert line.clear and line.hindered_by == "yellow square C3"


def test_attacker_in_yellow_area_ignores_it():
    """Hindering Terrain / Attack Examples (Leon): no -2 for the area the attacker is in."""
    board = board_of(["~~......", "~~......", "........", "........"],
                     yellow=["A2..B2 south", "B1..B2 east"])
    assert not los(board, {}, "A1", "F1").hindered
    assert los(board, {}, "A1", "F1").visible
    # But a figure outside shooting in is hindered.
    sight = los(board, {}, "F1", "A1")
    assert sight.visible and sight.hindered


def test_target_in_yellow_square_is_hindered():
    board = board_of(["....", "..~.", "....", "...."])
    sight = los(board, {}, "A2", "C2")
    assert sight.visible and sight.hindered


def test_range_0_across_yellow_line_is_hindered():
    """Attack Examples: Nera's sword attack at range 0 across a yellow line gets -2."""
    board = board_of(["....", "....", "....", "...."], yellow=["B2-C2"])
    sight = los(board, {}, "B2", "C2")
    assert sight.visible and sight.hindered and sight.modifier == -2


def test_hindrance_never_more_than_minus_2():
    board = board_of(["......~.", "........"], yellow=["B1..B2 east", "D1..D2 east"])
    sight = los(board, {}, "A1", "G1")
    assert sight.hindered and sight.modifier == -2


def test_counting_range_worked_brackets():
    """Counting Range: big squares, no diagonals, target's counted, attacker's not."""
    board = board_of(["." * 8] * 8)
    nera = sq("C3")  # big square (1, 1)
    assert range_between(board, nera, sq("D4")) == 0
    assert range_between(board, nera, sq("E3")) == 1
    assert range_between(board, nera, sq("E5")) == 2   # diagonal big square counts 2
    assert range_between(board, nera, sq("G3")) == 2
    # RANGE 0: own big square or adjacent small square (across a big-square border).
    assert in_range(board, nera, sq("D4"), 0)
    assert in_range(board, sq("D4"), sq("E4"), 0)
    assert not in_range(board, sq("D4"), sq("F4"), 0)
    # RANGE 1: own or adjacent big square.
    assert in_range(board, nera, sq("D4"), 1) and in_range(board, nera, sq("F4"), 1)
    assert not in_range(board, nera, sq("E5"), 1)
    # RANGE 2: one or two big squares away, never its own.
    assert not in_range(board, nera, sq("D4"), 2)
    assert in_range(board, nera, sq("E5"), 2) and in_range(board, nera, sq("G3"), 2)
    assert not in_range(board, nera, sq("H5"), 2)


def test_visible_from_lists_squares():
    seen = visible_from(LOS_EXAMPLE, LOS_FIGURES, sq("E8"))
    assert sq("B3") in seen and sq("H8") in seen
    assert sq("J8") not in seen and sq("H2") not in seen


@st.composite
def maps(draw):
    w, h = 2 * draw(st.integers(2, 5)), 2 * draw(st.integers(2, 5))
    rows = ["".join(draw(st.lists(st.sampled_from("..~#"), min_size=w, max_size=w))) for _ in range(h)]
    walls = []
    for _ in range(draw(st.integers(0, 6))):
        x, y = draw(st.integers(0, w - 2)), draw(st.integers(0, h - 2))
        walls.append(f"{chr(65 + x)}{y + 1}-{chr(66 + x)}{y + 1}" if draw(st.booleans())
                     else f"{chr(65 + x)}{y + 1}-{chr(65 + x)}{y + 2}")
    return board_of(rows, walls=walls)


@settings(max_examples=150, deadline=None)
@given(maps(), st.data())
def test_los_is_symmetric_without_figures(board, data):
    """Property: with no figures and no yellow terrain involved, LOS is symmetric."""
    a = (data.draw(st.integers(0, board.width - 1)), data.draw(st.integers(0, board.height - 1)))
    b = (data.draw(st.integers(0, board.width - 1)), data.draw(st.integers(0, board.height - 1)))
    there = line_of_sight(board, {}, a, b)
    back = line_of_sight(board, {}, b, a)
    assert there.visible == back.visible


@st.composite
def busy_maps(draw):
    w, h = 2 * draw(st.integers(2, 5)), 2 * draw(st.integers(2, 5))
    rows = ["".join(draw(st.lists(st.sampled_from("....~#"), min_size=w, max_size=w))) for _ in range(h)]

    def edges(n):
        out = []
        for _ in range(n):
            x, y = draw(st.integers(0, w - 2)), draw(st.integers(0, h - 2))
            out.append(f"{chr(65 + x)}{y + 1}-{chr(66 + x)}{y + 1}" if draw(st.booleans())
                       else f"{chr(65 + x)}{y + 1}-{chr(65 + x)}{y + 2}")
        return out

    board = board_of(rows, walls=edges(draw(st.integers(0, 6))), yellow=edges(draw(st.integers(0, 4))))
    free = [(x, y) for y in range(h) for x in range(w) if not board.is_blocking((x, y))]
    figures = {}
    if free:
        for i, spot in enumerate(draw(st.lists(st.sampled_from(free), max_size=4, unique=True))):
            kind = draw(st.sampled_from(["roach", "detestable", "cat"]))
            side = "cat" if kind == "cat" else "rat"
            figures[f"f{i}"] = fig(side, kind, f"{chr(65 + spot[0])}{spot[1] + 1}", draw(st.booleans()))
    return board, figures


@settings(max_examples=300, deadline=None)
@given(busy_maps(), st.data(), st.sampled_from(["ignore", "hinder"]))
def test_fast_visible_from_equals_line_by_line(case, data, roaches):
    """Property: the ray sweep of `los --all` gives exactly the answers of line_of_sight
    (visible and hindered) for every square."""
    from claw.core.msm.fov import visible_from as fast

    board, figures = case
    a = (data.draw(st.integers(0, board.width - 1)), data.draw(st.integers(0, board.height - 1)))
    got = fast(board, figures, a, roaches=roaches)
    some = {t for i, t in enumerate(board.squares()) if i % 3 == 0}
    only = fast(board, figures, a, roaches=roaches, targets=some, hindrance=False)
    assert set(only) == {t for t in got if t in some}
    for t in board.squares():
        if board.is_blocking(t):
            assert t not in got
            continue
        want = line_of_sight(board, figures, a, t, roaches=roaches)
        if board.is_blocking(a):
            assert t not in got
            continue
        assert (t in got) == want.visible, (a, t)
        if want.visible:
            assert got[t].hindered == want.hindered, (a, t)


@settings(max_examples=300, deadline=None)
@given(busy_maps(), st.data(), st.sampled_from(["ignore", "hinder"]), st.booleans())
def test_visible_from_a_few_targets_equals_the_whole_sweep(case, data, roaches, hindrance):
    """Property ("Line of Sight"): asked about a few squares, the sweep stops at the
    farthest of them and still answers exactly as the whole map's sweep does."""
    from claw.core.msm.fov import visible_from as fast

    board, figures = case
    squares = list(board.squares())
    a = data.draw(st.sampled_from(squares))
    few = data.draw(st.sets(st.sampled_from(squares), max_size=3))
    whole = fast(board, figures, a, roaches=roaches, hindrance=hindrance)
    only = fast(board, figures, a, roaches=roaches, targets=few, hindrance=hindrance)
    assert only == {t: s for t, s in whole.items() if t in few}


@settings(max_examples=100, deadline=None)
@given(maps(), st.data())
def test_more_red_never_shows_more(board, data):
    """Property: turning an open square red never makes a blocked line of sight visible."""
    from claw.core.msm.board import parse_map as reparse

    a = (data.draw(st.integers(0, board.width - 1)), data.draw(st.integers(0, board.height - 1)))
    b = (data.draw(st.integers(0, board.width - 1)), data.draw(st.integers(0, board.height - 1)))
    c = (data.draw(st.integers(0, board.width - 1)), data.draw(st.integers(0, board.height - 1)))
    if c in (a, b):
        return
    rows = [list(r) for r in board.rows]
    rows[c[1]][c[0]] = "#"
    more, _ = reparse({"rows": ["".join(r) for r in rows],
                       "walls": [f"{chr(65 + min(p[0] for p in e))}{min(p[1] for p in e) + 1}-"
                                 f"{chr(65 + max(p[0] for p in e))}{max(p[1] for p in e) + 1}"
                                 for e in (sorted(e) for e in board.walls)]})
    if not line_of_sight(board, {}, a, b).visible:
        assert not line_of_sight(more, {}, a, b).visible


def _touches_between_ends(p, q, box) -> bool:
    """Exact (Fraction) test: does the segment p-q meet the closed box at some point
    strictly between its ends?"""
    from fractions import Fraction

    t0, t1 = Fraction(0), Fraction(1)
    for start, delta, lo, hi in ((p[0], q[0] - p[0], box[0][0], box[1][0]), (p[1], q[1] - p[1], box[0][1], box[1][1])):
        if delta == 0:
            if not lo <= start <= hi:
                return False
            continue
        a, b = Fraction(lo - start, delta), Fraction(hi - start, delta)
        t0, t1 = max(t0, min(a, b)), min(t1, max(a, b))
    return t0 <= t1 and t1 > 0 and t0 < 1


@settings(max_examples=150, deadline=None)
@given(maps(), st.data())
def test_a_clear_line_touches_nothing_between_its_ends(board, data):
    """Property (LOS: a corner touch counts): every line reported clear meets no red square
    and no wall anywhere strictly between its two corners, checked with fractions."""
    a = (data.draw(st.integers(0, board.width - 1)), data.draw(st.integers(0, board.height - 1)))
    b = (data.draw(st.integers(0, board.width - 1)), data.draw(st.integers(0, board.height - 1)))
    if a == b or board.is_blocking(a) or board.is_blocking(b):
        return
    boxes = [((x, y), (x + 1, y + 1)) for (x, y) in board.squares() if board.is_blocking((x, y))]
    boxes += [((x, y), (x, y + 1)) for (x, y) in board.v_walls] + [((x, y), (x + 1, y)) for (x, y) in board.h_walls]
    for line in line_of_sight(board, {}, a, b).lines:
        if line.clear:
            p = (a[0] + line.start[0], a[1] + line.start[1])
            q = (b[0] + line.end[0], b[1] + line.end[1])
            if p == q:
                continue  # neighbours' shared corner: no "between" (ends are ruling 2's business)
            assert not any(_touches_between_ends(p, q, box) for box in boxes), (a, b, line)
