"""Signal: rotate tiles until every pipe meets a pipe and the board is one tree.

The engine of the seed articles (generator version 3), identical to the
original for every (size, seed, difficulty). Modules, each importing only
those before it: :mod:`.board` (tiles, rotation, geometry), :mod:`.tables`
(domains as bit sets and their lookup tables), :mod:`.sweeps` (full sweeps
of propagation), :mod:`.solver` (propagation, search), :mod:`.difficulty`
(grading), :mod:`.generator` (tree, metrics, generate), :mod:`.render`
(text and SVG).

>>> from gridlogic import signal
>>> puzzle = signal.generate(4, "notes-example")
>>> puzzle.attempt, puzzle.difficulty.level, puzzle.metrics.score
(1, 'medium', 95)
"""

from __future__ import annotations

from gridlogic.signal.board import (
    BITS,
    connected,
    is_solved,
    neighbour,
    rotate,
    variants,
)
from gridlogic.signal.difficulty import Difficulty, analyze_difficulty
from gridlogic.signal.generator import (
    DEFAULT_SIZE,
    DIFFICULTIES,
    SIZES,
    VERSION,
    Metrics,
    Puzzle,
    check,
    generate,
    metrics,
    puzzle_from_dict,
    tree,
    verify,
)
from gridlogic.signal.render import board_svg, board_text
from gridlogic.signal.solver import Propagation, SolveResult, graph_conflict, propagate, solve

NAME = "signal"


def render_text(puzzle: Puzzle, solution: bool = False) -> str:
    """The shuffled board, and with ``solution=True`` the answer below it."""
    text = board_text(puzzle.shuffled, puzzle.n)
    if solution:
        text += "\n\nsolution:\n" + board_text(puzzle.answer, puzzle.n)
    return text + "\n"


def render_svg(puzzle: Puzzle, solution: bool = False) -> str:
    return board_svg(puzzle.answer if solution else puzzle.shuffled, puzzle.n)


__all__ = [
    "BITS", "DEFAULT_SIZE", "DIFFICULTIES", "NAME", "SIZES", "VERSION", "Difficulty", "Metrics",
    "Propagation", "Puzzle", "SolveResult", "analyze_difficulty", "board_svg", "board_text", "check",
    "connected", "generate", "graph_conflict", "is_solved", "metrics", "neighbour", "propagate",
    "puzzle_from_dict", "render_svg", "render_text", "rotate", "solve", "tree",
    "variants", "verify",
]
