"""What every Signal puzzle shares, whichever version made it: its shape, the rules, its metrics.

A puzzle (:class:`Puzzle`) is an answer, a tree of tile masks in row-major order, and the same
tiles shuffled, each turned some way; the player turns them back. It also records the level asked
for (``difficulty``, the JSON's ``target``), the grader's analysis (``grade``, the JSON's
``difficulty``), how many trees the generator drew (``attempt``) and :class:`Metrics`. Its JSON
form is the reference's: the board's fields, then the rest in the reference's order. Which fields
say the board is its version's: version 3's puzzles (:class:`~.v3.puzzle.Version3Puzzle`) write
the articles' ``n``, version 4's (:class:`~.v4.puzzle.Version4Puzzle`) ``width``, ``height`` and
``wrapping``, the one option (:data:`WRAPPING`) that version 4 takes.

The rules are the same for every version: a board is solved when every pipe meets a pipe and the
tiles form one tree (:func:`check`, any such board counts, not only the answer), and a move is a
quarter turn either way (:func:`min_moves`). :func:`parse_board` reads a player's board.

Worked example (checked in ``tests/signal/test_rules.py``): the articles' 4x4 puzzle. Its
shuffle is 17 clockwise quarter turns from the answer, 13 moves when a tile may turn either way;
as a version 3 puzzle it has no options, and its ID has no option letter.

>>> from gridlogic import GAMES
>>> puzzle = GAMES["signal"].generate(4, "notes-example", version=3)
>>> puzzle.metrics.turns, min_moves(puzzle), check(puzzle, list(puzzle.answer))["solved"]
(17, 13, True)
>>> puzzle.options, puzzle.id, list(puzzle.to_dict())[:3]
({}, 'signal.3.4x4.any.notes-example', ['n', 'seed', 'target'])
>>> wrapped = GAMES["signal"].generate((7, 5), "notes-example", "hard", wrapping=True)
>>> wrapped.options, wrapped.id, list(wrapped.to_dict())[:4]
({'wrapping': True}, 'signal.4.7x5w.hard.notes-example', ['width', 'height', 'wrapping', 'seed'])
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import getitem
from typing import ClassVar, Protocol

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Option, PuzzleNaming
from gridlogic.params import check_int, check_object, int_list
from gridlogic.signal.board import SHAPES, VARIANTS, check_board, connected, is_solved, rotate
from gridlogic.signal.difficulty import Difficulty
from gridlogic.signal.solver import SolveResult

DIFFICULTIES = ("any", "easy", "medium", "hard")

WRAPPING = Option("wrapping", (False, True), ("", "w"),
                  "wrap the edges round: a pipe leaving one edge enters the opposite one")


def _clockwise_turns(start: int, goal: int) -> int:
    k = 0
    while start != goal and k < 4:
        start = rotate(start)
        k += 1
    return k


# TURNS[start][goal]: the articles' count of clockwise quarter turns, 4 when goal is no rotation of start.
TURNS = tuple(tuple(_clockwise_turns(a, b) for b in range(16)) for a in range(16))

_METRICS_KEYS = ("score", "deduction", "variety", "turns")


@dataclass(frozen=True)
class Metrics:
    """The articles' completeness score: 80 for a verified puzzle plus up to 20 for shape variety."""

    score: int
    deduction: int
    variety: int
    turns: int

    def to_dict(self) -> dict[str, int]:
        return {"score": self.score, "deduction": self.deduction, "variety": self.variety, "turns": self.turns}

    @classmethod
    def from_dict(cls, data: object) -> Metrics:
        """The inverse of :meth:`to_dict`, each field a whole number, 0 or more."""
        fields = check_object(data, "'metrics'", _METRICS_KEYS)
        score, deduction, variety, turns = (check_int(fields[k], f"'metrics'.{k}", 0) for k in _METRICS_KEYS)
        return cls(score, deduction, variety, turns)

    @classmethod
    def of(cls, answer: Sequence[int], shuffled: Sequence[int], correct: bool, deduction: int) -> Metrics:
        """The metrics of a board (see :func:`metrics`), ``correct`` when it is proven the one solution."""
        variety = _variety(tuple(Counter(map(SHAPES.__getitem__, answer)).values()))
        turns = sum(map(getitem, map(TURNS.__getitem__, shuffled), answer))  # TURNS[start][goal] per tile
        return cls(_js_round(80 + variety * 0.2) if correct else 0, deduction, variety, turns)


def metrics(answer: Sequence[int], shuffled: Sequence[int], n: int, verification: SolveResult) -> Metrics:
    """Score, variety (normalised Shannon entropy of tile shapes, 0–100) and turns to solve.

    ``score`` is ``round(80 + variety * 0.2)`` when the verification proved
    one solution and the answer is solved, else 0. It measures logical
    soundness and shape variety, not fun. ``turns`` adds, per tile, the
    clockwise quarter turns (at most 4) from the shuffled tile to the answer.
    """
    correct = not verification.truncated and len(verification.solutions) == 1 and is_solved(answer, n)
    return Metrics.of(answer, shuffled, correct, verification.deduction)


