"""The score shown after a play: 0 to 100 points, a rank, and where the points went.

The original app had a ``pattern/rating.js`` for this, but none of the seed
articles describes it, so this module is gridlogic's own design. It shares
the spirit of the Signal article's "completeness" score: a small, open
formula that anyone can recompute from the numbers it prints.

**The par times are estimates.** Nobody has calibrated them against real
players; the original README says the same of its own difficulty
thresholds ("no calibration with real players was done"), and nothing here
has been measured either. They were chosen by one rule, so that they are at
least consistent with each other: a par grows with the number of cells,

    par seconds = cells x seconds per cell (game) x factor (difficulty),
                  rounded half up to a multiple of 10 seconds,

with 5 s per cell for Signal (one rotation per tile, mostly by eye), 6 s
for Pattern (each cell is reasoned about along its row and its column) and
8 s for Loop (each cell has four edges to decide), and a factor of 3/5 for
easy, 1 for medium, 3/2 for hard, 2 for expert (Loop version 2) and 3/2 for "unrated" (the analysis gave up,
so the puzzle is at least hard to reason about). "any" (a puzzle whose
difficulty was not requested and is not known to the caller) and Pattern,
which has no difficulties, take the medium factor 1. :func:`par_table`
lists every par.

**The par for moves** is the least number of moves that solves the
puzzle, when the caller knows it and passes it as ``min_moves``: each
game's ``Game.min_moves`` says it (for Signal the quarter turns from the
shuffled tiles to the answer, each tile turned the shorter way; for Pattern
the number of filled cells; for Loop the length of the loop), and
:func:`score_puzzle` asks it. Without it, moves are not scored (the
breakdown says so).

**What the page counts** (``static/play.js`` and each game's ``moveCost``;
the score takes the counts as given):

* a **move** is a change of the board towards an answer: a tile turned a
  quarter (a half turn is two), a cell filled or emptied, a line drawn or
  erased. Notes are free: a × mark (Pattern's "empty", Loop's "no line"),
  and so are undo, redo and reset, which only walk the history. A painted
  run of five cells is five moves; a run that only lays × marks is none.
* a **check** counts when it found a mistake. Check compares the board with
  the puzzle's one solution and marks what the solution does not have (a
  filled cell, a drawn line, a link of two tiles) and × marks on what it
  has; a check that finds nothing to mark is free, since it only tells the
  player to go on, while one that finds a mistake saves the player from it.
* a **hint** counts when it told the player something: the next deduction,
  or where the earliest mistake is (:mod:`gridlogic.hints`); a hint that
  only says the board is solved, or that nothing more follows, is free.

The formula. A revealed solution scores 0, rank "revealed". Otherwise a
solved puzzle starts at 100 and loses

* time:   25 points for each par's length beyond the par time, at most 50
          (reached at three times the par); finishing within par loses nothing;
* moves:  10 points for each ``min_moves`` worth of moves beyond the
          minimum, at most 20;
* checks: 5 points for each check that found a mistake, at most 20;
* hints:  5 points for each hint, at most 50, and never more than the
          points left, so that the score stays at 0 or above (this part is
          in the breakdown only when a hint was taken);

each part rounded half up to a whole point. The lowest score of a solved,
unrevealed puzzle is therefore 10 without hints and 0 with them, and the
breakdown's points always add up to the score. Every part can only grow
with its own input, so more time, more moves, more checks or more hints
never raise the score. The rank:

    S  90-100  Brilliant      お見事
    A  75-89   Excellent      すばらしい
    B  60-74   Good           よくできました
    C  40-59   Solved         クリア
    D  10-39   Hard-won       ねばり勝ち

Worked example (checked in ``tests/test_scoring.py``): a 10x10 Pattern
(par 100 cells x 6 s = 10:00) with 55 filled cells, solved in 14:00 with 70
moves (fills and erasures; the 40 × marks and 6 undos made on the way are
free) and three checks, of which one found a mistake. Time: 4:00 over a
par of 10:00 is 0.4 par lengths, 0.4 x 25 = 10, so -10. Moves: 15 beyond 55
is 15/55 x 10 = 2.73, so -3. Checks: the one that found a mistake, 1 x 5 =
-5; the two that found none are free. Score 100 - 10 - 3 - 5 = 82, rank A.

>>> result = score_play("pattern", 10, seconds=840, moves=70, checks=1,
...                     revealed=False, min_moves=55)
>>> result.score, result.rank, result.rank_label_en
(82, 'A', 'Excellent')
>>> [(part.label, part.points) for part in result.breakdown]
[('solved', 100), ('time', -10), ('moves', -3), ('checks', -5)]
>>> result.breakdown[1].explanation
'time 14:00 vs par 10:00: -10 (-25 per par length over par, at most -50)'
>>> result.breakdown[3].explanation
'checks that found a mistake 1: -5 (-5 each, at most -20; a check that finds none is free)'

The same play with two hints taken loses 10 more, 72, rank B:

>>> with_hints = score_play("pattern", 10, seconds=840, moves=70, checks=1, hints=2,
...                         revealed=False, min_moves=55)
>>> with_hints.score, with_hints.rank, with_hints.breakdown[4].explanation
(72, 'B', 'hints 2: -10 (-5 each, at most -50, and never below a score of 0)')

What the score is not: a measure of skill across games, or of how hard a
puzzle felt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gridlogic.durations import format_duration
from gridlogic.errors import InvalidParameters
from gridlogic.game import GAMES, Game, Puzzle, game_named
from gridlogic.params import check_bool, check_int

MAX_SIDE = 200  # the largest board side anything in gridlogic accepts
DIFFICULTY_FACTOR: dict[str, Fraction] = {
    "any": Fraction(1),
    "easy": Fraction(3, 5),
    "medium": Fraction(1),
    "hard": Fraction(3, 2),
    "expert": Fraction(2),
    "unrated": Fraction(3, 2),
}

TIME_POINTS_PER_PAR = 25
TIME_MAX_PENALTY = 50
MOVE_POINTS_PER_MINIMUM = 10
MOVE_MAX_PENALTY = 20
CHECK_POINTS_EACH = 5
CHECK_MAX_PENALTY = 20
HINT_POINTS_EACH = 5
HINT_MAX_PENALTY = 50

# (lowest score, rank, English name, Japanese name), best first.
RANKS: tuple[tuple[int, str, str, str], ...] = (
    (90, "S", "Brilliant", "お見事"),
    (75, "A", "Excellent", "すばらしい"),
    (60, "B", "Good", "よくできました"),
    (40, "C", "Solved", "クリア"),
    (0, "D", "Hard-won", "ねばり勝ち"),
)
REVEALED_RANK = ("revealed", "Solution revealed", "解答を表示")


@dataclass(frozen=True)
class ScorePart:
    """One line of the breakdown: what it is, its points (signed) and why."""

    label: str
    points: int
    explanation: str

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "points": self.points, "explanation": self.explanation}


@dataclass(frozen=True)
class Par:
    """The par a play was measured against; ``moves`` is None when not known."""

    seconds: int
    moves: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "moves": self.moves}


@dataclass(frozen=True)
class ScoreResult:
    """A play's score (0..100), its rank and the breakdown whose points sum to the score."""

    score: int
    rank: str
    rank_label_en: str
    rank_label_ja: str
    breakdown: tuple[ScorePart, ...]
    par: Par

    def to_dict(self) -> dict[str, Any]:
        return {
            "score": self.score,
            "rank": self.rank,
            "rankLabel": {"en": self.rank_label_en, "ja": self.rank_label_ja},
            "breakdown": [part.to_dict() for part in self.breakdown],
            "par": self.par.to_dict(),
        }

    def __repr__(self) -> str:
        parts = " ".join(f"{part.label} {part.points:+d}" for part in self.breakdown)
        return f"<ScoreResult {self.score} {self.rank} ({self.rank_label_en}): {parts}>"


