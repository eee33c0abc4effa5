"""Line propagation of a Pattern grid, shared by the compatibility and the general solver.

A grid state is four lists of ints: per row the mask of cells known filled
and the mask known empty (bit ``c`` = column ``c``), and the same per column
(bit ``r`` = row ``r``). Every cell is held twice, once in its row's masks
and once in its column's, so a line can be handed to the line solver
(:func:`gridlogic.pattern.lines.solve_line`) without being read out of the
crossing lines first.

:func:`propagate_lines` empties two work sets, the dirty rows and the dirty
columns. Settling a line (:func:`_settle_line`) line-solves it; every cell it
newly decides is copied into the crossing line's masks, and that crossing
line becomes dirty. Rows and columns are the same job with the roles of the
two halves of the state swapped, so one routine serves both. A line step only
removes values (it keeps a value exactly when some placement of the line
agrees with what is known) and is monotone (knowing more never lets more
through), so whatever order the lines are settled in, the work sets run dry
at the same greatest fixed point, or a line with no agreeing placement left
reports the same contradiction. That is why the compatibility search can use
this routine and still visit the reference's nodes, whose propagation sweeps
all rows then all columns.

Worked example (checked in ``tests/pattern/test_propagation.py``): the 2×3
grid with row clues ``[2] [1]`` and column clues ``[1] [1] [1]``, nothing
known, every line dirty. Row 0 (a 2-block in 3 cells) gets its middle cell
filled: row 0's filled mask becomes ``0b010`` and column 1's filled mask
``0b01``, and column 1 is dirty. Column 1 (a 1-block, already placed) gets
row 1 empty: column 1's empty mask ``0b10``, row 1's empty mask ``0b010``.
Nothing else can be decided, so the fixed point is row masks
``filled [0b010, 0]``, ``empty [0, 0b010]``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gridlogic.pattern.lines import solve_line

__all__ = ["LineRule", "copy_to_crossing", "propagate_lines"]

LineRule = Callable[[tuple[int, ...], int, int, int], tuple[int, int] | None]
"""What a line step is: ``rule(clue, length, filled, empty)`` gives the line's new ``(filled, empty)``
masks (a superset of the known ones) or None when no placement of the clue agrees with them.
:func:`~gridlogic.pattern.lines.solve_line` is the complete one; the grader
(:mod:`gridlogic.pattern.grading`) also propagates with a weaker one."""


def _settle_line(
    clue: tuple[int, ...],
    length: int,
    index: int,
    own_filled: list[int],
    own_empty: list[int],
    cross_filled: list[int],
    cross_empty: list[int],
    cross_dirty: set[int],
    rule: LineRule,
) -> bool:
    """Line-solve line ``index`` with ``rule``; copy newly decided cells to the crossing lines and mark
    them dirty.

    ``own_*`` are the masks of the lines of this direction, ``cross_*`` those
    of the other direction. False when the line has no agreeing placement.
    """
    old_f, old_e = own_filled[index], own_empty[index]
    result = rule(clue, length, old_f, old_e)
    if result is None:
        return False
    new_f, new_e = result
    if new_f == old_f and new_e == old_e:
        return True
    own_filled[index], own_empty[index] = new_f, new_e
    copy_to_crossing(new_f ^ old_f, index, cross_filled, cross_dirty)
    copy_to_crossing(new_e ^ old_e, index, cross_empty, cross_dirty)
    return True


def copy_to_crossing(gained: int, index: int, cross: list[int], cross_dirty: set[int]) -> None:
    """Line ``index`` newly knows the cells of mask ``gained``: set bit ``index`` in each
    crossing line's mask ``cross[k]`` (k a bit of ``gained``) and mark those lines dirty."""
    bit = 1 << index
    while gained:
        low = gained & -gained
        k = low.bit_length() - 1
        gained ^= low
        cross[k] |= bit
        cross_dirty.add(k)


def propagate_lines(
    row_clues: Sequence[tuple[int, ...]],
    col_clues: Sequence[tuple[int, ...]],
    row_filled: list[int],
    row_empty: list[int],
    col_filled: list[int],
    col_empty: list[int],
    dirty_rows: set[int],
    dirty_cols: set[int],
    rule: LineRule = solve_line,
) -> bool:
    """Line-solve the dirty lines to the fixed point, in place; False on a contradiction.

    The four mask lists are updated in place and must agree with each other
    on entry (a cell known in its row is known the same way in its column).
    ``dirty_rows`` and ``dirty_cols`` are consumed. After a contradiction the
    masks are partly narrowed and must be discarded. ``rule`` is the line step
    (the complete line solver unless told otherwise); any sound and monotone
    rule reaches its own greatest fixed point whatever the order.
    """
    width, height = len(col_clues), len(row_clues)
    settle = _settle_line
    while dirty_rows or dirty_cols:
        while dirty_rows:
            r = dirty_rows.pop()
            if not settle(row_clues[r], width, r, row_filled, row_empty, col_filled, col_empty, dirty_cols, rule):
                return False
        while dirty_cols:
            c = dirty_cols.pop()
            if not settle(col_clues[c], height, c, col_filled, col_empty, row_filled, row_empty, dirty_rows, rule):
                return False
    return True
