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
(CaDiCaL 1.9.5 in python-sat does not stop when interrupted; it runs apart,
as the next section says). A solver cannot be interrupted while it takes its
clauses either, and Glucose takes a third of a second for the largest
formulas, so :func:`new_solver` hands them over in slices and looks at the
clock between them.

Solvers that cannot be interrupted, kept to a deadline
-------------------------------------------------------
Some formulas are decided far sooner by CaDiCaL 1.9.5 than by Glucose (the
Pattern back end's hinted call: Gettys, 99×59, 296 conflicts, where Glucose
ran for minutes), but a CaDiCaL call cannot be stopped from outside, and even a
call of 1,000 conflicts can run for seconds when the solver simplifies its
clauses. :func:`run_apart` therefore runs such work in a forked child
process: the child inherits the formula already built, runs the work to its
end and sends the result back through a pipe, and the parent waits no longer
than the deadline, then kills the child. Before its result, the work may
report what it has so far (the Pattern back end's first solution): at the
deadline the parent returns the last report. The work itself is the same on any
load (no budget depends on the clock), so it is deterministic like the rest.
Where the platform cannot fork (:data:`CAN_FORK` is false) the callers use
Glucose in-process instead.

Worked example (a test checks it): a deadline already past gives ``None``
without searching; the formula ``(x1 ∨ x2) ∧ ¬x1`` gives ``True`` (a model,
``x2``); adding ``¬x2`` gives ``False`` (no model). ``run_apart(lambda report:
6 * 7, None)`` is 42, computed in a child; a work that never ends comes back
``None`` at its deadline, and its child is gone, or, if it called
``report(41)`` first, comes back 41: a work can hand over what it has so far
(the Pattern back end's first solution) before it goes on.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from gridlogic.errors import GridlogicError

__all__ = [
    "CAN_FORK",
    "SOLVER_NAME",
    "import_solver",
    "importable",
    "new_solver",
    "run_apart",
    "sat_available",
    "solve_within",
]

# Glucose 4.2 was the fastest python-sat back end on the n-Dom and MiniZinc
# instances in our runs (Pattern), Loop uses the same one, and it stops when
# interrupted (see the module docstring).
SOLVER_NAME = "glucose42"

CAN_FORK = hasattr(os, "fork")
"""Whether :func:`run_apart` can be used here (POSIX systems)."""

_Result = TypeVar("_Result")


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


def importable(module: str) -> bool:
    """True when ``module`` (an optional extra's package) can be imported."""
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def sat_available() -> bool:
    """True when ``python-sat`` can be imported."""
    return importable("pysat.solvers")


CLAUSES_PER_SLICE = 20_000
"""Clauses :func:`new_solver` hands over between two looks at the clock (Glucose took 0.36 s for
the 358,663 clauses of MiniZinc's 60x60 non_fast_9, so a slice takes about 20 ms)."""


def new_solver(Solver: Any, name: str, clauses: Sequence[list[int]], deadline: float | None) -> Any | None:
    """A solver ``name`` holding ``clauses``, or None (and no solver left behind) when the deadline
    passes while they are added.

    The clauses go in slices of :data:`CLAUSES_PER_SLICE` with the clock checked between them, in
    the same order as ``Solver(name, bootstrap_with=clauses)``, so the solver and its search are
    the same; a solver taking clauses cannot be interrupted, and the largest formulas take it
    longer than the half second a run may overrun its budget.
    """
    sat = Solver(name=name)
    for start in range(0, len(clauses), CLAUSES_PER_SLICE):
        if deadline is not None and time.monotonic() > deadline:
            sat.delete()
            return None
        sat.append_formula(clauses[start : start + CLAUSES_PER_SLICE])
    return sat


def solve_within(
    sat: Any,
    deadline: float | None,
    conflicts: int | None = None,
    assumptions: list[int] | None = None,
    propagations: int | None = None,
) -> bool | None:
    """One solver call: True (a model), False (no model), or None (stopped first).

    ``deadline`` is a :func:`time.monotonic` value (None: no limit); at the
    deadline the call is interrupted. ``conflicts`` and ``propagations``
    (None: no limit) end the call deterministically after that many
    conflicts or propagated literals, whichever comes first. A call that
    stops leaves the solver reusable: its learnt clauses stay.
    """
    if deadline is not None and time.monotonic() >= deadline:
        return None
    sat.conf_budget(-1)  # no limit: python-sat lifts both budgets at once, so this comes first
    if conflicts is not None:
        sat.conf_budget(conflicts)
    if propagations is not None:
        sat.prop_budget(propagations)
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


def _send(fd: int, kind: str, value: object) -> None:
    """One message on the pipe: its length in 8 bytes, then the pickled ``(kind, value)``."""
    payload = pickle.dumps((kind, value))
    data = memoryview(len(payload).to_bytes(8, "little") + payload)
    while data:
        data = data[os.write(fd, data):]


def run_apart(work: Callable[[Callable[[Any], None]], _Result], deadline: float | None) -> _Result | None:
    """``work(report)`` run in a forked child process: its result, or, when the deadline comes first,
    the last value the work passed to ``report`` (None when it passed none).

    ``deadline`` is a :func:`time.monotonic` value (None: no limit). Reports
    and the result travel back pickled, each after its length (another
    thread's child may hold this pipe open too, so its end is not awaited); an
    exception in the child becomes a RuntimeError here with the child's
    traceback. The child is killed and reaped on every way out, so no process
    outlives the call; and should this process die first, the child's own
    alarm ends it a second after the deadline.
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns, never runs the parent's exit handlers
        try:
            os.close(read_end)
            if deadline is not None:  # a child whose parent died meanwhile ends by itself
                signal.signal(signal.SIGALRM, signal.SIG_DFL)
                signal.setitimer(signal.ITIMER_REAL, max(0.0, deadline - time.monotonic()) + 1.0)
            try:
                result = work(lambda value: _send(write_end, "report", value))
            except Exception:  # noqa: BLE001 - any failure of the work is reported to the parent
                _send(write_end, "failure", traceback.format_exc())
            else:
                _send(write_end, "result", result)
        finally:
            os._exit(0)
    os.close(write_end)
    received = b""
    reported: Any = None
    try:
        with os.fdopen(read_end, "rb", buffering=0) as pipe:
            while True:
                while len(received) >= 8:  # every whole message received so far
                    size = 8 + int.from_bytes(received[:8], "little")
                    if len(received) < size:
                        break
                    kind, value = pickle.loads(received[8:size])
                    received = received[size:]
                    if kind == "report":
                        reported = value
                    elif kind == "failure":
                        raise RuntimeError(f"the work run apart failed:\n{value}")
                    else:
                        return value  # type: ignore[no-any-return]
                wait = None if deadline is None else max(0.0, deadline - time.monotonic())
                if not select.select([pipe], [], [], wait)[0]:
                    return reported  # type: ignore[no-any-return]
                chunk = pipe.read(1 << 16)
                if not chunk:
                    raise RuntimeError("the work run apart ended without a result")
                received += chunk
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass  # already reaped by a handler of this process's children
