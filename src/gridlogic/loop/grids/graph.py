"""A Loop grid as a planar graph: dots with coordinates, edges as dot pairs, faces as cycles.

Every grid Loopy plays is built the same way: a tiling lays down its faces one by one, each
face as its corner points in clockwise order on the page (x to the right, y downwards, integer
coordinates); a point already laid down by an earlier face is the same dot. From those faces
alone follow, in a fixed order,

* the dots, numbered in the order their points are first named (or, for a builder that names
  them all first, in that order);
* the edges, numbered as they are met walking the faces in order, each face from its corner 0
  (edge ``k`` of a face joins its corners ``k`` and ``k + 1``); an edge keeps the direction in
  which it was first met;
* for each face, its edges in that same walk order.

This is the order Loopy gives them (``grid_make_consistent`` in its ``grid.c``), so a Loopy
clue string maps one to one onto :attr:`Grid.faces`, and Loopy's edge numbers (its solution
moves ``S3y5y...``) onto :attr:`Grid.edges`.

Worked example (a test checks it): a 1×2 strip of unit squares, laid left then right,

>>> b = GridBuilder()
>>> b.add_face([(0, 0), (1, 0), (1, 1), (0, 1)])
>>> b.add_face([(1, 0), (2, 0), (2, 1), (1, 1)])
>>> g = b.build()
>>> g.dots
((0, 0), (1, 0), (1, 1), (0, 1), (2, 0), (2, 1))
>>> g.edges
((0, 1), (1, 2), (2, 3), (3, 0), (1, 4), (4, 5), (5, 2))
>>> g.face_edges
((0, 1, 2, 3), (4, 5, 6, 1))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

Point = tuple[int, int]


@dataclass(frozen=True)
class Grid:
    """A finished grid: the tuples are in Loopy's order (see the module docstring)."""

    dots: tuple[Point, ...]
    edges: tuple[tuple[int, int], ...]
    faces: tuple[tuple[int, ...], ...]
    face_edges: tuple[tuple[int, ...], ...]
    name: str = ""
    width: int = 0
    height: int = 0
    description: str | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        label = f"{self.name} {self.width}x{self.height}" if self.name else "grid"
        return f"<Grid {label}: {len(self.faces)} faces, {len(self.edges)} edges, {len(self.dots)} dots>"

    @cached_property
    def dot_edges(self) -> tuple[tuple[int, ...], ...]:
        """For each dot, the edges that end there, in edge order."""
        at: list[list[int]] = [[] for _ in self.dots]
        for e, (d1, d2) in enumerate(self.edges):
            at[d1].append(e)
            at[d2].append(e)
        return tuple(tuple(es) for es in at)

    @cached_property
    def edge_faces(self) -> tuple[tuple[int, ...], ...]:
        """For each edge, the one or two faces it borders (one on the outline)."""
        at: list[list[int]] = [[] for _ in self.edges]
        for f, es in enumerate(self.face_edges):
            for e in es:
                at[e].append(f)
        return tuple(tuple(fs) for fs in at)

    @cached_property
    def dot_faces(self) -> tuple[tuple[int, ...], ...]:
        """For each dot, the faces that have it as a corner, in face order."""
        at: list[list[int]] = [[] for _ in self.dots]
        for f, corners in enumerate(self.faces):
            for d in corners:
                at[d].append(f)
        return tuple(tuple(fs) for fs in at)

    @cached_property
    def edge_by_dots(self) -> dict[tuple[int, int], int]:
        """The edge joining two dots, keyed by the pair in increasing order."""
        return {(min(d1, d2), max(d1, d2)): e for e, (d1, d2) in enumerate(self.edges)}


def drawing(grid: Grid) -> dict[str, Any]:
    """What a page needs to draw a grid, and what names it again: its name, size and patch description,
    dots (x, y), edges (two dots) and faces (their dots clockwise, and their edges in the same turn)."""
    return {"name": grid.name, "width": grid.width, "height": grid.height, "description": grid.description,
            "dots": [list(p) for p in grid.dots], "edges": [list(e) for e in grid.edges],
            "faces": [list(f) for f in grid.faces], "faceEdges": [list(f) for f in grid.face_edges]}


class GridBuilder:
    """Collects faces as point lists and numbers dots, edges and faces as Loopy does."""

    def __init__(self) -> None:
        self._dot_of: dict[Point, int] = {}
        self._faces: list[tuple[int, ...]] = []

    def dot(self, point: Point) -> int:
        """The dot at ``point``, numbered now if it is new."""
        index = self._dot_of.get(point)
        if index is None:
            index = self._dot_of[point] = len(self._dot_of)
        return index

    def add_face(self, corners: Iterable[Point]) -> None:
        """Lay down one face, its corners clockwise on the page."""
        self._faces.append(tuple(self.dot(p) for p in corners))

    def build(self, name: str = "", width: int = 0, height: int = 0, description: str | None = None) -> Grid:
        dots = tuple(sorted(self._dot_of, key=self._dot_of.__getitem__))
        return grid_from_faces(dots, self._faces, name, width, height, description)


def grid_from_faces(
    dots: Sequence[Point],
    faces: Sequence[tuple[int, ...]],
    name: str = "",
    width: int = 0,
    height: int = 0,
    description: str | None = None,
) -> Grid:
    """Number the edges by walking ``faces`` in order (Loopy's ``grid_make_consistent``)."""
    edge_of: dict[tuple[int, int], int] = {}
    edges: list[tuple[int, int]] = []
    face_edges: list[tuple[int, ...]] = []
    for corners in faces:
        walk = []
        for k, d1 in enumerate(corners):
            d2 = corners[(k + 1) % len(corners)]
            key = (min(d1, d2), max(d1, d2))
            if key not in edge_of:
                edge_of[key] = len(edges)
                edges.append((d1, d2))
            walk.append(edge_of[key])
        face_edges.append(tuple(walk))
    return Grid(tuple(dots), tuple(edges), tuple(faces), tuple(face_edges), name, width, height, description)
