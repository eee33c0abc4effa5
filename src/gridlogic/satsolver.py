"""The python-sat plumbing shared by the SAT back ends of Pattern and Loop.

``python-sat`` is an optional extra (``gridlogic[sat]``), so it is imported
lazily: :func:`import_solver` either returns its ``Solver`` class or raises one
clear :class:`~gridlogic.GridlogicError` naming the back end and what to do
instead.

Keeping a deadline, deterministically
-------------------------------------
:func:`solve_within` runs one solver call that the clock can only *end*: a
timer thread calls the solver's ``interrupt()`` at the deadline, and the call
(``solve_limited(expect_interrupt=True)``, which releases the interpreter lock)
returns at once with no answer. Nothing else about the search depends on the
clock, so the same formula gets the same answer, the same model and the same
number of conflicts on a busy machine as on an idle one; only a run that is
cut short differs, and it says so (``None``). An optional conflict budget ends
a call deterministically: the back ends use it to bound a stage by counts, not
seconds. :data:`SOLVER_NAME` is Glucose 4.2, which honours ``interrupt()``
(CaDiCaL 1.9.5 in python-sat does not stop when interrupted, so it could not
keep a budget).

Worked example (a test checks it): a deadline already past gives ``None``
without searching; the formula ``(x1 ∨ x2) ∧ ¬x1`` gives ``True`` (a model,
``x2``); adding ``¬x2`` gives ``False`` (no model).
"""

from __future__ import annotations

import threading
import time
from typing import Any

from gridlogic.errors import GridlogicError

__all__ = ["SOLVER_NAME", "import_solver", "sat_available", "solve_within"]

# Glucose 4.2 was the fastest python-sat back end on the n-Dom and MiniZinc
# instances in our runs (Pattern), Loop uses the same one, and it stops when
# interrupted (see the module docstring).
SOLVER_NAME = "glucose42"


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


def solve_within(
    sat: Any,
    deadline: float | None,
    conflicts: int | None = None,
    assumptions: list[int] | None = None,
) -> bool | None:
    """One solver call: True (a model), False (no model), or None (stopped first).

    ``deadline`` is a :func:`time.monotonic` value (None: no limit); at the
    deadline the call is interrupted. ``conflicts`` (None: no limit) ends the
    call deterministically after that many conflicts. A call that stops
    leaves the solver reusable: its learnt clauses stay.
    """
    if deadline is not None and time.monotonic() >= deadline:
        return None
    sat.conf_budget(-1 if conflicts is None else conflicts)
    if deadline is None:
        outcome = sat.solve_limited(assumptions=assumptions or [])
        return None if outcome is None else bool(outcome)
    timer = threading.Timer(max(0.0, deadline - time.monotonic()), sat.interrupt)
    timer.daemon = True
    timer.start()
    try:
        outcome = sat.solve_limited(assumptions=assumptions or [], expect_interrupt=True)
    finally:
        timer.cancel()
        timer.join()
        sat.clear_interrupt()
    return None if outcome is None else bool(outcome)
