"""Signal's generator (version 3): a random spanning tree, proven unique, graded, then shuffled.

``generate(n, seed, target)`` follows the articles step by step, drawing
every random number from one :func:`gridlogic.rng.rng` stream that runs
across attempts (a rejected attempt's numbers are not given back):

1. :func:`tree`: list the right and down links of every cell (2n(n-1) of
   them), shuffle them Fisher–Yates style from the last down
   (``j = floor(random() * (i + 1))``), and keep each link whose ends are
   not yet joined (Kruskal with a plain union-find). That is always a
   spanning tree, so the answer is one tree by construction.
2. :func:`~gridlogic.signal.solver.solve` the answer's tiles (30,000 nodes); reject unless
   exactly one solution was proven.
3. :func:`~gridlogic.signal.difficulty.analyze_difficulty`; reject unless the level is the
   target (``any`` takes every level, ``unrated`` included).
4. Shuffle: each tile takes ``variants[floor(random() * len(variants))]``
   (n² more draws); reject if that happens to be solved already.
5. :func:`~gridlogic.signal.rules.metrics` and return. After 500 attempts, :class:`GenerationFailed`.

Because only accepted-level attempts draw the shuffle, the same seed gives
different trees for different targets after the first rejection; the
``attempt`` field records how many trees were drawn.

Where the time goes, and what is skipped. Steps 2 and 3 draw no random
numbers, so an attempt that is bound to be rejected may be rejected by
any cheaper test first without changing the output: ``hard`` and ``easy``
first ask :func:`~gridlogic.signal.difficulty.level_precheck` (for hard, enough tiles left
undecided by local reasoning, about 1.4 µs at 4×4, passed by 1-2% of
trees; for easy, the border), and ``easy``/``medium`` the local stage's
half of the easy rule. The search of step 2 starts from
the grader's local fixed point, and a leaf equal to the tree needs no
re-check. What remains is mostly the tree itself: 23 draws at 4×4 cost
about 7 µs in CPython (a dozen 32- and 64-bit integer operations each),
Kruskal about 2 µs.

Worked example (the articles', checked in ``tests/signal/test_generator.py``):
``generate(4, "notes-example", version=3)`` is accepted at attempt 1 with answer
``[4,4,6,12, 3,11,13,1, 2,14,11,8, 2,11,10,8]``, shuffled
``[4,4,3,9, 3,13,13,4, 1,7,14,2, 4,11,10,4]``, level medium, score 95
(variety 75), turns 17.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from gridlogic.errors import GenerationFailed
from gridlogic.game.ids import PuzzleSpec
from gridlogic.rng import rng
from gridlogic.signal.board import BITS, VARIANTS, is_solved, neighbour
from gridlogic.signal.difficulty import analyze_checked, level_precheck, local_stage
from gridlogic.signal.rules import Metrics
from gridlogic.signal.solver import SOLVE_NODE_LIMIT, search_from_fixed_point
from gridlogic.signal.tables import geometry
from gridlogic.signal.v3.puzzle import MAX_ATTEMPTS, Version3Puzzle


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


def make(spec: PuzzleSpec) -> Version3Puzzle:
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
        return Version3Puzzle(
            n, n, seed, difficulty, tuple(answer), tuple(shuffled), attempt, grade,
            Metrics.of(answer, shuffled, True, grade.local_fixed),
        )
    raise GenerationFailed.after(MAX_ATTEMPTS, spec)
