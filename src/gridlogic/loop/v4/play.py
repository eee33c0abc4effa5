"""Playing a Loop puzzle on any grid: a player's board, its check, and the drawings (SVG and text).

A board on a grid is ``{"edges": [...]}``: one entry per edge of the grid in Loopy's edge order,
0 (nothing), 1 (a line) or 2 (a cross). The check is the rules' (:func:`gridlogic.loop.rules.check`
on squares): solved when the lines are one loop, every dot has 0 or 2 of them, and every clue is
met; ``wrongClues`` are the faces whose clue is not met, ``badVertices`` the dots with 1, 3 or more
lines, ``loops`` the number of separate groups of lines.

The SVG draws each face as its polygon (the grid's own coordinates, scaled so that the shortest
edge is :data:`EDGE_PX`), its clue at the face's centroid, the dots, and with the solution the
loop and a tint of the inside.

Worked example (a test checks it): on a 3×3 honeycomb, the loop round the first hexagon meets its
clue 6 and no other clue:

>>> from gridlogic.loop.grids import build_grid
>>> g = build_grid("honeycomb", 3, 3)
>>> class P:
...     graph, clues = g, (6,) + (None,) * 8
>>> check(P(), {"edges": [1] * 6 + [0] * 32})
{'solved': True, 'wrongClues': [], 'badVertices': [], 'loops': 1}
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol

from gridlogic.errors import InvalidParameters
from gridlogic.loop.grids import Grid
from gridlogic.params import check_object, int_list

EDGE_PX = 36
MAX_EDGES = 20_000


class OnGrid(Protocol):
    """What the checks and drawings read of a puzzle on a grid."""

    @property
    def graph(self) -> Grid: ...
    @property
    def clues(self) -> tuple[int | None, ...]: ...


def parse_edges(raw: object, edge_count: int | None = None) -> list[int]:
    """A board on a grid, checked for shape: its ``edges`` list (of ``edge_count`` entries when given)."""
    fields = check_object(raw, "a Loop board on a grid", ("edges",), ("inside",))
    edges = fields["edges"]
    count = edge_count if edge_count is not None else (len(edges) if isinstance(edges, list) else 0)
    if count > MAX_EDGES:
        raise InvalidParameters(f"a Loop board on a grid has at most {MAX_EDGES} edges, not {count}")
    return int_list(edges, "board.edges", count, (0, 1, 2))


def check(puzzle: OnGrid, board: object) -> dict[str, Any]:
    """A player's board judged by the rules (see the module docstring)."""
    g = puzzle.graph
    return judged(g, [1 if v == 1 else 0 for v in parse_edges(board, len(g.edges))], puzzle.clues)


def judged(g: Grid, lines: Sequence[int], clues: Sequence[int | None]) -> dict[str, Any]:
    """The rules' verdict on ``lines`` (1 per edge on the loop) with ``clues`` (None for none)."""
    wrong = [f for f, k in enumerate(clues)
             if k is not None and sum(lines[e] for e in g.face_edges[f]) != k]
    degree = [sum(lines[e] for e in es) for es in g.dot_edges]
    bad = [d for d, n in enumerate(degree) if n not in (0, 2)]
    parent = list(range(len(g.dots)))

    def find(d: int) -> int:
        while parent[d] != d:
            parent[d] = parent[parent[d]]
            d = parent[d]
        return d

    for e, on in enumerate(lines):
        if on:
            a, b = g.edges[e]
            parent[find(a)] = find(b)
    groups = len({find(d) for d, n in enumerate(degree) if n})
    return {"solved": not wrong and not bad and groups == 1, "wrongClues": wrong, "badVertices": bad,
            "loops": groups}


def _scale(g: Grid) -> float:
    shortest = min(math.dist(g.dots[a], g.dots[b]) for a, b in g.edges)
    return EDGE_PX / shortest


