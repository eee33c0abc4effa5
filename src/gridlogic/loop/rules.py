"""What every version of Loop shares: the puzzle, a player's board and its check, the fewest moves.

A generated puzzle of any version is one :class:`Puzzle`: its board, its clues (None where hidden),
the answer region (the cells inside the loop), the attempt that made it and its version's grade. The
versions differ in the fields of their JSON form (version 1 names a square board's side ``n`` and
adds :class:`Metrics`; version 2 gives ``width`` and ``height``): each version's generator lists
its fields, in order, in the puzzle's :attr:`~Puzzle.json_fields`, and :data:`JSON_FIELDS` says
what each field holds. A version's ``from_dict`` reads its own fields back.

The rules judge any drawing of lines (:func:`check`), whatever made the puzzle: one loop that
meets every clue is solved, even when it is not the planted one (only a puzzle with one loop is
ever shown, so the two are the same). A puzzle brought from outside
(:mod:`gridlogic.loop.imported`) is judged, drawn and counted the same way: :class:`Clued` is what
these functions read of a puzzle.

Worked example (checked in ``tests/loop/test_rules.py``): on the 2×1 board ``3 .`` the loop goes
round both cells (round the left cell alone it would meet that cell's 3 with 4 lines). Drawn
round the left cell only, it is one loop that misses the clue; drawn in full, it is solved, in 6
moves::

    >>> from gridlogic.loop.v2.levels import grade
    >>> puzzle = Puzzle(2, 1, "s", "any", 2, (3, None), (1, 1), 1, grade([3, None], 2, 1),
    ...                 ("width", "height", "clues"))
    >>> puzzle.level, puzzle.to_dict()
    ('medium', {'width': 2, 'height': 1, 'clues': [3, None]})
    >>> check(puzzle, {"horizontal": [1, 0, 1, 0], "vertical": [1, 1, 0]})
    {'solved': False, 'wrongClues': [0], 'badVertices': [], 'loops': 1}
    >>> check(puzzle, {"horizontal": [1, 1, 1, 1], "vertical": [1, 0, 1]})["solved"], min_moves(puzzle)
    (True, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from gridlogic.game.record import Problem, PuzzleNaming
from gridlogic.loop.board import (
    clue_mismatches,
    grid,
    inside_of_loop,
    loop_of_region,
    vertex_degrees,
)
from gridlogic.params import check_object, int_list

__all__ = [
    "JSON_FIELDS", "Clued", "Graded", "Grading", "Metrics", "Puzzle", "check", "min_moves", "parse_board",
    "solution_form", "solution_of_edges",
]  # fmt: skip


class Graded(Protocol):
    """A version's grade of a puzzle: the level its grader gave (None: none finishes it) and its JSON."""

    @property
    def level(self) -> str | None: ...
    def to_dict(self) -> dict[str, object]: ...


class Clued(Protocol):
    """What the rules and the renderers read of a puzzle, generated or brought from outside."""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def clues(self) -> tuple[int | None, ...]: ...
    @property
    def answer(self) -> tuple[int, ...]: ...
    def edges(self) -> list[int]: ...


@dataclass(frozen=True)
class Grading:
    """A generator version's levels, easiest first, and each technique's level (the grader's names):
    the hints explain a puzzle of that version by them (see :mod:`gridlogic.loop.hints`)."""

    levels: tuple[str, ...]
    technique_level: Mapping[str, str]


@dataclass(frozen=True)
class Metrics:
    """How many clues are shown, their share of the cells, and the loop's length in edges."""

    clue_count: int
    clue_share: float
    loop_length: int

    def to_dict(self) -> dict[str, Any]:
        return {"clueCount": self.clue_count, "clueShare": self.clue_share, "loopLength": self.loop_length}

    @classmethod
    def of(cls, clues: Sequence[int | None], loop_length: int) -> Metrics:
        count = sum(1 for k in clues if k is not None)
        return cls(count, round(count / len(clues), 4), loop_length)


