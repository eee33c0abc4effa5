"""Pattern: a nonogram. Fill cells so that every row and column shows its run lengths.

Two generator versions. Version 1 is the engine of seed article 003,
identical to the original for every (size, seed): noise up to 10x10, no
difficulty. Version 2 (the latest) draws pictures of any width and height
from 5 to 40, optionally mirror-symmetric, graded easy, medium or hard by
what a person must do. Modules: :mod:`.lines` and :mod:`.linesolver`
(clues, placements, the line solver), :mod:`.propagation` and
:mod:`.solver` (propagation, the counting search), :mod:`.grading` (the
techniques and the grader), :mod:`.hints` (the next step a person can
take), :mod:`.generator`
(version 1: plant a grid, keep it when unique), :mod:`.generator_v2`
(version 2: draw a picture, steer it to its level), :mod:`.formats`
(``.non``, Tatham game IDs, JSON), :mod:`.general` (the solver for puzzles
people bring), :mod:`.render` (text and SVG). The game's entry in
:data:`gridlogic.GAMES` is built at the end of this module.

>>> from gridlogic import pattern
>>> puzzle = pattern.generate(5, "notes-example", version=1)
>>> puzzle.attempt, puzzle.row_clues[2]
(2, (1, 3))
>>> pattern.generate((15, 10), "notes-example", "medium").level
'medium'
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

from gridlogic.game.record import Game, GradeReport, Problem, Version, graded_level_of
from gridlogic.params import check_int, parse_json
from gridlogic.pattern import generator as version_1
from gridlogic.pattern import generator_v2 as version_2
from gridlogic.pattern.formats import MAX_SIDE, detect_format, read_puzzle, write_non
from gridlogic.pattern.general import solve_general
from gridlogic.pattern.generator import (
    NODE_LIMIT,
    Attempt,
    attempts,
    check,
    clues_for,
    min_moves,
    parse_board,
)
from gridlogic.pattern.grading import Grade, grade
from gridlogic.pattern.hints import HINTS
from gridlogic.pattern.imported import imports, puzzle_file, write_text
from gridlogic.pattern.lines import compute_clue, line_placements, solve_line
from gridlogic.pattern.render import grid_svg, grid_text
from gridlogic.pattern.solver import UNKNOWN, SolveResult, propagate, solve, solve_grid
from gridlogic.verdict import Verdict

DEFAULT_BUDGET = 60.0  # seconds the general solver may take when nobody says

Puzzle = version_1.Puzzle | version_2.Puzzle


def verify_v2(puzzle: version_2.Puzzle) -> bool:
    """Re-solve the clues from scratch with the general solver, which proves uniqueness: exactly one
    solution, and it is the answer."""
    verdict = solve_general(puzzle.row_clues, puzzle.col_clues, puzzle.width, puzzle.height)
    return verdict.status == "unique" and verdict.solutions[0] == puzzle.answer


GRADE_PROBE_LIMIT = 900  # open cells above which grading a brought puzzle does not probe (30x30 worth)


def grade_problem(problem: Problem) -> GradeReport:
    """The level of a puzzle people bring (or of a generated one's givens) and the cells each technique
    decided. Probing is not tried while more than :data:`GRADE_PROBE_LIMIT` cells are open: one probe
    step costs up to two line-solving passes per open cell, minutes on a big open board."""
    found = grade(problem.givens["rowClues"], problem.givens["colClues"], GRADE_PROBE_LIMIT)
    left = len(found.open_cells)
    notes = {"solved": "", "stuck": f"the techniques stop with {left} cells open"
                                    + (f", too many to probe (at most {GRADE_PROBE_LIMIT})" if left > GRADE_PROBE_LIMIT else ""),
             "contradiction": "the clues contradict each other: no grid shows them all"}
    return GradeReport(found.level, found.counts, "cells decided by each technique", notes[found.status])


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
    number=version_1.VERSION,
    summary="the seed articles' engine: the original app's puzzle for every (size, seed)",
    sides=version_1.SIZES,
    presets=version_1.SIZES,
    default_size=version_1.DEFAULT_SIZE,
    difficulties=version_1.DIFFICULTIES,
    make=version_1.make,
    from_dict=version_1.puzzle_from_dict,
    verify=version_1.verify,
)

def offered_v2(width: int, height: int, difficulty: str, options: Mapping[str, Any]) -> str | None:
    """Version 2's refusal of what it cannot make for every seed (see :func:`.generator_v2.refusal`)."""
    return version_2.refusal(width, height, difficulty, options.get("symmetry", version_2.SYMMETRY.default))


VERSION_2 = Version(
    number=version_2.VERSION,
    summary="pictures graded by what a person must do: easy (overlap), medium (line solving), hard (probing)",
    sides=version_2.SIDES,
    presets=version_2.PRESETS,
    default_size=version_2.DEFAULT_SIZE,
    difficulties=version_2.DIFFICULTIES,
    make=version_2.make,
    from_dict=version_2.puzzle_from_dict,
    verify=verify_v2,
    rectangular=True,
    options=(version_2.SYMMETRY,),
    offered=offered_v2,
)

GAME = Game(
    name="pattern",
    title="Pattern",
    summary="fill cells to match the run lengths (nonogram)",
    versions={version_1.VERSION: VERSION_1, version_2.VERSION: VERSION_2},
    latest=version_2.VERSION,
    unversioned=version_1.VERSION,  # links made before version 2 open the same puzzles
    seconds_per_cell=6,
    solution_noun="solution",
    formats=".non, a Tatham game ID (5x5:...) or gridlogic JSON",
    level_of=graded_level_of,  # version 1 records no level
    parse_board=parse_board,
    check=check,
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
    grade=grade_problem,
    hints=HINTS,
    exports={"non": lambda problem: write_non(puzzle_file(problem)),
             "tatham": write_text},  # the text of an imported puzzle's ID
)
generate = GAME.generate

__all__ = [
    "GAME", "NODE_LIMIT", "UNKNOWN", "Attempt", "Grade", "Puzzle", "SolveResult", "attempts", "check",
    "clues_for", "compute_clue", "generate", "grade", "grid_svg", "grid_text", "line_placements", "min_moves",
    "propagate", "read_problem", "render_svg", "render_text", "solve",
    "solve_grid", "solve_line",
]
