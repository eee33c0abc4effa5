"""An independent count of the loops meeting clues on any grid, by SAT (python-sat): a second proof.

Nothing here is shared with :mod:`.solve` or the version 4 ladder, so it checks them from outside
(the tests and ``benchmarks/loop_v4_levels.py --sweep`` use it). One variable per edge, 1 on the
loop; each clued face has exactly its clue of edges on (a sequential counter); each dot has at
most two lines and never exactly one; some edge is on. A model is then a set of disjoint cycles. A
cycle that meets every clue alone is a solution; either way the clause "not all edges of this
cycle" is added, which removes no other solution (a single loop holding all of a cycle is that
cycle), until two solutions are found or no model is left.

Worked example (a test checks it): two squares side by side with a 4 in the left one have exactly
one loop, round that square; with no clues they have several (either square, or both).

>>> from gridlogic.loop.grids.tilings import square
>>> [sorted(loop) for loop in sat_loops(square(2, 1), [4, None])]
[[0, 1, 2, 3]]
>>> len(sat_loops(square(2, 1), [None, None]))
2
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .graph import Grid


def components(grid: Grid, on: set[int]) -> list[frozenset[int]]:
    """The edges ``on`` grouped into connected parts."""
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


def meets(grid: Grid, loop: frozenset[int], clues: Sequence[int | None]) -> bool:
    """Whether the loop's edges meet every clue."""
    return all(c is None or sum(e in loop for e in grid.face_edges[f]) == c for f, c in enumerate(clues))


def sat_loops(grid: Grid, clues: Sequence[int | None], limit: int = 2) -> list[frozenset[int]]:
    """Up to ``limit`` single loops meeting ``clues`` (one per face, None for none), as sets of edges."""
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
        while len(found) < limit and solver.solve():
            model = solver.get_model()
            on = {e for e in range(len(var)) if model[e] > 0}
            for cycle in components(grid, on):
                if meets(grid, cycle, clues) and cycle not in found:
                    found.append(cycle)
                solver.add_clause([-var[e] for e in cycle])
    return found
