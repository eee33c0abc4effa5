"""Slitherlinks brought from outside, played like generated ones (see :mod:`gridlogic.game.imported`).

An imported slitherlink's ID carries its puzz.link form without the address,
``slither/W/H/body`` (:func:`~gridlogic.loop.formats.to_puzzlink`'s body, about
one character a clue), the most compact text
:func:`~gridlogic.loop.formats.read_problem` reads; a Loopy ID, a text grid or
gridlogic JSON is written again in that form. :func:`~gridlogic.loop.decide.decide` must prove
it unique within 5 seconds; boards up to 50x50 are taken. Worked example
(checked in ``tests/test_imported.py``)::

    >>> from gridlogic.loop.formats import read_problem
    >>> write_text(read_problem("3x2t0:3d1"))
    'slither/3/2/dhb'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gridlogic.game.imported import ImportedPuzzle as ImportedBase
from gridlogic.game.record import Imports, Problem
from gridlogic.loop import grid_problems
from gridlogic.loop.board import inside_of_loop, loop_of_region
from gridlogic.loop.formats import read_problem, to_puzzlink
from gridlogic.loop.rules import solution_of_edges

__all__ = ["FORMAT", "IMPORTS", "ImportedPuzzle", "imported_puzzle", "write_text"]

IMPORT_BUDGET = 5.0  # seconds the solver may take to prove a brought puzzle unique
IMPORT_MAX_SIDE = 50


FORMAT = "puzzlink"  # the text an imported puzzle's ID carries


@dataclass(frozen=True, repr=False)
class ImportedPuzzle(ImportedBase):
    """A slitherlink brought from outside: its clues (None for a blank cell) and the inside of the
    one loop the solver found (the ``answer`` a generated puzzle has too)."""

    width: int
    height: int
    text: str
    clues: tuple[int | None, ...]
    answer: tuple[int, ...]
    game: ClassVar[str] = "loop"
    format: ClassVar[str] = FORMAT

    def edges(self) -> list[int]:
        """The loop as 0/1 per edge (horizontal edges, then vertical ones)."""
        return loop_of_region(self.answer, self.width, self.height)

    def givens(self) -> dict[str, Any]:
        return {"clues": list(self.clues)}

    def solution(self) -> dict[str, Any]:
        return solution_of_edges(self.edges(), self.width, self.height)


def write_text(problem: Problem) -> str:
    """``slither/W/H/body``: the puzz.link URL of the clues from its ``slither/`` on (squares only: a
    puzzle on another grid is refused, :func:`gridlogic.loop.grid_problems.refuse_play`)."""
    if grid_problems.on_grid(problem):
        return grid_problems.refuse_play(problem)
    url = to_puzzlink(problem.givens["clues"], problem.width, problem.height)
    return url[url.index("slither/"):]


def imported_puzzle(problem: Problem, solution: Sequence[int]) -> ImportedPuzzle:
    inside = inside_of_loop(solution, problem.width, problem.height)
    return ImportedPuzzle(problem.width, problem.height, write_text(problem), tuple(problem.givens["clues"]),
                          tuple(inside))


IMPORTS = Imports(FORMAT, write_text, read_problem, imported_puzzle, {"budget": IMPORT_BUDGET},
                  IMPORT_MAX_SIDE)
"""Loop's :class:`~gridlogic.game.record.Imports` record."""
