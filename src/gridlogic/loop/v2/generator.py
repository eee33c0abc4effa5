"""Loop generation, version 2: any W×H from 4 to 30, four exact levels, proven unique, fast.

``make(spec)`` is a pure function of (width, height, seed, difficulty) and
:data:`NUMBER`; every random choice comes from ``gridlogic.rng.rng(seed)``, in
this order per attempt:

1. **region** — :func:`~gridlogic.loop.v2.region.grow_region`: a connected,
   hole-free region of 35–65 % of the cells; its boundary is the answer loop,
   and every cell's count of boundary sides its clue.
2. **level** — the level asked for; ``any`` draws one of the levels this size
   offers (one more ``r``).
3. **order** — a seeded shuffle of the cells (Fisher–Yates, one ``r`` per step
   from the end), the order of clue removal.
4. **removal** — the greedy pass of :mod:`~gridlogic.loop.v2.removal` at the
   level below the target, from every clue, then the pass at the target level
   over the clues left (``easy`` has the one pass). The first pass leaves a
   puzzle from which no single clue can go at the level below, so the second
   pass's result is beyond that level as soon as it removed one clue (fewer
   clues never let a level do more): the level is exact by construction, and
   an attempt whose second pass removed nothing starts again.
5. **grade** — the puzzle is graded from scratch (:func:`~gridlogic.loop.v2.levels.grade`
   from the level below): the target's techniques must finish it and the level
   below's must not. Finished by sound rules, its loop is proven unique, and
   it is the planted loop.

Why this is fast (issue 15, point 4): no question of the removal is answered
from scratch (see :mod:`~gridlogic.loop.v2.removal`: a pass costs about
``log2(clues)`` solves, not one per clue); the expert level's trial runs only
on a single clue's question, within a budget of probes; the exactness of the
level needs no search and no grading of every candidate, only the one grading
at the end; and uniqueness is proven by the deductions themselves, where
version 1 also ran a full search. ``benchmarks/loop_v2_generate.py`` prints the
figures beside Simon Tatham's Loopy.

Which (size, level) is offered: every side from 4 to 30, width and height
apart, at every level, except ``hard`` on boards of fewer than 24 cells. Hard
means colouring is needed, and on a small board it seldom is: on 4×4 and 4×5
about 1 attempt in 80 to 90 makes one, on 5×5 about 1 in 20 to 50, on 7×7 1 in
8, on 10×10 1 in 2. Attempts go on up to :data:`MAX_ATTEMPTS` (5000), so even
at 1 in 50 a seed fails with a chance below e⁻¹⁰⁰; every seed of the tests'
sweep and of the benchmark made its puzzle.

Worked example (checked in ``tests/loop/test_v2_generator.py``): the 7×5
boards of seed ``notes-example``. Easy and medium succeed at the first
attempt; hard at the 50th (a 7×5 board seldom needs colouring: the attempts
before it ended with a medium-minimal puzzle that colouring could not take a
clue from, or a region that stopped growing too small), with 12 of the 35
clues left:

>>> from gridlogic import GAMES
>>> def made(level):
...     puzzle = GAMES["loop"].generate((7, 5), "notes-example", level, version=2)
...     return puzzle.level, puzzle.attempt, sum(k is not None for k in puzzle.clues)
>>> [made(level) for level in ("easy", "medium", "hard", "expert")]
[('easy', 1, 17), ('medium', 1, 16), ('hard', 50, 12), ('expert', 4, 14)]
"""

from __future__ import annotations

import math

from gridlogic.errors import GenerationFailed
from gridlogic.game.ids import PuzzleSpec
from gridlogic.loop.board import clues_of_region
from gridlogic.loop.region_version import JSON_FIELDS, MAX_ATTEMPTS, SIDES, RegionVersion
from gridlogic.loop.rules import Puzzle
from gridlogic.loop.v2.levels import EASY, EXPERT, LEVELS, Grade, deduce, grade
from gridlogic.loop.v2.region import grow_region
from gridlogic.loop.v2.removal import remove_clues
from gridlogic.rng import rng

__all__ = [
    "DEFAULT_SIZE", "DIFFICULTIES", "JSON_FIELDS", "MAX_ATTEMPTS", "NUMBER", "PRESETS", "SIDES", "from_dict",
    "levels_offered", "make", "offered", "verify",
]  # fmt: skip

NUMBER = 2
PRESETS = (5, 7, 10, 15, 20, 25)
DEFAULT_SIZE = 7
DIFFICULTIES = ("any", *LEVELS)
LOWEST_SHARE = 0.35  # a region that stopped growing below this share of the cells is drawn again

# The fewest cells a board needs for a level's puzzles to be found for every seed (see the docstring).
FEWEST_CELLS = {"easy": 16, "medium": 16, "hard": 24, "expert": 16}
REGION_VERSION = RegionVersion(NUMBER, LEVELS, FEWEST_CELLS, Grade.from_dict, deduce)
levels_offered = REGION_VERSION.levels_offered
offered = REGION_VERSION.offered
from_dict = REGION_VERSION.from_dict
verify = REGION_VERSION.verify


def expert_removals(cells: int) -> int:
    """How many clues the expert pass removes at most: one per 200 cells, at least one."""
    return max(1, cells // 200)


def make(spec: PuzzleSpec) -> Puzzle:
    """A puzzle of exactly the level asked for, proven unique (see the module docstring).

    ``spec`` is checked already (``Game.spec`` checks the arguments and ``offered``).
    """
    width, height, target = spec.width, spec.height, spec.difficulty
    cells = width * height
    random = rng(spec.seed)
    choices = levels_offered(width, height)
    for attempt in range(1, MAX_ATTEMPTS + 1):
        inside = grow_region(width, height, random)
        level = LEVELS.index(target if target != "any" else choices[math.floor(random() * len(choices))])
        order = list(range(cells))
        random.shuffle(order)
        if sum(inside) < LOWEST_SHARE * cells:
            continue
        clues: list[int | None] = list(clues_of_region(inside, width, height))
        if level > EASY:
            clues, _ = remove_clues(clues, width, height, order, level - 1)
        clues, removed = remove_clues(clues, width, height, order, level,
                                      most=expert_removals(cells) if level == EXPERT else None)
        if level > EASY and not removed:
            continue
        graded = grade(clues, width, height, least=max(EASY, level - 1))
        if graded.level != LEVELS[level]:
            continue  # never seen: the passes make the level exact (a test checks it on many seeds)
        return Puzzle(width, height, spec.seed, target, NUMBER, tuple(clues), tuple(inside), attempt, graded,
                      JSON_FIELDS)
    raise GenerationFailed.after(MAX_ATTEMPTS, spec)
