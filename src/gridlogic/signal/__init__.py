"""Signal: rotate tiles until every pipe meets a pipe and the board is one tree.

Two generator versions. **Version 3** is the engine of the seed articles,
identical to the original for every (size, seed, difficulty), on 4×4 to
6×6 boards. **Version 4** (:mod:`.v4`) makes any width and height from 3
to 25, with wrapping edges or not, and every offered (size, difficulty)
for every seed, each puzzle proven unique. A call without a version gets
the latest, 4; a request or share link without one means 3, as links made
before version 4 do.

Modules, each importing only those before it: :mod:`.board` (tiles,
rotation, geometry), :mod:`.tables` (domains as bit sets and their lookup
tables, each board shape's :class:`~.tables.Geometry`), :mod:`.sweeps`
(full sweeps of propagation), :mod:`.solver` (propagation, search),
:mod:`.difficulty` (grading), :mod:`.generator` (version 3: tree, metrics,
generate; the puzzle every version makes), :mod:`.v4` (version 4's rules,
grader and generator), :mod:`.formats` (boards people bring),
:mod:`.render` (text and SVG). The game's entry in :data:`gridlogic.GAMES`
is built at the end of this module.

>>> from gridlogic import signal
>>> puzzle = signal.generate(4, "notes-example", version=3)
>>> puzzle.attempt, puzzle.level, puzzle.metrics.score
(1, 'medium', 95)
>>> signal.generate((7, 5), "notes-example", "hard", wrapping=True).id
'signal.4.7x5w.hard.notes-example'
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from gridlogic.game.record import Game, Problem, Version, graded_level_of
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
    WRAPPING,
    Metrics,
    Puzzle,
    check,
    metrics,
    min_moves,
    parse_board,
    puzzle_from_dict,
    tree,
)
from gridlogic.signal.generator import make as make_v3
from gridlogic.signal.generator import verify as verify_v3
from gridlogic.signal.hints import HINTS
from gridlogic.signal.imported import IMPORTS
from gridlogic.signal.render import board_svg, board_text
from gridlogic.signal.solver import Propagation, SolveResult, graph_conflict, propagate, solve
from gridlogic.signal.tables import board_geometry
from gridlogic.signal.v4 import generator as v4
from gridlogic.signal.v4.deduction import solve_board
from gridlogic.signal.v4.generator import make as make_v4
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
        raise ValueError("the Signal solver takes a node limit only")
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


def offered(width: int, height: int, difficulty: str, options: Mapping[str, Any]) -> str | None:
    """Version 4's refusal of what it cannot make for every seed (see :func:`.v4.refusal`)."""
    return v4.refusal(width, height, difficulty, bool(options.get("wrapping", False)))


VERSION_3 = Version(
    number=VERSION,
    summary="the seed articles' engine: the original app's puzzle for every (size, seed, difficulty)",
    sides=SIZES,
    presets=SIZES,
    default_size=DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
    make=make_v3,
    from_dict=puzzle_from_dict,
    verify=verify_v3,
)

VERSION_4 = Version(
    number=v4.VERSION,
    summary=("any width and height, wrapping or not; every seed makes a puzzle, proven unique, of its level "
             "(none is made of medium on 3x3 with a border, of hard under 16 tiles with a border or 12 wrapping)"),
    sides=v4.SIDES,
    presets=v4.PRESETS,
    default_size=v4.DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
    make=make_v4,
    from_dict=v4.puzzle_from_dict,
    verify=v4.verify,
    rectangular=True,
    options=(WRAPPING,),
    offered=offered,
)

GAME = Game(
    name="signal",
    title="Signal",
    summary="rotate tiles into one tree (Net)",
    versions={VERSION: VERSION_3, v4.VERSION: VERSION_4},
    latest=v4.VERSION,
    unversioned=VERSION,
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

__all__ = [
    "BITS", "GAME", "TURNS", "Difficulty", "Metrics", "Propagation", "Puzzle", "SolveResult",
    "analyze_difficulty", "board_svg", "board_text", "check", "connected", "generate",
    "graph_conflict", "is_solved", "metrics", "min_moves", "neighbour", "propagate", "puzzle_from_dict",
    "read_board", "render_svg", "render_text", "rotate", "solve", "tree", "variants",
]
