"""The shared python-sat plumbing: the missing-extra error, interrupted calls, conflict budgets, work run apart."""

import builtins
import os
import threading
import time
import types

import pytest

from gridlogic import GridlogicError, satsolver


def test_missing_python_sat_gives_one_clear_error(monkeypatch):
    real_import = builtins.__import__

    def no_pysat(name, *args, **kwargs):
        if name.startswith("pysat"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pysat)
    assert satsolver.sat_available() is False
    with pytest.raises(GridlogicError) as caught:
        satsolver.import_solver("the Loop SAT back end", "solve without --sat")
    assert str(caught.value) == (
        "the Loop SAT back end needs the python-sat package; install gridlogic[sat] "
        "(pip install 'gridlogic[sat]') or solve without --sat"
    )


class _NeverCalled:
    """A solver whose methods must not be reached."""

    def __getattr__(self, name):
        raise AssertionError(f"{name} called")


def test_module_docstring_example():
    # A deadline already past: no call at all. Then (x1 or x2) and not x1: a model; and not x2: none.
    assert satsolver.solve_within(_NeverCalled(), time.monotonic() - 1) is None
    pytest.importorskip("pysat")
    Solver = satsolver.import_solver("test", "skip")
    with Solver(name=satsolver.SOLVER_NAME, bootstrap_with=[[1, 2], [-1]]) as sat:
        assert satsolver.solve_within(sat, time.monotonic() + 60) is True
        assert sat.get_model() == [-1, 2]
        sat.add_clause([-2])
        assert satsolver.solve_within(sat, None) is False


def pigeonhole(holes: int) -> list[list[int]]:
    """holes + 1 pigeons in ``holes`` holes: unsatisfiable, and hard for resolution."""
    def var(p: int, h: int) -> int:
        return p * holes + h + 1

    clauses = [[var(p, h) for h in range(holes)] for p in range(holes + 1)]
    for h in range(holes):
        for p in range(holes + 1):
            for q in range(p):
                clauses.append([-var(p, h), -var(q, h)])
    return clauses


def test_a_conflict_budget_ends_the_call_the_same_way_every_time():
    pytest.importorskip("pysat")
    Solver = satsolver.import_solver("test", "skip")
    stats = []
    for _ in range(2):
        with Solver(name=satsolver.SOLVER_NAME, bootstrap_with=pigeonhole(9)) as sat:
            assert satsolver.solve_within(sat, None, conflicts=500) is None
            stats.append(sat.accum_stats())
    assert stats[0] == stats[1] and stats[0]["conflicts"] >= 500


def test_a_propagation_budget_ends_the_call_first_and_the_next_call_is_not_bound_by_it():
    pytest.importorskip("pysat")
    Solver = satsolver.import_solver("test", "skip")
    stats = []
    for _ in range(2):
        with Solver(name=satsolver.SOLVER_NAME, bootstrap_with=pigeonhole(9)) as sat:
            assert satsolver.solve_within(sat, None, conflicts=5000, propagations=20_000) is None
            stats.append(sat.accum_stats())
            # A conflict budget alone afterwards: the propagation budget is gone, so the call
            # runs to its own 500 conflicts.
            assert satsolver.solve_within(sat, None, conflicts=500) is None
            assert sat.accum_stats()["conflicts"] >= stats[-1]["conflicts"] + 500
    assert stats[0] == stats[1]
    assert stats[0]["propagations"] >= 20_000 and stats[0]["conflicts"] < 5000


def test_the_deadline_interrupts_a_call_that_cannot_finish():
    """Pigeonhole with 14 holes takes CDCL far longer than a minute; the deadline ends it.

    The bound is generous (a loaded machine): the call must stop long before it could finish.
    """
    pytest.importorskip("pysat")
    Solver = satsolver.import_solver("test", "skip")
    threads = threading.active_count()
    with Solver(name=satsolver.SOLVER_NAME, bootstrap_with=pigeonhole(14)) as sat:
        started = time.monotonic()
        assert satsolver.solve_within(sat, started + 0.3) is None
        assert time.monotonic() - started < 10
        # the solver stays usable once the interruption is over
        sat.add_clause([1])
        assert satsolver.solve_within(sat, None, conflicts=10) is None
    assert threading.active_count() == threads  # the timer thread is gone


