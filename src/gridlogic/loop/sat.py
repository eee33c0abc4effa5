"""The optional SAT back end of the Loop solver: edge variables and lazy cycle cuts.

:func:`solve_sat` decides whether a ``width`` × ``height`` slitherlink has no,
one or several loops with a SAT solver from ``python-sat`` (the ``sat`` extra
of gridlogic; imported only when this back end runs, and a missing package is
a :class:`~gridlogic.GridlogicError` saying how to install it).

Encoding
--------
Edge ``e`` (the numbering of :mod:`gridlogic.loop.board`) is variable ``e + 1``:
true means a line. Two kinds of local constraint, both written directly as
clauses that forbid each wrong assignment of a few edges:

* a clued cell with clue ``k``: every assignment of its four sides whose number
  of lines is not ``k`` is forbidden (at most 16 clauses of 4 literals);
* a vertex with 2 to 4 edges: every assignment with 1, 3 or 4 lines is
  forbidden, so a vertex has 0 or 2 lines.

One more clause says that some edge is a line (an empty drawing is no loop).
Edges that the caller already knows (``known``: the native propagation's root,
where every deduction holds in every solution) go in as unit clauses.

A model of these clauses is a set of disjoint cycles that meets every clue
together. It is a solution only when it is a single cycle; connectivity is
added lazily.

Cycle cuts, and why they remove no solution
-------------------------------------------
Each model is split into its cycles. For each cycle ``C`` the clause "not all
edges of ``C`` are lines" is added. Suppose a solution ``S`` (one cycle meeting
every clue) had every edge of ``C``. Each vertex of ``C`` has two edges of
``C``, all lines of ``S``; a vertex of ``S`` has exactly two lines, so ``S``
has no other edge at the vertices of ``C``: ``C`` is a connected component of
``S``, and as ``S`` is connected, ``S = C``. So the cut for ``C`` can only
remove the drawing that is ``C`` alone. Before adding it, ``C`` alone is
checked against every clue: if it meets them all, ``C`` *is* a solution and is
recorded first (a cycle is always a valid loop by itself). Then the cut is
sound in every case.

This is the pitfall to avoid (issue 4, point 6): a model can hold the real
loop beside a junk cycle, where the junk cycle meets none of the clues or
only some of them. Forbidding "this model" or "every cycle but the largest"
without checking each cycle alone would throw the real loop away. Checking
each cycle alone also handles two cycles that each meet some clues: if neither
alone meets all of them, neither is a solution, and both are cut.

A model that is a single cycle is therefore a solution, recorded and cut in
the same way; the cut of a whole solution is exactly the clause that blocks
it. Uniqueness: the solver is called again until it says UNSAT (every
solution has been recorded: ``unique`` with one, ``none`` with none) or a
second solution is recorded (``several``). Each call adds at least one cut
that removes the current model, so the loop ends.

Worked example (a test checks it): the 6×2 board ``2 2 . 0 . . / 2 2 . 0 . .``.
The zeros cross every side of the fourth column, so a model can be the square
around the left 2×2 block beside a junk cycle in the right 2×2 block. The left
square alone meets every clue, so it is recorded as a solution; the junk cycle
meets the clues only together with it, and is cut. No other loop meets the 2s
(a rectangle over three columns gives the top-middle 2 a single side, a loop
in the right block none at all): ``unique``.

The least loops
---------------
:mod:`gridlogic.loop.decide` gives a ``several`` verdict the least two loops in
edge order, whatever found two (its docstring says why). :meth:`SatSearch.least`
walks the edges in order with the values so far assumed, asking the solver
whether a loop has a cross at the next edge; every loop it meets is recorded
and cut as above, and the loops cut so far (out of the formula) are looked at apart.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from gridlogic.loop.board import Grid, clue_mismatches, cycles_of, grid
from gridlogic.satsolver import SOLVER_NAME, import_solver, sat_available, solve_within

__all__ = [
    "SatSearch",
    "cycles_of",
    "encode",
    "import_pysat",
    "loops_and_cuts",
    "meets_every_clue",
    "sat_available",
    "solve_sat",
]


def import_pysat() -> Any:
    """python-sat's solver class; a :class:`~gridlogic.GridlogicError` saying how to go on without it."""
    return import_solver("the Loop SAT back end", "solve without --sat")


