"""Loop version 4: Loopy's grids (squares, triangles, hexagons, Cairo, kites, ...), Loopy's four levels.

:mod:`.ladder` (one board's deductions on any grid, Loopy's techniques level by level), :mod:`.region`
(the answer: a disc of faces), :mod:`.generator` (attempts, the sizes and grids offered, the JSON
form read back, verification), :mod:`.play` (a player's board on a grid, its check, the drawings).
:data:`VERSION` is the version's record, :data:`GRADING` its levels, :data:`HINTS` its hints record
(:mod:`.hints`: the next step of the ladder, in words, on any grid).
"""

from __future__ import annotations

from gridlogic.game.record import Version
from gridlogic.hints import Hints, Technique
from gridlogic.loop.rules import Grading
from gridlogic.loop.v4 import hints
from gridlogic.loop.v4.generator import (
    DEFAULT_SIZE,
    DIFFICULTIES,
    GRID,
    LEVELS,
    MENU,
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
    menu=MENU,
)

GRADING = Grading(LEVELS, hints.TECHNIQUE_LEVEL)
"""Version 4's levels and its techniques' (its hints are its own: :data:`HINTS`)."""

TECHNIQUES = tuple(Technique(name, level, hints.WHY[name]) for name, level in hints.TECHNIQUE_LEVEL.items())

HINTS = Hints(techniques=lambda version: TECHNIQUES, levels=lambda version: LEVELS, hint=hints.hint,
              apply=hints.apply, explain=hints.explain, start=hints.start)
"""Version 4's hints record: the next step of its ladder on any grid (:mod:`.hints`)."""
