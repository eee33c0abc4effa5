"""The solver for the Pattern puzzles people bring: any W×H nonogram, with a proven verdict.

:func:`decide` answers one question about a nonogram: does it have
exactly one solution? The answer is a :class:`Verdict` whose ``status`` is

- ``"unique"`` with the solution, said only once the whole search space has
  been exhausted;
- ``"several"`` with the least two solutions (see "The two solutions of several");
- ``"none"`` when no grid meets the clues;
- ``"undecided"`` when the time or node budget ran out first (it may carry a
  solution found so far, which then proves nothing about uniqueness).

The pipeline
------------
1. **Validation.** Each clue must fit its line (otherwise
   :class:`~gridlogic.InvalidParameters` naming the line). If the row clues and
   the column clues fill different numbers of cells, no grid can satisfy both:
   the verdict is ``"none"`` at once.
2. **Line propagation.** A grid state is four lists of ints: per row the mask of
   cells known filled and the mask known empty (bit ``c`` = column ``c``), and
   the same per column (bit ``r`` = row ``r``). A work set of dirty lines is
   emptied by calling the complete line solver
   (:func:`gridlogic.pattern.lines.solve_line`, memoised per line state);
   every cell it newly decides is copied into the crossing line, which becomes
   dirty. This reaches the greatest fixed point of line solving. The routine
   is :func:`gridlogic.pattern.propagation.propagate_lines`, the same one that
   the compatibility solver's search uses.
3. **Probing.** For every open cell, set it filled and propagate, then set it
   empty and propagate. If one side contradicts, the cell takes the other value
   (and the state of that side, already propagated, becomes the current one).
   If both contradict, this state has no solution. If both survive, every cell
   that both sides decided the same way is decided in every solution, so it is
   kept. A side that decides the whole grid is a solution and is recorded.
   Passes repeat until one changes nothing.
4. **Search.** Branch on the most constrained open cell: the cell whose two
   probes decided the most cells between them (its probe states of the last,
   unchanged pass are the two children, so no work is repeated). Each child is
   probed and searched the same way, depth first, and the search stops as soon
   as two different solutions are known. A grid is "unique" only when the
   search returns having found one.
5. **SAT back end** (:mod:`gridlogic.pattern.sat`, optional: ``python-sat``,
   the ``sat`` extra). Puzzles built to defeat line solving and probing (the
   "n-Dom" family of the MiniZinc benchmarks, for instance) make the search
   above exponential. There each line's clue becomes an automaton unrolled
   along the line (O(length × clue cells) clauses, no placement listed), the
   cells that propagation and probing decided at the root become unit
   clauses, and two solver calls decide uniqueness.

How the back end is chosen: with ``sat=True`` the SAT back end runs right after
the root's propagation and probing. Otherwise the native search runs, and when
it has visited more than :data:`SAT_FALLBACK_NODES` search nodes or made more
than :data:`SAT_FALLBACK_PROBES` probes while searching (and ``python-sat``
is importable) it gives up and hands the root state to the SAT back end,
which then decides the verdict; without ``python-sat`` the native search
simply continues until its budget. The SAT back end starts from the root
state, whatever the search did, so the search's allowance only decides how
much time a puzzle that ends in SAT spends searching first. Measured on every
puzzle of ``../shared/data/nonogram`` that reaches the search (17 of 230): the
five the search decides use at most 10,982 probes (non_awful_2, 50×50; the
others 804 or fewer), and SAT decides those about as fast (non_awful_2: 0.9 s
of SAT against 1.3 s of search). The allowance is checked at every probe, so
the search stops at it exactly rather than after the node that crosses it
(Gettys' nodes take 5,000 probes each). An allowance of one root probing's
worth buys nothing and costs the biggest boards most: Faase (95×80) searches
70,000 probes (8 s CPU) before SAT, Gettys (99×59) 35,000 (2–4 s).
``Verdict.method`` says which stage decided: ``"line"`` (line propagation
alone), ``"probing"``, ``"search"`` or ``"sat"``.

Every stage is chosen by counts (nodes, probes, SAT conflicts), never by the
clock: the same puzzle is decided by the same stage, with the same solutions,
on an idle machine and on a loaded one. The clock only ends a run, at
``time_limit``, with ``"undecided"``.

The two solutions of several
----------------------------
Which two solutions a ``"several"`` verdict carries is fixed by the clues alone,
not by the stage that found them: the least two in cell order (row-major, the
flat grids compared as tuples: an empty cell before a filled one at the first
cell where they differ). So where two solutions differ (the studio's
difference, and the fixes it orders by it) and the two grids ``solve`` shows
are the same with or without ``python-sat``. Once two solutions are found:

- a depth-first search from the root state that branches on the first open
  cell, empty first, with probing at every node
  (:meth:`GridSearch.least_two`), meets the solutions in cell order: its first
  two are the least two. It has ``node_limit`` nodes of its own; with
  ``python-sat`` at hand it gives way to SAT after
  :data:`LEAST_NATIVE_PROBES` probes;
- the SAT back end (:func:`gridlogic.pattern.sat.least_two`) walks the open
  cells in order, each empty when some solution with the cells so far leaves
  it empty (asked with those cells assumed); the second differs from the
  first at the last cell where any solution can, found by halving.

Both are exact, so they agree (a test compares them with a brute force on
small grids, and the studio's and ``solve``'s output with and without
``python-sat``). Should the time or the nodes run out first, the verdict is
``"undecided"`` (with no solution): a path that finishes and one that does not
differ only in that. On the puzzles with several solutions that need no SAT
it costs little; where SAT decides, the walk can cost several times the
decision (LalaFrogKK, 25×25: 0.7 s CPU without it, 3.2 s with it), and on a
puzzle where SAT finds two solutions only with the hints' help it may not end
at all: Knotty (40×40; two solutions 14 cells apart) proves neither its least
solution nor the least other within minutes. ``least=False`` skips it, for a
caller that needs only the status: ``"several"`` then carries the two
solutions first found.

Worked example (a test checks it): the 2×3 grid (2 rows, 3 columns) with row
clues ``[2] [1]`` and column clues ``[1] [1] [1]``. Row 0 holds a 2-block in
three cells, so its middle cell is filled; column 1 then has its one cell, so
row 1's middle cell is empty and line solving stops there with two open cells
in each row. Probing row 0's first cell filled forces ``110 / 001``; probing it
empty forces ``011 / 100``: both sides are whole solutions, so the verdict is
``"several"`` with those two grids, found by probing without any search node;
in cell order ``011 / 100`` comes first.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import gridlogic.pattern.sat as pattern_sat
from gridlogic.errors import InvalidParameters
from gridlogic.params import check_bool, check_int, check_limit
from gridlogic.pattern.lines import validate_clue
from gridlogic.pattern.propagation import copy_to_crossing, propagate_lines
from gridlogic.pattern.symmetry import Symmetry, clue_symmetries
from gridlogic.verdict import STATUSES, Verdict

__all__ = [
    "LEAST_NATIVE_PROBES", "SAT_FALLBACK_NODES", "SAT_FALLBACK_PROBES", "STATUSES", "GridSearch", "Verdict", "decide",
    "sat_back_end_available",
]

SAT_FALLBACK_NODES = 30
"""Native search nodes after which the SAT back end takes over (when installed)."""

SAT_FALLBACK_PROBES = 12_000
"""Probes (propagations of one assumed cell) the native search may make before SAT takes over."""

LEAST_NATIVE_PROBES = 12_000
"""Probes the search in cell order may make for the least two solutions before the SAT back end (when
installed) takes over."""

# (row filled masks, row empty masks, column filled masks, column empty masks)
_State = list[list[int]]


class _OutOfBudget(Exception):
    """The time or node budget ran out; the verdict is undecided."""


class _HandOverToSat(Exception):
    """The native search passed the SAT fallback threshold."""


class _Enough(Exception):
    """Two different solutions are known: the verdict is several."""


class GridSearch:
    """One puzzle's propagation, probing and search over the four-list state."""

    def __init__(
        self,
        rows: list[tuple[int, ...]],
        cols: list[tuple[int, ...]],
        deadline: float | None,
        node_limit: int | None,
        sat_threshold: int | None,
        symmetries: list[Symmetry],
    ) -> None:
        self.rows = rows
        self.cols = cols
        self.width = len(cols)
        self.height = len(rows)
        self.full_row = (1 << self.width) - 1
        self.deadline = deadline
        self.node_limit = node_limit
        self.sat_threshold = sat_threshold
        self.symmetries = symmetries
        self.nodes = 0
        self.probes = 0  # propagations of an assumed cell, the measure of the search's work
        self.probe_limit: int | None = None  # probes after which SAT takes over
        self.solutions: dict[tuple[int, ...], None] = {}  # insertion-ordered set of row masks
        self.root: _State = []  # the root state, propagated (and probed, once :meth:`settle` has)
        self.in_order = False  # True while :meth:`least_two` searches

    # -- budget ---------------------------------------------------------------

    def check_time(self) -> None:
        """Before each probed cell: one probe of a big board can take tens of milliseconds."""
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _OutOfBudget

    # -- propagation ------------------------------------------------------------

    def propagate(self, state: _State, dirty_rows: set[int], dirty_cols: set[int]) -> bool:
        """Line-solve dirty lines to the fixed point (shared routine); False on a contradiction."""
        row_filled, row_empty, col_filled, col_empty = state
        return propagate_lines(
            self.rows, self.cols, row_filled, row_empty, col_filled, col_empty, dirty_rows, dirty_cols
        )

    def is_solved(self, state: _State) -> bool:
        full = self.full_row
        return all(f | e == full for f, e in zip(state[0], state[1]))

    def known_count(self, state: _State) -> int:
        return sum((f | e).bit_count() for f, e in zip(state[0], state[1]))

    def with_cell(self, state: _State, r: int, c: int, filled: bool) -> _State | None:
        """A propagated copy of ``state`` with cell (r, c) set, or None on a contradiction."""
        self.probes += 1
        if self.probe_limit is not None and self.probes > self.probe_limit:
            raise _HandOverToSat
        row_filled, row_empty, col_filled, col_empty = (list(part) for part in state)
        if filled:
            row_filled[r] |= 1 << c
            col_filled[c] |= 1 << r
        else:
            row_empty[r] |= 1 << c
            col_empty[c] |= 1 << r
        child = [row_filled, row_empty, col_filled, col_empty]
        if not self.propagate(child, {r}, {c}):
            return None
        return child

    def record(self, state: _State) -> None:
        """Keep a solution; its images under the clues' symmetries are solutions too. Nothing is kept
        while :meth:`least_two` searches: it meets its solutions in order itself."""
        if self.in_order:
            return
        solution = tuple(state[0])
        self.solutions.setdefault(solution, None)
        for symmetry in self.symmetries:
            self.solutions.setdefault(symmetry.image(solution), None)
        if len(self.solutions) >= 2:
            raise _Enough

    # -- probing ------------------------------------------------------------------

    def probe(self, state: _State) -> tuple[_State | None, tuple[_State, _State] | None]:
        """Probe every open cell until a pass changes nothing.

        Returns ``(state, children)``: the improved state (None when it has no
        solution) and, when open cells remain, the two propagated children of
        the best cell to branch on.
        """
        height = self.height
        full = self.full_row
        while True:
            changed = False
            best: tuple[int, _State, _State] | None = None
            for r in range(height):
                open_cells = full & ~(state[0][r] | state[1][r])
                while open_cells:
                    low = open_cells & -open_cells
                    c = low.bit_length() - 1
                    open_cells ^= low
                    if (state[0][r] | state[1][r]) & low:
                        continue  # decided by an earlier probe of this pass
                    self.check_time()
                    with_fill = self.with_cell(state, r, c, True)
                    with_empty = self.with_cell(state, r, c, False)
                    if with_fill is None and with_empty is None:
                        return None, None
                    if with_fill is None or with_empty is None:
                        state = with_empty if with_fill is None else with_fill  # type: ignore[assignment]
                        changed = True
                        if self.is_solved(state):
                            self.record(state)
                            return state, None
                        continue
                    for side in (with_fill, with_empty):
                        if self.is_solved(side):
                            self.record(side)
                    # Cells both children agree on (beyond what is known) hold in every solution.
                    gains = []
                    for rr in range(height):
                        new_f = with_fill[0][rr] & with_empty[0][rr] & ~state[0][rr]
                        new_e = with_fill[1][rr] & with_empty[1][rr] & ~state[1][rr]
                        if new_f or new_e:
                            gains.append((rr, new_f, new_e))
                    if gains:
                        state = [list(part) for part in state]
                        dirty_cols: set[int] = set()
                        for rr, new_f, new_e in gains:
                            state[0][rr] |= new_f
                            state[1][rr] |= new_e
                            copy_to_crossing(new_f, rr, state[2], dirty_cols)
                            copy_to_crossing(new_e, rr, state[3], dirty_cols)
                        if not self.propagate(state, {rr for rr, _, _ in gains}, dirty_cols):
                            return None, None
                        changed = True
                        if self.is_solved(state):
                            self.record(state)
                            return state, None
                        continue
                    if not changed:
                        score = self.known_count(with_fill) + self.known_count(with_empty)
                        if best is None or score > best[0]:
                            best = (score, with_fill, with_empty)
            if not changed:
                if best is None:
                    # No open cell at all: the state is a solution.
                    self.record(state)
                    return state, None
                return state, (best[1], best[2])

    # -- search -------------------------------------------------------------------

    def search(self, children: tuple[_State, _State]) -> None:
        """Depth-first search below the root's two children, recording solutions."""
        stack: list[_State] = []
        self.push(stack, children)
        while stack:
            node = stack.pop()
            self.nodes += 1
            if self.node_limit is not None and self.nodes > self.node_limit:
                raise _OutOfBudget
            if self.sat_threshold is not None and self.nodes > self.sat_threshold:
                raise _HandOverToSat
            improved, grandchildren = self.probe(node)
            if improved is not None and grandchildren is not None:
                self.push(stack, grandchildren)

    def push(self, stack: list[_State], children: tuple[_State, _State]) -> None:
        # The child that decided more cells is explored first (pushed last): it
        # is the likelier to reach a solution or a contradiction quickly.
        first, second = children
        if self.known_count(first) > self.known_count(second):
            first, second = second, first
        stack.append(first)
        stack.append(second)

    def grids(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.flat(row_masks) for row_masks in list(self.solutions)[:2])

    def flat(self, row_masks: Sequence[int]) -> tuple[int, ...]:
        """A grid of row masks as its cells, row-major (1 filled)."""
        return tuple((mask >> c) & 1 for mask in row_masks for c in range(self.width))

    def least_two(self, root: _State) -> list[tuple[int, ...]]:
        """The least two solutions in cell order (see "The two solutions of several"), flat, below
        ``root`` (propagated; it has two), by a depth-first search that branches on the first open
        cell, empty first, with probing at every node (nothing recorded there): it meets the
        solutions in that order. ``node_limit`` nodes of its own (not counted in :attr:`nodes`, the
        decision's); _OutOfBudget when they or the time run out first, _HandOverToSat past
        :attr:`probe_limit` probes."""
        self.in_order = True
        found: list[tuple[int, ...]] = []
        stack = [root]
        nodes = 0
        while stack:
            nodes += 1
            if self.node_limit is not None and nodes > self.node_limit:
                raise _OutOfBudget
            state, _children = self.probe(stack.pop())
            if state is None:
                continue
            open_row = next((r for r in range(self.height) if state[0][r] | state[1][r] != self.full_row), -1)
            if open_row < 0:
                found.append(self.flat(state[0]))
                if len(found) == 2:
                    return found
                continue
            unknown = self.full_row & ~(state[0][open_row] | state[1][open_row])
            column = (unknown & -unknown).bit_length() - 1
            for filled in (True, False):  # filled pushed first, so the empty side is searched first
                child = self.with_cell(state, open_row, column, filled)
                if child is not None:
                    stack.append(child)
        raise AssertionError("the search met fewer than the two solutions its root has")

    # -- from the root ------------------------------------------------------------

    def settle(self, root: _State, sat: bool) -> tuple[str, str]:
        """``(status, method)`` of a propagated, unsolved root: probing, then the search or (with
        ``sat``, or past the fallback thresholds) the SAT back end; the solutions are then in
        :meth:`grids` and the search nodes in :attr:`nodes`."""
        method = "probing"
        self.root = root
        try:
            improved, children = self.probe(root)
            if improved is None:
                return "none", "probing"
            root = self.root = improved
            if children is not None:
                if sat:
                    raise _HandOverToSat
                method = "search"
                self.nodes = 1  # the root is the first search node
                if self.sat_threshold is not None:
                    self.probe_limit = self.probes + SAT_FALLBACK_PROBES
                self.search(children)
        except _Enough:
            return "several", method
        except _OutOfBudget:
            return "undecided", method
        except _HandOverToSat:
            status, found = pattern_sat.solve_sat(self.rows, self.cols, root[0], root[1], self.deadline,
                                                  self.symmetries)
            self.solutions = dict.fromkeys(found)
            return status, "sat"
        grids = self.grids()
        if not grids:
            return "none", method
        return "unique" if len(grids) == 1 else "several", method

    def least(self, by_sat: bool) -> list[tuple[int, ...]] | None:
        """The least two solutions, flat, once :meth:`settle` said ``several`` (see "The two solutions of
        several"); None when the budget runs out first. ``by_sat``: the SAT back end is at hand, and
        takes over past :data:`LEAST_NATIVE_PROBES` probes of the search in order."""
        self.probe_limit = self.probes + LEAST_NATIVE_PROBES if by_sat else None
        try:
            return self.least_two(self.root)
        except _OutOfBudget:
            return None
        except _HandOverToSat:
            return pattern_sat.least_two(self.rows, self.cols, self.root[0], self.root[1], self.grids(),
                                         self.deadline)


