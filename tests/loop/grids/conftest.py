"""Independent checkers for the grid tests; they share no code with gridlogic.loop.grids.solve.

They read only a grid's graph (its dots, edges and faces' edges) and count single loops meeting
clues (one per face, None for none) in two other ways:

* ``every_loop(grid)``: every simple cycle of the graph, as a frozenset of edges, by a depth-first
  walk from each dot through higher dots only (tiny grids only: there are thousands);
* ``sat_loops(grid, clues)``: up to two loops meeting the clues, by python-sat with cycle cuts
  added lazily (a model is a set of cycles, since every dot has 0 or 2 lines; a cycle that meets
  every clue alone is a solution; either way "not all edges of this cycle" removes no other
  solution, since a single loop holding all of a cycle is that cycle).
"""

from __future__ import annotations

import itertools
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


def components(grid: Grid, on: set[int]) -> list[frozenset[int]]:
    at: dict[int, list[int]] = {}
    for e in on:
        for d in grid.edges[e]:
            at.setdefault(d, []).append(e)
    left, parts = set(on), []
    while left:
        todo, part = [left.pop()], set()
        while todo:
            e = todo.pop()
            part.add(e)
            for d in grid.edges[e]:
                for f in at[d]:
                    if f in left:
                        left.remove(f)
                        todo.append(f)
        parts.append(frozenset(part))
    return parts


def sat_loops_of(grid: Grid, clues: Sequence[int | None]) -> list[frozenset[int]]:
    from pysat.card import CardEnc, EncType
    from pysat.solvers import Solver

    var = [e + 1 for e in range(len(grid.edges))]
    top = len(var)
    clauses: list[list[int]] = []
    for f, clue in enumerate(clues):
        if clue is not None:
            lits = [var[e] for e in grid.face_edges[f]]
            enc = CardEnc.equals(lits=lits, bound=clue, top_id=top, encoding=EncType.seqcounter)
            top = max(top, enc.nv)
            clauses += enc.clauses
    at: list[list[int]] = [[] for _ in grid.dots]
    for e, (a, b) in enumerate(grid.edges):
        at[a].append(var[e])
        at[b].append(var[e])
    for lits in at:
        clauses += [[-a, -b, -c] for a, b, c in itertools.combinations(lits, 3)]  # at most two
        clauses += [[-x] + [y for y in lits if y != x] for x in lits]  # never exactly one
    clauses.append(list(var))  # some line
    found: list[frozenset[int]] = []
    with Solver(name="glucose4", bootstrap_with=clauses) as solver:
        while len(found) < 2 and solver.solve():
            model = solver.get_model()
            on = {e for e in range(len(var)) if model[e] > 0}
            for cycle in components(grid, on):
                if meets(grid, cycle, clues) and cycle not in found:
                    found.append(cycle)
                solver.add_clause([-var[e] for e in cycle])
    return found


@pytest.fixture
def every_loop() -> Callable[[Grid], set[frozenset[int]]]:
    return all_cycles


@pytest.fixture
def sat_loops() -> Callable[[Grid, Sequence[int | None]], list[frozenset[int]]]:
    pytest.importorskip("pysat")
    return sat_loops_of
