"""The Loop solver: propagation by technique class, then search with a budget.

One engine serves generation (is it unique?), grading (which techniques does
it need?) and solving puzzles people bring (any ``width`` × ``height``).

State
-----
Every edge is an int with three states: ``UNKNOWN`` (0), ``LINE`` (1) and
``CROSS`` (2, no line). Each cell and each vertex keeps counters of its line
and unknown edges, so a rule looks at two ints instead of four edges. Each
vertex that ends a chain of line edges knows the chain's other end and its
length (``mate``, ``chain``): joining two chains is O(1), and so is seeing
that an edge would close a cycle. Each cell corner keeps a 4-bit mask of
its possible side combinations (the medium rule), and the colouring keeps a
union-find with parity over the cells and the outside (the hard rule; union
by size, no path compression, so a union is undone by unlinking one root).
Every change is pushed on a trail; a trial or a search branch is undone by
popping the trail back to a mark, never by copying the board.

Techniques, by difficulty class
-------------------------------
Each deduction is counted under the rule that made it; a puzzle's difficulty
is the cheapest class whose rules alone finish it (see ``difficulty.py``).

**easy** (local rules):

* ``clue`` — a cell whose clue already has that many lines crosses its other
  sides; a cell whose clue needs all its remaining unknown sides takes them.
* ``vertex`` — a vertex has 0 or 2 lines: with two lines its other edges are
  crossed; with one line and a single unknown edge that edge is a line; with
  no line and a single unknown edge that edge is crossed.
  Example for both (``EXAMPLES["clue"]``, ``EXAMPLES["vertex"]``), a 2×2
  board ``. . / 0 1``: the 0 crosses its four sides; the vertex rule crosses
  the dead ends next to it; the 1 keeps only its top side, and the vertex
  rule closes the square around the top-right cell.
* ``loop`` — an edge joining the two ends of one chain would close a cycle;
  it is crossed unless that cycle would be the whole solution (it holds every
  line drawn so far and every clue would then be met). Once the loop is
  closed, every other edge is crossed. Example (``EXAMPLES["loop"]``), a 3×2
  board ``0 . . / 1 . 3``: the clue and vertex rules draw three sides of the
  bottom-middle cell; its fourth side would close a square that leaves the 3
  unmet, so it is crossed, the 3 takes its other three sides, and the loop
  runs around the two bottom-right cells.

**medium** (rules across neighbouring cells and vertices):

* ``corner`` — every corner of a cell (the two sides of the cell that meet at
  one vertex) carries the set of its still possible combinations
  (none / first / second / both; a 4-bit mask). A cell allows only the
  assignments of its four sides that meet its clue and every corner mask; a
  vertex allows only 0 or 2 lines consistent with the masks of the up to four
  corners around it. Each side removes corner combinations no assignment
  supports, and an edge that has the same value in every supported assignment
  is set. This one rule covers the classic patterns: "at most one / at least
  one of these two edges", a 1, 2 or 3 in a corner of the board, diagonal 3s,
  a 2 whose corner pair is "exactly one" passing that on to the opposite
  corner, and the per-cell minimum and maximum over vertex pairs.
  Example (``EXAMPLES["corner"]``), a 2×2 board ``3 . / 3 .``: the corner
  vertices of the board have two edges each, 0 or 2 lines; each 3 can spare
  only one side, so each outer corner pair is both lines, and the loop is the
  rectangle around the two 3s.
* ``threes`` — two 3s side by side: their shared side and their two far sides
  are lines and the edges continuing the shared side are crossed, unless the
  six-edge loop around the two cells is itself the whole answer (every clue
  fits it): with the shared side crossed, the two 3s would close exactly that
  loop. Example (``EXAMPLES["threes"]``), a 4×3 board ``. 3 3 . / . . . . /
  . . . 2``: the 2 rules out the small loop, so the rule draws ``| 3 | 3 |``.

**hard** (trial and inside/outside colouring):

* ``trial`` — assume a line (or a cross) on one unknown edge, propagate with
  the medium rules; a contradiction proves the opposite. Repeated over every
  unknown edge until nothing changes. Example (``EXAMPLES["trial"]``), a 3×2
  board ``. 3 . / . 3 .``: here the small loop around the two 3s *is* an
  answer, so ``threes`` stays silent and the medium rules stop; a line on the
  shared side runs into a contradiction, so it is crossed, and the rest
  follows: the loop around both 3s.
* ``colour`` — every cell is inside or outside the loop, and off the board
  is outside. A line between two cells (or a cell and the outside) says
  their colours differ, a cross says they are the same; a union-find with
  parity (undone with the trail) keeps the classes of cells whose colours
  are tied. An edge between two cells of one class is then decided, however
  far apart the facts that tied them; and a clue counts its sides whose far
  cell differs in colour, so two unknown sides whose far cells share a class
  count together (a 3 whose two neighbours are known to be the same colour
  must differ from both). The colour rules run only when the medium rules
  are stuck. Example (``EXAMPLES["colour"]``), a 4×3 board
  ``. 2 1 . / . 2 3 3 / . 1 . .``: the medium rules stop with 26 edges
  unknown; with colouring nothing is left to guess.

Search
------
After propagation the solver branches on an unknown edge at the end of a
chain with the fewest unknown edges (MRV; a line first, then a cross), with
the medium rules and colouring at every node and the trial rule at the root and at nodes
up to ``PROBE_DEPTH`` deep (probing there prunes far more than it costs on
published 15×15 puzzles), and keeps at most two solutions. Every leaf
is checked by :func:`gridlogic.loop.board.validate_loop`. A search that hits
its node or time budget reports ``truncated`` and never counts as unique.

Junk cycles: the solver never lets a cycle close
unless it is the whole answer, so it never has to "forbid" a junk cycle
after the fact. Forbidding the extra cycles of a multi-cycle solution is
unsound: the real loop can sit beside a junk cycle.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from gridlogic.errors import InvalidParameters
from gridlogic.loop.board import Grid, grid, inside_of_loop, validate_loop
from gridlogic.verdict import verdict_of

UNKNOWN, LINE, CROSS = 0, 1, 2

EASY, MEDIUM, HARD = 0, 1, 2
LEVEL_NAMES = ("easy", "medium", "hard")
RULES = ("clue", "vertex", "loop", "corner", "threes", "trial", "colour")
RULE_CLASS = {
    "clue": "easy", "vertex": "easy", "loop": "easy", "corner": "medium", "threes": "medium",
    "trial": "hard", "colour": "hard",
}  # fmt: skip
_CLUE, _VERTEX, _LOOP, _CORNER, _THREES, _TRIAL, _COLOUR = range(7)

# The technique examples of the module docstring: (width, height, clues); each
# uses its named rule (checked in tests/loop/test_solver.py).
_: None = None
EXAMPLES: dict[str, tuple[int, int, tuple[int | None, ...]]] = {
    "clue": (2, 2, (_, _, 0, 1)),
    "vertex": (2, 2, (_, _, 0, 1)),
    "loop": (3, 2, (0, _, _, 1, _, 3)),
    "corner": (2, 2, (3, _, 3, _)),
    "threes": (4, 3, (_, 3, 3, _, _, _, _, _, _, _, _, 2)),
    "trial": (3, 2, (_, 3, _, _, 3, _)),
    "colour": (4, 3, (_, 2, 1, _, _, 2, 3, 3, _, 1, _, _)),
}
del _


# cell side bits: 0 top, 1 right, 2 bottom, 3 left; corner combos per cell corner
# (TL, TR, BR, BL) = ((top, left), (top, right), (bottom, right), (bottom, left)),
# combo = first + 2 * second
def _cell_combos(a: int) -> tuple[int, int, int, int]:
    t, r, b, lft = a & 1, (a >> 1) & 1, (a >> 2) & 1, (a >> 3) & 1
    return (t + 2 * lft, t + 2 * r, b + 2 * r, b + 2 * lft)


# An option is (assignment bits, then per corner the one-bit mask of its combo).
_Option = tuple[int, int, int, int, int]


def _option(a: int, combos: tuple[int, int, int, int]) -> _Option:
    return (a, 1 << combos[0], 1 << combos[1], 1 << combos[2], 1 << combos[3])


_CELL_OPTIONS: tuple[tuple[_Option, ...], ...] = tuple(
    tuple(_option(a, _cell_combos(a)) for a in range(16) if clue < 0 or a.bit_count() == clue)
    for clue in (0, 1, 2, 3, 4, -1)
)  # index clue (0..4) or 5 for no clue


# vertex edge bits: 0 up, 1 right, 2 down, 3 left. The corners around a vertex,
# as (cell offset (dr, dc), cell corner index, combo as a function of the bits):
# NW cell's BR corner = (bottom=left edge, right=up edge), NE cell's BL corner =
# (bottom=right edge, left=up edge), SE cell's TL corner = (top=right edge,
# left=down edge), SW cell's TR corner = (top=left edge, right=down edge).
def _vertex_combos(a: int) -> tuple[int, int, int, int]:
    u, r, d, lft = a & 1, (a >> 1) & 1, (a >> 2) & 1, (a >> 3) & 1
    return (lft + 2 * u, r + 2 * u, r + 2 * d, lft + 2 * d)


_VERTEX_CORNERS = (((-1, -1), 2), ((-1, 0), 3), ((0, 0), 0), ((0, -1), 1))


@lru_cache(maxsize=64)
def _edge_sides(width: int, height: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Edge -> the two colour nodes it separates (a border edge: its cell and the outside node,
    ``width * height``), and the border edges (those touching the outside node)."""
    g = grid(width, height)
    outside = g.cell_count
    sides = []
    border = []
    for e, cells in enumerate(g.edge_cells):
        if len(cells) == 2:
            sides.append((cells[0], cells[1]))
        else:
            sides.append((cells[0], outside))
            border.append(e)
    return tuple(sides), tuple(border)


