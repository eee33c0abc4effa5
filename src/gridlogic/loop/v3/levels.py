"""Loop version 3's four levels: the techniques of Loopy's four difficulties, and the grade.

Simon Tatham's Loopy (the slitherlink most players know) rates a puzzle Easy, Normal, Tricky or
Hard by the least set of its solver's deductions that finishes it. Version 3's levels are those
sets, learnt from Loopy's documentation and from reading how its solver reasons (the facts; the
code here is ours): easy = Easy, medium = Normal, hard = Tricky, expert = Hard. The deductions run
in :mod:`.ladder`; each level adds techniques to the one below (:data:`TECHNIQUES`). A **pair** is
two edges next to each other around a dot (a cell's corner, or on the border the two edges round
the outside); a pair fact says *at most one* or *at least one* of its two edges is a line.

==========  ===========  ===================================================================
level       technique    what a person does
==========  ===========  ===================================================================
easy        ``clue``     a number with all its lines crosses its other sides; one that needs
                         every open side takes them
            ``vertex``   a dot has 0 or 2 lines: two lines cross the rest; one line and one
                         open edge: a line; no line and one open edge: a cross
            ``loop``     a line may not close a loop short of the whole answer
            ``pinch``    a number that can spare one more side, two of whose open sides meet
                         at a dot a line already reaches: one of those two is the spare, so
                         every other open side is a line (a line into a 3's corner)
medium      ``pair``     pair facts read off a dot: a dot with one line can take at most one
                         of any two open edges, and with two open edges exactly one; a dot
                         with no line and two open edges takes both or neither; a fact and
                         one known edge decide the other
            ``bound``    a number against the fewest and most lines its other three sides
                         can hold, counting the facts of their corners: an open side is a
                         line (or a cross) when the others cannot do without it (or with it)
hard        ``cell_pair``  a number gives its corners pair facts (a 3's corner has at least
                         one line, a 1's at most one, a 2 passes "exactly one" across)
            ``opposite`` at a dot, "at least one" of a pair makes the opposite pair "at most
                         one"; a pair with exactly one line at a dot with no line: with one
                         more open edge that edge is a line, with two more they are a pair
                         with exactly one
expert      ``parity``   edges known alike or opposite (a dot's or number's two last open
                         edges, a pair with exactly one line), chained across the board: a
                         number or dot with three or four open edges, two of them linked,
                         decides or links the rest; two linked alike cannot share the one
                         line (or cross) a number has left
==========  ===========  ===================================================================

A puzzle's **level** is exact: the least level whose techniques finish it (:func:`grade`). Every
technique only writes down what every loop meeting the clues has, so a level that finishes a puzzle
has proven its loop unique.

Worked examples (:data:`EXAMPLES`; ``tests/loop/test_v3_levels.py`` checks that each one is
finished by its technique's level and not without that technique, and not by the level below):

* ``clue`` and ``vertex``, the 2×2 board ``. . / 0 1``: the 0 crosses its sides, the dots beside it
  cross their dead ends, the 1 keeps its top side, and the dots close the square.
* ``loop``, the 4×4 board ``. 0 . . / 0 0 2 3 / . . 2 1 / . 2 . .`` (easy): without the rule that
  crosses an edge closing a loop short of the answer, the easy rules stop.
* ``pinch``, ``. . . . / 0 2 1 1 / 0 . . . / . . 3 2`` (easy): the other easy rules stop where a
  line reaches the corner of a number that can spare one side.
* ``pair`` and ``bound``, ``. 0 . . / 1 0 . 1 / . 2 . . / . . . .`` (medium): the easy rules stop;
  the pair facts of the dots, read by the numbers' bounds, finish it (each of the two is needed).
* ``cell_pair`` and ``opposite``, ``. 3 . . / . . 1 1 / 0 1 . 2 / . 1 3 .`` (hard): the medium rules
  stop; the facts the numbers give their corners, passed across dots, finish it.
* ``parity``, ``. 3 . . / . . . 1 / . 1 1 2 / . . 3 2`` (expert): the hard rules stop; linked edges
  finish it.

>>> [grade(EXAMPLES[name][2], 4, 4).level for name in ("loop", "pair", "cell_pair", "parity")]
['easy', 'medium', 'hard', 'expert']
>>> deduce(EXAMPLES["pinch"][2], 4, 4, EASY, without=["pinch"]).status
'stuck'

Where ours differ from Loopy, and why
-------------------------------------
* Loopy's solver works on any grid of faces; ours on squares only, and its rules are written for a
  square cell's four sides and a dot's four edges. The bounds of ``bound`` and ``cell_pair`` are
  found by trying the at most 2³ ways of a run of sides (Loopy adds up bounds of its pieces); on a
  square cell the numbers are the same.
* At a board corner Loopy keeps two pair facts for the dot's two edges (inside the cell and round
  the outside); ours keeps one, which every rule reads the same way.
* Loopy runs its cheaper deductions first and goes back to them after every success; ours takes a
  work list of the cells and dots that changed. Every technique only adds what follows, so the board
  a level reaches is the same.
* The answers differ in shape: our loops are grown regions (:mod:`gridlogic.loop.v2.region`),
  Loopy's come from its own generator; the clue removal is Loopy's way (greedy in a random order at
  the level, a puzzle the level below finishes is drawn again).

Calibration (Loopy's own solver as the grader, in a driver built outside the project;
``benchmarks/loop_v3_levels.py --loopy`` prints both tables): at 7×7 and 10×10, 60 seeds a level,
every one of our easy / medium / hard / expert puzzles is rated Easy / Normal / Tricky / Hard by
Loopy (60 of 60 each), and every one of 60 Loopy puzzles of each difficulty gets our paired level
(60 of 60 each).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gridlogic.frozen import RebuiltFromFields
from gridlogic.game.record import GradeReport, Problem
from gridlogic.loop.board import LINE, UNKNOWN
from gridlogic.loop.region_version import deductions_by_level, read_grade
from gridlogic.loop.v3.ladder import RULE_LEVEL, RULES, Board
from gridlogic.params import check_deadline

__all__ = [
    "EASY", "EXAMPLES", "EXPERT", "HARD", "LEVELS", "MEDIUM", "RULES", "TECHNIQUES", "TECHNIQUE_LEVEL",
    "Deduction", "Grade", "deduce", "grade", "grade_problem",
]  # fmt: skip

EASY, MEDIUM, HARD, EXPERT = range(4)
LEVELS = ("easy", "medium", "hard", "expert")
TECHNIQUES: dict[str, tuple[str, ...]] = {
    level: tuple(rule for rule in RULES if RULE_LEVEL[rule] == k) for k, level in enumerate(LEVELS)
}
TECHNIQUE_LEVEL = {technique: level for level, names in TECHNIQUES.items() for technique in names}
LOOPY = {"easy": "Easy", "medium": "Normal", "hard": "Tricky", "expert": "Hard"}
"""Each level's name among Loopy's difficulties."""

_: None = None
EXAMPLES: dict[str, tuple[int, int, tuple[int | None, ...]]] = {
    "clue": (2, 2, (_, _, 0, 1)),
    "vertex": (2, 2, (_, _, 0, 1)),
    "loop": (4, 4, (_, 0, _, _, 0, 0, 2, 3, _, _, 2, 1, _, 2, _, _)),
    "pinch": (4, 4, (_, _, _, _, 0, 2, 1, 1, 0, _, _, _, _, _, 3, 2)),
    "pair": (4, 4, (_, 0, _, _, 1, 0, _, 1, _, 2, _, _, _, _, _, _)),
    "bound": (4, 4, (_, 0, _, _, 1, 0, _, 1, _, 2, _, _, _, _, _, _)),
    "cell_pair": (4, 4, (_, 3, _, _, _, _, 1, 1, 0, 1, _, 2, _, 1, 3, _)),
    "opposite": (4, 4, (_, 3, _, _, _, _, 1, 1, 0, 1, _, 2, _, 1, 3, _)),
    "parity": (4, 4, (_, 3, _, _, _, _, _, 1, _, 1, 1, 2, _, _, 3, 2)),
}  # fmt: skip
"""Each technique's worked example: (width, height, clues), finished by its level and not without it."""
del _


