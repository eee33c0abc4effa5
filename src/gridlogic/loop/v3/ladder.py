"""The deductions of Loop version 3's four levels, one board at a time (see :mod:`.levels` for the ladder).

A :class:`Board` holds one puzzle's edge states (``UNKNOWN``, ``LINE``, ``CROSS``),
what is known about **pairs** (two edges that meet at a dot next to each other
around it: ``AT_MOST_ONE`` and ``AT_LEAST_ONE`` of them is a line) and, from
expert up, **links** (edges known to be alike or opposite:
:class:`~gridlogic.loop.links.Links`). Its :meth:`Board.close` applies the techniques of one level until
nothing changes, from a work list of the cells and dots whose edges or pairs
changed; the techniques are named in :data:`RULES` and explained, each with a
worked example, in :mod:`.levels`.

Every technique only writes down what every loop meeting the clues has, so the
board a level reaches does not depend on the order the work list is taken in,
and a board that ends with every edge known holds the puzzle's one loop. The
``loop`` technique is the one that looks at the whole board (which chain ends an
edge would join, and whether that closed loop would be the whole answer): it runs
whenever the work list is empty, so its verdict is always that of the final
board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from gridlogic.loop.board import CROSS, LINE, UNKNOWN, grid, validate_loop
from gridlogic.loop.links import Links

__all__ = ["AT_LEAST_ONE", "AT_MOST_ONE", "RULES", "Board", "Contradiction", "Layout", "layout"]

# Final: the compiled build reads them as constants, not from the module's dict
EASY: Final = 0
MEDIUM: Final = 1
HARD: Final = 2
EXPERT: Final = 3
RULES = ("clue", "vertex", "loop", "pinch", "pair", "bound", "cell_pair", "opposite", "parity")
RULE_LEVEL = {
    "clue": EASY, "vertex": EASY, "loop": EASY, "pinch": EASY, "pair": MEDIUM, "bound": MEDIUM,
    "cell_pair": HARD, "opposite": HARD, "parity": EXPERT,
}  # fmt: skip
AT_MOST_ONE: Final = 1
AT_LEAST_ONE: Final = 2


class Contradiction(Exception):
    """The known edges and the clues cannot all hold."""


class Layout:
    """The tables of one board shape: each dot's edges in turn around it, the pairs they make, and
    each cell's four corners as pairs.

    A pair is two edges next to each other around a dot. Around an inner dot there are four (one per
    corner of the four cells there); around a dot on the border three (the two corners inside and the
    one across the outside); a corner dot has one.
    """

    def __init__(self, width: int, height: int) -> None:
        g = grid(width, height)
        self.grid = g
        self.cell_count = g.cell_count
        self.pair_vertex: list[int] = []
        self.pair_edges: list[tuple[int, int]] = []
        self.pair_cell: list[int] = []
        self.vertex_pairs: list[tuple[int, ...]] = []
        self.vertex_around: list[tuple[int, ...]] = []
        self.vertex_cells = tuple(
            tuple(sorted({c for e in edges if e >= 0 for c in g.edge_cells[e]})) for edges in g.vertex_edges
        )
        pair_of: dict[tuple[int, int], int] = {}
        for v, edges in enumerate(g.vertex_edges):
            around = tuple(e for e in edges if e >= 0)
            self.vertex_around.append(around)
            ends = list(zip(around, around[1:] + around[:1])) if len(around) > 2 else [around]
            pairs = []
            for a, b in ends:
                p = len(self.pair_edges)
                shared = set(g.edge_cells[a]) & set(g.edge_cells[b])
                self.pair_vertex.append(v)
                self.pair_edges.append((a, b))
                self.pair_cell.append(shared.pop() if shared else -1)
                pair_of[(min(a, b), max(a, b))] = p
                pairs.append(p)
            self.vertex_pairs.append(tuple(pairs))
        # cell corner k joins sides k and k + 1 (top, right, bottom, left, in turn)
        self.cell_pairs = tuple(
            tuple(pair_of[(min(sides[k], sides[(k + 1) % 4]), max(sides[k], sides[(k + 1) % 4]))] for k in range(4))
            for sides in g.cell_edges
        )
        # for each pair, the pairs at its dot that share no edge with it (an inner dot's opposite pair)
        self.pair_disjoint = tuple(
            tuple(q for q in self.vertex_pairs[self.pair_vertex[p]] if not set(self.pair_edges[q]) & set(edges))
            for p, edges in enumerate(self.pair_edges)
        )


@lru_cache(maxsize=64)
def layout(width: int, height: int) -> Layout:
    return Layout(width, height)


RUN_BOUNDS: dict[int, tuple[int, int]] = {}  # run_bounds by Board._run's key of a run


def run_bounds(states: tuple[int, ...], flags: tuple[int, ...]) -> tuple[int, int]:
    """The fewest and most lines a run of sides can hold (their states, and the pair facts between
    neighbours in the run); (1, 0) when no assignment fits."""
    least, most = len(states) + 1, -1
    for bits in range(1 << len(states)):
        values = [(bits >> k) & 1 for k in range(len(states))]
        if any((s == LINE and not x) or (s == CROSS and x) for s, x in zip(states, values)):
            continue
        pairs = [values[k] + values[k + 1] for k in range(len(flags))]
        if any((f & AT_MOST_ONE and n > 1) or (f & AT_LEAST_ONE and n < 1) for f, n in zip(flags, pairs)):
            continue
        least, most = min(least, sum(values)), max(most, sum(values))
    return (least, most) if most >= 0 else (1, 0)


class Board:
    """One puzzle's deduction state at one level (see the module docstring); ``like=board`` makes a copy
    of ``board`` as it stands instead (see :meth:`copy`)."""

    def __init__(self, clues: Sequence[int | None], width: int, height: int, level: int,
                 without: Iterable[str] = (), like: Board | None = None) -> None:
        self.layout = lay = layout(width, height)
        g = lay.grid
        self.width, self.height, self.level = width, height, level
        if like is None:
            self.clues = [-1 if k is None else k for k in clues]
            off = set(without)
            uses = {rule: RULE_LEVEL[rule] <= level and rule not in off for rule in RULES}
            # the techniques this board applies, one flag each (read in the hot loops)
            self.use_clue, self.use_vertex, self.use_loop = uses["clue"], uses["vertex"], uses["loop"]
            self.use_pinch, self.use_pair, self.use_bound = uses["pinch"], uses["pair"], uses["bound"]
            self.use_cell_pair, self.use_opposite, self.use_parity = uses["cell_pair"], uses["opposite"], \
                uses["parity"]
            self.state, self.unknown, self.lines = [UNKNOWN] * g.edge_count, g.edge_count, 0
            self.cell_line, self.cell_unknown = [0] * g.cell_count, [4] * g.cell_count
            self.vertex_line, self.vertex_unknown = [0] * g.vertex_count, [len(a) for a in lay.vertex_around]
            self.unmet = sum(1 for k in self.clues if k > 0)
            self.flags = [0] * len(lay.pair_edges)
            self.counts = dict.fromkeys(RULES, 0)
            # dots joined by lines (union-find) and the lines of each part
            self.dot_parent, self.part_lines, self.closed = list(range(g.vertex_count)), [0] * g.vertex_count, False
            self.links = Links(g.edge_count)  # links (expert): edges known alike or opposite
            # the work list, first in first out: the items from ``head`` on wait (cells, then dots by
            # cell_count + dot); an item waits at most once
            items = g.cell_count + g.vertex_count
            self.queue, self.head, self.queued = list(range(items)), 0, [True] * items
            self.rule = "clue"
            return
        self.clues, self.rule = like.clues[:], like.rule
        self.use_clue, self.use_vertex, self.use_loop = like.use_clue, like.use_vertex, like.use_loop
        self.use_pinch, self.use_pair, self.use_bound = like.use_pinch, like.use_pair, like.use_bound
        self.use_cell_pair, self.use_opposite, self.use_parity = like.use_cell_pair, like.use_opposite, \
            like.use_parity
        self.state, self.unknown, self.lines, self.unmet = like.state[:], like.unknown, like.lines, like.unmet
        self.cell_line, self.cell_unknown = like.cell_line[:], like.cell_unknown[:]
        self.vertex_line, self.vertex_unknown = like.vertex_line[:], like.vertex_unknown[:]
        self.flags, self.counts = like.flags[:], dict(like.counts)
        self.dot_parent, self.part_lines, self.closed = like.dot_parent[:], like.part_lines[:], like.closed
        self.links = like.links.copy()
        self.queue, self.head, self.queued = like.queue[:], like.head, like.queued[:]

    def copy(self) -> Board:
        """This board as it stands, to deduce on from without changing this one."""
        return Board((), self.width, self.height, self.level, like=self)

    def add_clue(self, c: int, k: int) -> None:
        """Show clue ``k`` in cell ``c``, which showed none: the cell waits to be read."""
        self.clues[c] = k
        if self.cell_line[c] != k:
            self.unmet += 1
        self.push(c)

    # ------------------------------------------------------------------ state changes
    def push(self, item: int) -> None:
        if not self.queued[item]:
            self.queued[item] = True
            self.queue.append(item)

    def waiting(self) -> bool:
        """Whether an item waits in the work list."""
        return self.head < len(self.queue)

    def next_item(self) -> int:
        """The next waiting item of the work list (no longer waiting), or -1 when none waits."""
        if self.head == len(self.queue):
            if self.head:
                self.queue.clear()
                self.head = 0
            return -1
        item = self.queue[self.head]
        self.head += 1
        self.queued[item] = False
        return item

    def set_edge(self, e: int, value: int) -> None:
        """Decide edge ``e``; Contradiction when it is decided the other way or breaks a count."""
        old = self.state[e]
        if old == value:
            return
        if old != UNKNOWN:
            raise Contradiction
        self.state[e] = value
        self.unknown -= 1
        self.counts[self.rule] += 1
        g, lay = self.layout.grid, self.layout
        for c in g.edge_cells[e]:
            self.cell_unknown[c] -= 1
            if value == LINE:
                k = self.clues[c]
                self.cell_line[c] += 1
                if k >= 0:
                    self.unmet += (self.cell_line[c] == k + 1) - (self.cell_line[c] == k)
            self.push(c)
        for v in g.edge_vertices[e]:
            self.vertex_unknown[v] -= 1
            self.push(lay.cell_count + v)
            if value == LINE:
                self.vertex_line[v] += 1
                for c in lay.vertex_cells[v]:
                    self.push(c)  # a line reaching a cell's corner from outside (``pinch``)
        if value == LINE:
            self.lines += 1
            a, b = g.edge_vertices[e]
            self._join(a, b)
        if self.use_parity:
            self._settle_links(e)

    def set_flag(self, p: int, flag: int) -> None:
        if self.flags[p] & flag:
            return
        self.flags[p] |= flag
        lay = self.layout
        self.push(lay.cell_count + lay.pair_vertex[p])
        if lay.pair_cell[p] >= 0:
            self.push(lay.pair_cell[p])

    def _find_dot(self, v: int) -> int:
        parent = self.dot_parent
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

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
        value = self.state[e]
        if self.links.size[root] == 1:
            return
        saved, self.rule = self.rule, "parity"
        for other in self.links.members(root):
            if self.state[other] == UNKNOWN:
                self.set_edge(other, value if self.links.find(other)[1] == parity else LINE + CROSS - value)
        self.rule = saved

    def link(self, a: int, b: int, differ: int) -> None:
        """Edges ``a`` and ``b`` are alike (``differ`` 0) or opposite (1)."""
        ra, pa = self.links.find(a)
        rb, pb = self.links.find(b)
        if ra == rb:
            if pa ^ pb != differ:
                raise Contradiction
            return
        members = self.links.members(self.links.union(ra, pa, rb, pb, differ))
        g, lay = self.layout.grid, self.layout
        known = next((m for m in members if self.state[m] != UNKNOWN), -1)
        for m in members:
            for c in g.edge_cells[m]:
                self.push(c)
            for v in g.edge_vertices[m]:
                self.push(lay.cell_count + v)
        if known >= 0:
            self._settle_links(known)

    # ------------------------------------------------------------------ the fixed point
    def close(self) -> str:
        """Apply the level's techniques until nothing changes: ``solved``, ``stuck`` or ``contradiction``."""
        try:
            while True:
                while (item := self.next_item()) >= 0:
                    if item < self.layout.cell_count:
                        self.cell_rules(item)
                    else:
                        self.vertex_rules(item - self.layout.cell_count)
                if not self.loop_rule():
                    break
        except Contradiction:
            return "contradiction"
        if self.unknown:
            return "stuck"
        edges = [1 if s == LINE else 0 for s in self.state]
        clues = [None if k < 0 else k for k in self.clues]
        return "solved" if validate_loop(edges, clues, self.width, self.height) else "contradiction"

    def loop_rule(self) -> bool:
        """The ``loop`` technique over the whole board; True when it decided an edge."""
        if not self.use_loop or not self.unknown:
            return False
        self.rule = "loop"
        before = self.unknown
        if self.closed:
            for e in range(len(self.state)):
                if self.state[e] == UNKNOWN:
                    self.set_edge(e, CROSS)
            return True
        g = self.layout.grid
        for v, count in enumerate(self.vertex_line):
            if count != 1:
                continue
            for e in self.layout.vertex_around[v]:
                if self.state[e] != UNKNOWN:
                    continue
                a, b = g.edge_vertices[e]
                other = b if a == v else a
                if other < v or self.vertex_line[other] != 1 or self._find_dot(v) != self._find_dot(other):
                    continue
                if not self._closing_completes(v, e):
                    self.set_edge(e, CROSS)
        return self.unknown != before

    def _closing_completes(self, v: int, e: int) -> bool:
        if self.part_lines[self._find_dot(v)] != self.lines:
            return False
        unmet = self.unmet
        for c in self.layout.grid.edge_cells[e]:
            k = self.clues[c]
            if k >= 0:
                unmet += (self.cell_line[c] + 1 == k + 1) - (self.cell_line[c] + 1 == k)
        return unmet == 0

    # ------------------------------------------------------------------ a cell's techniques
    def cell_rules(self, c: int) -> None:
        k = self.clues[c]
        if k < 0:
            return
        line, unknown = self.cell_line[c], self.cell_unknown[c]
        if line > k or line + unknown < k:
            raise Contradiction
        if not unknown:
            return
        sides = self.layout.grid.cell_edges[c]
        state = self.state
        if (line == k or line + unknown == k) and self.use_clue:
            self.rule = "clue"
            value = CROSS if line == k else LINE
            for e in sides:
                if state[e] == UNKNOWN:
                    self.set_edge(e, value)
            return
        # each technique reads the cell afresh; once one decides an edge, the cell is queued again
        before = self.unknown
        if self.use_pinch and unknown - (k - line) == 1 and unknown > 2:
            self.pinch(c, sides)
        if self.use_bound and self.unknown == before:
            self.bound(c, k, sides)
        if self.use_cell_pair and self.unknown == before:
            self.cell_pair(c, k, sides)
        if self.use_parity and self.unknown == before:
            self.cell_parity(k, sides)

    def pinch(self, c: int, sides: Sequence[int]) -> None:
        """A clue that can spare one more side, two of whose open sides meet at a dot a line already
        reaches: one of those two is the spare, so every other open side is a line."""
        state, g = self.state, self.layout.grid
        for k in range(4):
            a, b = sides[k], sides[(k + 1) % 4]
            if state[a] != UNKNOWN or state[b] != UNKNOWN:
                continue
            ends = g.edge_vertices[a]
            dot = ends[0] if ends[0] in g.edge_vertices[b] else ends[1]  # where the two sides meet
            if self.vertex_line[dot]:
                self.rule = "pinch"
                for e in sides:
                    if e != a and e != b and state[e] == UNKNOWN:
                        self.set_edge(e, LINE)
                return

    def _run(self, c: int, start: int, length: int) -> tuple[int, int]:
        """:func:`run_bounds` of the run of ``length`` sides of cell ``c`` from side ``start``, looked up by
        the run's states and facts as one number (each below 4: two bits)."""
        sides = self.layout.grid.cell_edges[c]
        corners = self.layout.cell_pairs[c]
        key = length
        for j in range(length):
            key = key * 4 + self.state[sides[(start + j) % 4]]
        for j in range(length - 1):
            key = key * 4 + self.flags[corners[(start + j) % 4]]
        found = RUN_BOUNDS.get(key)
        if found is None:
            states = tuple(self.state[sides[(start + j) % 4]] for j in range(length))
            flags = tuple(self.flags[corners[(start + j) % 4]] for j in range(length - 1))
            found = RUN_BOUNDS[key] = run_bounds(states, flags)
        return found

    def bound(self, c: int, k: int, sides: Sequence[int]) -> None:
        """Each open side against the fewest and most lines its cell's other three sides can hold."""
        for j in range(4):
            e = sides[j]
            if self.state[e] != UNKNOWN:
                continue
            least, most = self._run(c, j + 1, 3)
            if least > k or most < k - 1:
                raise Contradiction
            if least == k or most == k - 1:
                self.rule = "bound"
                self.set_edge(e, CROSS if least == k else LINE)

    def cell_pair(self, c: int, k: int, sides: Sequence[int]) -> None:
        """A corner of two open sides against what the cell's other two sides can hold."""
        corners = self.layout.cell_pairs[c]
        self.rule = "cell_pair"
        for j in range(4):
            if self.state[sides[j]] != UNKNOWN or self.state[sides[(j + 1) % 4]] != UNKNOWN:
                continue
            least, most = self._run(c, j + 2, 2)
            if least > k - 2:
                self.set_flag(corners[j], AT_MOST_ONE)
            if most < k:
                self.set_flag(corners[j], AT_LEAST_ONE)

    def cell_parity(self, k: int, sides: Sequence[int]) -> None:
        open_sides = [e for e in sides if self.state[e] == UNKNOWN]
        need = k - sum(1 for e in sides if self.state[e] == LINE)
        self.rule = "parity"
        if need == 1:
            self._identical_pairs(open_sides, CROSS)
        if len(open_sides) - need == 1:
            self._identical_pairs(open_sides, LINE)
        self._parity(open_sides, need & 1)

    def _identical_pairs(self, open_sides: list[int], value: int) -> None:
        """Two open edges known alike cannot both take the one line (or the one cross) left: both are
        the other way."""
        for i, a in enumerate(open_sides):
            for b in open_sides[i + 1:]:
                if self.state[a] == UNKNOWN and self.state[b] == UNKNOWN and self.links.find(a) == self.links.find(b):
                    self.rule = "parity"
                    self.set_edge(a, value)
                    self.set_edge(b, value)

    def _parity(self, open_edges: list[int], odd: int) -> None:
        """The open edges of a cell or dot hold an odd (``odd`` 1) or even number of lines."""
        open_edges = [e for e in open_edges if self.state[e] == UNKNOWN]
        n = len(open_edges)
        if n == 2:
            self.link(open_edges[0], open_edges[1], odd)
        elif n in (3, 4):
            roots, parities = [0] * n, [0] * n
            for m in range(n):
                roots[m], parities[m] = self.links.find(open_edges[m])
            for i in range(n):
                for j in range(i + 1, n):
                    if roots[i] != roots[j]:
                        continue
                    rest = [open_edges[m] for m in range(n) if m != i and m != j]
                    left = odd ^ parities[i] ^ parities[j]
                    self.rule = "parity"
                    if n == 3:
                        self.set_edge(rest[0], LINE if left else CROSS)
                    else:
                        self.link(rest[0], rest[1], left)
                    return

    # ------------------------------------------------------------------ a dot's techniques
    def vertex_rules(self, v: int) -> None:
        line, unknown = self.vertex_line[v], self.vertex_unknown[v]
        if line > 2 or (line == 1 and unknown == 0):
            raise Contradiction
        if not unknown:
            return
        around = self.layout.vertex_around[v]
        state = self.state
        if (line == 2 or unknown == 1) and self.use_vertex:
            self.rule = "vertex"
            value = LINE if line == 1 else CROSS
            for e in around:
                if state[e] == UNKNOWN:
                    self.set_edge(e, value)
            return
        before = self.unknown
        if self.use_pair:
            self.pairs_at(v, line, unknown)
        if self.use_parity and self.unknown == before:
            self.vertex_parity(v, line)

    def pairs_at(self, v: int, line: int, unknown: int) -> None:
        """The ``pair`` technique at dot ``v`` and, from hard up, ``opposite``."""
        lay, state, flags = self.layout, self.state, self.flags
        opposite = self.use_opposite
        before = self.unknown
        for p in lay.vertex_pairs[v]:
            if self.unknown != before:
                return  # an edge of the dot was decided: it is queued again, and read afresh
            a, b = lay.pair_edges[p]
            sa, sb = state[a], state[b]
            self.rule = "pair"
            if sa == CROSS or sb == CROSS:
                self.set_flag(p, AT_MOST_ONE)
            if sa == LINE or sb == LINE:
                self.set_flag(p, AT_LEAST_ONE)
            f = flags[p]
            # a fact and one known edge decide the other (each way round, from the states read above)
            if sb == UNKNOWN and ((sa == LINE and f & AT_MOST_ONE) or (sa == CROSS and f & AT_LEAST_ONE)):
                self.set_edge(b, CROSS if sa == LINE else LINE)
            if sa == UNKNOWN and ((sb == LINE and f & AT_MOST_ONE) or (sb == CROSS and f & AT_LEAST_ONE)):
                self.set_edge(a, CROSS if sb == LINE else LINE)
            if self.unknown != before:
                return
            if sa != UNKNOWN or sb != UNKNOWN:
                continue
            if line == 0 and unknown == 2 and f:
                # the dot's only two open edges are alike: both lines or neither
                value = LINE if f & AT_LEAST_ONE else CROSS
                self.set_edge(a, value)
                self.set_edge(b, value)
                continue
            if line == 1:
                self.set_flag(p, AT_MOST_ONE)
                if unknown == 2:
                    self.set_flag(p, AT_LEAST_ONE)
            if opposite and flags[p] & AT_LEAST_ONE:
                self.rule = "opposite"
                for q in lay.pair_disjoint[p]:
                    self.set_flag(q, AT_MOST_ONE)
                if line == 0 and flags[p] == AT_MOST_ONE | AT_LEAST_ONE:
                    if unknown == 3:
                        for e in lay.vertex_around[v]:
                            if e != a and e != b and state[e] == UNKNOWN:
                                self.set_edge(e, LINE)
                    elif unknown == 4:
                        for q in lay.pair_disjoint[p]:
                            self.set_flag(q, AT_LEAST_ONE)

    def vertex_parity(self, v: int, line: int) -> None:
        lay, state = self.layout, self.state
        self.rule = "parity"
        for p in lay.vertex_pairs[v]:
            a, b = lay.pair_edges[p]
            if state[a] != UNKNOWN or state[b] != UNKNOWN or a == b:
                continue
            ra, pa = self.links.find(a)
            rb, pb = self.links.find(b)
            if ra == rb and pa != pb:
                self.set_flag(p, AT_MOST_ONE)
                self.set_flag(p, AT_LEAST_ONE)
            elif self.flags[p] == AT_MOST_ONE | AT_LEAST_ONE:
                self.link(a, b, 1)
        self._parity([e for e in lay.vertex_around[v] if state[e] == UNKNOWN], line & 1)