# A module-level name of its own so tests can pretend python-sat is missing.
sat_back_end_available = pattern_sat.available


def decide(
    row_clues: Sequence[Sequence[int]],
    col_clues: Sequence[Sequence[int]],
    width: int | None = None,
    height: int | None = None,
    *,
    time_limit: float | None = None,
    node_limit: int | None = None,
    sat: bool = False,
    least: bool = True,
) -> Verdict:
    """Decide whether the nonogram has no, one or several solutions (see the module docstring).

    ``width`` and ``height`` default to the numbers of column and row clues;
    when given they must agree with them. ``time_limit`` (seconds) and
    ``node_limit`` (search nodes) bound the work; running out gives
    ``"undecided"``. The time limit is checked before every probed cell,
    between encoded lines and between belief propagation's lines, and a SAT
    call is interrupted at it; the longest step between two checks is one line
    propagation of the whole board (0.2 s CPU on the 80×70 lancaster, 1 s on a loaded
    machine). ``benchmarks/hard_nonograms.py --overrun`` measures how late
    runs return. ``sat=True`` uses the SAT back end
    (``python-sat``) after the root's propagation and probing. ``least=False``
    lets ``"several"`` carry the two solutions first found instead of the least two.
    """
    started = time.monotonic()
    rows, cols, time_limit, node_limit = _checked_arguments(row_clues, col_clues, width, height, time_limit,
                                                           node_limit, sat)
    width, height = len(cols), len(rows)
    check_bool(least, "least")
    if sat:
        pattern_sat.import_pysat()  # fail early and clearly when the extra is missing

    def verdict(
        status: str, grids: tuple[tuple[int, ...], ...], nodes: int, method: str
    ) -> Verdict:
        return Verdict(status, width, height, grids, nodes, time.monotonic() - started, method)

    if sum(map(sum, rows)) != sum(map(sum, cols)):
        return verdict("none", (), 0, "line")

    deadline = started + time_limit if time_limit is not None else None
    threshold = None if sat or not sat_back_end_available() else SAT_FALLBACK_NODES
    core = GridSearch(rows, cols, deadline, node_limit, threshold, clue_symmetries(rows, cols))
    state: _State = [[0] * height, [0] * height, [0] * width, [0] * width]
    if not core.propagate(state, set(range(height)), set(range(width))):
        return verdict("none", (), 0, "line")
    if core.is_solved(state):
        core.record(state)
        return verdict("unique", core.grids(), 0, "line")
    status, method = core.settle(state, sat)
    if status != "several" or not least:
        return verdict(status, core.grids(), core.nodes, method)
    pair = core.least(sat or threshold is not None)
    if pair is None:
        return verdict("undecided", (), core.nodes, method)
    return verdict("several", tuple(pair), core.nodes, method)