@dataclass(frozen=True)
class Deduction:
    """What the techniques of one level reach: ``solved``, ``stuck`` or ``contradiction``, the edges
    (1 = line), how many edges each technique decided, and which edges are still undecided."""

    status: str
    edges: list[int]
    counts: dict[str, int]
    unknown: list[bool]


def deduce(clues: Sequence[int | None], width: int, height: int, level: int,
           without: Iterable[str] = ()) -> Deduction:
    """The techniques of ``level`` (EASY .. EXPERT) alone, from the clues (``without``: leave some out)."""
    board = Board(clues, width, height, level, without)
    status = board.close()
    return Deduction(status, [1 if s == LINE else 0 for s in board.state], dict(board.counts),
                     [s == UNKNOWN for s in board.state])


def finishes(clues: Sequence[int | None], width: int, height: int, level: int) -> bool:
    """Whether the techniques of ``level`` finish the puzzle (:func:`deduce`'s ``solved``, without its record)."""
    return Board(clues, width, height, level).close() == "solved"


@dataclass(frozen=True)
class Grade(RebuiltFromFields):
    """A puzzle's level (None when no level finishes it) and how many edges each technique decided in
    the run of that level."""

    level: str | None
    rules: dict[str, int]

    def to_dict(self) -> dict[str, object]:
        deductions = deductions_by_level(self.rules, TECHNIQUE_LEVEL, LEVELS)
        return {"level": self.level, "deductions": deductions, "rules": dict(self.rules)}

    @classmethod
    def from_dict(cls, data: object) -> Grade:
        """The inverse of :meth:`to_dict`, checking every field (the deductions must add up the rules)."""
        return read_grade(cls, data, LEVELS, RULES, TECHNIQUE_LEVEL)


