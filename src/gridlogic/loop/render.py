"""Text and SVG pictures of a Loop board: pure functions of clues (and a loop) returning ``str``.

:func:`board_text` and :func:`board_svg` draw clues and edges; :func:`render_text`,
:func:`render_svg` and :func:`render_solution` draw a puzzle (generated or brought from
outside) or a solved problem, for the game's record.

Text (checked in ``tests/loop/test_render.py``): ``+`` at every vertex, the
clue in the middle of its cell, and when a loop is given ``---`` and ``|``
for its edges. A 2×1 board with clues ``0 3`` and its loop::

    +   +---+
      0 | 3 |
    +   +---+
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from gridlogic.loop.board import grid

if TYPE_CHECKING:  # types only: drawing needs nothing beyond the board
    from gridlogic.game.record import Problem
    from gridlogic.loop.rules import Clued

__all__ = ["board_svg", "board_text", "render_solution", "render_svg", "render_text"]


def board_text(
    clues: Sequence[int | None], width: int, height: int, edges: Sequence[int] | None = None
) -> str:
    g = grid(width, height)

    def on(e: int) -> bool:
        return edges is not None and edges[e] == 1

    lines: list[str] = []
    for r in range(height + 1):
        lines.append(
            "+" + "+".join("---" if on(g.horizontal(r, c)) else "   " for c in range(width)) + "+"
        )
        if r == height:
            break
        row = ""
        for c in range(width + 1):
            row += "|" if on(g.vertical(r, c)) else " "
            if c < width:
                clue = clues[r * width + c]
                row += f" {clue} " if clue is not None else "   "
        lines.append(row.rstrip())
    return "\n".join(line.rstrip() for line in lines)


def board_svg(
    clues: Sequence[int | None],
    width: int,
    height: int,
    edges: Sequence[int] | None = None,
    inside: Sequence[int] | None = None,
    title: str = "Loop",
) -> str:
    """A standalone SVG: dots, clues, and (when given) the loop and a tint of the inside."""
    g = grid(width, height)
    cell, margin = 40, 20
    w_px, h_px = width * cell + 2 * margin, height * cell + 2 * margin
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w_px}" height="{h_px}" '
            f'viewBox="0 0 {w_px} {h_px}" role="img" aria-label="{escape(title)}">'
        ),
        f"<title>{escape(title)}</title>",
        f'<rect width="{w_px}" height="{h_px}" fill="#ffffff"/>',
    ]
    if inside is not None:
        for k, flag in enumerate(inside):
            if flag:
                r, c = divmod(k, width)
                parts.append(
                    f'<rect x="{margin + c * cell}" y="{margin + r * cell}" width="{cell}" '
                    f'height="{cell}" fill="#e8f0fb"/>'
                )
    for k, clue in enumerate(clues):
        if clue is not None:
            r, c = divmod(k, width)
            parts.append(
                f'<text x="{margin + c * cell + cell // 2}" y="{margin + r * cell + cell // 2}" '
                f'font-family="sans-serif" font-size="22" text-anchor="middle" '
                f'dominant-baseline="central" fill="#222222">{clue}</text>'
            )
    if edges is not None:
        for e, flag in enumerate(edges):
            if flag == 1:
                a, b = g.edge_vertices[e]
                (ra, ca), (rb, cb) = divmod(a, width + 1), divmod(b, width + 1)
                parts.append(
                    f'<line x1="{margin + ca * cell}" y1="{margin + ra * cell}" '
                    f'x2="{margin + cb * cell}" y2="{margin + rb * cell}" stroke="#1d4ed8" '
                    f'stroke-width="4" stroke-linecap="round"/>'
                )
    for r in range(height + 1):
        for c in range(width + 1):
            parts.append(f'<circle cx="{margin + c * cell}" cy="{margin + r * cell}" r="2.5" fill="#222222"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def render_text(puzzle: Clued, solution: bool = False) -> str:
    """Dots and clues; with ``solution=True`` the loop is drawn in."""
    edges = puzzle.edges() if solution else None
    return board_text(puzzle.clues, puzzle.width, puzzle.height, edges) + "\n"


def render_svg(puzzle: Clued, solution: bool = False) -> str:
    """The board as SVG; with ``solution=True`` the loop and a tint of its inside."""
    if solution:
        return board_svg(puzzle.clues, puzzle.width, puzzle.height, puzzle.edges(), puzzle.answer)
    return board_svg(puzzle.clues, puzzle.width, puzzle.height)


def render_solution(problem: Problem, solution: Sequence[int]) -> str:
    """A problem's clues with a solver's loop (an edge list) drawn in."""
    return board_text(problem.givens["clues"], problem.width, problem.height, list(solution))
