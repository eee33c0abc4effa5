"""Loop puzzles on Loopy's other grids brought from outside: read, solved, graded, drawn and written back.

A Loopy game ID of any grid but squares (``WxHtN:[description_]clues``, :mod:`gridlogic.loop.grids`)
reads as a :class:`~gridlogic.game.record.Problem` whose ``givens`` carry, beside the clues (one per
face), the grid's drawing (its name, size, patch description, dots, edges and faces,
:func:`gridlogic.loop.grids.drawing`), the form a generated version 4 puzzle gives. This module is
the one place that knows that form: the game's ``solve``, ``grade``, ``render_solution``,
``solution_form`` and Loopy export hand such a problem here (:func:`on_grid` tells it apart). A
solution is the grid's edges in Loopy's order, 1 on the loop; solving is
:func:`gridlogic.loop.grids.decide` (proven: a search out of budget is ``undecided``), grading
version 4's ladder (Loopy's four levels). Played as an import, its ID carries its Loopy ID
(:func:`loopy_id`, :mod:`gridlogic.loop.imported`) and its answer is the inside of its loop
(:func:`inside_of`, the form of a version 4 puzzle's answer; :func:`loop_round` the way back).

Worked example (a test checks it): Loopy's Normal 3×3 honeycomb, solved and graded, and written back:

>>> problem = read("3x3t2:b420c3")
>>> solve(problem).status, grade(problem).level, loopy_id(problem)
('unique', 'medium', '3x3t2:b420c3')
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from gridlogic.game.record import GradeReport, Problem
from gridlogic.loop.grids import Grid, LoopyPuzzle, decide, drawing, read_loopy_id, write_loopy_id
from gridlogic.loop.grids.loopy_ids import grid_for
from gridlogic.params import check_deadline
from gridlogic.verdict import Verdict

LOOPY_LEVEL = {"easy": "Easy", "medium": "Normal", "hard": "Tricky", "expert": "Hard"}


def on_grid(problem: Problem) -> bool:
    """Whether ``problem`` is on one of Loopy's grids (its givens carry the grid), not on squares."""
    return isinstance(problem.givens, Mapping) and "grid" in problem.givens


def grid_of(problem: Problem) -> Grid:
    """The grid a problem's givens name (its name, size and patch description)."""
    named = problem.givens["grid"]
    return grid_for(named["name"], named["width"], named["height"], named.get("description"))


def read(text: str) -> Problem:
    """A Loopy game ID on any grid as a problem (see the module docstring)."""
    puzzle = read_loopy_id(text)
    grid = puzzle.grid
    return Problem("loop", grid.width, grid.height, {"clues": list(puzzle.clues), "grid": drawing(grid)}, "loopy",
                   options={"grid": grid.name})


def grid_of_loopy_id(text: str) -> Grid:
    """The grid a Loopy ID of another grid than squares names (an imported puzzle's text)."""
    return read_loopy_id(text).grid


def inside_of(grid: Grid, loop: Sequence[int]) -> list[int]:
    """The faces inside a loop (0/1 per edge of ``grid``), as 1 per face: a face reached from beyond the
    grid's rim without crossing the loop is outside, every other face inside."""
    outside = -1
    parent = {face: face for face in range(len(grid.faces))} | {outside: outside}

    def root(face: int) -> int:
        while parent[face] != face:
            parent[face] = parent[parent[face]]
            face = parent[face]
        return face

    for edge, faces in enumerate(grid.edge_faces):
        if not loop[edge]:
            first, *rest = faces
            parent[root(first)] = root(rest[0] if rest else outside)
    return [0 if root(face) == root(outside) else 1 for face in range(len(grid.faces))]


def loop_round(grid: Grid, inside: Sequence[int]) -> list[int]:
    """The loop round the faces ``inside`` (1 per face), as 0/1 per edge of ``grid``."""
    from gridlogic.loop.v4.region import loop_edges  # version 4's answers are regions of faces too

    return list(loop_edges(grid, {face for face, on in enumerate(inside) if on}))


def loopy_id(problem: Problem) -> str:
    """The problem's Loopy game ID, which Loopy reads."""
    return write_loopy_id(LoopyPuzzle(grid_of(problem), tuple(problem.givens["clues"])))


def solve(problem: Problem, budget: float | None = None, node_limit: int | None = None) -> Verdict:
    """No, one or several loops, proven, within ``budget`` seconds and ``node_limit`` search nodes."""
    deadline = None if budget is None else time.monotonic() + budget
    kwargs = {} if node_limit is None else {"node_budget": node_limit}
    return decide(grid_of(problem), problem.givens["clues"], deadline=deadline, **kwargs)


def solution_form(problem: Problem, solution: Sequence[int]) -> dict[str, Any]:
    """A solver's loop in the form of a version 4 puzzle's ``solution()``'s edges."""
    return {"edges": list(solution)}


def render_solution(problem: Problem, solution: Sequence[int]) -> str:
    """The grid, its clues and the loop's edges by number, as text."""
    from gridlogic.loop.v4 import play  # the drawings of version 4, which this module's problems share

    class Drawn:
        graph, clues = grid_of(problem), tuple(problem.givens["clues"])

    return play.render_text(Drawn(), solution)


def grade(problem: Problem, deadline: float | None = None) -> GradeReport:
    """The least of Loopy's four levels whose techniques finish the problem (version 4's ladder)."""
    from gridlogic.loop.v4.generator import grade as ladder_grade

    if deadline is not None:
        check_deadline(deadline)
    found = ladder_grade(grid_of(problem), problem.givens["clues"])
    note = f"Loopy's {LOOPY_LEVEL[found.level]}" if found.level else "Loopy's Hard techniques do not finish it"
    clues = problem.givens["clues"]
    counts = {"faces": len(clues), "clues": sum(1 for k in clues if k is not None)}
    return GradeReport(found.level, counts, f"on the {problem.givens['grid']['name']} grid", note)
