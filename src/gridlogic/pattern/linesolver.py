"""A complete nonogram line solver on bit masks: a few big-int operations per block.

Given the clue of one line and what is already known about its cells, the
line solver answers: which cells are filled in *every* placement of the clue's
blocks that agrees with what is known, and which are empty in every one? That is
exactly the fixed point that enumerating every placement reaches, but it is
found without enumerating anything.

A line's state is two ints over its ``length`` cells (bit ``i`` is cell ``i``):
``filled`` (known filled) and ``empty`` (known empty). Cells in neither are
unknown; a cell in both is a contradiction the caller never builds.

The dynamic programme
---------------------
Pad the line with one virtual cell at index ``length`` that can only be empty,
so every block is followed by an empty separator cell. A *position* ``p`` in
``0 .. length + 1`` stands for "cells ``0 .. p-1`` have been coloured".

- ``can_empty`` has bit ``p`` set when cell ``p`` may be empty (not known
  filled; the pad may always be empty); ``can_fill`` when it may be filled.
- ``forward[j]`` is the set of positions reachable after placing the first
  ``j`` blocks. ``forward[0]`` starts as ``{0}``; placing block ``j`` of length
  ``L`` at a start ``s`` needs cells ``s .. s+L-1`` fillable and cell ``s+L``
  emptiable, and lands on position ``s+L+1``. Between blocks any number of
  emptiable cells may be skipped.
- Skipping emptiable cells from a set of positions ``S`` is one addition: in
  ``can_empty + (S & can_empty)`` each carry runs up through a run of emptiable
  cells and stops just past it, so ``S | ((can_empty + (S & can_empty)) ^
  can_empty)`` is every position reachable from ``S`` (a run's bits flip to 0,
  the bit past it flips to 1; the XOR turns exactly those into 1s).
- ``backward[j]`` has bit ``q`` set when cell ``q-1`` may be empty and cells
  ``q ..`` can hold the blocks ``j ..`` (cell ``-1`` counts as an empty border).
  It is the forward pass over the mirrored line with the blocks reversed, read
  back through the mirror ``q -> length + 1 - q``.

The line is consistent when ``forward[k]`` reaches position ``length + 1``.
Block ``j`` may start at ``s`` when ``s`` is in ``forward[j]``, the block fits
there, and ``s+L+1`` is in ``backward[j+1]``; a cell may be filled when some
feasible start covers it. Cell ``q-1`` may be empty when position ``q`` is in
both ``forward[j]`` and ``backward[j]`` for some ``j`` (the prefix ends with
that empty cell and the suffix starts right after it). Every step is a
handful of shifts, ANDs, ORs and one addition on ints as long as the line,
``O(log L)`` of them per block, so the work is O(clues x length / word size).

Worked example (a test checks it): length 10, clue ``(3, 4)``, cell 5 known
filled (``filled = 1 << 5``), nothing else known. The 3-block cannot cover cell
5 (the 4-block would then not fit after it), and cell 5 cannot be the gap
between the blocks, so the 3-block starts at 0 or 1 and the 4-block, which must
cover cell 5 and start at least two cells after the 3-block, starts at 4 or 5.
Hence cells 1, 2 (the 3-block's overlap), 5, 6, 7 (the 4-block's overlap) are
filled in every placement and cell 9 is empty in every one:
``line_fixed_point((3, 4), 10, 1 << 5, 0) == (0b0011100110, 0b1000000000)``.

Clues use the ``[0]`` convention for an empty line: ``(0,)`` and ``()`` both
mean "no blocks". Callers go through :func:`gridlogic.pattern.lines.solve_line`,
which filters the placements of lines that have few of them, calls this
function for the others, and memoises both per ``(clue, length, filled, empty)``
so that repeated states during probing and search cost one dictionary lookup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = ["block_starts", "line_fixed_point", "normalise_clue", "reverse_bits", "solve_line_cells"]


def normalise_clue(clue: Sequence[int]) -> tuple[int, ...]:
    """The clue as a tuple of positive block lengths: ``[0]`` and ``[]`` both become ``()``."""
    return tuple(block for block in clue if block)


_BYTE_REVERSED: Final = bytes(int(f"{byte:08b}"[::-1], 2) for byte in range(256))
_SHORT: Final = 56  # the widest reversal done in a machine word (native code keeps ints of up to 62 bits unboxed)


def reverse_bits(value: int, width: int) -> int:
    """``value`` (below ``2 ** width``) read backwards over ``width`` bits (bit 0 becomes bit
    ``width - 1``): its bytes, little-endian, each byte reversed by a table, read big-endian, then
    shifted down by the padding of the last byte. ``reverse_bits(0b0011, 4)`` is ``0b1100``."""
    if width <= _SHORT:  # a machine word: byte by byte, no bytes object made
        out = 0
        for _ in range((width + 7) >> 3):
            out = out << 8 | _BYTE_REVERSED[value & 255]
            value >>= 8
        return out >> (((width + 7) & ~7) - width)
    size = (width + 7) >> 3
    return int.from_bytes(value.to_bytes(size, "little").translate(_BYTE_REVERSED), "big") >> (8 * size - width)


def _skip_empties(positions: int, can_empty: int) -> int:
    """Every position reachable from ``positions`` by stepping over emptiable cells."""
    return positions | ((can_empty + (positions & can_empty)) ^ can_empty)


def _fits(can_fill: int, block: int) -> int:
    """Bit ``s`` set when cells ``s .. s+block-1`` are all fillable (log-doubling AND)."""
    fits = can_fill
    span = 1
    while span < block:
        step = min(span, block - span)
        fits &= fits >> step
        span += step
    return fits


def _smear(starts: int, block: int) -> int:
    """Cells covered by a block of length ``block`` starting at any bit of ``starts``."""
    covered = starts
    span = 1
    while span < block:
        step = min(span, block - span)
        covered |= covered << step
        span += step
    return covered


def _forward(blocks: tuple[int, ...], can_fill: int, can_empty: int) -> tuple[list[int], list[int]]:
    """``forward[j]`` for j = 0..k: positions reachable after placing the first j blocks;
    and ``starts[j]``: where block j may start after them (it fits, and an empty cell may follow)."""
    reach = _skip_empties(1, can_empty)
    forward, all_starts = [reach], []
    fits_by_length: dict[int, int] = {}  # clues repeat block lengths
    for block in blocks:
        fits = fits_by_length.get(block)
        if fits is None:
            fits = fits_by_length[block] = _fits(can_fill, block)
        starts = reach & fits & (can_empty >> block)
        landed = starts << (block + 1)
        reach = landed | ((can_empty + (landed & can_empty)) ^ can_empty)  # _skip_empties, inlined
        forward.append(reach)
        all_starts.append(starts)
    return forward, all_starts


def _passes(
    blocks: tuple[int, ...], length: int, filled: int, empty: int
) -> tuple[list[int], list[int], list[int], int] | None:
    """The forward and backward passes of the dynamic programme, or None when the clue cannot fit.

    Returns ``(forward, backward, starts_after_prefix, can_empty)`` as the
    module docstring defines them (``can_empty`` with the pad bit).
    """
    line_mask = (1 << length) - 1
    pad = 1 << length
    can_fill = ~empty & line_mask
    can_empty = (~filled & line_mask) | pad
    forward, starts_after_prefix = _forward(blocks, can_fill, can_empty)
    end = pad << 1  # position length + 1: every cell and the pad coloured
    if not forward[-1] & end:
        return None
    # The backward pass is the forward pass of the mirrored line. Mirroring over
    # length + 1 cells keeps the pad (cell `length`) at the far end of the mirror,
    # so the pad stays a trailing empty cell; positions then mirror as p -> length+1-p.
    width = length + 2
    mirrored_fill = reverse_bits(can_fill, length)
    mirrored_empty = reverse_bits(can_empty & line_mask, length) | pad
    backward_mirrored, _ = _forward(blocks[::-1], mirrored_fill, mirrored_empty)
    # backward[j] (positions from which blocks j.. complete the line) is the
    # mirror of the mirrored pass after placing the last k - j blocks. A short line
    # mirrors each pass; a long one all k + 1 at once: laid side by side in one int
    # (pass j at bits j * width ..), whose reversal holds the mirror of pass k - j at bits j * width ..
    if width <= _SHORT:
        return forward, [reverse_bits(reach, width) for reach in reversed(backward_mirrored)], \
            starts_after_prefix, can_empty
    packed = 0
    for reach in reversed(backward_mirrored):
        packed = (packed << width) | reach
    count = len(backward_mirrored)
    mirrored = reverse_bits(packed, count * width)
    position_mask = (1 << width) - 1
    backward = [(mirrored >> (j * width)) & position_mask for j in range(count)]
    return forward, backward, starts_after_prefix, can_empty


def line_fixed_point(
    blocks: tuple[int, ...], length: int, filled: int, empty: int
) -> tuple[int, int] | None:
    """The most precise ``(filled, empty)`` masks for the line, or None for a contradiction.

    ``blocks`` must already be normalised (positive lengths, ``()`` for an empty
    line). The result contains the input: cells known stay known.
    """
    passes = _passes(blocks, length, filled, empty)
    if passes is None:
        return None
    forward, backward, starts_after_prefix, can_empty = passes
    line_mask = (1 << length) - 1
    may_empty = 0
    may_fill = 0
    for j in range(len(blocks) + 1):
        # Position q in both forward[j] and backward[j]: the prefix ends with an
        # empty cell q-1 and the suffix starts after that same empty cell.
        may_empty |= forward[j] & backward[j]
    may_empty = (may_empty >> 1) & can_empty & line_mask
    for j, block in enumerate(blocks):
        # a start the prefix allows, whose block the suffix can follow
        may_fill |= _smear(starts_after_prefix[j] & (backward[j + 1] >> (block + 1)), block)
    may_fill &= line_mask
    new_filled = line_mask & ~may_empty
    new_empty = line_mask & ~may_fill
    if new_filled & new_empty:
        return None
    return new_filled, new_empty


def block_starts(blocks: tuple[int, ...], length: int, filled: int, empty: int) -> list[int] | None:
    """Per block, the mask of the cells where it starts in some placement that agrees with the known
    cells; None when none agrees. The lowest bit is the block's start in the leftmost such placement,
    the highest its start in the rightmost one (the leftmost placement puts every block as far left as
    any agreeing placement does)."""
    passes = _passes(blocks, length, filled, empty)
    if passes is None:
        return None
    _, backward, starts_after_prefix, _ = passes
    return [starts_after_prefix[j] & (backward[j + 1] >> (block + 1)) for j, block in enumerate(blocks)]


def solve_line_cells(clue: Sequence[int], cells: Sequence[int | None]) -> list[int | None] | None:
    """Convenience form on a list of cells (1 filled, 0 empty, None unknown).

    Returns the completed list, or None when the clue cannot fit the known cells.
    """
    filled = 0
    empty = 0
    for index, cell in enumerate(cells):
        if cell == 1:
            filled |= 1 << index
        elif cell == 0:
            empty |= 1 << index
    result = line_fixed_point(normalise_clue(clue), len(cells), filled, empty)
    if result is None:
        return None
    new_filled, new_empty = result
    out: list[int | None] = []
    for index in range(len(cells)):
        bit = 1 << index
        out.append(1 if new_filled & bit else 0 if new_empty & bit else None)
    return out
