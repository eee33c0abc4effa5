"""Geometry of a Loop (slitherlink) board: cells, edges, vertices, clues, and the loop check.

A board is ``width`` cells across and ``height`` cells down; cell ``(r, c)`` is
index ``r * width + c``. Its edges are numbered horizontal ones first, then
vertical ones, which is the game surface's two lists laid end to end:

* horizontal edge ``(r, c)``, ``r`` in ``0..height``, ``c`` in ``0..width-1``,
  is ``r * width + c``; it is the top side of cell ``(r, c)`` and the bottom
  side of cell ``(r-1, c)``;
* vertical edge ``(r, c)``, ``r`` in ``0..height-1``, ``c`` in ``0..width``,
  is ``(height + 1) * width + r * (width + 1) + c``; it is the left side of
  cell ``(r, c)`` and the right side of cell ``(r, c-1)``.

Vertex ``(r, c)`` (a grid point, ``r`` in ``0..height``, ``c`` in
``0..width``) is ``r * (width + 1) + c``.

A solution is a set of edges that forms exactly one cycle (every vertex has
0 or 2 of its edges in the set, and the edges are connected) and gives every
clued cell that many edges. Since the loop is a simple closed curve, it is
also the boundary of the cells it encloses: :func:`inside_of_loop` recovers
that region by parity along each row, and :func:`clues_of_region` computes
every cell's clue from a region (a side counts when the cells on its two
sides differ; off the board is outside).

While a solver works, an edge is in one of three states: ``UNKNOWN``,
``LINE`` or ``CROSS`` (known to carry no line).

Worked example (checked in ``tests/loop/test_board.py``): on a 2×2 board the
region ``{0}`` (the top-left cell) has the loop made of horizontal edges 0
and 2 and vertical edges 6 and 7; its clues are ``[4, 1, 1, 0]``: the cell
itself uses all four sides, its right and lower neighbours one each.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

UNKNOWN: Final = 0
LINE: Final = 1
CROSS: Final = 2


@dataclass(frozen=True)
class Grid:
    """The incidence tables of a ``width`` × ``height`` board, built once per shape."""

    width: int
    height: int
    edge_count: int
    vertex_count: int
    # cell -> (top, right, bottom, left) edge indices
    cell_edges: tuple[tuple[int, int, int, int], ...]
    # edge -> the one or two cells it borders
    edge_cells: tuple[tuple[int, ...], ...]
    # edge -> its two end vertices
    edge_vertices: tuple[tuple[int, int], ...]
    # vertex -> (up, right, down, left) edge indices, -1 where the board ends
    vertex_edges: tuple[tuple[int, int, int, int], ...]

    @property
    def cell_count(self) -> int:
        return self.width * self.height

    def horizontal(self, r: int, c: int) -> int:
        return r * self.width + c

    def vertical(self, r: int, c: int) -> int:
        return (self.height + 1) * self.width + r * (self.width + 1) + c


@lru_cache(maxsize=64)
def grid(width: int, height: int) -> Grid:
    """The :class:`Grid` of a ``width`` × ``height`` board (cached: boards share their tables)."""
    w, h = width, height
    horizontal_count = (h + 1) * w
    edge_count = horizontal_count + h * (w + 1)
    vertex_count = (h + 1) * (w + 1)

    def hor(r: int, c: int) -> int:
        return r * w + c

    def ver(r: int, c: int) -> int:
        return horizontal_count + r * (w + 1) + c

    cell_edges = tuple(
        (hor(r, c), ver(r, c + 1), hor(r + 1, c), ver(r, c)) for r in range(h) for c in range(w)
    )
    edge_cells_lists: list[list[int]] = [[] for _ in range(edge_count)]
    for cell, sides in enumerate(cell_edges):
        for e in sides:
            edge_cells_lists[e].append(cell)
    edge_vertices: list[tuple[int, int]] = [(0, 0)] * edge_count
    for r in range(h + 1):
        for c in range(w):
            edge_vertices[hor(r, c)] = (r * (w + 1) + c, r * (w + 1) + c + 1)
    for r in range(h):
        for c in range(w + 1):
            edge_vertices[ver(r, c)] = (r * (w + 1) + c, (r + 1) * (w + 1) + c)
    vertex_edges = tuple(
        (
            ver(r - 1, c) if r > 0 else -1,
            hor(r, c) if c < w else -1,
            ver(r, c) if r < h else -1,
            hor(r, c - 1) if c > 0 else -1,
        )
        for r in range(h + 1)
        for c in range(w + 1)
    )
    return Grid(
        width=w,
        height=h,
        edge_count=edge_count,
        vertex_count=vertex_count,
        cell_edges=cell_edges,
        edge_cells=tuple(tuple(cells) for cells in edge_cells_lists),
        edge_vertices=tuple(edge_vertices),
        vertex_edges=vertex_edges,
    )


def loop_of_region(inside: Sequence[int], width: int, height: int) -> list[int]:
    """The edges (0/1 per edge) separating inside cells from outside ones; off-board is outside."""
    g = grid(width, height)
    on = [0] * g.edge_count
    for e, cells in enumerate(g.edge_cells):
        count = sum(1 for cell in cells if inside[cell])
        # a border edge borders one cell; an inner edge is on when exactly one side is inside
        on[e] = 1 if count == 1 else 0
    return on


def clues_of_region(inside: Sequence[int], width: int, height: int) -> list[int]:
    """Every cell's clue: how many of its four sides lie on the boundary of ``inside``."""
    on = loop_of_region(inside, width, height)
    return [sum(on[e] for e in sides) for sides in grid(width, height).cell_edges]