def grade(clues: Sequence[int | None], width: int, height: int, least: int = EASY,
          deadline: float | None = None) -> Grade:
    """The least level from ``least`` up whose techniques finish the puzzle, with that run's counts.
    ``deadline`` (a :func:`time.monotonic` instant, None: none) is checked before each level's run:
    past it, :class:`~gridlogic.params.OutOfTime` (one run on a board of 200x200 takes about a second)."""
    for level in range(least, EXPERT + 1):
        if deadline is not None:
            check_deadline(deadline)
        result = deduce(clues, width, height, level)
        if result.status == "solved":
            return Grade(LEVELS[level], result.counts)
        if result.status == "contradiction":
            break
    return Grade(None, result.counts)


def grade_problem(problem: Problem, deadline: float | None = None) -> GradeReport:
    """The level of a puzzle people bring (``gridlogic loop grade``), on this ladder, and the edges each
    technique decided in the run of that level (of expert when none finishes it); past ``deadline``,
    :class:`~gridlogic.params.OutOfTime` (see :func:`grade`)."""
    clues, width, height = problem.givens["clues"], problem.width, problem.height
    found = grade(clues, width, height, deadline=deadline)
    if found.level is not None:
        return GradeReport(found.level, found.rules, "edges decided by each technique", f"Loopy's {LOOPY[found.level]}")
    if deadline is not None:
        check_deadline(deadline)
    last = deduce(clues, width, height, EXPERT)
    if last.status == "contradiction":
        note = "the clues contradict each other: no loop meets them all"
    else:
        note = f"the expert techniques stop with {sum(1 for s in last.unknown if s)} edges undecided"
    return GradeReport(None, last.counts, "edges decided by each technique", note)