@lru_cache(maxsize=64)
def _corner_vertex_items(width: int, height: int) -> tuple[int, ...]:
    """Corner id -> work-list item of its vertex (cells first, then vertices)."""
    ncell = width * height
    items = []
    for corner in range(4 * ncell):
        cell, k = divmod(corner, 4)
        r, c = divmod(cell, width)
        # corner k (TL, TR, BR, BL) of cell (r, c) sits at vertex (r + (k >= 2), c + (k in (1, 2)))
        items.append(ncell + (r + (k >= 2)) * (width + 1) + c + (k in (1, 2)))
    return tuple(items)


@lru_cache(maxsize=64)
def _vertex_tables(
    width: int, height: int
) -> tuple[tuple[tuple[int, int, int, int], ...], tuple[tuple[_Option, ...], ...]]:
    """Per vertex: the ids of its four corners and its options (0 or 2 lines on existing edges).

    A corner slot without a cell points at a dummy corner (id ``4 * cells``)
    whose mask stays 15; its combo bit in every option is 15, so it never
    restricts anything and never changes.
    """
    g = grid(width, height)
    dummy = 4 * g.cell_count
    corner_ids = []
    options = []
    for v, ve in enumerate(g.vertex_edges):
        r, c = divmod(v, width + 1)
        ids = []
        for (dr, dc), corner in _VERTEX_CORNERS:
            rr, cc = r + dr, c + dc
            ids.append((rr * width + cc) * 4 + corner if 0 <= rr < height and 0 <= cc < width else dummy)
        corner_ids.append((ids[0], ids[1], ids[2], ids[3]))
        missing = sum(1 << k for k in range(4) if ve[k] < 0)
        rows = []
        for a in range(16):
            if a & missing or a.bit_count() not in (0, 2):
                continue
            a_, b0, b1, b2, b3 = _option(a, _vertex_combos(a))
            bits = [b if ids[k] != dummy else 15 for k, b in enumerate((b0, b1, b2, b3))]
            rows.append((a_, bits[0], bits[1], bits[2], bits[3]))
        options.append(tuple(rows))
    return tuple(corner_ids), tuple(options)


