"""The optional SAT back end of the general Pattern solver: each clue as an automaton unrolled along its line.

:func:`solve_sat` decides whether a nonogram has no, one or several solutions
with a SAT solver from ``python-sat`` (the ``sat`` extra of gridlogic;
imported only when this back end runs, and a missing package is a
:class:`~gridlogic.GridlogicError` saying how to install it). The general
solver (:mod:`gridlogic.pattern.general`) hands it the clues and the cells its
propagation and probing decided at the root.

Encoding
--------
Cell (r, c) of a ``width``-column grid is variable ``r * width + c + 1``: true
means filled. Every row and every column adds the clauses of its clue
(:func:`line_clauses`); the cells decided at the root go in as unit clauses.

A clue ``[a, b, ..., z]`` is the regular language ``0* 1^a 0+ 1^b 0+ ... 1^z
0*``. Its automaton reads the *pattern* ``1^a 0 1^b 0 ... 1^z`` (``m``
symbols): state ``q`` says how many pattern symbols have been read. Reading 1
moves from ``q`` to ``q + 1`` when symbol ``q`` is a 1; reading 0 moves to
``q + 1`` when symbol ``q`` is the separating 0, and stays in ``q`` when
``q`` is 0, ``m`` or just after a separator (the ``0*`` and ``0+`` parts);
anything else is rejected. The automaton is unrolled along the line: one
variable per pair (cells read ``i``, state ``q``) that can still lead to
acceptance (``q <= i`` and ``m - q <= length - i``), so a line costs
O(length × m) variables and clauses and no placement is ever listed. The
clauses say:

* start and accept: the state after 0 cells is 0, after ``length`` cells ``m``;
* forward, per state and cell value: that state and value lead to the next
  state (``¬state ∨ ¬value ∨ next``), or, when the automaton rejects or the
  next state cannot accept any more, are impossible (``¬state ∨ ¬value``);
* some state holds after every cell;
* backward, per state after a cell: it was reached from one of its
  predecessors, and when every way into it reads the same value, the cell
  has that value.

Forward clauses alone already admit exactly the lines that match; the
backward ones let unit propagation reason from either end of the line.

Solving: a first call finds a solution; a clause forbidding that solution's
values on the cells the root left open is added, and a second call decides
between ``unique`` (UNSAT) and ``several``. The deadline is kept by solving
in slices of conflicts (:func:`gridlogic.satsolver.solve_until`), and between
encoded lines, since the largest boards take seconds to encode.

Worked example (a test checks it): the clue ``[1]`` on a line of two cells,
variables 1 and 2. The pattern is ``1`` (m = 1); the states that can still
accept are {0} after no cell, {0, 1} after one and {1} after two, variables
3 (0 cells, state 0), 4 (1, 0), 5 (1, 1) and 6 (2, 1).
``line_clauses((1,), [1, 2], 3, clauses)`` returns the next free variable, 7,
and adds these 15 clauses:

* start and accept: ``[3]``, ``[6]``;
* cell 1, forward: ``[-3, -1, 5]`` (a 1 reads the block), ``[-3, 1, 4]`` (a 0
  stays before it); some state: ``[4, 5]``; backward: ``[-4, 3]``,
  ``[-4, -1]``, ``[-5, 3]``, ``[-5, 1]`` (state 1 is only reached by a 1);
* cell 2, forward: ``[-4, -2, 6]``, ``[-4, 2]`` (still before the block, a 0
  would leave no room for it), ``[-5, -2]`` (a second 1 after the block),
  ``[-5, 2, 6]``; some state: ``[6]``; backward: ``[-6, 4, 5]`` (reached by
  both values, so nothing is forced).

Their models give the cells exactly ``1 0`` and ``0 1``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from gridlogic.satsolver import SOLVER_NAME, import_solver, solve_until

__all__ = ["import_pysat", "line_clauses", "solve_sat"]

# The deadline is kept by solving in slices of at most this many conflicts
# (see gridlogic.satsolver); learnt clauses survive between slices.
_CONFLICT_SLICE_MAX = 8000


def import_pysat() -> Any:
    """python-sat's ``Solver`` class, or a GridlogicError saying how to do without it."""
    return import_solver("the SAT back end", "solve without sat=True")


