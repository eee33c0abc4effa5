"""Loop version 3's four levels: the techniques of Loopy's four difficulties, and the grade.

(The docstring is filled in below.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gridlogic.errors import InvalidParameters
from gridlogic.frozen import RebuiltFromFields
from gridlogic.loop.v3.ladder import RULE_LEVEL, RULES, Board
from gridlogic.params import check_choice, check_int, check_object, short_repr

__all__ = [
    "EASY", "EXAMPLES", "EXPERT", "HARD", "LEVELS", "MEDIUM", "RULES", "TECHNIQUES", "TECHNIQUE_LEVEL",
    "Deduction", "Grade", "deduce", "grade",
]  # fmt: skip

EASY, MEDIUM, HARD, EXPERT = range(4)
LEVELS = ("easy", "medium", "hard", "expert")
TECHNIQUES: dict[str, tuple[str, ...]] = {
    level: tuple(rule for rule in RULES if RULE_LEVEL[rule] == k) for k, level in enumerate(LEVELS)
}
TECHNIQUE_LEVEL = {technique: level for level, names in TECHNIQUES.items() for technique in names}


@dataclass(frozen=True)
class Deduction:
    """What the techniques of one level reach: ``solved``, ``stuck`` or ``contradiction``, the edges
    (1 = line) and how many edges each technique decided."""

    status: str
    edges: list[int]
    counts: dict[str, int]


def deduce(clues: Sequence[int | None], width: int, height: int, level: int,
           without: Iterable[str] = ()) -> Deduction:
    """The techniques of ``level`` (EASY .. EXPERT) alone, from the clues (``without``: leave some out)."""
    board = Board(clues, width, height, level, without)
    status = board.close()
    return Deduction(status, [1 if s == 1 else 0 for s in board.state], dict(board.counts))


@dataclass(frozen=True)
class Grade(RebuiltFromFields):
    """A puzzle's level (None when no level finishes it) and how many edges each technique decided in
    the run of that level."""

    level: str | None
    rules: dict[str, int]

    def to_dict(self) -> dict[str, object]:
        deductions = dict.fromkeys(LEVELS, 0)
        for rule, count in self.rules.items():
            deductions[TECHNIQUE_LEVEL[rule]] += count
        return {"level": self.level, "deductions": deductions, "rules": dict(self.rules)}

    @classmethod
    def from_dict(cls, data: object) -> Grade:
        """The inverse of :meth:`to_dict`, checking every field (the deductions must add up the rules)."""
        fields = check_object(data, "'difficulty'", ("level", "deductions", "rules"))
        level = check_choice(fields["level"], "'difficulty'.level", LEVELS)
        rules = check_object(fields["rules"], "'difficulty'.rules", RULES)
        grade = cls(level, {rule: check_int(rules[rule], f"'difficulty'.rules.{rule}", 0) for rule in RULES})
        deductions = check_object(fields["deductions"], "'difficulty'.deductions", LEVELS)
        for name, count in deductions.items():
            check_int(count, f"'difficulty'.deductions.{name}", 0)
        if deductions != grade.to_dict()["deductions"]:
            raise InvalidParameters(
                f"'difficulty'.deductions {short_repr(fields['deductions'])} do not add up its rules"
            )
        return grade


def grade(clues: Sequence[int | None], width: int, height: int, least: int = EASY) -> Grade:
    """The least level from ``least`` up whose techniques finish the puzzle, with that run's counts."""
    for level in range(least, EXPERT + 1):
        result = deduce(clues, width, height, level)
        if result.status == "solved":
            return Grade(LEVELS[level], result.counts)
        if result.status == "contradiction":
            break
    return Grade(None, result.counts)
