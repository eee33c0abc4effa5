"""Test helpers: the clues a grid shows, and the check that a solver's grid shows the puzzle's."""

from __future__ import annotations

from gridlogic.pattern.lines import compute_clue


def clues_of(grid: list[int] | tuple[int, ...], width: int, height: int):
    rows = [compute_clue(grid[r * width : (r + 1) * width]) for r in range(height)]
    cols = [compute_clue([grid[r * width + c] for r in range(height)]) for c in range(width)]
    return rows, cols


def assert_solves(grid, rows, cols, width, height):
    """``grid`` shows exactly the clues (the solver never returns a wrong grid)."""
    assert len(grid) == width * height and set(grid) <= {0, 1}
    assert clues_of(grid, width, height) == (
        [list(c) if c else [0] for c in rows],
        [list(c) if c else [0] for c in cols],
    )
