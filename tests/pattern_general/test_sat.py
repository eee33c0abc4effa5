"""The SAT back end of the general Pattern solver (gridlogic.pattern.sat): its encoding and its verdicts."""

from __future__ import annotations

import itertools
import re
import time

import pytest

from gridlogic.pattern import sat as pattern_sat
from gridlogic.pattern.lines import compute_clue, validate_clue

pytest.importorskip("pysat")  # the sat extra, part of the dev install


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
