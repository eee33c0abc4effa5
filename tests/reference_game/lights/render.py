"""Lights drawn: as text (``#`` lit, ``.`` dark; with the solution, ``o`` marks a press) and as SVG.

    >>> print(render_lamps([1, 0, 0, 0], 2, 2, [1, 1, 1, 0]), end="")
    #o .o
    .o ..
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

CELL = 24  # SVG units per lamp


def render_lamps(lit: Sequence[int], width: int, height: int, presses: Sequence[int] | None = None) -> str:
    rows = []
    for r in range(height):
        marks = []
        for c in range(width):
            k = r * width + c
            marks.append(("#" if lit[k] else ".") + ("o" if presses and presses[k] else "." if presses else ""))
        rows.append(" ".join(marks))
    return "\n".join(rows) + "\n"


def render_text(puzzle: Any, solution: bool) -> str:
    return render_lamps(puzzle.lit, puzzle.width, puzzle.height, puzzle.presses if solution else None)


def render_svg(puzzle: Any, solution: bool) -> str:
    lamps = []
    for k, lit in enumerate(puzzle.lit):
        y, x = divmod(k, puzzle.width)
        lamps.append(f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}" '
                     f'fill="{"#f5c518" if lit else "#333"}" stroke="#000"/>')
        if solution and puzzle.presses[k]:
            lamps.append(f'<circle cx="{x * CELL + CELL / 2}" cy="{y * CELL + CELL / 2}" r="{CELL / 4}" fill="#fff"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{puzzle.width * CELL}" '
            f'height="{puzzle.height * CELL}">{"".join(lamps)}</svg>')


def render_solution(problem: Any, solution: Sequence[int]) -> str:
    return render_lamps(problem.givens["lit"], problem.width, problem.height, solution)
