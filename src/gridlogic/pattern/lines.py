"""One line of a Pattern grid: its clue, its placements, and what they force.

A *clue* lists the lengths of the runs of filled cells along a line, in
order; an empty line is clued ``[0]`` (the reference's reading, see
seeds/README.md). A *placement* is one way to put those runs into the line:
the runs keep their order and at least one empty cell separates two runs.

Line solving answers one question for every cell: given what is already
known about the line, which values (empty 0, filled 1) occur in at least one
placement that agrees with it? The reference enumerates the placements and
filters them (:func:`line_placements`); that is exact but grows
combinatorially with the line. :func:`solve_line` computes the same answer
with two sweeps of dynamic programming over bit masks, in time proportional
to ``length * runs`` whatever the number of placements:

* ``fits_before[j][i]`` says the first ``j`` runs fit into cells ``0..i-1``
  (every other cell there empty), and ``fits_after[j][i]`` says runs
  ``j..`` fit into cells ``i..`` of the line;
* a cell may be empty if for some ``j`` the first ``j`` runs fit before it
  and the rest after it; a run ``j`` may start at ``s`` if the runs before
  fit into ``0..s-2``, cell ``s-1`` may be empty, cells ``s..s+len-1`` may be
  filled, cell ``s+len`` may be empty and the remaining runs fit after it.
  Every cell that such a run covers may be filled.

Because both methods keep exactly the values that occur in some agreeing
placement, a grid propagated with either reaches the same fixed point, so the
search above them visits the same nodes (``tests/pattern/test_lines.py``
pins the fast one to the enumeration).

Worked example (checked in the tests): the clue ``[3, 1]`` in a line of 6
has the placements ``###.#.``, ``###..#`` and ``.###.#``, so with nothing
known cells 1 and 2 are filled in all of them and nothing is empty in all
of them: ``solve_line([3, 1], 6, 0, 0) == (0b000110, 0)``. If cell 5 is
known empty, only ``###.#.`` is left and the whole line is decided:
``solve_line([3, 1], 6, 0, 0b100000) == (0b010111, 0b101000)``.
Bit ``k`` of a mask is cell ``k`` of the line.
"""

from __future__ import annotations

from collections.abc import Sequence
import math
from functools import lru_cache

from gridlogic.errors import InvalidParameters

__all__ = [
    "clue_length",
    "compute_clue",
    "line_placements",
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
    """:func:`line_placements` as bit masks (bit ``k`` = cell ``k``), same order."""
    return [sum(1 << k for k, v in enumerate(p) if v) for p in line_placements(clue, length)]


def validate_clue(clue: object, length: int, name: str) -> tuple[int, ...]:
    """``clue`` as a tuple of its positive runs, or :class:`InvalidParameters` naming the line.

    ``name`` says which line it is ("row 3", "column 1"). Zeros are allowed
    (the reference ignores them; ``[0]`` is the empty line) and so is ``[]``.
    """
    if not isinstance(clue, (list, tuple)):
        raise InvalidParameters(f"{name} clue {clue!r} is not a list of run lengths")
    for number in clue:
        if isinstance(number, bool) or not isinstance(number, int):
            raise InvalidParameters(
                f"{name} clue {list(clue)!r} holds {number!r}; run lengths are whole numbers"
            )
        if number < 0:
            raise InvalidParameters(
                f"{name} clue {list(clue)!r} holds {number!r}; run lengths are 0 or more"
            )
    needed = clue_length(clue)
    if needed > length:
        raise InvalidParameters(
            f"{name} clue {list(clue)!r} needs {needed} cells but the line has {length}"
        )
    return tuple(x for x in clue if x > 0)


@lru_cache(maxsize=1 << 17)
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
    masks = _few_placements(blocks, length)
    if masks is not None:
        return _filter_placements(masks, length, filled, empty)
    return _solve_line_dp(blocks, length, filled, empty)


# Up to this many placements, filtering them as bit masks beats the dynamic programme
# in CPython (one comprehension over ints against two loops of Python bytecode per cell).
FEW_PLACEMENTS = 256


@lru_cache(maxsize=4096)
def _few_placements(blocks: tuple[int, ...], length: int) -> tuple[int, ...] | None:
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


def _solve_line_dp(
    blocks: tuple[int, ...], length: int, filled: int, empty: int
) -> tuple[int, int] | None:
    """:func:`solve_line` by the two sweeps of dynamic programming described in the module docstring."""
    k = len(blocks)
    n = length
    may_empty = [not (filled >> i) & 1 for i in range(n)]

    # before[j][i]: runs 0..j-1 fit into cells 0..i-1, all other cells there empty.
    before = [[False] * (n + 1) for _ in range(k + 1)]
    row = before[0]
    row[0] = True
    for i in range(1, n + 1):
        row[i] = row[i - 1] and may_empty[i - 1]
    for j in range(1, k + 1):
        b = blocks[j - 1]
        run_mask = (1 << b) - 1
        row, prev = before[j], before[j - 1]
        for i in range(1, n + 1):
            ok = row[i - 1] and may_empty[i - 1]
            if not ok and i >= b:
                s = i - b
                if not (empty >> s) & run_mask:
                    ok = (j == 1) if s == 0 else (prev[s - 1] and may_empty[s - 1])
            row[i] = ok
    if not before[k][n]:
        return None

    # after[j][i]: runs j..k-1 fit into cells i..n-1, all other cells there empty.
    after = [[False] * (n + 1) for _ in range(k + 1)]
    row = after[k]
    row[n] = True
    for i in range(n - 1, -1, -1):
        row[i] = row[i + 1] and may_empty[i]
    for j in range(k - 1, -1, -1):
        b = blocks[j]
        run_mask = (1 << b) - 1
        row, nxt = after[j], after[j + 1]
        for i in range(n - 1, -1, -1):
            ok = row[i + 1] and may_empty[i]
            if not ok and i + b <= n and not (empty >> i) & run_mask:
                end = i + b
                ok = (j == k - 1) if end == n else (nxt[end + 1] and may_empty[end])
            row[i] = ok

    can_empty = 0
    for i in range(n):
        if may_empty[i]:
            for j in range(k + 1):
                if before[j][i] and after[j][i + 1]:
                    can_empty |= 1 << i
                    break
    can_fill = 0
    for j in range(k):
        b = blocks[j]
        run_mask = (1 << b) - 1
        fits_before, fits_after = before[j], after[j + 1]
        last = j == k - 1
        for s in range(n - b + 1):
            if (empty >> s) & run_mask:
                continue
            if s == 0:
                if j != 0:
                    continue
            elif not (may_empty[s - 1] and fits_before[s - 1]):
                continue
            end = s + b
            if end == n:
                if not last:
                    continue
            elif not (may_empty[end] and fits_after[end + 1]):
                continue
            can_fill |= run_mask << s
    full = (1 << n) - 1
    return full & ~can_empty, full & ~can_fill
