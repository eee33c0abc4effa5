"""One line of a Pattern grid: its clue, its placements, and what they force.

A *clue* lists the lengths of the runs of filled cells along a line, in
order; an empty line is clued ``[0]`` (the reference's reading, see
seeds/README.md). A *placement* is one way to put those runs into the line:
the runs keep their order and at least one empty cell separates two runs.

Line solving answers one question for every cell: given what is already
known about the line, which values (empty 0, filled 1) occur in at least one
placement that agrees with it? The reference enumerates the placements and
filters them (:func:`line_placements`). :func:`solve_line` gives the same
answer two ways: a line with few placements (at most ``FEW_PLACEMENTS``,
every line of the generator's grids but a handful) filters its placements as
bit masks, a comprehension over ints that CPython runs quickly; a longer
line goes to the bit-parallel dynamic programme of
:func:`gridlogic.pattern.linesolver.line_fixed_point`, whose cost grows with
``length × runs`` and not with the number of placements. Both results are
memoised per line state.

Because both methods keep exactly the values that occur in some agreeing
placement, a grid propagated with either reaches the same fixed point, so the
search above them visits the same nodes (``tests/pattern/test_lines.py``
pins both to the enumeration).

Worked example (checked in the tests): the clue ``[3, 1]`` in a line of 6
has the placements ``###.#.``, ``###..#`` and ``.###.#``, so with nothing
known cells 1 and 2 are filled in all of them and nothing is empty in all
of them: ``solve_line([3, 1], 6, 0, 0) == (0b000110, 0)``. If cell 5 is
known empty, only ``###.#.`` is left and the whole line is decided:
``solve_line([3, 1], 6, 0, 0b100000) == (0b010111, 0b101000)``.
Bit ``k`` of a mask is cell ``k`` of the line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from gridlogic.errors import InvalidParameters
from gridlogic.params import check_int, short_repr
from gridlogic.pattern.linesolver import block_starts, line_fixed_point

__all__ = [
    "clue_length",
    "compute_clue",
    "extreme_starts",
    "few_placements",
    "grid_clues",
    "line_placements",
    "line_step",
    "overlap_step",
    "placement_masks",
    "solve_line",
    "validate_clue",
]


def compute_clue(line: Sequence[int]) -> list[int]:
    """The run lengths of the truthy cells of ``line``; ``[0]`` when none is filled."""
    runs: list[int] = []
    run = 0
    for value in line:
        if value:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    if run:
        runs.append(run)
    return runs if runs else [0]


def grid_clues(cells: Sequence[int], width: int, height: int) -> tuple[list[list[int]], list[list[int]]]:
    """The row clues (top to bottom) and column clues (left to right) of a flat row-major grid."""
    rows = [compute_clue(cells[r * width : (r + 1) * width]) for r in range(height)]
    cols = [compute_clue(cells[c::width]) for c in range(width)]
    return rows, cols


def clue_length(clue: Sequence[int]) -> int:
    """The fewest cells the clue needs: its runs plus one gap between each two (zeros ignored)."""
    blocks = [x for x in clue if x > 0]
    return sum(blocks) + len(blocks) - 1 if blocks else 0


def line_placements(clue: Sequence[int], length: int) -> list[list[int]]:
    """Every placement of ``clue`` in a line of ``length`` cells, leftmost runs first.

    The literal enumeration of the reference's ``linePlacements``: zeros in the
    clue are ignored, so ``[0]`` (and ``[]``) give the one all-empty line, and a
    clue that does not fit gives no placement at all.
    """
    blocks = [x for x in clue if x > 0]
    out: list[list[int]] = []

    def place(k: int, start: int, line: list[int]) -> None:
        if k == len(blocks):
            out.append(line[:])
            return
        rest = sum(b + 1 for b in blocks[k + 1 :])
        s = start
        while s + blocks[k] + rest <= length:
            following = line[:]
            for t in range(s, s + blocks[k]):
                following[t] = 1
            place(k + 1, s + blocks[k] + 1, following)
            s += 1

    place(0, 0, [0] * length)
    return out


def placement_masks(clue: Sequence[int], length: int) -> list[int]:
    """:func:`line_placements` as bit masks (bit ``k`` = cell ``k``), same order, built as masks
    directly (block ``k`` starts from the end of the one before, up to where the rest still fit)."""
    blocks = [x for x in clue if x > 0]
    # last[k]: the last start of block k that leaves room for it and the blocks after it, gaps included
    last = [length - sum(blocks[k:]) - (len(blocks) - 1 - k) for k in range(len(blocks))]
    out: list[int] = []

    def place(k: int, start: int, mask: int) -> None:
        if k == len(blocks):
            out.append(mask)
            return
        run = (1 << blocks[k]) - 1
        for s in range(start, last[k] + 1):
            place(k + 1, s + blocks[k] + 1, mask | run << s)

    place(0, 0, 0)
    return out


def validate_clue(clue: object, length: int, name: str) -> tuple[int, ...]:
    """``clue`` as a tuple of its positive runs, or :class:`InvalidParameters` naming the line.

    ``name`` says which line it is ("row 3", "column 1"). Zeros are allowed
    (the reference ignores them; ``[0]`` is the empty line) and so is ``[]``.
    """
    if not isinstance(clue, (list, tuple)):
        raise InvalidParameters(f"{name} clue {short_repr(clue)} is not a list of run lengths")
    for number in clue:
        if isinstance(number, bool) or not isinstance(number, int) or number < 0:  # the words only when refused
            check_int(number, f"{name} clue {short_repr(list(clue))}: each run length", 0)
    needed = clue_length(clue)
    if needed > length:
        raise InvalidParameters(
            f"{name} clue {short_repr(list(clue))} needs {needed} cells but the line has {length}"
        )
    return tuple(x for x in clue if x > 0)


@lru_cache(maxsize=1 << 18)
def solve_line(
    blocks: tuple[int, ...], length: int, filled: int, empty: int
) -> tuple[int, int] | None:
    """What every placement of ``blocks`` agreeing with the known cells has in common.

    ``filled`` and ``empty`` are masks of the cells known filled and known
    empty (bit ``k`` = cell ``k``; they must not overlap). Returns the masks
    ``(filled, empty)`` of the cells that are filled, respectively empty, in
    every agreeing placement (a superset of the input), or ``None`` when no
    placement agrees. ``blocks`` holds the positive run lengths (zeros are
    skipped, as in :func:`line_placements`). Works for any length.
    """
    if any(b <= 0 for b in blocks):
        blocks = tuple(b for b in blocks if b > 0)
    masks = few_placements(blocks, length)
    if masks is not None:
        return _filter_placements(masks, length, filled, empty)
    return line_fixed_point(blocks, length, filled, empty)


def extreme_starts(
    blocks: tuple[int, ...], length: int, filled: int, empty: int
) -> tuple[list[int], list[int]] | None:
    """Where each block starts in the leftmost and in the rightmost placement that agrees with the known
    cells (masks as in :func:`solve_line`; ``blocks`` positive); None when no placement agrees.

    The leftmost agreeing placement puts every block as far left as any
    agreeing placement does (and the rightmost as far right): for a line with
    few placements it is the first agreeing one in :func:`line_placements`'
    order and the rightmost the last; otherwise the line solver's dynamic
    programme gives each block's possible starts
    (:func:`~gridlogic.pattern.linesolver.block_starts`).
    """
    masks = few_placements(blocks, length)
    if masks is None:
        starts = block_starts(blocks, length, filled, empty)
        if starts is None:
            return None
        return [(s & -s).bit_length() - 1 for s in starts], [s.bit_length() - 1 for s in starts]
    agree = [p for p in masks if not p & empty and p & filled == filled]
    if not agree:
        return None
    return _run_starts(agree[0]), _run_starts(agree[-1])


def line_step(blocks: tuple[int, ...], length: int, filled: int, empty: int,
              masks: tuple[int, ...] | None) -> int:
    """:func:`solve_line` (``blocks`` positive, not memoised) packed in one int:
    ``new_filled << length | new_empty``, or -1 when no placement agrees. ``masks`` is
    ``few_placements(blocks, length)``."""
    if masks is None:
        result = line_fixed_point(blocks, length, filled, empty)
        return -1 if result is None else result[0] << length | result[1]
    full = (1 << length) - 1
    may_fill = full & ~empty
    common, either = -1, 0
    for p in masks:
        if not p & empty and p & filled == filled:
            common &= p
            either |= p
            if common == filled and either == may_fill:
                break  # every open cell seen both ways: nothing more can be decided
    if common == -1:
        return -1
    return (common & full) << length | (full & ~either)


def overlap_step(blocks: tuple[int, ...], length: int, filled: int, empty: int,
                 masks: tuple[int, ...] | None) -> int:
    """The grader's overlap technique on one line (:func:`gridlogic.pattern.grading.overlap_line`, not
    memoised), packed as :func:`line_step` packs its result; ``masks`` is ``few_placements(blocks, length)``.

    Every block slid to its leftmost and its rightmost start (:func:`extreme_starts`):
    the cells it covers in both are filled, the cells no block reaches are empty.
    """
    reach = 0
    if masks is None:
        starts = block_starts(blocks, length, filled, empty)
        if starts is None:
            return -1
        for k in range(len(blocks)):
            leftmost, rightmost = (starts[k] & -starts[k]).bit_length() - 1, starts[k].bit_length() - 1
            covered, reached = _slid(blocks[k], leftmost, rightmost)
            filled |= covered
            reach |= reached
        return filled << length | empty | (((1 << length) - 1) & ~reach)
    first = -1
    for p in masks:
        if not p & empty and p & filled == filled:
            first = p
            break
    if first < 0:
        return -1
    last = first
    for k in range(len(masks) - 1, -1, -1):
        p = masks[k]
        if not p & empty and p & filled == filled:
            last = p
            break
    # The blocks' starts are the first cells of the runs of the two placements, left to right.
    left_starts, right_starts = first & ~(first << 1), last & ~(last << 1)
    for block in blocks:
        low, high = left_starts & -left_starts, right_starts & -right_starts
        left_starts ^= low
        right_starts ^= high
        covered, reached = _slid(block, low.bit_length() - 1, high.bit_length() - 1)
        filled |= covered
        reach |= reached
    return filled << length | empty | (((1 << length) - 1) & ~reach)


def _slid(block: int, leftmost: int, rightmost: int) -> tuple[int, int]:
    """The cells a block of ``block`` cells covers wherever it starts from ``leftmost`` to ``rightmost``,
    and the cells it can reach, as masks."""
    covered = 0
    if rightmost < leftmost + block:  # cells rightmost .. leftmost + block - 1 are always covered
        covered = ((1 << (leftmost + block - rightmost)) - 1) << rightmost
    return covered, ((1 << (rightmost + block - leftmost)) - 1) << leftmost


def _run_starts(mask: int) -> list[int]:
    """The first cell of each run of set bits of ``mask``, left to right."""
    starts = mask & ~(mask << 1)
    out: list[int] = []
    while starts:
        low = starts & -starts
        out.append(low.bit_length() - 1)
        starts ^= low
    return out


# Up to this many placements, filtering them as bit masks beats the dynamic programme
# in CPython (one comprehension over ints against two loops of Python bytecode per cell).
FEW_PLACEMENTS: Final = 256


@lru_cache(maxsize=4096)
def few_placements(blocks: tuple[int, ...], length: int) -> tuple[int, ...] | None:
    """Every placement of ``blocks`` as a bit mask, or None when there are more than ``FEW_PLACEMENTS``."""
    free = length - clue_length(blocks)
    if free < 0:
        return ()
    if math.comb(free + len(blocks), len(blocks)) > FEW_PLACEMENTS:
        return None
    return tuple(placement_masks(blocks, length))


def _filter_placements(masks: tuple[int, ...], length: int, filled: int, empty: int) -> tuple[int, int] | None:
    """:func:`solve_line` by enumeration: AND and OR of the placements that agree with what is known."""
    common, either = -1, 0
    for p in masks:
        if not p & empty and p & filled == filled:
            common &= p
            either |= p
    if common == -1:
        return None  # no placement agrees (any placement would have cleared the high bits)
    full = (1 << length) - 1
    return common & full, full & ~either
