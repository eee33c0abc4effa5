"""Loop: draw one closed loop on the grid's edges; a number tells how many of its cell's sides it uses.

Known elsewhere as slitherlink. Generator version 1, designed for gridlogic
(the seed articles only mention Loop in passing). Modules: :mod:`.board`
(geometry, clues, the loop check), :mod:`.engine` (one board's state, its
rules and trail), :mod:`.colouring` (the inside/outside rule), :mod:`.solver`
(propagation by technique class, search with budgets, any W×H board),
:mod:`.general` (proven verdicts, with the SAT back end :mod:`.sat`),
:mod:`.difficulty` (grading), :mod:`.generator` (grow a region, remove
clues, prove uniqueness), :mod:`.formats` (puzz.link URLs, Loopy IDs, text,
JSON), :mod:`.render` (text and SVG).

>>> from gridlogic import loop
>>> loop.solve_grid([3, None, 3, None], 2, 2).status
'unique'
>>> loop.solve([None] * 4, 2).status
'several'
"""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.errors import InvalidParameters
from gridlogic.loop.board import (
    Grid,
    clues_of_region,
    grid,
    inside_of_loop,
    loop_of_region,
    validate_loop,
)
from gridlogic.loop.difficulty import Grade, grade, solvable_at
from gridlogic.loop.formats import (
    LoopPuzzleFile,
    from_loopy_id,
    from_puzzlink,
    from_text_grid,
    read_puzzle,
    to_loopy_id,
    to_puzzlink,
    to_text_grid,
)
from gridlogic.loop.generator import (
    DEFAULT_SIZE,
    DIFFICULTIES,
    NAME,
    PRESET_SIZES,
    SIZES,
    VERSION,
    Puzzle,
    check,
    final_check,
    generate,
    grow_region,
    puzzle_from_dict,
    verify,
)
from gridlogic.loop.render import board_svg, board_text
from gridlogic.loop.solver import EXAMPLES, Deduction, SolveResult, deduce, solve_grid

DEFAULT_NODE_LIMIT = 100_000


def solve(clues: Sequence[int | None], n: int, node_limit: int = DEFAULT_NODE_LIMIT) -> SolveResult:
    """Solve an n×n board (flat clues, None for blank): up to two solutions, ``nodes``, ``truncated``.

    ``.to_dict()["solutions"]`` gives each solution as its inside region (n×n 0/1).
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidParameters(f"n must be a positive int, not {n!r}")
    return solve_grid(clues, n, n, node_limit=node_limit)


def render_text(puzzle: Puzzle, solution: bool = False) -> str:
    """Dots and clues; with ``solution=True`` the loop is drawn in."""
    edges = puzzle.edges() if solution else None
    return board_text(puzzle.clues, puzzle.n, puzzle.n, edges) + "\n"


def render_svg(puzzle: Puzzle, solution: bool = False) -> str:
    if solution:
        return board_svg(puzzle.clues, puzzle.n, puzzle.n, puzzle.edges(), puzzle.answer)
    return board_svg(puzzle.clues, puzzle.n, puzzle.n)


__all__ = [
    "DEFAULT_NODE_LIMIT", "DEFAULT_SIZE", "DIFFICULTIES", "EXAMPLES", "NAME", "PRESET_SIZES", "SIZES",
    "VERSION",
    "Deduction", "Grade", "Grid", "LoopPuzzleFile", "Puzzle", "SolveResult", "board_svg",
    "board_text", "check", "clues_of_region", "deduce", "final_check", "from_loopy_id",
    "from_puzzlink", "from_text_grid", "generate", "grade", "grid", "grow_region", "inside_of_loop",
    "loop_of_region", "puzzle_from_dict", "read_puzzle", "render_svg", "render_text", "solvable_at",
    "solve", "solve_grid", "to_loopy_id", "to_puzzlink", "to_text_grid", "validate_loop", "verify",
]
