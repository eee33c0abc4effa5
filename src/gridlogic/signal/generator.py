"""Signal's generator (version 3): a random spanning tree, proven unique, graded, then shuffled.

``generate(n, seed, target)`` follows the articles step by step, drawing
every random number from one :func:`gridlogic.rng.rng` stream that runs
across attempts (a rejected attempt's numbers are not given back):

1. :func:`tree`: list the right and down links of every cell (2n(n-1) of
   them), shuffle them Fisher–Yates style from the last down
   (``j = floor(random() * (i + 1))``), and keep each link whose ends are
   not yet joined (Kruskal with a plain union-find). That is always a
   spanning tree, so the answer is one tree by construction.
2. :func:`~.solver.solve` the answer's tiles (30,000 nodes); reject unless
   exactly one solution was proven.
3. :func:`~.difficulty.analyze_difficulty`; reject unless the level is the
   target (``any`` takes every level, ``unrated`` included).
4. Shuffle: each tile takes ``variants[floor(random() * len(variants))]``
   (n² more draws); reject if that happens to be solved already.
5. :func:`metrics` and return. After 500 attempts, :class:`GenerationFailed`.

Because only accepted-level attempts draw the shuffle, the same seed gives
different trees for different targets after the first rejection; the
``attempt`` field records how many trees were drawn.

Where the time goes, and what is skipped. Steps 2 and 3 draw no random
numbers, so an attempt that is bound to be rejected may be rejected by
any cheaper test first without changing the output: ``hard`` and ``easy``
first ask :func:`~.difficulty.level_precheck` (for hard, enough tiles left
undecided by local reasoning, about 1.4 µs at 4×4, passed by 1-2% of
trees; for easy, the border), and ``easy``/``medium`` the local stage's
half of the easy rule. The search of step 2 starts from
the grader's local fixed point, and a leaf equal to the tree needs no
re-check. What remains is mostly the tree itself: 23 draws at 4×4 cost
about 7 µs in CPython (a dozen 32- and 64-bit integer operations each),
Kruskal about 2 µs.

Worked example (the articles', checked in ``tests/signal/test_generator.py``):
``generate(4, "notes-example")`` is accepted at attempt 1 with answer
``[4,4,6,12, 3,11,13,1, 2,14,11,8, 2,11,10,8]``, shuffled
``[4,4,3,9, 3,13,13,4, 1,7,14,2, 4,11,10,4]``, level medium, score 95
(variety 75), turns 17.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import getitem
from typing import ClassVar

from gridlogic.errors import GenerationFailed, InvalidParameters
from gridlogic.game.ids import PuzzleSpec
from gridlogic.game.record import Option, PuzzleNaming
from gridlogic.params import check_choice, check_int, check_object, check_seed, int_list, short_repr
from gridlogic.rng import rng
from gridlogic.signal.board import (
    BITS,
    SHAPES,
    VARIANTS,
    check_board,
    connected,
    is_solved,
    neighbour,
    rotate,
)
from gridlogic.signal.difficulty import (
    Difficulty,
    analyze_checked,
    level_precheck,
    local_stage,
)
from gridlogic.signal.solver import SolveResult, search_from_fixed_point, solve
from gridlogic.signal.tables import geometry

SIZES = (4, 5, 6)
DEFAULT_SIZE = 4
DIFFICULTIES = ("any", "easy", "medium", "hard")
VERSION = 3
MAX_ATTEMPTS = 500
SOLVE_NODE_LIMIT = 30000  # the articles' budget for proving uniqueness
MAX_SIDE = 200  # the largest board a puzzle's JSON may describe


def tree(n: int, random: Callable[[], float]) -> list[int]:
    """A random spanning tree of the n×n grid as tile masks (Kruskal over shuffled links)."""
    board = [0] * (n * n)
    parents = list(_cells(n))
    links = list(_grid_links(n))
    shuffle = getattr(random, "shuffle", None)  # gridlogic.rng's own: the same draws, faster
    if shuffle:
        shuffle(links)
    else:
        for k in range(len(links) - 1, 0, -1):
            j = int(random() * (k + 1))  # Math.floor of a non-negative number
            links[k], links[j] = links[j], links[k]
    missing = n * n - 1  # links the tree still needs; the rest of the list would all be refused
    for i, j, bit_i, bit_j in links:
        a = parents[i]
        while a != parents[a]:
            a = parents[a]
        b = parents[j]
        while b != parents[b]:
            b = parents[b]
        if a != b:
            parents[a] = parents[i] = parents[j] = b  # i and j point at the new root: shorter walks later
            board[i] |= bit_i
            board[j] |= bit_j
            missing -= 1
            if not missing:
                break
    return board


@cache
def _cells(n: int) -> tuple[int, ...]:
    return tuple(range(n * n))


@cache
def _grid_links(n: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every cell's right and down link, in the articles' order: (cell, neighbour, bit, bit back)."""
    return tuple(
        (i, j, BITS[d], BITS[(d + 2) % 4]) for i in range(n * n) for d in (1, 2) if (j := neighbour(i, d, n)) >= 0
    )


