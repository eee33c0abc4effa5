"""Loop generation (version 1): grow a region, clue its boundary, remove clues, prove it.

``generate(size, seed, difficulty)`` is a pure function of its arguments and
``VERSION``; every random choice comes from ``gridlogic.rng.rng(seed)``, in
this order per attempt:

1. **grow_region** — the region's size is ``round(n² × (0.35 + 0.30 × r))``;
   the start cell is ``floor(r × n²)``. Then, until the size is reached, a
   cell joins when it has an edge-neighbour inside and its ring of 8
   surrounding cells (off the board counts as outside) changes between
   inside and outside exactly twice. That local test keeps the region
   connected and hole-free and forbids corner-only contacts, so the region's
   boundary is one loop that never touches itself. Which candidate joins:
   one ``r`` picks the way (below 0.55: any candidate; below 0.8: one of
   those with the fewest inside edge-neighbours; otherwise one with the
   most), a second ``r`` the cell among them (candidates in index order).
   The mix gives irregular outlines with smooth stretches, some puzzles
   rounder and some more branched, not the same wiggle everywhere: on 10×10
   the median loop length over √(region size) is about 6.8, between
   rectangles (about 4.2, always "most") and one-cell corridors (about 14,
   always "fewest").
2. **levels** — ``easy`` works with the easy rules, ``medium`` with easy then
   medium, ``hard`` with easy, medium then hard; ``any`` draws the top level
   uniformly from the three (one more ``r``).
3. **clue removal** — every cell gets its clue; a seeded shuffle
   (Fisher–Yates, one ``r`` per step from the end) orders the cells. For each
   level in turn, each remaining clue in that order is removed when the rules
   of that level alone still finish the puzzle. The cheap rules remove most
   clues first; the expensive ones only see the clues the cheaper ones could
   not spare.
4. **exactness** — the puzzle is graded; for a target level the attempt is
   rejected unless the grade equals the target (so a ``hard`` puzzle is one
   the medium rules cannot finish, and the same one level down).
5. **final_check** — the final clues are solved from scratch by the full
   search (``solve_grid``); its only solution must be the planted loop, with
   the search space exhausted, or the attempt is discarded.

Up to 500 attempts, then :class:`gridlogic.GenerationFailed`.

Worked example (checked in ``tests/loop/test_generator.py``): the region
test accepts cell 4 of a 3×3 board holding cells ``{1}`` (its ring changes
twice) but rejects cell 4 when the region is ``{1, 7}`` (four changes: it
would join two parts and cut the outside in two).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gridlogic.errors import GenerationFailed, InvalidParameters
from gridlogic.loop.board import (
    clue_mismatches,
    clues_of_region,
    grid,
    loop_of_region,
    validate_loop,
    vertex_degrees,
)
from gridlogic.loop.difficulty import grade, solvable_at
from gridlogic.loop.solver import EASY, HARD, LEVEL_NAMES, MEDIUM, check_clues, solve_grid
from gridlogic.params import check_generate_arguments, check_seed, int_list
from gridlogic.rng import rng

NAME = "loop"
SIZES = (5, 6, 7, 8, 9, 10)
PRESET_SIZES = (5, 7, 10)
DEFAULT_SIZE = 5
DIFFICULTIES = ("any", "easy", "medium", "hard")
VERSION = 1
MAX_ATTEMPTS = 500
FINAL_CHECK_NODES = 200_000

# ring of 8 around a cell, in circular order: N, NE, E, SE, S, SW, W, NW
_RING = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


def may_join(inside: Sequence[int], n: int, cell: int) -> bool:
    """The local test: an inside edge-neighbour and exactly two in/out changes around the ring."""
    r, c = divmod(cell, n)
    ring = []
    for dr, dc in _RING:
        rr, cc = r + dr, c + dc
        ring.append(inside[rr * n + cc] if 0 <= rr < n and 0 <= cc < n else 0)
    if not (ring[0] or ring[2] or ring[4] or ring[6]):
        return False
    changes = sum(1 for k in range(8) if ring[k] != ring[k - 1])
    return changes == 2


# How the next cell is picked: uniformly, or among the candidates with the
# fewest (a tentacle) or the most (filling a bay) inside edge-neighbours.
# Uniform growth alone makes round blobs, "most" alone rectangles, "fewest"
# alone a maze of one-cell corridors; the mix gives outlines that vary from
# puzzle to puzzle and along one loop.
_P_FEWEST = 0.25
_P_MOST = 0.2


def _inside_neighbours(inside: Sequence[int], n: int, cell: int) -> int:
    r, c = divmod(cell, n)
    return sum(
        inside[rr * n + cc]
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        if 0 <= rr < n and 0 <= cc < n
    )


def grow_region(n: int, random: Callable[[], float]) -> list[int]:
    """A connected, hole-free region of about 35–65 % of the cells (see the module docstring)."""
    target = round(n * n * (0.35 + 0.30 * random()))
    inside = [0] * (n * n)
    inside[math.floor(random() * n * n)] = 1
    size = 1
    while size < target:
        candidates = [cell for cell in range(n * n) if not inside[cell] and may_join(inside, n, cell)]
        if not candidates:
            break
        mode = random()
        if mode < 1 - _P_FEWEST - _P_MOST:
            pool = candidates
        else:
            counts = [_inside_neighbours(inside, n, cell) for cell in candidates]
            wanted = min(counts) if mode < 1 - _P_MOST else max(counts)
            pool = [cell for cell, k in zip(candidates, counts) if k == wanted]
        chosen = pool[math.floor(random() * len(pool))]
        inside[chosen] = 1
        size += 1
    return inside


def remove_clues(
    clues: Sequence[int | None], n: int, order: Sequence[int], levels: Sequence[int]
) -> list[int | None]:
    """Remove clues in ``order`` while the rules of each level in turn still finish the puzzle."""
    current = list(clues)
    for level in levels:
        for cell in order:
            if current[cell] is None:
                continue
            kept = current[cell]
            current[cell] = None
            if not solvable_at(current, n, n, level):
                current[cell] = kept
    return current


@dataclass(frozen=True)
class Puzzle:
    """A generated Loop puzzle: the clues (None where removed) and the answer region."""

    n: int
    seed: str
    target: str
    version: int
    clues: tuple[int | None, ...]
    answer: tuple[int, ...]
    attempt: int
    difficulty: Mapping[str, Any] = field(hash=False)
    metrics: Mapping[str, Any] = field(hash=False)

    def __repr__(self) -> str:
        body = "".join("." if k is None else str(k) for k in self.clues)
        level = self.difficulty.get("level")
        return f"<loop.Puzzle {self.n}x{self.n} seed={self.seed!r} level={level} clues={body}>"

    def edges(self) -> list[int]:
        """The answer loop as 0/1 per edge (horizontal edges, then vertical ones)."""
        return loop_of_region(self.answer, self.n, self.n)

    def to_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "seed": self.seed,
            "target": self.target,
            "version": self.version,
            "clues": list(self.clues),
            "answer": list(self.answer),
            "attempt": self.attempt,
            "difficulty": _plain(self.difficulty),
            "metrics": _plain(self.metrics),
        }

    def givens(self) -> dict[str, Any]:
        return {"clues": list(self.clues)}

    def solution(self) -> dict[str, Any]:
        edges = self.edges()
        split = (self.n + 1) * self.n
        return {"inside": list(self.answer), "horizontal": edges[:split], "vertical": edges[split:]}


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _levels_for(target: str, random: Callable[[], float]) -> list[int]:
    if target == "any":
        top = math.floor(random() * 3)
    else:
        top = LEVEL_NAMES.index(target)
    return [EASY, MEDIUM, HARD][: top + 1]


def final_check(clues: Sequence[int | None], n: int, planted_edges: Sequence[int]) -> bool:
    """The full search from scratch finds exactly the planted loop and exhausts its space."""
    result = solve_grid(clues, n, n, node_limit=FINAL_CHECK_NODES)
    return (
        not result.truncated
        and len(result.solutions) == 1
        and result.solutions[0] == tuple(planted_edges)
    )


def generate(size: int = DEFAULT_SIZE, seed: str = "", difficulty: str = "any") -> Puzzle:
    """A puzzle with exactly one solution, graded exactly at ``difficulty`` (see the module docstring)."""
    check_generate_arguments("Loop", size, seed, difficulty, SIZES, DIFFICULTIES)
    n = size
    random = rng(seed)
    lowest_size = math.ceil(0.35 * n * n)
    for attempt in range(1, MAX_ATTEMPTS + 1):
        inside = grow_region(n, random)
        levels = _levels_for(difficulty, random)
        order = list(range(n * n))
        random.shuffle(order)  # the articles' Fisher–Yates: one draw per step from the end
        if sum(inside) < lowest_size:
            continue
        full: list[int | None] = list(clues_of_region(inside, n, n))
        clues = remove_clues(full, n, order, levels)
        graded = grade(clues, n, n)
        if graded.level is None:
            continue
        if difficulty != "any" and graded.level != difficulty:
            continue
        planted = loop_of_region(inside, n, n)
        if not final_check(clues, n, planted):
            continue
        clue_count = sum(1 for k in clues if k is not None)
        return Puzzle(
            n=n,
            seed=seed,
            target=difficulty,
            version=VERSION,
            clues=tuple(clues),
            answer=tuple(inside),
            attempt=attempt,
            difficulty=graded.to_dict(),
            metrics={
                "clueCount": clue_count,
                "clueShare": round(clue_count / (n * n), 4),
                "loopLength": sum(planted),
            },
        )
    raise GenerationFailed(
        f"no {difficulty} Loop puzzle of size {n} for seed {seed!r} within {MAX_ATTEMPTS} attempts; "
        "try another seed or difficulty"
    )


def puzzle_from_dict(data: object) -> Puzzle:
    """The inverse of :meth:`Puzzle.to_dict`, checking every field (clues must match the answer)."""
    if not isinstance(data, dict):
        raise InvalidParameters(f"a Loop puzzle is a JSON object, not {type(data).__name__}")
    fields = ("n", "seed", "target", "version", "clues", "answer", "attempt", "difficulty", "metrics")
    missing = [k for k in fields if k not in data]
    if missing:
        raise InvalidParameters(f"not a Loop puzzle: missing field(s) {', '.join(missing)}")
    n = data["n"]
    if isinstance(n, bool) or not isinstance(n, int) or n not in SIZES:
        raise InvalidParameters(f"'n' must be one of {', '.join(map(str, SIZES))}, not {n!r}")
    check_seed(data["seed"])
    if data["target"] not in DIFFICULTIES:
        raise InvalidParameters(f"'target' must be one of {', '.join(DIFFICULTIES)}, not {data['target']!r}")
    if isinstance(data["version"], bool) or data["version"] != VERSION:
        raise InvalidParameters(f"'version' {data['version']!r} is not supported; this is version {VERSION}")
    attempt = data["attempt"]
    if isinstance(attempt, bool) or not isinstance(attempt, int) or not 1 <= attempt <= MAX_ATTEMPTS:
        raise InvalidParameters(f"'attempt' must be a whole number 1..{MAX_ATTEMPTS}, not {attempt!r}")
    answer = int_list(data["answer"], "'answer'", n * n, (0, 1))
    clues = data["clues"]
    if not isinstance(clues, list) or len(clues) != n * n:
        raise InvalidParameters(f"'clues' must be a list of {n * n} ints or nulls, not {clues!r:.80}")
    clues = check_clues(clues, n, n)  # 3.0 == 3, but a float is no clue
    if not isinstance(data["difficulty"], dict) or not isinstance(data["metrics"], dict):
        raise InvalidParameters("'difficulty' and 'metrics' must be JSON objects")
    if not any(answer) or not validate_region(answer, n):
        raise InvalidParameters("'answer' is not a region whose boundary is one loop")
    expected = clues_of_region(answer, n, n)
    for k, clue in enumerate(clues):
        if clue is not None and clue != expected[k]:
            raise InvalidParameters(f"'clues'[{k}] is {clue!r} but the answer gives {expected[k]}")
    return Puzzle(
        n=n, seed=data["seed"], target=data["target"], version=VERSION, clues=tuple(clues),
        answer=tuple(answer), attempt=attempt, difficulty=_plain(data["difficulty"]),
        metrics=_plain(data["metrics"]),
    )  # fmt: skip


def validate_region(inside: Sequence[int], n: int) -> bool:
    """True when the boundary of ``inside`` is exactly one loop."""
    return validate_loop(loop_of_region(inside, n, n), [None] * (n * n), n, n)


def check(puzzle: Puzzle, board: object) -> dict[str, Any]:
    """A player's board judged by the rules: any single loop meeting every clue counts as solved.

    ``board`` is ``{"horizontal": (n+1)*n, "vertical": n*(n+1)}`` ints, 1 a
    line, 0 nothing, 2 a cross (counts as no line). ``wrongClues`` lists the
    clued cells whose line count differs from the clue, ``badVertices`` the
    vertices with 1, 3 or 4 lines, ``loops`` how many separate line groups
    there are.
    """
    n = puzzle.n
    if not isinstance(board, dict):
        raise InvalidParameters(f"a Loop board is an object with 'horizontal' and 'vertical', not {board!r:.80}")
    for key in ("horizontal", "vertical"):
        if key not in board:
            raise InvalidParameters(f"the board is missing {key!r}")
    horizontal = int_list(board["horizontal"], "board['horizontal']", (n + 1) * n, (0, 1, 2))
    vertical = int_list(board["vertical"], "board['vertical']", n * (n + 1), (0, 1, 2))
    edges = [1 if v == 1 else 0 for v in horizontal + vertical]
    g = grid(n, n)
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


def verify(puzzle: Puzzle) -> bool:
    """Re-solve the clues from scratch: exactly one solution within the budget, and it is the answer."""
    return final_check(list(puzzle.clues), puzzle.n, puzzle.edges())


__all__ = [
    "DEFAULT_SIZE",
    "DIFFICULTIES",
    "NAME",
    "SIZES",
    "VERSION",
    "Puzzle",
    "check",
    "final_check",
    "generate",
    "grid",
    "grow_region",
    "may_join",
    "puzzle_from_dict",
    "remove_clues",
    "validate_region",
    "verify",
]
