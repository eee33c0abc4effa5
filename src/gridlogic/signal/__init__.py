"""Signal: rotate tiles until every pipe meets a pipe and the board is one tree.

Two generator versions. **Version 3** (:mod:`.v3`) is the engine of the seed
articles, identical to the original for every (size, seed, difficulty), on
4×4 to 6×6 boards. **Version 4** (:mod:`.v4`) makes any width and height
from 3 to 25, with wrapping edges or not, and every offered (size,
difficulty) for every seed, each puzzle proven unique. A call without a
version gets the latest, 4; a request or share link without one means 3,
as links made before version 4 do.

Modules, each importing only those before it: :mod:`.board` (tiles,
rotation, geometry), :mod:`.tables` (domains as bit sets and their lookup
tables, each board shape's :class:`~.tables.Geometry`), :mod:`.sweeps`
(full sweeps of propagation), :mod:`.search` (the steps every search takes
at a node: propagation from what changed, the cell to branch on),
:mod:`.solver` (the articles' propagation, search and global rule),
:mod:`.difficulty` (the articles' grader, and the grade every version
records), :mod:`.rules` (what every version shares: the puzzle, the rules
of play, metrics, the wrapping option), :mod:`.v3` and :mod:`.v4` (each
version's puzzle, generator and record), :mod:`.formats` (boards people
bring), :mod:`.imported` (playing them), :mod:`.hints` (the step solver)
and :mod:`.render` (text and SVG). The game's entry in
:data:`gridlogic.GAMES` is built at the end of this module.

Besides :data:`GAME` and :func:`generate`, the articles' own solver and
grader are here by their names: :func:`solve` (up to two ways to turn a
square board's tiles into one tree) and :func:`analyze_difficulty`.

>>> from gridlogic import signal
>>> puzzle = signal.generate(4, "notes-example", version=3)
>>> puzzle.attempt, puzzle.level, puzzle.metrics.score
(1, 'medium', 95)
>>> signal.generate((7, 5), "notes-example", "hard", wrapping=True).id
'signal.4.7x5w.hard.notes-example'
>>> signal.solve(list(puzzle.shuffled), 4).unique, signal.analyze_difficulty(list(puzzle.answer), 4).level
(True, 'medium')
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Game, Problem, graded_level_of
from gridlogic.params import check_int
from gridlogic.signal import v3, v4
from gridlogic.signal.difficulty import analyze_difficulty
from gridlogic.signal.formats import MAX_SIDE, looks_inline, read_board, read_file
from gridlogic.signal.hints import HINTS
from gridlogic.signal.imported import IMPORTS
from gridlogic.signal.render import board_svg, board_text
from gridlogic.signal.rules import Puzzle, check, min_moves, parse_board
from gridlogic.signal.solver import SOLVE_NODE_LIMIT, solve
from gridlogic.signal.tables import board_geometry
from gridlogic.signal.v4.deduction import solve_board
from gridlogic.verdict import Verdict, verdict_of


def render_text(puzzle: Puzzle, solution: bool = False) -> str:
    """The shuffled board, and with ``solution=True`` the answer below it."""
    text = board_text(puzzle.shuffled, puzzle.width, puzzle.height, puzzle.wrapping)
    if solution:
        text += "\n\nsolution:\n" + board_text(puzzle.answer, puzzle.width, puzzle.height, puzzle.wrapping)
    return text + "\n"


def render_svg(puzzle: Puzzle, solution: bool = False) -> str:
    return board_svg(puzzle.answer if solution else puzzle.shuffled, puzzle.width, height=puzzle.height,
                     wrapping=puzzle.wrapping)


def solve_problem(problem: Problem, *, node_limit: int | None = None, budget: float | None = None,
                  sat: bool = False) -> Verdict:
    """The ways (up to two) to turn a board's tiles into one tree, as a :class:`Verdict`.

    A square board without wrapping gets the articles' search (stopping at two
    solutions or ``node_limit`` nodes); any other shape version 4's search,
    which also applies its global rule at every node. Signal has no time
    budget or SAT back end: ``budget`` and ``sat`` are refused.
    """
    if budget is not None or sat:
        raise InvalidParameters("Signal's solver takes a node limit only (node_limit, a count of search nodes); "
                                "it has no time budget and no SAT back end")
    limit = SOLVE_NODE_LIMIT if node_limit is None else check_int(node_limit, "node_limit", 0)
    started = time.perf_counter()
    tiles = list(problem.givens["tiles"])
    wrapping = bool(problem.options.get("wrapping", False))
    if problem.width == problem.height and not wrapping:
        result = solve(tiles, problem.width, limit)
        solutions, nodes, truncated = result.solutions, result.nodes, result.truncated
    else:
        count = solve_board(tiles, board_geometry(problem.width, problem.height, wrapping), limit)
        solutions, nodes, truncated = count.solutions, count.nodes, count.truncated
    status = verdict_of(len(solutions), truncated)
    return Verdict(status, problem.width, problem.height, tuple(tuple(s) for s in solutions), nodes,
                   time.perf_counter() - started, "search")


def solution_form(problem: Problem, solution: Sequence[int]) -> dict[str, Any]:
    return {"tiles": list(solution)}


def render_solution(problem: Problem, solution: Sequence[int]) -> str:
    return board_text(solution, problem.width, problem.height, bool(problem.options.get("wrapping", False)))


GAME = Game(
    name="signal",
    title="Signal",
    summary="rotate tiles into one tree (Net)",
    versions={v3.VERSION_RECORD.number: v3.VERSION_RECORD, v4.VERSION_RECORD.number: v4.VERSION_RECORD},
    latest=v4.VERSION_RECORD.number,
    unversioned=v3.VERSION_RECORD.number,
    seconds_per_cell=5,
    solution_noun="solution",
    formats="a JSON list of tile masks (1 up, 2 right, 4 down, 8 left) or a puzzle's JSON",
    level_of=graded_level_of,
    parse_board=parse_board,
    check=check,
    min_moves=min_moves,
    render_text=render_text,
    render_svg=render_svg,
    read=read_board,
    read_file=read_file,
    looks_inline=looks_inline,
    solve=solve_problem,
    solution_form=solution_form,
    render_solution=render_solution,
    max_side=MAX_SIDE,
    solve_options=("node_limit",),
    default_node_limit=SOLVE_NODE_LIMIT,
    imports=IMPORTS,
    hints=HINTS,
)
generate = GAME.generate

__all__ = ["GAME", "analyze_difficulty", "generate", "solve"]
