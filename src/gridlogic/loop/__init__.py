"""Loop: draw one closed loop on the grid's edges; a number tells how many of its cell's sides it uses.

Known elsewhere as slitherlink. Three generator versions, designed for gridlogic (the seed
articles only mention Loop in passing): version 1 (:mod:`.v1`: square boards 5 to 10, three
levels), version 2 (:mod:`.v2`: any W×H from 4 to 30, four levels defined by technique,
fast) and version 3 (:mod:`.v3`: any W×H from 4 to 30, the four levels of Simon Tatham's
Loopy, Easy, Normal, Tricky and Hard). A call without a version (``generate``, ``gridlogic
loop generate``) gets the latest, version 3; a request or share link without one means
version 1 (``Game.unversioned``), so that links made with version 1 keep opening the same puzzles.

Modules, each importing only those before it:

* :mod:`.board` — geometry, clues, the loop check;
* :mod:`.colouring` — the inside/outside rule; :mod:`.engine` — one board's state, its rules
  and trail;
* :mod:`.solver` — propagation by technique class, search with budgets, any W×H board;
* :mod:`.difficulty` — version 1's grade (the cheapest technique class that finishes);
* :mod:`.rules` — what every version shares: the puzzle, a player's board, its check, the
  fewest moves, metrics;
* :mod:`.sat` — the SAT back end; :mod:`.decide` — proven verdicts on puzzles people bring
  (native search and SAT in turns);
* :mod:`.formats` — puzz.link URLs, Loopy IDs, text grids, JSON; :mod:`.render` — text and SVG;
* :mod:`.hints` — the step solver that explains; :mod:`.imported` — puzzles brought from
  outside; :mod:`.studio` — the puzzle studio's changes, one more clue shown;
* :mod:`.v1`, :mod:`.v2`, :mod:`.v3` — one subpackage per generator version, each with its
  :class:`~gridlogic.game.record.Version` record (``make``, ``from_dict``, ``verify``) and the
  levels its hints use.

The game's entry in :data:`gridlogic.GAMES` is :data:`GAME`, filled in at the end of this
module; a new version is one subpackage and one entry in :data:`VERSIONS`.

>>> from gridlogic import loop
>>> loop.solve_grid([3, None, 3, None], 2, 2).status
'unique'
>>> loop.solve([None] * 4, 2).status
'several'
>>> loop.generate(5, "notes-example").id
'loop.3.5x5.any.notes-example'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gridlogic.game.record import Game, GradeReport, Problem, Studio, Version, graded_level_of
from gridlogic.loop import grid_problems, studio, v1, v2, v3, v4
from gridlogic.loop.decide import DEFAULT_NODE_LIMIT, decide_problem
from gridlogic.loop.formats import (
    EXPORTS,
    MAX_SIDE,
    looks_inline,
    read_file,
    read_problem,
    to_loopy_id,
    to_puzzlink,
)
from gridlogic.loop.hints import hints_by_version
from gridlogic.loop.imported import IMPORTS, ImportedPuzzle
from gridlogic.loop.render import render_solution, render_svg, render_text
from gridlogic.loop.rules import Grading, Puzzle, check, min_moves, parse_board, solution_form
from gridlogic.loop.solver import solve, solve_grid
from gridlogic.loop.v3.levels import LEVELS, grade_problem
from gridlogic.loop.v4 import GridPuzzle, play

__all__ = ["GAME", "generate", "solve", "solve_grid", "to_loopy_id", "to_puzzlink"]

VERSIONS: tuple[tuple[Version, Grading], ...] = (
    (v1.VERSION, v1.GRADING),
    (v2.VERSION, v2.GRADING),
    (v3.VERSION, v3.GRADING),
    (v4.VERSION, v4.GRADING),
)
"""Each generator version's record and the levels its hints explain a puzzle by."""
LATEST = v3.VERSION.number
UNVERSIONED = v1.VERSION.number



def solution_any_form(problem: Problem, solution: Sequence[int]) -> dict[str, Any]:
    """A verdict's solution in the form of a puzzle's ``solution()``, on squares or on another grid."""
    return (grid_problems.solution_form if grid_problems.on_grid(problem) else solution_form)(problem, solution)


def render_any_solution(problem: Problem, solution: Sequence[int]) -> str:
    return (grid_problems.render_solution if grid_problems.on_grid(problem) else render_solution)(problem, solution)


def grade_any(problem: Problem, deadline: float | None = None) -> GradeReport:
    """The level of a problem by the latest ladder (version 3's) on squares, version 4's on another grid."""
    return (grid_problems.grade if grid_problems.on_grid(problem) else grade_problem)(problem, deadline)


def check_any(puzzle: Puzzle | ImportedPuzzle | GridPuzzle, board: object) -> dict[str, Any]:
    """The rules' check of a board, on squares or (version 4) on any grid."""
    return play.check(puzzle, board) if isinstance(puzzle, GridPuzzle) else check(puzzle, board)


def parse_any_board(width: int, height: int, raw: object) -> dict[str, list[int]]:
    """A player's board on squares (``horizontal`` and ``vertical``) or on a grid (``edges``)."""
    if isinstance(raw, dict) and "edges" in raw:
        return {"edges": play.parse_edges(raw)}
    return parse_board(width, height, raw)


def render_any_text(puzzle: Puzzle | ImportedPuzzle | GridPuzzle, solution: bool = False) -> str:
    if isinstance(puzzle, GridPuzzle):
        return play.render_text(puzzle, puzzle.edges() if solution else None)
    return render_text(puzzle, solution)


def render_any_svg(puzzle: Puzzle | ImportedPuzzle | GridPuzzle, solution: bool = False) -> str:
    if isinstance(puzzle, GridPuzzle):
        return play.render_svg(puzzle, puzzle.edges() if solution else None, puzzle.answer if solution else None)
    return render_svg(puzzle, solution)


GAME: Game[Puzzle | ImportedPuzzle, dict[str, list[int]]] = Game(
    name="loop",
    title="Loop",
    summary="draw one loop that meets every number (slitherlink)",
    versions={version.number: version for version, _ in VERSIONS},
    latest=LATEST,
    unversioned=UNVERSIONED,
    seconds_per_cell=8,
    solution_noun="loop",
    formats="a puzz.link URL, a Loopy game ID, a text grid or gridlogic JSON",
    level_of=graded_level_of,
    parse_board=parse_any_board,
    check=check_any,
    min_moves=min_moves,
    render_text=render_any_text,
    render_svg=render_any_svg,
    read=read_problem,
    read_file=read_file,
    looks_inline=looks_inline,
    solve=decide_problem,
    solution_form=solution_any_form,
    render_solution=render_any_solution,
    max_side=MAX_SIDE,
    grade=grade_any,  # the latest ladder's (version 3: Loopy's four levels), version 4's on other grids
    solve_options=("budget", "node_limit", "sat"),
    default_node_limit=DEFAULT_NODE_LIMIT,
    imports=IMPORTS,
    # version 3's hints are its own ladder's, and they explain puzzles brought from outside too
    hints=hints_by_version({version.number: grading for version, grading in VERSIONS}, LATEST,
                           {3: v3.HINTS, 4: v4.HINTS}),
    exports=EXPORTS,
    studio=Studio("edge", IMPORTS.write, studio.changes, studio.thin, LEVELS),
)
generate = GAME.generate
