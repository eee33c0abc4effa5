"""Independent checkers for the Loop tests; they share no code with gridlogic.loop.

* ``single_loop_regions(w, h)``: every region (by bitmask) that is
  connected, hole-free and without corner-only contacts; its boundary is then
  exactly one loop, and every loop is the boundary of exactly one such region.
* ``region_clues(region, w, h)``: each cell's count of sides where inside
  meets outside (off the board is outside).
* ``sat_count(clues, w, h)``: the number of single loops meeting the clues,
  capped at 2, by python-sat with lazily added cycle cuts (sound: a cycle of
  a model that meets every clue alone is a solution; any other can never be
  all of a single loop; either way "not all edges of this cycle" removes no
  other solution). Returns the loops found as sets of ((r, c), (r, c)) segments.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest


def _neighbours(i: int, w: int, h: int) -> list[int]:
    r, c = divmod(i, w)
    return [rr * w + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < h and 0 <= cc < w]


def _is_single_loop_region(cells: list[int], w: int, h: int) -> bool:
    n = w * h
    start = cells.index(1)
    seen, stack = {start}, [start]
    while stack:
        for j in _neighbours(stack.pop(), w, h):
            if cells[j] and j not in seen:
                seen.add(j)
                stack.append(j)
    if len(seen) != sum(cells):
        return False
    border = [i for i in range(n) if not cells[i] and (i // w in (0, h - 1) or i % w in (0, w - 1))]
    seen, stack = set(border), list(border)
    while stack:
        for j in _neighbours(stack.pop(), w, h):
            if not cells[j] and j not in seen:
                seen.add(j)
                stack.append(j)
    if len(seen) != n - sum(cells):
        return False
    for r in range(h - 1):
        for c in range(w - 1):
            a, b, d, e = cells[r * w + c], cells[r * w + c + 1], cells[(r + 1) * w + c], cells[(r + 1) * w + c + 1]
            if a == e and b == d and a != b:
                return False
    return True


@cache
def single_loop_regions(w: int, h: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for mask in range(1, 1 << (w * h)):
        cells = [(mask >> i) & 1 for i in range(w * h)]
        if _is_single_loop_region(cells, w, h):
            out.append(tuple(cells))
    return tuple(out)


def region_clues(region: tuple[int, ...] | list[int], w: int, h: int) -> list[int]:
    clues = []
    for i in range(w * h):
        r, c = divmod(i, w)
        count = 0
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            other = region[rr * w + cc] if 0 <= rr < h and 0 <= cc < w else 0
            count += other != region[i]
        clues.append(count)
    return clues


@cache
def _all_region_clues(w: int, h: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(region_clues(region, w, h)) for region in single_loop_regions(w, h))


def brute_count(clues: list[int | None], w: int, h: int) -> int:
    given = [(i, k) for i, k in enumerate(clues) if k is not None]
    return sum(1 for full in _all_region_clues(w, h) if all(full[i] == k for i, k in given))


def matching_regions(clues: list[int | None], w: int, h: int) -> list[tuple[int, ...]]:
    given = [(i, k) for i, k in enumerate(clues) if k is not None]
    return [
        region for region, full in zip(single_loop_regions(w, h), _all_region_clues(w, h))
        if all(full[i] == k for i, k in given)
    ]


def sat_count(clues: list[int | None], w: int, h: int) -> tuple[int, list[frozenset]]:
    from pysat.card import CardEnc, EncType
    from pysat.solvers import Minisat22

    segments = []  # each edge as a frozenset of its two grid points
    for r in range(h + 1):
        for c in range(w):
            segments.append(frozenset({(r, c), (r, c + 1)}))
    for r in range(h):
        for c in range(w + 1):
            segments.append(frozenset({(r, c), (r + 1, c)}))
    var = {seg: k + 1 for k, seg in enumerate(segments)}
    top = len(segments)
    clauses: list[list[int]] = []
    for i, clue in enumerate(clues):
        if clue is None:
            continue
        r, c = divmod(i, w)
        sides = [var[frozenset({(r, c), (r, c + 1)})], var[frozenset({(r + 1, c), (r + 1, c + 1)})],
                 var[frozenset({(r, c), (r + 1, c)})], var[frozenset({(r, c + 1), (r + 1, c + 1)})]]
        enc = CardEnc.equals(lits=sides, bound=clue, top_id=top, encoding=EncType.seqcounter)
        top = max(top, enc.nv)
        clauses.extend(enc.clauses)
    points = {p for seg in segments for p in seg}
    for p in points:
        at = [var[seg] for seg in segments if p in seg]
        for x in at:  # not exactly one
            clauses.append([-x] + [y for y in at if y != x])
        for trio in itertools.combinations(at, 3):  # not three or more
            clauses.append([-x for x in trio])
    clauses.append([var[seg] for seg in segments])  # at least one line
    found: list[frozenset] = []
    with Minisat22(bootstrap_with=clauses) as solver:
        while len(found) < 2 and solver.solve():
            model = {x for x in solver.get_model() if x > 0}
            lines = [seg for seg in segments if var[seg] in model]
            for cycle in _cycles(lines):
                if _meets_clues(cycle, clues, w) and cycle not in found:
                    found.append(cycle)
                solver.add_clause([-var[seg] for seg in cycle])
    return len(found), found


def _cycles(lines: list[frozenset]) -> list[frozenset]:
    remaining = set(lines)
    cycles = []
    while remaining:
        seed = remaining.pop()
        group, stack = {seed}, [seed]
        while stack:
            seg = stack.pop()
            for other in list(remaining):
                if other & seg:
                    remaining.discard(other)
                    group.add(other)
                    stack.append(other)
        cycles.append(frozenset(group))
    return cycles


def _meets_clues(cycle: frozenset, clues: list[int | None], w: int) -> bool:
    for i, clue in enumerate(clues):
        if clue is None:
            continue
        r, c = divmod(i, w)
        sides = [frozenset({(r, c), (r, c + 1)}), frozenset({(r + 1, c), (r + 1, c + 1)}),
                 frozenset({(r, c), (r + 1, c)}), frozenset({(r, c + 1), (r + 1, c + 1)})]
        if sum(1 for s in sides if s in cycle) != clue:
            return False
    return True


def segments_of_edges(edges: list[int], w: int, h: int) -> frozenset:
    """gridlogic's edge list (horizontal then vertical) as a set of segments, for comparison."""
    out = []
    k = 0
    for r in range(h + 1):
        for c in range(w):
            if edges[k]:
                out.append(frozenset({(r, c), (r, c + 1)}))
            k += 1
    for r in range(h):
        for c in range(w + 1):
            if edges[k]:
                out.append(frozenset({(r, c), (r + 1, c)}))
            k += 1
    return frozenset(out)


@pytest.fixture(scope="session")
def checkers():
    class Checkers:
        regions = staticmethod(single_loop_regions)
        clues_of = staticmethod(region_clues)
        brute = staticmethod(brute_count)
        matching = staticmethod(matching_regions)
        is_region = staticmethod(_is_single_loop_region)
        sat = staticmethod(sat_count)
        segments = staticmethod(segments_of_edges)

    return Checkers
