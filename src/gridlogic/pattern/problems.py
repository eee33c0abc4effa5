"""Nonograms as :class:`~gridlogic.game.record.Problem` records: a puzzle as read from a format people
use, or the givens of a generated one. The game's entries that take one:

:func:`read_problem` reads any format :func:`.formats.read_puzzle` reads (``.non``, a Tatham game
ID, gridlogic JSON) and :func:`read_file` a file of one of them; :func:`looks_inline` tells a
game ID typed on a command line from a file's name. :func:`solve_problem` runs the solver for
puzzles people bring (:mod:`.decide`) or, given a node limit, the generator's own counting
search (:mod:`.solver`); :func:`grade_problem` gives the grader's level (:mod:`.grading`).
:func:`puzzle_file` and :func:`write_non_text` write a problem's clues in the formats'
form. Worked example (checked in ``tests/pattern/test_problems.py``)::

    >>> problem = read_problem("3x2:2/1/1/3/1")
    >>> problem.source, problem.givens
    ('tatham', {'rowClues': [[3], [1]], 'colClues': [[2], [1], [1]]})
    >>> solve_problem(problem).status, solution_form(problem, (1, 1, 1, 1, 0, 0))
    ('unique', {'cells': [1, 1, 1, 1, 0, 0]})
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from gridlogic.game.record import GradeReport, Problem
from gridlogic.params import check_int, parse_json
from gridlogic.pattern.decide import decide
from gridlogic.pattern.formats import PatternPuzzleFile, detect_format, read_puzzle, write_non
from gridlogic.pattern.grading import grade
from gridlogic.pattern.solver import solve_grid
from gridlogic.verdict import Verdict

__all__ = [
    "DEFAULT_BUDGET", "GRADE_PROBE_LIMIT", "grade_problem", "looks_inline", "puzzle_file", "read_file", "read_problem",
    "solution_form", "solve_problem", "write_non_text",
]

DEFAULT_BUDGET = 60.0  # seconds the solver for puzzles people bring may take when nobody says
GRADE_PROBE_LIMIT = 900  # open cells above which grading a brought puzzle does not probe (30x30 worth)

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
    """The solver for puzzles people bring (budget in seconds, ``sat`` to start with SAT), or with
    ``node_limit`` the generator's own counting search, as the original app's, within that many nodes."""
    rows, cols = problem.givens["rowClues"], problem.givens["colClues"]
    if node_limit is None:
        return decide(rows, cols, problem.width, problem.height,
                      time_limit=DEFAULT_BUDGET if budget is None else budget, sat=sat)
    started = time.perf_counter()
    result = solve_grid(rows, cols, check_int(node_limit, "node_limit", 0))
    return Verdict(result.status, problem.width, problem.height, tuple(map(tuple, result.solutions)),
                   result.nodes, time.perf_counter() - started, "search")


def grade_problem(problem: Problem, deadline: float | None = None) -> GradeReport:
    """The level of a puzzle people bring (or of a generated one's givens) and the cells each technique
    decided. Probing is not tried while more than :data:`GRADE_PROBE_LIMIT` cells are open: one probe
    step costs up to two line-solving passes per open cell, minutes on a big open board. Past
    ``deadline``: :class:`~gridlogic.params.OutOfTime` (see :func:`.grading.grade`)."""
    found = grade(problem.givens["rowClues"], problem.givens["colClues"], GRADE_PROBE_LIMIT, deadline)
    left = len(found.open_cells)
    too_many = f", too many to probe (at most {GRADE_PROBE_LIMIT})" if left > GRADE_PROBE_LIMIT else ""
    notes = {"solved": "", "stuck": f"the techniques stop with {left} cells open{too_many}",
             "contradiction": "the clues contradict each other: no grid shows them all"}
    return GradeReport(found.level, found.counts, "cells decided by each technique", notes[found.status])


def solution_form(problem: Problem, solution: Sequence[int]) -> dict[str, Any]:
    """A verdict's flat solution in the form of a puzzle's ``solution()``."""
    return {"cells": list(solution)}


def _runs(clue: Sequence[int]) -> tuple[int, ...]:
    return tuple(x for x in clue if x)


def puzzle_file(problem: Problem) -> PatternPuzzleFile:
    """A nonogram's clues as the formats' writers take them (a clue of 0 is an empty line)."""
    rows = tuple(_runs(c) for c in problem.givens["rowClues"])
    cols = tuple(_runs(c) for c in problem.givens["colClues"])
    return PatternPuzzleFile(problem.width, problem.height, rows, cols)


def write_non_text(problem: Problem) -> str:
    """The ``.non`` text of a nonogram's clues."""
    return write_non(puzzle_file(problem))