@dataclass(frozen=True)
class Metrics:
    """The articles' completeness score: 80 for a verified puzzle plus up to 20 for shape variety."""

    score: int
    deduction: int
    variety: int
    turns: int

    def to_dict(self) -> dict[str, int]:
        return {"score": self.score, "deduction": self.deduction, "variety": self.variety, "turns": self.turns}


def _js_round(x: float) -> int:
    """JavaScript's Math.round: the nearest integer, halves up (x - floor(x) is exact in doubles)."""
    whole = math.floor(x)
    return whole + 1 if x - whole >= 0.5 else whole


def metrics(answer: Sequence[int], shuffled: Sequence[int], n: int, verification: SolveResult) -> Metrics:
    """Score, variety (normalised Shannon entropy of tile shapes, 0–100) and turns to solve.

    ``score`` is ``round(80 + variety * 0.2)`` when the verification proved
    one solution and the answer is solved, else 0. It measures logical
    soundness and shape variety, not fun. ``turns`` adds, per tile, the
    clockwise quarter turns (at most 4) from the shuffled tile to the answer.
    """
    correct = not verification.truncated and len(verification.solutions) == 1 and is_solved(answer, n)
    return _metrics(answer, shuffled, correct, verification.deduction)


def _clockwise_turns(start: int, goal: int) -> int:
    k = 0
    while start != goal and k < 4:
        start = rotate(start)
        k += 1
    return k


# TURNS[start][goal]: the articles' count of clockwise quarter turns, 4 when goal is no rotation of start.
TURNS = tuple(tuple(_clockwise_turns(a, b) for b in range(16)) for a in range(16))


def _metrics(answer: Sequence[int], shuffled: Sequence[int], correct: bool, deduction: int) -> Metrics:
    variety = _variety(tuple(Counter(map(SHAPES.__getitem__, answer)).values()))
    turns = sum(map(getitem, map(TURNS.__getitem__, shuffled), answer))  # TURNS[start][goal] per tile
    return Metrics(_js_round(80 + variety * 0.2) if correct else 0, deduction, variety, turns)


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


WRAPPING = Option("wrapping", (False, True), ("", "w"),
                  "wrap the edges round: a pipe leaving one edge enters the opposite one")