def _round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def scored_difficulties(game: Game) -> tuple[str, ...]:
    """The difficulties a game's plays are scored for: its own, plus "unrated" (the level a graded
    game gives a puzzle its grader could not settle) when it grades at all."""
    return game.difficulties + (("unrated",) if len(game.difficulties) > 1 else ())


def _check_puzzle(game: object, size: object, difficulty: object) -> tuple[Game, int, str]:
    """The game, the number of cells of ``size`` (a side or a (width, height) pair), and the difficulty."""
    record = game_named(game)
    if isinstance(size, (tuple, list)) and len(size) == 2:
        width, height = size
    else:
        width = height = size
    for side in (width, height):
        if isinstance(side, bool) or not isinstance(side, int) or not 1 <= side <= MAX_SIDE:
            raise InvalidParameters(
                f"size {size!r} is not allowed; it must be a side or a (width, height) pair, each 1 to {MAX_SIDE}"
            )
    difficulties = scored_difficulties(record)
    if not isinstance(difficulty, str) or difficulty not in difficulties:
        raise InvalidParameters(
            f"difficulty {difficulty!r} is not known for {record.name}; "
            f"the difficulties are {', '.join(difficulties)}"
        )
    return record, width * height, difficulty


def _check_seconds(value: object) -> Fraction:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value < 0
    ):
        raise InvalidParameters(
            f"seconds {value!r} is not allowed; it must be a finite number >= 0"
        )
    return Fraction(value)


def par_seconds(game: str, size: int | tuple[int, int], difficulty: str = "any") -> int:
    """The par time in seconds (an estimate, see the module docstring); ``size`` a side or (width, height)."""
    record, cells, difficulty = _check_puzzle(game, size, difficulty)
    exact = cells * record.seconds_per_cell * DIFFICULTY_FACTOR[difficulty]
    return max(10, 10 * _round_half_up(exact / 10))  # at least 10 s: Loop's floret grid is 1 wide


