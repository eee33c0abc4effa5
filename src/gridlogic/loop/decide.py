"""Deciding a Loop puzzle people bring: any W×H slitherlink, with a proven verdict.

:func:`decide` answers: does this slitherlink have exactly one loop?
It returns a :class:`gridlogic.verdict.Verdict` (the type Pattern's general
solver returns too) whose ``status`` is ``unique`` (with the loop, only once
the search space is exhausted), ``several`` (with the least two loops, see
below),
``none`` or ``undecided`` (a budget ran out first; a loop it may carry proves
nothing about uniqueness). Each solution is the board's edge list (horizontal
edges, then vertical ones, 1 = line; see :mod:`gridlogic.loop.board`).

The pipeline
------------
1. **Native propagation and search**, :func:`gridlogic.loop.solver.solve_grid`:
   the generator's rules (clue, vertex, no premature cycle, corner masks,
   adjacent 3s, inside/outside colouring), trial near the root, then MRV
   branching that keeps at most two loops. Most published puzzles up to 15×15
   are decided here in a few milliseconds, by propagation alone.
2. **SAT back end** (:mod:`gridlogic.loop.sat`, optional: ``python-sat``, the
   ``sat`` extra). When the native search has used :data:`SAT_FALLBACK_NODES`
   search nodes or :data:`SAT_FALLBACK_PROPAGATIONS` propagations without
   finishing, and ``python-sat`` is importable, the board goes to the SAT
   back end: edge
   variables, clue and vertex clauses, the native root propagation's edges as
   unit clauses, and lazily added cycle cuts, each checked to remove no loop
   (the argument is in :mod:`gridlogic.loop.sat`). It blocks each loop it
   finds and solves again until UNSAT or a second loop. Without
   ``python-sat`` the native search simply runs on to the caller's budget.
3. **Turns.** SAT, too, gets a budget: :data:`SAT_TURN_CONFLICTS` conflicts. If
   that does not decide, the native search runs again from the start with
   :data:`GROWTH` times its budgets, then SAT goes on where it stopped (its learnt
   clauses and cuts kept) with ``GROWTH`` times its conflicts, and so on for
   :data:`MAX_TURNS` turns; then SAT goes on to the caller's limit. Neither side
   is always faster: SAT decides most published boards within a few thousand
   conflicts, where the native search would branch for seconds, but a board
   with wide blank areas gives SAT countless junk cycles to cut one by one while
   the native rules (colouring and trial) finish it. Our own Loop v2 25×25
   expert ``contract-2``: 53–78 s of CPU in SAT alone, after 50 native
   propagations; the native search finishes it within 340. Since every turn is
   ``GROWTH`` times the last, all the turns before the one that decides cost,
   on each side, less than a seventh of that turn's budget.

The hand-over is decided by counts, never by the clock: the same board takes
the same path (the same ``method``, the same loops) on an idle machine and on
a loaded one. The clock only ends a run, at the caller's ``time_limit``.

``sat=True`` skips the native search: root propagation, then SAT.
``Verdict.method`` says which stage decided: ``propagation`` (no branching was
needed), ``search`` or ``sat``. ``nodes`` counts native search nodes. The game's
``solve`` is :func:`decide_problem`: the same on a :class:`~gridlogic.game.record.Problem`,
with :data:`DEFAULT_NODE_LIMIT` native search nodes unless told otherwise.

The two loops of several
------------------------
Which two loops a ``several`` verdict carries is fixed by the board alone, not
by the stage that found them: the least two in edge order (the edge lists
compared as tuples: no line before a line at the first edge where they
differ). So where two loops differ (the studio's difference, and the fixes it
orders by it) and the two loops ``solve`` shows are the same with or without
``python-sat``. Once two loops are found, the least two are sought:

- with ``python-sat``, by the SAT back end (:meth:`gridlogic.loop.sat.SatSearch.least`):
  edge by edge in order, an edge is a cross when some loop with the edges
  so far has a cross there (the solver asked with those edges assumed), and
  the second is the least of the loops other than the first;
- without it, by the native search again, in edge order
  (:func:`~gridlogic.loop.solver.solve_grid` with ``in_edge_order``): it
  branches on the unknown edge of least index, a cross first, so it meets the
  loops in edge order, and its first two are the least two. It may use
  ``node_limit`` nodes of its own (and the time left); ``nodes`` counts the
  decision's only.

Both are exact, so they agree (a test compares them with a brute force on
small boards, and the studio's and ``solve``'s output with and without
``python-sat``). Should the budget run out first, the verdict is
``undecided`` (with no loop): a path that finishes and one that does not
differ only in that. Measured with ``benchmarks/canonical_pairs.py`` (the
studio's analysis, CPU, pure Python): 15×15 boards with several loops as
before (0.02-0.03 s with SAT), 25×25 ones 0.05-0.7 s where the decision alone
took 0.04-0.1 s; without ``python-sat`` the search in edge order mostly costs
about what the decision did, but one 25×25 board needs 96,000 of its nodes
(the decision: 67), and runs out of the studio's 5 s. ``least=False`` skips
the step, for a caller that needs only the status: ``several`` then carries
the two loops first found.

Worked example (a test checks it): the 2×2 board ``3 . / 3 .`` is decided by
propagation alone (``unique``, method ``propagation``); the blank 2×1 board
(two cells side by side) needs search, 26 propagations of it, and has several
loops (a square around either cell, or around both): ``several``, with the
square around the right cell (edges ``0 1 0 1 0 1 1``: its top and bottom
sides are the second horizontal edges of their rows) and then the one around
the left cell (``1 0 1 0 1 1 0``); the square around both (``1 1 1 1 1 0 1``)
comes last.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import gridlogic.loop.sat as loop_sat
from gridlogic.game.record import Problem
from gridlogic.loop import grid_problems
from gridlogic.loop.engine import MEDIUM, Engine
from gridlogic.loop.solver import SolveResult, check_clues, solve_grid
from gridlogic.params import check_bool, check_limit
from gridlogic.verdict import STATUSES, Verdict

__all__ = [
    "DEFAULT_NODE_LIMIT", "SAT_FALLBACK_NODES", "SAT_FALLBACK_PROPAGATIONS", "STATUSES", "Verdict", "decide",
    "decide_problem",
]  # fmt: skip

SAT_FALLBACK_NODES = 300
"""Native search nodes after which the SAT back end takes over (when installed)."""

SAT_FALLBACK_PROPAGATIONS = 50
"""Engine propagations (trial's included) after which the SAT back end takes over (when installed).

Few on purpose: on Jonathan Olson's published puzzles, a board that the native
rules have not finished within 50 propagations (some tens of milliseconds; one
round of trial on a 10×10 board makes up to 440) is nearly always decided
sooner by SAT (15×15: median 13 ms by SAT alone; 30×30: about 0.1 s by SAT,
against seconds to minutes of native search). On 120 of those boards from
10×10 to 30×30 the total CPU was, over two runs, 6.0-6.8 s with a limit of 30,
6.7-7.7 s with 50, 8.0-9.2 s with 100 and 11.5 s with 300. A count, not a time:
a threshold of 20 ms would send a different set of boards to SAT on every run."""

SAT_TURN_CONFLICTS = 20_000
"""SAT conflicts of the first SAT turn. On Olson's boards SAT decides within 600 (10×10), 2,400
(20×20) and 7,100 (30×30) conflicts, so they are decided in their first SAT turn."""

GROWTH = 8
"""Each turn of the native search and of SAT may do this many times more than the one before."""

MAX_TURNS = 4
"""Turns with budgets; after them SAT goes on without a budget of its own (to the caller's)."""

DEFAULT_NODE_LIMIT = 200_000
"""The native search nodes :func:`decide_problem` allows when the caller names no limit."""


def _root_edges(clues: Sequence[int | None], width: int, height: int) -> list[int] | None:
    """Edge states after the medium rules at the root; None when they find a contradiction."""
    engine = Engine(clues, width, height)
    if not engine.propagate(MEDIUM):
        return None
    return list(engine.edge_state)


def decide(
    clues: Sequence[int | None],
    width: int,
    height: int,
    *,
    time_limit: float | None = None,
    node_limit: int | None = None,
    sat: bool = False,
    least: bool = True,
) -> Verdict:
    """Decide whether the board has no, one or several loops (see the module docstring).

    ``clues`` is a flat row-major list of ``width * height`` entries, each None
    or 0..4. ``time_limit`` (seconds, > 0) and ``node_limit`` (native search
    nodes, >= 0) bound the work; running out gives ``undecided``. ``sat=True``
    forces the SAT back end (a :class:`~gridlogic.GridlogicError` when
    ``python-sat`` is missing). ``least=False`` lets ``several`` carry the two
    loops first found instead of the least two.
    """
    started = time.monotonic()
    checked = check_clues(clues, width, height)
    time_limit = check_limit(time_limit, "time_limit", seconds=True)
    node_limit = check_limit(node_limit, "node_limit", minimum=0)
    check_bool(sat, "sat")
    check_bool(least, "least")
    if sat:
        loop_sat.import_pysat()  # fail early and clearly when the extra is missing
    decision = Decision(checked, width, height, started, None if time_limit is None else started + time_limit,
                        least)
    if sat:
        return decision.by_sat(0)
    if not loop_sat.sat_available():  # the native search alone, to the caller's limits
        result = solve_grid(checked, width, height, node_limit=node_limit, time_limit=time_limit)
        decided = decision.native(result)
        if decided is None:
            return decision.verdict("undecided", result.solutions, result.nodes, "search")
        return decision.least_by_search(decided, node_limit)
    return decision.in_turns(node_limit)


def decide_problem(problem: Problem, *, budget: float | None = None, node_limit: int | None = None,
                   sat: bool = False) -> Verdict:
    """:func:`decide` on a :class:`~gridlogic.game.record.Problem` (``Game.solve``): ``budget`` seconds,
    ``node_limit`` native search nodes (None: :data:`DEFAULT_NODE_LIMIT`). A problem on another grid
    than squares goes to :func:`gridlogic.loop.grid_problems.solve`."""
    if grid_problems.on_grid(problem):
        return grid_problems.solve(problem, budget, node_limit)
    return decide(problem.givens["clues"], problem.width, problem.height, time_limit=budget,
                  node_limit=DEFAULT_NODE_LIMIT if node_limit is None else node_limit, sat=sat)


@dataclass(frozen=True)
class Decision:
    """One call of :func:`decide`: the checked board, when the work started, its deadline, and whether a
    several verdict is to carry the least two loops."""

    clues: list[int | None]
    width: int
    height: int
    started: float
    deadline: float | None
    least: bool = True  # a several verdict carries the least two loops (see the module docstring)

    def verdict(self, status: str, solutions: Sequence[Sequence[int]], nodes: int, method: str) -> Verdict:
        loops = tuple(tuple(edges) for edges in solutions[:2])
        return Verdict(status, self.width, self.height, loops, nodes, time.monotonic() - self.started, method)

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def native(self, result: SolveResult) -> Verdict | None:
        """The verdict of a native search that decided, else None (it stopped at a limit)."""
        if len(result.solutions) >= 2:
            return self.verdict("several", result.solutions, result.nodes, "search")
        if result.truncated:
            return None
        method = "propagation" if result.nodes <= 1 else "search"
        return self.verdict("unique" if result.solutions else "none", result.solutions, result.nodes, method)

    def by_sat(self, nodes: int) -> Verdict:
        """SAT alone after the root propagation, to the deadline (``nodes``: the native search's so far)."""
        if self.out_of_time():
            return self.verdict("undecided", [], nodes, "sat")
        known = _root_edges(self.clues, self.width, self.height)
        if known is None:
            return self.verdict("none", [], nodes, "propagation")
        search = loop_sat.SatSearch(self.clues, self.width, self.height, known)
        try:
            status = search.run(self.deadline)
            return self.least_by_sat(self.verdict(status or "undecided", search.found, nodes, "sat"), search)
        finally:
            search.close()

    def least_by_sat(self, verdict: Verdict, search: loop_sat.SatSearch | None) -> Verdict:
        """``verdict``, with the least two loops when it is ``several`` (see "The two loops of several"),
        found by the SAT back end (``search``, or a new one); ``undecided`` if the deadline comes first."""
        if verdict.status != "several" or not self.least:
            return verdict
        own = search is None
        if search is None:
            known = _root_edges(self.clues, self.width, self.height)
            assert known is not None  # the root has loops
            search = loop_sat.SatSearch(self.clues, self.width, self.height, known)
        try:
            first = search.least(min(verdict.solutions), None, self.deadline)
            if first is None:
                return self.verdict("undecided", [], verdict.nodes, verdict.method)
            other = min(loop for loop in verdict.solutions if loop != first)
            second = search.least(other, first, self.deadline)
            if second is None:
                return self.verdict("undecided", [], verdict.nodes, verdict.method)
            return self.verdict("several", [first, second], verdict.nodes, verdict.method)
        finally:
            if own:
                search.close()

    def least_by_search(self, verdict: Verdict, node_limit: int | None) -> Verdict:
        """``verdict``, with the least two loops when it is ``several`` (see "The two loops of several"),
        found by the native search in edge order within ``node_limit`` nodes of its own and the
        deadline; ``undecided`` if they run out first."""
        if verdict.status != "several" or not self.least:
            return verdict
        left = None if self.deadline is None else self.deadline - time.monotonic()
        if left is not None and left <= 0:
            return self.verdict("undecided", [], verdict.nodes, verdict.method)
        result = solve_grid(self.clues, self.width, self.height, node_limit=node_limit, time_limit=left,
                            in_edge_order=True)
        if len(result.solutions) < 2:  # there are two: the search ran out first
            return self.verdict("undecided", [], verdict.nodes, verdict.method)
        return self.verdict("several", result.solutions, verdict.nodes, verdict.method)

    def in_turns(self, node_limit: int | None) -> Verdict:
        """Turns between the native search and SAT, each turn GROWTH times the last (see the module
        docstring), then SAT to the deadline."""
        search: loop_sat.SatSearch | None = None
        try:
            for turn in range(MAX_TURNS):
                scale = GROWTH**turn
                native_nodes = SAT_FALLBACK_NODES * scale
                left = None if self.deadline is None else self.deadline - time.monotonic()
                if left is not None and left <= 0:
                    return self.verdict("undecided", [], 0, "search")
                result = solve_grid(
                    self.clues,
                    self.width,
                    self.height,
                    node_limit=native_nodes if node_limit is None else min(node_limit, native_nodes),
                    time_limit=left,
                    propagation_limit=SAT_FALLBACK_PROPAGATIONS * scale,
                )
                decided = self.native(result)
                if decided is not None:
                    return self.least_by_sat(decided, search)
                if (node_limit is not None and result.nodes >= node_limit) or self.out_of_time():
                    return self.verdict("undecided", result.solutions, result.nodes, "search")
                if search is None:
                    known = _root_edges(self.clues, self.width, self.height)
                    if known is None:
                        return self.verdict("none", [], result.nodes, "propagation")
                    search = loop_sat.SatSearch(self.clues, self.width, self.height, known)
                status = search.run(self.deadline, SAT_TURN_CONFLICTS * scale)
                if status is not None:
                    return self.least_by_sat(self.verdict(status, search.found, result.nodes, "sat"), search)
            assert search is not None  # every turn that did not return made it
            status = search.run(self.deadline) or "undecided"
            return self.least_by_sat(self.verdict(status, search.found, result.nodes, "sat"), search)
        finally:
            if search is not None:
                search.close()

