"""Loopy game IDs on any grid, both ways: ``WxHtN[dX]:[grid description_]clues``.

A Loopy ID names the parameters, then the puzzle:

* ``W``\\ ``x``\\ ``H`` is the grid's size in Loopy's units for its type (``W`` alone means W×W);
  ``tN`` the grid type (:mod:`.catalogue`; absent means ``t0``, squares); ``dX`` the level
  (``e``, ``n``, ``t`` or ``h``), which Loopy's own IDs leave out and we keep if given;
* after ``:``, a grid description and ``_`` for the grids that have one (the triangular grid's
  ``0``, for the version without corner triangles hanging on one edge; aperiodic grids' patch
  descriptions, :class:`~.catalogue.Patches`), then one character per face in Loopy's face order:
  ``0``-``9`` a clue, ``A``-``Z`` a clue of 10 or more (dodecagons), ``a``-``z`` a run of 1 to 26
  faces without a clue.

Worked example (a test checks it): a 3×3 honeycomb with clues in its first and last faces,

>>> p = read_loopy_id("3x3t2:2g4")
>>> p.grid, p.clues
(<Grid honeycomb 3x3: 9 faces, 38 edges, 30 dots>, (2, None, None, None, None, None, None, None, 4))
>>> write_loopy_id(p)
'3x3t2:2g4'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from gridlogic.errors import InvalidParameters

from . import tilings
from .catalogue import BUILT_GRID_NAMES, build_grid, grid_type
from .graph import Grid
from .solve import check_clues

PARAMS = re.compile(r"([0-9]{1,6})(?:x([0-9]{1,6}))?(?:t([0-9]{1,3}))?(?:d([a-z]))?")
MAX_ID_LENGTH = 200_000


@dataclass(frozen=True)
class LoopyPuzzle:
    """A grid, its clues (one per face, None for none) and the level letter the ID gave, if any."""

    grid: Grid
    clues: tuple[int | None, ...]
    level: str | None = None

    def __repr__(self) -> str:
        return f"LoopyPuzzle({write_loopy_id(self)!r})"


def read_loopy_id(text: str) -> LoopyPuzzle:
    """The puzzle a Loopy ID names; InvalidParameters saying what is wrong with a bad one."""
    if not isinstance(text, str):
        raise InvalidParameters(f"a Loopy ID is text, not {type(text).__name__}")
    if len(text) > MAX_ID_LENGTH:
        raise InvalidParameters(f"a Loopy ID is at most {MAX_ID_LENGTH} characters, not {len(text)}")
    params, colon, body = text.strip().partition(":")
    if not colon:
        raise InvalidParameters(f"Loopy ID {shorten(text)!r} has no ':'; it reads like 5x5t2:2a3b...")
    match = PARAMS.fullmatch(params)
    if match is None:
        raise InvalidParameters(
            f"Loopy parameters {shorten(params)!r} are not WxHtN[dX] (for instance 7x7t2 or 7x7t2dh)")
    width = int(match[1])
    height = int(match[2]) if match[2] else width
    kind = grid_type(int(match[3]) if match[3] else 0)
    level = match[4]
    if level is not None and level not in "enth":
        raise InvalidParameters(f"Loopy level d{level} does not exist; the levels are de, dn, dt and dh")
    head, separator, tail = body.partition("_")
    description, clue_text = (head, tail) if separator else (None, body)
    grid = grid_for(kind.name, width, height, description)
    return LoopyPuzzle(grid, tuple(read_clues(clue_text, grid)), level)


def grid_for(name: str, width: int, height: int, description: str | None) -> Grid:
    kind = grid_type(name)
    kind.check_size(width, height)
    if kind.builder is None:
        raise InvalidParameters(f"Loopy grid type t{kind.number} ({kind.name}) is not built yet; "
                                f"the grids built are {', '.join(BUILT_GRID_NAMES)}")
    if name == "triangular":
        if description not in (None, "0"):
            raise InvalidParameters(f"triangular grid description {shorten(description or '')!r} is not allowed; "
                                    "it is '0' (or absent, for old IDs)")
        return tilings.triangular(width, height, description)
    if kind.patches is not None and description is None:
        raise InvalidParameters(f"a {name} grid needs its description: Loopy's IDs read "
                                f"WxHt{kind.number}:DESCRIPTION_clues")
    if kind.patches is None and description is not None:
        raise InvalidParameters(f"a {name} grid has no grid description, but the ID gives {shorten(description)!r}")
    return build_grid(name, width, height, description)


def read_clues(text: str, grid: Grid) -> list[int | None]:
    clues: list[int | None] = []
    for position, char in enumerate(text):
        if "0" <= char <= "9":
            clues.append(ord(char) - ord("0"))
        elif "A" <= char <= "Z":
            clues.append(ord(char) - ord("A") + 10)
        elif "a" <= char <= "z":
            clues.extend([None] * (ord(char) - ord("a") + 1))
        else:
            raise InvalidParameters(
                f"character {char!r} at {position} of the clues is not allowed; "
                "0-9 and A-Z are clues, a-z runs of 1 to 26 faces without one")
        if len(clues) > len(grid.faces):
            break
    label = f"the {grid.name} {grid.width}x{grid.height} grid"
    if len(clues) > len(grid.faces):
        raise InvalidParameters(f"the clues cover more than the {len(grid.faces)} faces of {label}")
    if len(clues) < len(grid.faces):
        raise InvalidParameters(f"the clues cover {len(clues)} faces, but {label} has {len(grid.faces)}")
    check_clues(grid, clues)
    return clues


def write_loopy_id(puzzle: LoopyPuzzle) -> str:
    """The Loopy ID of ``puzzle`` (Loopy reads it; our reader gives the same puzzle back)."""
    grid = puzzle.grid
    number = grid_type(grid.name).number
    level = f"d{puzzle.level}" if puzzle.level else ""
    description = f"{grid.description}_" if grid.description is not None else ""
    return f"{grid.width}x{grid.height}t{number}{level}:{description}{write_clues(puzzle.clues)}"


def write_clues(clues: Sequence[int | None]) -> str:
    out: list[str] = []
    run = 0
    for clue in clues:
        if clue is None:
            if run == 26:
                out.append("z")
                run = 0
            run += 1
            continue
        if run:
            out.append(chr(ord("a") + run - 1))
            run = 0
        out.append(str(clue) if clue < 10 else chr(ord("A") + clue - 10))
    if run:
        out.append(chr(ord("a") + run - 1))
    return "".join(out)


def shorten(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"
