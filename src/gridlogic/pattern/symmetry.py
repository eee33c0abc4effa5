"""Symmetries of a nonogram's clues: a second solution for free when the first one is not symmetric.

Mirror a grid, turn it, or reflect it in a diagonal, and its clues move with it.
When a transformation maps the puzzle's clues onto themselves, it maps every
solution to a solution. So once one solution ``S`` is known, each symmetry
``g`` of the clues gives another solution ``g(S)``; if ``g(S)`` differs from
``S`` the puzzle has several solutions, and no search is needed to say so.
(When the solution is unique it must be symmetric itself, so nothing is lost
by checking.)

Empty lines at the border are set aside first: rows and columns clued ``0``
at the edges are empty in every solution, and the symmetries are those of
the rest, the *core* (Knotty, webpbn survey, is 40×40 with an empty last row
and column; its 39×39 core has the symmetry of a quarter turn). The
candidates are the mirror images left-right and top-bottom and the half turn,
and on a square core also the two diagonal reflections and the quarter turns.
A candidate is a symmetry when every line of the transformed grid is a line
of the original grid (perhaps read backwards) with the same clue.

Worked example (a test checks it): the 2×2 grid with row clues ``[1] [1]``
and column clues ``[1] [1]`` is symmetric under all seven candidates. Its
solution ``10 / 01`` mirrored left-right is ``01 / 10``, a different
solution: the verdict "several" follows from one solution and one mirror.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["Symmetry", "clue_symmetries"]

# A source map: the cell (row, column) of the core whose value lands at (row, column).
_SourceMap = Callable[[int, int], tuple[int, int]]


class Symmetry:
    """One transformation that maps the clues onto themselves, acting on row masks."""

    def __init__(self, name: str, source: _SourceMap, top: int, left: int, core_height: int,
                 core_width: int) -> None:  # fmt: skip
        self.name = name
        self._source = source
        self._top, self._left = top, left
        self._height, self._width = core_height, core_width

    def __repr__(self) -> str:
        return f"Symmetry({self.name!r})"

    def cell_pairs(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """Each cell (row, column) of the core, in grid coordinates, with the cell whose value the
        transformation moves onto it: a grid is symmetric exactly when every pair holds one value."""
        top, left = self._top, self._left
        pairs = []
        for r in range(self._height):
            for c in range(self._width):
                sr, sc = self._source(r, c)
                pairs.append(((top + r, left + c), (top + sr, left + sc)))
        return pairs

    def image(self, row_masks: Sequence[int]) -> tuple[int, ...]:
        """The transformed grid, as row masks (bit c = column c) like the solution given."""
        core = ((1 << self._width) - 1) << self._left
        out = [mask & ~core if self._top <= r < self._top + self._height else mask
               for r, mask in enumerate(row_masks)]  # fmt: skip
        for (r, c), (sr, sc) in self.cell_pairs():
            if row_masks[sr] >> sc & 1:
                out[r] |= 1 << c
        return tuple(out)


def _candidates(height: int, width: int) -> list[tuple[str, _SourceMap]]:
    h, w = height, width
    found: list[tuple[str, _SourceMap]] = [
        ("mirror left-right", lambda r, c: (r, w - 1 - c)),
        ("mirror top-bottom", lambda r, c: (h - 1 - r, c)),
        ("half turn", lambda r, c: (h - 1 - r, w - 1 - c)),
    ]
    if h == w:
        n = h
        found += [
            ("main diagonal", lambda r, c: (c, r)),
            ("other diagonal", lambda r, c: (n - 1 - c, n - 1 - r)),
            ("quarter turn clockwise", lambda r, c: (n - 1 - c, r)),
            ("quarter turn anticlockwise", lambda r, c: (c, n - 1 - r)),
        ]
    return found


def _clue_of_cells(cells: list[tuple[int, int]], rows: Sequence[tuple[int, ...]],
                   cols: Sequence[tuple[int, ...]]) -> tuple[int, ...]:  # fmt: skip
    """The clue of the original line these cells make up, in the order given."""
    (r0, c0), (r1, c1) = cells[0], cells[-1]
    if len(cells) == 1:
        return rows[r0] if len(cols) == 1 else cols[c0]  # a 1-cell line of a 1-wide core
    if r0 == r1:
        return rows[r0] if c0 < c1 else rows[r0][::-1]
    return cols[c0] if r0 < r1 else cols[c0][::-1]


def clue_symmetries(rows: Sequence[tuple[int, ...]], cols: Sequence[tuple[int, ...]]) -> list[Symmetry]:
    """Every candidate transformation (see the module docstring) that maps the clues onto themselves.

    ``rows`` and ``cols`` are checked clues (positive runs, ``()`` for an empty line).
    """
    top, bottom = 0, len(rows)
    while top < bottom and not rows[top]:
        top += 1
    while bottom > top and not rows[bottom - 1]:
        bottom -= 1
    left, right = 0, len(cols)
    while left < right and not cols[left]:
        left += 1
    while right > left and not cols[right - 1]:
        right -= 1
    core_rows, core_cols = list(rows[top:bottom]), list(cols[left:right])
    height, width = len(core_rows), len(core_cols)
    if height == 0 or width == 0:
        return []
    found = []
    for name, source in _candidates(height, width):
        same = all(
            _clue_of_cells([source(r, c) for c in range(width)], core_rows, core_cols) == core_rows[r]
            for r in range(height)
        ) and all(
            _clue_of_cells([source(r, c) for r in range(height)], core_rows, core_cols) == core_cols[c]
            for c in range(width)
        )
        if same:
            found.append(Symmetry(name, source, top, left, height, width))
    return found
