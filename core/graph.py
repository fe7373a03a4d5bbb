"""Breadth-first reach over any graph: squares, zones, whatever a game steps between.

One helper so that every "can anything get there?" check and every step count walks the
same way (stdlib only, no state of its own).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

N = TypeVar("N", bound=Hashable)


def reach(starts: Iterable[N], neighbours: Callable[[N], Iterable[N]]) -> dict[N, int]:
    """Every node reachable from ``starts``, each with its distance in steps from the
    nearest start (a start is 0). ``neighbours(node)`` gives the nodes one step away.

    The dict is in breadth-first order (starts first, in the order given), so ties
    between equally distant nodes come out the same way every run. Its keys are the
    reachable set."""
    dist: dict[N, int] = {}
    queue: deque[N] = deque()
    for s in starts:
        if s not in dist:
            dist[s] = 0
            queue.append(s)
    while queue:
        node = queue.popleft()
        step = dist[node] + 1
        for n in neighbours(node):
            if n not in dist:
                dist[n] = step
                queue.append(n)
    return dist
