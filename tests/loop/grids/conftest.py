"""Independent checkers for the grid tests; they share no code with gridlogic.loop.grids.solve.

They read only a grid's graph (its dots, edges and faces' edges) and count single loops meeting
clues (one per face, None for none) in two other ways:

* ``every_loop(grid)``: every simple cycle of the graph, as a frozenset of edges, by a depth-first
  walk from each dot through higher dots only (tiny grids only: there are thousands);
* ``sat_loops(grid, clues)``: up to two loops meeting the clues, by python-sat
  (:mod:`gridlogic.loop.grids.sat`, which shares no code with the solver or the ladder).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from gridlogic.loop.grids import Grid


def neighbours(grid: Grid) -> list[list[tuple[int, int]]]:
    out: list[list[tuple[int, int]]] = [[] for _ in grid.dots]
    for e, (a, b) in enumerate(grid.edges):
        out[a].append((b, e))
        out[b].append((a, e))
    return out


def all_cycles(grid: Grid) -> set[frozenset[int]]:
    adjacent = neighbours(grid)
    cycles: set[frozenset[int]] = set()
    for start in range(len(grid.dots)):
        stack = [(start, [], {start})]
        while stack:
            dot, path, seen = stack.pop()
            for nxt, e in adjacent[dot]:
                if nxt == start and len(path) >= 2 and e != path[-1]:
                    cycles.add(frozenset(path + [e]))
                elif nxt > start and nxt not in seen:
                    stack.append((nxt, path + [e], seen | {nxt}))
    return cycles


def meets(grid: Grid, loop: frozenset[int], clues: Sequence[int | None]) -> bool:
    return all(c is None or sum(e in loop for e in grid.face_edges[f]) == c for f, c in enumerate(clues))


@pytest.fixture
def every_loop() -> Callable[[Grid], set[frozenset[int]]]:
    return all_cycles


@pytest.fixture
def sat_loops() -> Callable[[Grid, Sequence[int | None]], list[frozenset[int]]]:
    pytest.importorskip("pysat")
    from gridlogic.loop.grids.sat import sat_loops as count

    return count
