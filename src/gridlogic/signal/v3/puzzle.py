"""A version 3 puzzle: the articles' sizes, the reference's JSON field for field, reading it back, verifying it.

A version 3 board is square, 4×4 to 6×6 (:data:`SIZES`), with a border: it takes no options.
Its JSON is the reference's (``n`` for the side, then the fields every Signal puzzle has, see
:class:`~gridlogic.signal.rules.Puzzle`); :func:`puzzle_from_dict` reads it back, checking every
field, and :func:`verify` solves the shuffled tiles again with the articles' solver.
"""

from __future__ import annotations

from typing import ClassVar

from gridlogic.errors import InvalidParameters
from gridlogic.params import check_choice, check_int, check_object, check_seed, short_repr
from gridlogic.signal.board import check_board
from gridlogic.signal.difficulty import Difficulty
from gridlogic.signal.rules import DIFFICULTIES, Metrics, Puzzle, check_answer
from gridlogic.signal.solver import solve

VERSION = 3
SIZES = (4, 5, 6)
DEFAULT_SIZE = 4
MAX_ATTEMPTS = 500
MAX_SIDE = 200  # the largest board a puzzle's JSON may describe


class Version3Puzzle(Puzzle):
    """A version 3 puzzle (a square board with a border): its JSON is the reference's, field for field."""

    VERSION: ClassVar[int] = VERSION

    @property
    def n(self) -> int:
        """The side of the square board (the width)."""
        return self.width

    def board_fields(self) -> dict[str, object]:
        return {"n": self.n}


_PUZZLE_FIELDS = ("n", "seed", "target", "version", "answer", "shuffled", "attempt", "difficulty", "metrics")


def puzzle_from_dict(data: object) -> Version3Puzzle:
    """The inverse of :meth:`Version3Puzzle.to_dict`, checking every field.

    The answer must be one tree (solved) and each shuffled tile a rotation of
    its answer tile; the grade and the metrics are checked for shape only
    (``verify`` and ``gridlogic batch --verify`` recompute them).
    """
    fields = check_object(data, "a Signal puzzle", _PUZZLE_FIELDS)
    n = check_int(fields["n"], "'n'", 1, MAX_SIDE)
    seed = check_seed(fields["seed"])
    target = check_choice(fields["target"], "'target'", DIFFICULTIES)
    if check_int(fields["version"], "'version'") != VERSION:
        raise InvalidParameters(f"'version' {short_repr(fields['version'])} is not supported; "
                                f"Signal puzzles here are version {VERSION}")
    answer = check_board(fields["answer"], n)
    shuffled = check_board(fields["shuffled"], n)
    attempt = check_int(fields["attempt"], "'attempt'", 1, MAX_ATTEMPTS)
    grade = Difficulty.from_dict(fields["difficulty"])
    metrics = Metrics.from_dict(fields["metrics"])
    check_answer(answer, shuffled, n, n, False)
    return Version3Puzzle(n, n, seed, target, tuple(answer), tuple(shuffled), attempt, grade, metrics)


def verify(puzzle: Version3Puzzle) -> bool:
    """Re-solve a version 3 puzzle's shuffled tiles from scratch: exactly one solution, and it is the answer."""
    result = solve(list(puzzle.shuffled), puzzle.n)
    return result.unique and result.solutions[0] == puzzle.answer
