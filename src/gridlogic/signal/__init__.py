"""Signal: rotate tiles until every pipe meets a pipe and the board is one tree.

The engine of the seed articles (generator version 3), identical to the
original for every (size, seed, difficulty). Modules, each importing only
those before it: :mod:`.board` (tiles, rotation, geometry), :mod:`.tables`
(domains as bit sets and their lookup tables), :mod:`.sweeps` (full sweeps
of propagation), :mod:`.solver` (propagation, search), :mod:`.difficulty`
(grading), :mod:`.generator` (tree, metrics, generate), :mod:`.formats` (boards
people bring), :mod:`.render` (text and SVG). The game's entry in
:data:`gridlogic.GAMES` is built at the end of this module.

>>> from gridlogic import signal
>>> puzzle = signal.generate(4, "notes-example")
>>> puzzle.attempt, puzzle.level, puzzle.metrics.score
(1, 'medium', 95)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from gridlogic.game import Game, Problem, Version, graded_level_of, register
from gridlogic.params import check_int
from gridlogic.signal.board import (
    BITS,
    connected,
    is_solved,
    neighbour,
    rotate,
    variants,
)
from gridlogic.signal.difficulty import Difficulty, analyze_difficulty
from gridlogic.signal.formats import MAX_SIDE, looks_inline, read_board, read_file
from gridlogic.signal.generator import (
    DEFAULT_SIZE,
    DIFFICULTIES,
    SIZES,
    SOLVE_NODE_LIMIT,
    TURNS,
    VERSION,
    Metrics,
    Puzzle,
    check,
    make,
    metrics,
    min_moves,
    parse_board,
    puzzle_from_dict,
    tree,
    verify,
)
from gridlogic.signal.imported import IMPORTS
from gridlogic.signal.render import board_svg, board_text
from gridlogic.signal.solver import Propagation, SolveResult, graph_conflict, propagate, solve
from gridlogic.verdict import Verdict


def render_text(puzzle: Puzzle, solution: bool = False) -> str:
    """The shuffled board, and with ``solution=True`` the answer below it."""
    text = board_text(puzzle.shuffled, puzzle.n)
    if solution:
        text += "\n\nsolution:\n" + board_text(puzzle.answer, puzzle.n)
    return text + "\n"


def render_svg(puzzle: Puzzle, solution: bool = False) -> str:
    return board_svg(puzzle.answer if solution else puzzle.shuffled, puzzle.n)


def solve_problem(problem: Problem, *, node_limit: int | None = None, budget: float | None = None,
                  sat: bool = False) -> Verdict:
    """The articles' search (stopping at two solutions or ``node_limit`` nodes) as a :class:`Verdict`.

    Signal has no time budget or SAT back end: ``budget`` and ``sat`` are refused.
    """
    if budget is not None or sat:
        raise ValueError("the Signal solver takes a node limit only")
    limit = SOLVE_NODE_LIMIT if node_limit is None else check_int(node_limit, "node_limit", 0)
    started = time.perf_counter()
    result = solve(list(problem.givens["tiles"]), problem.width, limit)
    solutions = tuple(tuple(s) for s in result.solutions)
    return Verdict(result.status, problem.width, problem.height, solutions, result.nodes,
                   time.perf_counter() - started, "search")


def solution_form(problem: Problem, solution: Sequence[int]) -> dict[str, Any]:
    return {"tiles": list(solution)}


def render_solution(problem: Problem, solution: Sequence[int]) -> str:
    return board_text(solution, problem.width)


VERSION_3 = Version(
    number=VERSION,
    summary="the seed articles' engine: the original app's puzzle for every (size, seed, difficulty)",
    sides=SIZES,
    presets=SIZES,
    default_size=DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
)

GAME = register(Game(
    name="signal",
    title="Signal",
    order=1,
    summary="rotate tiles into one tree (Net)",
    versions={VERSION: VERSION_3},
    latest=VERSION,
    unversioned=VERSION,
    seconds_per_cell=5,
    solution_noun="solution",
    formats="a JSON list of tile masks (1 up, 2 right, 4 down, 8 left) or a puzzle's JSON",
    make=make,
    from_dict=puzzle_from_dict,
    level_of=graded_level_of,
    parse_board=parse_board,
    check=check,
    verify=verify,
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
))
generate = GAME.generate

__all__ = [
    "BITS", "GAME", "TURNS", "Difficulty", "Metrics", "Propagation", "Puzzle", "SolveResult",
    "analyze_difficulty", "board_svg", "board_text", "check", "connected", "generate", "graph_conflict",
    "is_solved", "metrics", "min_moves", "neighbour", "propagate", "puzzle_from_dict", "read_board",
    "render_svg", "render_text", "rotate", "solve", "tree", "variants", "verify",
]
