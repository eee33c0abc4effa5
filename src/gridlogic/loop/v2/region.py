"""The answer of a version 2 puzzle: a region of cells whose boundary is one loop, on any W×H board.

The growth is version 1's (:func:`gridlogic.loop.v1.generator.grow_region`), on a
rectangle, with the candidates kept up to date instead of found again after
every step. The region's size is ``round(W·H × (0.35 + 0.30 × r))``; the start
cell is ``floor(r × W·H)``. A cell may join when it has an edge-neighbour
inside and its ring of 8 surrounding cells (off the board is outside) changes
between inside and outside exactly twice: the region stays connected and
without holes or corner-only contacts, so its boundary is one loop that never
touches itself. Which candidate joins: one ``r`` picks the way (below 0.55 any
candidate, below 0.8 one of those with the fewest inside edge-neighbours,
otherwise one with the most), a second ``r`` the cell among them (in index
order). Whether a cell may join depends only on its ring, so after a cell
joins only its eight neighbours are looked at again: a step costs O(1) plus
the choice among the candidates, not a scan of the board (v1 scans the whole
board at each step, O((W·H)²) in all, 0.7 s on 30×30).

Worked example (checked in ``tests/loop/test_v2_generator.py``): the region
test accepts cell 4 of a 3×3 board holding cells ``{1}`` (its ring changes
twice) but rejects cell 4 when the region is ``{1, 7}`` (four changes: it
would join two parts and cut the outside in two).

>>> may_join([0, 1, 0, 0, 0, 0, 0, 0, 0], 3, 3, 4), may_join([0, 1, 0, 0, 0, 0, 0, 1, 0], 3, 3, 4)
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

__all__ = ["grow_region", "may_join"]

# ring of 8 around a cell, in circular order: N, NE, E, SE, S, SW, W, NW
_RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
_P_FEWEST = 0.25
_P_MOST = 0.2


def may_join(inside: Sequence[int], width: int, height: int, cell: int) -> bool:
    """The local test: an inside edge-neighbour and exactly two in/out changes around the ring."""
    r, c = divmod(cell, width)
    ring = [
        inside[(r + dr) * width + c + dc] if 0 <= r + dr < height and 0 <= c + dc < width else 0
        for dr, dc in _RING
    ]
    if not (ring[0] or ring[2] or ring[4] or ring[6]):
        return False
    return sum(1 for k in range(8) if ring[k] != ring[k - 1]) == 2


def _inside_neighbours(inside: Sequence[int], width: int, height: int, cell: int) -> int:
    r, c = divmod(cell, width)
    return sum(
        inside[rr * width + cc]
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < height and 0 <= cc < width
    )


def grow_region(width: int, height: int, random: Callable[[], float]) -> list[int]:
    """A connected, hole-free region of about 35–65 % of the cells (see the module docstring)."""
    cells = width * height
    target = round(cells * (0.35 + 0.30 * random()))
    inside = [0] * cells
    candidates: set[int] = set()

    def join(cell: int) -> None:
        inside[cell] = 1
        candidates.discard(cell)
        r, c = divmod(cell, width)
        for dr, dc in _RING:
            rr, cc = r + dr, c + dc
            if 0 <= rr < height and 0 <= cc < width:
                other = rr * width + cc
                if not inside[other] and may_join(inside, width, height, other):
                    candidates.add(other)
                else:
                    candidates.discard(other)

    join(math.floor(random() * cells))
    size = 1
    while size < target and candidates:
        pool = sorted(candidates)
        mode = random()
        if mode >= 1 - _P_FEWEST - _P_MOST:
            counts = [_inside_neighbours(inside, width, height, cell) for cell in pool]
            wanted = min(counts) if mode < 1 - _P_MOST else max(counts)
            pool = [cell for cell, k in zip(pool, counts) if k == wanted]
        join(pool[math.floor(random() * len(pool))])
        size += 1
    return inside
