"""Loop version 2's four levels: the techniques a person needs, and the grade they give a puzzle.

Each level adds techniques to the one below it (the rules themselves are
:mod:`gridlogic.loop.engine`'s and :mod:`gridlogic.loop.colouring`'s, named as
there; :data:`TECHNIQUES` is the table). They follow the four levels of Simon
Tatham's Loopy (Easy, Normal, Tricky, Hard), whose generator stands beside
ours in ``benchmarks/loop_v2_generate.py``:

=========  ======================================  ==========================================
level      techniques                              what a person does
=========  ======================================  ==========================================
easy       ``clue``, ``vertex``, ``loop``          count one cell's or one dot's lines; never
                                                   close a small loop
medium     + ``corner``, ``threes``                reason about two sides meeting at a corner
                                                   across neighbouring cells and dots
hard       + ``colour``                            inside / outside: follow which cells are on
                                                   the same side of the loop across the board
expert     + ``trial``                             assume one edge, follow every rule above,
                                                   refute the assumption by a contradiction
=========  ======================================  ==========================================

A puzzle's **level** is exact: the least level whose techniques finish it
(:func:`grade`); the rules of a level are applied until nothing changes
(:func:`close`), and since every rule only adds what follows from what is
known, the board they reach does not depend on the order they ran in (the
engine is built ``exact``, so a rule that once stood aside, such as ``loop``
leaving alone a cycle that would be the whole answer, is asked again when that
may have changed). A level that finishes a puzzle has proven its loop unique:
every rule is a consequence of the puzzle's rules.

The worked example of each technique is :data:`EXAMPLES` (``tests/loop/test_v2_levels.py``
checks that the techniques of its level use it, and that the two examples
below, which have one loop, are graded exactly that level). Beside those of
:mod:`gridlogic.loop.engine`:

* ``colour`` (hard), the 4×3 board ``. 2 1 . / . 2 3 3 / . 1 . .``: the medium
  rules stop with 26 edges unknown; the inside/outside classes finish it.
* ``trial`` (expert), the 4×4 board ``3 1 . . / . . 1 1 / . . . 2 / . 0 . .``
  (``loop.2.4x4.expert.s0``): the hard rules stop with 17 edges unknown; one
  assumption runs into a contradiction, and the rest follows.

>>> w, h, clues = EXAMPLES["colour"]
>>> [deduce(clues, w, h, level).status for level in (MEDIUM, HARD)]
['stuck', 'solved']
>>> grade(clues, w, h).level
'hard'
>>> w, h, clues = EXAMPLES["trial"]
>>> engine = engine_for(clues, w, h, HARD)
>>> close(engine, HARD), engine.unknown_edge_count
(True, 17)
>>> grade(clues, w, h).level, grade(clues, w, h).rules["trial"]
('expert', 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from gridlogic.frozen import RebuiltFromFields
from gridlogic.loop.board import validate_loop
from gridlogic.loop.engine import EASY as EASY_RULES
from gridlogic.loop.engine import MEDIUM as MEDIUM_RULES
from gridlogic.loop.engine import RULES, Engine
from gridlogic.loop.region_version import deductions_by_level, read_grade
from gridlogic.loop.solver import EXAMPLES as ENGINE_EXAMPLES

__all__ = [
    "EASY", "EXAMPLES", "EXPERT", "HARD", "LEVELS", "MEDIUM", "TECHNIQUES", "TECHNIQUE_LEVEL",
    "Deduction", "Grade", "close", "deduce", "engine_for", "grade",
]  # fmt: skip

EASY: Final = 0
MEDIUM: Final = 1
HARD: Final = 2
EXPERT: Final = 3
LEVELS = ("easy", "medium", "hard", "expert")
TECHNIQUES: dict[str, tuple[str, ...]] = {
    "easy": ("clue", "vertex", "loop"),
    "medium": ("corner", "threes"),
    "hard": ("colour",),
    "expert": ("trial",),
}
TECHNIQUE_LEVEL = {technique: level for level, names in TECHNIQUES.items() for technique in names}
assert sorted(TECHNIQUE_LEVEL) == sorted(RULES)

_: None = None
EXAMPLES: dict[str, tuple[int, int, tuple[int | None, ...]]] = {
    **{name: ENGINE_EXAMPLES[name] for name in ("clue", "vertex", "loop", "corner", "threes", "colour")},
    "trial": (4, 4, (3, 1, _, _,
                     _, _, 1, 1,
                     _, _, _, 2,
                     _, 0, _, _)),
}  # fmt: skip
del _


def engine_for(clues: Sequence[int | None], width: int, height: int, level: int) -> Engine:
    """An exact engine with the rules of ``level`` (colouring from hard up)."""
    return Engine(clues, width, height, colour=level >= HARD, exact=True)


def close(engine: Engine, level: int) -> bool:
    """Apply the techniques of ``level`` until nothing changes; False on a contradiction.

    ``engine`` must have been built for the level (:func:`engine_for`). Trial
    (expert) runs rounds over every unknown edge until a round finds nothing.
    """
    if not engine.propagate(EASY_RULES if level == EASY else MEDIUM_RULES):
        return False
    if level >= EXPERT:
        while engine.unknown_edge_count and engine.loop_closed_at < 0:
            if not engine.trial():
                return False
            if not engine.trial_progress:
                break
    return True


@dataclass(frozen=True)
class Deduction:
    """What the techniques of one level reach: ``solved``, ``stuck`` or ``contradiction``, the edges
    (1 = line) and how many edges each technique set."""

    status: str
    edges: list[int]
    counts: dict[str, int]


def _outcome(engine: Engine, ok: bool) -> Deduction:
    counts = {name: engine.rule_counts[k] for k, name in enumerate(RULES)}
    if not ok:
        return Deduction("contradiction", engine.edges(), counts)
    if engine.unknown_edge_count:
        return Deduction("stuck", engine.edges(), counts)
    solved = validate_loop(engine.edges(), [None if k < 0 else k for k in engine.clues], engine.width,
                           engine.height)
    return Deduction("solved" if solved else "contradiction", engine.edges(), counts)


def deduce(clues: Sequence[int | None], width: int, height: int, level: int) -> Deduction:
    """The techniques of ``level`` (EASY .. EXPERT) alone, from the clues."""
    engine = engine_for(clues, width, height, level)
    return _outcome(engine, close(engine, level))


@dataclass(frozen=True)
class Grade(RebuiltFromFields):
    """A puzzle's level (None when no level finishes it: it needs search) and how many edges each
    technique set when the techniques of that level solved it."""

    level: str | None
    rules: dict[str, int]

    def to_dict(self) -> dict[str, object]:
        deductions = deductions_by_level(self.rules, TECHNIQUE_LEVEL, LEVELS)
        return {"level": self.level, "deductions": deductions, "rules": dict(self.rules)}

    @classmethod
    def from_dict(cls, data: object) -> Grade:
        """The inverse of :meth:`to_dict`, checking every field (the deductions must add up the rules)."""
        return read_grade(cls, data, LEVELS, RULES, TECHNIQUE_LEVEL)


def grade(clues: Sequence[int | None], width: int, height: int, least: int = EASY) -> Grade:
    """The least level from ``least`` up whose techniques finish the puzzle, with that run's counts.

    ``least`` lets a caller that knows the levels below cannot finish it skip them.
    """
    for level in range(least, EXPERT + 1):
        result = deduce(clues, width, height, level)
        if result.status == "solved":
            return Grade(LEVELS[level], result.counts)
    return Grade(None, result.counts)
