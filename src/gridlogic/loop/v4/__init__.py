"""Loop version 4: Loopy's grids (squares, triangles, hexagons, Cairo, kites, ...), Loopy's four levels.

:mod:`.ladder` (one board's deductions on any grid, Loopy's techniques level by level), :mod:`.region`
(the answer: a disc of faces), :mod:`.generator` (attempts, the sizes and grids offered, the JSON
form read back, verification), :mod:`.play` (a player's board on a grid, its check, the drawings).
:data:`VERSION` is the version's record, :data:`GRADING` its levels, :data:`HINTS` its hints record
(which says plainly that hints on these grids are not given yet).
"""

from __future__ import annotations

from typing import Any

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Version
from gridlogic.hints import Hint, Hints, Walkthrough
from gridlogic.loop.rules import Grading
from gridlogic.loop.v4.generator import (
    DEFAULT_SIZE,
    DIFFICULTIES,
    GRID,
    LEVELS,
    NUMBER,
    PRESETS,
    SIDES,
    GridPuzzle,
    from_dict,
    make,
    offered,
    verify,
)

__all__ = ["GRADING", "HINTS", "VERSION", "GridPuzzle"]

VERSION = Version(
    number=NUMBER,
    summary="the grids of Simon Tatham's Loopy (option grid: square, triangular, honeycomb, cairo, kites, ...), "
            "Loopy's W×H for each, four levels that are Loopy's; every seed makes a puzzle, proven unique",
    sides=SIDES,
    presets=PRESETS,
    default_size=DEFAULT_SIZE,
    difficulties=DIFFICULTIES,
    make=make,
    from_dict=from_dict,
    verify=verify,
    rectangular=True,
    options=(GRID,),
    offered=offered,
)

GRADING = Grading(LEVELS, {})
"""Version 4's levels (its techniques are its ladder's, not yet named one by one for hints)."""

NO_HINTS = "hints and walk-throughs are not given on Loop version 4 grids yet; Check tells what is wrong"


def _refuse(*_: Any) -> Hint:
    raise InvalidParameters(NO_HINTS)


def _refuse_walkthrough(problem: Any, version: int | None, deadline: float | None = None) -> Walkthrough:
    raise InvalidParameters(NO_HINTS)


def _start(puzzle: GridPuzzle) -> dict[str, list[int]]:
    return {"edges": [0] * len(puzzle.graph.edges)}


HINTS = Hints(techniques=lambda version: (), levels=lambda version: LEVELS, hint=_refuse, apply=_refuse,
              explain=_refuse_walkthrough, start=_start)
