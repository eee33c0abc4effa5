"""The SAT back end of Pattern's solver for puzzles people bring (gridlogic.pattern.sat): its encoding
and its verdicts."""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path

import pytest

from gridlogic.pattern import sat as pattern_sat
from gridlogic.pattern.lines import compute_clue, validate_clue

from .grids import assert_solves

pytest.importorskip("pysat")  # the sat extra, part of the dev install

DATA = Path(__file__).resolve().parent.parent / "data" / "pattern_general"


def test_the_docstring_example_lists_the_clauses_of_clue_1_on_two_cells():
    clauses: list[list[int]] = []
    assert pattern_sat.line_clauses((1,), [1, 2], 3, clauses) == 7
    example = pattern_sat.__doc__.split("adds these 15 clauses:")[1]
    listed = [[int(v) for v in found.split(", ")] for found in re.findall(r"``\[(-?\d+(?:, -?\d+)*)\]``", example)]
    assert clauses == listed and len(clauses) == 15
    models = set()
    for values in itertools.product((False, True), repeat=6):  # variables 1..6
        if all(any(values[abs(v) - 1] == (v > 0) for v in clause) for clause in clauses):
            models.add((int(values[0]), int(values[1])))
    assert models == {(1, 0), (0, 1)}  # "Their models give the cells exactly 1 0 and 0 1."


@pytest.mark.parametrize("length", range(1, 7))
def test_a_line_is_satisfiable_exactly_when_it_shows_its_clue(length):
    from pysat.solvers import Solver

    lines = list(itertools.product((0, 1), repeat=length))
    for clue in {tuple(validate_clue(compute_clue(line), length, "line")) for line in lines}:
        clauses: list[list[int]] = []
        pattern_sat.line_clauses(clue, list(range(1, length + 1)), length + 1, clauses)
        with Solver(bootstrap_with=clauses) as solver:
            for line in lines:
                assumptions = [k + 1 if value else -(k + 1) for k, value in enumerate(line)]
                shows = tuple(validate_clue(compute_clue(list(line)), length, "line")) == clue
                assert solver.solve(assumptions=assumptions) == shows, (clue, line)


def test_verdicts_of_the_two_by_three_grid():
    rows, cols = [(2,), (1,)], [(1,), (1,), (1,)]  # 2 rows, 3 columns: 110/001 and 011/100
    status, found = pattern_sat.solve_sat(rows, cols, [0, 0], [0, 0], None)
    assert status == "several" and set(found) == {(0b011, 0b100), (0b110, 0b001)}
    # Row 0's first cell known filled (bit 0 = column 0): only 110 / 001 is left.
    assert pattern_sat.solve_sat(rows, cols, [0b001, 0], [0, 0], None) == ("unique", [(0b011, 0b100)])
    assert pattern_sat.solve_sat(rows, cols, [0b101, 0], [0, 0], None) == ("none", [])
    assert pattern_sat.solve_sat(rows, cols, [0, 0], [0, 0], time.monotonic() - 1) == ("undecided", [])



@pytest.mark.parametrize("name", ["minizinc_dom_06.non", "jwilk_data083.non"])
def test_the_call_with_hints_decides_alike_in_a_child_with_cadical_and_here_with_glucose(monkeypatch, name):
    """With one plain conflict allowed, these formulas goes to the call with hints: CaDiCaL in a
    forked child where the platform can fork, Glucose in this process where it cannot. Both give
    the verdict the native solver gives, with solutions that meet the clues, and the child gives
    the same solutions on every run."""
    import gridlogic.satsolver
    from gridlogic.pattern.decide import decide
    from gridlogic.pattern.formats import read_puzzle

    puzzle = read_puzzle((DATA / name).read_text())
    rows = [validate_clue(clue, puzzle.width, "row") for clue in puzzle.row_clues]
    cols = [validate_clue(clue, puzzle.height, "column") for clue in puzzle.col_clues]
    native = decide(rows, cols, node_limit=10_000)
    nothing = [0] * len(rows)
    children = []
    run_apart = gridlogic.satsolver.run_apart
    solve_within = pattern_sat.solve_within
    monkeypatch.setattr(  # the plain call (the one with a conflict budget) finds nothing
        pattern_sat, "solve_within", lambda sat, deadline, conflicts=None, propagations=None: (
            None if conflicts is not None else solve_within(sat, deadline)))
    monkeypatch.setattr(pattern_sat, "run_apart", lambda *a: children.append(a) or run_apart(*a))
    apart = [pattern_sat.solve_sat(rows, cols, nothing, nothing, None) for _ in range(2)]
    assert len(children) == 2 and apart[0] == apart[1]
    monkeypatch.setattr(pattern_sat, "CAN_FORK", False)
    here = pattern_sat.solve_sat(rows, cols, nothing, nothing, None)
    assert len(children) == 2
    for status, grids in (apart[0], here):
        assert status == native.status and len(grids) == (1 if status == "unique" else 2)
        assert len(set(grids)) == len(grids)
        for grid in grids:  # row masks, bit c = column c
            flat = [grid[r] >> c & 1 for r in range(len(rows)) for c in range(len(cols))]
            assert_solves(flat, rows, cols, len(cols), len(rows))