def _forbid_counts(
    variables: Sequence[int], bad_counts: set[int], clauses: list[list[int]]
) -> None:
    """Clauses forbidding every assignment of ``variables`` whose number of trues is in ``bad_counts``."""
    n = len(variables)
    for bits in range(1 << n):
        if bits.bit_count() in bad_counts:
            # the clause is false exactly on this assignment
            clauses.append([-v if bits >> k & 1 else v for k, v in enumerate(variables)])


def encode(clues: Sequence[int | None], g: Grid) -> list[list[int]]:
    """The clauses of the clue and vertex constraints, and "some edge is a line"."""
    clauses: list[list[int]] = []
    for cell, clue in enumerate(clues):
        if clue is not None:
            sides = [e + 1 for e in g.cell_edges[cell]]
            _forbid_counts(sides, {0, 1, 2, 3, 4} - {clue}, clauses)
    for edges in g.vertex_edges:
        present = [e + 1 for e in edges if e >= 0]
        _forbid_counts(present, {1, 3, 4}, clauses)
    clauses.append([e + 1 for e in range(g.edge_count)])
    return clauses


def meets_every_clue(cycle: Sequence[int], clues: Sequence[int | None], g: Grid) -> bool:
    """True when the drawing made of ``cycle`` alone gives every clued cell its number."""
    return next(clue_mismatches(_drawing(cycle, g), clues, g), None) is None


def _drawing(cycle: Sequence[int], g: Grid) -> list[int]:
    """The edge list (1 = line) of the drawing made of ``cycle`` alone."""
    drawing = [0] * g.edge_count
    for e in cycle:
        drawing[e] = 1
    return drawing


def loops_and_cuts(
    lines: Sequence[int], clues: Sequence[int | None], g: Grid
) -> tuple[list[list[int]], list[list[int]]]:
    """The solutions inside one model, and the cycle cuts to add (see the module docstring).

    Every cycle ``C`` of the model gets the cut "not all edges of ``C``"; a
    cycle that meets every clue on its own is first returned as a solution.
    """
    loops: list[list[int]] = []
    cuts: list[list[int]] = []
    for cycle in cycles_of(lines, g):
        if meets_every_clue(cycle, clues, g):
            loops.append(_drawing(cycle, g))
        cuts.append([-(e + 1) for e in cycle])
    return loops, cuts


