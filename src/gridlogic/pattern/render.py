"""Pattern grids as text and SVG: pure functions of the clues and, optionally, the cells.

They take plain clue lists and a flat row-major grid, not a puzzle object,
so the CLI can draw any rectangular puzzle it read from a file. In text a
filled cell is ``#`` and an empty one ``.``; with no cells the grid is drawn
blank (``.``), ready to be played on paper. Worked example (checked in
``tests/pattern/test_render.py``)::

    grid_text([[3], [1]], [[2], [1], [1]], [1, 1, 1, 1, 0, 0])

gives (the clue column is as wide as the longest row clue)::

      2 1 1
    3 # # #
    1 # . .

:func:`render_text` and :func:`render_svg` draw a puzzle (blank, or with its
answer) and :func:`render_solution` a solver's solution of a problem: the
game's entries for drawing, each a call of the two above.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gridlogic.game.record import Problem
    from gridlogic.pattern.rules import CluedPuzzle

__all__ = ["grid_svg", "grid_text", "render_solution", "render_svg", "render_text"]


def _runs(clue: Sequence[int]) -> list[int]:
    runs = [x for x in clue if x]
    return runs if runs else [0]


def grid_text(
    row_clues: Sequence[Sequence[int]],
    col_clues: Sequence[Sequence[int]],
    cells: Sequence[int] | None = None,
) -> str:
    """Column clues stacked above the grid, row clues to its left (no trailing newline)."""
    height, width = len(row_clues), len(col_clues)
    rows = [" ".join(map(str, _runs(c))) for c in row_clues]
    cols = [[str(x) for x in _runs(c)] for c in col_clues]
    cell_w = max([1] + [len(x) for c in cols for x in c])
    left = max(len(r) for r in rows)
    depth = max(len(c) for c in cols)
    lines = []
    for k in range(depth):
        parts = []
        for numbers in cols:
            pad = depth - len(numbers)
            parts.append((numbers[k - pad] if k >= pad else "").rjust(cell_w))
        lines.append(" " * left + " " + " ".join(parts))
    for r in range(height):
        marks = []
        for c in range(width):
            filled = cells is not None and cells[r * width + c] == 1
            marks.append(("#" if filled else ".").rjust(cell_w))
        lines.append(rows[r].rjust(left) + " " + " ".join(marks))
    return "\n".join(line.rstrip() for line in lines)


def grid_svg(
    row_clues: Sequence[Sequence[int]],
    col_clues: Sequence[Sequence[int]],
    cells: Sequence[int] | None = None,
    cell: int = 28,
) -> str:
    """A standalone SVG: clues in the margins, the grid with filled cells shaded when given."""
    height, width = len(row_clues), len(col_clues)
    rows = [_runs(c) for c in row_clues]
    cols = [_runs(c) for c in col_clues]
    font = cell * 0.55
    step = cell * 0.7
    left = max(len(r) for r in rows) * step + cell * 0.4
    top = max(len(c) for c in cols) * step + cell * 0.4
    total_w = left + width * cell + 2
    total_h = top + height * cell + 2
    out = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:g}" height="{total_h:g}" '
            f'viewBox="0 0 {total_w:g} {total_h:g}" role="img" '
            f'aria-label="{escape(f"Pattern puzzle, {width} by {height}")}">'
        ),
        f'<rect width="{total_w:g}" height="{total_h:g}" fill="#fff"/>',
        f'<g font-family="sans-serif" font-size="{font:g}" fill="#222" text-anchor="middle">',
    ]
    for c, clue in enumerate(cols):
        x = left + (c + 0.5) * cell
        for k, number in enumerate(clue):
            y = top - (len(clue) - k - 0.5) * step - cell * 0.2 + font * 0.35
            out.append(f'<text x="{x:g}" y="{y:g}">{number}</text>')
    for r, clue in enumerate(rows):
        y = top + (r + 0.5) * cell + font * 0.35
        for k, number in enumerate(clue):
            x = left - (len(clue) - k - 0.5) * step - cell * 0.2
            out.append(f'<text x="{x:g}" y="{y:g}">{number}</text>')
    out.append("</g>")
    if cells is not None:
        out.append('<g fill="#222">')
        for i, value in enumerate(cells):
            if value == 1:
                r, c = divmod(i, width)
                out.append(
                    f'<rect x="{left + c * cell:g}" y="{top + r * cell:g}" '
                    f'width="{cell}" height="{cell}"/>'
                )
        out.append("</g>")
    out.append('<g stroke="#222" stroke-linecap="square">')
    for r in range(height + 1):
        w = 2 if r % 5 == 0 or r == height else 1
        y = top + r * cell
        out.append(
            f'<line x1="{left:g}" y1="{y:g}" x2="{left + width * cell:g}" y2="{y:g}" '
            f'stroke-width="{w}"/>'
        )
    for c in range(width + 1):
        w = 2 if c % 5 == 0 or c == width else 1
        x = left + c * cell
        out.append(
            f'<line x1="{x:g}" y1="{top:g}" x2="{x:g}" y2="{top + height * cell:g}" '
            f'stroke-width="{w}"/>'
        )
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def render_text(puzzle: CluedPuzzle, solution: bool = False) -> str:
    """The clues around a blank grid, or around the answer with ``solution=True``."""
    return grid_text(puzzle.row_clues, puzzle.col_clues, puzzle.answer if solution else None) + "\n"


def render_svg(puzzle: CluedPuzzle, solution: bool = False) -> str:
    """The SVG drawing of :func:`render_text`."""
    return grid_svg(puzzle.row_clues, puzzle.col_clues, puzzle.answer if solution else None)


def render_solution(problem: Problem, solution: Sequence[int]) -> str:
    """A problem's clues around one of its solutions (flat, row-major, 1 filled)."""
    return grid_text(problem.givens["rowClues"], problem.givens["colClues"], solution)