def inside_of_loop(edges: Sequence[int], width: int, height: int) -> list[int]:
    """The cells enclosed by a loop: walking a row from the left, each vertical line toggles."""
    g = grid(width, height)
    inside = [0] * g.cell_count
    for r in range(height):
        state = 0
        for c in range(width):
            if edges[g.vertical(r, c)] == 1:
                state ^= 1
            inside[r * width + c] = state
    return inside


def clue_mismatches(lines: Sequence[int], clues: Sequence[int | None], g: Grid) -> Iterator[int]:
    """The clued cells, in index order, whose number of line sides (``lines[e] == 1``) is not their clue."""
    cell_edges = g.cell_edges
    for cell, clue in enumerate(clues):
        if clue is not None and sum(1 for e in cell_edges[cell] if lines[e] == 1) != clue:
            yield cell


def vertex_degrees(lines: Sequence[int], g: Grid) -> list[int]:
    """How many line edges (``lines[e] == 1``) meet at each vertex."""
    degree = [0] * g.vertex_count
    for e, on in enumerate(lines):
        if on == 1:
            a, b = g.edge_vertices[e]
            degree[a] = degree[a] + 1
            degree[b] = degree[b] + 1
    return degree


def cycles_of(lines: Sequence[int], g: Grid) -> list[list[int]]:
    """The cycles of a drawing whose vertices all have 0 or 2 lines, each as a sorted edge list."""
    seen = bytearray(g.edge_count)
    cycles: list[list[int]] = []
    for start in range(g.edge_count):
        if lines[start] != 1 or seen[start]:
            continue
        cycle = [start]
        seen[start] = 1
        previous, vertex = start, g.edge_vertices[start][1]
        end = g.edge_vertices[start][0]
        while vertex != end:
            nxt = next(
                e for e in g.vertex_edges[vertex] if e >= 0 and e != previous and lines[e] == 1
            )
            seen[nxt] = 1
            cycle.append(nxt)
            a, b = g.edge_vertices[nxt]
            previous, vertex = nxt, (b if a == vertex else a)
        cycles.append(sorted(cycle))
    return cycles


def validate_loop(edges: Sequence[int], clues: Sequence[int | None], width: int, height: int) -> bool:
    """True when ``edges`` (1 = line) form exactly one cycle and meet every clue.

    Independent of the solver's bookkeeping: degrees are counted afresh and the
    cycles are walked from the line edges.
    """
    g = grid(width, height)
    if len(edges) != g.edge_count or len(clues) != g.cell_count:
        return False
    if next(clue_mismatches(edges, clues, g), None) is not None:
        return False
    if any(d not in (0, 2) for d in vertex_degrees(edges, g)):
        return False
    # every vertex has 0 or 2 lines, so the lines are disjoint cycles: there must be one
    return len(cycles_of(edges, g)) == 1
