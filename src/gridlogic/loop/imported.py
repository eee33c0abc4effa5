"""Slitherlinks brought from outside, played like generated ones (see :mod:`gridlogic.game.imported`).

An imported slitherlink's ID carries its puzz.link form without the address,
``slither/W/H/body`` (:func:`~gridlogic.loop.formats.to_puzzlink`'s body, about
one character a clue), the most compact text
:func:`~gridlogic.loop.formats.read_problem` reads; a Loopy ID, a text grid or
gridlogic JSON is written again in that form. :func:`~gridlogic.loop.decide.decide` must prove
it unique within 5 seconds; boards up to 50x50 are taken.

A puzzle on another of Loopy's grids (honeycomb, kites, Penrose, ...: :mod:`.grid_problems`) has no
puzz.link form, so its ID carries its Loopy game ID (``WxHtN:[description_]clues``, as Loopy writes
it: :func:`~gridlogic.loop.grid_problems.loopy_id`), which the same reader reads back. The import
format keeps its one name, ``puzzlink``, for both (a game has one import format, and the ID's
board field is Loopy's W×H either way); the text tells them apart, as ``read_problem`` does. Such a
puzzle is played as a :class:`GridImportedPuzzle`: its grid, clues, and the inside of its one loop
(what a version 4 puzzle has), so that the rules' check, hints and drawings on a grid take it.

Worked example (checked in ``tests/test_imported.py`` and ``tests/loop/grids/test_grid_imports.py``)::

    >>> from gridlogic.loop.formats import read_problem
    >>> write_text(read_problem("3x2t0:3d1"))
    'slither/3/2/dhb'
    >>> write_text(read_problem("3x3t2:b420c3"))
    '3x3t2:b420c3'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from gridlogic.game.imported import ImportedPuzzle as ImportedBase
from gridlogic.game.record import Imports, Problem
from gridlogic.loop import grid_problems
from gridlogic.loop.board import inside_of_loop, loop_of_region
from gridlogic.loop.formats import read_problem, to_puzzlink
from gridlogic.loop.grids import Grid
from gridlogic.loop.rules import solution_of_edges

__all__ = ["FORMAT", "IMPORTS", "GridImportedPuzzle", "ImportedPuzzle", "imported_puzzle", "write_text"]

IMPORT_BUDGET = 5.0  # seconds the solver may take to prove a brought puzzle unique
IMPORT_MAX_SIDE = 50


FORMAT = "puzzlink"  # the text an imported puzzle's ID carries (a Loopy ID on another grid than squares)


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


@dataclass(frozen=True, repr=False)
class GridImportedPuzzle(ImportedBase):
    """A Loop puzzle on another of Loopy's grids brought from outside: its text (its Loopy ID), a clue
    or None per face, and the inside of the one loop the solver found (1 per face), as a version 4
    puzzle has them (:class:`gridlogic.loop.v4.GridPuzzle`: ``graph``, ``clues``, ``answer``)."""

    width: int
    height: int
    text: str
    clues: tuple[int | None, ...]
    answer: tuple[int, ...]
    game: ClassVar[str] = "loop"
    format: ClassVar[str] = FORMAT

    @cached_property
    def graph(self) -> Grid:
        """The grid as faces, edges and dots in Loopy's order (the one its Loopy ID names)."""
        return grid_problems.grid_of_loopy_id(self.text)

    def edges(self) -> list[int]:
        """The loop as 0/1 per edge of the grid, in Loopy's edge order."""
        return grid_problems.loop_round(self.graph, self.answer)

    def givens(self) -> dict[str, Any]:
        return {"clues": list(self.clues), "grid": grid_problems.drawing(self.graph)}

    def solution(self) -> dict[str, Any]:
        return {"inside": list(self.answer), "edges": self.edges()}


def write_text(problem: Problem) -> str:
    """``slither/W/H/body``: the puzz.link URL of the clues from its ``slither/`` on; on another grid
    than squares, the puzzle's Loopy ID (see the module docstring)."""
    if grid_problems.on_grid(problem):
        return grid_problems.loopy_id(problem)
    url = to_puzzlink(problem.givens["clues"], problem.width, problem.height)
    return url[url.index("slither/"):]


def imported_puzzle(problem: Problem, solution: Sequence[int]) -> ImportedPuzzle | GridImportedPuzzle:
    """The playable puzzle of ``problem`` and its one loop (0/1 per edge, as the solver gives it)."""
    clues = tuple(problem.givens["clues"])
    if grid_problems.on_grid(problem):
        inside = grid_problems.inside_of(grid_problems.grid_of(problem), solution)
        return GridImportedPuzzle(problem.width, problem.height, write_text(problem), clues, tuple(inside))
    inside = inside_of_loop(solution, problem.width, problem.height)
    return ImportedPuzzle(problem.width, problem.height, write_text(problem), clues, tuple(inside))


IMPORTS: Imports[ImportedPuzzle | GridImportedPuzzle] = Imports(
    FORMAT, write_text, read_problem, imported_puzzle, {"budget": IMPORT_BUDGET}, IMPORT_MAX_SIDE)
"""Loop's :class:`~gridlogic.game.record.Imports` record."""
