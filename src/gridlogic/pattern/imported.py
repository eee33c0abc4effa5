"""Nonograms brought from outside, played like generated ones (see "Imported puzzles" in :mod:`gridlogic.game`).

An imported nonogram's ID carries its Tatham game ID (the column clues, then
the row clues, ``/`` between lines and ``.`` between numbers), the most
compact text :func:`~gridlogic.pattern.problems.read_problem` reads; a ``.non`` file,
a Tatham ID typed with the square shorthand ``5:`` or gridlogic JSON is
written again in that form. The general solver must prove it unique within
5 seconds; boards up to 50x50 are taken (the largest puzzles of the common
collections). Worked example (checked in ``tests/test_imported.py``)::

    >>> from gridlogic.pattern.problems import read_problem
    >>> write_text(read_problem("width 3\\nheight 2\\nrows\\n3\\n1\\ncolumns\\n2\\n1\\n1\\n"))
    '3x2:2/1/1/3/1'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gridlogic.errors import ImportRefused
from gridlogic.game.imported import ImportedPuzzle as ImportedBase
from gridlogic.game.record import Imports, Problem
from gridlogic.pattern.formats import write_game_id
from gridlogic.pattern.problems import puzzle_file, read_problem

__all__ = ["FORMAT", "IMPORTS", "IMPORT_BUDGET", "IMPORT_MAX_SIDE", "ImportedPuzzle", "imported_puzzle", "write_text"]

IMPORT_BUDGET = 5.0  # seconds the general solver may take to prove a brought puzzle unique
IMPORT_MAX_SIDE = 50


FORMAT = "tatham"  # the text an imported puzzle's ID carries


@dataclass(frozen=True, repr=False)
class ImportedPuzzle(ImportedBase):
    """A nonogram brought from outside: its clues (an empty line is ``(0,)``, as generated ones
    have it) and the one solution the solver found, flat row-major (1 filled)."""

    width: int
    height: int
    text: str
    row_clues: tuple[tuple[int, ...], ...]
    col_clues: tuple[tuple[int, ...], ...]
    answer: tuple[int, ...]
    game: ClassVar[str] = "pattern"
    format: ClassVar[str] = FORMAT

    def givens(self) -> dict[str, Any]:
        return {"rowClues": [list(c) for c in self.row_clues], "colClues": [list(c) for c in self.col_clues]}

    def solution(self) -> dict[str, Any]:
        return {"cells": list(self.answer)}


def write_text(problem: Problem) -> str:
    """The Tatham game ID of a nonogram's clues."""
    return write_game_id(puzzle_file(problem))


def imported_puzzle(problem: Problem, solution: Sequence[int]) -> ImportedPuzzle:
    """The playable nonogram; ImportRefused when its one solution fills nothing (the blank grid
    would be solved already)."""
    if not any(solution):
        raise ImportRefused("this Pattern puzzle fills no cell: its blank grid is solved already")
    clues = puzzle_file(problem)
    rows = tuple(c or (0,) for c in clues.row_clues)
    cols = tuple(c or (0,) for c in clues.col_clues)
    return ImportedPuzzle(problem.width, problem.height, write_game_id(clues), rows, cols, tuple(solution))


IMPORTS = Imports(FORMAT, write_text, read_problem, imported_puzzle, {"budget": IMPORT_BUDGET}, IMPORT_MAX_SIDE)
"""Pattern's :class:`~gridlogic.game.record.Imports`: how the game plays nonograms brought from outside."""
