"""Loop generation, version 3: any W×H from 4 to 30, Loopy's four levels, exact, proven unique.

``make(spec)`` is a pure function of (width, height, seed, difficulty) and :data:`NUMBER`; every
random choice comes from ``gridlogic.rng.rng(seed)``, in this order per attempt:

1. **region** — :func:`~gridlogic.loop.v2.region.grow_region` (version 2's): a connected, hole-free
   region of 35–65 % of the cells; its boundary is the answer loop, every cell's count of boundary
   sides its clue. A region that stopped growing below :data:`LOWEST_SHARE` is drawn again.
2. **level** — the level asked for; ``any`` draws one of the four (one more ``r``).
3. **order** — a seeded shuffle of the cells, the order of clue removal.
4. **removal** — Loopy's way: with every clue shown the level's techniques must finish the board
   (else the attempt starts again); then each clue in the order goes when the level's techniques
   still finish the puzzle without it (:func:`remove_clues`, the same greedy pass asked a block of
   the order at a time).
5. **grade** — the techniques of the level below must *not* finish the puzzle (a puzzle that is too
   easy starts the attempt again, as Loopy's generator does); the level's own finish it, which proves
   its loop unique (every technique is sound) and that loop is the planted one.

How often an attempt is drawn again (the sweep of ``benchmarks/loop_v3_levels.py --sweep``, 500 seeds
a level at 4×4, 5×5, 7×7 and 10×10, every seed made): the mean attempt is 1.0 to 1.4 except on the
smallest boards' medium and expert (4×4: 1.9 and 3.8, at most 10 and 19 attempts; 5×5 expert 2.2,
at most 15), far below :data:`MAX_ATTEMPTS`. The cost is a few dozen tries of the level per attempt (the
blocks halve where a clue must stay), each going on from the board the try around it stopped at
(:func:`remove_clues`): 10×10 takes 15 / 21 / 22 / 41 ms at the median (easy / medium / hard /
expert) in pure Python, 4.9 / 5.9 / 6.1 / 11 ms compiled (``benchmarks/vs_tatham.py``).

Worked example (checked in ``tests/loop/test_v3_generator.py``): the 7×5 boards of seed
``notes-example``, one a level:

>>> from gridlogic import GAMES
>>> def made(level):
...     puzzle = GAMES["loop"].generate((7, 5), "notes-example", level, version=3)
...     return puzzle.level, puzzle.attempt, sum(k is not None for k in puzzle.clues)
>>> [made(level) for level in ("easy", "medium", "hard", "expert")]
[('easy', 1, 17), ('medium', 1, 16), ('hard', 1, 17), ('expert', 1, 16)]
"""


from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from gridlogic.errors import GenerationFailed
from gridlogic.game.ids import PuzzleSpec
from gridlogic.loop import clue_removal
from gridlogic.loop.board import clues_of_region
from gridlogic.loop.region_version import JSON_FIELDS, MAX_ATTEMPTS, SIDES, RegionVersion
from gridlogic.loop.rules import Puzzle
from gridlogic.loop.v2.region import grow_region
from gridlogic.loop.v3.ladder import Board
from gridlogic.loop.v3.levels import EASY, LEVELS, Grade, deduce, finishes, grade
from gridlogic.rng import rng

__all__ = [
    "DEFAULT_SIZE", "DIFFICULTIES", "JSON_FIELDS", "MAX_ATTEMPTS", "NUMBER", "PRESETS", "SIDES", "from_dict",
    "levels_offered", "make", "offered", "remove_clues", "verify",
]  # fmt: skip

NUMBER = 3
PRESETS = (5, 7, 10, 15, 20, 25)
DEFAULT_SIZE = 7
DIFFICULTIES = ("any", *LEVELS)
LOWEST_SHARE = 0.35
FEWEST_CELLS = {"easy": 16, "medium": 16, "hard": 16, "expert": 16}
REGION_VERSION = RegionVersion(NUMBER, LEVELS, FEWEST_CELLS, Grade.from_dict, deduce)
levels_offered = REGION_VERSION.levels_offered
offered = REGION_VERSION.offered
from_dict = REGION_VERSION.from_dict
verify = REGION_VERSION.verify


def remove_clues(clues: list[int | None], width: int, height: int, order: Sequence[int], level: int) -> int:
    """Loopy's greedy pass in ``order`` with the level's techniques, a block at a time
    (:func:`gridlogic.loop.clue_removal.remove_clues`): each clue goes when the level still finishes
    without it. The number taken away."""
    return clue_removal.remove_clues(clues, order, _boards(width, height, level))


def _boards(width: int, height: int, level: int) -> Callable[[list[int | None]], Board]:
    """A new board of the level for the clues shown (what the removal asks for)."""
    return lambda shown: Board(shown, width, height, level)


def make(spec: PuzzleSpec) -> Puzzle:
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
        if not finishes(clues, width, height, level):
            continue
        remove_clues(clues, width, height, order, level)
        graded = grade(clues, width, height, least=max(EASY, level - 1))
        if graded.level != LEVELS[level]:
            continue  # too easy: the level below finishes it too
        return Puzzle(width, height, spec.seed, target, NUMBER, tuple(clues), tuple(inside), attempt, graded,
                      JSON_FIELDS)
    raise GenerationFailed.after(MAX_ATTEMPTS, spec)
