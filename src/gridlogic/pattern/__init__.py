"""Pattern: a nonogram. Fill cells so that every row and column shows its run lengths.

The engine of seed article 003 (generator version 1), identical to the
original for every (size, seed). Modules: :mod:`.lines` (clues, placements,
the line solver), :mod:`.solver` (propagation, the counting search),
:mod:`.generator` (plant a grid, keep it when unique), :mod:`.formats`
(``.non``, Tatham game IDs, JSON), :mod:`.render` (text and SVG).

>>> from gridlogic import pattern
>>> puzzle = pattern.generate(5, "notes-example")
>>> puzzle.attempt, puzzle.row_clues[2]
(2, (1, 3))
"""

from __future__ import annotations

from gridlogic.pattern.generator import (
    DEFAULT_SIZE,
    DIFFICULTIES,
    SIZES,
    VERSION,
    Attempt,
    Puzzle,
    attempts,
    check,
    clues_for,
    generate,
    puzzle_from_dict,
    verify,
)
from gridlogic.pattern.lines import compute_clue, line_placements, solve_line
from gridlogic.pattern.render import grid_svg, grid_text
from gridlogic.pattern.solver import UNKNOWN, SolveResult, propagate, solve, solve_grid

NAME = "pattern"


def render_text(puzzle: Puzzle, solution: bool = False) -> str:
    """The clues around a blank grid, or around the answer with ``solution=True``."""
    return grid_text(puzzle.row_clues, puzzle.col_clues, puzzle.answer if solution else None) + "\n"


def render_svg(puzzle: Puzzle, solution: bool = False) -> str:
    return grid_svg(puzzle.row_clues, puzzle.col_clues, puzzle.answer if solution else None)


__all__ = [
    "DEFAULT_SIZE", "DIFFICULTIES", "NAME", "SIZES", "UNKNOWN", "VERSION", "Attempt", "Puzzle",
    "SolveResult", "attempts", "check", "clues_for", "compute_clue", "generate", "grid_svg",
    "grid_text", "line_placements", "propagate", "puzzle_from_dict", "render_svg", "render_text",
    "solve", "solve_grid", "solve_line", "verify",
]