@dataclass
class SolveResult:
    """What a search found: up to two edge lists, the nodes used, and whether it ran out."""

    width: int
    height: int
    solutions: list[list[int]] = field(default_factory=list)
    nodes: int = 0
    truncated: bool = False

    @property
    def status(self) -> str:
        """``unique``, ``several``, ``none`` or ``undecided`` (a budget ran out first)."""
        return verdict_of(len(self.solutions), self.truncated)

    def inside(self, k: int = 0) -> list[int]:
        return inside_of_loop(self.solutions[k], self.width, self.height)

    def to_dict(self) -> dict[str, object]:
        return {
            "width": self.width,
            "height": self.height,
            "verdict": self.status,
            "solutions": [self.inside(k) for k in range(len(self.solutions))],
            "nodes": self.nodes,
            "truncated": self.truncated,
        }


@dataclass
class Deduction:
    """The outcome of propagation alone: ``solved``, ``stuck`` or ``contradiction``, with rule counts."""

    status: str
    edges: list[int]
    counts: dict[str, int]


class Engine:
    """Edge states, counters, chains and corner masks of one board, with a trail for undo."""

    def __init__(
        self, clues: Sequence[int | None], width: int, height: int, colour: bool = False
    ) -> None:
        g: Grid = grid(width, height)
        self.g = g
        self.width, self.height = width, height
        ncell, nvert, nedge = g.cell_count, g.vertex_count, g.edge_count
        self.clue = [-1 if c is None else int(c) for c in clues]
        self.st = [UNKNOWN] * nedge
        self.c_line = [0] * ncell
        self.c_unk = [4] * ncell
        self.v_line = [0] * nvert
        self.v_unk = [sum(1 for e in ve if e >= 0) for ve in g.vertex_edges]
        self.mate = list(range(nvert))
        self.chain = [0] * nvert
        self.total_line = 0
        self.unsat = sum(1 for c in self.clue if c > 0)
        self.closed_at = -1  # trail position of the edge that closed the loop, -1 while open
        self.trail: list[int] = []
        self.mate_trail: list[tuple[int, int, int]] = []
        self.mask = [15] * (4 * ncell + 1)  # the last one is the dummy corner
        self.mask_trail: list[tuple[int, int]] = []
        self.counts = [0] * len(RULES)
        self.counting = True
        self.rule = _CLUE
        # work lists: index < ncell is a cell, otherwise a vertex (ncell + v)
        self.todo: list[int] = []
        self.queued = bytearray(ncell + nvert)
        self.todo2: list[int] = []
        self.queued2 = bytearray(ncell + nvert)
        self.unknown_left = nedge
        self.vertex_corner_ids, self.vertex_options = _vertex_tables(width, height)
        self.corner_vertex_item = _corner_vertex_items(width, height)
        self.ncell = ncell
        for i in range(ncell + nvert):
            self._enqueue(i)
        self.threes_done = False
        self.progress = False
        self.deadline: float | None = None  # trial stops early past it (the search's time budget)
        self.timed_out = False
        # inside/outside colouring: a union-find with parity over the cells and
        # the outside (node ``ncell``); a line means "different", a cross "same"
        self.colour = colour
        nodes = ncell + 1
        self.uf_parent = list(range(nodes))
        self.uf_parity = [0] * nodes
        self.uf_size = [1] * nodes
        self.uf_next = list(range(nodes))  # circular member lists, spliced and unspliced
        self.colour_trail: list[tuple[int, int]] = []
        self.colour_todo: list[int] = []
        self.colour_cells: list[int] = []
        self.colour_queued = bytearray(ncell)
        self.edge_sides, self.border_edges = _edge_sides(width, height)

    # ------------------------------------------------------------------ trail
    def mark(self) -> tuple[int, int, int, int]:
        return (len(self.trail), len(self.mate_trail), len(self.mask_trail), len(self.colour_trail))

    def undo(self, mark: tuple[int, int, int, int]) -> None:
        trail, st, g, clue = self.trail, self.st, self.g, self.clue
        c_line, c_unk, v_line, v_unk = self.c_line, self.c_unk, self.v_line, self.v_unk
        while len(trail) > mark[0]:
            e = trail.pop()
            value = st[e]
            st[e] = UNKNOWN
            self.unknown_left += 1
            if len(trail) == self.closed_at:
                self.closed_at = -1
            for c in g.edge_cells[e]:
                c_unk[c] += 1
                if value == LINE:
                    k = clue[c]
                    if k >= 0:
                        self.unsat += (c_line[c] == k) - (c_line[c] - 1 == k)
                    c_line[c] -= 1
            for v in g.edge_vertices[e]:
                v_unk[v] += 1
                if value == LINE:
                    v_line[v] -= 1
            if value == LINE:
                self.total_line -= 1
        mate_trail, mate, chain = self.mate_trail, self.mate, self.chain
        while len(mate_trail) > mark[1]:
            v, old_mate, old_len = mate_trail.pop()
            mate[v] = old_mate
            chain[v] = old_len
        mask_trail, mask = self.mask_trail, self.mask
        while len(mask_trail) > mark[2]:
            corner, old = mask_trail.pop()
            mask[corner] = old
        colour_trail = self.colour_trail
        if len(colour_trail) > mark[3]:
            parent, parity, size, nxt = self.uf_parent, self.uf_parity, self.uf_size, self.uf_next
            while len(colour_trail) > mark[3]:
                small, big = colour_trail.pop()
                nxt[big], nxt[small] = nxt[small], nxt[big]
                parent[small] = small
                parity[small] = 0
                size[big] -= size[small]
        self._clear_queues()

    def _clear_queues(self) -> None:
        for i in self.todo:
            self.queued[i] = 0
        self.todo.clear()
        for i in self.todo2:
            self.queued2[i] = 0
        self.todo2.clear()
        self.colour_todo.clear()
        for c in self.colour_cells:
            self.colour_queued[c] = 0
        self.colour_cells.clear()

    def _enqueue(self, i: int) -> None:
        if not self.queued[i]:
            self.queued[i] = 1
            self.todo.append(i)
        if not self.queued2[i]:
            self.queued2[i] = 1
            self.todo2.append(i)

    # ------------------------------------------------------------------ set
    def set_edge(self, e: int, value: int) -> bool:
        """Give edge ``e`` a value; False on an immediate contradiction."""
        current = self.st[e]
        if current:
            return current == value
        if value == LINE and self.closed_at >= 0:
            return False
        g = self.g
        a, b = g.edge_vertices[e]
        v_line = self.v_line
        if value == LINE:
            if v_line[a] >= 2 or v_line[b] >= 2:
                return False
            mate, chain = self.mate, self.chain
            end_a, len_a = (mate[a], chain[a]) if v_line[a] == 1 else (a, 0)
            end_b, len_b = (mate[b], chain[b]) if v_line[b] == 1 else (b, 0)
            if end_a == b:
                # closes a cycle: only the whole answer may do that
                if self.total_line != len_a:
                    return False
                self.closed_at = len(self.trail)
            else:
                self.mate_trail.append((end_a, mate[end_a], chain[end_a]))
                self.mate_trail.append((end_b, mate[end_b], chain[end_b]))
                mate[end_a], mate[end_b] = end_b, end_a
                chain[end_a] = chain[end_b] = len_a + len_b + 1
                # the far ends may now face a closing edge: look at them again
                self._enqueue(self.ncell + end_a)
                self._enqueue(self.ncell + end_b)
            self.total_line += 1
        self.st[e] = value
        self.trail.append(e)
        self.unknown_left -= 1
        if self.counting:
            self.counts[self.rule] += 1
        clue, c_line, c_unk = self.clue, self.c_line, self.c_unk
        queued, todo, queued2, todo2 = self.queued, self.todo, self.queued2, self.todo2
        for c in g.edge_cells[e]:
            c_unk[c] -= 1
            if value == LINE:
                k = clue[c]
                if k >= 0:
                    self.unsat += (c_line[c] == k) - (c_line[c] + 1 == k)
                c_line[c] += 1
            if not queued[c]:
                queued[c] = 1
                todo.append(c)
            if not queued2[c]:
                queued2[c] = 1
                todo2.append(c)
        ncell = self.ncell
        v_unk = self.v_unk
        for v in (a, b):
            v_unk[v] -= 1
            if value == LINE:
                v_line[v] += 1
            i = ncell + v
            if not queued[i]:
                queued[i] = 1
                todo.append(i)
            if not queued2[i]:
                queued2[i] = 1
                todo2.append(i)
        if self.colour and not self._colour_union(e, value == LINE):
            return False
        # a closed loop must already meet every clue
        return not (self.closed_at >= 0 and self.unsat)

    def _find(self, x: int) -> tuple[int, int]:
        """The root of ``x``'s colour class and ``x``'s parity relative to it."""
        parent, parity = self.uf_parent, self.uf_parity
        p = 0
        while parent[x] != x:
            p ^= parity[x]
            x = parent[x]
        return x, p

    def _colour_union(self, e: int, differ: bool) -> bool:
        a, b = self.edge_sides[e]
        ra, pa = self._find(a)
        rb, pb = self._find(b)
        relation = 1 if differ else 0
        if ra == rb:
            return pa ^ pb == relation
        size = self.uf_size
        if size[ra] < size[rb]:
            ra, rb, pa, pb = rb, ra, pb, pa
        self.uf_parent[rb] = ra
        self.uf_parity[rb] = pa ^ pb ^ relation
        size[ra] += size[rb]
        nxt = self.uf_next
        nxt[ra], nxt[rb] = nxt[rb], nxt[ra]
        self.colour_trail.append((rb, ra))
        # the smaller class's members now follow ra in the ring, up to rb
        m = nxt[ra]
        todo = self.colour_todo
        while True:
            todo.append(m)
            if m == rb:
                break
            m = nxt[m]
        return True

    def _colour_rule(self) -> bool:
        """Edges between two cells of one colour class are decided by their parities."""
        st, todo, ncell = self.st, self.colour_todo, self.ncell
        sides, cell_edges, clue = self.edge_sides, self.g.cell_edges, self.clue
        cells, queued = self.colour_cells, self.colour_queued
        while todo:
            m = todo.pop()
            rm, pm = self._find(m)
            for e in cell_edges[m] if m < ncell else self.border_edges:
                a, b = sides[e]
                o = b if a == m else a
                # a clued cell next to a class that grew may now see two sides in one class
                for c in (m, o):
                    if c < ncell and clue[c] >= 0 and not queued[c]:
                        queued[c] = 1
                        cells.append(c)
                if st[e] != UNKNOWN:
                    continue
                ro, po = self._find(o)
                if ro == rm:
                    self.rule = _COLOUR
                    if not self.set_edge(e, LINE if pm ^ po else CROSS):
                        return False
        return True

    def _colour_clue(self, c: int) -> bool:
        """A clue counts the sides whose far colour differs; sides in one class move together."""
        k = self.clue[c]
        st, sides = self.st, self.edge_sides
        rc, pc = self._find(c)
        fixed = 0
        unknown: list[tuple[int, int, int]] = []  # (edge, root of the far side, parity vs c's root)
        for e in self.g.cell_edges[c]:
            s = st[e]
            if s == LINE:
                fixed += 1
            elif s == UNKNOWN:
                a, b = sides[e]
                ro, po = self._find(b if a == c else a)
                unknown.append((e, ro, po ^ pc))
        roots = [r for _, r, _ in unknown]
        if len(set(roots)) == len(roots):
            return True  # no two unknown sides share a class: the clue rule says it all
        groups = sorted(set(roots))
        can_line = can_cross = 0
        for y in range(1 << len(groups)):
            flips = {r: (y >> j) & 1 for j, r in enumerate(groups)}
            if flips.get(rc, 0):
                continue  # c's own class relative to itself is fixed at 0
            lines = 0
            pattern = 0
            for j, (_, r, p) in enumerate(unknown):
                if flips[r] ^ p:
                    lines += 1
                    pattern |= 1 << j
            if fixed + lines == k:
                can_line |= pattern
                can_cross |= ((1 << len(unknown)) - 1) ^ pattern
        if not can_line and not can_cross:
            return False
        self.rule = _COLOUR
        for j, (e, _, _) in enumerate(unknown):
            if st[e] != UNKNOWN:
                continue
            if not (can_line >> j) & 1:
                if not self.set_edge(e, CROSS):
                    return False
            elif not (can_cross >> j) & 1 and not self.set_edge(e, LINE):
                return False
        return True

    def _set_mask(self, corner: int, new: int, from_cell: bool) -> None:
        self.mask_trail.append((corner, self.mask[corner]))
        self.mask[corner] = new
        # tell the other side of the corner: its vertex when a cell changed it, else its cell
        i = self.corner_vertex_item[corner] if from_cell else corner >> 2
        if not self.queued2[i]:
            self.queued2[i] = 1
            self.todo2.append(i)

    # ------------------------------------------------------------------ rules
    def _easy_cell(self, c: int) -> bool:
        k = self.clue[c]
        if k < 0:
            return True
        line, unk = self.c_line[c], self.c_unk[c]
        if line > k or line + unk < k:
            return False
        if unk and (line == k or line + unk == k):
            value = CROSS if line == k else LINE
            self.rule = _CLUE
            st = self.st
            for e in self.g.cell_edges[c]:
                if st[e] == UNKNOWN and not self.set_edge(e, value):
                    return False
        return True

    def _easy_vertex(self, v: int) -> bool:
        line, unk = self.v_line[v], self.v_unk[v]
        if line > 2:
            return False
        if unk == 0:
            return line != 1
        st = self.st
        edges = self.g.vertex_edges[v]
        if line == 2 or (line == 0 and unk == 1):
            self.rule = _VERTEX
            for e in edges:
                if e >= 0 and st[e] == UNKNOWN and not self.set_edge(e, CROSS):
                    return False
            return True
        if line == 1:
            if unk == 1:
                self.rule = _VERTEX
                for e in edges:
                    if e >= 0 and st[e] == UNKNOWN:
                        return self.set_edge(e, LINE)
            other = self.mate[v]
            for e in edges:
                if e >= 0 and st[e] == UNKNOWN:
                    a, b = self.g.edge_vertices[e]
                    if (b if a == v else a) == other and not self._closing_completes(v, e):
                        self.rule = _LOOP
                        if not self.set_edge(e, CROSS):
                            return False
        return True

    def _closing_completes(self, v: int, e: int) -> bool:
        """Would a line on ``e`` (joining the ends of ``v``'s chain) make the whole answer?"""
        if self.total_line != self.chain[v]:
            return False
        unsat = self.unsat
        for c in self.g.edge_cells[e]:
            k = self.clue[c]
            if k >= 0:
                unsat += (self.c_line[c] == k) - (self.c_line[c] + 1 == k)
        return unsat == 0

    def _corner_rule(self, i: int) -> bool:
        g, st, mask = self.g, self.st, self.mask
        ncell = self.ncell
        if i < ncell:
            edges: tuple[int, ...] = g.cell_edges[i]
            k = self.clue[i]
            options = _CELL_OPTIONS[k if k >= 0 else 5]
            c0 = 4 * i
            c1, c2, c3 = c0 + 1, c0 + 2, c0 + 3
        else:
            v = i - ncell
            edges = g.vertex_edges[v]
            options = self.vertex_options[v]
            c0, c1, c2, c3 = self.vertex_corner_ids[v]
        known_on = known_off = 0
        e0, e1, e2, e3 = edges
        for bit, e in ((1, e0), (2, e1), (4, e2), (8, e3)):
            if e < 0:
                known_off |= bit
            else:
                s = st[e]
                if s == LINE:
                    known_on |= bit
                elif s == CROSS:
                    known_off |= bit
        m0, m1, m2, m3 = mask[c0], mask[c1], mask[c2], mask[c3]
        s0 = s1 = s2 = s3 = 0
        can_on = can_off = 0
        for a, b0, b1, b2, b3 in options:
            if a & known_off or a & known_on != known_on:
                continue
            if m0 & b0 and m1 & b1 and m2 & b2 and m3 & b3:
                s0 |= b0
                s1 |= b1
                s2 |= b2
                s3 |= b3
                can_on |= a
                can_off |= 15 ^ a
        if not s0:
            return False
        from_cell = i < ncell
        if s0 != m0:
            self._set_mask(c0, s0 & m0, from_cell)
        if s1 != m1:
            self._set_mask(c1, s1 & m1, from_cell)
        if s2 != m2:
            self._set_mask(c2, s2 & m2, from_cell)
        if s3 != m3:
            self._set_mask(c3, s3 & m3, from_cell)
        unknown = 15 ^ (known_on | known_off)
        fixed = unknown & ~(can_on & can_off)
        if fixed:
            self.rule = _CORNER
            for bit, e in ((1, e0), (2, e1), (4, e2), (8, e3)):
                if fixed & bit and not self.set_edge(e, LINE if can_on & bit else CROSS):
                    return False
        return True

    def _adjacent_threes(self) -> bool:
        """Medium rule for two 3s side by side (see the module docstring); False on a contradiction."""
        g, w, clue = self.g, self.width, self.clue
        self.rule = _THREES
        for a in range(g.cell_count):
            if clue[a] != 3:
                continue
            r, c = divmod(a, w)
            for b, horizontal in ((a + 1, True), (a + w, False)):
                if (horizontal and c + 1 >= w) or (not horizontal and r + 1 >= self.height):
                    continue
                if clue[b] != 3:
                    continue
                ta, ra, ba, la = g.cell_edges[a]
                tb, rb, bb, lb = g.cell_edges[b]
                if horizontal:
                    shared, far_a, far_b = ra, la, rb
                    ring = {ta, la, ba, tb, rb, bb}
                else:
                    shared, far_a, far_b = ba, ta, bb
                    ring = {ta, la, ra, lb, rb, bb}
                if self._ring_is_answer(ring):
                    continue
                # the shared edge's two ends: the edges continuing its line are crossed
                ends = g.edge_vertices[shared]
                continuing = [
                    e for v in ends for e in g.vertex_edges[v]
                    if e >= 0 and e != shared and e not in (ta, ba, tb, bb, la, ra, lb, rb)
                ]  # fmt: skip
                for e, value in ((shared, LINE), (far_a, LINE), (far_b, LINE)):
                    if not self.set_edge(e, value):
                        return False
                for e in continuing:
                    if not self.set_edge(e, CROSS):
                        return False
        return True

    def _ring_is_answer(self, ring: set[int]) -> bool:
        """Would the loop around two cells (the edge set ``ring``) meet every clue on its own?"""
        for c, k in enumerate(self.clue):
            if k >= 0 and sum(1 for e in self.g.cell_edges[c] if e in ring) != k:
                return False
        return all(self.st[e] != LINE or e in ring for e in range(self.g.edge_count))

    def propagate(self, level: int) -> bool:
        """Apply the rules of ``level`` (EASY or MEDIUM) to a fixed point; False on a contradiction."""
        ncell = self.ncell
        todo, queued, todo2, queued2 = self.todo, self.queued, self.todo2, self.queued2
        while True:
            while todo:
                i = todo.pop()
                queued[i] = 0
                ok = self._easy_cell(i) if i < ncell else self._easy_vertex(i - ncell)
                if not ok:
                    self._clear_queues()
                    return False
            if self.closed_at >= 0 and self.unknown_left:
                self.rule = _LOOP
                st = self.st
                for e in range(self.g.edge_count):
                    if st[e] == UNKNOWN and not self.set_edge(e, CROSS):
                        self._clear_queues()
                        return False
                continue
            if level < MEDIUM:
                break
            if not self.threes_done:
                self.threes_done = True
                if not self._adjacent_threes():
                    self._clear_queues()
                    return False
                continue
            if not todo2:
                # colouring (hard) only when the easy and medium rules are stuck
                if self.colour_todo:
                    if not self._colour_rule():
                        self._clear_queues()
                        return False
                    continue
                if self.colour_cells:
                    c = self.colour_cells.pop()
                    self.colour_queued[c] = 0
                    if not self._colour_clue(c):
                        self._clear_queues()
                        return False
                    continue
                break
            i = todo2.pop()
            queued2[i] = 0
            if not self._corner_rule(i):
                self._clear_queues()
                return False
        if level < MEDIUM:
            self._clear_queues()
        return True

    def trial(self) -> bool:
        """Hard rule: one round of "assume, propagate, refute" over all unknown edges.

        Returns False on a contradiction (the position has no solution). Sets
        ``self.progress`` when it deduced something.
        """
        self.progress = False
        st = self.st
        deadline = self.deadline
        for e in range(self.g.edge_count):
            if st[e] != UNKNOWN:
                continue
            if deadline is not None and e % 16 == 0 and time.perf_counter() > deadline:
                self.timed_out = True
                break
            for value in (LINE, CROSS):
                mark = self.mark()
                saved, self.counting = self.counting, False
                ok = self.set_edge(e, value) and self.propagate(MEDIUM)
                self.undo(mark)
                self.counting = saved
                if not ok:
                    self.rule = _TRIAL
                    opposite = CROSS if value == LINE else LINE
                    if not self.set_edge(e, opposite) or not self.propagate(MEDIUM):
                        return False
                    self.progress = True
                    break
            if self.unknown_left == 0:
                break
        return True

    def edges(self) -> list[int]:
        return [1 if s == LINE else 0 for s in self.st]

    def solved(self) -> bool:
        return self.unknown_left == 0 and validate_loop(
            self.edges(), [None if k < 0 else k for k in self.clue], self.width, self.height
        )

    def choose_edge(self) -> int:
        """MRV: an unknown edge at a chain end with the fewest unknown edges; -1 when none is left."""
        if self.unknown_left == 0:
            return -1
        g, st, v_line, v_unk = self.g, self.st, self.v_line, self.v_unk
        best, best_unk = -1, 5
        for v in range(g.vertex_count):
            if v_line[v] == 1 and v_unk[v] < best_unk:
                best, best_unk = v, v_unk[v]
                if best_unk == 2:
                    break
        if best >= 0:
            for e in g.vertex_edges[best]:
                if e >= 0 and st[e] == UNKNOWN:
                    return e
        # no chain yet: start at the cell that needs the most new lines
        best_cell, best_need = -1, -1
        for c, k in enumerate(self.clue):
            if k >= 0 and self.c_unk[c] and k - self.c_line[c] > best_need:
                best_cell, best_need = c, k - self.c_line[c]
        if best_cell >= 0:
            for e in g.cell_edges[best_cell]:
                if st[e] == UNKNOWN:
                    return e
        for e in range(g.edge_count):
            if st[e] == UNKNOWN:
                return e
        return -1


