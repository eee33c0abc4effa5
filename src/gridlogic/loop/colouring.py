"""The inside/outside colouring of the Loop engine: the hard rule ``colour``.

Every cell is inside or outside the loop, and off the board is outside. A
line between two cells (or a cell and the outside) says their colours
differ, a cross says they are the same. A union-find with parity keeps the
classes of cells whose colours are tied: its nodes are the cells and the
outside (node ``cell_count``), and each node's parity relative to its root
says whether it has the root's colour (0) or the other one (1). It unites by
size without path compression, so a union is undone by unlinking the one
root it linked, in reverse order, from :attr:`Colouring.trail`. Each class
also keeps its members in a ring (``next_member``): two rings are spliced on
a union and unspliced on its undo, and the members of the smaller class are
queued (``grown``), since their edges may now join two nodes of one class.

Two rules use the classes (:meth:`Colouring.deduce_step` runs them when the
engine's easy and medium rules are stuck):

* an edge between two nodes of one class is decided, however far apart the
  facts that tied them: a line when their parities differ, else a cross;
* a clue counts its sides whose far cell differs in colour, so unknown sides
  whose far cells share a class count together: the clue rule tries every
  colouring of the classes around the cell and sets a side that is the same
  in every colouring that meets the clue (a 3 whose two neighbours are known
  to be the same colour must differ from both).

Example (``EXAMPLES["colour"]`` of :mod:`gridlogic.loop.solver`, checked in
``tests/loop/test_solver.py``), a 4×3 board ``. 2 1 . / . 2 3 3 / . 1 . .``:
the medium rules stop with 26 edges unknown; with colouring nothing is left
to guess.

Worked example (a test runs it): on a 2×1 board, a line on the left side of
cell 0 and a cross between cells 0 and 1 put both cells and the outside
(node 2) in one class: the cells share a colour, the outside has the other.
Every border edge of cell 1 then joins two nodes of that class with
different parities, so the colour rule draws them.

>>> from gridlogic.loop.board import LINE, CROSS
>>> from gridlogic.loop.engine import Engine
>>> engine = Engine([None, None], 2, 1, colour=True)
>>> g, colouring = engine.grid, engine.colouring
>>> engine.set_edge(g.vertical(0, 0), LINE), engine.set_edge(g.vertical(0, 1), CROSS)
(True, True)
>>> [colouring.find(node) for node in (0, 1, 2)]
[(0, 0), (0, 0), (0, 1)]
>>> colouring.deduce_step(engine)
True
>>> [engine.edge_state[e] == LINE for e in g.cell_edges[1]]
[True, True, True, False]
"""

from __future__ import annotations

from functools import lru_cache

from gridlogic.loop.board import CROSS, LINE, UNKNOWN, grid


class EdgeBoard:
    """What a colouring reads and sets of the engine that holds it: the clues, the edges' states and
    ``set_edge``. :class:`gridlogic.loop.engine.Engine` is one (it subclasses this class), so that
    compiled code calls the engine directly while this module does not import it."""

    clues: list[int]  # per cell, -1 for no clue
    edge_state: list[int]  # per edge: UNKNOWN, LINE or CROSS

    def set_edge(self, e: int, value: int) -> bool:
        """Set edge ``e`` to ``value`` with every consequence; False on a contradiction."""
        raise NotImplementedError


@lru_cache(maxsize=64)
def _edge_sides(width: int, height: int) -> tuple[list[int], list[int], list[int]]:
    """Edge -> the two colour nodes it separates (a border edge: its cell and the outside node,
    ``width * height``), two ints per edge; the border edges (those touching the outside node); and
    every cell's four sides, four ints per cell. Flat lists, read only, shared by the colourings."""
    g = grid(width, height)
    outside = g.cell_count
    sides: list[int] = []
    border: list[int] = []
    for e, cells in enumerate(g.edge_cells):
        if len(cells) == 2:
            sides += [cells[0], cells[1]]
        else:
            sides += [cells[0], outside]
            border.append(e)
    return sides, border, [e for edges in g.cell_edges for e in edges]


