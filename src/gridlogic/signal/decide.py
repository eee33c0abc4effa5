"""The verdict on a Signal board people bring: exactly one way to turn its tiles into one tree, several, none.

:func:`decide` counts the solutions up to two. A square board with a border
gets the articles' search (:func:`~gridlogic.signal.solver.solve`: propagation,
then MRV search); any other shape, oblong or wrapping, version 4's
(:func:`~gridlogic.signal.v4.deduction.solve_board`), which also applies its
global rule at every node. Both stop at two solutions or past ``node_limit``
search nodes (30,000 unless told, :data:`~gridlogic.signal.solver.SOLVE_NODE_LIMIT`);
a search cut short says ``undecided``, never ``unique``. Signal's solvers count
nodes, not seconds, and have no SAT back end: a time budget or ``sat`` is refused.

Worked example (checked in ``tests/signal/test_decide.py``): the articles'
shuffled 4×4 board has one solution, the articles' answer, found in 3 nodes;
the 3×3 tree below has two, which differ in every tile but the cross in the middle.

>>> from gridlogic.signal.formats import read_board
>>> verdict = decide(read_board("[4,4,3,9, 3,13,13,4, 1,7,14,2, 4,11,10,4]"))
>>> verdict.status, verdict.nodes, verdict.solutions[0] == (4, 4, 6, 12, 3, 11, 13, 1, 2, 14, 11, 8, 2, 11, 10, 8)
('unique', 3, True)
>>> decide(read_board("[2, 12, 4, 6, 15, 9, 1, 3, 8]")).status
'several'
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Problem
from gridlogic.params import check_int
from gridlogic.signal.solver import SOLVE_NODE_LIMIT, solve
from gridlogic.signal.tables import board_geometry
from gridlogic.signal.v4.deduction import solve_board
from gridlogic.verdict import Verdict, verdict_of


def decide(problem: Problem, *, node_limit: int | None = None, budget: float | None = None,
           sat: bool = False) -> Verdict:
    """The ways (up to two) to turn a board's tiles into one tree, as a :class:`Verdict` (see the module
    docstring); InvalidParameters for a ``budget`` or ``sat``, which Signal's solvers do not take."""
    if budget is not None or sat:
        raise InvalidParameters("Signal's solver takes a node limit only (node_limit, a count of search nodes); "
                                "it has no time budget and no SAT back end")
    limit = SOLVE_NODE_LIMIT if node_limit is None else check_int(node_limit, "node_limit", 0)
    started = time.perf_counter()
    tiles = list(problem.givens["tiles"])
    wrapping = bool(problem.options.get("wrapping", False))
    if problem.width == problem.height and not wrapping:
        result = solve(tiles, problem.width, limit)
        solutions, nodes, truncated = result.solutions, result.nodes, result.truncated
    else:
        count = solve_board(tiles, board_geometry(problem.width, problem.height, wrapping), limit)
        solutions, nodes, truncated = count.solutions, count.nodes, count.truncated
    status = verdict_of(len(solutions), truncated)
    return Verdict(status, problem.width, problem.height, tuple(tuple(s) for s in solutions), nodes,
                   time.perf_counter() - started, "search")


def solution_form(problem: Problem, solution: Sequence[int]) -> dict[str, Any]:
    """A verdict's solution in the form of a puzzle's ``solution()``: ``{"tiles": [...]}``."""
    return {"tiles": list(solution)}
