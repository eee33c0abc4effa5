"""Signal boards as text (box-drawing characters) and as standalone SVG.

:func:`board_text` and :func:`board_svg` are pure functions of a board: they
need the tile masks and the board's shape, not a puzzle object;
:func:`render_text`, :func:`render_svg` and :func:`render_solution` draw a
puzzle, or a solution of a board people brought, with them. In text each
tile is one character followed by a link character, so pipes that meet look
joined::

    ┌─┬─╴
    │ ├─┐
    ╵ ╵ ╵

A wrapping board (version 4) shows where pipes cross its edges: each row
starts with the link character of its first tile's left side (``─`` when a
pipe leaves the left edge; on the same row the last tile's link character
shows it entering from the right), and a line above and below marks with
``│`` each column whose pipe leaves the top edge and enters at the bottom.
The wrapping 3×3 tree ``[4, 1, 4, 9, 4, 7, 2, 15, 9]``:

>>> print(board_text([4, 1, 4, 9, 4, 7, 2, 15, 9], 3, 3, wrapping=True))
   │
 ╷ ╵ ╷
─┘ ╷ ├─
 ╶─┼─┘
   │
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gridlogic.game.record import Problem
    from gridlogic.signal.rules import Tiled

# Index: the mask (1 up, 2 right, 4 down, 8 left).
TILE_CHARACTERS = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"


def board_text(board: Sequence[int], n: int, height: int | None = None, wrapping: bool = False) -> str:
    """The board drawn with box-drawing characters, one text line per row (``n`` the width)."""
    rows = n if height is None else height
    lines = []
    for r in range(rows):
        cells = board[r * n : r * n + n]
        start = ("─" if cells[0] & 8 else " ") if wrapping else ""
        lines.append((start + "".join(TILE_CHARACTERS[m] + ("─" if m & 2 else " ") for m in cells)).rstrip())
    if wrapping:
        def crossings(row: Sequence[int], bit: int) -> str:
            return (" " + "".join(("│" if m & bit else " ") + " " for m in row)).rstrip()

        lines = [crossings(board[:n], 1), *lines, crossings(board[(rows - 1) * n:], 4)]
    return "\n".join(lines)


def board_svg(board: Sequence[int], n: int, lit: Iterable[int] = (), cell: int = 48, *,
              height: int | None = None, wrapping: bool = False) -> str:
    """A standalone SVG of the board; tiles in ``lit`` are drawn in the highlight colour.

    On a wrapping board a pipe that crosses an edge is drawn on into the
    margin, dashed, on both sides: leaving one edge and entering the opposite one.
    """
    rows = n if height is None else height
    lit_set = set(lit)
    width_px, height_px = n * cell, rows * cell
    margin = cell // 3 if wrapping else 4
    half = cell / 2
    title = f"Signal board, {n} by {rows}" + (", wrapping" if wrapping else "")
    parts = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_px + 2 * margin}" '
         f'height="{height_px + 2 * margin}" viewBox="-{margin} -{margin} {width_px + 2 * margin} '
         f'{height_px + 2 * margin}" role="img" aria-label="{title}">'),
        (f'<rect x="-{margin}" y="-{margin}" width="{width_px + 2 * margin}" height="{height_px + 2 * margin}" '
         f'fill="#f7f7f2"/>'),
    ]
    if wrapping:
        parts.append(f'<rect x="0" y="0" width="{width_px}" height="{height_px}" fill="none" stroke="#8a8a80" '
                     f'stroke-dasharray="4 4"/>')
    for i, mask in enumerate(board):
        r, c = divmod(i, n)
        x, y = c * cell, r * cell
        cx, cy = x + half, y + half
        colour = "#d9480f" if i in lit_set else "#1c3d5a"
        parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="none" stroke="#c8c8c0"/>')
        ends = {1: (cx, y), 2: (x + cell, cy), 4: (cx, y + cell), 8: (x, cy)}
        for bit, (ex, ey) in ends.items():
            if mask & bit:
                parts.append(
                    f'<line x1="{cx}" y1="{cy}" x2="{ex}" y2="{ey}" stroke="{colour}" '
                    f'stroke-width="{cell // 6}" stroke-linecap="round"/>'
                )
        if wrapping:
            beyond = {1: (r == 0, 0, -margin), 2: (c == n - 1, margin, 0), 4: (r == rows - 1, 0, margin),
                      8: (c == 0, -margin, 0)}
            for bit, (on_edge, dx, dy) in beyond.items():
                if mask & bit and on_edge:
                    ex, ey = ends[bit]
                    parts.append(
                        f'<line x1="{ex}" y1="{ey}" x2="{ex + dx}" y2="{ey + dy}" stroke="{colour}" '
                        f'stroke-width="{cell // 6}" stroke-dasharray="3 3" class="wrap"/>'
                    )
        if (mask).bit_count() == 1:
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{cell // 6}" fill="{colour}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def render_text(puzzle: Tiled, solution: bool = False) -> str:
    """A puzzle's shuffled board, and with ``solution=True`` the answer below it."""
    text = board_text(puzzle.shuffled, puzzle.width, puzzle.height, puzzle.wrapping)
    if solution:
        text += "\n\nsolution:\n" + board_text(puzzle.answer, puzzle.width, puzzle.height, puzzle.wrapping)
    return text + "\n"


def render_svg(puzzle: Tiled, solution: bool = False) -> str:
    """A puzzle's shuffled board as SVG, or with ``solution=True`` its answer."""
    return board_svg(puzzle.answer if solution else puzzle.shuffled, puzzle.width, height=puzzle.height,
                     wrapping=puzzle.wrapping)


def render_solution(problem: Problem, solution: Sequence[int]) -> str:
    """A solution of a board people brought, drawn as text."""
    return board_text(solution, problem.width, problem.height, bool(problem.options.get("wrapping", False)))
