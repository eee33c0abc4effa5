"""Propagation and the counting search of Pattern, node for node as in the reference.

``propagate`` applies the line solver (:func:`gridlogic.pattern.lines.solve_line`)
to every row and column until nothing changes. A line step only removes
values (it keeps a value exactly when some placement of that line agrees
with what is known) and is monotone (knowing more never lets more through),
so whatever order the lines are visited in, iteration ends at the same
greatest fixed point, or at the same contradiction when a line has no
agreeing placement left. The reference sweeps rows then columns; this module
keeps a work list instead: the dirty rows and the dirty columns (bit masks),
starting with every line at the root and with the row and the column of the
cell just set at a search node. Settling a line copies each cell it newly
decides into the crossing line's masks and marks that line dirty, until both
are empty. The routine is :func:`gridlogic.pattern.propagation.fixed_point`
(the form of :func:`~gridlogic.pattern.propagation.propagate_lines` that
memoises each line's steps), shared with the grader; the state it works on
holds the known-filled and known-empty masks of every row and of every
column.

``solve`` is the search of seed article 003 (part 2): count a visit
(``nodes``), stop with ``truncated`` once the count exceeds the node limit,
propagate, and if cells are still open branch on the *first* open cell in
row-major order, empty before filled; stop at two solutions. A grid that
propagation fully decides is recorded as a solution as it is: every line
then has exactly one agreeing placement, its own. Because the fixed point is
the same as the reference's at every node, ``nodes`` and the order of the
solutions are too: the solutions come in lexicographic order of the flat
grid, which is what the brute-force tests check.

Worked examples (checked in ``tests/pattern/test_solver.py``): the 2×2 grid
whose four clues are all ``[1]`` is ambiguous. Propagation decides nothing
at the root (node 1); the search sets cell 0 empty (node 2), which forces
``[0,1,1,0]``, then filled (node 3), which forces ``[1,0,0,1]``: the result
is ``solutions [[0,1,1,0], [1,0,0,1]]`` in that order, ``nodes 3``. (The
article names the two grids the other way round in prose; the reference's
order is the empty-first one shown here.) The article's 5×5 example is
decided by propagation alone: ``nodes 1``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gridlogic.errors import InvalidParameters
from gridlogic.params import check_int, int_list
from gridlogic.pattern.lines import validate_clue
from gridlogic.pattern.propagation import LINE_SLOT, LineMemo, fixed_point, line_memos
from gridlogic.verdict import SolveResult as SearchResult

__all__ = ["UNKNOWN", "SolveResult", "checked_cells", "propagate", "solve", "solve_grid", "validate_lines"]

UNKNOWN = -1
"""An undecided cell in the flat grids that :func:`propagate` takes and returns."""


@dataclass(frozen=True)
class SolveResult(SearchResult):
    """What the search found: up to two solutions (flat, row-major 0/1), nodes visited, cut short.

    The shared shape of :class:`gridlogic.verdict.SolveResult`; ``to_dict``
    keeps the reference's fields and no others.
    """

    def to_dict(self) -> dict[str, Any]:
        return {
            "solutions": [list(s) for s in self.solutions],
            "nodes": self.nodes,
            "truncated": self.truncated,
        }


def validate_lines(
    row_clues: object, col_clues: object, width: int, height: int
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The row and column clues as tuples of positive runs, or InvalidParameters naming the line."""
    for label, clues, count in (("row", row_clues, height), ("column", col_clues, width)):
        if not isinstance(clues, (list, tuple)):
            raise InvalidParameters(f"{label} clues {clues!r} are not a list of clues")
        if len(clues) != count:
            raise InvalidParameters(
                f"{len(clues)} {label} clues given but the grid has {count} {label}s"
            )
    assert isinstance(row_clues, (list, tuple)) and isinstance(col_clues, (list, tuple))
    rows = [validate_clue(clue, width, f"row {r + 1}") for r, clue in enumerate(row_clues)]
    cols = [validate_clue(clue, height, f"column {c + 1}") for c, clue in enumerate(col_clues)]
    return rows, cols


def checked_cells(cells: object, count: int) -> list[int]:
    """``cells`` as a new list, if it is a flat grid of ``count`` values 1 (filled), 0 (empty) or
    :data:`UNKNOWN` (-1); InvalidParameters otherwise (a bool or a float is not a cell)."""
    try:
        return int_list(cells, "cells", count, (1, 0, UNKNOWN))
    except InvalidParameters as refused:
        raise InvalidParameters(f"{refused} (1 filled, 0 empty, -1 unknown)") from None


class _Grid:
    """Known-filled and known-empty masks per row and per column (see :mod:`.propagation`), and the
    lines' memos there."""

    __slots__ = ("col_empty", "col_filled", "col_memos", "cols", "height", "row_empty", "row_filled", "row_memos",
                 "rows", "width")

    def __init__(
        self,
        rows: list[tuple[int, ...]],
        cols: list[tuple[int, ...]],
        row_memos: list[LineMemo],
        col_memos: list[LineMemo],
        row_filled: list[int],
        row_empty: list[int],
        col_filled: list[int],
        col_empty: list[int],
    ) -> None:
        self.width = len(cols)
        self.height = len(rows)
        self.rows = rows
        self.cols = cols
        self.row_memos = row_memos
        self.col_memos = col_memos
        self.row_filled = row_filled
        self.row_empty = row_empty
        self.col_filled = col_filled
        self.col_empty = col_empty

    def propagate(self, dirty_rows: int, dirty_cols: int) -> bool:
        """Narrow to the fixed point from the lines named dirty (bit masks of their indices); False on a
        contradiction."""
        return fixed_point(
            self.row_memos, self.col_memos,
            self.row_filled, self.row_empty, self.col_filled, self.col_empty,
            dirty_rows, dirty_cols, LINE_SLOT,
        )

    def first_open_cell(self) -> tuple[int, int] | None:
        full = (1 << self.width) - 1
        for r in range(self.height):
            open_cells = full & ~(self.row_filled[r] | self.row_empty[r])
            if open_cells:
                return r, (open_cells & -open_cells).bit_length() - 1
        return None

    def cells(self) -> list[int]:
        return [(self.row_filled[r] >> c) & 1 for r in range(self.height) for c in range(self.width)]