@dataclass(frozen=True)
class Puzzle(PuzzleNaming):
    """A generated Signal puzzle of either version.

    For version 3 ``to_dict()`` is the reference's JSON, field for field; a
    version 4 puzzle's JSON has ``width``, ``height`` and ``wrapping`` in
    place of ``n`` (:mod:`gridlogic.signal.v4.generator` reads it back).
    ``difficulty`` is the level asked for (the JSON's ``target``), ``grade``
    the grader's analysis (the JSON's ``difficulty``) and ``level`` its verdict.
    """

    width: int
    height: int
    seed: str
    difficulty: str
    version: int
    answer: tuple[int, ...]
    shuffled: tuple[int, ...]
    attempt: int
    grade: Difficulty
    metrics: Metrics
    wrapping: bool = False  # version 4: pipes leaving one edge enter the opposite one
    game: ClassVar[str] = "signal"
    OPTIONS: ClassVar[tuple[Option, ...]] = (WRAPPING,)  # version 4's; version 3 has none

    @property
    def n(self) -> int:
        """The side of a square board (the width)."""
        return self.width

    @property
    def level(self) -> str:
        return self.grade.level

    @property
    def options(self) -> dict[str, object]:
        return {} if self.version == VERSION else {"wrapping": self.wrapping}

    def __repr__(self) -> str:
        return f"<signal.Puzzle {self.id} level={self.level!r} attempt={self.attempt}>"

    def to_dict(self) -> dict[str, object]:
        if self.version != VERSION:  # version 4: any width and height, maybe wrapping
            return {
                "width": self.width,
                "height": self.height,
                "wrapping": self.wrapping,
                "seed": self.seed,
                "target": self.difficulty,
                "version": self.version,
                "answer": list(self.answer),
                "shuffled": list(self.shuffled),
                "attempt": self.attempt,
                "difficulty": self.grade.to_dict(),
                "metrics": self.metrics.to_dict(),
            }
        return {
            "n": self.n,
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


def make(spec: PuzzleSpec) -> Puzzle:
    """The puzzle the original engine makes for (size, seed, difficulty); see the module docstring.

    ``spec`` is checked already (``gridlogic.signal.generate`` checks its arguments and calls this).
    """
    size, seed, difficulty = spec.width, spec.seed, spec.difficulty
    n = size
    geo = geometry(n)
    random = rng(seed)
    could_be_target = level_precheck(difficulty, geo)
    for attempt in range(1, MAX_ATTEMPTS + 1):
        answer = tree(n, random)
        # Each skip below rejects a board the articles' order of work would reject too,
        # and a rejected attempt draws no more random numbers: the output is unchanged.
        if could_be_target and not could_be_target(answer):
            continue
        local = local_stage(answer, geo)
        if difficulty in ("easy", "medium") and local.is_easy() != (difficulty == "easy"):
            continue
        # The articles' solve(answer) starts from the same fixed point as the local stage.
        solutions, _, truncated = search_from_fixed_point(
            answer, local.domains, geo, SOLVE_NODE_LIMIT, board_is_solved=True
        )
        if truncated or len(solutions) != 1:
            continue
        grade = analyze_checked(answer, n, local)
        if difficulty != "any" and grade.level != difficulty:
            continue
        shuffled = random.pick([VARIANTS[m] for m in answer])
        if is_solved(shuffled, n):
            continue
        # Proven unique, and the answer is a spanning tree by construction: correct.
        return Puzzle(
            n, n, seed, difficulty, VERSION, tuple(answer), tuple(shuffled), attempt, grade,
            _metrics(answer, shuffled, True, grade.local_fixed),
        )
    raise GenerationFailed.after(MAX_ATTEMPTS, spec)


_PUZZLE_FIELDS = ("n", "seed", "target", "version", "answer", "shuffled", "attempt", "difficulty", "metrics")


def puzzle_from_dict(data: object) -> Puzzle:
    """The inverse of :meth:`Puzzle.to_dict`, checking every field.

    The answer must be one tree (solved) and each shuffled tile a rotation of
    its answer tile; the grade and the metrics are checked for shape only
    (``verify`` and ``gridlogic batch --verify`` recompute them).
    """
    fields = check_object(data, "a Signal puzzle", _PUZZLE_FIELDS)
    n = check_int(fields["n"], "'n'", 1, MAX_SIDE)
    seed = check_seed(fields["seed"])
    target = check_choice(fields["target"], "'target'", DIFFICULTIES)
    if check_int(fields["version"], "'version'") != VERSION:
        raise InvalidParameters(f"'version' {short_repr(fields['version'])} is not supported; Signal puzzles here are version {VERSION}")
    answer = check_board(fields["answer"], n)
    shuffled = check_board(fields["shuffled"], n)
    attempt = check_int(fields["attempt"], "'attempt'", 1, MAX_ATTEMPTS)
    grade = Difficulty.from_dict(fields["difficulty"])
    metrics = check_object(fields["metrics"], "'metrics'", ("score", "deduction", "variety", "turns"))
    score, deduction, variety, turns = (
        check_int(metrics[k], f"'metrics'.{k}", 0) for k in ("score", "deduction", "variety", "turns")
    )
    if not is_solved(answer, n):
        raise InvalidParameters("'answer' is not one tree: its pipes do not all meet, or they close a loop")
    for i, (mask, given) in enumerate(zip(answer, shuffled)):
        if mask not in VARIANTS[given]:
            raise InvalidParameters(f"'shuffled'[{i}] is {given}, which no rotation turns into the answer's {mask}")
    return Puzzle(n, n, seed, target, VERSION, tuple(answer), tuple(shuffled), attempt, grade,
                  Metrics(score, deduction, variety, turns))


def check(puzzle: Puzzle, board: object) -> dict[str, object]:
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


def verify(puzzle: Puzzle) -> bool:
    """Re-solve a version 3 puzzle's shuffled tiles from scratch: exactly one solution, and it is the answer."""
    result = solve(list(puzzle.shuffled), puzzle.n)
    return result.unique and result.solutions[0] == puzzle.answer


def min_moves(puzzle: Puzzle) -> int:
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
