"""The tables Signal's solver, sweeps and grader share: domains as bit sets, each side's geometry.

A cell's *domain*, the orientations it may still take, is a 16-bit int
with bit ``m`` set when tile mask ``m`` is allowed (:func:`domain_of`).
Every test of the solver's propagation is then an AND with a table built
once here:

* ``WITH[d]`` is the domain of every mask with a pipe in direction ``d``
  (0 up, 1 right, 2 down, 3 left), ``WITHOUT[d]`` that of every other mask;
* ``SUPPORT[d][domain]``, for each of the 65,536 domains a neighbour in
  direction ``d`` may have, is the masks it lets a cell keep: those with a
  pipe towards it when some orientation of the neighbour has a pipe facing
  back, and those without when some orientation has none;
* ``IS_FIXED`` and ``IS_OPEN`` say, per domain, whether it holds exactly one
  mask, resp. two or more (:func:`count_fixed`, :func:`count_open`);
* :func:`board_geometry` gives, per board shape (width, height, wrapping
  or not), each cell's neighbours and the masks the border lets it keep
  (:class:`Geometry`); :func:`geometry` is the articles' square board.

This module imports only :mod:`.board`, so that :mod:`.sweeps` and
:mod:`.solver` can both build on it without importing each other.

Worked example (a test runs it): an elbow, mask 6 (right + down), turns
into masks 6, 12, 9 and 3; a right neighbour that can only be an end facing
left (mask 8) lets a cell keep just the masks with a pipe to the right; the
top-left cell of a 2×2 board keeps the masks with no pipe up or left
(0, 2, 4 and 6).

>>> hex(domain_of(VARIANTS[6])), VARIANT_DOMAINS[6] == domain_of([3, 6, 9, 12])
('0x1248', True)
>>> SUPPORT[1][domain_of([8])] == WITH[1] == domain_of([2, 3, 6, 7, 10, 11, 14, 15])
True
>>> hex(geometry(2).border_allowed[0]), count_fixed([0x1248, 1 << 6, 0]), count_open([0x1248, 1 << 6, 0])
('0x55', 1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from gridlogic.signal.board import BITS, VARIANTS, neighbour

FULL = 0xFFFF
# WITH[d]: the domain of every mask that has a pipe in direction d; WITHOUT[d]: every other mask.
WITH = tuple(sum(1 << m for m in range(16) if m & bit) for bit in BITS)
WITHOUT = tuple(FULL & ~w for w in WITH)
OPPOSITE = (2, 3, 0, 1)


def domain_of(masks: Sequence[int]) -> int:
    """The bit set of ``masks``."""
    domain = 0
    for m in masks:
        domain |= 1 << m
    return domain


# VARIANT_DOMAINS[m]: the bit set of variants(m), every orientation of tile m.
VARIANT_DOMAINS = tuple(domain_of(VARIANTS[m]) for m in range(16))

# Per domain (a 16-bit set): 1 when it holds exactly one mask, resp. two or more.
# sum(map(IS_FIXED.__getitem__, domains)) counts in C what a generator would count in bytecode.
IS_FIXED = bytearray(1 << 16)
IS_OPEN = bytearray(b"\x01") * (1 << 16)
IS_OPEN[0] = 0
for _m in range(16):
    IS_FIXED[1 << _m], IS_OPEN[1 << _m] = 1, 0


def count_fixed(domains: Sequence[int]) -> int:
    """How many cells have exactly one orientation left."""
    return sum(map(IS_FIXED.__getitem__, domains))


def count_open(domains: Sequence[int]) -> int:
    """How many cells still have two or more orientations."""
    return sum(map(IS_OPEN.__getitem__, domains))


def _support_table(d: int) -> list[int]:
    """For every possible domain of the neighbour in direction ``d``: the masks it lets a cell keep.

    A mask with a pipe towards ``d`` needs some neighbour orientation with a
    pipe facing back; a mask without one needs some neighbour orientation
    without. Indexing this list replaces two tests per neighbour per visit.
    """
    back = OPPOSITE[d]
    has, lacks = WITH[back], WITHOUT[back]
    return [(WITH[d] if o & has else 0) | (WITHOUT[d] if o & lacks else 0) for o in range(1 << 16)]


# SUPPORT[d][domain of the neighbour in direction d] -> the masks a cell may keep (4 × 65,536 ints).
SUPPORT = tuple(_support_table(d) for d in range(4))


@dataclass(frozen=True, eq=False)  # one per board shape (board_geometry() caches it), hashed by identity
class Geometry:
    """Per board shape: each cell's neighbours and the masks the border allows.

    On a wrapping board every cell has four neighbours and the border allows everything.
    """

    width: int
    height: int
    wrapping: bool
    neighbours: tuple[tuple[int, ...], ...]
    directions: tuple[tuple[tuple[int, int], ...], ...]  # (direction, neighbour) pairs
    border_allowed: tuple[int, ...]
    supporters: tuple[tuple[tuple[list[int], int], ...], ...]  # (SUPPORT[d], neighbour) pairs
    pairs: tuple[tuple[int, int, int, int, int, int], ...]  # right and down links, see solver.graph_conflict_bits
    border_domains: tuple[tuple[int, ...], ...]  # [cell][mask]: the orientations of mask the border allows

    @property
    def cells(self) -> int:
        return self.width * self.height


def geometry(n: int) -> Geometry:
    """The articles' n×n board, with a border."""
    return board_geometry(n, n, False)


@cache
def board_geometry(width: int, height: int, wrapping: bool) -> Geometry:
    links, border = [], []
    for i in range(width * height):
        pairs, allowed = [], FULL
        for d in range(4):
            j = neighbour(i, d, width, height, wrapping)
            if j < 0:
                allowed &= WITHOUT[d]
            else:
                pairs.append((d, j))
        links.append(tuple(pairs))
        border.append(allowed)
    return Geometry(
        width,
        height,
        wrapping,
        tuple(tuple(j for _, j in p) for p in links),
        tuple(links),
        tuple(border),
        tuple(tuple((SUPPORT[d], j) for d, j in p) for p in links),
        tuple(
            (i, j, WITH[d], WITHOUT[d], WITH[OPPOSITE[d]], WITHOUT[OPPOSITE[d]])
            for i, p in enumerate(links) for d, j in p if d in (1, 2)
        ),
        tuple(tuple(VARIANT_DOMAINS[m] & allowed for m in range(16)) for allowed in border),
    )