def par_table() -> dict[str, dict[int, dict[str, int]]]:
    """The par times of the sizes the page offers: ``table[game][side][difficulty]`` in seconds."""
    return {
        name: {
            side: {difficulty: par_seconds(name, side, difficulty) for difficulty in scored_difficulties(game)}
            for side in sorted({side for version in game.versions.values() for side in version.presets})
        }
        for name, game in GAMES.items()
    }


def rank_for(score: int) -> tuple[str, str, str]:
    """(rank, English name, Japanese name) of a score of a solved, unrevealed puzzle."""
    for lowest, rank, label_en, label_ja in RANKS:
        if score >= lowest:
            return rank, label_en, label_ja
    raise InvalidParameters(f"score {score!r} is not allowed; it must be 0..100")


def _time_part(elapsed: Fraction, par: int) -> ScorePart:
    """The points a play's time loses beyond the par time."""
    over_par = max(Fraction(0), elapsed - par) / par
    points = -min(TIME_MAX_PENALTY, _round_half_up(over_par * TIME_POINTS_PER_PAR))
    return ScorePart(
        "time",
        points,
        f"time {format_duration(elapsed)} vs par {format_duration(par)}: {points:+d} "
        f"(-{TIME_POINTS_PER_PAR} per par length over par, at most -{TIME_MAX_PENALTY})",
    )


def _move_part(moves: int, min_moves: int | None) -> ScorePart:
    """The points a play's moves lose beyond the least number (none when that is not known)."""
    if min_moves is None:
        return ScorePart("moves", 0, f"moves {moves}: not scored, the least number is not known")
    extra = Fraction(max(0, moves - min_moves), max(1, min_moves))
    points = -min(MOVE_MAX_PENALTY, _round_half_up(extra * MOVE_POINTS_PER_MINIMUM))
    return ScorePart(
        "moves",
        points,
        f"moves {moves} vs least {min_moves}: {points:+d} "
        f"(-{MOVE_POINTS_PER_MINIMUM} per {max(1, min_moves)} extra moves, at most -{MOVE_MAX_PENALTY})",
    )


def _check_part(checks: int) -> ScorePart:
    """The points the checks that found a mistake lose."""
    points = -min(CHECK_MAX_PENALTY, checks * CHECK_POINTS_EACH)
    return ScorePart(
        "checks",
        points,
        f"checks that found a mistake {checks}: {points:+d} "
        f"(-{CHECK_POINTS_EACH} each, at most -{CHECK_MAX_PENALTY}; a check that finds none is free)",
    )


def _hint_part(hints: int, left: int) -> ScorePart:
    """The points the hints lose, never more than the ``left`` points."""
    points = -min(HINT_MAX_PENALTY, hints * HINT_POINTS_EACH, left)
    return ScorePart(
        "hints",
        points,
        f"hints {hints}: {points:+d} "
        f"(-{HINT_POINTS_EACH} each, at most -{HINT_MAX_PENALTY}, and never below a score of 0)",
    )


def score_play(
    game: str,
    size: int | tuple[int, int],
    difficulty: str = "any",
    *,
    seconds: float,
    moves: int,
    checks: int,
    revealed: bool,
    min_moves: int | None = None,
    hints: int = 0,
) -> ScoreResult:
    """Score one finished play of a puzzle (see the module docstring for the formula).

    ``moves`` counts the changes towards an answer (notes, undo, redo and reset free),
    ``checks`` the checks that found a mistake and ``hints`` the hints that told something, as
    the module docstring says the page counts them.
    """
    _check_puzzle(game, size, difficulty)
    elapsed = _check_seconds(seconds)
    moves = check_int(moves, "moves", 0)
    checks = check_int(checks, "checks", 0)
    hints = check_int(hints, "hints", 0)
    revealed = check_bool(revealed, "revealed")
    if min_moves is not None:
        min_moves = check_int(min_moves, "min_moves", 0)
    par = Par(par_seconds(game, size, difficulty), min_moves)

    start = ScorePart("solved", 100, "a solved puzzle starts at 100")
    if revealed:
        rank, label_en, label_ja = REVEALED_RANK
        parts: tuple[ScorePart, ...] = (
            start,
            ScorePart("revealed", -100, "the solution was revealed, so the score is 0"),
        )
        return ScoreResult(0, rank, label_en, label_ja, parts, par)

    parts = (start, _time_part(elapsed, par.seconds), _move_part(moves, min_moves), _check_part(checks))
    if hints:
        parts += (_hint_part(hints, sum(part.points for part in parts)),)
    score = sum(part.points for part in parts)
    rank, label_en, label_ja = rank_for(score)
    return ScoreResult(score, rank, label_en, label_ja, parts, par)


def score_puzzle(puzzle: Puzzle, *, seconds: float, moves: int, checks: int, revealed: bool,
                 hints: int = 0) -> ScoreResult:
    """:func:`score_play` for a puzzle of :data:`gridlogic.GAMES`, with its game's least number of moves."""
    game = game_named(puzzle.game)
    return score_play(
        puzzle.game, (puzzle.width, puzzle.height), puzzle.difficulty, seconds=seconds, moves=moves,
        checks=checks, revealed=revealed, min_moves=game.min_moves(puzzle), hints=hints,
    )
