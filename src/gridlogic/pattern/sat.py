"""The optional SAT back end of Pattern's solver for puzzles people bring: each clue as an automaton
unrolled along its line.

:func:`solve_sat` decides whether a nonogram has no, one or several solutions
with a SAT solver from ``python-sat`` (the ``sat`` extra of gridlogic;
imported only when this back end runs, and a missing package is a
:class:`~gridlogic.GridlogicError` saying how to install it). The solver for
puzzles people bring (:mod:`gridlogic.pattern.decide`) hands it the clues and
the cells its propagation and probing decided at the root.

Encoding
--------
Cell (r, c) of a ``width``-column grid is variable ``r * width + c + 1``: true
means filled. Every row and every column adds the clauses of its clue
(:func:`line_clauses`); the cells decided at the root go in as unit clauses.

A clue is encoded as its automaton unrolled along the line
(:mod:`gridlogic.pattern.automaton`, ``m`` its number of pattern symbols): one
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

Stronger encodings were measured and not kept (``benchmarks/hard_nonograms.py``,
CPU s on nine puzzles that reach SAT): transition variables (unit
propagation then does all of line solving) made Knotty undecided in 60 s and
dom_14 4× slower; adding "a state has a successor" and value-specific
backward clauses (no new variables) took Sierp from 25-31 s to 8 s but made
the other eight 20-160 % slower (non_med_4 6 → 15 s), about even in total.
Maple-family solvers of python-sat (``maplechrono``, ``mcb``) were many
times slower than Glucose on the same formulas.

Solving
-------
1. **First solution, with phase hints.** Belief propagation between rows and
   columns (:mod:`gridlogic.pattern.beliefs`) gives each open cell a
   probability of being filled (computed only when :data:`PLAIN_CONFLICTS`
   conflicts, or :data:`PLAIN_PROPAGATIONS` propagations, with the solver's
   own phases found no solution); the solver's
   phases are set to the likelier value of each cell and, for the automaton
   variables, to each line's most
   probable placement. On puzzles built from repeated motifs (Knotty: nothing
   decided by line solving or probing) this turns a search that found nothing
   in 20,000 conflicts into one without a conflict.
   The first call is Glucose 4.2's, in this process; the call with hints, and
   the steps after it, are CaDiCaL 1.9.5's (:data:`HINTED_SOLVER_NAME`), which
   follows the hints much better on the big boards (Gettys, 99×59: a first
   solution in 296 conflicts). CaDiCaL cannot be interrupted, so that part
   runs in a forked child process that the deadline kills
   (:func:`gridlogic.satsolver.run_apart`); where the platform cannot fork,
   Glucose takes the hints in-process.

   **Symmetric solutions first.** When the clues have symmetries
   (:mod:`gridlogic.pattern.symmetry`), the call with hints first looks only
   for a grid that each of them maps onto itself: the clauses ``¬s ∨ ¬a ∨ b``
   and ``¬s ∨ a ∨ ¬b`` make cells ``a`` and ``b`` equal for every pair a
   symmetry swaps, and the call assumes the switch ``s``. A unique solution is
   symmetric anyway, and a puzzle with many solutions often has a symmetric
   one, decided by half the cells: Sierp (47×40, mirror-symmetric clues,
   many solutions) finds one in 6,600-9,200 conflicts where the
   unrestricted call needed 13,000-44,000. When the call finds no symmetric
   solution within :data:`SYMMETRIC_CONFLICTS`, the same solver goes on
   unrestricted; either way ``¬s`` is added once the restricted call is over,
   so the uniqueness proof of step 3 is not slowed by the switch.

   Worked example (a test checks it): the 2×2 grid with every clue ``[1]``
   has the mirror symmetry, but its solutions ``10 / 01`` and ``01 / 10`` are
   each other's mirror images, so the restricted call is UNSAT and the
   unrestricted one finds one of them, whose mirror image is the other.
2. **A symmetric image** (:mod:`gridlogic.pattern.symmetry`): when a symmetry
   of the clues maps the first solution to a different grid, that grid is the
   second solution, found without another call.
3. **Second solution, guided by the first.** A clause forbidding the first
   solution's values on the cells the root left open is added, and the
   phases are set to the first solution (its cells and its lines'
   placements), so the solver looks near it first: published puzzles with
   several solutions usually differ in a small patch (Knotty's two solutions
   in the survey's files differ in 14 cells, found in 14 conflicts). UNSAT
   proves ``unique``.

The calls are interrupted (Glucose, :func:`gridlogic.satsolver.solve_within`)
or their process is killed (CaDiCaL) at the deadline; a child that found a
first solution has reported it before step 3, so an undecided verdict carries
it either way. The deadline is also checked between encoded lines, between
belief propagation's lines and between slices of the clauses handed to a solver
(:func:`gridlogic.satsolver.new_solver`), since the largest boards take
seconds to encode and a solver cannot be interrupted while it takes clauses. No
stage depends on the clock otherwise, so the same puzzle is decided the same
way, with the same solutions, on every run.

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

The least two solutions
-----------------------
:mod:`gridlogic.pattern.decide` gives a ``"several"`` verdict the least two
solutions in cell order, whatever found two (its docstring says why).
:func:`least_two` asks Glucose, in this process, on the same clauses: the least
solution open cell by open cell (each assumed empty if a solution with the
cells so far allows it), then, by halving, the last open cell at which another
solution can first differ from it, and the least solution that differs there.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Any

from gridlogic.errors import GridlogicError
from gridlogic.pattern.automaton import ClueAutomaton, clue_automaton
from gridlogic.pattern.symmetry import Symmetry
from gridlogic.satsolver import (
    CAN_FORK,
    SOLVER_NAME,
    import_solver,
    importable,
    new_solver,
    run_apart,
    sat_available,
    solve_within,
)

__all__ = [
    "HINTED_SOLVER_NAME",
    "PLAIN_CONFLICTS",
    "PLAIN_PROPAGATIONS",
    "SYMMETRIC_CONFLICTS",
    "available",
    "import_pysat",
    "least_two",
    "line_clauses",
    "solve_sat",
]

PLAIN_CONFLICTS = 5000
"""Conflicts the first call may take with the solver's own phases before belief propagation's hints are
computed (most formulas need far fewer; the hints cost seconds on the largest boards). Measured
(``benchmarks/hard_nonograms.py``): with 2,000, LalaFrogKK (25x25) and PuzzleCannotSolve paid for
hints they did not need (LalaFrogKK 0.86 s CPU without hints, 1.4-1.7 s with them after 2,000
conflicts; its plain call finds a solution between 2,000 and 5,000); Knotty, Sierp and the n-Dom
puzzles, which need the hints, lose about 0.5 s to the 3,000 more plain conflicts."""

PLAIN_PROPAGATIONS = 3_000_000
"""Propagated literals that also end the first call, whichever budget comes first: a conflict costs
more on a bigger formula. Every plain call that found a solution on ``../shared/data/nonogram`` and
the hard set propagated at most 2.2 million literals (LalaFrogKK, 4,549 conflicts; non_med_4 and
non_fast_9, 60x60, 1.8 million), while Gettys (99x59) spent 8.6 million (2 s) on 5,000 conflicts
that found nothing; with this budget its call ends after 2,000 conflicts and 0.9 s."""

HINTED_SOLVER_NAME = "cadical195"
"""The solver of the call with hints: CaDiCaL 1.9.5, in a child process that the deadline kills
(:func:`gridlogic.satsolver.run_apart`; it cannot be interrupted). Measured against Glucose 4.2
taking the same hints (``benchmarks/hard_nonograms.py --budget 60``, CPU s with the child's, side
by side): Gettys (99x59) undecided -> several in 17.7 s; Sierp 35.6 -> 16.8 s; dom_14 7.4 -> 4.6 s;
Faase (95x80), undecided by every solver before, several in 62.5 s (``--budget 120``). Slower:
PuzzleCannotSolve 1.0 -> 2.6 s, dom_10 0.9 -> 1.5 s."""


SYMMETRIC_CONFLICTS = 20_000
"""Conflicts the call with hints may spend looking for a symmetric solution first, when the clues have
symmetries (step 1 of the module docstring). Sierp (webpbn survey, 47x40, mirror-symmetric clues)
finds one in 6,600-9,200 conflicts whatever the belief-propagation rounds (10 to 60), where the
unrestricted call needed 13,000-44,000; past the budget the restriction is lifted."""


def import_pysat() -> Any:
    """python-sat's ``Solver`` class, or a GridlogicError saying how to do without it (belief
    propagation's numpy is part of the same ``sat`` extra)."""
    solver = import_solver("the SAT back end", "solve without sat=True")
    if not importable("numpy"):
        raise GridlogicError(
            "the SAT back end needs the numpy package; install gridlogic[sat] "
            "(pip install 'gridlogic[sat]') or solve without sat=True"
        )
    return solver