def line_clauses(blocks: tuple[int, ...], cells: list[int], next_var: int, clauses: list[list[int]]) -> int:
    """Add the unrolled automaton of one line's clue (see the module docstring); return the next free variable.

    ``blocks`` is the clue (no zeros), ``cells`` the variables of the line's
    cells in order, and the automaton's variables are numbered from ``next_var``.
    """
    pattern: list[int] = []
    for index, block in enumerate(blocks):
        if index:
            pattern.append(0)
        pattern.extend([1] * block)
    m = len(pattern)
    length = len(cells)

    def step(q: int, value: int) -> int | None:
        if value == 1:
            return q + 1 if q < m and pattern[q] == 1 else None
        if q < m and pattern[q] == 0:
            return q + 1
        if q == 0 or q == m or pattern[q - 1] == 0:
            return q
        return None

    def states(i: int) -> range:
        """The states possible after i cells: at most i read, and the rest still fits."""
        return range(max(0, m - (length - i)), min(i, m) + 1)

    var: dict[tuple[int, int], int] = {}
    for i in range(length + 1):
        for q in states(i):
            var[(i, q)] = next_var
            next_var += 1
    clauses.append([var[(0, 0)]])
    clauses.append([var[(length, m)]])
    for i in range(length):
        x = cells[i]
        predecessors: dict[int, list[tuple[int, int]]] = {}
        for q in states(i):
            here = var[(i, q)]
            for value, literal in ((1, x), (0, -x)):
                target = step(q, value)
                there = var.get((i + 1, target)) if target is not None else None
                if there is None:
                    clauses.append([-here, -literal])
                else:
                    clauses.append([-here, -literal, there])
                    predecessors.setdefault(target, []).append((here, value))  # type: ignore[arg-type]
        clauses.append([var[(i + 1, q)] for q in states(i + 1)])
        for target in states(i + 1):
            there = var[(i + 1, target)]
            ways = predecessors.get(target, [])
            clauses.append([-there] + sorted({here for here, _ in ways}))
            values = {value for _, value in ways}
            if len(values) == 1:
                clauses.append([-there, x if values == {1} else -x])
    return next_var


def solve_sat(
    rows: Sequence[tuple[int, ...]],
    cols: Sequence[tuple[int, ...]],
    filled: Sequence[int],
    empty: Sequence[int],
    deadline: float | None,
) -> tuple[str, list[tuple[int, ...]]]:
    """``(status, solutions)``: status ``unique``/``several``/``none``/``undecided``, solutions as row masks.

    ``rows`` and ``cols`` are checked clues (tuples of positive runs that fit);
    ``filled[r]`` and ``empty[r]`` the masks of row r's cells (bit c = column c)
    known to hold in every solution. ``deadline`` is a :func:`time.monotonic`
    value (None: no limit); an undecided result carries what was found so far.
    """
    Solver = import_pysat()
    width, height = len(cols), len(rows)

    def cell(r: int, c: int) -> int:
        return r * width + c + 1

    clauses: list[list[int]] = []
    next_var = width * height + 1
    lines = [(blocks, [cell(r, c) for c in range(width)]) for r, blocks in enumerate(rows)]
    lines += [(blocks, [cell(r, c) for r in range(height)]) for c, blocks in enumerate(cols)]
    for blocks, cells in lines:
        if deadline is not None and time.monotonic() > deadline:
            return "undecided", []
        next_var = line_clauses(blocks, cells, next_var, clauses)
    open_cells: list[int] = []
    for r in range(height):
        for c in range(width):
            if filled[r] >> c & 1:
                clauses.append([cell(r, c)])
            elif empty[r] >> c & 1:
                clauses.append([-cell(r, c)])
            else:
                open_cells.append(cell(r, c))
    found: list[tuple[int, ...]] = []
    with Solver(name=SOLVER_NAME, bootstrap_with=clauses) as sat:
        for _ in range(2):
            outcome = solve_until(sat, deadline, _CONFLICT_SLICE_MAX)
            if outcome is None:
                return "undecided", found
            if not outcome:
                break
            assignment = {lit for lit in sat.get_model() if lit > 0}
            masks = tuple(sum(1 << c for c in range(width) if cell(r, c) in assignment) for r in range(height))
            found.append(masks)
            if not open_cells:
                break
            sat.add_clause([-v if v in assignment else v for v in open_cells])
    if not found:
        return "none", found
    return ("several" if len(found) >= 2 else "unique"), found