def check_clues(clues: Sequence[int | None], width: int, height: int) -> list[int | None]:
    """Validated clues of a ``width`` × ``height`` board (each None or 0..4; 4 only fits a 1×1 loop)."""
    if not isinstance(width, int) or isinstance(width, bool) or width < 1:
        raise InvalidParameters(f"width must be a positive int, not {width!r}")
    if not isinstance(height, int) or isinstance(height, bool) or height < 1:
        raise InvalidParameters(f"height must be a positive int, not {height!r}")
    if isinstance(clues, (str, bytes)) or not isinstance(clues, Sequence):
        raise InvalidParameters(f"clues must be a list of {width * height} ints or None, not {clues!r}")
    if len(clues) != width * height:
        raise InvalidParameters(
            f"clues must have {width * height} entries for a {width}x{height} board, not {len(clues)}"
        )
    out: list[int | None] = []
    for k, clue in enumerate(clues):
        if clue is None:
            out.append(None)
        elif isinstance(clue, int) and not isinstance(clue, bool) and 0 <= clue <= 4:
            out.append(clue)
        else:
            raise InvalidParameters(f"clue {k} is {clue!r}; a clue is an int 0..4 or None")
    return out


def deduce(clues: Sequence[int | None], width: int, height: int, level: int) -> Deduction:
    """Propagation alone with the techniques of ``level`` (EASY, MEDIUM or HARD)."""
    engine = Engine(clues, width, height, colour=level >= HARD)
    ok = engine.propagate(min(level, MEDIUM))
    if ok and level >= HARD:
        ok = _probe(engine)  # no deadline here, so the trial rounds run until nothing changes
    counts = {name: engine.counts[k] for k, name in enumerate(RULES)}
    if not ok:
        return Deduction("contradiction", engine.edges(), counts)
    if engine.unknown_left == 0:
        return Deduction("solved" if engine.solved() else "contradiction", engine.edges(), counts)
    return Deduction("stuck", engine.edges(), counts)


