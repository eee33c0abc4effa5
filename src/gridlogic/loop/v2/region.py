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
from typing import Final

__all__ = ["grow_region", "may_join"]

# ring of 8 around a cell, in circular order: N, NE, E, SE, S, SW, W, NW (row and column offsets)
_RING_ROWS: Final = (-1, -1, 0, 1, 1, 1, 0, -1)
_RING_COLUMNS: Final = (0, 1, 1, 1, 0, -1, -1, -1)
_P_FEWEST: Final = 0.25
_P_MOST: Final = 0.2


def may_join(inside: Sequence[int], width: int, height: int, cell: int) -> bool:
    """The local test: an inside edge-neighbour and exactly two in/out changes around the ring."""
    return _may_join(list(inside), width, height, cell)


def _at(inside: list[int], width: int, height: int, r: int, c: int) -> int:
    """Whether cell (r, c) is inside (1) or not (0); off the board is outside."""
    return inside[r * width + c] if 0 <= r < height and 0 <= c < width else 0


def _may_join(inside: list[int], width: int, height: int, cell: int) -> bool:
    r = cell // width
    c = cell - r * width
    north, north_east = _at(inside, width, height, r - 1, c), _at(inside, width, height, r - 1, c + 1)
    east, south_east = _at(inside, width, height, r, c + 1), _at(inside, width, height, r + 1, c + 1)
    south, south_west = _at(inside, width, height, r + 1, c), _at(inside, width, height, r + 1, c - 1)
    west, north_west = _at(inside, width, height, r, c - 1), _at(inside, width, height, r - 1, c - 1)
    if not (north or east or south or west):
        return False
    return (_differ(north_west, north) + _differ(north, north_east) + _differ(north_east, east)
            + _differ(east, south_east) + _differ(south_east, south) + _differ(south, south_west)
            + _differ(south_west, west) + _differ(west, north_west)) == 2


def _differ(a: int, b: int) -> int:
    return 1 if a != b else 0


def _inside_neighbours(inside: list[int], width: int, height: int, cell: int) -> int:
    r = cell // width
    c = cell - r * width
    return (_at(inside, width, height, r - 1, c) + _at(inside, width, height, r + 1, c)
            + _at(inside, width, height, r, c - 1) + _at(inside, width, height, r, c + 1))


def grow_region(width: int, height: int, random: Callable[[], float]) -> list[int]:
    """A connected, hole-free region of about 35–65 % of the cells (see the module docstring)."""
    cells = width * height
    target = round(cells * (0.35 + 0.30 * random()))
    inside = [0] * cells
    candidates: set[int] = set()
    cell = math.floor(random() * cells)
    size = 0
    while True:
        # the cell joins; only its ring's cells may change their candidacy
        inside[cell] = 1
        candidates.discard(cell)
        size += 1
        r = cell // width
        c = cell - r * width
        for k in range(8):
            rr, cc = r + _RING_ROWS[k], c + _RING_COLUMNS[k]
            if 0 <= rr < height and 0 <= cc < width:
                other = rr * width + cc
                if not inside[other] and _may_join(inside, width, height, other):
                    candidates.add(other)
                else:
                    candidates.discard(other)
        if size >= target or not candidates:
            return inside
        pool = sorted(candidates)
        mode = random()
        if mode >= 1 - _P_FEWEST - _P_MOST:
            counts = [_inside_neighbours(inside, width, height, candidate) for candidate in pool]
            wanted = min(counts) if mode < 1 - _P_MOST else max(counts)
            pool = [candidate for candidate, k in zip(pool, counts) if k == wanted]
        cell = pool[math.floor(random() * len(pool))]
