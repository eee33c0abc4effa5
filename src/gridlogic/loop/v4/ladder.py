"""Loop version 4's deductions on any grid: Loopy's four levels on faces, edges and dots.

A :class:`Board` holds one puzzle's edge states on a :class:`~gridlogic.loop.grids.Grid` (``UNKNOWN``,
``LINE``, ``CROSS``), what is known about **pairs** and, at expert, **links**, and closes them under
one level's techniques (:meth:`Board.close`). A pair is two edges next to each other around a dot:
around a dot of ``n`` edges there are ``n`` pairs (for a dot on the rim, one of them reaches round
the outside). A pair fact says ``AT_MOST_ONE`` or ``AT_LEAST_ONE`` of its two edges is a line. A
link says two edges are alike or opposite (:class:`~gridlogic.loop.links.Links`).

The techniques are those of Simon Tatham's Loopy, whose four difficulties are our four levels
(easy = Easy, medium = Normal, hard = Tricky, expert = Hard); the facts are Loopy's, the code ours:

* **easy** — a face whose number has all its lines crosses the rest, one that needs every open
  edge takes them; a face that can spare one more edge, two of whose open edges meet at a dot a
  line reaches, takes every other open edge (``pinch``); a dot has 0 or 2 lines (``vertex``); an
  edge that would close a loop short of the whole answer is a cross (``loop``).
* **medium** — pair facts read off the dots (a cross makes its pairs "at most one", a line "at
  least one"; a dot with one line makes each open pair "at most one", and with two open edges
  "exactly one"; a dot with no line and two open edges takes both or neither), and a face's
  **bounds**: the fewest and most lines each run of its edges between two of its corners can
  hold, from its edges and its corners' pair facts, built up run by run as Loopy does (a run
  from ``j`` to ``k`` is bounded by its parts split after one or after two edges); an open edge
  is decided when the rest of the face cannot do without it, or with it.
* **hard** — a face's bounds give its corners pair facts (the rest of the face cannot hold
  ``clue - 2`` lines: at most one; cannot reach ``clue`` without them: at least one); at a dot,
  "at least one" of a pair makes every pair sharing no edge with it "at most one", and a pair of
  exactly one line at a dot with no line gives a third open edge a line, or makes the other two
  open edges a pair of exactly one.
* **expert** — links: a face's or dot's last two open edges are alike or opposite by the parity
  its count still needs, a pair of exactly one is opposite; with three or four open edges, two of
  them linked decide the third or link the other two; two open edges alike cannot share a face's
  last line (or last cross); a decided edge decides its links.

Every technique only writes down what each loop meeting the clues has, and only ever adds facts,
so the board a level reaches does not depend on the order of the work: faces and dots wait in a
work list when one of their edges or pairs changes, and the ``loop`` technique looks at the whole
board when the list is empty. A board is ``solved`` when one loop meets every clue and every other
edge is a cross. When the list is empty and an open edge would close a loop that meets every clue
with lines elsewhere still open, the board is ``stuck`` (Loopy's solver stops there too: such an
edge is a guess, not a deduction).

Worked example (a test checks it): two of Loopy's own 3×3 honeycombs, one it rates Normal and one
Hard. The first stops at easy and is finished at medium; the second needs expert's links:

>>> from gridlogic.loop.grids import read_loopy_id
>>> def reached(loopy_id):
...     puzzle = read_loopy_id(loopy_id)
...     return [Board(puzzle.grid, puzzle.clues, level).close() for level in (EASY, MEDIUM, HARD, EXPERT)]
>>> reached("3x3t2:b420c3")
['stuck', 'solved', 'solved', 'solved']
>>> reached("3x3t2:a30d5a")
['stuck', 'stuck', 'stuck', 'solved']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from gridlogic.loop.board import CROSS, LINE, UNKNOWN
from gridlogic.loop.grids import Grid
from gridlogic.loop.links import Links

# Final: the compiled build reads them as constants, not from the module's dict
EASY: Final = 0
MEDIUM: Final = 1
HARD: Final = 2
EXPERT: Final = 3
AT_MOST_ONE: Final = 1
AT_LEAST_ONE: Final = 2
BOTH: Final = AT_MOST_ONE | AT_LEAST_ONE


class Contradiction(Exception):
    """The known edges and the clues cannot all hold."""


class Layout:
    """The tables of one grid: each dot's edges in turn around it, the pairs they make, and each
    face's corners as pairs (corner ``k`` of a face joins its edges ``k - 1`` and ``k``)."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.face_count = len(grid.faces)
        self.dot_count = len(grid.dots)
        self.edge_dots = grid.edges
        self.edge_faces = grid.edge_faces
        self.face_edges = grid.face_edges
        self.face_dots = grid.faces
        self.dot_around: list[tuple[int, ...]] = [self._around(d) for d in range(self.dot_count)]
        self.pair_dot: list[int] = []
        self.pair_edges: list[tuple[int, int]] = []
        self.dot_pairs: list[tuple[int, ...]] = []
        for d, around in enumerate(self.dot_around):
            first = len(self.pair_edges)
            for j, a in enumerate(around):
                self.pair_dot.append(d)
                self.pair_edges.append((a, around[(j + 1) % len(around)]))
            self.dot_pairs.append(tuple(range(first, len(self.pair_edges))))
        self.pair_face = [-1] * len(self.pair_edges)
        self.face_corners = tuple(self._corners(f) for f in range(self.face_count))
        # for each pair, the pairs at its dot that share no edge with it (none at a dot of 2 or 3 edges)
        self.pair_disjoint = tuple(
            tuple(q for q in self.dot_pairs[self.pair_dot[p]] if not set(self.pair_edges[q]) & set(edges))
            if len(self.dot_around[self.pair_dot[p]]) >= 4 else ()
            for p, edges in enumerate(self.pair_edges)
        )
        self.dot_faces = grid.dot_faces

    def _around(self, d: int) -> tuple[int, ...]:
        """The edges at dot ``d`` in turn around it (clockwise on the page, y downwards)."""
        x, y = self.grid.dots[d]

        def angle(e: int) -> float:
            a, b = self.grid.edges[e]
            ox, oy = self.grid.dots[b if a == d else a]
            return math.atan2(oy - y, ox - x)

        return tuple(sorted(self.grid.dot_edges[d], key=angle))

    def _corners(self, f: int) -> tuple[int, ...]:
        """The pair at each corner of face ``f``: at its dot ``k``, from the edge to dot ``k + 1`` on
        round to the edge from dot ``k - 1`` (the wedge that is the face)."""
        dots, edges = self.grid.faces[f], self.face_edges[f]
        points = [self.grid.dots[d] for d in dots]
        area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))
        corners = []
        for k, d in enumerate(dots):
            into, out = edges[k - 1], edges[k]
            wedge = (out, into) if area > 0 else (into, out)  # a face laid anticlockwise turns the wedge
            pair = next(p for p in self.dot_pairs[d] if self.pair_edges[p] == wedge)
            self.pair_face[pair] = f
            corners.append(pair)
        return tuple(corners)