def propagate(
    row_clues: Sequence[Sequence[int]],
    col_clues: Sequence[Sequence[int]],
    cells: Sequence[int] | None = None,
) -> list[int] | None:
    """Line-solve a grid of ``len(row_clues)`` rows by ``len(col_clues)`` columns to its fixed point.

    ``cells`` is the flat row-major grid of what is known (1 filled, 0 empty,
    :data:`UNKNOWN` open); ``None`` means nothing is known. Returns the grid
    after propagation, or ``None`` when the clues contradict it.
    """
    height, width = len(row_clues), len(col_clues)
    rows, cols = validate_lines(row_clues, col_clues, width, height)
    filled = [0] * height
    empty = [0] * height
    col_filled = [0] * width
    col_empty = [0] * width
    if cells is not None:
        for i, value in enumerate(checked_cells(cells, width * height)):
            r, c = divmod(i, width)
            if value == 1:
                filled[r] |= 1 << c
                col_filled[c] |= 1 << r
            elif value == 0:
                empty[r] |= 1 << c
                col_empty[c] |= 1 << r
    grid = _Grid(rows, cols, line_memos(rows, width), line_memos(cols, height), filled, empty, col_filled, col_empty)
    if not grid.propagate((1 << height) - 1, (1 << width) - 1):
        return None
    return [
        1 if (filled[r] >> c) & 1 else 0 if (empty[r] >> c) & 1 else UNKNOWN
        for r in range(height)
        for c in range(width)
    ]


def solve_grid(
    row_clues: Sequence[Sequence[int]],
    col_clues: Sequence[Sequence[int]],
    node_limit: object = 20000,
    max_solutions: int = 2,
) -> SolveResult:
    """The reference's search on a rectangular grid (``len(row_clues)`` × ``len(col_clues)``).

    The search is iterative (an explicit stack, empty branch on top) so that
    large grids do not exhaust Python's recursion limit; the visiting order is
    the reference's depth-first order.
    """
    height, width = len(row_clues), len(col_clues)
    check_int(height, "height", 1)
    check_int(width, "width", 1)
    rows, cols = validate_lines(row_clues, col_clues, width, height)
    return search_runs(rows, cols, check_int(node_limit, "node_limit"), max_solutions)


def search_runs(
    rows: list[tuple[int, ...]], cols: list[tuple[int, ...]], node_limit: int, max_solutions: int = 2
) -> SolveResult:
    """:func:`solve_grid` for lines already given as tuples of positive runs that fit (no checks).

    The generator's clues come from a grid, so they need no validation.
    """
    height, width = len(rows), len(cols)
    solutions: list[tuple[int, ...]] = []
    nodes = 0
    truncated = False
    # Each entry: the four mask lists (filled and empty per row, then per
    # column) and the dirty row and column; -1 = all lines dirty.
    Entry = tuple[list[int], list[int], list[int], list[int], int, int]
    stack: list[Entry] = [([0] * height, [0] * height, [0] * width, [0] * width, -1, -1)]
    row_memos, col_memos = line_memos(rows, width), line_memos(cols, height)
    while stack:
        if len(solutions) >= max_solutions:
            break
        nodes += 1
        if nodes > node_limit:
            truncated = True
            break
        row_filled, row_empty, col_filled, col_empty, r0, c0 = stack.pop()
        grid = _Grid(rows, cols, row_memos, col_memos, row_filled, row_empty, col_filled, col_empty)
        ok = (
            grid.propagate((1 << height) - 1, (1 << width) - 1)
            if r0 < 0
            else grid.propagate(1 << r0, 1 << c0)
        )
        if not ok:
            continue
        choice = grid.first_open_cell()
        if choice is None:
            solutions.append(tuple(grid.cells()))
            continue
        r, c = choice
        row_bit, col_bit = 1 << c, 1 << r
        one_rows = row_filled[:]
        one_rows[r] |= row_bit
        one_cols = col_filled[:]
        one_cols[c] |= col_bit
        stack.append((one_rows, row_empty[:], one_cols, col_empty[:], r, c))
        # The filled branch owns copies of everything, so the empty branch
        # (popped next) may take over this node's lists.
        row_empty[r] |= row_bit
        col_empty[c] |= col_bit
        stack.append((row_filled, row_empty, col_filled, col_empty, r, c))
    return SolveResult(width, height, tuple(solutions), nodes, truncated)


def solve(
    row_clues: Sequence[Sequence[int]], col_clues: Sequence[Sequence[int]], n: object, node_limit: object = 20000
) -> SolveResult:
    """The reference's ``solve(rowClues, colClues, n, nodeLimit)`` on an n×n grid.

    Counts solutions up to two, visiting the same nodes as the reference;
    ``truncated`` means the node limit was exceeded and the count proves
    nothing. Clues that cannot fit their line and wrong numbers of lines
    raise :class:`InvalidParameters`.
    """
    n = check_int(n, "n", 1)
    for label, clues in (("row", row_clues), ("column", col_clues)):
        if isinstance(clues, (list, tuple)) and len(clues) != n:
            raise InvalidParameters(f"{len(clues)} {label} clues given but n is {n}")
    return solve_grid(row_clues, col_clues, node_limit)
