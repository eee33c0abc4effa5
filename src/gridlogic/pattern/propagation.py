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

:func:`fixed_point` is the same propagation for the generators' hot loops, in
the form native code runs fast: the work sets are bit masks of line indices
(lowest first), and each line is named by an int (:func:`line_ids`) so that the
results of the line step are memoised in a dict keyed by one int,
``((line << length | filled) << length | empty) << 10 | length``, the result being
``new_filled << length | new_empty`` (-1: no agreeing placement). It reaches
the same fixed point and the same verdict; only the masks it leaves after a
contradiction may differ.

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
from typing import Final, final

from gridlogic.native import runs_native
from gridlogic.pattern.lines import few_placements, line_step, overlap_step, solve_line

__all__ = ["LineMemo", "LineRule", "copy_to_crossing", "fixed_point", "line_memos", "propagate_lines"]

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


OVERLAP_SLOT: Final = 0
"""The rule :func:`~gridlogic.pattern.lines.overlap_step` (the grader's overlap), for :func:`fixed_point`."""
LINE_SLOT: Final = 1
"""The rule :func:`~gridlogic.pattern.lines.line_step` (complete line solving), for :func:`fixed_point`."""
RULE_SLOTS: Final = 2
DIRECT_PLACEMENTS: Final = 128 if runs_native(__name__) else 0
"""Lines with at most this many placements are stepped each time, not memoised: as native code,
scanning them costs less than a lookup in the large memo tables (perf: the lookups were a quarter of a
10x10 ``medium`` generation; stepping lines of up to 128 placements each time made 15x15 ``hard``
about 12% faster, 256 no faster); as Python, the lookup costs less (stepping made it 30% slower)."""
@final
class LineMemo:
    """One line (its clue, as a tuple of positive runs, in ``length`` cells) and what the line rules
    gave on it: ``results[slot]`` maps a state ``filled << length | empty`` to the rule's result
    ``new_filled << length | new_empty`` (-1: no agreeing placement). ``placements`` is
    :func:`~gridlogic.pattern.lines.few_placements` of the line, which the rules need."""

    def __init__(self, clue: tuple[int, ...], length: int) -> None:
        self.clue = clue
        self.length = length
        self.placements = few_placements(clue, length)
        self.results: list[dict[int, int]] = [{} for _ in range(RULE_SLOTS)]
        # A line of few placements may be stepped each time (see DIRECT_PLACEMENTS).
        self.direct = self.placements is not None and len(self.placements) <= DIRECT_PLACEMENTS


_LINES: Final[dict[tuple[tuple[int, ...], int], LineMemo]] = {}
"""The memo of each (clue, length) met lately."""
_STORED: Final[list[int]] = [0]
"""About how many results the memos of :data:`_LINES` hold (the table is emptied past MAX_MEMO)."""
MAX_MEMO: Final = 1 << 19


def line_memos(clues: list[tuple[int, ...]], length: int) -> list[LineMemo]:
    """The memo of each clue (tuples of positive runs) in a line of ``length`` cells.

    A memo belongs to one (clue, length) for good; past :data:`MAX_MEMO`
    results the table is emptied and lines met again get new memos (whoever
    holds old ones may go on using them).
    """
    if _STORED[0] > MAX_MEMO:
        _LINES.clear()
        _STORED[0] = 0
    out: list[LineMemo] = []
    for clue in clues:
        key = (clue, length)
        memo = _LINES.get(key)
        if memo is None:
            memo = LineMemo(clue, length)
            _LINES[key] = memo
        out.append(memo)
    return out


def _step(line: LineMemo, slot: int, filled: int, empty: int) -> int:
    """The rule of ``slot`` on ``line`` in the state (``filled``, ``empty``), packed."""
    if slot == OVERLAP_SLOT:
        return overlap_step(line.clue, line.length, filled, empty, line.placements)
    return line_step(line.clue, line.length, filled, empty, line.placements)


def _settle_masks(
    line: LineMemo, slot: int, index: int, own_filled: list[int], own_empty: list[int],
    cross_filled: list[int], cross_empty: list[int],
) -> int:
    """:func:`_settle_line` for :func:`fixed_point`: the mask of the crossing lines it made dirty
    (0 when the line is unchanged), or -1 when the line has no agreeing placement."""
    length = line.length
    old_f = own_filled[index]
    old_e = own_empty[index]
    if line.direct:
        found = _step(line, slot, old_f, old_e)
    else:
        key = old_f << length | old_e
        memo = line.results[slot]
        known = memo.get(key)
        if known is None:
            found = _step(line, slot, old_f, old_e)
            memo[key] = found
            _STORED[0] += 1
        else:
            found = known
    if found < 0:
        return -1
    new_f = found >> length
    new_e = found & ((1 << length) - 1)
    gained_f = new_f ^ old_f
    gained_e = new_e ^ old_e
    if not (gained_f | gained_e):
        return 0
    own_filled[index] = new_f
    own_empty[index] = new_e
    bit = 1 << index
    gained = gained_f
    while gained:
        low = gained & -gained
        gained ^= low
        cross_filled[low.bit_length() - 1] |= bit
    gained = gained_e
    while gained:
        low = gained & -gained
        gained ^= low
        cross_empty[low.bit_length() - 1] |= bit
    return gained_f | gained_e


def fixed_point(
    row_memos: list[LineMemo],
    col_memos: list[LineMemo],
    row_filled: list[int],
    row_empty: list[int],
    col_filled: list[int],
    col_empty: list[int],
    dirty_rows: int,
    dirty_cols: int,
    slot: int,
) -> bool:
    """:func:`propagate_lines` on the lines of ``row_memos`` and ``col_memos`` (:func:`line_memos`),
    with the dirty lines as bit masks and the rule of ``slot`` (:data:`OVERLAP_SLOT` or
    :data:`LINE_SLOT`), its results memoised in the lines' memos. False on a contradiction, after
    which the masks must be discarded."""
    while dirty_rows or dirty_cols:
        while dirty_rows:
            low = dirty_rows & -dirty_rows
            dirty_rows ^= low
            r = low.bit_length() - 1
            gained = _settle_masks(row_memos[r], slot, r, row_filled, row_empty, col_filled, col_empty)
            if gained < 0:
                return False
            dirty_cols |= gained
        while dirty_cols:
            low = dirty_cols & -dirty_cols
            dirty_cols ^= low
            c = low.bit_length() - 1
            gained = _settle_masks(col_memos[c], slot, c, col_filled, col_empty, row_filled, row_empty)
            if gained < 0:
                return False
            dirty_rows |= gained
    return True