def _js_round(x: float) -> int:
    """JavaScript's Math.round: the nearest integer, halves up (x - floor(x) is exact in doubles)."""
    whole = math.floor(x)
    return whole + 1 if x - whole >= 0.5 else whole


@lru_cache(maxsize=1024)
def _variety(counts: tuple[int, ...]) -> int:
    """Normalised Shannon entropy (0-100) of shape counts, summed in the given order as the reference does
    (a float sum depends on its order); a board has few distinct count tuples, so they are cached."""
    cells = sum(counts)
    entropy = 0.0
    for count in counts:
        p = count / cells
        entropy -= p * math.log(p)
    return _js_round(entropy / math.log(5) * 100)


class Tiled(Protocol):
    """What :func:`check`, :func:`min_moves` and the renderers read of a Signal puzzle, generated by
    any version or brought from outside."""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def shuffled(self) -> tuple[int, ...]: ...
    @property
    def answer(self) -> tuple[int, ...]: ...
    @property
    def wrapping(self) -> bool: ...


@dataclass(frozen=True)
class Puzzle(PuzzleNaming):
    """A generated Signal puzzle; each version's puzzles are a subclass that says its number
    (:attr:`VERSION`), its options and the board's fields of its JSON (:meth:`board_fields`).

    ``difficulty`` is the level asked for (the JSON's ``target``), ``grade``
    the grader's analysis (the JSON's ``difficulty``) and ``level`` its verdict.
    """

    width: int
    height: int
    seed: str
    difficulty: str
    answer: tuple[int, ...]
    shuffled: tuple[int, ...]
    attempt: int
    grade: Difficulty
    metrics: Metrics
    wrapping: bool = False  # pipes leaving one edge enter the opposite one
    game: ClassVar[str] = "signal"
    VERSION: ClassVar[int]

    @property
    def version(self) -> int:
        return self.VERSION

    @property
    def level(self) -> str:
        return self.grade.level

    def __repr__(self) -> str:
        return f"<signal.Puzzle {self.id} level={self.level!r} attempt={self.attempt}>"

    def board_fields(self) -> dict[str, object]:
        """The JSON's first fields, which say the board's shape: each version's puzzle names them."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, object]:
        return {
            **self.board_fields(),
            "seed": self.seed,
            "target": self.difficulty,
            "version": self.version,
            "answer": list(self.answer),
            "shuffled": list(self.shuffled),
            "attempt": self.attempt,
            "difficulty": self.grade.to_dict(),
            "metrics": self.metrics.to_dict(),
        }

    def givens(self) -> dict[str, object]:
        """What the player is shown: the shuffled tiles."""
        return {"tiles": list(self.shuffled)}

    def solution(self) -> dict[str, object]:
        return {"tiles": list(self.answer)}


def check_answer(answer: Sequence[int], shuffled: Sequence[int], width: int, height: int, wrapping: bool) -> None:
    """What a puzzle's JSON must hold for its answer: one tree, each shuffled tile a rotation of its
    answer tile (InvalidParameters says which does not)."""
    if not is_solved(answer, width, height, wrapping):
        raise InvalidParameters("'answer' is not one tree: its pipes do not all meet, or they close a loop")
    for i, (mask, given) in enumerate(zip(answer, shuffled)):
        if mask not in VARIANTS[given]:
            raise InvalidParameters(f"'shuffled'[{i}] is {given}, which no rotation turns into the answer's {mask}")


def check(puzzle: Tiled, board: object) -> dict[str, object]:
    """A player's board judged by the rules: solved when it is one tree (any such board counts).

    Each tile must be a rotation of the given tile. ``lit`` lists the tiles
    joined to the centre tile (row height // 2, column width // 2) by links
    present on both sides, for drawing. Any version, any board shape.
    """
    n, rows, wrapping = puzzle.width, puzzle.height, puzzle.wrapping
    tiles = check_board(board, n, rows)
    for i, (mask, given) in enumerate(zip(tiles, puzzle.shuffled)):
        if mask not in VARIANTS[given]:
            raise InvalidParameters(
                f"tile {i} (row {i // n + 1}, column {i % n + 1}) is {mask}, which is not a rotation of {given}"
            )
    centre = (rows // 2) * n + n // 2
    lit = connected(tiles, n, centre, both_ways=True, height=rows, wrapping=wrapping)
    return {"solved": is_solved(tiles, n, rows, wrapping), "lit": sorted(lit)}


def min_moves(puzzle: Tiled) -> int:
    """The fewest moves that solve ``puzzle`` on the page: per tile, the fewer quarter turns either way.

    (The page, like a mouse's two buttons, turns both ways, one move a turn;
    the ``turns`` metric counts clockwise turns only, as the original app did.)
    """
    return sum(min(turns, 4 - turns) for turns in map(getitem, map(TURNS.__getitem__, puzzle.shuffled), puzzle.answer))


def parse_board(width: int, height: int, raw: object) -> list[int]:
    """A player's board: ``width * height`` tile masks, each 0 to 15 (or ``{"tiles": [...]}``, as
    :meth:`Puzzle.solution` gives it)."""
    if isinstance(raw, dict):
        raw = check_object(raw, "board", ("tiles",))["tiles"]
    return int_list(raw, "board", width * height, range(16))
