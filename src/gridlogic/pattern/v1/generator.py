"""The Pattern generator, version 1: plant a random grid, keep it if its clues are unique.

Seed article 003 (part 2) describes it, and ``generate`` reproduces the
original engine field for field. For a size ``n`` in 5, 8, 10 and a seed of
at most 80 characters (JavaScript's ``seed.length``: UTF-16 code units), one
random stream ``rng(seed)`` feeds up to 500 attempts; a rejected attempt's
numbers are not given back, the next attempt continues the stream. Each
attempt:

1. draws a density ``0.4 + random() * 0.25`` (so 0.4 to 0.65);
2. fills each cell independently, row-major, when ``random() < density``;
3. rejects a grid with fewer than ``max(3, floor(n*n*0.15))`` filled cells or
   more than ``n*n`` minus that (3..22 for n=5, 9..55 for 8, 15..85 for 10);
4. computes every row's and column's clue (an empty line is ``[0]``) and
   runs the search of :func:`gridlogic.pattern.solver.solve` with a
   budget of 20,000 nodes: a truncated search, no solution or two solutions
   reject the grid;
5. defensively checks that the single solution is the planted grid.

All clues are shown: unlike Loop, Pattern removes none. There is no
difficulty grading, so ``DIFFICULTIES`` is just ``("any",)``.

What the generator guarantees: every puzzle it returns has exactly one
solution, proven by a search that finished within its budget, and that
solution is ``answer``.

Worked example (the article's, checked in ``tests/pattern/test_v1_generator.py``):
``generate(5, "notes-example")``. Attempt 1 draws density 0.5589 and 12
filled cells, but its clues allow two grids; attempt 2 draws density 0.4685
and 13 filled cells, unique, so the puzzle is attempt 2::

    #.#..     rows    [1,1] [2] [1,3] [2,1] [2]
    ...##     columns [1,3] [2] [1,1] [2] [3]
    #.###
    ##..#
    ##...

and its check needed one node: propagation alone decides every cell.
"""


from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from gridlogic.params import check_seed, check_size
from gridlogic.pattern.lines import grid_clues
from gridlogic.pattern.linesolver import normalise_clue
from gridlogic.pattern.solver import SolveResult, search_runs
from gridlogic.rng import rng

__all__ = [
    "DEFAULT_SIZE", "DIFFICULTIES", "MAX_ATTEMPTS", "NODE_LIMIT", "NUMBER", "SIZES", "Attempt", "attempts",
    "first_accepted", "run_attempts",
]

NUMBER = 1  # the version number
SIZES = (5, 8, 10)
DEFAULT_SIZE = 5
DIFFICULTIES = ("any",)
MAX_ATTEMPTS = 500
NODE_LIMIT = 20000


@dataclass(frozen=True)
class Attempt:
    """One attempt of the generator, for reading how a puzzle came about.

    ``outcome`` is ``"accepted"``, ``"too few filled"``, ``"too many filled"``,
    ``"no solution"``, ``"several solutions"``, ``"undecided"`` (the search ran
    out of nodes) or ``"not the planted grid"``; ``check`` is the search's
    result when one ran.
    """

    number: int
    density: float
    answer: tuple[int, ...]
    filled: int
    outcome: str
    check: SolveResult | None
    clues: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None = None  # rows, columns


def attempts(size: int, seed: str) -> Iterator[Attempt]:
    """Every attempt ``generate(size, seed)`` makes, in order, up to the first accepted one.

    Stops after :data:`MAX_ATTEMPTS` attempts. The random stream is the one
    ``generate`` uses, so the attempts are exactly its attempts.
    """
    width, _ = check_size(size, SIZES, False, "Pattern")
    return run_attempts(width, check_seed(seed))


def run_attempts(n: int, seed: str) -> Iterator[Attempt]:
    """:func:`attempts` for checked arguments."""
    cells = n * n
    random = rng(seed)
    take = random.take
    bound = max(3, math.floor(cells * 0.15))
    for number in range(1, MAX_ATTEMPTS + 1):
        density = 0.4 + random() * 0.25
        answer = tuple([1 if draw < density else 0 for draw in take(cells)])
        filled = sum(answer)
        if filled < bound or filled > cells - bound:
            outcome = "too few filled" if filled < bound else "too many filled"
            yield Attempt(number, density, answer, filled, outcome, None)
            continue
        rows, cols = grid_clues(answer, n, n)
        # Clues computed from a grid always fit: search them without solve()'s checks.
        result = search_runs(list(map(normalise_clue, rows)), list(map(normalise_clue, cols)), NODE_LIMIT)
        if result.truncated:
            outcome = "undecided"
        elif not result.solutions:
            outcome = "no solution"
        elif len(result.solutions) > 1:
            outcome = "several solutions"
        elif result.solutions[0] != answer:
            outcome = "not the planted grid"
        else:
            outcome = "accepted"
        yield Attempt(number, density, answer, filled, outcome, result,
                      (tuple(map(tuple, rows)), tuple(map(tuple, cols))))
        if outcome == "accepted":
            return


def first_accepted(n: int, seed: str) -> Attempt | None:
    """The attempt whose grid is the puzzle of (n, seed), or None when all :data:`MAX_ATTEMPTS` failed."""
    for attempt in run_attempts(n, seed):
        if attempt.outcome == "accepted":
            return attempt
    return None
