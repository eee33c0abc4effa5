"""The shared python-sat plumbing: slice sizes, the missing-extra error, deadlines."""

import builtins
import time

import pytest

from gridlogic import GridlogicError, satsolver


def test_slice_sizes_double_up_to_the_cap():
    # The module docstring's worked example.
    assert satsolver.slice_sizes(5, 8000) == [1000, 2000, 4000, 8000, 8000]
    assert satsolver.slice_sizes(3, 1500) == [1000, 1500, 1500]


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


class _SlowSolver:
    """Never answers within a slice; records the budgets it was given."""

    def __init__(self):
        self.budgets = []

    def conf_budget(self, budget):
        self.budgets.append(budget)

    def solve_limited(self):
        return None


def test_solve_until_gives_none_once_the_deadline_passed():
    fake = _SlowSolver()
    assert satsolver.solve_until(fake, time.monotonic() - 1, 8000) is None
    assert fake.budgets == []


def test_solve_until_answers_with_and_without_deadline():
    pytest.importorskip("pysat")
    Solver = satsolver.import_solver("test", "skip")
    with Solver(name=satsolver.SOLVER_NAME, bootstrap_with=[[1, 2], [-1], [-2]]) as sat:
        assert satsolver.solve_until(sat, None, 8000) is False
    with Solver(name=satsolver.SOLVER_NAME, bootstrap_with=[[1, 2], [-1]]) as sat:
        assert satsolver.solve_until(sat, time.monotonic() + 60, 8000) is True


def test_module_docstring_example():
    import doctest

    failures, attempted = doctest.testmod(satsolver, verbose=False)
    assert attempted > 0 and failures == 0
