"""What the puzzle studio changes in a nonogram with several solutions: one cell of the picture.

A maker draws a picture and its clues follow. When those clues have several solutions, the
solver's two differ in some cells, the *difference*: a part of the picture the clues cannot pin
down. Adding or removing one cell changes the clues of that cell's row and column, and so may
leave a single solution. :func:`changes` lists every one-cell change of the ``design`` (the
picture the maker means: the file's goal, else the solver's first solution), nearest the
difference first: by the Chebyshev distance (rows and columns apart, whichever is more) from the
cell to the nearest cell of the difference, then in reading order. A change that would empty the
picture is left out (a blank grid is solved before it is played). Whether a change really makes
the puzzle unique is for the solver to prove (:mod:`gridlogic.studio` does, before offering it).

Worked example (checked in ``tests/test_studio.py``): ``2x2:1/1/1/1`` (every row and column one
cell) has two solutions, the two diagonals, which differ in all four cells. The design is the
solver's first, the least in cell order, ``[0, 1, 1, 0]``; the first change fills cell 0, leaving
``[1, 1, 1, 0]``, whose clues ``2x2:2/1/2/1`` have one solution.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from gridlogic.game.record import Change, Problem
from gridlogic.hints import Mark
from gridlogic.pattern.lines import grid_clues

__all__ = ["changes", "picture_problem"]


def picture_problem(cells: Sequence[int], width: int, height: int, source: str) -> Problem:
    """The nonogram whose clues a picture (flat, row-major, 1 filled) shows, with the picture as its goal."""
    rows, cols = grid_clues(cells, width, height)
    return Problem("pattern", width, height, {"rowClues": rows, "colClues": cols}, source, tuple(cells))


def changes(problem: Problem, design: Sequence[int], difference: Sequence[Mark]) -> Iterator[Change]:
    """Each one-cell change of ``design``, nearest ``difference`` first (see the module docstring)."""
    width, height = problem.width, problem.height
    apart = [(mark.index // width, mark.index % width) for mark in difference]

    def distance(cell: int) -> int:
        row, column = divmod(cell, width)
        return min((max(abs(row - r), abs(column - c)) for r, c in apart), default=0)

    filled = sum(design)
    for cell in sorted(range(width * height), key=lambda cell: (distance(cell), cell)):
        value = 1 - design[cell]
        if filled - design[cell] + value == 0:
            continue
        picture = list(design)
        picture[cell] = value
        yield Change((Mark("cell", cell, value),), picture_problem(picture, width, height, problem.source))
