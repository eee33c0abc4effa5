"""A version 4 puzzle: its sides, its JSON, reading it back, verifying it.

A version 4 board is any width and height from 3 to 25 (:data:`SIDES`), wrapping or not (the
one option, :data:`~gridlogic.signal.rules.WRAPPING`). Its JSON has ``width``, ``height`` and
``wrapping`` where version 3's has ``n``, then the fields every Signal puzzle has (see
:class:`~gridlogic.signal.rules.Puzzle`); :func:`puzzle_from_dict` reads it back, checking every
field, and :func:`verify` solves the shuffled tiles again with version 4's search.
"""

from __future__ import annotations

from typing import ClassVar

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Option
from gridlogic.params import check_bool, check_choice, check_int, check_object, check_seed
from gridlogic.signal.board import check_board
from gridlogic.signal.difficulty import Difficulty
from gridlogic.signal.rules import DIFFICULTIES, WRAPPING, Metrics, Puzzle, check_answer
from gridlogic.signal.tables import board_geometry
from gridlogic.signal.v4.deduction import solve_board

VERSION = 4
MIN_SIDE, MAX_SIDE = 3, 25
SIDES = tuple(range(MIN_SIDE, MAX_SIDE + 1))
MAX_STEPS = 3000  # the generator's steps, hence the largest attempt
SOLVE_NODE_LIMIT = 30000  # what verify allows the search (the generator's own proofs need a few dozen)


class Version4Puzzle(Puzzle):
    """A version 4 puzzle: any width and height, maybe wrapping; its JSON says all three."""

    VERSION: ClassVar[int] = VERSION
    OPTIONS: ClassVar[tuple[Option, ...]] = (WRAPPING,)

    def board_fields(self) -> dict[str, object]:
        return {"width": self.width, "height": self.height, "wrapping": self.wrapping}


_PUZZLE_FIELDS = ("width", "height", "wrapping", "seed", "target", "version", "answer", "shuffled", "attempt",
                  "difficulty", "metrics")


def puzzle_from_dict(data: object) -> Version4Puzzle:
    """The inverse of :meth:`Version4Puzzle.to_dict`, checking every field.

    As for version 3: the answer must be one tree, each shuffled tile a
    rotation of its answer tile, and the grade and metrics have the right
    shape (``verify`` and ``gridlogic batch --verify`` recompute them).
    """
    fields = check_object(data, "a Signal version 4 puzzle", _PUZZLE_FIELDS)
    width = check_int(fields["width"], "'width'", MIN_SIDE, MAX_SIDE)
    height = check_int(fields["height"], "'height'", MIN_SIDE, MAX_SIDE)
    wrapping = check_bool(fields["wrapping"], "'wrapping'")
    seed = check_seed(fields["seed"])
    target = check_choice(fields["target"], "'target'", DIFFICULTIES)
    if check_int(fields["version"], "'version'") != VERSION:
        raise InvalidParameters(f"'version' {fields['version']!r} is not {VERSION}")
    answer = check_board(fields["answer"], width, height)
    shuffled = check_board(fields["shuffled"], width, height)
    attempt = check_int(fields["attempt"], "'attempt'", 1, MAX_STEPS)
    grade = Difficulty.from_dict(fields["difficulty"])
    metrics = Metrics.from_dict(fields["metrics"])
    check_answer(answer, shuffled, width, height, wrapping)
    return Version4Puzzle(width, height, seed, target, tuple(answer), tuple(shuffled), attempt, grade, metrics,
                          wrapping)


def verify(puzzle: Version4Puzzle) -> bool:
    """Re-solve the shuffled tiles from scratch: exactly one solution, and it is the answer."""
    geo = board_geometry(puzzle.width, puzzle.height, puzzle.wrapping)
    count = solve_board(puzzle.shuffled, geo, SOLVE_NODE_LIMIT)
    return len(count.solutions) == 1 and not count.truncated and count.solutions[0] == puzzle.answer
