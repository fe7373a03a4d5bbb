"""Invariants of the rats' turn and the round on random maps (hypothesis)."""

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from claw.core.msm import rounds
from claw.core.msm.figures import acts_as_roach
from claw.core.msm.rat_turn import rats_turn
from claw.core.msm.setup import board_from_state, new_state
from claw.core.msm.squares import manhattan, parse_square
from claw.core.rng import SeededDice

from .mapgen import random_map
from .play_helpers import BESTIARY

POOL = [{"type": "roach", "count": 6}, {"type": "detestable", "count": 3},
        {"type": "arbaletrier", "count": 2}, {"type": "norwegian-brown", "count": 1}]


def game(seed):
    doc = {"game": "msm", "name": "random", "rats": POOL, "round_track": [[], ["S"]],
           "map": random_map(16, seed=seed, walls=20, rats=8, cats=4)}
    state, _ = new_state(doc, SeededDice(seed))
    state["phase"] = "rats"
    return state, board_from_state(state)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_rats_turn_keeps_the_board_legal(seed):
    """Rats never stand on red squares; only roaches share squares; a rat moves at most
    its AP in orthogonal steps; cats never go below 0 health."""
    state, board = game(seed)
    before = {rid: parse_square(f["square"]) for rid, f in state["figures"].items() if f["side"] == "rat"}
    after, _ = rats_turn(copy.deepcopy(state), board, SeededDice(seed + 1), BESTIARY)
    seen = {}
    for fid, fig in after["figures"].items():
        if not fig.get("square"):
            continue
        sq = parse_square(fig["square"])
        assert board.in_bounds(sq) and not board.is_blocking(sq)
        if fig["side"] == "rat" and not acts_as_roach(fig):
            assert sq not in seen, f"{fid} shares {fig['square']} with {seen.get(sq)}"
            seen[sq] = fid
        if fig["side"] == "rat" and fid in before:
            assert manhattan(before[fid], sq) <= 2
        if fig["side"] == "cat":
            assert fig.get("health", 9) >= 0
    for fid, fig in after["figures"].items():
        if fig["side"] == "cat" and fig.get("square"):        # rats never move cats
            assert fig["square"] == state["figures"][fid]["square"]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_a_round_is_deterministic_for_a_seed(seed):
    """Sequence of Play: the same state and dice give the same next state."""
    state, board = game(seed)
    state["phase"] = "initiative"
    runs = []
    for _ in range(2):
        st_, dice = copy.deepcopy(state), SeededDice(seed)
        for _ in range(5):
            if st_.get("outcome"):
                break
            st_, _ = rounds.step(st_, board, dice, BESTIARY)
        runs.append(json.dumps(st_, sort_keys=True))
    assert runs[0] == runs[1]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_cached_activation_order_matches_the_board_order(seed):
    """Rat Actions: the rats' turn's activation order (roach plans kept between
    activations) equals pathing.activation_order computed from scratch."""
    from claw.core.msm.pathing import activation_order as fresh
    from claw.core.msm.rat_turn import activation_order as cached

    state, board = game(seed)
    for fig in state["figures"].values():
        fig["revealed"] = True
    waiting = [r for r, f in state["figures"].items() if f["side"] == "rat"]
    cache = {}
    cached(board, state, waiting, cache)                  # fill the cache
    mover = waiting[-1]                                   # that rat activates and moves a square
    from claw.core.msm.figures import occupants
    from claw.core.msm.squares import orthogonal_neighbours, square_name

    here = parse_square(state["figures"][mover]["square"])
    taken = occupants(state["figures"])
    for n in orthogonal_neighbours(here):
        if board.step_open(here, n) and n not in taken:
            state["figures"][mover]["square"] = square_name(n)
            break
    rest = waiting[:-1]
    order_a, ties_a, plans_a = cached(board, state, rest, cache)
    order_b, ties_b, plans_b = fresh(board, state["figures"], rest)
    first = order_a[0]
    assert first == order_b[0]                            # the same rat goes next
    group_a = next((g for g in ties_a if first in g), [first])
    group_b = next((g for g in ties_b if first in g), [first])
    assert group_a == group_b                             # with the same tied rats
    for r, p in plans_a.items():                          # and every plan made agrees
        q = plans_b[r]
        assert (p.distance, p.cats, p.steps) == (q.distance, q.cats, q.steps)