def _hinted_calls(monkeypatch, rows, cols):
    """solve_sat with the plain call made to find nothing, in this process (Glucose takes the
    hints) and in a child (CaDiCaL); the calls made here are recorded as (assumptions, outcome)."""
    from gridlogic.pattern.symmetry import clue_symmetries

    calls = []
    solve_within = pattern_sat.solve_within

    def recording(sat, deadline, conflicts=None, assumptions=None, propagations=None):
        if propagations is not None:
            return None  # the plain call
        outcome = solve_within(sat, deadline, conflicts, assumptions)
        calls.append((assumptions, outcome))
        return outcome

    monkeypatch.setattr(pattern_sat, "solve_within", recording)
    nothing = [0] * len(rows)
    symmetries = clue_symmetries(rows, cols)
    apart = pattern_sat.solve_sat(rows, cols, nothing, nothing, None, symmetries)
    monkeypatch.setattr(pattern_sat, "CAN_FORK", False)
    here = pattern_sat.solve_sat(rows, cols, nothing, nothing, None, symmetries)
    return symmetries, calls, apart, here


def test_a_child_killed_after_its_first_solution_still_hands_it_over(monkeypatch):
    """Rows [1 1] [1] [1] [], columns [1] [] [2] [] [1] (three solutions). The plain call is made to
    find nothing; in the child the call with hints finds a first solution, and the guided call
    that follows is made to sleep for a minute. At the deadline, five seconds after the hand-over
    (finding a first solution of a 5x4 grid takes a fraction of it), the parent kills the child and
    says undecided, with the first solution the child reported."""
    import gridlogic.satsolver

    rows, cols = [(1, 1), (1,), (1,), ()], [(1,), (), (2,), (), (1,)]
    solve_within, run_apart = pattern_sat.solve_within, gridlogic.satsolver.run_apart
    unbudgeted = []

    def first_call_only(sat, deadline, conflicts=None, assumptions=None, propagations=None):
        if propagations is not None:
            return None  # the plain call
        unbudgeted.append(conflicts)
        if len(unbudgeted) > 1:
            time.sleep(60)  # the guided call for a second solution, in the child
        return solve_within(sat, deadline, conflicts, assumptions)

    monkeypatch.setattr(pattern_sat, "solve_within", first_call_only)
    monkeypatch.setattr(pattern_sat, "run_apart", lambda work, deadline: run_apart(work, time.monotonic() + 5))
    nothing = [0] * len(rows)
    started = time.monotonic()
    status, found = pattern_sat.solve_sat(rows, cols, nothing, nothing, None)
    assert time.monotonic() - started < 30  # the child was killed, not waited for
    assert status == "undecided" and len(found) == 1 and unbudgeted == []  # the calls were the child's
    flat = [found[0][r] >> c & 1 for r in range(4) for c in range(5)]
    assert_solves(flat, rows, cols, 5, 4)


def test_the_call_with_hints_looks_for_a_symmetric_solution_first(monkeypatch):
    """Rows [1 1] [1] [1] [], columns [1] [] [2] [] [1]: mirror-symmetric clues, three solutions, one
    of them symmetric (row 0 ``10001``). The call with hints finds that one first."""
    rows, cols = [(1, 1), (1,), (1,), ()], [(1,), (), (2,), (), (1,)]
    symmetries, calls, apart, here = _hinted_calls(monkeypatch, rows, cols)
    assert [symmetry.name for symmetry in symmetries] == ["mirror left-right"]
    assert calls[0][0] and calls[0][1] is True  # assuming the switch: a symmetric solution
    for status, grids in (apart, here):
        assert status == "several" and grids[0] == (0b10001, 0b00100, 0b00100, 0)
        assert grids[1] != grids[0]
        for grid in grids:
            flat = [grid[r] >> c & 1 for r in range(4) for c in range(5)]
            assert_solves(flat, rows, cols, 5, 4)


def test_without_a_symmetric_solution_the_call_with_hints_goes_on_unrestricted(monkeypatch):
    """The module docstring's example: every clue [1] on 2x2. Its two solutions are each other's
    mirror images, so no grid is symmetric under all its symmetries."""
    rows, cols = [(1,), (1,)], [(1,), (1,)]
    symmetries, calls, apart, here = _hinted_calls(monkeypatch, rows, cols)
    assert len(symmetries) == 7
    assert calls[0][0] and calls[0][1] is False  # no symmetric solution
    assert calls[1] == (None, True)  # the same solver, unrestricted
    for status, grids in (apart, here):
        assert status == "several" and set(grids) == {(0b01, 0b10), (0b10, 0b01)}


def test_a_symmetric_call_out_of_budget_goes_on_unrestricted(monkeypatch):
    """The restricted call stopped by its conflict budget (made to come back empty here): the same
    solver goes on without the restriction and still decides."""
    from gridlogic.pattern.symmetry import clue_symmetries

    rows, cols = [(1, 1), (1,), (1,), ()], [(1,), (), (2,), (), (1,)]
    calls = []
    solve_within = pattern_sat.solve_within

    def budget_runs_out(sat, deadline, conflicts=None, assumptions=None, propagations=None):
        calls.append((conflicts, assumptions))
        if propagations is not None or assumptions:
            return None  # the plain call, and the symmetric call out of its budget
        return solve_within(sat, deadline, conflicts, assumptions)

    monkeypatch.setattr(pattern_sat, "solve_within", budget_runs_out)
    monkeypatch.setattr(pattern_sat, "CAN_FORK", False)
    nothing = [0] * len(rows)
    status, grids = pattern_sat.solve_sat(rows, cols, nothing, nothing, None, clue_symmetries(rows, cols))
    assert calls[1][0] == pattern_sat.SYMMETRIC_CONFLICTS and calls[1][1]
    assert calls[2] == (None, None)  # unrestricted
    assert status == "several" and len(set(grids)) == 2
    for grid in grids:
        assert_solves([grid[r] >> c & 1 for r in range(4) for c in range(5)], rows, cols, 5, 4)
