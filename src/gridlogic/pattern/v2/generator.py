"""The Pattern generator, version 2: pictures up to 40x40, graded by what a person must do.

Version 1 (:mod:`gridlogic.pattern.v1`, the articles') fills every cell on
its own with one probability and keeps the grid when its clues are unique:
noise, at most 10x10, and no difficulty. Version 2 draws a *picture*, then
steers it, a cell at a time, until the grader
(:mod:`gridlogic.pattern.grading`) gives it exactly the level asked for.

The picture
-----------
A ``width`` x ``height`` grid (each side 5 to 40) starts as noise of a
density ``d`` and is smoothed ``k`` times: each cell takes the majority of
the cells of its 3x3 neighbourhood that lie on the board (itself included;
a tie keeps it). Smoothing turns specks into blobs with smooth edges: the
share of orthogonally adjacent cell pairs that agree (:func:`agreement`) is
about 0.5 for noise, as in version 1, and about 0.8 after two rounds. With
a ``symmetry`` the noise is drawn once per *orbit* of cells (a cell and its
mirror images: ``left-right`` mirrors each row, ``top-bottom`` each column,
``both`` does both, ``rotation`` is the half turn about the centre), and
since smoothing treats mirror images alike the picture keeps the symmetry;
every later change flips a whole orbit, so the puzzle has it too.

Dense, well smoothed pictures (``d`` 0.5, two rounds) are nearly always easy:
overlap decides them line by line; they are the pictures for ``any`` and
``easy``. Sparser ones (0.45) have more short runs, and a flipped cell or
two makes one of them medium or hard more often: they are the pictures for
``medium`` and ``hard``, smoothed once below 400 cells and twice from 400
cells on; from 600 cells on they are drawn at density 0.5 like the easy
ones. (Measured: at 30x30 once-smoothed pictures are nearly all stuck,
with almost every cell open, and ``hard`` took 41 pictures on average and
up to 46 s; twice smoothed, 6 pictures and under 5 s. Below 20x20 the
second round gains nothing and makes 5x5 ``medium`` need more pictures. At
40x40 even twice-smoothed pictures of density 0.45 are stuck, ``medium``
took 60 pictures and ``hard`` up to 450; at 0.5, 3 and 8. At 25x25 and
30x30 density 0.5 makes ``hard`` several times faster and ``medium`` about
as fast; at 20x20 it makes ``hard`` slower.)

Steering
--------
Every evaluation grades the picture's clues with the techniques up to the
target level (``any`` allows all three). Two moves:

* **settle**: while the techniques leave cells open, flip one open cell
  (picked at random) and grade again. A cell the techniques cannot decide
  is one the clues leave ambiguous, or that needs a dearer technique;
  flipping it changes its row's and its column's clues, usually removing
  the ambiguity. This makes the picture solvable at the target level or
  below.
* **raise**: when the picture is solved, but by cheaper techniques than
  the target's, flip one random cell (its orbit) and grade again; the next
  grade settles or raises again from there.

The grader is not asked to probe while more than ``2 * (width + height)``
cells are open (the picture counts as stuck there and is settled), since
probing a large open region costs the most and seldom finishes it. Budgets
per picture: 25 raising flips and ``2 * (width + height)`` settling flips.

A picture that does not reach its level within the budgets is dropped and
the next one drawn (``attempt`` counts them), up to 1000 pictures. The
rarest level is ``medium`` on 5x5 boards (few small grids need line
solving but no probe): about 24 pictures on average, at most 144 over 300
seeds (measured), so running out is far less likely than 1 in 10^15;
``GenerationFailed`` is kept for that case all the same. Every step is drawn from one
random stream, :func:`gridlogic.rng.rng` of the puzzle's ID
(``pattern.2.WxH[letter].difficulty.seed``), so a puzzle is a pure function
of (width, height, symmetry, difficulty, seed).

What is guaranteed: the returned puzzle's grade has the level asked for
(any level for ``any``), so the techniques alone decide every cell from the
clues: the puzzle has exactly one solution, proven without any search, and
it is ``answer``. Between 15% and 85% of the cells are filled.

Worked example (checked in ``tests/pattern/test_v2_generator.py``):
``generate(5, "notes-example", "hard", version=2)`` is, on its fifth
attempt, the picture::

    ..#.#    rows    [1,1] [3] [4] [2,1] [2]
    ..###    columns [3] [3] [3] [3] [2]
    ####.
    ##.#.
    ##...

Overlap decides 9 cells and stops, and line solving decides nothing more;
assuming the top-left cell filled leads line solving to a contradiction,
so it is empty (one probe), and overlap decides the other 15 cells from
there: level ``hard``, techniques ``{"overlap": 24, "line": 0, "probe": 1}``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from gridlogic.pattern.grading import LEVELS, level_and_open_cells
from gridlogic.pattern.propagation import line_memos
from gridlogic.rng import RandomStream, rng

__all__ = [
    "DEFAULT_SIZE", "DIFFICULTIES", "MAX_ATTEMPTS", "NUMBER", "PRESETS", "SIDES", "SYMMETRIES", "SYMMETRY_LETTERS",
    "agreement", "draw_picture", "orbits", "refusal", "steer",
]

NUMBER = 2  # the version number
SIDES = tuple(range(5, 41))
PRESETS = (5, 10, 15, 20, 25, 30)
DEFAULT_SIZE = 10
DIFFICULTIES = ("any", *LEVELS)
SYMMETRIES = ("none", "left-right", "top-bottom", "both", "rotation")
SYMMETRY_LETTERS = ("", "l", "t", "b", "r")
MAX_ATTEMPTS = 1000
MIN_FILL, MAX_FILL = 0.15, 0.85

# (density, smoothing rounds) of the pictures drawn for each target level (the docstring says why).
_PICTURES = {"any": (0.5, 2), "easy": (0.5, 2), "medium": (0.45, 1), "hard": (0.45, 1)}
_SMOOTHER_FROM = 400  # cells from which medium and hard pictures are smoothed twice, not once
_DENSER_FROM = 600  # cells from which medium and hard pictures are drawn at density 0.5
_EASY_FLIPS = 25  # random flips of a picture that is too easy, before it is dropped
_OPEN_FLIPS = 2  # flips of open cells per cell of width + height, before it is dropped


def refusal(width: int, height: int, difficulty: str, symmetry: str) -> str | None:
    """Why version 2 does not offer a (size, level, symmetry), or None when it makes it for every seed.

    Small mirror-symmetric pictures are almost never ``medium``: with both
    mirrors no board with both sides at most 8 gave one in 1000 pictures
    (5x5 to 8x8, 5x8, 8x5 tried), while a side of 9 or more did within 110;
    with the half turn 5x5 gave none, 5x6 and larger within 90 (measured on
    4 seeds each).
    """
    if difficulty != "medium":
        return None
    if symmetry == "both" and max(width, height) < 9:
        return (f"Pattern {width}x{height} medium pictures with both mirrors cannot be made: "
                "make one side 9 or more, or choose another symmetry or level")
    if symmetry == "rotation" and width * height <= 25:
        return (f"Pattern {width}x{height} medium pictures with the half-turn symmetry cannot be made: "
                "choose a larger board, another symmetry or another level")
    return None


def orbits(width: int, height: int, symmetry: str) -> list[tuple[int, ...]]:
    """For each cell (flat, row-major), the cells its symmetry ties to it, itself included, sorted."""
    mirror_columns = symmetry in ("left-right", "both")
    mirror_rows = symmetry in ("top-bottom", "both")
    half_turn = symmetry == "rotation"
    out: list[tuple[int, ...]] = []
    for r in range(height):
        for c in range(width):
            index = r * width + c
            images = [index]
            if mirror_columns:
                images.append(r * width + width - 1 - c)
            if mirror_rows:
                images.append((height - 1 - r) * width + c)
            if (mirror_columns and mirror_rows) or half_turn:
                images.append((height - 1 - r) * width + width - 1 - c)
            out.append(tuple(sorted(set(images))))
    return out


_ORBITS: Final[dict[tuple[int, int, str], list[tuple[int, ...]]]] = {}
"""The orbits of the boards met lately (read, never changed, by the pictures that use them)."""


def _orbits_of(width: int, height: int, symmetry: str) -> list[tuple[int, ...]]:
    """:func:`orbits`, remembered for the boards met lately."""
    key = (width, height, symmetry)
    found = _ORBITS.get(key)
    if found is None:
        if len(_ORBITS) >= 64:
            _ORBITS.clear()
        found = orbits(width, height, symmetry)
        _ORBITS[key] = found
    return found


def draw_picture(width: int, height: int, random: RandomStream, density: float, rounds: int,
                 symmetry: str = "none") -> list[int]:
    """Noise of ``density`` (one draw per orbit, row-major), smoothed ``rounds`` times (see above)."""
    return _draw_picture(width, height, random, density, rounds, orbits(width, height, symmetry))


def _draw_picture(width: int, height: int, random: RandomStream, density: float, rounds: int,
                  orbit: list[tuple[int, ...]]) -> list[int]:
    """:func:`draw_picture` with the cells' orbits given. An orbit is drawn at its first cell (orbits in
    the order of their first cells is the order of the sorted orbits, since they do not overlap)."""
    count = width * height
    cells = [0] * count
    for index in range(count):
        tied = orbit[index]
        if tied[0] == index and random() < density:
            for i in tied:
                cells[i] = 1
    for _ in range(rounds):
        cells = _smoothed(cells, width, height)
    return cells


def _smoothed(cells: list[int], width: int, height: int) -> list[int]:
    """Each cell set to the majority of its 3x3 neighbourhood on the board (a tie keeps it).

    The window's count is summed in two passes: each cell's run of up to three
    cells across its row, then three of those down its column."""
    across = [0] * (width * height)
    for r in range(height):
        base = r * width
        for c in range(width):
            count = cells[base + c]
            if c > 0:
                count += cells[base + c - 1]
            if c + 1 < width:
                count += cells[base + c + 1]
            across[base + c] = count
    smoothed = [0] * (width * height)
    for r in range(height):
        rows = min(height, r + 2) - max(0, r - 1)
        for c in range(width):
            index = r * width + c
            filled = across[index]
            if r > 0:
                filled += across[index - width]
            if r + 1 < height:
                filled += across[index + width]
            seen = rows * (min(width, c + 2) - max(0, c - 1))
            smoothed[index] = 1 if 2 * filled > seen else 0 if 2 * filled < seen else cells[index]
    return smoothed


def agreement(cells: Sequence[int], width: int, height: int) -> float:
    """The share of orthogonally adjacent cell pairs whose two cells agree (both filled or both empty)."""
    same = pairs = 0
    for r in range(height):
        row = cells[r * width : (r + 1) * width]
        same += sum(a == b for a, b in itertools.pairwise(row))
        if r + 1 < height:
            same += sum(a == b for a, b in zip(row, cells[(r + 1) * width : (r + 2) * width]))
        pairs += (width - 1) + (width if r + 1 < height else 0)
    return same / pairs if pairs else 1.0


def _runs(line: Sequence[int]) -> tuple[int, ...]:
    runs, run = [], 0
    for value in line:
        if value:
            run += 1
        elif run:
            runs.append(run)
            run = 0
    if run:
        runs.append(run)
    return tuple(runs)


class _Picture:
    """A picture being steered: its cells and its clues (tuples of positive runs), kept in step, and the
    clues' memos (:func:`~gridlogic.pattern.propagation.line_memos`) for the grader."""

    def __init__(self, cells: list[int], width: int, height: int, orbit: list[tuple[int, ...]]) -> None:
        self.width, self.height = width, height
        self.orbit = orbit  # orbits(width, height, symmetry), not changed here
        self.cells = cells
        self.rows = [_runs(cells[r * width : (r + 1) * width]) for r in range(height)]
        self.cols = [_runs(cells[c::width]) for c in range(width)]
        self.row_memos = line_memos(self.rows, width)
        self.col_memos = line_memos(self.cols, height)

    def flip(self, index: int) -> None:
        """Flip the orbit of cell ``index``; only its rows' and columns' clues change."""
        width, height = self.width, self.height
        rows = cols = 0
        for i in self.orbit[index]:
            self.cells[i] ^= 1
            rows |= 1 << (i // width)
            cols |= 1 << (i % width)
        for r in range(height):
            if rows >> r & 1:
                self.rows[r] = _runs(self.cells[r * width : (r + 1) * width])
                self.row_memos[r] = line_memos([self.rows[r]], width)[0]
        for c in range(width):
            if cols >> c & 1:
                self.cols[c] = _runs(self.cells[c::width])
                self.col_memos[c] = line_memos([self.cols[c]], height)[0]

    def grade(self, top: int) -> tuple[str, str | None, list[int]]:
        """The grader's status, level and open cells (when stuck) with the techniques up to ``top``."""
        # The search never probes a board with this many open cells: it calls that stuck and flips one
        # of them (probing a big open region costs the most and seldom succeeds). The counts are not
        # needed here (the finished puzzle is graded again in full).
        return level_and_open_cells(self.rows, self.cols, self.row_memos, self.col_memos, top,
                                    2 * (self.width + self.height), self.cells)

    def fill(self) -> float:
        return sum(self.cells) / len(self.cells)


def _walk(picture: _Picture, difficulty: str, random: RandomStream, easy_flips: int, open_flips: int) -> bool:
    """Steer the picture to ``difficulty`` (see the module docstring); False when a budget runs out."""
    top = len(LEVELS) - 1 if difficulty == "any" else LEVELS.index(difficulty)
    cells = len(picture.cells)
    while True:
        status, level, unknown = picture.grade(top)
        if status == "solved" and (difficulty == "any" or difficulty == level):
            return True
        if status == "stuck":
            if not open_flips:
                return False
            open_flips -= 1
            picture.flip(unknown[int(random() * len(unknown))])
        else:
            if not easy_flips:
                return False
            easy_flips -= 1
            picture.flip(int(random() * cells))


def steer(width: int, height: int, difficulty: str, symmetry: str, key: str) -> tuple[list[int], int] | None:
    """The cells of the first picture steered to ``difficulty`` (see the module docstring) and its
    number (the puzzle's ``attempt``), every draw from ``rng(key)`` (the puzzle's ID); None when
    :data:`MAX_ATTEMPTS` pictures did not reach it."""
    density, rounds = _PICTURES[difficulty]
    if width * height >= _SMOOTHER_FROM:
        rounds = 2
    if width * height >= _DENSER_FROM:
        density = 0.5
    random = rng(key)
    orbit = _orbits_of(width, height, symmetry)
    for attempt in range(1, MAX_ATTEMPTS + 1):
        picture = _Picture(_draw_picture(width, height, random, density, rounds, orbit), width, height, orbit)
        if _walk(picture, difficulty, random, _EASY_FLIPS, _OPEN_FLIPS * (width + height)) and \
                MIN_FILL <= picture.fill() <= MAX_FILL:
            return picture.cells, attempt
    return None
