"""The puzzle studio's analysis: is a maker's puzzle unique, how hard is it, and what would fix it.

Two questions about a puzzle a maker brings (any format its game reads, as a
:class:`~gridlogic.game.Problem`), answered for every game through its
:class:`~gridlogic.game.Game` record alone; the web API (``/api/{game}/analyse``,
``/api/{game}/fixes``) and the command line (``gridlogic GAME analyse``) only carry them.

**Analyse** (:func:`analyse`). The game's general solver decides the puzzle within the game's
import limits (``Game.imports``: 5 s for Pattern and Loop, 2,000 search nodes for Signal, the
limits a puzzle brought to play must be proven in), so that what the studio calls unique is what
the import dialog plays. The verdict is

- ``unique``: one solution, proven; then ``level`` and ``techniques`` are the hints'
  walk-through of it (``Game.hints.explain`` with the latest version's techniques: the steps a
  person takes, counted by technique, and the level they show; the page links to that
  walk-through), ``id`` is the play ID (``GAME.import.WxH.FORMAT.TEXT``; None, with the
  reason in the note, when there would be nothing to play: a board given solved, a blank picture)
  and ``exports`` the puzzle in every format of other software the game writes (``Game.exports``:
  a ``.non`` file and a Tatham game ID, a puzz.link URL and a Loopy game ID, a Net game ID);
- ``several``: at least two; ``difference`` lists the marks (Pattern cells, Loop edges, Signal
  tiles: ``Game.studio.solution_mark``) where the solver's two solutions differ (Pattern's and
  Loop's solvers give the least two in cell or edge order, whichever back end found them, so the
  difference and the fixes ordered by it are the same with or without python-sat);
- ``none``: no solution;
- ``undecided``: the limit ran out first. Never called unique: a search cut short proves nothing.

**Fixes** (:func:`fixes`), for a puzzle with several solutions: the game's ``Studio.changes`` lists
one-step changes of the design (the problem's goal: a file's published solution, or the solution
the maker means, given beside the text; else the solver's first), nearest the difference first
(Pattern: a cell added to or removed from the picture; Loop: one more clue shown; Signal: a link
moved), and each is solved again within the same limits; only a change the solver proves unique is
offered, with the text of the puzzle it makes (``Studio.write``: a Tatham game ID, a puzz.link
body, a Net game ID) and its play ID. When no single change is proven (a slitherlink with few clues
often needs several more), the nearest change is made again and again, each time nearest the
difference that is left, until the solver proves one solution: one fix of several marks. At most
:data:`MAX_FIXES` are offered, from at most :data:`MAX_TRIALS` puzzles solved within
:data:`FIX_SECONDS` in all, so a request costs a bounded amount of work.

**Thin** (:func:`thin`), for a puzzle that shows more clues than it needs (Loop: a maker who
showed every clue of the loop drawn): the game's ``Studio.thin`` hides clues while the techniques of
the level asked for still finish the puzzle, the way a generator makes a puzzle of that level.
The puzzle left is proven again by the solver before it is offered, with the level its
walk-through shows (at most the one asked for) and its play ID; when those techniques do not finish
the puzzle as it is, nothing is hidden and the answer says so (``unfinished``).

:func:`analyse` and :func:`fixes` take a ``deadline`` too (a :func:`time.monotonic` instant, None:
none; ``gridlogic GAME analyse --budget``): the solver's limit is narrowed to it, the walk-through
checks it (:class:`~gridlogic.hints.Explain`) and the fixes' trials stop at it, so that the caller,
finding it passed (:func:`~gridlogic.params.check_deadline`), shows nothing instead of a part.

A board wider or taller than the game imports (``Imports.max_side``) is refused before any work
with :class:`DesignTooLarge` (a 422 on the web). Worked example (checked in
``tests/test_studio.py``)::

    >>> from gridlogic import GAMES
    >>> pattern = GAMES["pattern"]
    >>> found = analyse(pattern, pattern.read("2x2:1/1/1/1"))
    >>> found.verdict, [mark.index for mark in found.difference]
    ('several', [0, 1, 2, 3])
    >>> fix = fixes(pattern, pattern.read("2x2:1/1/1/1")).fixes[0]
    >>> fix.changes, fix.text, fix.id
    ((Mark(kind='cell', index=0, value=1),), '2x2:2/1/2/1', 'pattern.import.2x2.tatham.2x2:2/1/2/1')
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gridlogic.errors import GridlogicError, ImportRefused, InvalidParameters
from gridlogic.game import Game, Imports, Problem, Studio
from gridlogic.hints import Mark, Walkthrough
from gridlogic.params import seconds_left, short_repr
from gridlogic.verdict import Verdict

__all__ = [
    "FIX_SECONDS",
    "MAX_FIXES",
    "MAX_TRIALS",
    "Analysis",
    "Design",
    "DesignTooLarge",
    "Fix",
    "Fixes",
    "Thinned",
    "analyse",
    "chained_fix",
    "checked_design",
    "checked_goal",
    "fixes",
    "one_step_fixes",
    "playable",
    "studio_of",
    "thin",
]

MAX_FIXES = 3  # fixes offered at most: the nearest few, each proven
MAX_TRIALS = 40  # changes tried at most, nearest the difference first
FIX_SECONDS = 10.0  # wall time all the trials of one request may take together


class DesignTooLarge(GridlogicError):
    """A board larger than the studio analyses (the game's import limit)."""


@dataclass(frozen=True)
class Design:
    """Which puzzle an answer is about: its game, its board and the format it was read from."""

    game: str
    width: int
    height: int
    format: str

    @classmethod
    def of(cls, problem: Problem) -> Design:
        return cls(problem.game, problem.width, problem.height, problem.source)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "width": self.width, "height": self.height, "format": self.format}