def available() -> bool:
    """True when this back end can run: ``python-sat`` and ``numpy`` can be imported."""
    return sat_available() and importable("numpy")


def _state_variables(automaton: ClueAutomaton, first: int) -> Iterator[tuple[tuple[int, int], int]]:
    """((cells read, state), variable) for every pair of the unrolled automaton, numbered from ``first``."""
    for i in range(automaton.length + 1):
        for q in automaton.states(i):
            yield (i, q), first
            first += 1


def line_clauses(blocks: tuple[int, ...], cells: list[int], next_var: int, clauses: list[list[int]]) -> int:
    """Add the unrolled automaton of one line's clue (see the module docstring); return the next free variable.

    ``blocks`` is the clue (no zeros), ``cells`` the variables of the line's
    cells in order, and the automaton's variables are numbered from ``next_var``
    in the order of :func:`_state_variables`: the pair (cells read ``i``, state
    ``q``) is variable ``offset[i] + q``.
    """
    automaton = clue_automaton(blocks, len(cells))
    length, m = automaton.length, automaton.size
    on_filled, on_empty, ranges = automaton.on_filled, automaton.on_empty, automaton.state_ranges
    offset = []
    for states in ranges:
        offset.append(next_var - states.start)
        next_var += len(states)
    add = clauses.append
    add([offset[0]])  # (0, 0)
    add([offset[length] + m])
    for i in range(length):
        x = cells[i]
        here_base, there_base = offset[i], offset[i + 1]
        low, high = ranges[i].start, ranges[i].stop
        next_low, next_high = ranges[i + 1].start, ranges[i + 1].stop
        for q in range(low, high):  # forward
            here = here_base + q
            target = on_filled[q]
            if target is not None and next_low <= target < next_high:
                add([-here, -x, there_base + target])
            else:
                add([-here, -x])
            target = on_empty[q]
            if target is not None and next_low <= target < next_high:
                add([-here, x, there_base + target])
            else:
                add([-here, x])
        add(list(range(there_base + next_low, there_base + next_high)))  # some state
        for target in range(next_low, next_high):  # backward: from target - 1 or from target
            there = there_base + target
            clause = [-there]
            read_filled = read_empty = False
            q = target - 1
            if low <= q < high:
                if on_filled[q] == target:
                    clause.append(here_base + q)
                    read_filled = True
                elif on_empty[q] == target:
                    clause.append(here_base + q)
                    read_empty = True
            if low <= target < high and on_empty[target] == target:
                clause.append(here_base + target)
                read_empty = True
            add(clause)
            if read_filled != read_empty:
                add([-there, x if read_filled else -x])
    return next_var