def render_svg(puzzle: OnGrid, solution: Sequence[int] | None = None, inside: Sequence[int] | None = None) -> str:
    """The grid as SVG: faces, clues and dots; with ``solution`` (0/1 per edge) the loop, and with
    ``inside`` (0/1 per face) a tint of the faces inside it."""
    g = puzzle.graph
    scale = _scale(g)
    xs = [x for x, _ in g.dots]
    ys = [y for _, y in g.dots]
    pad = EDGE_PX / 2
    left, top = min(xs) * scale - pad, min(ys) * scale - pad
    width, height = (max(xs) - min(xs)) * scale + 2 * pad, (max(ys) - min(ys)) * scale + 2 * pad

    def at(d: int) -> str:
        x, y = g.dots[d]
        return f"{x * scale - left:.1f},{y * scale - top:.1f}"

    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}" height="{height:.0f}" font-family="sans-serif">')
    out = [head, f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>']
    for f, corners in enumerate(g.faces):
        fill = "#dde8f5" if inside is not None and inside[f] else "none"
        out.append(f'<polygon points="{" ".join(at(d) for d in corners)}" fill="{fill}" stroke="#bbb" '
                   'stroke-width="1"/>')
    font = EDGE_PX * 0.5
    for f, clue in enumerate(puzzle.clues):
        if clue is not None:
            cx, cy = centroid([g.dots[d] for d in g.faces[f]])
            out.append(f'<text x="{cx * scale - left:.1f}" y="{cy * scale - top:.1f}" font-size="{font:.0f}" '
                       f'text-anchor="middle" dominant-baseline="central">{clue}</text>')
    if solution is not None:
        for e, on in enumerate(solution):
            if on:
                a, b = g.edges[e]
                (x1, y1), (x2, y2) = at(a).split(","), at(b).split(",")
                out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="black" stroke-width="4" '
                           'stroke-linecap="round"/>')
    for d in range(len(g.dots)):
        x, y = at(d).split(",")
        out.append(f'<circle cx="{x}" cy="{y}" r="2" fill="black"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def centroid(points: Sequence[tuple[int, int]]) -> tuple[float, float]:
    """The centre of mass of a polygon (its corners in turn): where a face's clue is written."""
    area = cx = cy = 0.0
    for (x1, y1), (x2, y2) in zip(points, [*points[1:], points[0]]):
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if area == 0:
        return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    return cx / (3 * area), cy / (3 * area)


def render_text(puzzle: OnGrid, solution: Sequence[int] | None = None) -> str:
    """The puzzle as text: the grid's name and size, a map of the clues where their faces lie
    (:func:`clue_map`), each face's clue (``.`` for none) in Loopy's face order, and with ``solution``
    the loop's edges by number."""
    g = puzzle.graph
    clues = " ".join("." if k is None else str(k) for k in puzzle.clues)
    text = f"{g.name} {g.width}x{g.height}: {len(g.faces)} faces, {len(g.edges)} edges\n"
    text += "".join(line + "\n" for line in clue_map(g, puzzle.clues))
    text += f"clues by face: {clues}\n"
    if solution is not None:
        text += "loop: " + " ".join(str(e) for e, on in enumerate(solution) if on) + "\n"
    return text


def clue_map(g: Grid, clues: Sequence[int | None]) -> list[str]:
    """Each face's clue (``.`` for none) written at its centre on a grid of characters: a column is half
    the distance between the nearest two neighbouring faces' centres, a row all of it (a character is
    about twice as tall as wide), made finer until every face has a place of its own and a space before
    the next in its row. On squares it is the clues row by row; a 3×3 honeycomb's three columns of
    hexagons come out staggered, the middle one half a hexagon lower (a test checks both)::

        2 . .        .      .
        1 . 1           .
        . 2 0        4      4
                        3
                     .      .
                        0

    Empty when no scale up to four times finer parts every face (a grid of very uneven faces)."""
    centres = [centroid([g.dots[d] for d in corners]) for corners in g.faces]
    nearest = min((math.dist(centres[a], centres[b]) for a, b in
                   (pair for pair in g.edge_faces if len(pair) == 2)), default=1.0)
    left, top = min(x for x, _ in centres), min(y for _, y in centres)
    for fineness in (1, 2, 3, 4):
        across, down = nearest / 2 / fineness, nearest / fineness
        places = [(math.floor((y - top) / down + 0.5), math.floor((x - left) / across + 0.5)) for x, y in centres]
        taken = set(places)
        if len(taken) == len(places) and not any((row, column + 1) in taken for row, column in places):
            break  # every face has a place of its own, and a space before the next in its row
    else:
        return []
    lines = [[" "] * (max(column for _, column in places) + 1) for _ in range(max(row for row, _ in places) + 1)]
    for (row, column), clue in zip(places, clues):
        lines[row][column] = "." if clue is None else str(clue)
    return ["".join(line).rstrip() for line in lines]
