"""Pattern: a nonogram. Fill cells so that every row and column shows its run lengths.

The engine of seed article 003 (generator version 1), identical to the
original for every (size, seed). Modules: :mod:`.lines` (clues, placements,
the line solver), :mod:`.solver` (propagation, the counting search),
:mod:`.generator` (plant a grid, keep it when unique), :mod:`.formats`
(``.non``, Tatham game IDs, JSON), :mod:`.general` (the solver for puzzles
people bring), :mod:`.render` (text and SVG). The game's entry in
:data:`gridlogic.GAMES` is built at the end of this module.

>>> from gridlogic import pattern
>>> puzzle = pattern.generate(5, "notes-example")
>>> puzzle.attempt, puzzle.row_clues[2]
(2, (1, 3))
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from gridlogic.game import Game, Problem, Version, register
from gridlogic.params import check_int, parse_json
from gridlogic.pattern.formats import MAX_SIDE, detect_format, read_puzzle
from gridlogic.pattern.general import solve_general
from gridlogic.pattern.generator import (
    DEFAULT_SIZE,
    DIFFICULTIES,
    NODE_LIMIT,
    SIZES,
    VERSION,
    Attempt,
    Puzzle,
    attempts,
    check,
    clues_for,
    make,
    min_moves,
    parse_board,
    puzzle_from_dict,
    verify,
)
from gridlogic.pattern.hints import HINTS
from gridlogic.pattern.imported import imports
from gridlogic.pattern.lines import compute_clue, line_placements, solve_line
from gridlogic.pattern.render import grid_svg, grid_text
from gridlogic.pattern.solver import UNKNOWN, SolveResult, propagate, solve, solve_grid
from gridlogic.verdict import Verdict

DEFAULT_BUDGET = 60.0  # seconds the general solver may take when nobody says


def render_text(puzzle: Puzzle, solution: bool = False) -> str:
    """The clues around a blank grid, or around the answer with ``solution=True``."""
    return grid_text(puzzle.row_clues, puzzle.col_clues, puzzle.answer if solution else None) + "\n"


def render_svg(puzzle: Puzzle, solution: bool = False) -> str:
    return grid_svg(puzzle.row_clues, puzzle.col_clues, puzzle.answer if solution else None)


_SOURCES = {"json": "json", "game-id": "tatham", "non": "non"}


def read_problem(text: str) -> Problem:
    """A nonogram in any format :func:`~.formats.read_puzzle` reads, as a :class:`Problem`."""
    found = read_puzzle(text)
    givens = {"rowClues": [list(c) or [0] for c in found.row_clues],
              "colClues": [list(c) or [0] for c in found.col_clues]}
    return Problem("pattern", found.width, found.height, givens, _SOURCES[detect_format(text)], found.goal)


def read_file(name: str, text: str) -> list[tuple[str, Problem]] | None:
    """A ``.non`` file, a ``.json`` nonogram (with ``rowClues``) or a ``.txt`` Tatham ID; else None."""
    stripped = text.lstrip("\ufeff").strip()
    if name.endswith(".json"):
        data = parse_json(text, "the file")
        if not isinstance(data, dict) or "rowClues" not in data:
            return None
    elif name.endswith(".txt"):
        if not looks_inline(stripped):
            return None
    elif not name.endswith(".non"):
        return None
    return [("", read_problem(text))]


_INLINE_ID = re.compile(r"\d+(?:x\d+)?:[0-9./]*/[0-9./]*")


def looks_inline(text: str) -> bool:
    """True when ``text`` is a Tatham game ID (``3x2:2/1/1/3/1``) rather than the name of a file.

    Its clues are digits, ``.`` and ``/``, and there is a ``/`` (a board has at
    least two lines): a Loopy ID (``2x1:3a``) never has one.
    """
    return _INLINE_ID.fullmatch(text.strip()) is not None


def solve_problem(problem: Problem, *, budget: float | None = None, node_limit: int | None = None,
                  sat: bool = False) -> Verdict:
    """The general solver (budget in seconds, ``sat`` to start with SAT), or with ``node_limit``
    the generator's own counting search, as the original app's, within that many nodes."""
    rows, cols = problem.givens["rowClues"], problem.givens["colClues"]
    if node_limit is None:
        return solve_general(rows, cols, problem.width, problem.height,
                             time_limit=DEFAULT_BUDGET if budget is None else budget, sat=sat)
    started = time.perf_counter()
    result = solve_grid(rows, cols, check_int(node_limit, "node_limit", 0))
    return Verdict(result.status, problem.width, problem.height, tuple(map(tuple, result.solutions)),
                   result.nodes, time.perf_counter() - started, "search")


def solution_form(problem: Problem, solution: Sequence[int]) -> dict[str, Any]:
    return {"cells": list(solution)}


def render_solution(problem: Problem, solution: Sequence[int]) -> str:
    return grid_text(problem.givens["rowClues"], problem.givens["colClues"], solution)


VERSION_1 = Version(
    number=VERSION,
    summary="the seed articles' engine: the original app's puzzle for every (size, seed)",
    sides=SIZES,
    presets=SIZES,
    default_size=DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
)

GAME = register(Game(
    name="pattern",
    title="Pattern",
    order=2,
    summary="fill cells to match the run lengths (nonogram)",
    versions={VERSION: VERSION_1},
    latest=VERSION,
    unversioned=VERSION,
    seconds_per_cell=6,
    solution_noun="solution",
    formats=".non, a Tatham game ID (5x5:...) or gridlogic JSON",
    make=make,
    from_dict=puzzle_from_dict,
    level_of=lambda data: None,  # version 1 grades nothing
    parse_board=parse_board,
    check=check,
    verify=verify,
    min_moves=min_moves,
    render_text=render_text,
    render_svg=render_svg,
    read=read_problem,
    read_file=read_file,
    looks_inline=looks_inline,
    solve=solve_problem,
    solution_form=solution_form,
    render_solution=render_solution,
    max_side=MAX_SIDE,
    solve_options=("budget", "node_limit", "sat"),
    default_budget=DEFAULT_BUDGET,
    imports=imports(read_problem),
    hints=HINTS,
))
generate = GAME.generate

__all__ = [
    "GAME", "NODE_LIMIT", "UNKNOWN", "Attempt", "Puzzle", "SolveResult", "attempts", "check", "clues_for",
    "compute_clue", "generate", "grid_svg", "grid_text", "line_placements", "min_moves", "propagate",
    "puzzle_from_dict", "read_problem", "render_svg", "render_text", "solve", "solve_grid", "solve_line",
    "verify",
]
