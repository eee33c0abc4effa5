"""Grading a Loop puzzle: the cheapest technique class whose rules alone finish it.

The classes are those of ``solver.py``: ``easy`` (clue, vertex and loop
rules), ``medium`` (adds the corner-pair and adjacent-3s rules), ``hard``
(adds inside/outside colouring and trial: assume an edge, propagate with the
medium rules and colouring, refute on a contradiction). Every
rule is a sound consequence of the puzzle's rules, so a class that finishes a
puzzle proves its solution unique; a puzzle no class finishes is graded
``None`` (it may still be unique, but it needs search).

The counts say how many edges each class set, and each rule, when the puzzle
is solved with the rules of its own level (cheaper rules first: the medium
rule only runs when the easy rules are stuck, trial only when both are).

Worked example (checked in ``tests/loop/test_difficulty.py``): the 2×2
board ``. . / 0 1`` is ``easy`` (clue and vertex rules draw the square
around the top-right cell); ``3 . / 3 .`` is ``medium`` (the corner rule is
needed); the 3×2 board ``. 3 . / . 3 .`` is ``hard`` (one trial); and the
clueless 3×3 board has no level at all, since it has many loops.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gridlogic.errors import InvalidParameters
from gridlogic.frozen import RebuiltFromFields
from gridlogic.loop.solver import EASY, HARD, LEVEL_NAMES, MEDIUM, RULE_CLASS, RULES, deduce
from gridlogic.params import check_choice, check_int, check_object, short_repr


@dataclass(frozen=True)
class Grade(RebuiltFromFields):
    """The level (``easy``/``medium``/``hard``, or None when search is needed) and deduction counts."""

    level: str | None
    rules: dict[str, int]

    def to_dict(self) -> dict[str, object]:
        classes = {name: 0 for name in LEVEL_NAMES}
        for rule, count in self.rules.items():
            classes[RULE_CLASS[rule]] += count
        return {"level": self.level, "deductions": classes, "rules": dict(self.rules)}

    @classmethod
    def from_dict(cls, data: object) -> Grade:
        """The inverse of :meth:`to_dict`, checking every field (the deductions must add up the rules)."""
        fields = check_object(data, "'difficulty'", ("level", "deductions", "rules"))
        level = fields["level"]
        if level is not None:
            check_choice(level, "'difficulty'.level", LEVEL_NAMES)
        rules = check_object(fields["rules"], "'difficulty'.rules", (), RULES)
        counts = {rule: check_int(count, f"'difficulty'.rules.{rule}", 0) for rule, count in rules.items()}
        grade = cls(level, counts)  # type: ignore[arg-type]
        deductions = check_object(fields["deductions"], "'difficulty'.deductions", LEVEL_NAMES)
        for name, count in deductions.items():
            check_int(count, f"'difficulty'.deductions.{name}", 0)
        if deductions != grade.to_dict()["deductions"]:
            raise InvalidParameters(
                f"'difficulty'.deductions {short_repr(fields['deductions'])} do not add up its rules"
            )
        return grade


def solvable_at(clues: Sequence[int | None], width: int, height: int, level: int) -> bool:
    """True when the rules of ``level`` (EASY, MEDIUM, HARD) alone finish the puzzle."""
    return deduce(clues, width, height, level).status == "solved"


def grade(clues: Sequence[int | None], width: int, height: int) -> Grade:
    """The cheapest class that finishes the puzzle, with the counts of that run."""
    for level in (EASY, MEDIUM, HARD):
        result = deduce(clues, width, height, level)
        if result.status == "solved":
            return Grade(LEVEL_NAMES[level], result.counts)
    return Grade(None, result.counts)  # the counts of the hard run, the last one


__all__ = ["RULES", "Grade", "grade", "solvable_at"]
