"""What Loop's versions 2 and 3 share around their generators: the sizes and levels offered, the
puzzle's JSON read back and checked, the puzzle verified again, and its grade's JSON.

Both versions plant the boundary of a grown region (:mod:`gridlogic.loop.v2.region`) and grade by a
ladder of four levels; they differ in how they remove clues and in their techniques, which stay in
their own modules. A :class:`RegionVersion` holds what tells them apart here: the version number,
the ladder's levels, the fewest cells each level needs, the grade's type and the ladder's
``deduce``. For example version 2 offers ``hard`` from 24 cells, so its record says of a 4×5 board::

    >>> from gridlogic.loop.v2.generator import offered
    >>> offered(4, 5, "hard", {})
    'Loop version 2 makes hard puzzles on boards of at least 24 cells, not 4x5; choose another size or difficulty'
    >>> offered(4, 6, "hard", {}) is None
    True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from gridlogic.errors import InvalidParameters
from gridlogic.loop.board import clues_of_region, loop_of_region, validate_loop
from gridlogic.loop.rules import Puzzle
from gridlogic.loop.solver import check_clues
from gridlogic.params import check_choice, check_int, check_object, check_seed, int_list, short_repr

SIDES = tuple(range(4, 31))
MAX_ATTEMPTS = 5000
JSON_FIELDS = ("width", "height", "seed", "target", "version", "clues", "answer", "attempt", "difficulty")


class Deduction(Protocol):
    """What :meth:`RegionVersion.verify` reads of a ladder's deduction."""

    @property
    def status(self) -> str: ...

    @property
    def edges(self) -> list[int]: ...


GradeT = TypeVar("GradeT")


@dataclass(frozen=True)
class RegionVersion:
    """One of the two versions: its number, its ladder's levels (easiest first), the fewest cells a
    board needs for each level, its grade's reader and its ladder's ``deduce(clues, w, h, level)``."""

    number: int
    levels: tuple[str, ...]
    fewest_cells: Mapping[str, int]
    grade_from_dict: Callable[[object], Any]
    deduce: Callable[[Sequence[int | None], int, int, int], Deduction]

    def levels_offered(self, width: int, height: int) -> tuple[str, ...]:
        """The levels a ``width`` × ``height`` board offers (``any`` draws among them)."""
        return tuple(level for level in self.levels if width * height >= self.fewest_cells[level])

    def offered(self, width: int, height: int, difficulty: str, options: Mapping[str, Any]) -> str | None:
        """None when this version makes the combination, else why not (the Version record's ``offered``)."""
        if difficulty == "any" or difficulty in self.levels_offered(width, height):
            return None
        return (f"Loop version {self.number} makes {difficulty} puzzles on boards of at least "
                f"{self.fewest_cells[difficulty]} cells, not {width}x{height}; choose another size or difficulty")

    def from_dict(self, data: object) -> Puzzle:
        """The inverse of a puzzle's ``to_dict()``, checking every field (clues match the answer)."""
        fields = check_object(data, f"a Loop version {self.number} puzzle", JSON_FIELDS)
        if check_int(fields["version"], "'version'") != self.number:
            raise InvalidParameters(f"'version' {short_repr(fields['version'])} is not {self.number}")
        width = check_int(fields["width"], "'width'", SIDES[0], SIDES[-1])
        height = check_int(fields["height"], "'height'", SIDES[0], SIDES[-1])
        seed = check_seed(fields["seed"])
        target = check_choice(fields["target"], "'target'", ("any", *self.levels))
        attempt = check_int(fields["attempt"], "'attempt'", 1, MAX_ATTEMPTS)
        answer = int_list(fields["answer"], "'answer'", width * height, (0, 1))
        clues = answer_clues(fields["clues"], answer, width, height)
        graded = self.grade_from_dict(fields["difficulty"])
        if target != "any" and graded.level != target:
            raise InvalidParameters(f"'difficulty'.level {graded.level!r} is not the target {target!r}")
        return Puzzle(width, height, seed, target, self.number, tuple(clues), tuple(answer), attempt, graded,
                      JSON_FIELDS)

    def verify(self, puzzle: Puzzle) -> bool:
        """Solved again from scratch by the techniques of its level: one loop, and it is the answer."""
        if puzzle.level is None:
            return False
        result = self.deduce(list(puzzle.clues), puzzle.width, puzzle.height, self.levels.index(puzzle.level))
        return result.status == "solved" and result.edges == puzzle.edges()


def answer_clues(clues: object, answer: Sequence[int], width: int, height: int) -> list[int | None]:
    """``clues`` checked as a puzzle's list of ints or nulls, each the count the ``answer`` region gives."""
    cells = width * height
    if not isinstance(clues, list) or len(clues) != cells:
        raise InvalidParameters(f"'clues' must be a list of {cells} ints or nulls, not {short_repr(clues)}")
    checked = check_clues(clues, width, height)
    if not any(answer) or not validate_loop(loop_of_region(answer, width, height), [None] * cells, width, height):
        raise InvalidParameters("'answer' is not a region whose boundary is one loop")
    expected = clues_of_region(answer, width, height)
    for k, clue in enumerate(checked):
        if clue is not None and clue != expected[k]:
            raise InvalidParameters(f"'clues'[{k}] is {clue!r} but the answer gives {expected[k]}")
    return checked


def deductions_by_level(rules: Mapping[str, int], technique_level: Mapping[str, str],
                        levels: Sequence[str]) -> dict[str, int]:
    """The edges each level decided: the sum of its techniques' counts (a grade's ``deductions``)."""
    deductions = dict.fromkeys(levels, 0)
    for rule, count in rules.items():
        deductions[technique_level[rule]] += count
    return deductions


def read_grade(grade_type: Callable[[str, dict[str, int]], GradeT], data: object, levels: Sequence[str],
               rules: Sequence[str], technique_level: Mapping[str, str]) -> GradeT:
    """A ladder grade's JSON (``level``, ``deductions``, ``rules``) read back, every field checked: the
    level is one of ``levels``, every rule is counted, and the deductions add up the rules."""
    fields = check_object(data, "'difficulty'", ("level", "deductions", "rules"))
    level = check_choice(fields["level"], "'difficulty'.level", tuple(levels))
    counted = check_object(fields["rules"], "'difficulty'.rules", tuple(rules))
    counts = {rule: check_int(counted[rule], f"'difficulty'.rules.{rule}", 0) for rule in rules}
    deductions = check_object(fields["deductions"], "'difficulty'.deductions", tuple(levels))
    for name, count in deductions.items():
        check_int(count, f"'difficulty'.deductions.{name}", 0)
    if deductions != deductions_by_level(counts, technique_level, levels):
        raise InvalidParameters(f"'difficulty'.deductions {short_repr(fields['deductions'])} do not add up its rules")
    return grade_type(level, counts)