class SatSearch:
    """A SAT search for up to two loops that can stop at a budget of conflicts and go on later.

    The solver, its learnt clauses, its cuts and the loops found so far are kept between calls of
    :meth:`run`, so that :mod:`gridlogic.loop.decide` can take turns between it and the native search.
    """

    def __init__(self, clues: Sequence[int | None], width: int, height: int,
                 known: Sequence[int] | None = None) -> None:
        self.clues = clues
        self.grid = g = grid(width, height)
        clauses = encode(clues, g)
        if known is not None:
            for e, state in enumerate(known):
                if state == 1:
                    clauses.append([e + 1])
                elif state == 2:
                    clauses.append([-(e + 1)])
        self.solver = import_pysat()(name=SOLVER_NAME, bootstrap_with=clauses)
        self.found: list[list[int]] = []
        self.recorded: list[tuple[int, ...]] = []  # every loop found so far, each cut from the formula
        self.open_edges = [e for e in range(g.edge_count) if known is None or not known[e]]
        self.calls = 0

    def close(self) -> None:
        self.solver.delete()

    def run(self, deadline: float | None, conflicts: int | None = None) -> str | None:
        """``unique``/``several``/``none``, ``undecided`` at the deadline, or None when ``conflicts``
        more conflicts (None: no limit) did not decide it (:meth:`run` may then go on)."""
        sat = self.solver
        stop = None if conflicts is None else sat.accum_stats()["conflicts"] + conflicts
        while True:
            left = None if stop is None else stop - sat.accum_stats()["conflicts"]
            if left is not None and left <= 0:
                return None
            outcome = solve_within(sat, deadline, left)
            if outcome is None:
                out_of_time = deadline is not None and time.monotonic() >= deadline
                return "undecided" if out_of_time or stop is None else None
            if not outcome:
                self.calls += 1
                return "unique" if self.found else "none"
            self.found.extend(self.cut_model())
            if len(self.found) >= 2:
                del self.found[2:]
                return "several"

    def cut_model(self) -> list[list[int]]:
        """The loops in the solver's model (recorded), after adding the cut of each of its cycles."""
        sat, g = self.solver, self.grid
        self.calls += 1
        lines = [0] * g.edge_count
        for literal in sat.get_model():
            if 0 < literal <= g.edge_count:
                lines[literal - 1] = 1
        loops, cuts = loops_and_cuts(lines, self.clues, g)
        self.recorded.extend(tuple(loop) for loop in loops)
        for cut in cuts:
            sat.add_clause(cut)
        return loops

    def least(self, witness: Sequence[int], avoid: Sequence[int] | None,
              deadline: float | None) -> tuple[int, ...] | None:
        """The least loop in edge order (no line before a line), other than ``avoid`` when given (it
        must then be the least loop of all); None when the deadline comes first. ``witness`` is a loop
        (not ``avoid``) to start from.

        Edge by edge in order, the values so far are assumed. An edge the least loop known has no
        line on takes none. Otherwise, if some loop has a cross there (and is not ``avoid``), it is the
        new least known and the edge a cross; if none has, a line. Which it is, is asked of the loops
        cut so far (:attr:`recorded`: out of the formula, so those with the values so far are kept
        apart as candidates), then of the solver's unit propagation (a line implied: no other loop has
        a cross), then of the solver. While the values so far are ``avoid``'s and it has a line here,
        no loop can have a cross (it would be below ``avoid``): nothing is asked.
        """
        best = tuple(witness)
        avoided = None if avoid is None else tuple(avoid)
        if avoided is not None:  # a loop's cut is the clause that blocks it (see the module docstring)
            self.solver.add_clause([-(e + 1) for e, line in enumerate(avoided) if line])
        candidates = [loop for loop in self.recorded if loop != avoided]
        assumed: list[int] = []
        implied: set[int] = set()  # literals that unit propagation implies from a prefix of ``assumed``
        refuted = False  # no model has the values so far
        diverged = avoided is None
        for e in self.open_edges:
            variable = e + 1
            if best[e] and (avoided is None or diverged or not avoided[e]):
                below = next((loop for loop in candidates if not loop[e]), None)
                if below is None and not refuted and variable not in implied:
                    consistent, literals = self.solver.propagate(assumptions=assumed)
                    refuted = not consistent
                    implied.update(literals if consistent else ())
                    if consistent and variable not in implied:
                        try:
                            below = self.loop_with([*assumed, -variable], candidates, avoided, deadline)
                        except _OutOfTime:
                            return None
                if below is not None:
                    best = below
            value = best[e]
            assumed.append(variable if value else -variable)
            candidates = [loop for loop in candidates if loop[e] == value]
            if -assumed[-1] in implied:
                refuted = True
            if avoided is not None and value != avoided[e]:
                diverged = True
        return best

    def loop_with(self, assumptions: list[int], candidates: list[tuple[int, ...]], avoid: tuple[int, ...] | None,
                  deadline: float | None) -> tuple[int, ...] | None:
        """A loop with the values ``assumptions`` give, not ``avoid``: one of ``candidates`` (the loops cut
        so far with the values before the last), else the solver's; None when there is none, _OutOfTime
        when the deadline comes first. A loop found with the values before the last joins ``candidates``."""
        last = assumptions[-1]
        for loop in candidates:
            if (loop[abs(last) - 1] == 1) == (last > 0):
                return loop
        while True:
            outcome = solve_within(self.solver, deadline, assumptions=assumptions)
            if outcome is None:
                raise _OutOfTime
            if not outcome:
                self.calls += 1
                return None
            for loop in map(tuple, self.cut_model()):
                if loop != avoid and all((loop[abs(v) - 1] == 1) == (v > 0) for v in assumptions[:-1]):
                    candidates.append(loop)
                    if (loop[abs(last) - 1] == 1) == (last > 0):
                        return loop


class _OutOfTime(Exception):
    """The deadline came before the SAT solver answered."""


def solve_sat(
    clues: Sequence[int | None],
    width: int,
    height: int,
    deadline: float | None = None,
    known: Sequence[int] | None = None,
) -> tuple[str, list[list[int]], int]:
    """``(status, solutions, calls)``: status ``unique``/``several``/``none``/``undecided``.

    ``clues`` must already be checked (flat, None or 0..4). ``deadline`` is a
    :func:`time.monotonic` value (None: no limit). ``known`` is an optional
    list of edge states (0 unknown, 1 line, 2 cross) that hold in every
    solution. Solutions are edge lists (1 = line) in board order; ``calls``
    counts the SAT solver's calls (each ends in a model or UNSAT).
    """
    import_pysat()
    if deadline is not None and time.monotonic() >= deadline:
        return "undecided", [], 0
    search = SatSearch(clues, width, height, known)
    try:
        status = search.run(deadline)
    finally:
        search.close()
    assert status is not None  # no conflict budget
    return status, search.found, search.calls