_LAYOUTS: dict[int, tuple[Grid, Layout]] = {}


def layout(grid: Grid) -> Layout:
    """The grid's tables, made once per grid object (looked up by identity: hashing a grid reads all of it)."""
    found = _LAYOUTS.get(id(grid))
    if found is not None and found[0] is grid:
        return found[1]
    if len(_LAYOUTS) >= 32:
        _LAYOUTS.clear()
    made = _LAYOUTS[id(grid)] = (grid, Layout(grid))
    return made[1]


class Board:
    """One puzzle's deduction state at one level (see the module docstring); ``Board(grid, clues, level,
    like=board)`` is a copy of ``board`` as it stands instead (see :meth:`copy`)."""

    def __init__(self, grid: Grid, clues: Sequence[int | None], level: int, like: Board | None = None) -> None:
        self.layout = lay = layout(grid)
        self.level = level
        if like is None:
            edge_count, items = len(grid.edges), lay.face_count + lay.dot_count
            self.clues = [-1 if k is None else k for k in clues]
            self.state, self.unknown, self.lines = [UNKNOWN] * edge_count, edge_count, 0
            self.face_line, self.face_cross = [0] * lay.face_count, [0] * lay.face_count
            self.dot_line, self.dot_cross = [0] * lay.dot_count, [0] * lay.dot_count
            self.unmet = sum(1 for k in self.clues if k > 0)
            self.flags = [0] * len(lay.pair_edges)
            self.dot_parent, self.part_lines, self.closed = list(range(lay.dot_count)), [0] * lay.dot_count, False
            self.links = Links(edge_count)
            self.queue, self.head, self.queued = list(range(items)), 0, [True] * items
            return
        self.clues, self.state, self.unknown, self.lines = like.clues[:], like.state[:], like.unknown, like.lines
        self.face_line, self.face_cross = like.face_line[:], like.face_cross[:]
        self.dot_line, self.dot_cross, self.unmet = like.dot_line[:], like.dot_cross[:], like.unmet
        self.flags, self.dot_parent, self.part_lines = like.flags[:], like.dot_parent[:], like.part_lines[:]
        self.closed, self.links = like.closed, like.links.copy()
        self.queue, self.head, self.queued = like.queue[:], like.head, like.queued[:]

    def copy(self) -> Board:
        """This board as it stands, to deduce on from without changing this one."""
        return Board(self.layout.grid, (), self.level, self)

    def add_clue(self, f: int, k: int) -> None:
        """Show clue ``k`` on face ``f``, which showed none: the face waits to be read."""
        self.clues[f] = k
        if self.face_line[f] != k:
            self.unmet += 1
        self.push(f)

    # ------------------------------------------------------------------ state changes
    def push(self, item: int) -> None:
        if not self.queued[item]:
            self.queued[item] = True
            self.queue.append(item)

    def set_edge(self, e: int, value: int) -> None:
        """Decide edge ``e``; Contradiction when it is decided the other way or breaks a count."""
        old = self.state[e]
        if old == value:
            return
        if old != UNKNOWN:
            raise Contradiction
        self.state[e] = value
        self.unknown -= 1
        lay = self.layout
        for f in lay.edge_faces[e]:
            if value == LINE:
                self.face_line[f] += 1
                k = self.clues[f]
                if k >= 0:
                    self.unmet += (self.face_line[f] == k + 1) - (self.face_line[f] == k)
            else:
                self.face_cross[f] += 1
            self.push(f)
        for d in lay.edge_dots[e]:
            if value == LINE:
                self.dot_line[d] += 1
                for f in lay.dot_faces[d]:
                    self.push(f)  # a line reaching a face's corner from outside (``pinch``)
            else:
                self.dot_cross[d] += 1
            self.push(lay.face_count + d)
        if value == LINE:
            self.lines += 1
            a, b = lay.edge_dots[e]
            self._join(a, b)
        if self.level >= EXPERT:
            self._settle_links(e)

    def set_flag(self, p: int, flag: int) -> None:
        if self.flags[p] & flag:
            return
        self.flags[p] |= flag
        lay = self.layout
        self.push(lay.face_count + lay.pair_dot[p])
        if lay.pair_face[p] >= 0:
            self.push(lay.pair_face[p])

    def find_part(self, d: int) -> int:
        """The part of the lines dot ``d`` belongs to (a union-find root)."""
        return self._find_dot(d)

    def _find_dot(self, d: int) -> int:
        parent = self.dot_parent
        while parent[d] != d:
            parent[d] = parent[parent[d]]
            d = parent[d]
        return d

    def _join(self, a: int, b: int) -> None:
        ra, rb = self._find_dot(a), self._find_dot(b)
        if ra == rb:
            self.part_lines[ra] += 1
            self.closed = True
            if self.part_lines[ra] != self.lines or self.unmet:
                raise Contradiction  # a loop closed that is not the whole answer
            return
        self.dot_parent[rb] = ra
        self.part_lines[ra] += self.part_lines[rb] + 1

    # ------------------------------------------------------------------ links (expert)
    def _settle_links(self, e: int) -> None:
        """Every open edge linked to the decided edge ``e`` takes its value (or the other)."""
        root, parity = self.links.find(e)
        if self.links.size[root] == 1:
            return
        value = self.state[e]
        for other in self.links.members(root):
            if self.state[other] == UNKNOWN:
                self.set_edge(other, value if self.links.find(other)[1] == parity else LINE + CROSS - value)

    def link(self, a: int, b: int, differ: int) -> None:
        """Edges ``a`` and ``b`` are alike (``differ`` 0) or opposite (1)."""
        ra, pa = self.links.find(a)
        rb, pb = self.links.find(b)
        if ra == rb:
            if pa ^ pb != differ:
                raise Contradiction
            return
        root = self.links.union(ra, pa, rb, pb, differ)
        lay = self.layout
        known = -1
        for m in self.links.members(root):
            if self.state[m] != UNKNOWN:
                known = m
            for f in lay.edge_faces[m]:
                self.push(f)
            for d in lay.edge_dots[m]:
                self.push(lay.face_count + d)
        if known >= 0:
            self._settle_links(known)

    # ------------------------------------------------------------------ the fixed point
    def close(self) -> str:
        """Apply the level's techniques until nothing changes: ``solved``, ``stuck`` or ``contradiction``."""
        faces = self.layout.face_count
        try:
            while True:
                while self.head < len(self.queue):
                    item = self.queue[self.head]
                    self.head += 1
                    self.queued[item] = False
                    if item < faces:
                        self.face_rules(item)
                    else:
                        self.dot_rules(item - faces)
                self.queue.clear()
                self.head = 0
                verdict = self.loop_rule()
                if verdict != "progress":
                    return verdict
        except Contradiction:
            return "contradiction"

    def loop_rule(self) -> str:
        """The ``loop`` technique over the whole board: ``progress`` when it decided an edge, else the
        board's verdict."""
        if self.closed:
            if self.unmet:
                return "contradiction"
            for e in range(len(self.state)):
                if self.state[e] == UNKNOWN:
                    self.set_edge(e, CROSS)
            return "solved"
        if not self.unknown:
            return "contradiction"  # every edge known, no loop closed
        closing = [e for e, (a, b) in enumerate(self.layout.edge_dots)
                   if self.state[e] == UNKNOWN and self._find_dot(a) == self._find_dot(b)]
        if any(self._closing_completes(e) for e in closing):
            return "stuck"  # a loop that would meet every clue: a guess, not a deduction
        for e in closing:
            self.set_edge(e, CROSS)  # read before any is crossed: a cross may settle links at once
        return "progress" if closing else "stuck"

    def _closing_completes(self, e: int) -> bool:
        if self.part_lines[self._find_dot(self.layout.edge_dots[e][0])] != self.lines:
            return False
        unmet = self.unmet
        for f in self.layout.edge_faces[e]:
            k = self.clues[f]
            if k >= 0:
                unmet += (self.face_line[f] + 1 == k + 1) - (self.face_line[f] + 1 == k)
        return unmet == 0

    # ------------------------------------------------------------------ a face's techniques
    def face_rules(self, f: int) -> None:
        k = self.clues[f]
        if k < 0:
            return
        edges = self.layout.face_edges[f]
        n = len(edges)
        line, cross = self.face_line[f], self.face_cross[f]
        unknown = n - line - cross
        if line > k or n - k < cross:
            raise Contradiction
        if not unknown:
            return
        if line == k or n - k == cross:
            self._set_open(edges, CROSS if line == k else LINE)
            return
        before = self.unknown
        if n - k == cross + 1 and unknown > 2:
            self.pinch(f, edges)
        if self.level >= MEDIUM and self.unknown == before:
            self.bounds(f, k, edges)
        if self.level >= EXPERT and self.unknown == before:
            self.face_links(f, k, edges)

    def _set_open(self, edges: Sequence[int], value: int) -> None:
        for e in edges:
            if self.state[e] == UNKNOWN:
                self.set_edge(e, value)

    def pinch(self, f: int, edges: Sequence[int]) -> None:
        """A face that can spare one more edge, two of whose open edges meet at a dot a line reaches:
        one of those two is the spare, so every other open edge is a line."""
        state, dots = self.state, self.layout.face_dots[f]
        n = len(edges)
        for j in range(n):
            a, b = edges[j], edges[(j + 1) % n]
            if state[a] == UNKNOWN and state[b] == UNKNOWN and self.dot_line[dots[(j + 1) % n]]:
                for e in edges:
                    if e != a and e != b and state[e] == UNKNOWN:
                        self.set_edge(e, LINE)
                return

    def run_bounds(self, f: int, edges: Sequence[int]) -> tuple[list[int], list[int]]:
        """``least[j * n + k]`` and ``most[j * n + k]``: the fewest and most lines on the face's ``n``
        edges from its corner ``j`` round to corner ``k`` (edges ``j`` to ``k - 1``), bounded as Loopy
        bounds them: a run is split after its first edge or after its first two (a corner's pair facts)."""
        n = len(edges)
        state, flags, corners = self.state, self.flags, self.layout.face_corners[f]
        least = [0] * (n * n)
        most = [0] * (n * n)
        for j in range(n):
            k, k2 = (j + 1) % n, (j + 2) % n
            s1, s2 = state[edges[j]], state[edges[k]]
            most[j * n + k] = 0 if s1 == CROSS else 1
            least[j * n + k] = 1 if s1 == LINE else 0
            flag = flags[corners[k]]
            top = 2 - (s1 == CROSS) - (s2 == CROSS)
            most[j * n + k2] = 1 if top == 2 and flag & AT_MOST_ONE else top
            low = (s1 == LINE) + (s2 == LINE)
            least[j * n + k2] = 1 if low == 0 and flag & AT_LEAST_ONE else low
        for m in range(3, n):
            for j in range(n):
                k = j + m if j + m < n else j + m - n
                u = j + 1 if j + 1 < n else 0
                v = u + 1 if u + 1 < n else 0
                row, un, vn = j * n, u * n, v * n
                high_u, high_v = most[row + u] + most[un + k], most[row + v] + most[vn + k]
                most[row + k] = min(high_v, high_u)
                low_u, low_v = least[row + u] + least[un + k], least[row + v] + least[vn + k]
                least[row + k] = max(low_v, low_u)
        return least, most

    def bounds(self, f: int, clue: int, edges: Sequence[int]) -> None:
        """Each open edge, and from hard up each open corner, against what the rest of the face holds."""
        n = len(edges)
        least, most = self.run_bounds(f, edges)
        state, corners = self.state, self.layout.face_corners[f]
        for j in range(n):
            if state[edges[j]] != UNKNOWN:
                continue
            k = (j + 1) % n
            if least[k * n + j] > clue or most[k * n + j] < clue - 1:
                raise Contradiction
            if least[k * n + j] == clue:
                self.set_edge(edges[j], CROSS)
            if most[k * n + j] == clue - 1:
                self.set_edge(edges[j], LINE)
            if self.level < HARD or state[edges[k]] != UNKNOWN:
                continue
            rest = (j + 2) % n
            if least[rest * n + j] > clue - 2:
                self.set_flag(corners[k], AT_MOST_ONE)
            if most[rest * n + j] < clue:
                self.set_flag(corners[k], AT_LEAST_ONE)

    def face_links(self, f: int, clue: int, edges: Sequence[int]) -> None:
        if self.face_line[f] + 1 == clue:
            self._identical_pairs(edges, CROSS)
        if self.face_cross[f] + 1 == len(edges) - clue:
            self._identical_pairs(edges, LINE)
        self._parity([e for e in edges if self.state[e] == UNKNOWN], (clue - self.face_line[f]) & 1)

    def _identical_pairs(self, edges: Sequence[int], value: int) -> None:
        """Two open edges known alike cannot both take the one line (or cross) left: both are the other way."""
        for i, a in enumerate(edges):
            for b in edges[i + 1:]:
                if self.state[a] == UNKNOWN and self.state[b] == UNKNOWN and self.links.find(a) == self.links.find(b):
                    self.set_edge(a, value)
                    self.set_edge(b, value)

    def _parity(self, open_edges: list[int], odd: int) -> None:
        """The open edges of a face or dot hold an odd (``odd`` 1) or even number of lines."""
        n = len(open_edges)
        if n == 2:
            self.link(open_edges[0], open_edges[1], odd)
        elif n in (3, 4):
            found = [self.links.find(e) for e in open_edges]
            for i in range(n):
                for j in range(i + 1, n):
                    if found[i][0] != found[j][0]:
                        continue
                    rest = [open_edges[m] for m in range(n) if m != i and m != j]
                    left = odd ^ found[i][1] ^ found[j][1]
                    if n == 3:
                        self.set_edge(rest[0], LINE if left else CROSS)
                    else:
                        self.link(rest[0], rest[1], left)
                    if n == 4:
                        return

    # ------------------------------------------------------------------ a dot's techniques
    def dot_rules(self, d: int) -> None:
        around = self.layout.dot_around[d]
        line, cross = self.dot_line[d], self.dot_cross[d]
        unknown = len(around) - line - cross
        if line > 2 or (line == 1 and unknown == 0):
            raise Contradiction
        if not unknown:
            return
        if line == 2 or (line == 0 and unknown == 1):
            self._set_open(around, CROSS)
            return
        if line == 1 and unknown == 1:
            self._set_open(around, LINE)
            return
        before = self.unknown
        if self.level >= MEDIUM:
            self.pairs_at(d, line, unknown)
        if self.level >= EXPERT and self.unknown == before:
            self.dot_links(d, line)

    def pairs_at(self, d: int, line: int, unknown: int) -> None:
        """Pair facts at dot ``d``: read off its edges, deciding them, and from hard up passed across."""
        lay, state, flags = self.layout, self.state, self.flags
        before = self.unknown
        for p in lay.dot_pairs[d]:
            if self.unknown != before:
                return  # an edge of the dot was decided: it waits again, to be read afresh
            a, b = lay.pair_edges[p]
            sa, sb = state[a], state[b]
            if sa == CROSS or sb == CROSS:
                self.set_flag(p, AT_MOST_ONE)
            if sa == LINE or sb == LINE:
                self.set_flag(p, AT_LEAST_ONE)
            f = flags[p]
            if f & AT_MOST_ONE:
                if sa == LINE and sb == UNKNOWN:
                    self.set_edge(b, CROSS)
                if sb == LINE and sa == UNKNOWN:
                    self.set_edge(a, CROSS)
            if f & AT_LEAST_ONE:
                if sa == CROSS and sb == UNKNOWN:
                    self.set_edge(b, LINE)
                if sb == CROSS and sa == UNKNOWN:
                    self.set_edge(a, LINE)
            if sa != UNKNOWN or sb != UNKNOWN or self.unknown != before:
                continue
            if line == 0 and unknown == 2 and f:
                value = LINE if f & AT_LEAST_ONE else CROSS  # both lines or neither
                self.set_edge(a, value)
                self.set_edge(b, value)
                continue
            if line == 1:
                self.set_flag(p, AT_MOST_ONE)
                if unknown == 2:
                    self.set_flag(p, AT_LEAST_ONE)
            if self.level >= HARD and flags[p] & AT_LEAST_ONE:
                self.opposite(d, p, a, b, line, unknown)

    def opposite(self, d: int, p: int, a: int, b: int, line: int, unknown: int) -> None:
        lay, state = self.layout, self.state
        for q in lay.pair_disjoint[p]:
            self.set_flag(q, AT_MOST_ONE)
        if line != 0 or self.flags[p] != BOTH:
            return
        if unknown == 3:
            for e in lay.dot_around[d]:
                if e != a and e != b and state[e] == UNKNOWN:
                    self.set_edge(e, LINE)
        elif unknown == 4:
            for q in lay.pair_disjoint[p]:
                qa, qb = lay.pair_edges[q]
                if state[qa] == UNKNOWN and state[qb] == UNKNOWN:
                    self.set_flag(q, AT_LEAST_ONE)
                    return

    def dot_links(self, d: int, line: int) -> None:
        lay, state = self.layout, self.state
        for p in lay.dot_pairs[d]:
            a, b = lay.pair_edges[p]
            if state[a] != UNKNOWN or state[b] != UNKNOWN or a == b:
                continue
            ra, pa = self.links.find(a)
            rb, pb = self.links.find(b)
            if ra == rb and pa != pb:
                self.set_flag(p, AT_MOST_ONE)
                self.set_flag(p, AT_LEAST_ONE)
            elif self.flags[p] == BOTH:
                self.link(a, b, 1)
        self._parity([e for e in lay.dot_around[d] if state[e] == UNKNOWN], line & 1)

    # ------------------------------------------------------------------ the answer
    def loop(self) -> tuple[int, ...]:
        """The edges in order, 1 on the loop (of a solved board)."""
        return tuple(1 if s == LINE else 0 for s in self.state)


def finishes(grid: Grid, clues: Sequence[int | None], level: int) -> bool:
    """Whether the level's techniques alone finish the puzzle (which proves its loop unique)."""
    return Board(grid, clues, level).close() == "solved"
