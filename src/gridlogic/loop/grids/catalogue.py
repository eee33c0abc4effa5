"""The one table of Loopy's grid types: our name, Loopy's type number, its size limits, our builder.

Loopy numbers its grid types in the order of its ``GRIDLIST`` (the ``tN`` of an ID: ``t0`` is
squares, ``t2`` honeycomb, ...) and asks for a least width and height per type (``amin``: both
at least this; ``omin``: at least one at least this). An aperiodic type (Penrose, hats, spectres)
has no one W×H grid but many patches, each named by a **description** (the part of a Loopy ID
before ``_``): its :class:`Patches` builds the grid of a description, draws a new one with a
random generator, and checks one; its ``builder`` is the patch of a fixed description per size. A
type not built yet is listed with its number so that an ID naming it gets a clear refusal.

>>> grid_type("honeycomb").number, grid_type(2).name
(2, 'honeycomb')
>>> build_grid("cairo", 3, 4)
<Grid cairo 3x4: 17 faces, 56 edges, 40 dots>
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from gridlogic.errors import InvalidParameters

from . import hats, penrose, spectres, tilings
from .graph import Grid
from .sizes import check_size


@dataclass(frozen=True)
class Patches:
    """An aperiodic tiling's patches, each named by a description (see the module docstring).
    ``new_grid`` is ``build`` of ``new_description`` (a tiling that builds the patch to choose it gives
    the grid it made; the others build it from the description)."""

    build: Callable[[int, int, str], Grid]
    new_description: Callable[[int, int, random.Random], str]
    check_description: Callable[[int, int, str], None]
    new_grid: Callable[[int, int, random.Random], Grid] | None = None

    def new_patch(self, width: int, height: int, rng: random.Random) -> Grid:
        """The grid of a new random patch for a W×H grid; its ``description`` names it."""
        if self.new_grid is not None:
            return self.new_grid(width, height, rng)
        return self.build(width, height, self.new_description(width, height, rng))


@dataclass(frozen=True)
class GridType:
    name: str
    number: int
    title: str
    least_both: int
    least_one: int
    builder: Callable[[int, int], Grid] | None
    letter: str  # in a Loop version 4 puzzle ID ("" for squares, the default)
    patches: Patches | None = None  # an aperiodic type's patches by description

    def check_size(self, width: int, height: int) -> None:
        """InvalidParameters unless W×H is a size Loopy allows for this type (:mod:`.sizes`)."""
        check_size(self.name, self.least_both, self.least_one, width, height)


GRID_TYPES: tuple[GridType, ...] = (
    GridType("square", 0, "Squares", 3, 3, tilings.square, ""),
    GridType("triangular", 1, "Triangular", 3, 3, tilings.triangular, "t"),
    GridType("honeycomb", 2, "Honeycomb", 3, 3, tilings.honeycomb, "h"),
    GridType("snub-square", 3, "Snub-Square", 3, 3, tilings.snub_square, "s"),
    GridType("cairo", 4, "Cairo", 3, 4, tilings.cairo, "c"),
    GridType("great-hexagonal", 5, "Great-Hexagonal", 3, 3, tilings.great_hexagonal, "g"),
    GridType("octagonal", 6, "Octagonal", 3, 3, tilings.octagonal, "o"),
    GridType("kites", 7, "Kites", 3, 3, tilings.kites, "k"),
    GridType("floret", 8, "Floret", 1, 2, tilings.floret, "f"),
    GridType("dodecagonal", 9, "Dodecagonal", 2, 2, tilings.dodecagonal, "d"),
    GridType("great-dodecagonal", 10, "Great-Dodecagonal", 2, 2, tilings.great_dodecagonal, "e"),
    GridType("penrose-p2", 11, "Penrose (kite/dart)", penrose.P2.least, penrose.P2.least, penrose.P2.build, "p",
             Patches(penrose.P2.build, penrose.P2.new_description, penrose.P2.check_description,
                     penrose.P2.new_grid)),
    GridType("penrose-p3", 12, "Penrose (rhombs)", penrose.P3.least, penrose.P3.least, penrose.P3.build, "r",
             Patches(penrose.P3.build, penrose.P3.new_description, penrose.P3.check_description,
                     penrose.P3.new_grid)),
    GridType("great-great-dodecagonal", 13, "Great-Great-Dodecagonal", 2, 2, tilings.great_great_dodecagonal, "u"),
    GridType("kagome", 14, "Kagome", 3, 3, tilings.kagome, "m"),
    GridType("compass-dodecagonal", 15, "Compass-Dodecagonal", 2, 2, tilings.compass_dodecagonal, "q"),
    GridType("hats", 16, "Hats", 6, 6, hats.grid, "a",
             Patches(hats.build, hats.new_description, hats.check_description)),
    GridType("spectres", 17, "Spectres", spectres.LEAST, spectres.LEAST, spectres.build_default, "x",
             Patches(spectres.build, spectres.new_description, spectres.check_description)),
)

GRID_NAMES: tuple[str, ...] = tuple(t.name for t in GRID_TYPES)
BUILT_GRID_NAMES: tuple[str, ...] = tuple(t.name for t in GRID_TYPES if t.builder is not None)


def grid_type(key: str | int) -> GridType:
    """The grid type named ``key`` (our name) or numbered ``key`` (Loopy's ``tN``)."""
    for t in GRID_TYPES:
        if key == t.name or (isinstance(key, int) and not isinstance(key, bool) and key == t.number):
            return t
    if isinstance(key, int) and not isinstance(key, bool):
        raise InvalidParameters(f"Loopy grid type t{key} does not exist; the types are t0 to t{len(GRID_TYPES) - 1}")
    raise InvalidParameters(f"grid {key!r} is not one of {', '.join(GRID_NAMES)}")


def build_grid(name: str | int, width: int, height: int, description: str | None = None) -> Grid:
    """Loopy's W×H grid of the type ``name`` (or Loopy type number), its faces in Loopy's order; for an
    aperiodic type, the patch ``description`` names (None: the type's fixed patch for the size). A grid
    is immutable, so the last grids built are kept and given again."""
    t = grid_type(name)
    if type(width) is int and type(height) is int and (description is None or isinstance(description, str)):
        return _built(t.name, width, height, description)
    return _build(t, width, height, description)


@lru_cache(maxsize=64)
def _built(name: str, width: int, height: int, description: str | None) -> Grid:
    return _build(grid_type(name), width, height, description)


def _build(t: GridType, width: int, height: int, description: str | None) -> Grid:
    if t.builder is None:
        built = ", ".join(BUILT_GRID_NAMES)
        raise InvalidParameters(f"the {t.name} grid (Loopy t{t.number}) is not built yet; the grids built are {built}")
    t.check_size(width, height)
    if description is None:
        return t.builder(width, height)
    if not isinstance(description, str):
        raise InvalidParameters(f"a grid description is text, not {type(description).__name__}")
    if t.patches is None:
        raise InvalidParameters(f"a {t.name} grid has no grid description, but {description[:40]!r} was given")
    return t.patches.build(width, height, description)
