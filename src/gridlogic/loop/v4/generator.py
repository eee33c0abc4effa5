"""Loop generation, version 4: Loopy's grids, Loopy's four levels, exact, proven unique.

``make(spec)`` is a pure function of (grid, width, height, seed, difficulty) and :data:`NUMBER`;
the grid is the option ``grid`` (:data:`GRID`, Loopy's grid types by our names: ``square``,
``honeycomb``, ``kites``, ...), the size is Loopy's W×H for that grid. Every random choice comes
from ``gridlogic.rng.rng(seed)``: first, for an aperiodic grid (Penrose, hats, spectres), its
**patch** (:func:`_patch`: the first of :data:`PATCH_DRAWS` drawn with at least :data:`FEWEST_FACES`
faces, each draw seeding the tiling's own chooser; a periodic grid draws nothing); then, in this
order per attempt:

1. **region** — :func:`.region.grow_region`: 35–65 % of the faces, one disc; its boundary is the
   answer loop, each face's count of boundary edges its clue. A region that stopped growing below
   :data:`LOWEST_SHARE` is drawn again.
2. **level** — the level asked for; ``any`` draws one of the four (one more ``r``).
3. **order** — a seeded shuffle of the faces, the order of clue removal.
4. **removal** — Loopy's way: with every clue shown the level's techniques (:mod:`.ladder`) must
   finish the board, else the attempt starts again; then each clue in the order goes when the level
   still finishes without it (:func:`gridlogic.loop.clue_removal.remove_clues`).
5. **grade** — the level below must *not* finish the puzzle (too easy: the attempt starts again,
   as in Loopy's generator); the level's own techniques finish it, which proves its loop unique.

Worked example (a test checks it): a 4×4 honeycomb at hard, seed ``notes-example``:

>>> from gridlogic import GAMES
>>> def made(level):
...     puzzle = GAMES["loop"].generate((4, 4), "notes-example", level, version=4, grid="honeycomb")
...     return puzzle.id, puzzle.level, sum(k is not None for k in puzzle.clues)
>>> made("hard")  # its ID, its level, and how many of its 16 faces show a clue
('loop.4.4x4h.hard.notes-example', 'hard', 7)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from random import Random as PythonRandom
from typing import Any, ClassVar

from gridlogic.errors import GenerationFailed, InvalidParameters
from gridlogic.game.ids import PuzzleSpec
from gridlogic.game.record import Option, Preset, PuzzleNaming
from gridlogic.loop.clue_removal import remove_clues
from gridlogic.loop.grids import BUILT_GRID_NAMES, Grid, build_grid, decide, drawing, grid_type
from gridlogic.loop.rules import Metrics
from gridlogic.loop.v4 import play
from gridlogic.loop.v4.ladder import EASY, Board, finishes
from gridlogic.loop.v4.region import boundary_counts, grow_region, loop_edges
from gridlogic.params import check_choice, check_int, check_object, check_seed, int_list, short_repr
from gridlogic.rng import rng

NUMBER = 4
LEVELS = ("easy", "medium", "hard", "expert")
DIFFICULTIES = ("any", *LEVELS)
SIDES = tuple(range(1, 31))
PRESETS = (5, 7, 10)
DEFAULT_SIZE = 7
MAX_FACES = 1000  # ours: about a 30×30 square board; the largest grid of each type is capped by it
MAX_ATTEMPTS = 2000  # a large dodecagonal grid at easy may take hundreds: few full clue sets finish at easy there
LOWEST_SHARE = 0.35
FEWEST_FACES = 9  # below this, a level is often out of reach (Loopy asks 3×3 squares of its players at least)
PATCH_LEAST_AREA = 36  # an aperiodic grid's W×H: Loopy's smallest presets are 6×6; a smaller patch may hold 3 faces
PATCH_DRAWS = 50  # patches drawn at most for one with FEWEST_FACES faces

LOOPY_PRESETS: tuple[tuple[str, int, int, str], ...] = (
    ("square", 7, 7, "easy"), ("square", 10, 10, "easy"), ("square", 7, 7, "medium"), ("square", 10, 10, "medium"),
    ("square", 7, 7, "expert"), ("square", 10, 10, "expert"), ("triangular", 12, 10, "expert"),
    ("snub-square", 7, 7, "expert"), ("cairo", 9, 9, "expert"), ("kites", 5, 5, "expert"),
    ("penrose-p2", 10, 10, "expert"), ("penrose-p3", 10, 10, "expert"),
    ("honeycomb", 10, 10, "expert"), ("great-hexagonal", 5, 4, "expert"), ("kagome", 5, 4, "expert"),
    ("octagonal", 7, 7, "expert"), ("floret", 5, 5, "expert"), ("dodecagonal", 5, 4, "expert"),
    ("great-dodecagonal", 5, 4, "expert"), ("great-great-dodecagonal", 5, 3, "expert"),
    ("compass-dodecagonal", 5, 4, "expert"), ("hats", 10, 10, "expert"), ("spectres", 10, 10, "expert"),
)
"""Loopy's own presets on a desktop (its menu, then "More..."): grid, W, H and the paired level."""

