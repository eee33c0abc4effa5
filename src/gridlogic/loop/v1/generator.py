"""Loop generation, version 1: grow a region, clue its boundary, remove clues, prove it.

``make(spec)`` is a pure function of (size, seed, difficulty) and
:data:`NUMBER`; every random choice comes from ``gridlogic.rng.rng(seed)``, in
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

Worked example (checked in ``tests/loop/test_v1_generator.py``): the region
test accepts cell 4 of a 3×3 board holding cells ``{1}`` (its ring changes
twice) but rejects cell 4 when the region is ``{1, 7}`` (four changes: it
would join two parts and cut the outside in two).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence

from gridlogic.errors import GenerationFailed, InvalidParameters
from gridlogic.game.ids import PuzzleSpec
from gridlogic.loop.board import clues_of_region, loop_of_region, validate_loop
from gridlogic.loop.difficulty import Grade, grade, solvable_at
from gridlogic.loop.rules import Metrics, Puzzle
from gridlogic.loop.solver import EASY, HARD, LEVEL_NAMES, MEDIUM, check_clues, solve_grid
from gridlogic.params import check_choice, check_int, check_object, check_seed, int_list, short_repr
from gridlogic.rng import rng

__all__ = [
    "DEFAULT_SIZE", "DIFFICULTIES", "FINAL_CHECK_NODES", "JSON_FIELDS", "MAX_ATTEMPTS", "MAX_SIDE", "NUMBER",
    "PRESET_SIZES", "SIZES", "final_check", "from_dict", "grow_region", "make", "may_join", "remove_clues",
    "validate_region", "verify",
]  # fmt: skip

NUMBER = 1
SIZES = (5, 6, 7, 8, 9, 10)
PRESET_SIZES = (5, 7, 10)
DEFAULT_SIZE = 5
DIFFICULTIES = ("any", "easy", "medium", "hard")
MAX_ATTEMPTS = 500
FINAL_CHECK_NODES = 200_000
MAX_SIDE = 200  # the largest board a puzzle's JSON may describe
JSON_FIELDS = ("n", "seed", "target", "version", "clues", "answer", "attempt", "difficulty", "metrics")

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


def make(spec: PuzzleSpec) -> Puzzle:
    """A puzzle with exactly one solution, graded exactly at ``difficulty`` (see the module docstring).

    ``spec`` is checked already (``gridlogic.loop.generate`` checks its arguments and calls this).
    """
    size, seed, difficulty = spec.width, spec.seed, spec.difficulty
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
        return Puzzle(n, n, seed, difficulty, NUMBER, tuple(clues), tuple(inside), attempt, graded,
                      JSON_FIELDS)
    raise GenerationFailed.after(MAX_ATTEMPTS, spec)


def from_dict(data: object) -> Puzzle:
    """The inverse of a version 1 puzzle's ``to_dict()``, checking every field (clues match the answer)."""
    fields = check_object(data, "a Loop puzzle", JSON_FIELDS)
    n = check_int(fields["n"], "'n'", 1, MAX_SIDE)
    seed = check_seed(fields["seed"])
    target = check_choice(fields["target"], "'target'", DIFFICULTIES)
    if check_int(fields["version"], "'version'") != NUMBER:
        raise InvalidParameters(f"'version' {short_repr(fields['version'])} is not supported; "
                                f"Loop puzzles here are version {NUMBER}")
    attempt = check_int(fields["attempt"], "'attempt'", 1, MAX_ATTEMPTS)
    answer = int_list(fields["answer"], "'answer'", n * n, (0, 1))
    clues = fields["clues"]
    if not isinstance(clues, list) or len(clues) != n * n:
        raise InvalidParameters(f"'clues' must be a list of {n * n} ints or nulls, not {short_repr(clues)}")
    clues = check_clues(clues, n, n)  # 3.0 == 3, but a float is no clue
    if not any(answer) or not validate_region(answer, n):
        raise InvalidParameters("'answer' is not a region whose boundary is one loop")
    expected = clues_of_region(answer, n, n)
    for k, clue in enumerate(clues):
        if clue is not None and clue != expected[k]:
            raise InvalidParameters(f"'clues'[{k}] is {short_repr(clue)} but the answer gives {expected[k]}")
    grade = Grade.from_dict(fields["difficulty"])
    metrics = check_object(fields["metrics"], "'metrics'", ("clueCount", "clueShare", "loopLength"))
    recomputed = Metrics.of(clues, sum(loop_of_region(answer, n, n)))
    # compared as JSON text, where true is not 1 and 1 is not 1.0
    if json.dumps(metrics, sort_keys=True) != json.dumps(recomputed.to_dict(), sort_keys=True):
        raise InvalidParameters(f"'metrics' {short_repr(metrics)} are not the puzzle's ({recomputed.to_dict()})")
    return Puzzle(n, n, seed, target, NUMBER, tuple(clues), tuple(answer), attempt, grade, JSON_FIELDS)


def validate_region(inside: Sequence[int], n: int) -> bool:
    """True when the boundary of ``inside`` is exactly one loop."""
    return validate_loop(loop_of_region(inside, n, n), [None] * (n * n), n, n)


def verify(puzzle: Puzzle) -> bool:
    """Re-solve the clues from scratch: exactly one solution within the budget, and it is the answer."""
    return final_check(list(puzzle.clues), puzzle.width, puzzle.edges())

