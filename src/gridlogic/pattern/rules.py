"""What every Pattern puzzle shares, whatever its generator version: its shape and the rules of play.

A nonogram is a ``width`` x ``height`` grid; each row's clue (top to bottom)
and each column's clue (left to right) lists the lengths of its runs of
filled cells, in order, an empty line clued ``[0]``. :class:`Puzzle` is the
shape of a generated puzzle: its answer (flat, row-major, 1 filled) and the
clues of that answer, all of them shown. Each version's subclass adds what it
records beyond that and gives its JSON form (:mod:`.v1.puzzle`,
:mod:`.v2.puzzle`).

A player's board is judged by the clues alone (:func:`check`): any grid that
shows every clue is solved, whether or not it is the answer. Worked example
(checked in ``tests/pattern/test_v1_generator.py``): the 2x2 grid whose four
clues are all ``[1]`` has two solutions, ``10 / 01`` and ``01 / 10``; a
puzzle with the answer ``10 / 01`` counts the board ``01 / 10`` as solved
(no generator shows such a puzzle: it is not unique).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import PuzzleNaming
from gridlogic.params import check_object, int_list
from gridlogic.pattern.lines import grid_clues

__all__ = ["CluedPuzzle", "Puzzle", "check", "clues_for", "min_moves", "parse_board"]


def clues_for(answer: Sequence[int], n: int, height: int | None = None) -> tuple[list[list[int]], list[list[int]]]:
    """The row clues (top to bottom) and column clues (left to right) of a flat n×n grid
    (n×height when ``height`` is given: n columns)."""
    width, height = n, n if height is None else height
    if not isinstance(answer, (list, tuple)) or len(answer) != width * height:
        raise InvalidParameters(f"a {width}x{height} grid has {width * height} cells, got {answer!r:.80}")
    return grid_clues(answer, width, height)


class CluedPuzzle(Protocol):
    """What :func:`check`, :func:`min_moves` and the renderers read of a Pattern puzzle, generated
    by any version or brought from outside."""

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


@dataclass(frozen=True)
class Puzzle(PuzzleNaming):
    """A generated Pattern puzzle: the answer and its clues (an empty line is ``(0,)``), made by
    the generator's ``attempt``-th try. A version's subclass adds its own fields and ``to_dict``."""

    width: int
    height: int
    seed: str
    answer: tuple[int, ...]
    row_clues: tuple[tuple[int, ...], ...]
    col_clues: tuple[tuple[int, ...], ...]
    attempt: int
    game: ClassVar[str] = "pattern"

    def picture(self) -> str:
        """The answer as text, rows top to bottom between ``/``: ``#`` filled, ``.`` empty."""
        width = self.width
        return "/".join("".join(".#"[v] for v in self.answer[r * width : (r + 1) * width])
                        for r in range(self.height))

    def givens(self) -> dict[str, object]:
        """What the player is shown: every row's and column's clue (an empty line is ``[0]``)."""
        return {"rowClues": [list(c) for c in self.row_clues], "colClues": [list(c) for c in self.col_clues]}

    def solution(self) -> dict[str, object]:
        return {"cells": list(self.answer)}


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
