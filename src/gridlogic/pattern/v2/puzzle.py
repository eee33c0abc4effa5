"""Version 2's puzzles: a steered picture, the grade of its clues, and the SYMMETRY option.

:func:`make` steers a picture to the level asked for (:mod:`.generator`) and
grades its clues again in full; :class:`PicturePuzzle` is the result, with
its JSON form; :func:`from_dict` reads that back, checking every field (the
clues are the answer's, the answer has its symmetry, the grade fits its
level and counts each cell once); :func:`verify` proves the clues unique with
the solver for puzzles people bring (:mod:`gridlogic.pattern.decide`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from gridlogic.errors import GenerationFailed, InvalidParameters
from gridlogic.game.ids import PuzzleSpec
from gridlogic.game.record import Option
from gridlogic.params import check_choice, check_int, check_object, check_seed, int_list, short_repr
from gridlogic.pattern.decide import decide
from gridlogic.pattern.grading import TECHNIQUES, Grade, grade_up_to
from gridlogic.pattern.lines import grid_clues
from gridlogic.pattern.rules import CluedPuzzle, Puzzle
from gridlogic.pattern.v2.generator import (
    DIFFICULTIES,
    MAX_ATTEMPTS,
    NUMBER,
    SIDES,
    SYMMETRIES,
    SYMMETRY_LETTERS,
    orbits,
    refusal,
    steer,
)

__all__ = ["SYMMETRY", "PicturePuzzle", "from_dict", "make", "offered", "verify"]

SYMMETRY = Option(
    name="symmetry",
    values=SYMMETRIES,
    letters=SYMMETRY_LETTERS,
    help="mirror symmetry of the picture: left-right, top-bottom, both, or rotation (a half turn)",
)


@dataclass(frozen=True)
class PicturePuzzle(Puzzle):
    """A version 2 Pattern puzzle: a ``width`` x ``height`` picture and the grade of its clues.

    ``difficulty`` is the level asked for (the JSON's ``target``), ``grade``
    the grader's result (the JSON's ``difficulty``) and ``level`` its level;
    ``symmetry`` the mirror symmetry of the answer.
    """

    difficulty: str
    symmetry: str
    grade: Grade = field(compare=True)
    version: ClassVar[int] = NUMBER
    OPTIONS: ClassVar[tuple[Option, ...]] = (SYMMETRY,)

    @property
    def level(self) -> str | None:
        return self.grade.level

    def __repr__(self) -> str:
        return f"<pattern.Puzzle {self.id} level={self.level} answer={self.picture()!r}>"

    def to_dict(self) -> dict[str, object]:
        return {
            "width": self.width,
            "height": self.height,
            "seed": self.seed,
            "target": self.difficulty,
            "version": self.version,
            "symmetry": self.symmetry,
            "answer": list(self.answer),
            "rowClues": [list(c) for c in self.row_clues],
            "colClues": [list(c) for c in self.col_clues],
            "attempt": self.attempt,
            "difficulty": self.grade.to_dict(),
        }


def offered(width: int, height: int, difficulty: str, options: Mapping[str, Any]) -> str | None:
    """Version 2's refusal of what it cannot make for every seed (see :func:`.generator.refusal`)."""
    return refusal(width, height, difficulty, options.get("symmetry", SYMMETRY.default))


def make(spec: PuzzleSpec) -> PicturePuzzle:
    """The version 2 puzzle of a checked spec (``gridlogic.pattern.generate`` checks and calls this)."""
    symmetry = dict(spec.options).get("symmetry", "none")
    steered = steer(spec.width, spec.height, spec.difficulty, symmetry, spec.id)
    if steered is None:
        raise GenerationFailed.after(MAX_ATTEMPTS, spec)
    cells, attempt = steered
    return _puzzle(spec, symmetry, cells, attempt)


def _puzzle(spec: PuzzleSpec, symmetry: str, answer: Sequence[int], attempt: int) -> PicturePuzzle:
    """The puzzle of a steered answer, graded again in full (its counts are the grader's own)."""
    rows, cols = grid_clues(answer, spec.width, spec.height)
    grade = grade_up_to([tuple(c) if c != [0] else () for c in rows], [tuple(c) if c != [0] else () for c in cols],
                        len(TECHNIQUES) - 1)
    grade = Grade(grade.level, grade.counts, grade.status)  # the solution is the answer; keep it once
    return PicturePuzzle(spec.width, spec.height, spec.seed, tuple(answer), tuple(map(tuple, rows)),
                         tuple(map(tuple, cols)), attempt, spec.difficulty, symmetry, grade)


_FIELDS = ("width", "height", "seed", "target", "version", "symmetry", "answer", "rowClues", "colClues",
           "attempt", "difficulty")


def from_dict(data: object) -> PicturePuzzle:
    """The inverse of :meth:`PicturePuzzle.to_dict`, checking every field: the clues must be the answer's,
    the answer must have its symmetry, and the grade must fit its level and count each cell once."""
    fields = check_object(data, "a Pattern version 2 puzzle", _FIELDS)
    width = check_int(fields["width"], "'width'", SIDES[0], SIDES[-1])
    height = check_int(fields["height"], "'height'", SIDES[0], SIDES[-1])
    seed = check_seed(fields["seed"])
    if check_int(fields["version"], "'version'") != NUMBER:
        raise InvalidParameters(f"'version' {fields['version']!r} is not {NUMBER}")
    target = check_choice(fields["target"], "'target'", DIFFICULTIES)
    symmetry = check_choice(fields["symmetry"], "'symmetry'", SYMMETRIES)
    attempt = check_int(fields["attempt"], "'attempt'", 1, MAX_ATTEMPTS)
    answer = tuple(int_list(fields["answer"], "'answer'", width * height, (0, 1)))
    if any(answer[i] != answer[orbit[0]] for i, orbit in enumerate(orbits(width, height, symmetry))):
        raise InvalidParameters(f"'answer' does not have the symmetry {symmetry!r}")
    rows, cols = grid_clues(answer, width, height)
    for key, expected in (("rowClues", rows), ("colClues", cols)):
        if fields[key] != expected:
            raise InvalidParameters(f"'{key}' {short_repr(fields[key])} are not the clues of the answer ({expected})")
    grade = Grade.from_dict(fields["difficulty"])
    if sum(grade.counts.values()) != width * height:
        raise InvalidParameters(
            f"'difficulty'.techniques {grade.counts} must decide the {width * height} cells once each")
    if target not in ("any", grade.level):
        raise InvalidParameters(f"'target' {target!r} is not the level {grade.level!r} of 'difficulty'")
    return PicturePuzzle(width, height, seed, answer, tuple(map(tuple, rows)), tuple(map(tuple, cols)), attempt,
                         target, symmetry, grade)


def verify(puzzle: CluedPuzzle) -> bool:
    """Re-solve the clues from scratch with the solver for puzzles people bring, which proves
    uniqueness: exactly one solution, and it is the answer."""
    verdict = decide(puzzle.row_clues, puzzle.col_clues, puzzle.width, puzzle.height)
    return verdict.status == "unique" and verdict.solutions[0] == puzzle.answer