MENU = tuple(Preset(width, height, level, (("grid", name),)) for name, width, height, level in LOOPY_PRESETS)
"""Loopy's presets as the version's menu (the page lists them; the ready pool keeps them made)."""

GRID = Option(
    name="grid",
    values=BUILT_GRID_NAMES,
    letters=tuple(grid_type(name).letter for name in BUILT_GRID_NAMES),
    help="the grid of Simon Tatham's Loopy to play on: " + ", ".join(BUILT_GRID_NAMES),
    pictures=True,  # tools/grid_pictures.py draws them
)


@dataclass(frozen=True)
class Grade:
    """A puzzle's level: the least of Loopy's four whose techniques finish it (None: none does)."""

    level: str | None

    def to_dict(self) -> dict[str, object]:
        return {"level": self.level}


@dataclass(frozen=True)
class GridPuzzle(PuzzleNaming):
    """A version 4 Loop puzzle: a grid of Loopy's (by name and W×H), a clue or None per face, and the
    answer region (1 per face inside the loop)."""

    width: int
    height: int
    seed: str
    difficulty: str
    grid: str
    clues: tuple[int | None, ...]
    answer: tuple[int, ...]
    attempt: int
    grade: Grade = field(compare=True)
    description: str | None = None  # an aperiodic grid's patch, drawn from the seed (Loopy's grid description)
    game: ClassVar[str] = "loop"
    version: ClassVar[int] = NUMBER
    OPTIONS: ClassVar[tuple[Option, ...]] = (GRID,)

    @property
    def level(self) -> str | None:
        return self.grade.level

    @cached_property
    def graph(self) -> Grid:
        """The grid as faces, edges and dots in Loopy's order."""
        return build_grid(self.grid, self.width, self.height, self.description)

    @property
    def metrics(self) -> Metrics:
        return Metrics.of(self.clues, sum(self.edges()))

    def __repr__(self) -> str:
        return f"<loop.GridPuzzle {self.id} level={self.level} clues={sum(k is not None for k in self.clues)}>"

    def edges(self) -> list[int]:
        """The answer loop as 0/1 per edge of the grid, in Loopy's edge order."""
        return list(loop_edges(self.graph, {f for f, on in enumerate(self.answer) if on}))

    def to_dict(self) -> dict[str, Any]:
        return {"width": self.width, "height": self.height, "seed": self.seed, "target": self.difficulty,
                "version": NUMBER, "grid": self.grid, "description": self.description, "clues": list(self.clues),
                "answer": list(self.answer), "attempt": self.attempt, "difficulty": self.grade.to_dict(),
                "metrics": self.metrics.to_dict()}

    def givens(self) -> dict[str, Any]:
        return {"clues": list(self.clues), "grid": drawing(self.graph)}

    def solution(self) -> dict[str, Any]:
        return {"inside": list(self.answer), "edges": self.edges()}


def offered(width: int, height: int, difficulty: str, options: Mapping[str, Any]) -> str | None:
    """None when version 4 makes this grid at this size and level, else why not."""
    name = options.get("grid", GRID.default)
    try:
        grid_type(name).check_size(width, height)
    except InvalidParameters as refused:
        return str(refused)
    if grid_type(name).patches is not None and width * height < PATCH_LEAST_AREA:
        return (f"Loop version 4 makes {name} grids of at least {PATCH_LEAST_AREA} in width × height (6x6), "
                f"not {width}x{height}: a smaller patch may hold only a few faces")
    faces = len(build_grid(name, width, height).faces)
    if faces > MAX_FACES:
        return (f"a {name} grid of {width}x{height} has {faces} faces; Loop version 4 makes grids of at most "
                f"{MAX_FACES} faces: choose a smaller size")
    if faces < FEWEST_FACES and difficulty not in ("any", "easy"):
        return (f"a {name} grid of {width}x{height} has {faces} faces; Loop version 4 makes {difficulty} puzzles "
                f"on grids of at least {FEWEST_FACES} faces: choose a larger size or easy")
    return None


def make(spec: PuzzleSpec) -> GridPuzzle:
    name = dict(spec.options).get("grid", GRID.default)
    random = rng(spec.seed)
    patch = _patch(name, spec.width, spec.height, random)
    grid = patch or build_grid(name, spec.width, spec.height)
    description = patch.description if patch else None
    faces = len(grid.faces)
    choices = LEVELS if faces >= FEWEST_FACES else LEVELS[:1]
    for attempt in range(1, MAX_ATTEMPTS + 1):
        inside = grow_region(grid, random)
        level = LEVELS.index(spec.difficulty if spec.difficulty != "any" else
                             choices[math.floor(random() * len(choices))])
        order = list(range(faces))
        random.shuffle(order)
        if sum(inside) < LOWEST_SHARE * faces:
            continue
        clues: list[int | None] = list(boundary_counts(grid, {f for f, on in enumerate(inside) if on}))
        if not finishes(grid, clues, level):
            continue
        remove_clues(clues, order, _boards(grid, level))
        if level > EASY and finishes(grid, clues, level - 1):
            continue  # too easy: the level below finishes it too
        return GridPuzzle(spec.width, spec.height, spec.seed, spec.difficulty, name, tuple(clues), tuple(inside),
                          attempt, Grade(LEVELS[level]), description)
    raise GenerationFailed.after(MAX_ATTEMPTS, spec)


