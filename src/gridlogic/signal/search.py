"""The steps every Signal search takes at a node: propagate from what changed, choose a cell, branch.

Four searches share them: the articles' solver (:func:`~.solver.search_from_fixed_point`), the
articles' grading search (:func:`~.difficulty.bounded_search`), version 4's search
(:func:`~.v4.deduction.count_solutions`) and the hints' trials (:mod:`.hints`). Each works on
*domains*, one 16-bit set of orientations per cell (:mod:`.tables`).

* :func:`make_arc_consistent` narrows the domains in place from a work list of cells: a cell
  keeps the orientations its border allows and that some orientation of each neighbour agrees
  with (a pipe facing a pipe, no pipe facing no pipe); a cell that changes puts its neighbours
  back on the list. When the list is empty the domains are the fixed point a full sweep of every
  cell would reach (arc consistency), so a search may start the list at the neighbours of the
  cell it just fixed.
* :func:`mrv_choice` is the cell to branch on: the first with the fewest orientations above one
  (MRV, ties to the lower index).
* :func:`members` lists a domain's orientations in the cell's own order, the order the branches
  are tried in (:func:`~.board.variants` of the tile).

Worked example (checked in ``tests/signal/test_search.py``): on the articles' 2x2 board with a
border, fixing the top-left tile to an elbow pointing right and down (mask 6) and propagating
from its neighbours decides every tile: the elbows 12, 3 and 9 close the square, and no cell is
left to branch on.

>>> from gridlogic.signal.tables import VARIANT_DOMAINS, geometry
>>> domains = [1 << 6] + [VARIANT_DOMAINS[6]] * 3
>>> make_arc_consistent(domains, geometry(2), {1, 2}), [d.bit_length() - 1 for d in domains]
(True, [6, 12, 3, 9])
>>> mrv_choice(domains), mrv_choice([1 << 6, 0x1248, 0x0050, 1 << 9]), members(0x1248, (6, 12, 9, 3))
(-1, 2, [6, 12, 9, 3])
"""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.signal.tables import Geometry


def members(domain: int, order: Sequence[int]) -> list[int]:
    """The masks of ``domain`` in the cell's orientation order."""
    return [m for m in order if domain >> m & 1]


def make_arc_consistent(domains: list[int], geo: Geometry, pending: set[int]) -> bool:
    """Arc consistency in place, revisiting only cells whose neighbours changed.

    Invariant: every cell not in ``pending`` is supported by its neighbours'
    current domains, so when ``pending`` is empty the domains are the same
    fixed point a full sweep would reach. False when a domain empties.
    """
    border, supporters, neighbours = geo.border_allowed, geo.supporters, geo.neighbours
    while pending:
        i = pending.pop()
        domain = domains[i]
        kept = domain & border[i]
        for table, j in supporters[i]:
            kept &= table[domains[j]]
        if kept != domain:
            if not kept:
                return False
            domains[i] = kept
            pending.update(neighbours[i])
    return True


def mrv_choice(domains: list[int]) -> int:
    """The first cell with the fewest orientations above one, or -1 when all are fixed."""
    choice, best = -1, 99
    for i, domain in enumerate(domains):
        if domain & (domain - 1):  # more than one orientation
            size = domain.bit_count()
            if size < best:
                choice, best = i, size
                if size == 2:
                    break  # nothing smaller can follow
    return choice
