"""Propagation and the counting search of Pattern, node for node as in the reference.

``propagate`` applies the line solver (:func:`gridlogic.pattern.lines.solve_line`)
to every row and column until nothing changes. A line step only removes
values (it keeps a value exactly when some placement of that line agrees
with what is known) and is monotone (knowing more never lets more through),
so whatever order the lines are visited in, iteration ends at the same
greatest fixed point, or at the same contradiction when a line has no
agreeing placement left. The reference sweeps rows then columns; this module
keeps a work list of the lines whose cells changed.

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

from gridlogic.errors import InvalidParameters
from gridlogic.pattern.lines import solve_line, validate_clue
from gridlogic.verdict import verdict_of

__all__ = ["UNKNOWN", "SolveResult", "propagate", "solve", "solve_grid"]

UNKNOWN = -1
"""An undecided cell in the flat grids that :func:`propagate` takes and returns."""


@dataclass(frozen=True)
class SolveResult:
    """What the search found: up to two solutions (flat, row-major 0/1), nodes visited, cut short."""

    solutions: tuple[tuple[int, ...], ...]
    nodes: int
    truncated: bool

    def to_dict(self) -> dict[str, object]:
        return {
            "solutions": [list(s) for s in self.solutions],
            "nodes": self.nodes,
            "truncated": self.truncated,
        }

    @property
    def verdict(self) -> str:
        """``"unique"``, ``"several"``, ``"none"`` or ``"undecided"`` (budget ran out)."""
        return verdict_of(len(self.solutions), self.truncated)


def _validate_lines(
    row_clues: object, col_clues: object, width: int, height: int
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
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


def _check_size(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidParameters(f"{name} {value!r} is not allowed; it must be a whole number of 1 or more")
    return value


class _Grid:
    """Row masks of known-filled and known-empty cells; columns are read out when needed."""

    __slots__ = ("cols", "empty", "filled", "height", "rows", "width")

    def __init__(
        self,
        rows: list[tuple[int, ...]],
        cols: list[tuple[int, ...]],
        filled: list[int],
        empty: list[int],
    ) -> None:
        self.width = len(cols)
        self.height = len(rows)
        self.rows = rows
        self.cols = cols
        self.filled = filled
        self.empty = empty

    def propagate(self, dirty_rows: Sequence[int], dirty_cols: Sequence[int]) -> bool:
        """Narrow to the fixed point from the lines named dirty; False on a contradiction."""
        width, height = self.width, self.height
        filled, empty = self.filled, self.empty
        row_pending = [False] * height
        col_pending = [False] * width
        row_queue = []
        col_queue = []
        for r in dirty_rows:
            if not row_pending[r]:
                row_pending[r] = True
                row_queue.append(r)
        for c in dirty_cols:
            if not col_pending[c]:
                col_pending[c] = True
                col_queue.append(c)
        while row_queue or col_queue:
            while row_queue:
                r = row_queue.pop()
                row_pending[r] = False
                known_f, known_e = filled[r], empty[r]
                result = solve_line(self.rows[r], width, known_f, known_e)
                if result is None:
                    return False
                new_f, new_e = result
                changed = (new_f ^ known_f) | (new_e ^ known_e)
                if changed:
                    filled[r], empty[r] = new_f, new_e
                    while changed:
                        low = changed & -changed
                        c = low.bit_length() - 1
                        changed ^= low
                        if not col_pending[c]:
                            col_pending[c] = True
                            col_queue.append(c)
            while col_queue:
                c = col_queue.pop()
                col_pending[c] = False
                bit = 1 << c
                known_f = known_e = 0
                for r in range(height):
                    if filled[r] & bit:
                        known_f |= 1 << r
                    elif empty[r] & bit:
                        known_e |= 1 << r
                result = solve_line(self.cols[c], height, known_f, known_e)
                if result is None:
                    return False
                new_f, new_e = result
                changed = (new_f ^ known_f) | (new_e ^ known_e)
                while changed:
                    low = changed & -changed
                    r = low.bit_length() - 1
                    changed ^= low
                    if new_f & low:
                        filled[r] |= bit
                    else:
                        empty[r] |= bit
                    if not row_pending[r]:
                        row_pending[r] = True
                        row_queue.append(r)
        return True

    def first_open_cell(self) -> tuple[int, int] | None:
        full = (1 << self.width) - 1
        for r in range(self.height):
            open_cells = full & ~(self.filled[r] | self.empty[r])
            if open_cells:
                return r, (open_cells & -open_cells).bit_length() - 1
        return None

    def cells(self) -> list[int]:
        return [(self.filled[r] >> c) & 1 for r in range(self.height) for c in range(self.width)]


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
    rows, cols = _validate_lines(row_clues, col_clues, width, height)
    filled = [0] * height
    empty = [0] * height
    if cells is not None:
        if not isinstance(cells, (list, tuple)) or len(cells) != width * height:
            raise InvalidParameters(
                f"cells must be a list of {width * height} values, got {cells!r}"
            )
        for i, value in enumerate(cells):
            r, c = divmod(i, width)
            if value == 1 and not isinstance(value, bool):
                filled[r] |= 1 << c
            elif value == 0 and not isinstance(value, bool):
                empty[r] |= 1 << c
            elif value != UNKNOWN or isinstance(value, bool):
                raise InvalidParameters(
                    f"cell {i} is {value!r}; cells are 1 (filled), 0 (empty) or -1 (unknown)"
                )
    grid = _Grid(rows, cols, filled, empty)
    if not grid.propagate(range(height), range(width)):
        return None
    return [
        1 if (filled[r] >> c) & 1 else 0 if (empty[r] >> c) & 1 else UNKNOWN
        for r in range(height)
        for c in range(width)
    ]


def solve_grid(
    row_clues: Sequence[Sequence[int]],
    col_clues: Sequence[Sequence[int]],
    node_limit: int = 20000,
    max_solutions: int = 2,
) -> SolveResult:
    """The reference's search on a rectangular grid (``len(row_clues)`` × ``len(col_clues)``).

    The search is iterative (an explicit stack, empty branch on top) so that
    large grids do not exhaust Python's recursion limit; the visiting order is
    the reference's depth-first order.
    """
    height, width = len(row_clues), len(col_clues)
    _check_size("height", height)
    _check_size("width", width)
    rows, cols = _validate_lines(row_clues, col_clues, width, height)
    if isinstance(node_limit, bool) or not isinstance(node_limit, int):
        raise InvalidParameters(f"node_limit {node_limit!r} is not allowed; it must be a whole number")
    solutions: list[tuple[int, ...]] = []
    nodes = 0
    truncated = False
    # Each entry: (filled rows, empty rows, dirty row, dirty column); -1 = all lines dirty.
    stack: list[tuple[list[int], list[int], int, int]] = [([0] * height, [0] * height, -1, -1)]
    while stack:
        if len(solutions) >= max_solutions:
            break
        nodes += 1
        if nodes > node_limit:
            truncated = True
            break
        filled, empty, r0, c0 = stack.pop()
        grid = _Grid(rows, cols, filled, empty)
        ok = (
            grid.propagate(range(height), range(width))
            if r0 < 0
            else grid.propagate((r0,), (c0,))
        )
        if not ok:
            continue
        choice = grid.first_open_cell()
        if choice is None:
            solutions.append(tuple(grid.cells()))
            continue
        r, c = choice
        bit = 1 << c
        with_one = filled[:]
        with_one[r] |= bit
        with_zero = empty[:]
        with_zero[r] |= bit
        stack.append((with_one, empty[:], r, c))
        stack.append((filled[:], with_zero, r, c))
    return SolveResult(tuple(solutions), nodes, truncated)


def solve(
    row_clues: Sequence[Sequence[int]],
    col_clues: Sequence[Sequence[int]],
    n: int,
    node_limit: int = 20000,
) -> SolveResult:
    """The reference's ``solve(rowClues, colClues, n, nodeLimit)`` on an n×n grid.

    Counts solutions up to two, visiting the same nodes as the reference;
    ``truncated`` means the node limit was exceeded and the count proves
    nothing. Clues that cannot fit their line and wrong numbers of lines
    raise :class:`InvalidParameters`.
    """
    _check_size("n", n)
    for label, clues in (("row", row_clues), ("column", col_clues)):
        if isinstance(clues, (list, tuple)) and len(clues) != n:
            raise InvalidParameters(f"{len(clues)} {label} clues given but n is {n}")
    return solve_grid(row_clues, col_clues, node_limit)