def _patch(name: str, width: int, height: int, random: Callable[[], float]) -> Grid | None:
    """An aperiodic grid's patch for this seed: the first of :data:`PATCH_DRAWS` with at least
    :data:`FEWEST_FACES` faces (each from one draw of the stream, which seeds the tiling's own chooser);
    None for a periodic grid (no draw)."""
    patches = grid_type(name).patches
    if patches is None:
        return None
    for _ in range(PATCH_DRAWS):
        grid = patches.new_patch(width, height, PythonRandom(math.floor(random() * 2**32)))
        if len(grid.faces) >= FEWEST_FACES:
            break
    return grid


def _boards(grid: Grid, level: int) -> Callable[[list[int | None]], Board]:
    """A new board of the level for the clues shown (what the removal asks for)."""
    return lambda shown: Board(grid, shown, level)


def grade(grid: Grid, clues: Sequence[int | None], least: int = EASY) -> Grade:
    """The least level from ``least`` up whose techniques finish the puzzle."""
    for level in range(least, len(LEVELS)):
        verdict = Board(grid, clues, level).close()
        if verdict == "solved":
            return Grade(LEVELS[level])
        if verdict == "contradiction":
            break
    return Grade(None)


_FIELDS = ("width", "height", "seed", "target", "version", "grid", "description", "clues", "answer", "attempt",
           "difficulty", "metrics")


def from_dict(data: object) -> GridPuzzle:
    """The inverse of :meth:`GridPuzzle.to_dict`, checking every field: the clues must be the answer's,
    the answer a region whose boundary is one loop, and the level the ladder's."""
    fields = check_object(data, "a Loop version 4 puzzle", _FIELDS)
    if check_int(fields["version"], "'version'") != NUMBER:
        raise InvalidParameters(f"'version' {short_repr(fields['version'])} is not {NUMBER}")
    name = check_choice(fields["grid"], "'grid'", BUILT_GRID_NAMES)
    width = check_int(fields["width"], "'width'", SIDES[0], SIDES[-1])
    height = check_int(fields["height"], "'height'", SIDES[0], SIDES[-1])
    refusal = offered(width, height, "any", {"grid": name})
    if refusal:
        raise InvalidParameters(refusal)
    description = fields["description"]
    if description is not None and not isinstance(description, str):
        raise InvalidParameters(f"'description' must be a grid description or null, not {short_repr(description)}")
    grid = build_grid(name, width, height, description)
    seed = check_seed(fields["seed"])
    target = check_choice(fields["target"], "'target'", DIFFICULTIES)
    attempt = check_int(fields["attempt"], "'attempt'", 1, MAX_ATTEMPTS)
    answer = int_list(fields["answer"], "'answer'", len(grid.faces), (0, 1))
    clues = _answer_clues(fields["clues"], grid, answer)
    level = fields["difficulty"].get("level") if isinstance(fields["difficulty"], dict) else None
    graded = grade(grid, clues)
    if fields["difficulty"] != graded.to_dict():
        raise InvalidParameters(f"'difficulty' {short_repr(fields['difficulty'])} is not the grade of these clues, "
                                f"{graded.to_dict()}")
    if target != "any" and level != target:
        raise InvalidParameters(f"'difficulty'.level {level!r} is not the target {target!r}")
    return GridPuzzle(width, height, seed, target, name, tuple(clues), tuple(answer), attempt, graded, description)


def _answer_clues(clues: object, grid: Grid, answer: Sequence[int]) -> list[int | None]:
    faces = len(grid.faces)
    if not isinstance(clues, list) or len(clues) != faces:
        raise InvalidParameters(f"'clues' must be a list of {faces} ints or nulls, not {short_repr(clues)}")
    inside = {f for f, on in enumerate(answer) if on}
    loop = loop_edges(grid, inside)
    if not inside or not play.judged(grid, loop, [None] * faces)["solved"]:
        raise InvalidParameters("'answer' is not a region whose boundary is one loop")
    expected = boundary_counts(grid, inside)
    for f, clue in enumerate(clues):
        if clue is not None and clue != expected[f]:
            raise InvalidParameters(f"'clues'[{f}] is {short_repr(clue)} but the answer gives {expected[f]}")
    return list(clues)


def verify(puzzle: GridPuzzle) -> bool:
    """Solved again from scratch, twice: by the techniques of its level, and by the proven search on the
    grid's graph (:func:`gridlogic.loop.grids.decide`); one loop, and it is the answer."""
    if puzzle.level is None:
        return False
    grid = puzzle.graph
    board = Board(grid, puzzle.clues, LEVELS.index(puzzle.level))
    if board.close() != "solved" or list(board.loop()) != puzzle.edges():
        return False
    verdict = decide(grid, puzzle.clues)
    return verdict.status == "unique" and list(verdict.solutions[0]) == puzzle.edges()
