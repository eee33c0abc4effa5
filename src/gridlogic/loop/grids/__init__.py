"""Loop on the grids Loopy plays: the tilings as graphs, Loopy IDs both ways, a solver on any grid.

A grid is a planar graph (:class:`Grid`): dots with integer coordinates, edges as dot pairs, and
faces as cycles of dots and of edges, numbered in Simon Tatham's Loopy's order, so that a Loopy
ID's clues fall on the same faces here as there and Loopy's edge numbers name the same edges.

* :func:`build_grid` — Loopy's W×H grid of a type, by our name or Loopy's number (:mod:`.catalogue`,
  built in :mod:`.tilings` on :mod:`.graph`); an aperiodic type's patch is named by a description
  (:mod:`.spectres` and the other aperiodic modules);
* :func:`read_loopy_id`, :func:`write_loopy_id` — ``WxHtN:clues`` both ways (:mod:`.loopy_ids`);
* :func:`decide` — no, one or several loops, proven, with a node budget and a deadline
  (:mod:`.solve`); the solution is the grid's edges in order, 1 on the loop.

Worked example (a test checks it): a Loopy-made Normal puzzle on the 3×3 honeycomb, its one
loop, and the ID written back:

>>> from gridlogic.loop.grids import read_loopy_id, write_loopy_id, decide
>>> puzzle = read_loopy_id("3x3t2:b420b3a")
>>> verdict = decide(puzzle.grid, puzzle.clues)
>>> verdict.status
'unique'
>>> [e for e, on in enumerate(verdict.solutions[0]) if on]
[0, 1, 4, 5, 6, 11, 12, 13, 15, 18, 19, 24, 25, 28, 29, 30, 32, 33, 34, 35, 36, 37]
>>> write_loopy_id(puzzle)
'3x3t2:b420b3a'
"""

from __future__ import annotations

from .catalogue import BUILT_GRID_NAMES, GRID_NAMES, GRID_TYPES, GridType, build_grid, grid_type
from .graph import Grid, GridBuilder, drawing
from .loopy_ids import LoopyPuzzle, read_loopy_id, write_loopy_id
from .solve import decide

__all__ = [
    "BUILT_GRID_NAMES",
    "GRID_NAMES",
    "GRID_TYPES",
    "Grid",
    "GridBuilder",
    "GridType",
    "LoopyPuzzle",
    "build_grid",
    "decide",
    "drawing",
    "grid_type",
    "read_loopy_id",
    "write_loopy_id",
]