@dataclass(frozen=True)
class Analysis:
    """What :func:`analyse` found (see the module docstring); ``note`` says it in one sentence."""

    design: Design
    verdict: str
    level: str | None = None
    techniques: Mapping[str, int] = field(default_factory=dict)
    difference: tuple[Mark, ...] = ()
    id: str | None = None
    note: str = ""
    exports: Mapping[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {**self.design.to_dict(), "verdict": self.verdict, "level": self.level,
                "techniques": dict(self.techniques),
                "difference": [mark.to_dict() for mark in self.difference], "id": self.id, "note": self.note,
                "exports": dict(self.exports)}


@dataclass(frozen=True)
class Fix:
    """A change proven to make the puzzle unique: the marks it changes (with their new values), the
    text of the puzzle it makes and that puzzle's play ID (None when it cannot be played: a Signal
    board given solved stays solved)."""

    changes: tuple[Mark, ...]
    text: str
    id: str | None

    def to_dict(self) -> dict[str, Any]:
        return {"changes": [mark.to_dict() for mark in self.changes], "text": self.text, "id": self.id}


@dataclass(frozen=True)
class Fixes:
    """What :func:`fixes` found: the puzzle's verdict and difference, and the fixes, nearest first."""

    design: Design
    verdict: str
    difference: tuple[Mark, ...]
    fixes: tuple[Fix, ...]
    note: str

    def to_dict(self) -> dict[str, Any]:
        return {**self.design.to_dict(), "verdict": self.verdict,
                "difference": [mark.to_dict() for mark in self.difference],
                "fixes": [fix.to_dict() for fix in self.fixes], "note": self.note}


@dataclass(frozen=True)
class Thinned:
    """What :func:`thin` did: ``status`` ``thinned`` (the clues ``hidden``, each a ``clue`` mark with no
    value, and the puzzle left: its ``text``, play ``id`` and the ``level`` its walk-through shows) or
    ``unfinished`` (the techniques of ``asked`` do not finish the puzzle as it is: nothing hidden)."""

    design: Design
    asked: str
    status: str
    hidden: tuple[Mark, ...] = ()
    text: str | None = None
    id: str | None = None
    level: str | None = None
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {**self.design.to_dict(), "asked": self.asked, "status": self.status,
                "hidden": [mark.to_dict() for mark in self.hidden], "text": self.text, "id": self.id,
                "level": self.level, "note": self.note}


def studio_of(game: Game) -> tuple[Studio, Imports]:
    """The game's studio and import records; InvalidParameters when it has no studio."""
    if game.studio is None or game.imports is None:
        raise InvalidParameters(f"the studio does not analyse {game.title} puzzles")
    return game.studio, game.imports


def checked_design(game: Game, problem: Problem) -> Problem:
    """``problem`` when the studio analyses it; DesignTooLarge past the game's import side."""
    _, imports = studio_of(game)
    if problem.game != game.name:
        raise InvalidParameters(f"a {problem.game} puzzle is not a {game.title} one")
    side = imports.max_side
    if problem.width > side or problem.height > side:
        raise DesignTooLarge(f"a {problem.width}x{problem.height} {game.title} board is too large to analyse; "
                             f"at most {side}x{side}")
    return problem


def decided(game: Game, problem: Problem, seconds: float | None = None) -> Verdict:
    """The solver's verdict within the import limits (and ``seconds`` more narrowly, where the solver
    takes a time budget)."""
    limits = dict(studio_of(game)[1].limits)
    if seconds is not None and "budget" in game.solve_options:
        limits["budget"] = min(limits.get("budget", seconds), max(0.0, seconds))
    return game.solve(problem, **limits)


def difference_of(game: Game, verdict: Verdict) -> tuple[Mark, ...]:
    """The marks where a verdict's two solutions differ (none unless it found two)."""
    if len(verdict.solutions) < 2:
        return ()
    kind = studio_of(game)[0].solution_mark
    first, second = verdict.solutions[0], verdict.solutions[1]
    return tuple(Mark(kind, index) for index, (a, b) in enumerate(zip(first, second, strict=True)) if a != b)


def verdict_note(game: Game, verdict: Verdict, difference: tuple[Mark, ...]) -> str:
    """The verdict in one sentence."""
    noun = game.solution_noun
    if verdict.status == "unique":
        return f"exactly one {noun}, proven"
    if verdict.status == "several":
        kind = difference[0].kind if difference else "place"
        return f"at least two {noun}s; two of them differ in {len(difference)} {kind}{'s' * (len(difference) != 1)}"
    if verdict.status == "none":
        return f"no {noun} meets the clues"
    return (f"undecided: the solver stopped at its limit ({studio_of(game)[1].limits_text()}) before proving "
            f"how many {noun}s there are; uniqueness is not proven")


def playable(game: Game, problem: Problem, solution: Sequence[int]) -> tuple[str | None, str]:
    """The play ID of a puzzle proven unique, and ``""``; or None and why it cannot be played (a board
    solved already, a blank picture), as words to add to a note."""
    try:
        studio_of(game)[1].puzzle(problem, solution)
    except ImportRefused as refused:
        return None, f"; not playable: {refused}"
    return game.import_spec(problem).id, ""


def latest_walk(game: Game, problem: Problem, deadline: float | None = None) -> Walkthrough | None:
    """The hints' walk-through of a puzzle proven unique, by the latest version's techniques and levels
    (what the studio grades by); None for a game without hints."""
    return game.hints.explain(problem, game.latest, deadline) if game.hints is not None else None


def _seconds_to(deadline: float | None) -> float | None:
    """The seconds left before ``deadline`` for :func:`decided` (None: no deadline)."""
    return None if deadline is None else seconds_left(deadline, math.inf)


def written_exports(game: Game, problem: Problem) -> dict[str, str]:
    """The puzzle in every format of other software the game writes that can hold it (puzz.link has no
    honeycomb Loop: a format whose writer refuses the puzzle is left out)."""
    found = {}
    for name, write in game.exports.items():
        try:
            found[name] = write(problem)
        except InvalidParameters:
            continue
    return found


def analyse(game: Game, problem: Problem, deadline: float | None = None) -> Analysis:
    """The verdict on ``problem``, with the level and techniques of a unique one and the difference of
    one with several solutions (see the module docstring); the work stops at ``deadline``."""
    verdict = decided(game, checked_design(game, problem), _seconds_to(deadline))
    design = Design.of(problem)
    difference = difference_of(game, verdict)
    note = verdict_note(game, verdict, difference)
    if verdict.status != "unique":
        return Analysis(design, verdict.status, difference=difference, note=note)
    play_id, refusal = playable(game, problem, verdict.solutions[0])
    note += refusal
    exports = written_exports(game, problem) if play_id else {}
    walk = latest_walk(game, problem, deadline)
    if walk is None:
        return Analysis(design, "unique", id=play_id, note=note, exports=exports)
    assert game.hints is not None
    techniques = walk.counts([technique.name for technique in game.hints.techniques(game.latest)])
    if walk.note.en:
        note += f"; {walk.note.en[0].lower()}{walk.note.en[1:]}"
    return Analysis(design, "unique", walk.level, techniques, id=play_id, note=note, exports=exports)


def fixes(game: Game, problem: Problem, deadline: float | None = None) -> Fixes:
    """Changes proven to make a puzzle with several solutions unique, nearest the difference first; the
    trials stop at ``deadline`` too."""
    studio = studio_of(game)[0]
    verdict = decided(game, checked_design(game, problem), _seconds_to(deadline))
    design = Design.of(problem)
    difference = difference_of(game, verdict)
    if verdict.status != "several":
        ending = (": nothing to fix" if verdict.unique
                  else f"; fixes are for a puzzle with several {game.solution_noun}s")
        return Fixes(design, verdict.status, difference, (), verdict_note(game, verdict, difference) + ending)
    if studio.changes is None:
        return Fixes(design, "several", difference, (), f"the studio proposes no changes to {game.title} puzzles yet")
    problem = checked_goal(game, problem, verdict)
    trials = Trials(game, min(time.monotonic() + FIX_SECONDS, math.inf if deadline is None else deadline))
    found = one_step_fixes(trials, studio, problem, verdict, difference)
    if found:
        return Fixes(design, "several", difference, found,
                     f"{len(found)} change{'s' * (len(found) != 1)} proven to leave one {game.solution_noun}")
    chained = chained_fix(trials, studio, problem, verdict, difference)
    if chained is not None:
        return Fixes(design, "several", difference, (chained,),
                     f"no single change is enough; these {len(chained.changes)} together are proven to leave one "
                     f"{game.solution_noun}")
    return Fixes(design, "several", difference, (),
                 f"no change was proven to leave one {game.solution_noun} within the studio's limits "
                 f"({MAX_TRIALS} puzzles tried, {FIX_SECONDS:g} s)")


@dataclass
class Trials:
    """The solver runs one request of fixes may make: at most :data:`MAX_TRIALS`, until ``deadline``."""

    game: Game
    deadline: float
    made: int = 0

    def left(self) -> bool:
        return self.made < MAX_TRIALS and time.monotonic() < self.deadline

    def verdict(self, problem: Problem) -> Verdict:
        self.made += 1
        return decided(self.game, problem, self.deadline - time.monotonic())

    def fix(self, marks: tuple[Mark, ...], problem: Problem, verdict: Verdict) -> Fix:
        return Fix(marks, studio_of(self.game)[0].write(problem), playable(self.game, problem, verdict.solutions[0])[0])


def meant_solution(problem: Problem, verdict: Verdict) -> tuple[int, ...]:
    """The solution the maker means: the problem's goal (a file's, or a change's), else the solver's first."""
    return tuple(problem.goal) if problem.goal is not None else verdict.solutions[0]


def checked_goal(game: Game, problem: Problem, verdict: Verdict) -> Problem:
    """``problem`` when it has no goal, or a goal that solves it by the game's rules (a solution of the
    verdict's length, entries 0 or 1 but Signal's tile masks); InvalidParameters saying what is wrong
    otherwise."""
    goal = problem.goal
    if goal is None:
        return problem
    length = len(verdict.solutions[0])
    if len(goal) != length:
        raise InvalidParameters(f"the goal has {len(goal)} entries; a solution of this "
                                f"{problem.width}x{problem.height} {game.title} puzzle has {length}")
    if studio_of(game)[0].solution_mark != "tile" and not set(goal) <= {0, 1}:
        raise InvalidParameters(f"the goal's entries are 0 or 1, not {min(set(goal) - {0, 1})}")
    if tuple(goal) in (tuple(solution) for solution in verdict.solutions):
        return problem  # one the solver found: no more to check (and the rules' check needs a playable board)
    try:
        board = game.parse_board(problem.width, problem.height, game.solution_form(problem, goal))
        solved = game.check(studio_of(game)[1].puzzle(problem, goal), board)
    except ImportRefused as refused:
        raise InvalidParameters(f"the goal cannot be checked: {refused}") from refused
    if not solved.get("solved"):
        raise InvalidParameters(f"the goal does not solve this {game.title} puzzle by its rules")
    return problem


def one_step_fixes(trials: Trials, studio: Studio, problem: Problem, verdict: Verdict,
                   difference: tuple[Mark, ...]) -> tuple[Fix, ...]:
    """The first :data:`MAX_FIXES` one-step changes proven unique, nearest the difference first."""
    found: list[Fix] = []
    assert studio.changes is not None
    for change in studio.changes(problem, meant_solution(problem, verdict), difference):
        if len(found) >= MAX_FIXES or not trials.left():
            break
        verdict = trials.verdict(change.problem)
        if verdict.unique:
            found.append(trials.fix(change.marks, change.problem, verdict))
    return tuple(found)


def chained_fix(trials: Trials, studio: Studio, problem: Problem, verdict: Verdict,
                difference: tuple[Mark, ...]) -> Fix | None:
    """The nearest change made again and again, each time nearest the difference that is left (and never
    where an earlier one was made), until the solver proves one solution: one fix of several marks.
    None when the trials run out first or a change leaves no solution."""
    assert studio.changes is not None
    marks: tuple[Mark, ...] = ()
    while trials.left():
        changed = {(mark.kind, mark.index) for mark in marks}  # a change is never undone by a later one
        offered = studio.changes(problem, meant_solution(problem, verdict), difference)
        change = next((c for c in offered if not changed & {(mark.kind, mark.index) for mark in c.marks}), None)
        if change is None:
            return None
        marks += change.marks
        problem = change.problem
        verdict = trials.verdict(problem)
        if verdict.unique:
            return trials.fix(marks, problem, verdict)
        if verdict.status != "several":
            return None
        difference = difference_of(trials.game, verdict)
    return None


def thin(game: Game, problem: Problem, level: object) -> Thinned:
    """The puzzle with the clues hidden that the techniques of ``level`` do not need (see the module
    docstring); InvalidParameters for a game that hides no clues or a level it does not know."""
    studio = studio_of(game)[0]
    if studio.thin is None:
        raise InvalidParameters(f"the studio hides no clues of {game.title} puzzles")
    if not isinstance(level, str) or level not in studio.thin_levels:
        raise InvalidParameters(f"level must be one of {', '.join(studio.thin_levels)}, not {short_repr(level)}")
    design = Design.of(checked_design(game, problem))
    change = studio.thin(problem, level)
    if change is None:
        return Thinned(design, level, "unfinished",
                       note=f"the {level} techniques do not finish this puzzle with the clues it shows; show more "
                            "clues or choose a harder level")
    verdict = decided(game, change.problem)  # the solver's proof beside the techniques' (they are sound)
    if verdict.status in ("several", "none"):
        raise AssertionError(f"the {level} techniques finished a puzzle the solver calls {verdict.status}")
    play_id = playable(game, change.problem, verdict.solutions[0])[0] if verdict.unique else None
    walk = latest_walk(game, change.problem)
    hidden = len(change.marks)
    unchecked = "" if verdict.unique else "; the solver did not confirm it within its limit, so it has no play link"
    return Thinned(design, level, "thinned", change.marks, studio.write(change.problem), play_id,
                   walk.level if walk else None,
                   f"{hidden} clue{'s' * (hidden != 1)} hidden; the {level} techniques still finish it, so it has "
                   f"one {game.solution_noun}, proven{unchecked}")
