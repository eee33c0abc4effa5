"""The Loop engine: one board's edge states and counters, its deduction rules, and a trail for undo.

The solver (:mod:`gridlogic.loop.solver`) drives it: propagation to a fixed
point, trial rounds, then search branches that are undone through the trail.

State
-----
Every edge is ``UNKNOWN``, ``LINE`` or ``CROSS`` (no line; see
:mod:`gridlogic.loop.board`), in ``edge_state``. Each cell and each vertex
keeps counters of its line and unknown edges (``cell_line_count``,
``cell_unknown_count``, ``vertex_line_count``, ``vertex_unknown_count``), so a
rule looks at two ints instead of four edges. Each vertex that ends a chain of
line edges knows the chain's other end and its length (``chain_mate``,
``chain_length``): joining two chains is O(1), and so is seeing that an edge
would close a cycle. Each cell corner keeps a 4-bit mask of its possible side
combinations (``corner_mask``, the medium rule). With ``colour=True`` the
engine also keeps the inside/outside colouring of :mod:`gridlogic.loop.colouring`
(the hard rule). Every change is pushed on a trail: a :class:`TrailMark` is the
trails' lengths, and a trial or a search branch is undone by popping the trails
back to a mark, never by copying the board.

Two work lists hold the cells and vertices whose edges changed since their rules
last looked (an item below ``cell_count`` is a cell, ``cell_count + v`` is vertex
``v``): ``easy_queue`` for the easy rules, ``corner_queue`` for the corner rule.

Worked example (a test runs it): on the 2×2 board ``3 . / 3 .`` a line on the
left side of both 3s makes one chain of length 2, whose ends (vertices 0 and 6)
know each other; the medium rules then finish the board, and undoing to the
mark restores all 12 unknown edges.

>>> from gridlogic.loop.board import LINE
>>> engine = Engine([3, None, 3, None], 2, 2)
>>> mark = engine.mark()
>>> g = engine.grid
>>> engine.set_edge(g.vertical(0, 0), LINE), engine.set_edge(g.vertical(1, 0), LINE)
(True, True)
>>> engine.chain_mate[0], engine.chain_mate[6], engine.chain_length[0]
(6, 0, 2)
>>> engine.propagate(MEDIUM), engine.unknown_edge_count
(True, 0)
>>> engine.undo(mark)
>>> engine.unknown_edge_count, engine.chain_mate[0]
(12, 0)

Techniques, by difficulty class
-------------------------------
Each deduction is counted under the rule that made it (``rule_counts``); a
puzzle's difficulty is the cheapest class whose rules alone finish it (see
:mod:`gridlogic.loop.difficulty`). The examples are the solver's
``EXAMPLES`` (checked in ``tests/loop/test_solver.py``).

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
* ``colour`` — inside/outside colouring, explained in
  :mod:`gridlogic.loop.colouring`. Its rules run only when the medium rules
  are stuck.

Junk cycles: the engine never lets a cycle close unless it is the whole
answer, so it never has to "forbid" a junk cycle after the fact. Forbidding
the extra cycles of a multi-cycle solution is unsound: the real loop can sit
beside a junk cycle.

Exact engines (``exact=True``, for Loop version 2's clue removal)
-----------------------------------------------------------------
Two rules stand aside for a reason that depends on the whole board: ``loop``
leaves a closing edge alone while that cycle would be the whole answer, and
``threes`` leaves two 3s alone while the ring around them fits every clue. An
exact engine also takes clues one at a time (:meth:`Engine.add_clue`, undone
by :meth:`Engine.undo`), so it makes those decisions final only when they
cannot change: it remembers the chain ends whose closing edge it left alone
(``closing_ends``) and looks at them again after every new line or clue, runs
``threes`` again after a clue, and asks ``threes`` about the clues alone, not
the lines drawn. The board its rules reach from a set of clues then does not
depend on the order in which the clues and deductions came, and it grows with
the set of clues. A plain engine (version 1's) is unchanged.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from gridlogic.loop.board import CROSS, LINE, UNKNOWN, Grid, grid, validate_loop
from gridlogic.loop.colouring import Colouring, EdgeBoard

EASY: Final = 0
MEDIUM: Final = 1
HARD: Final = 2
LEVEL_NAMES = ("easy", "medium", "hard")
RULES = ("clue", "vertex", "loop", "corner", "threes", "trial", "colour")
RULE_CLASS = {
    "clue": "easy", "vertex": "easy", "loop": "easy", "corner": "medium", "threes": "medium",
    "trial": "hard", "colour": "hard",
}  # fmt: skip
# indices into RULES, for Engine.current_rule and Engine.rule_counts
CLUE_RULE: Final = 0
VERTEX_RULE: Final = 1
LOOP_RULE: Final = 2
CORNER_RULE: Final = 3
THREES_RULE: Final = 4
TRIAL_RULE: Final = 5
COLOUR_RULE: Final = 6


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


_CELL_OPTIONS: Final[tuple[tuple[_Option, ...], ...]] = tuple(
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
def _corner_vertex_items(width: int, height: int) -> tuple[int, ...]:
    """Corner id -> work-list item of its vertex (cells first, then vertices)."""
    cell_count = width * height
    items = []
    for corner in range(4 * cell_count):
        cell, k = divmod(corner, 4)
        r, c = divmod(cell, width)
        # corner k (TL, TR, BR, BL) of cell (r, c) sits at vertex (r + (k >= 2), c + (k in (1, 2)))
        items.append(cell_count + (r + (k >= 2)) * (width + 1) + c + (k in (1, 2)))
    return tuple(items)


# Every distinct option table (a cell's, by its clue, or a kind of vertex's) has a number, the
# corner rule's memo key starts with it: cells' tables are 0..5 (clue 0..4, 5 for none).
_OPTION_TABLES: Final[dict[tuple[_Option, ...], int]] = {options: k for k, options in enumerate(_CELL_OPTIONS)}


def _table_number(options: tuple[_Option, ...]) -> int:
    return _OPTION_TABLES.setdefault(options, len(_OPTION_TABLES))


@lru_cache(maxsize=64)
def _vertex_tables(
    width: int, height: int
) -> tuple[tuple[tuple[int, int, int, int], ...], tuple[tuple[_Option, ...], ...], tuple[int, ...]]:
    """Per vertex: the ids of its four corners, its options (0 or 2 lines on existing edges) and
    the number of its option table (for the corner rule's memo).

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
    return tuple(corner_ids), tuple(options), tuple(_table_number(table) for table in options)


# What the corner rule concludes from (table, known sides, corner masks): the supported masks and
# the sides fixed, packed in one int (:func:`_corner_outcome`); -1 for a contradiction. A pure
# function of its key, so it is kept for every board (it holds a few thousand keys in practice).
# The memo is a hash table in two flat lists, probed linearly from the key's slot (a slot's key is
# -1 while empty), and emptied when half full: with mypyc a look-up boxes nothing, where a dict
# would box the key.
_MEMO_SLOTS: Final = 1 << 16
_MEMO_KEYS: Final[list[int]] = [-1] * _MEMO_SLOTS
_MEMO_OUTCOMES: Final[list[int]] = [0] * _MEMO_SLOTS
_MEMO_FILL: Final[list[int]] = [0]  # keys held


def _memo_slot(key: int) -> int:
    """The slot where the search for ``key`` starts (multiplicative hashing; keys are below 2**30, so
    the product stays a machine int)."""
    return ((key * 10368889) >> 12) & (_MEMO_SLOTS - 1)


def _remember(key: int, outcome: int) -> None:
    """Keep the corner rule's ``outcome`` for ``key`` (not held yet)."""
    keys = _MEMO_KEYS
    if _MEMO_FILL[0] >= _MEMO_SLOTS // 2:
        for slot in range(_MEMO_SLOTS):
            keys[slot] = -1
        _MEMO_FILL[0] = 0
    slot = _memo_slot(key)
    while keys[slot] >= 0:
        slot = (slot + 1) & (_MEMO_SLOTS - 1)
    keys[slot] = key
    _MEMO_OUTCOMES[slot] = outcome
    _MEMO_FILL[0] = _MEMO_FILL[0] + 1


def _corner_outcome(
    options: tuple[_Option, ...], known_on: int, known_off: int, m0: int, m1: int, m2: int, m3: int
) -> int:
    """The supported corner masks and (fixed sides, sides that can be lines) of one cell or vertex,
    4 bits each from the lowest: masks of corners 0 to 3, fixed sides, sides that can be lines;
    -1 when no option is left (a contradiction)."""
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
        return -1
    unknown = 15 ^ (known_on | known_off)
    fixed = unknown & ~(can_on & can_off)
    return (s0 & m0) | (s1 & m1) << 4 | (s2 & m2) << 8 | (s3 & m3) << 12 | fixed << 16 | can_on << 20


@lru_cache(maxsize=64)
def _side_bits(width: int, height: int) -> tuple[list[int], list[int]]:
    """Per edge, four ints: (cell, bit of the edge among the cell's sides) for its first and second
    cell (cell -1 on the border), and (vertex item, bit of the edge among the vertex's edges) for its
    two ends (bits 1, 2, 4, 8 in the tables' order). Flat lists, read only, shared by the engines."""
    g = grid(width, height)
    cell_count = g.cell_count
    cells: list[list[int]] = [[] for _ in range(g.edge_count)]
    for c, sides in enumerate(g.cell_edges):
        for k, e in enumerate(sides):
            cells[e] += [c, 1 << k]
    vertices: list[list[int]] = [[] for _ in range(g.edge_count)]
    for v, around in enumerate(g.vertex_edges):
        for k, e in enumerate(around):
            if e >= 0:
                vertices[e] += [cell_count + v, 1 << k]
    return [k for row in cells for k in (row + [-1, 0])[:4]], [k for row in vertices for k in row]


def _flat(rows: Sequence[Sequence[int]]) -> list[int]:
    """A table of equal rows as one flat list, row after row."""
    return [k for row in rows for k in row]


@lru_cache(maxsize=64)
def _flat_geometry(width: int, height: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """The grid's edge ends, cell sides and vertex edges, and the vertices' corner ids, as flat lists."""
    g = grid(width, height)
    corner_ids, _, _ = _vertex_tables(width, height)
    return _flat(g.edge_vertices), _flat(g.cell_edges), _flat(g.vertex_edges), _flat(corner_ids)


@dataclass(frozen=True)
class TrailMark:
    """The lengths of the engine's trails at one moment: :meth:`Engine.undo` returns there.

    The trails are flat lists of ints: a chain end's change takes 3 (vertex, old mate, old length),
    a corner mask's 2 (corner, old mask), a colour union's 2."""

    edges: int
    chains: int
    corner_masks: int
    colours: int
    clues: int = 0  # clues added (exact engines, :meth:`Engine.add_clue`)
    closing_ends: int = 0
    threes_done: bool = False


class Engine(EdgeBoard):
    """Edge states, counters, chains and corner masks of one board, with a trail for undo."""

    grid: Grid
    width: int
    height: int
    cell_count: int
    clues: list[int]  # per cell, -1 for no clue
    edge_state: list[int]  # per edge: UNKNOWN, LINE or CROSS
    unknown_edge_count: int
    line_count: int  # edges that are LINE
    cell_line_count: list[int]
    cell_unknown_count: list[int]
    vertex_line_count: list[int]
    vertex_unknown_count: list[int]
    unmet_clue_count: int  # clued cells whose line count is not their clue
    nonzero_clue_count: int  # clues other than 0 (kept by exact engines)
    # a vertex that ends a chain of lines: the chain's other end, and its length in edges
    chain_mate: list[int]
    chain_length: list[int]
    loop_closed_at: int  # edge_trail length before the edge that closed the loop; -1 while open
    corner_mask: list[int]  # per cell corner (4 * cell + TL/TR/BR/BL), then the dummy corner
    # per work-list item (cells, then cell_count + vertex): which of its sides are lines (bits 4 to 7)
    # and which are not (bits 0 to 3; a vertex's missing edges count as crosses); bits as in the
    # corner tables
    sides_known: list[int]
    # the geometry the rules read, as flat lists (read only, shared by the engines of one shape):
    # per edge (cell, bit, cell or -1, bit) and (vertex item, bit, vertex item, bit), see _side_bits
    edge_cell_bits: list[int]
    edge_vertex_bits: list[int]
    edge_ends: list[int]  # per edge: its two end vertices
    cell_sides: list[int]  # per cell: its top, right, bottom and left edges
    vertex_sides: list[int]  # per vertex: its up, right, down and left edges, -1 where the board ends
    vertex_corners: list[int]  # per vertex: the ids of its four corners
    vertex_options: tuple[tuple[_Option, ...], ...]
    vertex_table: tuple[int, ...]  # per vertex: the number of its option table
    corner_vertex_item: tuple[int, ...]
    edge_trail: list[int]  # edges in the order they were set
    chain_trail: list[int]  # vertex, old mate, old length; and so on
    corner_mask_trail: list[int]  # corner, old mask; and so on
    colouring: Colouring | None
    rule_counts: list[int]  # per rule of RULES: edges it set
    counting: bool  # count deductions in rule_counts (trial switches it off for its assumptions)
    current_rule: int  # the rule whose deductions set_edge is counting
    easy_queue: list[int]  # work list of the easy rules (cells, then cell_count + vertex)
    in_easy_queue: list[bool]
    corner_queue: list[int]  # work list of the corner rule
    in_corner_queue: list[bool]
    threes_done: bool  # the adjacent-3s rule has run (it needs to run once, again after a clue is added)
    exact: bool  # re-examine what a rule left alone when that may change (see the module docstring)
    closing_ends: list[int]  # exact: chain ends whose closing edge the loop rule left as the whole answer
    clue_trail: list[int]  # exact: the cells whose clue add_clue set, in order
    trial_progress: bool  # the last trial round set an edge
    deadline: float | None  # trial stops early past it (the search's time budget)
    propagations: int  # calls of propagate so far: the measure of the engine's work
    propagation_limit: int | None  # trial stops early once propagations reach it (a work budget)
    trial_cut_short: bool  # trial stopped at the deadline or the propagation limit

    def __init__(
        self, clues: Sequence[int | None], width: int, height: int, colour: bool = False,
        exact: bool = False,
    ) -> None:
        g = grid(width, height)
        self.grid = g
        self.width, self.height = width, height
        cell_count, vertex_count, edge_count = g.cell_count, g.vertex_count, g.edge_count
        self.cell_count = cell_count
        self.clues = [-1 if c is None else int(c) for c in clues]
        self.edge_state = [UNKNOWN] * edge_count
        self.unknown_edge_count = edge_count
        self.line_count = 0
        self.cell_line_count = [0] * cell_count
        self.cell_unknown_count = [4] * cell_count
        self.vertex_line_count = [0] * vertex_count
        self.vertex_unknown_count = [sum(1 for e in ve if e >= 0) for ve in g.vertex_edges]
        self.unmet_clue_count = sum(1 for c in self.clues if c > 0)
        self.nonzero_clue_count = self.unmet_clue_count
        self.chain_mate = list(range(vertex_count))
        self.chain_length = [0] * vertex_count
        self.loop_closed_at = -1
        self.corner_mask = [15] * (4 * cell_count + 1)
        self.sides_known = [0] * cell_count + [
            sum(1 << k for k in range(4) if ve[k] < 0) for ve in g.vertex_edges
        ]
        self.edge_cell_bits, self.edge_vertex_bits = _side_bits(width, height)
        self.edge_ends, self.cell_sides, self.vertex_sides, self.vertex_corners = _flat_geometry(width, height)
        _, self.vertex_options, self.vertex_table = _vertex_tables(width, height)
        self.corner_vertex_item = _corner_vertex_items(width, height)
        self.edge_trail = []
        self.chain_trail = []
        self.corner_mask_trail = []
        self.colouring = Colouring(width, height) if colour else None
        self.rule_counts = [0] * len(RULES)
        self.counting = True
        self.current_rule = CLUE_RULE
        self.easy_queue = []
        self.in_easy_queue = [False] * (cell_count + vertex_count)
        self.corner_queue = []
        self.in_corner_queue = [False] * (cell_count + vertex_count)
        for i in range(cell_count + vertex_count):
            self._enqueue(i)
        self.threes_done = False
        self.exact = exact
        self.closing_ends = []
        self.clue_trail = []
        self.trial_progress = False
        self.deadline = None
        self.propagations = 0
        self.propagation_limit = None
        self.trial_cut_short = False

    # ------------------------------------------------------------------ trail
    def mark(self) -> TrailMark:
        colouring = self.colouring
        return TrailMark(
            len(self.edge_trail),
            len(self.chain_trail),
            len(self.corner_mask_trail),
            0 if colouring is None else len(colouring.trail),
            len(self.clue_trail),
            len(self.closing_ends),
            self.threes_done,
        )

    def undo(self, mark: TrailMark) -> None:
        """Return to the moment of ``mark``: every later change is popped off the trails."""
        trail, edge_state, clues = self.edge_trail, self.edge_state, self.clues
        cell_line, cell_unknown = self.cell_line_count, self.cell_unknown_count
        vertex_line, vertex_unknown = self.vertex_line_count, self.vertex_unknown_count
        sides = self.sides_known
        edge_cell_bits, edge_vertex_bits, cell_count = self.edge_cell_bits, self.edge_vertex_bits, self.cell_count
        edges_mark = mark.edges
        unmet, lines = self.unmet_clue_count, self.line_count
        self.unknown_edge_count += len(trail) - edges_mark
        if self.loop_closed_at >= edges_mark:
            self.loop_closed_at = -1
        for t in range(len(trail) - 1, edges_mark - 1, -1):
            e = trail[t]
            line = edge_state[e] == LINE
            edge_state[e] = UNKNOWN
            shift = 4 if line else 0
            j = 4 * e
            for q in range(j, j + 4, 2):
                c = edge_cell_bits[q]
                if c < 0:
                    break
                bit = edge_cell_bits[q + 1]
                cell_unknown[c] = cell_unknown[c] + 1
                sides[c] = sides[c] ^ (bit << shift)
                if line:
                    k, n = clues[c], cell_line[c]
                    if k >= 0:
                        if n == k:
                            unmet += 1
                        elif n - 1 == k:
                            unmet -= 1
                    cell_line[c] = n - 1
            for q in range(j, j + 4, 2):
                i = edge_vertex_bits[q]
                sides[i] = sides[i] ^ (edge_vertex_bits[q + 1] << shift)
                v = i - cell_count
                vertex_unknown[v] = vertex_unknown[v] + 1
                if line:
                    vertex_line[v] = vertex_line[v] - 1
            if line:
                lines -= 1
        del trail[edges_mark:]
        self.unmet_clue_count, self.line_count = unmet, lines
        chain_trail, chain_mate, chain_length = self.chain_trail, self.chain_mate, self.chain_length
        for t in range(len(chain_trail) - 3, mark.chains - 1, -3):
            v = chain_trail[t]
            chain_mate[v] = chain_trail[t + 1]
            chain_length[v] = chain_trail[t + 2]
        del chain_trail[mark.chains:]
        mask_trail, corner_mask = self.corner_mask_trail, self.corner_mask
        for t in range(len(mask_trail) - 2, mark.corner_masks - 1, -2):
            corner_mask[mask_trail[t]] = mask_trail[t + 1]
        del mask_trail[mark.corner_masks:]
        if self.colouring is not None:
            self.colouring.undo(mark.colours)
        clue_trail = self.clue_trail
        while len(clue_trail) > mark.clues:
            c = clue_trail.pop()
            if cell_line[c] != clues[c]:
                self.unmet_clue_count -= 1
            if clues[c] > 0:
                self.nonzero_clue_count -= 1
            clues[c] = -1
        del self.closing_ends[mark.closing_ends:]
        self.threes_done = mark.threes_done
        self._clear_queues()

    def add_clue(self, c: int, k: int) -> None:
        """Give the blank cell ``c`` the clue ``k`` (an exact engine's, undone by :meth:`undo`); the
        rules look at it, and at everything its clue may change, on the next :meth:`propagate`."""
        assert self.exact and self.clues[c] < 0
        self.clues[c] = k
        self.clue_trail.append(c)
        if self.cell_line_count[c] != k:
            self.unmet_clue_count += 1
        if k > 0:
            self.nonzero_clue_count += 1
        self._enqueue(c)
        colouring = self.colouring
        if colouring is not None:
            colouring.enqueue_clue(c)
        self.threes_done = False
        self._look_again_at_closing_ends()

    def _look_again_at_closing_ends(self) -> None:
        """The loop rule left each of these chain ends' closing edge alone as the whole answer; a new
        line or clue may have changed that (the list is on the trail: undo shortens it)."""
        for v in self.closing_ends:
            self._enqueue(self.cell_count + v)

    def _clear_queues(self) -> None:
        in_easy, in_corner = self.in_easy_queue, self.in_corner_queue
        for i in self.easy_queue:
            in_easy[i] = False
        self.easy_queue.clear()
        for i in self.corner_queue:
            in_corner[i] = False
        self.corner_queue.clear()
        if self.colouring is not None:
            self.colouring.clear_queues()

    def _enqueue(self, i: int) -> None:
        if not self.in_easy_queue[i]:
            self.in_easy_queue[i] = True
            self.easy_queue.append(i)
        if not self.in_corner_queue[i]:
            self.in_corner_queue[i] = True
            self.corner_queue.append(i)

    # ------------------------------------------------------------------ set
    # The hot methods are written for mypyc: flat lists of ints, no tuples built or unpacked per
    # edge, and an item updated as ``a[i] = a[i] + 1`` (mypyc runs ``a[i] += 1`` as generic object
    # arithmetic).
    def set_edge(self, e: int, value: int) -> bool:
        """Give edge ``e`` a value; False on an immediate contradiction."""
        edge_state = self.edge_state
        current = edge_state[e]
        if current:
            return current == value
        line = value == LINE
        if line and self.loop_closed_at >= 0:
            return False
        vertex_line = self.vertex_line_count
        cell_count = self.cell_count
        if line:
            a, b = self.edge_ends[2 * e], self.edge_ends[2 * e + 1]
            if vertex_line[a] >= 2 or vertex_line[b] >= 2:
                return False
            chain_mate, chain_length = self.chain_mate, self.chain_length
            end_a, length_a = a, 0
            if vertex_line[a] == 1:
                end_a, length_a = chain_mate[a], chain_length[a]
            end_b, length_b = b, 0
            if vertex_line[b] == 1:
                end_b, length_b = chain_mate[b], chain_length[b]
            if end_a == b:
                # closes a cycle: only the whole answer may do that
                if self.line_count != length_a:
                    return False
                self.loop_closed_at = len(self.edge_trail)
            else:
                chain_trail = self.chain_trail
                chain_trail.append(end_a)
                chain_trail.append(chain_mate[end_a])
                chain_trail.append(chain_length[end_a])
                chain_trail.append(end_b)
                chain_trail.append(chain_mate[end_b])
                chain_trail.append(chain_length[end_b])
                chain_mate[end_a] = end_b
                chain_mate[end_b] = end_a
                joined = length_a + length_b + 1
                chain_length[end_a] = joined
                chain_length[end_b] = joined
                # the far ends may now face a closing edge: look at them again
                self._enqueue(cell_count + end_a)
                self._enqueue(cell_count + end_b)
            self.line_count += 1
        edge_state[e] = value
        self.edge_trail.append(e)
        self.unknown_edge_count -= 1
        if self.counting:
            rule_counts, rule = self.rule_counts, self.current_rule
            rule_counts[rule] = rule_counts[rule] + 1
        if line and self.closing_ends:
            self._look_again_at_closing_ends()
        clues, cell_line, cell_unknown = self.clues, self.cell_line_count, self.cell_unknown_count
        in_easy, easy_queue = self.in_easy_queue, self.easy_queue
        in_corner, corner_queue = self.in_corner_queue, self.corner_queue
        sides, shift = self.sides_known, 4 if line else 0
        edge_cell_bits = self.edge_cell_bits
        j = 4 * e
        for q in range(j, j + 4, 2):
            c = edge_cell_bits[q]
            if c < 0:
                break
            cell_unknown[c] = cell_unknown[c] - 1
            sides[c] = sides[c] | (edge_cell_bits[q + 1] << shift)
            if line:
                k, n = clues[c], cell_line[c]
                if k >= 0:
                    if n == k:
                        self.unmet_clue_count += 1
                    elif n + 1 == k:
                        self.unmet_clue_count -= 1
                cell_line[c] = n + 1
            if not in_easy[c]:
                in_easy[c] = True
                easy_queue.append(c)
            if not in_corner[c]:
                in_corner[c] = True
                corner_queue.append(c)
        vertex_unknown = self.vertex_unknown_count
        edge_vertex_bits = self.edge_vertex_bits
        for q in range(j, j + 4, 2):
            i = edge_vertex_bits[q]
            sides[i] = sides[i] | (edge_vertex_bits[q + 1] << shift)
            v = i - cell_count
            vertex_unknown[v] = vertex_unknown[v] - 1
            if line:
                vertex_line[v] = vertex_line[v] + 1
            if not in_easy[i]:
                in_easy[i] = True
                easy_queue.append(i)
            if not in_corner[i]:
                in_corner[i] = True
                corner_queue.append(i)
        colouring = self.colouring
        if colouring is not None and not colouring.union(e, line):
            return False
        # a closed loop must already meet every clue
        return not (self.loop_closed_at >= 0 and self.unmet_clue_count)

    def _set_mask(self, corner: int, new: int, from_cell: bool) -> None:
        corner_mask = self.corner_mask
        self.corner_mask_trail.append(corner)
        self.corner_mask_trail.append(corner_mask[corner])
        corner_mask[corner] = new
        # tell the other side of the corner: its vertex when a cell changed it, else its cell
        i = self.corner_vertex_item[corner] if from_cell else corner >> 2
        if not self.in_corner_queue[i]:
            self.in_corner_queue[i] = True
            self.corner_queue.append(i)

    # ------------------------------------------------------------------ rules
    def easy_cell(self, c: int) -> bool:
        """The clue rule at cell ``c`` (see the module docstring); False on a contradiction."""
        k = self.clues[c]
        if k < 0:
            return True
        line, unknown = self.cell_line_count[c], self.cell_unknown_count[c]
        if line > k or line + unknown < k:
            return False
        if unknown and (line == k or line + unknown == k):
            value = CROSS if line == k else LINE
            self.current_rule = CLUE_RULE
            edge_state, cell_sides = self.edge_state, self.cell_sides
            for q in range(4 * c, 4 * c + 4):
                e = cell_sides[q]
                if edge_state[e] == UNKNOWN and not self.set_edge(e, value):
                    return False
        return True

    def easy_vertex(self, v: int) -> bool:
        """The vertex and loop rules at vertex ``v`` (see the module docstring); False on a contradiction."""
        line, unknown = self.vertex_line_count[v], self.vertex_unknown_count[v]
        if line > 2:
            return False
        if unknown == 0:
            return line != 1
        edge_state, vertex_sides = self.edge_state, self.vertex_sides
        first = 4 * v
        if line == 2 or (line == 0 and unknown == 1):
            self.current_rule = VERTEX_RULE
            for q in range(first, first + 4):
                e = vertex_sides[q]
                if e >= 0 and edge_state[e] == UNKNOWN and not self.set_edge(e, CROSS):
                    return False
            return True
        if line == 1:
            if unknown == 1:
                self.current_rule = VERTEX_RULE
                for q in range(first, first + 4):
                    e = vertex_sides[q]
                    if e >= 0 and edge_state[e] == UNKNOWN:
                        return self.set_edge(e, LINE)
            other = self.chain_mate[v]
            edge_ends = self.edge_ends
            for q in range(first, first + 4):
                e = vertex_sides[q]
                if e >= 0 and edge_state[e] == UNKNOWN:
                    a, b = edge_ends[2 * e], edge_ends[2 * e + 1]
                    if (b if a == v else a) != other:
                        continue
                    if not self._closing_completes(v, e):
                        self.current_rule = LOOP_RULE
                        if not self.set_edge(e, CROSS):
                            return False
                    elif self.exact and v not in self.closing_ends:
                        self.closing_ends.append(v)
        return True

    def _closing_completes(self, v: int, e: int) -> bool:
        """Would a line on ``e`` (joining the ends of ``v``'s chain) make the whole answer?"""
        if self.line_count != self.chain_length[v]:
            return False
        unmet = self.unmet_clue_count
        edge_cell_bits = self.edge_cell_bits
        for q in range(4 * e, 4 * e + 4, 2):
            c = edge_cell_bits[q]
            if c < 0:
                break
            k = self.clues[c]
            if k >= 0:
                unmet += (self.cell_line_count[c] == k) - (self.cell_line_count[c] + 1 == k)
        return unmet == 0

    def corner_rule(self, i: int) -> bool:
        """The corner rule at cell ``i`` (a vertex from ``cell_count`` on); False on a contradiction."""
        corner_mask = self.corner_mask
        cell_count = self.cell_count
        if i < cell_count:
            k = self.clues[i]
            table = k if k >= 0 else 5
            c0 = 4 * i
            c1, c2, c3 = c0 + 1, c0 + 2, c0 + 3
        else:
            table = self.vertex_table[i - cell_count]
            vertex_corners = self.vertex_corners
            q = 4 * (i - cell_count)
            c0, c1, c2, c3 = vertex_corners[q], vertex_corners[q + 1], vertex_corners[q + 2], vertex_corners[q + 3]
        known = self.sides_known[i]
        m0, m1, m2, m3 = corner_mask[c0], corner_mask[c1], corner_mask[c2], corner_mask[c3]
        key = (table << 24) | (known << 16) | (m0 << 12) | (m1 << 8) | (m2 << 4) | m3
        keys, slot = _MEMO_KEYS, _memo_slot(key)
        while True:
            held = keys[slot]
            if held == key:
                outcome = _MEMO_OUTCOMES[slot]
                break
            if held < 0:
                options = _CELL_OPTIONS[table] if i < cell_count else self.vertex_options[i - cell_count]
                outcome = _corner_outcome(options, known >> 4, known & 15, m0, m1, m2, m3)
                _remember(key, outcome)
                break
            slot = (slot + 1) & (_MEMO_SLOTS - 1)
        if outcome < 0:
            return False
        s0, s1, s2, s3 = outcome & 15, (outcome >> 4) & 15, (outcome >> 8) & 15, (outcome >> 12) & 15
        fixed, can_on = (outcome >> 16) & 15, outcome >> 20
        from_cell = i < cell_count
        if s0 != m0:
            self._set_mask(c0, s0, from_cell)
        if s1 != m1:
            self._set_mask(c1, s1, from_cell)
        if s2 != m2:
            self._set_mask(c2, s2, from_cell)
        if s3 != m3:
            self._set_mask(c3, s3, from_cell)
        if fixed:
            self.current_rule = CORNER_RULE
            sides = self.cell_sides if from_cell else self.vertex_sides
            first = 4 * i if from_cell else 4 * (i - cell_count)
            for k in range(4):
                bit = 1 << k
                if fixed & bit and not self.set_edge(sides[first + k], LINE if can_on & bit else CROSS):
                    return False
        return True

    def adjacent_threes(self) -> bool:
        """Medium rule for two 3s side by side (see the module docstring); False on a contradiction."""
        w, clues = self.width, self.clues
        self.current_rule = THREES_RULE
        for a in range(self.cell_count):
            if clues[a] != 3:
                continue
            r = a // w
            c = a - r * w
            if c + 1 < w and clues[a + 1] == 3 and not self._threes_pair(a, a + 1, True):
                return False
            if r + 1 < self.height and clues[a + w] == 3 and not self._threes_pair(a, a + w, False):
                return False
        return True

    def _threes_pair(self, a: int, b: int, horizontal: bool) -> bool:
        """The threes rule on the 3s at cells ``a`` and ``b`` (``b`` right of or below ``a``)."""
        g = self.grid
        ta, ra, ba, la = g.cell_edges[a]
        tb, rb, bb, lb = g.cell_edges[b]
        if horizontal:
            shared, far_a, far_b = ra, la, rb
            ring = {ta, la, ba, tb, rb, bb}
        else:
            shared, far_a, far_b = ba, ta, bb
            ring = {ta, la, ra, lb, rb, bb}
        if self._clues_fit_ring(a, b, ring) if self.exact else self._ring_is_answer(ring):
            return True
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

    def _clues_fit_ring(self, a: int, b: int, ring: set[int]) -> bool:
        """Exact engines: does the loop around cells ``a`` and ``b`` (the edge set ``ring``) meet every
        clue? Then it may be the answer, whatever lines are drawn. Every cell next to the ring must be
        blank or a 1, every other clue a 0."""
        nonzero = self.nonzero_clue_count - 2
        for e in ring:
            for c in self.grid.edge_cells[e]:
                if c != a and c != b:
                    k = self.clues[c]
                    if k == 1:
                        nonzero -= 1
                    elif k >= 0:
                        return False
        return nonzero == 0

    def _ring_is_answer(self, ring: set[int]) -> bool:
        """Would the loop around two cells (the edge set ``ring``) meet every clue on its own?"""
        for c, k in enumerate(self.clues):
            if k >= 0 and sum(1 for e in self.grid.cell_edges[c] if e in ring) != k:
                return False
        return all(self.edge_state[e] != LINE or e in ring for e in range(self.grid.edge_count))

    def propagate(self, level: int) -> bool:
        """Apply the rules of ``level`` (EASY or MEDIUM) to a fixed point; False on a contradiction.

        With colouring, its rules run too, once the easy and medium rules are stuck.
        """
        self.propagations += 1
        cell_count = self.cell_count
        easy_queue, in_easy = self.easy_queue, self.in_easy_queue
        corner_queue, in_corner = self.corner_queue, self.in_corner_queue
        colouring = self.colouring
        while True:
            while easy_queue:
                i = easy_queue.pop()
                in_easy[i] = False
                ok = self.easy_cell(i) if i < cell_count else self.easy_vertex(i - cell_count)
                if not ok:
                    self._clear_queues()
                    return False
            if self.loop_closed_at >= 0 and self.unknown_edge_count:
                self.current_rule = LOOP_RULE
                edge_state = self.edge_state
                for e in range(self.grid.edge_count):
                    if edge_state[e] == UNKNOWN and not self.set_edge(e, CROSS):
                        self._clear_queues()
                        return False
                continue
            if level < MEDIUM:
                break
            if not self.threes_done:
                self.threes_done = True
                if not self.adjacent_threes():
                    self._clear_queues()
                    return False
                continue
            if not corner_queue:
                # colouring (hard) only when the easy and medium rules are stuck
                if colouring is None or not colouring.has_work():
                    break
                self.current_rule = COLOUR_RULE
                if not colouring.deduce_step(self):
                    self._clear_queues()
                    return False
                continue
            # the corner rule until an edge is set (set_edge fills the easy queue): the same order
            # as one item per round of the outer loop
            while corner_queue and not easy_queue:
                i = corner_queue.pop()
                in_corner[i] = False
                if not self.corner_rule(i):
                    self._clear_queues()
                    return False
        if level < MEDIUM:
            self._clear_queues()
        return True

    def trial(self) -> bool:
        """Hard rule: one round of "assume, propagate, refute" over all unknown edges.

        Returns False on a contradiction (the position has no solution). Sets
        ``trial_progress`` when it deduced something.
        """
        self.trial_progress = False
        edge_state = self.edge_state
        deadline, limit = self.deadline, self.propagation_limit
        for e in range(self.grid.edge_count):
            if edge_state[e] != UNKNOWN:
                continue
            if limit is not None and self.propagations >= limit:
                self.trial_cut_short = True
                break
            if deadline is not None and time.perf_counter() > deadline:
                self.trial_cut_short = True
                break
            for value in (LINE, CROSS):
                mark = self.mark()
                saved, self.counting = self.counting, False
                ok = self.set_edge(e, value) and self.propagate(MEDIUM)
                self.undo(mark)
                self.counting = saved
                if not ok:
                    self.current_rule = TRIAL_RULE
                    opposite = CROSS if value == LINE else LINE
                    if not self.set_edge(e, opposite) or not self.propagate(MEDIUM):
                        return False
                    self.trial_progress = True
                    break
            if self.unknown_edge_count == 0:
                break
        return True

    # ------------------------------------------------------------------ reading the board
    def edges(self) -> list[int]:
        """The edge list of the board so far (1 = line, 0 = cross or unknown)."""
        return [1 if s == LINE else 0 for s in self.edge_state]

    def solved(self) -> bool:
        return self.unknown_edge_count == 0 and validate_loop(
            self.edges(), [None if k < 0 else k for k in self.clues], self.width, self.height
        )

    def choose_edge(self) -> int:
        """MRV: an unknown edge at a chain end with the fewest unknown edges; -1 when none is left."""
        if self.unknown_edge_count == 0:
            return -1
        g, edge_state = self.grid, self.edge_state
        vertex_line, vertex_unknown = self.vertex_line_count, self.vertex_unknown_count
        best, best_unknown = -1, 5
        for v in range(g.vertex_count):
            if vertex_line[v] == 1 and vertex_unknown[v] < best_unknown:
                best, best_unknown = v, vertex_unknown[v]
                if best_unknown == 2:
                    break
        if best >= 0:
            for e in g.vertex_edges[best]:
                if e >= 0 and edge_state[e] == UNKNOWN:
                    return e
        # no chain yet: start at the cell that needs the most new lines
        best_cell, best_need = -1, -1
        for c, k in enumerate(self.clues):
            if k >= 0 and self.cell_unknown_count[c] and k - self.cell_line_count[c] > best_need:
                best_cell, best_need = c, k - self.cell_line_count[c]
        if best_cell >= 0:
            for e in g.cell_edges[best_cell]:
                if edge_state[e] == UNKNOWN:
                    return e
        for e in range(g.edge_count):
            if edge_state[e] == UNKNOWN:
                return e
        return -1