def solve_sat(
    rows: Sequence[tuple[int, ...]],
    cols: Sequence[tuple[int, ...]],
    filled: Sequence[int],
    empty: Sequence[int],
    deadline: float | None,
    symmetries: Sequence[Symmetry] = (),
) -> tuple[str, list[tuple[int, ...]]]:
    """``(status, solutions)``: status ``unique``/``several``/``none``/``undecided``, solutions as row masks.

    ``rows`` and ``cols`` are checked clues (tuples of positive runs that fit);
    ``filled[r]`` and ``empty[r]`` the masks of row r's cells (bit c = column c)
    known to hold in every solution. ``deadline`` is a :func:`time.monotonic`
    value (None: no limit); an undecided result carries what was found so far.
    ``symmetries`` are symmetries of the clues (:func:`gridlogic.pattern.symmetry.clue_symmetries`).
    """
    Solver = import_pysat()
    # beliefs needs numpy, so it is imported here only (and before a child process is forked).
    from gridlogic.pattern import beliefs

    formula = _Formula(rows, cols, filled, empty, symmetries, Solver, beliefs)
    if not formula.encode(deadline):
        return "undecided", []
    return formula.solve(deadline)


def least_two(
    rows: Sequence[tuple[int, ...]],
    cols: Sequence[tuple[int, ...]],
    filled: Sequence[int],
    empty: Sequence[int],
    solutions: Sequence[tuple[int, ...]],
    deadline: float | None,
) -> list[tuple[int, ...]] | None:
    """The least two solutions in cell order (row-major, an empty cell before a filled one: the flat
    grids compared as tuples), or None when the deadline comes first. ``solutions`` are two different
    flat grids that solve the clues; ``filled`` and ``empty`` are as :func:`solve_sat`'s (cells known
    in every solution). Glucose, in this process, on the clauses of the module docstring: see
    :meth:`_Formula.least` for the walk."""
    Solver = import_pysat()
    from gridlogic.pattern import beliefs

    formula = _Formula(rows, cols, filled, empty, (), Solver, beliefs)
    if not formula.encode(deadline):
        return None
    sat = new_solver(Solver, SOLVER_NAME, formula.clauses, deadline)
    if sat is None:
        return None
    try:
        first = formula.least(sat, min(solutions), 0, deadline)
        if first is None:
            return None
        second = formula.second_least(sat, first, min(grid for grid in solutions if grid != first), deadline)
        return None if second is None else [first, second]
    finally:
        sat.delete()