def test_work_run_apart_comes_back_from_a_child_process():
    parent = os.getpid()
    assert satsolver.run_apart(lambda report: 6 * 7, None) == 42
    assert satsolver.run_apart(lambda report: os.getpid(), time.monotonic() + 600) != parent
    # reports before the result change nothing when the result comes
    assert satsolver.run_apart(lambda report: (report(1), report(2), 3)[-1], None) == 3


def test_a_failure_run_apart_is_raised_here_with_the_childs_traceback():
    with pytest.raises(RuntimeError, match="ZeroDivisionError"):
        satsolver.run_apart(lambda report: 1 // 0, None)


def test_the_deadline_kills_work_run_apart():
    """The work sleeps a minute; the call returns at its deadline, and since it also reaps the
    child, returning long before the minute is over shows the child was killed."""
    started = time.monotonic()
    assert satsolver.run_apart(lambda report: time.sleep(60), started + 0.3) is None
    assert time.monotonic() - started < 30


def test_at_the_deadline_the_last_report_of_the_work_comes_back():
    """The module docstring's example: the work reports 40, then 41, then sleeps a minute; at the
    deadline the last report is the answer, and the child is gone. The reports are sent first
    thing, so the five seconds only have to cover starting the child."""
    def work(report):
        report(40)
        report(41)
        time.sleep(60)

    started = time.monotonic()
    assert satsolver.run_apart(work, started + 5) == 41
    assert time.monotonic() - started < 30


def test_the_result_is_read_without_waiting_for_the_pipe_to_close():
    """A child forked meanwhile by another thread holds a copy of the pipe; here the work's own
    child does, for a minute. The result (its pid) still comes back at once."""
    def work(report) -> int:
        holder = os.fork()
        if holder == 0:
            time.sleep(60)
            os._exit(0)
        return holder

    started = time.monotonic()
    holder = satsolver.run_apart(work, started + 600)
    try:
        assert time.monotonic() - started < 30
    finally:
        os.kill(holder, 9)


def test_a_new_solver_takes_the_clauses_in_slices_and_gives_up_at_the_deadline(monkeypatch):
    """With slices of two clauses and a clock that passes the deadline at its third look, the
    first two slices go in, then the solver is deleted and None comes back; without a deadline
    every clause goes in, in order, and the real solver decides the formula as bootstrapped."""
    class Recording:
        def __init__(self, name):
            self.name, self.added, self.deleted = name, [], False

        def append_formula(self, clauses):
            self.added.append(list(clauses))

        def delete(self):
            self.deleted = True

    made = []
    looks = iter([0.0, 0.0, 1.0])
    monkeypatch.setattr(satsolver, "CLAUSES_PER_SLICE", 2)
    monkeypatch.setattr(satsolver, "time", types.SimpleNamespace(monotonic=lambda: next(looks)))
    clauses = [[1], [2], [3], [4], [5]]
    assert satsolver.new_solver(lambda name: made.append(Recording(name)) or made[-1], "x", clauses, 0.5) is None
    assert made[0].added == [[[1], [2]], [[3], [4]]] and made[0].deleted
    monkeypatch.undo()
    Solver = satsolver.import_solver("the test", "skip it")
    sat = satsolver.new_solver(Solver, satsolver.SOLVER_NAME, [[-1], [1, 2], [-2, 3], [-3, -4]], None)
    try:
        assert sat.solve() and sat.get_model() == [-1, 2, 3, -4]  # the formula's only model
    finally:
        sat.delete()
