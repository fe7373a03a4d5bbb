"""Rat path-finding (rulebook: Rat Actions, the movement example, Les Cafard,
Roaches Are Different, Tied for Closest)."""

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from claw.core.msm.pathing import activation_order, next_step, rat_distances
from claw.core.msm.squares import parse_square as sq
from claw.core.msm.squares import square_name

from .movement_map import MOVE_MAP, board_of, fig


def test_movement_example_roach_goes_for_nera():
    """Movement example: the roach moves toward Nera (2 moves), not Leon (5 moves)."""
    figures = {"nera": fig("cat", "nera", "F8"), "leon": fig("cat", "leon", "H5"),
               "rat-1": fig("rat", "roach", "F6")}
    plan = rat_distances(MOVE_MAP, figures)["rat-1"]
    assert plan.distance == 2 and plan.cats == ["nera"]
    assert square_name(next_step(plan)) == "F7"
    # Leon alone would take 5 moves (around the red squares G5, G6).
    alone = rat_distances(MOVE_MAP, {"leon": figures["leon"], "rat-1": figures["rat-1"]})["rat-1"]
    assert alone.distance == 5


def test_rat_counts_moves_to_an_adjacent_square():
    """Rat Actions: the closest cat is the one the rat could be moved adjacent to."""
    board = board_of(["......"] * 2)
    figures = {"nera": fig("cat", "nera", "F1"), "rat-1": fig("rat", "arbaletrier", "A1")}
    assert rat_distances(board, figures)["rat-1"].distance == 4  # to E1
    figures["rat-1"]["square"] = "E1"
    assert rat_distances(board, figures)["rat-1"].distance == 0


def test_roach_counts_moves_onto_the_cat():
    board = board_of(["......"] * 2)
    figures = {"nera": fig("cat", "nera", "F1"), "rat-1": fig("rat", "roach", "A1")}
    assert rat_distances(board, figures)["rat-1"].distance == 5


def test_face_down_roach_moves_like_a_rat():
    """Unrevealed Rat Markers have no powers: no stacking, so adjacent is the goal."""
    board = board_of(["......"] * 2)
    figures = {"nera": fig("cat", "nera", "F1"), "rat-1": fig("rat", "roach", "A1", revealed=False)}
    assert rat_distances(board, figures)["rat-1"].distance == 4


def test_figures_block_rats_but_not_roaches():
    board = board_of(["......", "######"])
    figures = {"nera": fig("cat", "nera", "E1"), "guy": fig("cat", "guy", "C1"),
               "rat-1": fig("rat", "detestable", "A1"), "rat-2": fig("rat", "roach", "D1")}
    plans = rat_distances(board, figures)
    assert plans["rat-1"].distance == 1 and plans["rat-1"].cats == ["guy"]
    # A roach passes and stacks: onto Nera (1) or onto Guy (1) — a tie.
    assert plans["rat-2"].distance == 1 and plans["rat-2"].cats == ["nera", "guy"]


def test_rats_cannot_pass_through_a_roach():
    """Ruling: every rat move ends on a square, so a rat that cannot stack cannot cross a roach."""
    board = board_of(["......", "######"])
    figures = {"nera": fig("cat", "nera", "F1"), "rat-1": fig("rat", "arbaletrier", "A1"),
               "rat-2": fig("rat", "roach", "C1")}
    assert rat_distances(board, figures)["rat-1"].distance is None


def test_walls_stop_rats():
    board = board_of(["....", "...."], walls=["B1..B2 east"])
    figures = {"nera": fig("cat", "nera", "D1"), "rat-1": fig("rat", "roach", "A1")}
    assert rat_distances(board, figures)["rat-1"].distance is None


def test_rat_next_to_a_cat_across_a_wall_is_adjacent():
    """Ruling 9 (Adjacency is by position): a rat beside a cat across a wall has 0 moves
    to go and stays; a roach, which must reach the cat's square, walks round the wall."""
    board = board_of(["....", "....", "....", "...."], walls=["A1-B1"])
    rat = {"nera": fig("cat", "nera", "B1"), "rat-1": fig("rat", "detestable", "A1")}
    plan = rat_distances(board, rat)["rat-1"]
    assert plan.distance == 0 and next_step(plan) is None
    roach = {"nera": fig("cat", "nera", "B1"), "rat-1": fig("rat", "roach", "A1")}
    plan = rat_distances(board, roach)["rat-1"]
    assert plan.distance == 3 and next_step(plan) == sq("A2")