def _keep_nothing(verdict: object) -> None:
    """In this process an undecided verdict is returned with its first solution anyway."""


class _Formula:
    """One puzzle's clauses (see the module docstring) and the steps that solve them."""

    def __init__(
        self,
        rows: Sequence[tuple[int, ...]],
        cols: Sequence[tuple[int, ...]],
        filled: Sequence[int],
        empty: Sequence[int],
        symmetries: Sequence[Symmetry],
        Solver: Any,
        beliefs: ModuleType,
    ) -> None:
        self.rows, self.cols, self.filled, self.empty, self.symmetries = rows, cols, filled, empty, symmetries
        self.Solver, self.beliefs = Solver, beliefs  # python-sat's Solver class; gridlogic.pattern.beliefs
        self.width, self.height = len(cols), len(rows)
        self.clauses: list[list[int]] = []
        self.next_var = self.width * self.height + 1
        # (automaton, its first variable, the line's cells as (row, column))
        self.lines: list[tuple[ClueAutomaton, int, list[tuple[int, int]]]] = []
        self.open_cells: list[int] = []

    def cell(self, r: int, c: int) -> int:
        return r * self.width + c + 1

    def encode(self, deadline: float | None) -> bool:
        """Add every line's clauses, then the unit clauses of the cells known at the root; False when
        the deadline passed between two lines."""
        width, height, cell = self.width, self.height, self.cell
        for blocks, line in [(blocks, [(r, c) for c in range(width)]) for r, blocks in enumerate(self.rows)] + [
            (blocks, [(r, c) for r in range(height)]) for c, blocks in enumerate(self.cols)
        ]:
            if deadline is not None and time.monotonic() > deadline:
                return False
            self.lines.append((clue_automaton(blocks, len(line)), self.next_var, line))
            self.next_var = line_clauses(blocks, [cell(r, c) for r, c in line], self.next_var, self.clauses)
        for r in range(height):
            for c in range(width):
                if self.filled[r] >> c & 1:
                    self.clauses.append([cell(r, c)])
                elif self.empty[r] >> c & 1:
                    self.clauses.append([-cell(r, c)])
                else:
                    self.open_cells.append(cell(r, c))
        return True

    def solve(self, deadline: float | None) -> tuple[str, list[tuple[int, ...]]]:
        """Step 1's first call with the solver's own phases, then, when it found nothing within its
        budgets, the call with hints: in a child process, or here where the platform cannot fork."""
        sat = new_solver(self.Solver, SOLVER_NAME, self.clauses, deadline)
        if sat is None:
            return "undecided", []
        try:
            outcome = solve_within(sat, deadline, PLAIN_CONFLICTS, propagations=PLAIN_PROPAGATIONS)
            if outcome is not None or (deadline is not None and time.monotonic() >= deadline):
                return self.conclude(sat, outcome, deadline, _keep_nothing)
        finally:
            sat.delete()
        if not CAN_FORK:
            return self.with_hints(SOLVER_NAME, deadline, _keep_nothing)
        verdict = run_apart(lambda report: self.with_hints(HINTED_SOLVER_NAME, None, report), deadline)
        return ("undecided", []) if verdict is None else verdict

    def least(self, sat: Any, witness: tuple[int, ...], start: int, deadline: float | None) -> tuple[int, ...] | None:
        """The least solution in cell order with the values of ``witness`` (a solution, flat) on the first
        ``start`` open cells; None when the deadline comes first.

        Open cell by open cell in order from ``start``, the values so far are assumed. A cell the
        least solution known leaves empty stays empty. Otherwise, if some solution leaves it empty,
        that one is the new least known and the cell empty; if none does, filled. Which it is, is asked
        of the solver's unit propagation (the cell implied filled: none does), then of the solver.
        """
        best = witness
        assumed = [v if best[v - 1] else -v for v in self.open_cells[:start]]
        implied: set[int] = set()  # literals unit propagation implies from a prefix of ``assumed``
        for v in self.open_cells[start:]:
            if best[v - 1] and v not in implied:
                consistent, literals = sat.propagate(assumptions=assumed)
                assert consistent  # best has the values so far
                implied.update(literals)
                if v not in implied:
                    outcome = solve_within(sat, deadline, assumptions=[*assumed, -v])
                    if outcome is None:
                        return None
                    if outcome:
                        best = self.model_grid(sat)
            assumed.append(v if best[v - 1] else -v)
        return best

    def second_least(self, sat: Any, first: tuple[int, ...], other: tuple[int, ...],
                     deadline: float | None) -> tuple[int, ...] | None:
        """The least solution other than ``first`` (the least of all) in cell order, from ``other`` (another
        solution); None when the deadline comes first.

        It leaves ``first`` where ``first`` leaves an empty cell and it fills it, at the last open cell
        where a solution other than ``first`` can (any that leaves later is below any that leaves
        sooner). That cell is found by halving: with ``first`` blocked, can a solution take its values
        on the first ``k`` open cells? Yes for ``k`` up to that cell's place, no after it. Then the
        least solution with those values and that cell filled (:meth:`least`).
        """
        open_cells = self.open_cells
        sat.add_clause([-v if first[v - 1] else v for v in open_cells])
        low = next(k for k, v in enumerate(open_cells) if other[v - 1] != first[v - 1])  # yes, by ``other``
        high = len(open_cells)  # no: that is ``first``
        witness = other
        while high - low > 1:
            middle = (low + high) // 2
            outcome = solve_within(sat, deadline, assumptions=[v if first[v - 1] else -v for v in open_cells[:middle]])
            if outcome is None:
                return None
            if outcome:
                low, witness = middle, self.model_grid(sat)
            else:
                high = middle
        return self.least(sat, witness, low + 1, deadline)

    def model_grid(self, sat: Any) -> tuple[int, ...]:
        """The solver's model as a flat grid."""
        assignment = {literal for literal in sat.get_model() if literal > 0}
        return tuple(int(k + 1 in assignment) for k in range(self.width * self.height))

    def phases(self, beliefs: list[list[float]]) -> list[int]:
        """Each cell's likelier value, and each line's most probable placement as its states."""
        cell, best_run = self.cell, self.beliefs.best_run
        out = [cell(r, c) if beliefs[r][c] > 0.5 else -cell(r, c)
               for r in range(self.height) for c in range(self.width)]
        for automaton, first, line in self.lines:
            run = best_run(automaton, [beliefs[r][c] for r, c in line])
            out.extend(v if run[i] == q else -v for (i, q), v in _state_variables(automaton, first))
        return out

    def conclude(
        self,
        sat: Any,
        first_call: bool | None,
        within: float | None,
        report: Callable[[Any], None],
        lifted: int | None = None,
    ) -> tuple[str, list[tuple[int, ...]]]:
        """The verdict after step 1's call came back ``first_call``: steps 2 and 3 when it found a
        first solution, which ``report`` gets first as an undecided verdict (a child killed at the
        deadline still hands it over). ``lifted`` is a literal made false once that solution is read."""
        if not first_call:
            return ("undecided" if first_call is None else "none"), []
        width, height = self.width, self.height
        first, assignment = _solution(sat, width, height)
        report(("undecided", [first]))
        if lifted is not None:
            sat.add_clause([-lifted])
        if not self.open_cells:
            return "unique", [first]
        for symmetry in self.symmetries:
            image = symmetry.image(first)
            if image != first:
                return "several", [first, image]
        sat.add_clause([-v if v in assignment else v for v in self.open_cells])
        sat.set_phases(self.phases([[float(first[r] >> c & 1) for c in range(width)] for r in range(height)]))
        outcome = solve_within(sat, within)
        if outcome is None:
            return "undecided", [first]
        if not outcome:
            return "unique", [first]
        return "several", [first, _solution(sat, width, height)[0]]

    def with_hints(
        self, solver_name: str, within: float | None, report: Callable[[Any], None]
    ) -> tuple[str, list[tuple[int, ...]]]:
        """Step 1's second call and what follows, on a fresh solver (one whose activities have
        moved on ignores hints). ``within`` is the deadline this work watches itself: None in a
        child process, which the deadline kills instead; ``report`` is :meth:`conclude`'s."""
        try:
            hints = self.phases(self.beliefs.grid_beliefs(self.rows, self.cols, self.filled, self.empty, within))
        except self.beliefs.OutOfTime:
            return "undecided", []
        sat = new_solver(self.Solver, solver_name, self.clauses, within)
        if sat is None:
            return "undecided", []
        try:
            sat.set_phases(hints)
            if self.symmetries:
                # Assumed true, ``switch`` makes the grid symmetric under every symmetry of the clues.
                switch = self.next_var
                sat.append_formula(self.symmetric_clauses(switch))
                if solve_within(sat, within, SYMMETRIC_CONFLICTS, assumptions=[switch]):
                    return self.conclude(sat, True, within, report, lifted=switch)
                sat.add_clause([-switch])  # no symmetric solution found: lifted for good
            return self.conclude(sat, solve_within(sat, within), within, report)
        finally:
            sat.delete()

    def symmetric_clauses(self, switch: int) -> list[list[int]]:
        """``¬switch ∨ ¬a ∨ b`` and ``¬switch ∨ a ∨ ¬b`` for every pair of cells a symmetry swaps."""
        cell = self.cell
        pairs = {
            (min(cell(*to), cell(*source)), max(cell(*to), cell(*source)))
            for symmetry in self.symmetries
            for to, source in symmetry.cell_pairs()
            if to != source
        }
        return [clause for a, b in sorted(pairs) for clause in ([-switch, -a, b], [-switch, a, -b])]


def _solution(sat: Any, width: int, height: int) -> tuple[tuple[int, ...], set[int]]:
    """The model's grid as row masks, and its true variables."""
    assignment = {lit for lit in sat.get_model() if lit > 0}
    masks = tuple(
        sum(1 << c for c in range(width) if r * width + c + 1 in assignment) for r in range(height)
    )
    return masks, assignment