@dataclass(frozen=True)
class Puzzle(PuzzleNaming):
    """A generated Loop puzzle of any version: the clues (None where hidden) and the answer region.

    ``difficulty`` is the level asked for (the JSON's ``target``), ``grade`` the grader's result
    (the JSON's ``difficulty``) and ``level`` its level; ``json_fields`` the names of the fields of
    its version's JSON form, in order (see :data:`JSON_FIELDS`).
    """

    width: int
    height: int
    seed: str
    difficulty: str
    version: int
    clues: tuple[int | None, ...]
    answer: tuple[int, ...]
    attempt: int
    grade: Graded
    json_fields: tuple[str, ...]
    game: ClassVar[str] = "loop"

    @property
    def level(self) -> str | None:
        return self.grade.level

    @property
    def metrics(self) -> Metrics:
        return Metrics.of(self.clues, sum(self.edges()))

    def __repr__(self) -> str:
        return f"<loop.Puzzle {self.id} level={self.level} clues={sum(k is not None for k in self.clues)}>"

    def edges(self) -> list[int]:
        """The answer loop as 0/1 per edge (horizontal edges, then vertical ones)."""
        return loop_of_region(self.answer, self.width, self.height)

    def to_dict(self) -> dict[str, Any]:
        return {name: JSON_FIELDS[name](self) for name in self.json_fields}

    def givens(self) -> dict[str, Any]:
        return {"clues": list(self.clues)}

    def solution(self) -> dict[str, Any]:
        split = (self.height + 1) * self.width
        edges = self.edges()
        return {"inside": list(self.answer), "horizontal": edges[:split], "vertical": edges[split:]}


JSON_FIELDS: dict[str, Callable[[Puzzle], object]] = {
    "n": lambda puzzle: puzzle.width,  # the side of a square board
    "width": lambda puzzle: puzzle.width,
    "height": lambda puzzle: puzzle.height,
    "seed": lambda puzzle: puzzle.seed,
    "target": lambda puzzle: puzzle.difficulty,
    "version": lambda puzzle: puzzle.version,
    "clues": lambda puzzle: list(puzzle.clues),
    "answer": lambda puzzle: list(puzzle.answer),
    "attempt": lambda puzzle: puzzle.attempt,
    "difficulty": lambda puzzle: puzzle.grade.to_dict(),
    "metrics": lambda puzzle: puzzle.metrics.to_dict(),
}
"""What each field of a puzzle's JSON form holds, by name."""


def solution_of_edges(edges: Sequence[int], width: int, height: int) -> dict[str, Any]:
    """A loop's edge list in the form of :meth:`Puzzle.solution`: the inside region and both edge lists."""
    split = (height + 1) * width
    return {"inside": inside_of_loop(edges, width, height), "horizontal": list(edges[:split]),
            "vertical": list(edges[split:])}


def solution_form(problem: Problem, solution: Sequence[int]) -> dict[str, Any]:
    """A verdict's solution (an edge list) of ``problem`` in the form of :meth:`Puzzle.solution`."""
    return solution_of_edges(solution, problem.width, problem.height)


def parse_board(width: int, height: int, raw: object) -> dict[str, list[int]]:
    """A player's board: ``{"horizontal": (height+1)*width, "vertical": height*(width+1)}`` entries,
    each 0 (nothing), 1 (a line) or 2 (a cross). The ``inside`` region that :meth:`Puzzle.solution`
    adds may come along (checked for shape; the lines alone are judged)."""
    fields = check_object(raw, "a Loop board", ("horizontal", "vertical"), ("inside",))
    if "inside" in fields:
        int_list(fields["inside"], "board.inside", width * height, (0, 1))
    return {
        "horizontal": int_list(fields["horizontal"], "board.horizontal", (height + 1) * width, (0, 1, 2)),
        "vertical": int_list(fields["vertical"], "board.vertical", height * (width + 1), (0, 1, 2)),
    }


def min_moves(puzzle: Clued) -> int:
    """The fewest moves that solve ``puzzle`` on the page: one per edge of the loop."""
    return sum(puzzle.edges())


def check(puzzle: Clued, board: object) -> dict[str, Any]:
    """A player's board judged by the rules: any single loop meeting every clue counts as solved.

    ``board`` is as :func:`parse_board` takes it; a cross counts as no line.
    ``wrongClues`` lists the clued cells whose line count differs from the
    clue, ``badVertices`` the vertices with 1, 3 or 4 lines, ``loops`` how
    many separate line groups there are.
    """
    lines = parse_board(puzzle.width, puzzle.height, board)
    horizontal, vertical = lines["horizontal"], lines["vertical"]
    edges = [1 if v == 1 else 0 for v in horizontal + vertical]
    g = grid(puzzle.width, puzzle.height)
    wrong = list(clue_mismatches(edges, puzzle.clues, g))
    degree = vertex_degrees(edges, g)
    bad = [v for v, d in enumerate(degree) if d not in (0, 2)]
    # count line groups: union the two ends of every line edge
    parent = list(range(g.vertex_count))

    def find(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for e, on in enumerate(edges):
        if on:
            a, b = g.edge_vertices[e]
            parent[find(a)] = find(b)
    groups = len({find(v) for v, d in enumerate(degree) if d})
    # what validate_loop checks: every clue met, every vertex 0 or 2 lines (so the
    # lines are disjoint cycles), and one group of lines
    solved = not wrong and not bad and groups == 1
    return {"solved": solved, "wrongClues": wrong, "badVertices": bad, "loops": groups}