class Colouring:
    """The colour classes of one board (a union-find with parity), with a trail for undo."""

    cell_count: int  # the outside is node cell_count
    edge_sides: list[int]  # edge e -> the two nodes it separates, at 2 * e and 2 * e + 1
    border_edges: list[int]  # the edges between a cell and the outside
    cell_sides: list[int]  # cell c -> its four sides, from 4 * c
    parent: list[int]  # per node; a root is its own parent
    parity: list[int]  # per node: 1 when its colour differs from its parent's
    class_size: list[int]  # per root: the members of its class
    next_member: list[int]  # per node: the next member of its class's ring
    trail: list[int]  # per union, two ints: the root linked below, the root it joined
    grown: list[int]  # nodes whose class grew since the edge rule last looked at them
    clue_queue: list[int]  # clued cells the clue rule should look at again
    in_clue_queue: list[bool]
    scratch: list[int]  # the clue rule's working space: three ints for each of a cell's four sides

    def __init__(self, width: int, height: int) -> None:
        self.cell_count = cell_count = width * height
        self.edge_sides, self.border_edges, self.cell_sides = _edge_sides(width, height)
        nodes = cell_count + 1
        self.parent = list(range(nodes))
        self.parity = [0] * nodes
        self.class_size = [1] * nodes
        self.next_member = list(range(nodes))
        self.trail = []
        self.grown = []
        self.clue_queue = []
        self.in_clue_queue = [False] * cell_count
        self.scratch = [0] * 12

    def find(self, x: int) -> tuple[int, int]:
        """The root of ``x``'s colour class and ``x``'s parity relative to it."""
        parent, parity = self.parent, self.parity
        p = 0
        while parent[x] != x:
            p ^= parity[x]
            x = parent[x]
        return x, p

    def union(self, e: int, differ: bool) -> bool:
        """Record that the two sides of edge ``e`` differ (a line) or agree (a cross).

        False when their classes already say the opposite.
        """
        ra, pa = self.find(self.edge_sides[2 * e])
        rb, pb = self.find(self.edge_sides[2 * e + 1])
        relation = 1 if differ else 0
        if ra == rb:
            return pa ^ pb == relation
        size = self.class_size
        if size[ra] < size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.parity[rb] = pa ^ pb ^ relation
        size[ra] = size[ra] + size[rb]
        next_member = self.next_member
        next_ra = next_member[ra]
        next_member[ra] = next_member[rb]
        next_member[rb] = next_ra
        self.trail.append(rb)
        self.trail.append(ra)
        # the smaller class's members now follow ra in the ring, up to rb
        m = next_member[ra]
        grown = self.grown
        while True:
            grown.append(m)
            if m == rb:
                break
            m = next_member[m]
        return True

    def undo(self, length: int) -> None:
        """Undo the unions past the first ``length`` of the trail, latest first."""
        trail = self.trail
        if len(trail) > length:
            parent, parity, size, next_member = (
                self.parent, self.parity, self.class_size, self.next_member
            )  # fmt: skip
            for t in range(len(trail) - 2, length - 1, -2):
                small, big = trail[t], trail[t + 1]
                next_big = next_member[big]
                next_member[big] = next_member[small]
                next_member[small] = next_big
                parent[small] = small
                parity[small] = 0
                size[big] = size[big] - size[small]
            del trail[length:]

    def enqueue_clue(self, c: int) -> None:
        """Have the clue rule look at cell ``c`` (a clue was just given to it)."""
        if not self.in_clue_queue[c]:
            self.in_clue_queue[c] = True
            self.clue_queue.append(c)

    def clear_queues(self) -> None:
        self.grown.clear()
        in_clue_queue = self.in_clue_queue
        for c in self.clue_queue:
            in_clue_queue[c] = False
        self.clue_queue.clear()

    def has_work(self) -> bool:
        return bool(self.grown or self.clue_queue)

    def deduce_step(self, engine: EdgeBoard) -> bool:
        """One step of the colour rules: the edge rule over every grown node, else one queued clue.

        False on a contradiction.
        """
        if self.grown:
            return self._decide_edges(engine)
        c = self.clue_queue.pop()
        self.in_clue_queue[c] = False
        return self._decide_clue(engine, c)

    def _decide_edges(self, engine: EdgeBoard) -> bool:
        """Edges between two nodes of one colour class are decided by their parities."""
        edge_state, grown, cell_count = engine.edge_state, self.grown, self.cell_count
        sides, cell_sides, border_edges, clues = self.edge_sides, self.cell_sides, self.border_edges, engine.clues
        clue_queue, in_clue_queue = self.clue_queue, self.in_clue_queue
        while grown:
            m = grown.pop()
            rm, pm = self.find(m)
            if m < cell_count:
                edges, first, end = cell_sides, 4 * m, 4 * m + 4
                # a clued cell next to a class that grew may now see two sides in one class
                m_clued = clues[m] >= 0
            else:
                edges, first, end = border_edges, 0, len(border_edges)
                m_clued = False
            for q in range(first, end):
                e = edges[q]
                a = sides[2 * e]
                o = sides[2 * e + 1] if a == m else a
                if m_clued and not in_clue_queue[m]:
                    in_clue_queue[m] = True
                    clue_queue.append(m)
                if o < cell_count and clues[o] >= 0 and not in_clue_queue[o]:
                    in_clue_queue[o] = True
                    clue_queue.append(o)
                if edge_state[e] != UNKNOWN:
                    continue
                ro, po = self.find(o)
                if ro == rm and not engine.set_edge(e, LINE if pm ^ po else CROSS):
                    return False
        return True

    def _decide_clue(self, engine: EdgeBoard, c: int) -> bool:
        """A clue counts the sides whose far colour differs; sides in one class move together."""
        k = engine.clues[c]
        edge_state, sides = engine.edge_state, self.edge_sides
        rc, pc = self.find(c)
        fixed = 0
        # the unknown sides, three ints each in the scratch list: edge, root of the far side, parity
        # vs c's root
        scratch, count = self.scratch, 0
        cell_sides = self.cell_sides
        shared = False
        for q in range(4 * c, 4 * c + 4):
            e = cell_sides[q]
            s = edge_state[e]
            if s == LINE:
                fixed += 1
            elif s == UNKNOWN:
                a = sides[2 * e]
                ro, po = self.find(sides[2 * e + 1] if a == c else a)
                for j in range(count):
                    if scratch[3 * j + 1] == ro:
                        shared = True
                scratch[3 * count] = e
                scratch[3 * count + 1] = ro
                scratch[3 * count + 2] = po ^ pc
                count += 1
        if not shared:
            return True  # no two unknown sides share a class: the clue rule says it all
        edges = [scratch[3 * j] for j in range(count)]
        roots = [scratch[3 * j + 1] for j in range(count)]
        parities = [scratch[3 * j + 2] for j in range(count)]
        groups = sorted(set(roots))
        # a colouring of the classes is a bit per group (y's bit j for groups[j]); c's own class
        # relative to itself is fixed at 0
        group_of = [groups.index(r) for r in roots]
        own = 1 << groups.index(rc) if rc in groups else 0
        can_line = can_cross = 0
        for y in range(1 << len(groups)):
            if y & own:
                continue
            lines = 0
            pattern = 0
            for j in range(count):
                if ((y >> group_of[j]) & 1) ^ parities[j]:
                    lines += 1
                    pattern |= 1 << j
            if fixed + lines == k:
                can_line |= pattern
                can_cross |= ((1 << count) - 1) ^ pattern
        if not can_line and not can_cross:
            return False
        for j, e in enumerate(edges):
            if edge_state[e] != UNKNOWN:
                continue
            if not (can_line >> j) & 1:
                if not engine.set_edge(e, CROSS):
                    return False
            elif not (can_cross >> j) & 1 and not engine.set_edge(e, LINE):
                return False
        return True
