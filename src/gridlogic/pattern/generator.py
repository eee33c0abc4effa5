"""The Pattern generator (version 1): plant a random grid, keep it if its clues are unique.

Seed article 003 (part 2) describes it, and ``generate`` reproduces the
original engine field for field. For a size ``n`` in 5, 8, 10 and a seed of
at most 80 characters (JavaScript's ``seed.length``: UTF-16 code units), one
random stream ``rng(seed)`` feeds up to 500 attempts; a rejected attempt's
numbers are not given back, the next attempt continues the stream. Each
attempt:

1. draws a density ``0.4 + random() * 0.25`` (so 0.4 to 0.65);
2. fills each cell independently, row-major, when ``random() < density``;
3. rejects a grid with fewer than ``max(3, floor(n*n*0.15))`` filled cells or
   more than ``n*n`` minus that (3..22 for n=5, 9..55 for 8, 15..85 for 10);
4. computes every row's and column's clue (:func:`clues_for`; an empty line
   is ``[0]``) and runs :func:`gridlogic.pattern.solver.solve` with a
   budget of 20,000 nodes: a truncated search, no solution or two solutions
   reject the grid;
5. defensively checks that the single solution is the planted grid.

All clues are shown: unlike Loop, Pattern removes none. There is no
difficulty grading, so ``DIFFICULTIES`` is just ``("any",)``.

What the generator guarantees: every puzzle it returns has exactly one
solution, proven by a search that finished within its budget, and that
solution is ``answer``.

Worked example (the article's, checked in ``tests/pattern/test_generator.py``):
``generate(5, "notes-example")``. Attempt 1 draws density 0.5589 and 12
filled cells, but its clues allow two grids; attempt 2 draws density 0.4685
and 13 filled cells, unique, so the puzzle is attempt 2::

    #.#..     rows    [1,1] [2] [1,3] [2,1] [2]
    ...##     columns [1,3] [2] [1,1] [2] [3]
    #.###
    ##..#
    ##...

and its check needed one node: propagation alone decides every cell.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from gridlogic.errors import GenerationFailed, InvalidParameters
from gridlogic.game.ids import PuzzleSpec
from gridlogic.game.record import PuzzleNaming
from gridlogic.params import check_int, check_object, check_seed, check_size, int_list, short_repr
from gridlogic.pattern.lines import grid_clues
from gridlogic.pattern.linesolver import normalise_clue
from gridlogic.pattern.solver import SolveResult, search_runs
from gridlogic.rng import rng

__all__ = [
    "DEFAULT_SIZE",
    "DIFFICULTIES",
    "MAX_ATTEMPTS",
    "SIZES",
    "VERSION",
    "Attempt",
    "CluedPuzzle",
    "Puzzle",
    "attempts",
    "check",
    "clues_for",
    "make",
    "min_moves",
    "parse_board",
    "puzzle_from_dict",
    "verify",
]

SIZES = (5, 8, 10)
DEFAULT_SIZE = 5
DIFFICULTIES = ("any",)
VERSION = 1
MAX_ATTEMPTS = 500
NODE_LIMIT = 20000
MAX_SIDE = 200  # the largest board a puzzle's JSON may describe


def clues_for(answer: Sequence[int], n: int, height: int | None = None) -> tuple[list[list[int]], list[list[int]]]:
    """The row clues (top to bottom) and column clues (left to right) of a flat n×n grid
    (n×height when ``height`` is given: n columns)."""
    width, height = n, n if height is None else height
    if not isinstance(answer, (list, tuple)) or len(answer) != width * height:
        raise InvalidParameters(f"a {width}x{height} grid has {width * height} cells, got {answer!r:.80}")
    return grid_clues(answer, width, height)


def _picture(cells: Sequence[int], n: int) -> str:
    return "/".join(
        "".join("#" if cells[r * n + c] else "." for c in range(n)) for r in range(n)
    )


@dataclass(frozen=True)
class Puzzle(PuzzleNaming):
    """A generated Pattern puzzle; ``to_dict()`` is the reference's JSON, field for field.

    Version 1 does not grade: ``difficulty`` is always "any" and ``level`` None.
    """

    width: int
    height: int
    seed: str
    version: int
    answer: tuple[int, ...]
    row_clues: tuple[tuple[int, ...], ...]
    col_clues: tuple[tuple[int, ...], ...]
    attempt: int
    difficulty: str = "any"
    level: str | None = None
    game: ClassVar[str] = "pattern"

    @property
    def n(self) -> int:
        """The side of the (square) board."""
        return self.width

    @property
    def cells(self) -> int:
        return self.width * self.height

    def __repr__(self) -> str:
        return f"<pattern.Puzzle {self.id} attempt={self.attempt} answer={_picture(self.answer, self.n)!r}>"

    def to_dict(self) -> dict[str, object]:
        return {
            "n": self.n,
            "seed": self.seed,
            "version": self.version,
            "answer": list(self.answer),
            "rowClues": [list(c) for c in self.row_clues],
            "colClues": [list(c) for c in self.col_clues],
            "attempt": self.attempt,
            "cells": self.cells,
        }

    def givens(self) -> dict[str, object]:
        """What the player is shown: every row's and column's clue (an empty line is ``[0]``)."""
        return {
            "rowClues": [list(c) for c in self.row_clues],
            "colClues": [list(c) for c in self.col_clues],
        }

    def solution(self) -> dict[str, object]:
        return {"cells": list(self.answer)}


@dataclass(frozen=True)
class Attempt:
    """One attempt of the generator, for reading how a puzzle came about.

    ``outcome`` is ``"accepted"``, ``"too few filled"``, ``"too many filled"``,
    ``"no solution"``, ``"several solutions"``, ``"undecided"`` (the search ran
    out of nodes) or ``"not the planted grid"``; ``check`` is the search's
    result when one ran.
    """

    number: int
    density: float
    answer: tuple[int, ...]
    filled: int
    outcome: str
    check: SolveResult | None
    clues: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None = None  # rows, columns


def attempts(size: int, seed: str) -> Iterator[Attempt]:
    """Every attempt ``generate(size, seed)`` makes, in order, up to the first accepted one.

    Stops after :data:`MAX_ATTEMPTS` attempts. The random stream is the one
    ``generate`` uses, so the attempts are exactly its attempts.
    """
    width, _ = check_size(size, SIZES, False, "Pattern")
    return _attempts(width, check_seed(seed))


def _attempts(n: int, seed: str) -> Iterator[Attempt]:
    """:func:`attempts` for checked arguments."""
    cells = n * n
    random = rng(seed)
    take = random.take
    bound = max(3, math.floor(cells * 0.15))
    for number in range(1, MAX_ATTEMPTS + 1):
        density = 0.4 + random() * 0.25
        answer = tuple([1 if draw < density else 0 for draw in take(cells)])
        filled = sum(answer)
        if filled < bound or filled > cells - bound:
            outcome = "too few filled" if filled < bound else "too many filled"
            yield Attempt(number, density, answer, filled, outcome, None)
            continue
        rows, cols = clues_for(answer, n)
        # Clues computed from a grid always fit: search them without solve()'s checks.
        result = search_runs(list(map(normalise_clue, rows)), list(map(normalise_clue, cols)), NODE_LIMIT)
        if result.truncated:
            outcome = "undecided"
        elif not result.solutions:
            outcome = "no solution"
        elif len(result.solutions) > 1:
            outcome = "several solutions"
        elif result.solutions[0] != answer:
            outcome = "not the planted grid"
        else:
            outcome = "accepted"
        yield Attempt(number, density, answer, filled, outcome, result, (tuple(map(tuple, rows)), tuple(map(tuple, cols))))
        if outcome == "accepted":
            return


def make(spec: PuzzleSpec) -> Puzzle:
    """The puzzle the original engine makes for (size, seed); see the module docstring.

    ``spec`` is checked already (``gridlogic.pattern.generate`` checks its arguments and calls this).
    """
    size, seed = spec.width, spec.seed
    for attempt in _attempts(size, seed):
        if attempt.outcome == "accepted" and attempt.clues:
            rows, cols = attempt.clues
            return Puzzle(size, size, seed, VERSION, attempt.answer, rows, cols, attempt.number)
    raise GenerationFailed.after(MAX_ATTEMPTS, spec)


_PUZZLE_FIELDS = ("n", "seed", "version", "answer", "rowClues", "colClues", "attempt", "cells")


def puzzle_from_dict(data: object) -> Puzzle:
    """The inverse of :meth:`Puzzle.to_dict`, checking every field (clues must match the answer)."""
    fields = check_object(data, "a Pattern puzzle", _PUZZLE_FIELDS)
    n = check_int(fields["n"], "'n'", 1, MAX_SIDE)
    seed = check_seed(fields["seed"])
    if check_int(fields["version"], "'version'") != VERSION:
        raise InvalidParameters(f"'version' {short_repr(fields['version'])} is not supported; Pattern puzzles are version 1 or 2")
    attempt = check_int(fields["attempt"], "'attempt'", 1, MAX_ATTEMPTS)
    if check_int(fields["cells"], "'cells'") != n * n:
        raise InvalidParameters(f"'cells' must be {n * n} for n={n}, not {fields['cells']!r}")
    answer = tuple(int_list(fields["answer"], "'answer'", n * n, (0, 1)))
    rows, cols = clues_for(answer, n)
    for key, expected in (("rowClues", rows), ("colClues", cols)):
        if fields[key] != expected:
            raise InvalidParameters(f"'{key}' {short_repr(fields[key])} are not the clues of the answer ({expected})")
    return Puzzle(n, n, seed, VERSION, answer, tuple(map(tuple, rows)), tuple(map(tuple, cols)), attempt)


class CluedPuzzle(Protocol):
    """What :func:`check` and :func:`min_moves` read of a Pattern puzzle of either version."""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def answer(self) -> tuple[int, ...]: ...
    @property
    def row_clues(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def col_clues(self) -> tuple[tuple[int, ...], ...]: ...


def check(puzzle: CluedPuzzle, board: object) -> dict[str, object]:
    """A player's board judged by the clues: any grid that shows every clue counts as solved.

    ``board`` is width*height ints, row-major: 1 filled, 0 empty, 2 marked
    empty (counts as empty). ``wrongRows`` and ``wrongCols`` list the
    (0-based) lines whose runs differ from their clue.
    """
    width, height = puzzle.width, puzzle.height
    cells = [1 if v == 1 else 0 for v in parse_board(width, height, board)]
    rows, cols = grid_clues(cells, width, height)
    wrong_rows = [r for r in range(height) if tuple(rows[r]) != puzzle.row_clues[r]]
    wrong_cols = [c for c in range(width) if tuple(cols[c]) != puzzle.col_clues[c]]
    return {"solved": not wrong_rows and not wrong_cols, "wrongRows": wrong_rows, "wrongCols": wrong_cols}


def parse_board(width: int, height: int, raw: object) -> list[int]:
    """A player's board: ``width * height`` cells, 0 empty, 1 filled, 2 marked empty (or
    ``{"cells": [...]}``, as :meth:`Puzzle.solution` gives it)."""
    if isinstance(raw, dict):
        raw = check_object(raw, "board", ("cells",))["cells"]
    return int_list(raw, "board", width * height, (0, 1, 2))


def min_moves(puzzle: CluedPuzzle) -> int:
    """The fewest moves that solve ``puzzle`` on the page: one per filled cell."""
    return sum(puzzle.answer)


def verify(puzzle: Puzzle) -> bool:
    """Re-solve the clues from scratch: exactly one solution within the budget, and it is the answer."""
    result = search_runs(list(map(normalise_clue, puzzle.row_clues)), list(map(normalise_clue, puzzle.col_clues)), NODE_LIMIT)
    return not result.truncated and len(result.solutions) == 1 and result.solutions[0] == puzzle.answer
