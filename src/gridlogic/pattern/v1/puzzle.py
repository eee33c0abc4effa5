"""Version 1's puzzles: made by the articles' generator, written as the reference writes them.

:func:`make` is the generator's first accepted attempt (:mod:`.generator`),
:class:`ArticlePuzzle` its puzzle, whose ``to_dict()`` is the reference's
JSON field for field (``n``, ``seed``, ``version``, ``answer``, ``rowClues``,
``colClues``, ``attempt``, ``cells``), :func:`from_dict` its inverse, checking
every field, and :func:`verify` the generator's own search run again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from gridlogic.errors import GenerationFailed, InvalidParameters
from gridlogic.game.ids import PuzzleSpec
from gridlogic.params import check_int, check_object, check_seed, int_list, short_repr
from gridlogic.pattern.linesolver import normalise_clue
from gridlogic.pattern.rules import CluedPuzzle, Puzzle, clues_for
from gridlogic.pattern.solver import search_runs
from gridlogic.pattern.v1.generator import MAX_ATTEMPTS, NODE_LIMIT, NUMBER, first_accepted

__all__ = ["MAX_SIDE", "ArticlePuzzle", "from_dict", "make", "verify"]

MAX_SIDE = 200  # the largest board a puzzle's JSON may describe


@dataclass(frozen=True)
class ArticlePuzzle(Puzzle):
    """A version 1 Pattern puzzle; ``to_dict()`` is the reference's JSON, field for field.

    Version 1 does not grade: ``difficulty`` is always "any" and ``level`` None.
    """

    difficulty: str = "any"
    level: str | None = None
    version: ClassVar[int] = NUMBER

    @property
    def n(self) -> int:
        """The side of the (square) board."""
        return self.width

    @property
    def cells(self) -> int:
        return self.width * self.height

    def __repr__(self) -> str:
        return f"<pattern.Puzzle {self.id} attempt={self.attempt} answer={self.picture()!r}>"

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


def make(spec: PuzzleSpec) -> ArticlePuzzle:
    """The puzzle the original engine makes for (size, seed); see :mod:`.generator`.

    ``spec`` is checked already (``gridlogic.pattern.generate`` checks its arguments and calls this).
    """
    size, seed = spec.width, spec.seed
    attempt = first_accepted(size, seed)
    if attempt is None or attempt.clues is None:
        raise GenerationFailed.after(MAX_ATTEMPTS, spec)
    rows, cols = attempt.clues
    return ArticlePuzzle(size, size, seed, attempt.answer, rows, cols, attempt.number)


_FIELDS = ("n", "seed", "version", "answer", "rowClues", "colClues", "attempt", "cells")


def from_dict(data: object) -> ArticlePuzzle:
    """The inverse of :meth:`ArticlePuzzle.to_dict`, checking every field (clues must match the answer)."""
    fields = check_object(data, "a Pattern puzzle", _FIELDS)
    n = check_int(fields["n"], "'n'", 1, MAX_SIDE)
    seed = check_seed(fields["seed"])
    if check_int(fields["version"], "'version'") != NUMBER:
        raise InvalidParameters(f"'version' {short_repr(fields['version'])} is not supported; "
                                "Pattern puzzles are version 1 or 2")
    attempt = check_int(fields["attempt"], "'attempt'", 1, MAX_ATTEMPTS)
    if check_int(fields["cells"], "'cells'") != n * n:
        raise InvalidParameters(f"'cells' must be {n * n} for n={n}, not {fields['cells']!r}")
    answer = tuple(int_list(fields["answer"], "'answer'", n * n, (0, 1)))
    rows, cols = clues_for(answer, n)
    for key, expected in (("rowClues", rows), ("colClues", cols)):
        if fields[key] != expected:
            raise InvalidParameters(f"'{key}' {short_repr(fields[key])} are not the clues of the answer ({expected})")
    return ArticlePuzzle(n, n, seed, answer, tuple(map(tuple, rows)), tuple(map(tuple, cols)), attempt)


def verify(puzzle: CluedPuzzle) -> bool:
    """Re-solve the clues from scratch: exactly one solution within the budget, and it is the answer."""
    result = search_runs(list(map(normalise_clue, puzzle.row_clues)), list(map(normalise_clue, puzzle.col_clues)),
                         NODE_LIMIT)
    return not result.truncated and len(result.solutions) == 1 and result.solutions[0] == puzzle.answer
