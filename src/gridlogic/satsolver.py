"""The python-sat plumbing shared by the SAT back ends of Pattern and Loop.

``python-sat`` is an optional extra (``gridlogic[sat]``), so it is imported
lazily: :func:`import_solver` either returns its ``Solver`` class or raises one
clear :class:`~gridlogic.GridlogicError` naming the back end and what to do
instead. :func:`solve_until` keeps a deadline without a timer thread (not every
back end releases the interpreter lock or honours ``interrupt()``): it solves in
slices of a bounded number of conflicts, starting at :data:`CONFLICT_SLICE`
and doubling up to a cap, and learnt clauses survive between slices.

Worked example (the slice sizes a search would try with a cap of 8000):
1000, 2000, 4000, 8000, 8000, ...

>>> slice_sizes(5, 8000)
[1000, 2000, 4000, 8000, 8000]
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from itertools import islice
from typing import Any

from gridlogic.errors import GridlogicError

__all__ = [
    "CONFLICT_SLICE",
    "SOLVER_NAME",
    "import_solver",
    "sat_available",
    "slice_sizes",
    "solve_until",
]

# Glucose 4.2 was the fastest python-sat back end on the n-Dom and MiniZinc
# instances in our runs (Pattern), and Loop uses the same one.
SOLVER_NAME = "glucose42"
CONFLICT_SLICE = 1000
"""Conflicts allowed in the first slice of a deadline-bound solve."""


def import_solver(back_end: str, instead: str) -> Any:
    """python-sat's ``Solver`` class, or a GridlogicError when it is missing.

    The message reads "<back_end> needs the python-sat package; install
    gridlogic[sat] (...) or <instead>".
    """
    try:
        from pysat.solvers import Solver
    except ImportError:
        raise GridlogicError(
            f"{back_end} needs the python-sat package; install gridlogic[sat] "
            f"(pip install 'gridlogic[sat]') or {instead}"
        ) from None
    return Solver


def sat_available() -> bool:
    """True when ``python-sat`` can be imported."""
    try:
        import pysat.solvers  # noqa: F401
    except ImportError:
        return False
    return True


def _slices(max_slice: int) -> Iterator[int]:
    """Conflict budgets: :data:`CONFLICT_SLICE`, doubling up to ``max_slice``, then ``max_slice`` forever."""
    budget = CONFLICT_SLICE
    while True:
        yield budget
        budget = min(budget * 2, max_slice)


def slice_sizes(count: int, max_slice: int) -> list[int]:
    """The first ``count`` conflict budgets :func:`solve_until` uses with this cap."""
    return list(islice(_slices(max_slice), count))


def solve_until(sat: Any, deadline: float | None, max_slice: int) -> bool | None:
    """Solve until the solver answers (True: a model) or the deadline passes (None).

    ``deadline`` is a :func:`time.monotonic` value (None: solve without limit).
    Slices start at :data:`CONFLICT_SLICE` conflicts and double up to
    ``max_slice``, so a deadline is overshot by at most about one slice while an
    easy instance pays for few restarts.
    """
    if deadline is None:
        return bool(sat.solve())
    for budget in _slices(max_slice):
        if time.monotonic() > deadline:
            return None
        sat.conf_budget(budget)
        outcome = sat.solve_limited()
        if outcome is not None:
            return bool(outcome)
    return None  # not reached: the slices never end
