"""claw.core.graph.reach: the one breadth-first walk the games' checks and step counts
share (Mice and Mystics map checks, The Ratcatcher's township checks and zone distances)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from claw.core.graph import reach

NODES = 12
edges = st.lists(st.tuples(st.integers(0, NODES - 1), st.integers(0, NODES - 1)), max_size=30)


def undirected(pairs: list[tuple[int, int]]) -> dict[int, list[int]]:
    adj: dict[int, list[int]] = {n: [] for n in range(NODES)}
    for a, b in pairs:
        adj[a].append(b)
        adj[b].append(a)
    return adj


@given(edges, st.integers(0, NODES - 1), st.integers(0, NODES - 1))
def test_reach_is_symmetric_on_an_undirected_graph(pairs, a, b):
    adj = undirected(pairs)
    there, back = reach([a], adj.__getitem__), reach([b], adj.__getitem__)
    assert (b in there) == (a in back)
    if b in there:
        assert there[b] == back[a]  # the same shortest path, walked either way


@given(edges, st.lists(st.integers(0, NODES - 1), min_size=1, max_size=4))
def test_every_start_is_reached_at_distance_0_and_steps_add_one(pairs, starts):
    adj = undirected(pairs)
    dist = reach(starts, adj.__getitem__)
    assert all(dist[s] == 0 for s in starts)
    for node, d in dist.items():
        for n in adj[node]:
            assert n in dist and dist[n] <= d + 1  # a neighbour of a reached node is reached
        if d:
            assert any(dist[n] == d - 1 for n in adj[node])  # one step nearer a start


def test_a_directed_step_is_one_way_and_order_is_breadth_first():
    adj = {"a": ["c", "b"], "b": ["d"], "c": ["d"], "d": []}
    assert list(reach(["a"], adj.__getitem__).items()) == [("a", 0), ("c", 1), ("b", 1), ("d", 2)]
    assert reach(["d"], adj.__getitem__) == {"d": 0}
    assert reach([], adj.__getitem__) == {}