def test_walls_separate_option_sends_the_rat_round_the_wall():
    """Ruling 9's option (--rat-wall apart): a wall between a rat and a cat keeps them
    apart, so the rat walks round to an open side of the cat (A1 → A2 → B2)."""
    board = board_of(["....", "....", "....", "...."], walls=["A1-B1"])
    figures = {"nera": fig("cat", "nera", "B1"), "rat-1": fig("rat", "detestable", "A1")}
    plan = rat_distances(board, figures, walls_separate=True)["rat-1"]
    assert plan.distance == 2 and next_step(plan) == sq("A2")
    beside = {"nera": fig("cat", "nera", "B1"), "rat-1": fig("rat", "detestable", "B2")}
    assert rat_distances(board, beside, walls_separate=True)["rat-1"].distance == 0


def test_rat_that_can_reach_no_cat_stays_and_goes_last():
    """Ruling 12: a rat walled off from every cat has no plan to move and activates last."""
    board = board_of(["....", "...."], walls=["B1..B2 east"])
    figures = {"nera": fig("cat", "nera", "D1"), "rat-1": fig("rat", "detestable", "A1"),
               "rat-2": fig("rat", "detestable", "D2")}
    order, _ties, plans = activation_order(board, figures)
    assert order == ["rat-2", "rat-1"]
    assert plans["rat-1"].distance is None and next_step(plans["rat-1"]) is None


def test_activation_order_closest_first_with_ties():
    """Rat Actions: activate the rat closest to a cat first; ties are the player's choice."""
    board = board_of(["........"] * 4)
    figures = {"nera": fig("cat", "nera", "D2"),
               "rat-1": fig("rat", "roach", "H2"), "rat-2": fig("rat", "roach", "A2"),
               "rat-3": fig("rat", "roach", "D4")}
    order, ties, plans = activation_order(board, figures)
    assert order == ["rat-3", "rat-2", "rat-1"]
    assert plans["rat-3"].distance == 2 and plans["rat-2"].distance == 3 and plans["rat-1"].distance == 4
    assert ties == []
    figures["rat-1"]["square"] = "G2"
    order, ties, _ = activation_order(board, figures)
    assert ties == [["rat-1", "rat-2"]] and order == ["rat-3", "rat-1", "rat-2"]


def test_tied_steps_are_reported_and_choosable():
    board = board_of(["....", "....", "....", "...."])
    figures = {"nera": fig("cat", "nera", "C3"), "rat-1": fig("rat", "roach", "A1")}
    plan = rat_distances(board, figures)["rat-1"]
    assert plan.distance == 4 and [square_name(s) for s in plan.steps] == ["B1", "A2"]
    assert next_step(plan) == sq("B1")
    assert next_step(plan, choose=sq("A2")) == sq("A2")


def _bfs(board, start, goals, blocked):
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        if cur in goals:
            return seen[cur]
        x, y = cur
        for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if n not in seen and board.in_bounds(n) and not board.is_blocking(n) and n not in blocked \
                    and not board.wall_between(cur, n):
                seen[n] = seen[cur] + 1
                queue.append(n)
    return None


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_distance_matches_per_cat_search_and_manhattan(data):
    """Properties: the multi-source distance equals the minimum of one search per cat,
    and is never shorter than the Manhattan distance."""
    w, h = 2 * data.draw(st.integers(2, 4)), 2 * data.draw(st.integers(2, 4))
    rows = ["".join(data.draw(st.lists(st.sampled_from("...#"), min_size=w, max_size=w))) for _ in range(h)]
    board = board_of(rows)
    free = [(x, y) for y in range(h) for x in range(w) if not board.is_blocking((x, y))]
    if len(free) < 3:
        return
    picks = data.draw(st.lists(st.sampled_from(free), min_size=3, max_size=5, unique=True))
    cats, rat = picks[:-1], picks[-1]
    roach = data.draw(st.booleans())
    figures = {f"cat{i}": fig("cat", "x", square_name(c)) for i, c in enumerate(cats)}
    figures["rat-1"] = fig("rat", "roach" if roach else "detestable", square_name(rat))
    plan = rat_distances(board, figures)["rat-1"]
    per_cat = {}
    for i, c in enumerate(cats):
        if roach:
            goals = {c}
            blocked = set()
        else:
            goals = {n for n in ((c[0], c[1] - 1), (c[0] + 1, c[1]), (c[0], c[1] + 1), (c[0] - 1, c[1]))
                     if board.in_bounds(n) and not board.is_blocking(n) and (n not in cats or n == rat)}
            blocked = set(cats)
        per_cat[f"cat{i}"] = _bfs(board, rat, goals, blocked)
    reachable = {k: v for k, v in per_cat.items() if v is not None}
    if not reachable:
        assert plan.distance is None
        return
    best = min(reachable.values())
    assert plan.distance == best
    assert sorted(plan.cats) == sorted(k for k, v in reachable.items() if v == best)
    target = cats[int(plan.cats[0][3:])]
    manhattan = abs(target[0] - rat[0]) + abs(target[1] - rat[1])
    assert plan.distance >= (manhattan if roach else manhattan - 1)