def _checked_arguments(
    row_clues: Sequence[Sequence[int]],
    col_clues: Sequence[Sequence[int]],
    width: int | None,
    height: int | None,
    time_limit: float | None,
    node_limit: int | None,
    sat: bool,
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]], float | None, int | None]:
    """:func:`decide`'s arguments checked, in the order of its signature: the clues as tuples of
    positive runs, the time limit and the node limit; InvalidParameters says what is wrong."""
    for label, clues in (("row", row_clues), ("column", col_clues)):
        if not isinstance(clues, (list, tuple)):
            raise InvalidParameters(f"{label} clues {clues!r} are not a list of clues")
    if width is None:
        width = len(col_clues)
    if height is None:
        height = len(row_clues)
    width = check_int(width, "width", 1)
    height = check_int(height, "height", 1)
    if len(row_clues) != height:
        raise InvalidParameters(f"{len(row_clues)} row clues given but height is {height}")
    if len(col_clues) != width:
        raise InvalidParameters(f"{len(col_clues)} column clues given but width is {width}")
    time_limit = check_limit(time_limit, "time_limit", seconds=True)
    node_limit = check_limit(node_limit, "node_limit")
    check_bool(sat, "sat")
    rows = [validate_clue(clue, width, f"row {r + 1}") for r, clue in enumerate(row_clues)]
    cols = [validate_clue(clue, height, f"column {c + 1}") for c, clue in enumerate(col_clues)]
    return rows, cols, time_limit, node_limit