PROBE_DEPTH = 6


def _probe(engine: Engine) -> bool:
    """Trial rounds until nothing changes; False when the position has no solution."""
    while engine.unknown_left and engine.closed_at < 0 and not engine.timed_out:
        if not engine.trial():
            return False
        if not engine.progress:
            break
    return True


def solve_grid(
    clues: Sequence[int | None],
    width: int,
    height: int,
    node_limit: int | None = 100_000,
    time_limit: float | None = None,
) -> SolveResult:
    """Search a ``width`` × ``height`` board for up to two loops within the budgets.

    ``node_limit`` counts search nodes (None: no limit), ``time_limit`` is in
    seconds (None: no limit). The result's ``truncated`` says a budget ran out
    before the search space was exhausted.
    """
    checked = check_clues(clues, width, height)
    if node_limit is not None and (
        not isinstance(node_limit, int) or isinstance(node_limit, bool) or node_limit < 0
    ):
        raise InvalidParameters(f"node_limit must be an int >= 0 or None, not {node_limit!r}")
    if time_limit is not None and (
        isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or time_limit <= 0
    ):
        raise InvalidParameters(f"time_limit must be a number of seconds > 0 or None, not {time_limit!r}")
    result = SolveResult(width, height)
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    limit = node_limit if node_limit is not None else -1
    engine = Engine(checked, width, height, colour=True)
    engine.deadline = deadline
    ok = engine.propagate(MEDIUM)
    # trial at the root and near it: cheap next to a search, and it often removes most of it
    if ok:
        ok = _probe(engine)
    # each stack frame: [edge, trail mark, values tried]
    stack: list[list[object]] = []
    while True:
        if ok:
            if limit >= 0 and result.nodes >= limit:
                result.truncated = True
                break
            result.nodes += 1
            if deadline is not None and time.perf_counter() > deadline:
                result.truncated = True
                break
            e = engine.choose_edge()
            if e < 0:
                edges = engine.edges()
                if validate_loop(edges, checked, width, height):
                    result.solutions.append(edges)
                    if len(result.solutions) >= 2:  # a second loop settles "several"
                        break
                ok = False
                continue
            stack.append([e, engine.mark(), 0])
        while stack:
            frame = stack[-1]
            engine.undo(frame[1])  # type: ignore[arg-type]
            tried = frame[2]
            if tried == 2:
                stack.pop()
                continue
            frame[2] = tried + 1  # type: ignore[operator]
            value = LINE if tried == 0 else CROSS
            ok = engine.set_edge(frame[0], value) and engine.propagate(MEDIUM)  # type: ignore[arg-type]
            if ok and len(stack) <= PROBE_DEPTH:
                ok = _probe(engine)
            break
        else:
            break
    return result
