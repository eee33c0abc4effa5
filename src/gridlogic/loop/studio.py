"""What the puzzle studio changes in a slitherlink with several solutions: one more clue shown.

A maker draws a loop and chooses which clues to show. When the shown clues allow several loops,
the solver's two differ on some edges, the *difference*. Showing one more cell's clue (the number
of the maker's loop's edges around it) rules out every loop that uses another number of that
cell's sides, and so may leave one loop. :func:`changes` lists every hidden clue of the
``design`` (the loop the maker means: the solver's first, as a slitherlink file carries no loop),
nearest the difference first: by the Chebyshev distance (rows and columns apart, whichever is
more) from the cell to the nearest cell beside a differing edge, then in reading order. Whether a
clue really makes the puzzle unique is for the solver to prove (:mod:`gridlogic.studio` does,
before offering it). The puzzle a change makes keeps the design as its goal, so that a change
after it shows the same loop's clues.

On another of Loopy's grids (a Loopy ID of a honeycomb, kites, ...: :mod:`.grid_problems`) the same
changes are a face's clue shown, nearest the difference first by the same rule read on the grid's
faces: a face's distance is the fewest steps from face to face through shared corners (on squares
that is the Chebyshev distance) to a face beside a differing edge, then face order; the design is
0/1 per edge of the grid (Loopy's edge order).

The other way, :func:`thin` hides clues of a puzzle the maker shows too many of, as Loopy's
generator does: in a fixed shuffled order (:data:`THIN_SEED`), each clue goes when the techniques
of the level asked for (version 3's, :mod:`gridlogic.loop.v3.levels`) still finish the puzzle
without it (on another grid, by version 4's ladder, :mod:`gridlogic.loop.v4.ladder`, Loopy's own
four levels, the faces in the same kind of shuffled order). Those techniques are sound, so a puzzle
they finish has one loop, and the level it grades at is at most the one asked for.

The studio page designs on any of those grids: :func:`grid_sizes` lists them with the sizes Loopy
allows each (a floret from 1×2, hats from 6×6; every side at most :data:`GRID_SIDE`), and
:func:`grid_drawing` draws one (``GET /api/loop/grid``, :mod:`gridlogic.web.studio`).

Worked example (checked in ``tests/test_studio.py``): the 2×2 board with one clue, a 3 in the
top-left cell (``2x2t0:3c``), has several loops. Its first change shows the clue of a cell beside
an edge where two of them differ, and the puzzle it makes has one loop. A 5×5 loop with every
clue shown keeps 13 of its 25 clues at the easy level, 11 at medium::

    13200          .3.00          .3.00
    21221          .1...          .....
    20013   easy   200..   medium 2.0..
    10022          1.022          1.022
    21220          2..2.          .1.2.

On a grid (checked in ``tests/loop/grids/test_grid_imports.py``): Loopy's 3×3 honeycomb with one
clue, a 4 on face 2 (``3x3t2:b4f``), has several loops; its first change shows the clue of a face
beside an edge where two of them differ. No one clue is proven enough there; the studio's fix
shows three, nearest the difference each time (``3x3t2:5a435d``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Change, Problem
from gridlogic.hints import Mark
from gridlogic.loop import grid_problems
from gridlogic.loop.board import grid
from gridlogic.loop.clue_removal import remove_clues as remove_face_clues
from gridlogic.loop.grids import BUILT_GRID_NAMES, Grid, build_grid, drawing, grid_type
from gridlogic.loop.v3.generator import remove_clues
from gridlogic.loop.v3.levels import LEVELS, finishes
from gridlogic.params import check_choice, int_from_text, short_repr
from gridlogic.rng import rng

__all__ = ["GRID_SIDE", "THIN_SEED", "changes", "grid_drawing", "grid_sizes", "solution_entries", "thin"]

THIN_SEED = "studio-thin"  # the seed of the order in which thin tries the clues


def changes(problem: Problem, design: Sequence[int], difference: Sequence[Mark]) -> Iterator[Change]:
    """Each hidden clue of ``design`` shown, nearest ``difference`` first (see the module docstring)."""
    if grid_problems.on_grid(problem):
        yield from face_changes(problem, design, difference)
        return
    width, height = problem.width, problem.height
    board = grid(width, height)
    clues = list(problem.givens["clues"])
    beside = {cell for mark in difference for cell in board.edge_cells[mark.index]}
    apart = [divmod(cell, width) for cell in beside]

    def distance(cell: int) -> int:
        row, column = divmod(cell, width)
        return min((max(abs(row - r), abs(column - c)) for r, c in apart), default=0)

    hidden = [cell for cell in range(width * height) if clues[cell] is None]
    for cell in sorted(hidden, key=lambda cell: (distance(cell), cell)):
        value = sum(design[edge] for edge in board.cell_edges[cell])
        shown = [*clues[:cell], value, *clues[cell + 1:]]
        yield Change((Mark("clue", cell, value),),
                     Problem("loop", width, height, {"clues": shown}, problem.source, tuple(design)))


def solution_entries(problem: Problem) -> int:
    """How many entries a loop of ``problem`` has (a maker's goal): one per edge, of a W×H board of
    squares (the horizontal ones, then the vertical ones) or of another grid (Loopy's order)."""
    if grid_problems.on_grid(problem):
        return len(problem.givens["grid"]["edges"])
    width, height = problem.width, problem.height
    return width * (height + 1) + (width + 1) * height


def thin(problem: Problem, level: str) -> Change | None:
    """The clues hidden while ``level``'s techniques still finish the puzzle, and the puzzle left; None
    when they do not finish it with every clue it shows (see the module docstring)."""
    check_choice(level, "level", LEVELS)
    if grid_problems.on_grid(problem):
        return thin_faces(problem, level)
    width, height = problem.width, problem.height
    clues: list[int | None] = list(problem.givens["clues"])
    rank = LEVELS.index(level)
    if not finishes(clues, width, height, rank):
        return None
    shown = [cell for cell, clue in enumerate(clues) if clue is not None]
    order = list(range(width * height))
    rng(THIN_SEED).shuffle(order)
    remove_clues(clues, width, height, order, rank)
    hidden = tuple(Mark("clue", cell) for cell in shown if clues[cell] is None)
    return Change(hidden, Problem("loop", width, height, {"clues": tuple(clues)}, problem.source, problem.goal))


def face_distances(graph: Grid, start: set[int]) -> list[int]:
    """Each face's fewest steps to a face of ``start``, a step to a face sharing a corner (all 0 when
    ``start`` is empty; a face out of reach, on a grid in pieces, is as far as the number of faces)."""
    faces = len(graph.faces)
    if not start:
        return [0] * faces
    distance = [faces] * faces
    ring = sorted(start)
    for face in ring:
        distance[face] = 0
    while ring:
        following = []
        for face in ring:
            for dot in graph.faces[face]:
                for beside in graph.dot_faces[dot]:
                    if distance[beside] > distance[face] + 1:
                        distance[beside] = distance[face] + 1
                        following.append(beside)
        ring = following
    return distance


def on_grid_with(problem: Problem, clues: Sequence[int | None], goal: Sequence[int] | None) -> Problem:
    """``problem`` (on a grid) with other clues shown, its drawing kept, and ``goal``."""
    givens: dict[str, Any] = {**problem.givens, "clues": list(clues)}
    return Problem("loop", problem.width, problem.height, givens, problem.source,
                   None if goal is None else tuple(goal), dict(problem.options))


def face_changes(problem: Problem, design: Sequence[int], difference: Sequence[Mark]) -> Iterator[Change]:
    """:func:`changes` on another grid than squares: each hidden face clue of ``design`` shown."""
    graph = grid_problems.grid_of(problem)
    clues = list(problem.givens["clues"])
    distance = face_distances(graph, {face for mark in difference for face in graph.edge_faces[mark.index]})
    hidden = [face for face, clue in enumerate(clues) if clue is None]
    for face in sorted(hidden, key=lambda face: (distance[face], face)):
        value = sum(design[edge] for edge in graph.face_edges[face])
        shown = [*clues[:face], value, *clues[face + 1:]]
        yield Change((Mark("clue", face, value),), on_grid_with(problem, shown, design))


def thin_faces(problem: Problem, level: str) -> Change | None:
    """:func:`thin` on another grid than squares, by version 4's ladder."""
    from gridlogic.loop.v4.ladder import Board, finishes  # version 4's ladder: Loopy's levels on any grid

    graph = grid_problems.grid_of(problem)
    clues: list[int | None] = list(problem.givens["clues"])
    rank = LEVELS.index(level)
    if not finishes(graph, clues, rank):
        return None
    shown = [face for face, clue in enumerate(clues) if clue is not None]
    order = list(range(len(clues)))
    rng(THIN_SEED).shuffle(order)
    remove_face_clues(clues, order, lambda now: Board(graph, now, rank))
    hidden = tuple(Mark("clue", face) for face in shown if clues[face] is None)
    return Change(hidden, on_grid_with(problem, clues, problem.goal))


GRID_SIDE = 20  # the studio's largest side of another grid, as on squares


def grid_sizes() -> dict[str, object]:
    """The grids the studio designs on, in Loopy's order, each with its Loopy type number and the sizes
    Loopy allows it (both sides at least ``leastBoth``, one at least ``leastOne``), and the studio's
    largest side (``most``): what the page checks a size or a studio link by before it asks a drawing."""
    return {"grids": [{"name": t.name, "loopyType": t.number, "leastBoth": t.least_both, "leastOne": t.least_one}
                      for t in map(grid_type, BUILT_GRID_NAMES)],
            "most": GRID_SIDE}


def grid_drawing(query: Mapping[str, str]) -> dict[str, object]:
    """The drawing of one of Loopy's grids the studio designs on (``GET /api/loop/grid?grid=NAME&width=W&
    height=H``), and Loopy's type number of it (the ``tN`` of the design's Loopy ID); an aperiodic type
    gets its fixed patch for the size, its description in the drawing. An empty query answers
    :func:`grid_sizes` instead (no grid is built). InvalidParameters says what is wrong with the query
    (the route has checked that it names no other parameter, and all three or none)."""
    if not query:
        return grid_sizes()
    name = query.get("grid", "")
    if name not in BUILT_GRID_NAMES:
        raise InvalidParameters(f"grid {short_repr(name)} is not one of {', '.join(BUILT_GRID_NAMES)}")
    width = int_from_text(query.get("width"), "width", 1, GRID_SIDE)
    height = int_from_text(query.get("height"), "height", 1, GRID_SIDE)
    return {"loopyType": grid_type(name).number, "grid": drawing(build_grid(name, width, height))}
