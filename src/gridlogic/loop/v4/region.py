"""The answer of a version 4 puzzle: a region of faces of any grid whose boundary is one loop.

The region grows from one face, a face at a time. A face may join when the region meets its
outline in exactly one stretch: walking round the face, corner, edge, corner, ..., an edge is
*touched* when the face across it is inside, a corner when any face at that dot is inside; the
face may join when the touched places form one unbroken run that holds an edge and is not the
whole outline. Then the region stays one disc (two discs meeting along one arc make a disc), so
its boundary is one loop that never touches itself; the outside (beyond the grid's rim too) is
never inside, so the loop may run along the rim. Whether a face may join depends only on the
faces at its corners, so after a face joins only the faces at its dots are looked at again.

The target size is ``round(F × (0.35 + 0.30 × r))`` of the grid's F faces, the start face
``floor(r × F)``. Which candidate joins, as version 2 does on squares: one ``r`` picks the way
(below 0.55 any candidate, below 0.8 one of those with the fewest inside edge-neighbours,
otherwise one with the most), a second ``r`` the face among them (in index order).

Worked example (a test checks it): on the 3×3 square grid holding face 1 (top middle), face 4
(the centre) may join (the region meets its top edge and that edge's two corners); holding faces
1 and 7 it may not (it would join two parts and cut the outside in two).

>>> from gridlogic.loop.grids import build_grid
>>> g = build_grid("square", 3, 3)
>>> may_join(g, {1}, 4), may_join(g, {1, 7}, 4)
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection

from gridlogic.loop.grids import Grid

_P_ANY, _P_FEWEST = 0.55, 0.8


def may_join(grid: Grid, inside: Collection[int], face: int) -> bool:
    """Whether ``face`` may join the region ``inside`` (see the module docstring)."""
    dot_faces = grid.dot_faces
    touched: list[bool] = []
    edge_touched = False
    for k, d in enumerate(grid.faces[face]):
        touched.append(any(f in inside for f in dot_faces[d] if f != face))
        across = [f for f in grid.edge_faces[grid.face_edges[face][k]] if f != face]
        on = bool(across) and across[0] in inside
        edge_touched = edge_touched or on
        touched.append(on)
    if not edge_touched or all(touched):
        return False
    starts = sum(1 for i, on in enumerate(touched) if on and not touched[i - 1])
    return starts == 1


def boundary_counts(grid: Grid, inside: Collection[int]) -> list[int]:
    """Each face's count of edges on the region's boundary: the clues of the loop."""
    return [sum(1 for e in edges if _on_boundary(grid, inside, e)) for edges in grid.face_edges]


def loop_edges(grid: Grid, inside: Collection[int]) -> tuple[int, ...]:
    """The region's boundary as 0/1 per edge of the grid."""
    return tuple(1 if _on_boundary(grid, inside, e) else 0 for e in range(len(grid.edges)))


def _on_boundary(grid: Grid, inside: Collection[int], e: int) -> bool:
    return sum(1 for f in grid.edge_faces[e] if f in inside) == 1


def grow_region(grid: Grid, random: Callable[[], float]) -> list[int]:
    """A region of faces whose boundary is one loop, about 35–65 % of the faces, as 0/1 per face."""
    faces = len(grid.faces)
    target = round(faces * (0.35 + 0.30 * random()))
    start = math.floor(random() * faces)
    inside = {start}
    dot_faces = grid.dot_faces
    candidates: set[int] = set()

    def look_around(face: int) -> None:
        for d in grid.faces[face]:
            for f in dot_faces[d]:
                if f in inside:
                    continue
                if may_join(grid, inside, f):
                    candidates.add(f)
                else:
                    candidates.discard(f)

    look_around(start)
    while len(inside) < target and candidates:
        chosen = sorted(candidates)
        way = random()
        if way >= _P_ANY:
            counts = {f: _inside_neighbours(grid, inside, f) for f in chosen}
            best = min(counts.values()) if way < _P_FEWEST else max(counts.values())
            chosen = [f for f in chosen if counts[f] == best]
        face = chosen[math.floor(random() * len(chosen))]
        inside.add(face)
        candidates.discard(face)
        look_around(face)
    return [1 if f in inside else 0 for f in range(faces)]


def _inside_neighbours(grid: Grid, inside: Collection[int], face: int) -> int:
    return sum(1 for e in grid.face_edges[face] for f in grid.edge_faces[e] if f != face and f in inside)
