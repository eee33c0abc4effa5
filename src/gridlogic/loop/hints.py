"""Loop's hints: the next edges a person can decide, by the easiest rule, and why.

A board's knowledge is its lines (1) and its × marks (2: known to carry no
line). The step solver drives Loop's own engine (:mod:`gridlogic.loop.engine`)
one rule at one place at a time, so that its techniques are exactly the
grader's, with the grader's names, tried easiest first:

* **easy**: ``clue`` (a number with all its lines, or needing all its open
  sides), ``vertex`` (a dot has 0 or 2 lines), ``loop`` (a line may not
  close a loop short of the whole answer; a closed answer crosses the rest);
* **medium**: ``corner`` (a cell's or a dot's corners: the pairs of sides
  that meet at a dot, and which of their four combinations are still
  possible), ``threes`` (two 3s side by side);
* **hard**: ``colour`` (inside and outside: a line between two cells says
  they differ, a × that they agree) and ``trial`` (assume one edge, apply
  the rules up to colouring, refute it on a contradiction);
* ``search``, beyond every level: assume the edge the engine would branch
  on and try every way on (:data:`SEARCH_NODE_LIMIT` nodes); an assumption
  under which no loop meets the clues is refuted. A puzzle with several
  loops stops here, and its walk-through says so.

The levels named here are version 1's; versions 1 and 2 grade the same
techniques by their own levels (their ``GRADING``: version 2's makes ``trial``
expert), and :func:`hints_by_version` builds the game's record from them.
Version 3 has its own step solver, its ladder's (:mod:`gridlogic.loop.v3.hints`),
which :func:`hints_by_version` hands its puzzles, and puzzles brought from outside.

A step is one rule at one cell or dot (for ``corner``, the first place where
the corners' reasoning decides an edge; its evidence lists every cell and dot
whose corners led there). A walk-through takes a ``deadline`` (see :mod:`gridlogic.hints`),
checked before each step, each edge a ``trial`` assumes and each node of a ``search``: past it,
:class:`~gridlogic.params.OutOfTime`. Each rule only removes what no solution has, so a
walk-through of a puzzle uses the techniques of the grader's level and no
harder ones: the level it shows is the grader's (``tests/loop/test_hints.py``
checks it for every level).

Worked example (the engine's ``EXAMPLES["clue"]``, checked in
``tests/loop/test_hints.py``): the 2x2 board ``. . / 0 1``; the 0 in the
bottom-left cell has no line on any side::

    >>> step = next_step([None, None, 0, 1], 2, 2, {})
    >>> step.technique, [(m.index, m.value) for m in step.decides]
    ('clue', [(2, 0), (4, 0), (9, 0), (10, 0)])
    >>> step.explanation.en
    'The 0 at row 2, column 1: none of its sides has a line.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from gridlogic.hints import Hint, Hints, Mark, Technique, Text, Walkthrough, hardest_level
from gridlogic.loop.board import CROSS, LINE, UNKNOWN, validate_loop
from gridlogic.loop.decide import decide
from gridlogic.loop.engine import LOOP_RULE, MEDIUM, VERTEX_RULE, Engine
from gridlogic.loop.rules import Grading
from gridlogic.loop.solver import LEVEL_NAMES, check_clues
from gridlogic.params import check_deadline, seconds_left
from gridlogic.verdict import Verdict

__all__ = [
    "SEARCH_NODE_LIMIT", "STUCK_SECONDS", "TECHNIQUES", "graded", "hint", "hint_for", "hints_by_version", "next_step",
    "search_step", "stuck_verdict", "walkthrough",
]

SEARCH_NODE_LIMIT = 2000  # nodes a search step may take to refute one assumption
BOARD_BLANK, BOARD_LINE, BOARD_CROSS = 0, 1, 2  # the page's edges

TECHNIQUES = (
    Technique("clue", "easy", Text("a number already has its lines, or needs every open side",
                                   "数字の線がもう足りているか、残りの辺すべてが必要")),
    Technique("vertex", "easy", Text("a dot has 0 or 2 lines", "点には線が0本か2本")),
    Technique("loop", "easy", Text("a line may not close a loop that is not the whole answer",
                                   "答え全体でない輪を閉じる線は引けない")),
    Technique("corner", "medium", Text("the pairs of sides meeting at a dot, read across cells and dots",
                                       "点で出会う2辺の組を、マスと点をまたいで読む")),
    Technique("threes", "medium", Text("two 3s side by side", "隣り合う2つの3")),
    Technique("colour", "hard", Text("inside and outside: a line separates them, a × keeps them together",
                                     "内側と外側: 線をまたぐと入れ替わり、×では変わらない")),
    Technique("trial", "hard", Text("assume an edge; if the rules then run into a contradiction, it is the "
                                    "other way", "辺を仮定して矛盾が出たら逆に決める")),
    Technique("search", None, Text("assume an edge and try every way on; if no loop fits, it is the other way",
                                   "辺を仮定してその先をすべて試し、輪ができなければ逆に決める")),
)
LEVELS = LEVEL_NAMES


def graded(grading: Grading) -> tuple[Technique, ...]:
    """:data:`TECHNIQUES` with each one's level by a version's ``grading`` (``search`` beyond every level).

    Every version grades the same techniques, each by its own levels (version 2: trial is expert).
    """
    return tuple(Technique(t.name, grading.technique_level[t.name] if t.level else None, t.summary)
                 for t in TECHNIQUES)


class _Contradiction(Exception):
    """The known edges cannot all be right (only an explain of a puzzle with no loop gets here)."""


# --- words -----------------------------------------------------------------------------------

def _cell(i: int, width: int) -> Text:
    r, c = divmod(i, width)
    return Text(f"row {r + 1}, column {c + 1}", f"{r + 1}行{c + 1}列")


def _dot(v: int, width: int) -> Text:
    r, c = divmod(v, width + 1)
    return Text(f"the dot at row {r + 1}, column {c + 1}", f"{r + 1}行{c + 1}列の点")


def _edge(e: int, width: int, height: int) -> Text:
    """An edge by the dot it leaves to the right (a horizontal edge) or downwards (a vertical one)."""
    horizontal = (height + 1) * width
    if e < horizontal:
        dot, way = _dot(e // width * (width + 1) + e % width, width), ("right", "右")
    else:
        dot, way = _dot(e - horizontal, width), ("down", "下")
    return Text(f"the edge from {dot.en} going {way[0]}", f"{dot.ja}から{way[1]}への辺")


def _node(x: int, width: int, cells: int) -> Text:
    return Text("the outside", "盤の外") if x == cells else _cell(x, width)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


CELL_SIDES = (("top", "上"), ("right", "右"), ("bottom", "下"), ("left", "左"))
DOT_WAYS = (("up", "上"), ("right", "右"), ("down", "下"), ("left", "左"))


def _around(decided: Sequence[tuple[int, int]], place_edges: Sequence[int], cell: bool) -> Text:
    """What a step decides around one cell (its sides) or one dot (its edges), in words:
    "its top and left sides have a line, its right side has none"."""
    names = CELL_SIDES if cell else DOT_WAYS
    lines = [names[place_edges.index(e)] for e, v in decided if v]
    empty = [names[place_edges.index(e)] for e, v in decided if not v]

    def listed(words: list[tuple[str, str]]) -> Text:
        en = [w[0] for w in words]
        return Text(en[0] if len(en) == 1 else ", ".join(en[:-1]) + " and " + en[-1], "と".join(w[1] for w in words))

    parts = []
    if lines:
        what = listed(lines)
        plural = len(lines) > 1
        parts.append(Text(f"its {what.en} {'sides have' if plural else 'side has'} a line", f"{what.ja}の辺は線")
                     if cell else Text(f"the {'edges' if plural else 'edge'} going {what.en} "
                                       f"{'have' if plural else 'has'} a line", f"{what.ja}への辺は線"))
    if empty:
        what = listed(empty)
        plural = len(empty) > 1
        parts.append(Text(f"its {what.en} {'sides have' if plural else 'side has'} none", f"{what.ja}の辺は線なし")
                     if cell else Text(f"the {'edges' if plural else 'edge'} going {what.en} "
                                       f"{'have' if plural else 'has'} none", f"{what.ja}への辺は線なし"))
    return Text(", ".join(p.en for p in parts), "、".join(p.ja for p in parts))


# --- the board and its engine ------------------------------------------------------------------

class _Board:
    """The engine holding the clues and the known edges, and the tables the words need."""

    def __init__(self, clues: Sequence[int | None], width: int, height: int, known: Mapping[int, int],
                 deadline: float | None = None) -> None:
        self.clues, self.width, self.height = list(clues), width, height
        self.deadline = deadline  # past it the trials stop (OutOfTime); None: no deadline
        self.engine = Engine(self.clues, width, height, colour=True)
        self.grid = self.engine.grid
        self.cells = width * height
        for e in sorted(known):
            if not self.engine.set_edge(e, known[e]):
                raise _Contradiction

    def new_edges(self, since: int) -> tuple[tuple[int, int], ...]:
        state = self.engine.edge_state
        return tuple((e, 1 if state[e] == LINE else 0) for e in self.engine.edge_trail[since:])

    def known_edges(self, edges: Iterable[int]) -> list[int]:
        return [e for e in edges if e >= 0 and self.engine.edge_state[e] != UNKNOWN]

    def step(self, technique: str, decided: Sequence[tuple[int, int]], evidence: Iterable[Mark],
             words: Text) -> Hint:
        decides = tuple(Mark("edge", e, v) for e, v in sorted(decided))
        seen = {m.index for m in decides if m.kind == "edge"}
        unique = sorted({m for m in evidence if not (m.kind == "edge" and m.index in seen)})
        return Hint("step", technique, decides, tuple(unique), words)

    def chain_edges(self, v: int) -> list[int]:
        """The line edges of the chain that ends at dot ``v`` (one line there)."""
        g, state = self.grid, self.engine.edge_state
        found: list[int] = []
        previous, vertex = -1, v
        while True:
            nxt = next((e for e in g.vertex_edges[vertex] if e >= 0 and e != previous and state[e] == LINE), -1)
            if nxt < 0:
                return found
            found.append(nxt)
            a, b = g.edge_vertices[nxt]
            previous, vertex = nxt, (b if a == vertex else a)
            if vertex == v:
                return found


# --- easy ------------------------------------------------------------------------------------

def _clue_words(b: _Board, c: int, value: int, lines: int, open_sides: int) -> Text:
    k, cell = b.clues[c], _cell(c, b.width)
    if not value and k == 0:
        return Text(f"The 0 at {cell.en}: none of its sides has a line.", f"{cell.ja}の0: どの辺にも線はありません。")
    if not value:
        return Text(f"The {k} at {cell.en} has its {_count(lines, 'line')} already: its other sides have none.",
                    f"{cell.ja}の{k}は線がもう{lines}本あるので、残りの辺に線はありません。")
    return Text(f"The {k} at {cell.en} needs every one of its {_count(open_sides, 'undecided side')}: "
                "they are lines.", f"{cell.ja}の{k}は、残る{open_sides}辺がすべて線でないと足りません。")


def _vertex_words(b: _Board, v: int, lines: int) -> Text:
    dot = _dot(v, b.width)
    if lines == 2:
        return Text(f"Two lines meet at {dot.en}: its other edges have no line.",
                    f"{dot.ja}では線が2本つながっているので、ほかの辺に線はありません。")
    if lines == 0:
        return Text(f"{dot.en[0].upper()}{dot.en[1:]} has no line and one undecided edge: a line there would "
                    "end at the dot, so it has none.",
                    f"{dot.ja}は線がなく、未定の辺が1本だけです。そこに線を引くと行き止まりになるので、線はありません。")
    return Text(f"A line ends at {dot.en} and can only go on along its one undecided edge: that edge is a line.",
                f"{dot.ja}で線が止まっていて、先に進めるのは未定の1本だけです。その辺は線です。")


def _easy_step(b: _Board) -> Hint | None:
    engine, g = b.engine, b.grid
    for c in range(b.cells):
        if b.clues[c] is None:
            continue
        lines, open_sides = engine.cell_line_count[c], engine.cell_unknown_count[c]
        mark = engine.mark()
        if not engine.easy_cell(c):
            raise _Contradiction
        decided = b.new_edges(mark.edges)
        if decided:
            evidence = [Mark("cell", c), *(Mark("edge", e) for e in b.known_edges(g.cell_edges[c]))]
            return b.step("clue", decided, evidence, _clue_words(b, c, decided[0][1], lines, open_sides))
    for rule in (VERTEX_RULE, LOOP_RULE):
        if rule == LOOP_RULE and engine.loop_closed_at >= 0 and engine.unknown_edge_count:
            loop = [e for e in range(g.edge_count) if engine.edge_state[e] == LINE]
            decided = tuple((e, 0) for e in range(g.edge_count) if engine.edge_state[e] == UNKNOWN)
            return b.step("loop", decided, (Mark("edge", e) for e in loop), Text(
                "The loop is closed and meets every number: no other edge has a line.",
                "輪が閉じてすべての数字を満たしています。ほかの辺に線はありません。"))
        for v in range(g.vertex_count):
            lines = engine.vertex_line_count[v]
            chain = b.chain_edges(v) if lines == 1 else []
            mark = engine.mark()
            if not engine.easy_vertex(v):
                raise _Contradiction
            decided = b.new_edges(mark.edges)
            if not decided:
                continue
            if engine.current_rule != rule:
                engine.undo(mark)
                continue
            if rule == VERTEX_RULE:
                evidence = [Mark("vertex", v), *(Mark("edge", e) for e in b.known_edges(g.vertex_edges[v]))]
                return b.step("vertex", decided, evidence, _vertex_words(b, v, lines))
            short = len(chain) == engine.line_count
            why = Text("a number would stay unmet", "満たされない数字が残ります") if short else Text(
                "other lines would be left outside it", "ほかの線が輪の外に残ります")
            dot, edge = _dot(v, b.width), _edge(decided[0][0], b.width, b.height)
            return b.step("loop", decided, [Mark("vertex", v), *(Mark("edge", e) for e in chain)], Text(
                f"A line on {edge.en} would join the two ends of the line from {dot.en} into a loop, "
                f"but {why.en}: that edge has no line.",
                f"{edge.ja}に線を引くと、{dot.ja}から続く線の両端がつながって輪になりますが、{why.ja}。よって線はありません。"))
    return None


# --- medium ----------------------------------------------------------------------------------

def _corner_step(b: _Board) -> Hint | None:
    """The corner rule to its fixed point from every cell and dot, until it decides an edge.

    ``sources[i]``: the places whose corner masks, narrowed, reached place ``i`` (a cell, or
    ``cells + v`` for dot ``v``): the evidence of what ``i`` decides.
    """
    engine = b.engine
    places = b.cells + b.grid.vertex_count
    for i in range(places):
        if not engine.in_corner_queue[i]:
            engine.in_corner_queue[i] = True
            engine.corner_queue.append(i)
    sources: dict[int, set[int]] = {}
    while engine.corner_queue:
        i = engine.corner_queue.pop()
        engine.in_corner_queue[i] = False
        mark = engine.mark()
        if not engine.corner_rule(i):
            raise _Contradiction
        reached = sources.get(i, set()) | {i}
        for corner in engine.corner_mask_trail[mark.corner_masks::2]:  # corner, old mask; ...
            other = engine.corner_vertex_item[corner] if i < b.cells else corner >> 2
            sources.setdefault(other, set()).update(reached)
        decided = b.new_edges(mark.edges)
        if decided:
            evidence = [Mark("cell", p) if p < b.cells else Mark("vertex", p - b.cells) for p in reached]
            return b.step("corner", decided, evidence, _corner_words(b, i, decided, len(reached) > 1))
    return None


def _corner_words(b: _Board, i: int, decided: Sequence[tuple[int, int]], helped: bool) -> Text:
    with_others = Text(", read with the corners around it (the marked cells and dots)",
                       "周りの角（印のマスと点）も合わせて見ると") if helped else Text(
        ", read corner by corner", "角ごとに見ると")
    if i >= b.cells:
        v = i - b.cells
        dot = _dot(v, b.width)
        what = _around(decided, b.grid.vertex_edges[v], cell=False)
        return Text(f"At {dot.en} the loop has 0 or 2 lines{with_others.en}: in every way left, {what.en}.",
                    f"{dot.ja}は線が0本か2本です。{with_others.ja}、残る組み合わせはどれも「{what.ja}」です。")
    k, cell = b.clues[i], _cell(i, b.width)
    name = Text(f"The {k} at {cell.en}", f"{cell.ja}の{k}") if k is not None else Text(
        f"The cell at {cell.en}", f"{cell.ja}のマス")
    what = _around(decided, b.grid.cell_edges[i], cell=True)
    return Text(f"{name.en}{with_others.en}: in every way its sides can still go, {what.en}.",
                f"{name.ja}は、{with_others.ja}、残る辺の組み合わせはどれも「{what.ja}」です。")


def _threes_step(b: _Board) -> Hint | None:
    engine, g, w = b.engine, b.grid, b.width
    mark = engine.mark()
    engine.threes_done = True  # as the engine's propagation marks it: the rule runs once
    if not engine.adjacent_threes():
        raise _Contradiction
    decided = b.new_edges(mark.edges)
    if not decided:
        return None
    changed = {e for e, _ in decided}
    pairs = [(a, a + step) for a in range(b.cells) for step in (1, w)
             if b.clues[a] == 3 and (step == w or a % w < w - 1) and a + step < b.cells and b.clues[a + step] == 3
             and (set(g.cell_edges[a]) | set(g.cell_edges[a + step])) & changed]
    evidence = [Mark("cell", c) for pair in pairs for c in pair]
    names = [Text(f"{_cell(a, w).en} and {_cell(c, w).en}", f"{_cell(a, w).ja}と{_cell(c, w).ja}") for a, c in pairs]
    where = Text("; ".join(n.en for n in names), "、".join(n.ja for n in names))
    return b.step("threes", decided, evidence, Text(
        f"Two 3s side by side ({where.en}): the side between them and their two far sides are lines, and the "
        "edges that continue the side between them have none.",
        f"3が隣り合っています（{where.ja}）。間の辺と両端の辺は線で、間の辺の延長には線がありません。"))


# --- hard ------------------------------------------------------------------------------------

def _tie(b: _Board, start: int, goal: int) -> list[int]:
    """The known edges of a shortest path between two colour nodes (cells, the outside), or []."""
    colouring = b.engine.colouring
    assert colouring is not None
    sides, state, cells = colouring.edge_sides, b.engine.edge_state, b.cells
    previous: dict[int, tuple[int, int]] = {start: (-1, -1)}
    queue = [start]
    for x in queue:
        if x == goal:
            break
        for e in (b.grid.cell_edges[x] if x < cells else colouring.border_edges):
            if state[e] == UNKNOWN:
                continue
            a, c = sides[2 * e], sides[2 * e + 1]
            y = c if a == x else a
            if y not in previous:
                previous[y] = (x, e)
                queue.append(y)
    if goal not in previous:
        return []
    path, x = [], goal
    while x != start:
        x, e = previous[x]
        path.append(e)
    return path


def _colour_step(b: _Board) -> Hint | None:
    engine = b.engine
    colouring = engine.colouring
    assert colouring is not None
    colouring.grown.extend(range(b.cells + 1))  # look at every class afresh
    while colouring.has_work():
        clue_cell = -1 if colouring.grown else colouring.clue_queue[-1]
        mark = engine.mark()
        if not colouring.deduce_step(engine):
            raise _Contradiction
        decided = b.new_edges(mark.edges)
        if not decided:
            continue
        e, value = decided[0]
        engine.undo(mark)  # the classes as they were, for the words
        if clue_cell < 0:
            a, c = colouring.edge_sides[2 * e], colouring.edge_sides[2 * e + 1]
            path = _tie(b, a, c)
            evidence = [Mark("cell", x) for x in (a, c) if x < b.cells] + [Mark("edge", p) for p in path]
            first, second = _node(a, b.width, b.cells), _node(c, b.width, b.cells)
            side = Text("different sides: the edge between them is a line", "内外が逆なので、間の辺は線です") if value \
                else Text("the same side: the edge between them has no line", "同じ側なので、間の辺に線はありません")
            return b.step("colour", [(e, value)], evidence, Text(
                f"Inside and outside: crossing a line swaps them, crossing a × keeps them. Along the marked edges, "
                f"{first.en} and {second.en} are on {side.en}.",
                "内側と外側: 線をまたぐと入れ替わり、×をまたぐと変わりません。"
                f"印の辺をたどると、{first.ja}と{second.ja}は{side.ja}"))
        k = b.clues[clue_cell]
        far = []
        for side_edge in b.grid.cell_edges[clue_cell]:
            if engine.edge_state[side_edge] == UNKNOWN:
                x, y = colouring.edge_sides[2 * side_edge], colouring.edge_sides[2 * side_edge + 1]
                far.append(y if x == clue_cell else x)
        ties: list[int] = []
        nodes = [clue_cell, *far]
        for p, x in enumerate(nodes):
            for y in nodes[p + 1:]:
                if colouring.find(x)[0] == colouring.find(y)[0]:
                    ties += _tie(b, x, y)
        evidence = [Mark("cell", clue_cell), *(Mark("edge", t) for t in ties)]
        cell = _cell(clue_cell, b.width)
        what = _around([(e, value)], b.grid.cell_edges[clue_cell], cell=True)
        return b.step("colour", [(e, value)], evidence, Text(
            f"The {k} at {cell.en}: the cells beyond some of its open sides are tied together by the marked edges "
            f"(crossing a line swaps inside and outside, crossing a × keeps them), so those sides go together; "
            f"counted that way, the {k} is met only if {what.en}.",
            f"{cell.ja}の{k}: 未定の辺の先のマスのうち、印の辺で内外が結び付いているものは一緒に決まります"
            f"（線をまたぐと内外が入れ替わり、×では変わりません）。そう数えると、{k}を満たすのは「{what.ja}」の場合だけです。"))
    return None


def _assumed(value: int) -> Text:
    return Text("had a line" if value == LINE else "had no line", "線がある" if value == LINE else "線がない")


def _so(value: int) -> Text:
    return Text("So it has no line." if value == LINE else "So it has a line.",
                "よってこの辺に線はありません。" if value == LINE else "よってこの辺は線です。")


def _trial_step(b: _Board) -> Hint | None:
    engine = b.engine
    for e in range(b.grid.edge_count):
        if engine.edge_state[e] != UNKNOWN:
            continue
        check_deadline(b.deadline)
        for value in (LINE, CROSS):
            mark = engine.mark()
            ok = engine.set_edge(e, value) and engine.propagate(MEDIUM)
            forced = list(engine.edge_trail[mark.edges + 1:])
            engine.undo(mark)
            if ok:
                continue
            evidence = (Mark("edge", f) for f in forced)
            edge = _edge(e, b.width, b.height)
            return b.step("trial", [(e, 0 if value == LINE else 1)], evidence, Text(
                f"Suppose {edge.en} {_assumed(value).en}: the rules up to inside and outside then decide "
                f"{_count(len(forced), 'more edge')} (marked) and run into a contradiction.",
                f"{edge.ja}に{_assumed(value).ja}と仮定すると、ほかの{len(forced)}辺が決まっていき、矛盾に行き着きます。")
                + _so(value))
    return None


def _has_loop(engine: Engine, clues: Sequence[int | None], width: int, height: int,
              node_limit: int, deadline: float | None = None) -> tuple[bool | None, int]:
    """(whether some loop meets the clues and the engine's edges, nodes used); None past the limit.

    Depth first over the engine's branching edge (its MRV choice), with the medium rules and
    colouring at every node; every leaf is checked by :func:`~gridlogic.loop.board.validate_loop`.
    The engine is left as it was (but past ``deadline``, when :class:`~gridlogic.params.OutOfTime`
    leaves it where the search was).
    """
    start = engine.mark()
    frames: list[list[Any]] = []  # [edge, mark, values tried]
    nodes = 0
    ok = engine.propagate(MEDIUM)
    while True:
        if ok:
            nodes += 1
            if nodes > node_limit:
                engine.undo(start)
                return None, nodes
            check_deadline(deadline)
            e = engine.choose_edge()
            if e < 0:
                if validate_loop(engine.edges(), clues, width, height):
                    engine.undo(start)
                    return True, nodes
                ok = False
            else:
                frames.append([e, engine.mark(), 0])
        while frames:  # the deepest frame with a value left tries it
            frame = frames[-1]
            engine.undo(frame[1])
            if frame[2] == 2:
                frames.pop()
                continue
            value = LINE if frame[2] == 0 else CROSS
            frame[2] += 1
            ok = engine.set_edge(frame[0], value) and engine.propagate(MEDIUM)
            break
        else:
            engine.undo(start)
            return False, nodes


def _search_step(b: _Board) -> Hint | None:
    engine = b.engine
    e = engine.choose_edge()
    if e < 0:
        return None
    for value in (LINE, CROSS):
        mark = engine.mark()
        found, nodes = (False, 0) if not engine.set_edge(e, value) else _has_loop(
            engine, b.clues, b.width, b.height, SEARCH_NODE_LIMIT, b.deadline)
        engine.undo(mark)
        if found is False:
            edge = _edge(e, b.width, b.height)
            return b.step("search", [(e, 0 if value == LINE else 1)], (), Text(
                f"Suppose {edge.en} {_assumed(value).en}: trying every way on from there "
                f"({_count(nodes, 'case')}) finds no loop that meets every number.",
                f"{edge.ja}に{_assumed(value).ja}と仮定すると、その先をすべて試しても（{nodes}通り）すべての数字を満たす輪はできません。")
                + _so(value))
    return None


def search_step(clues: Sequence[int | None], width: int, height: int, known: Mapping[int, int],
                deadline: float | None = None) -> Hint | None:
    """The ``search`` step alone, beyond every level: for a version's own step solver when its techniques
    decide nothing more (version 3's, on a puzzle brought from outside that is beyond its ladder)."""
    try:
        return _search_step(_Board(check_clues(clues, width, height), width, height, known, deadline))
    except _Contradiction:
        return None


def next_step(clues: Sequence[int | None], width: int, height: int, known: Mapping[int, int],
              deadline: float | None = None) -> Hint | None:
    """The next step for a board whose ``known`` edges (edge -> LINE or CROSS) are right, by the
    easiest technique (see the module docstring); None when none decides anything.

    Raises nothing for a consistent board (but :class:`~gridlogic.params.OutOfTime` past ``deadline``);
    a board the clues contradict gives None too.
    """
    checked = check_clues(clues, width, height)
    try:
        b = _Board(checked, width, height, known, deadline)
        for technique in (_easy_step, _corner_step, _threes_step, _colour_step, _trial_step, _search_step):
            found = technique(b)
            if found is not None:
                return found
    except _Contradiction:
        return None
    return None


# --- hints of a puzzle and a board -----------------------------------------------------------

STUCK = Text("Nothing more follows from the numbers and the edges decided so far by these techniques.",
             "これらの手筋では、数字と決まった辺からこれ以上は決まりません。")
SEVERAL = Text("This puzzle has more than one loop: from here on, the numbers decide nothing more.",
               "この問題には答えの輪が2つ以上あります。ここから先は数字だけでは決まりません。")
SOLVED = Text("Nothing is left to decide: the loop is complete.", "輪が完成しています。")


def _flat(board: Mapping[str, Sequence[int]]) -> list[int]:
    return list(board["horizontal"]) + list(board["vertical"])


def _known_of(flat: Sequence[int]) -> dict[int, int]:
    return {e: LINE if v == BOARD_LINE else CROSS for e, v in enumerate(flat) if v != BOARD_BLANK}


def mistakes(puzzle: Any, board: Mapping[str, Sequence[int]]) -> list[int]:
    """The edges the board has wrong, by edge number: a line where the loop has none, or a × on the loop."""
    return [e for e, (v, answer) in enumerate(zip(_flat(board), puzzle.edges()))
            if (v == BOARD_LINE and not answer) or (v == BOARD_CROSS and answer)]


def hint(puzzle: Any, board: Mapping[str, Sequence[int]]) -> Hint:
    """The next hint for a player's board (as ``parse_board`` gives it): the earliest mistake, else
    the easiest step from the edges the board knows."""
    return hint_for(puzzle, board, next_step)


def hint_for(puzzle: Any, board: Mapping[str, Sequence[int]],
             step_of: Callable[[Sequence[int | None], int, int, Mapping[int, int]], Hint | None]) -> Hint:
    """:func:`hint` with another step solver ``step_of`` (a version's own, as :func:`next_step` is called)."""
    wrong = mistakes(puzzle, board)
    if wrong:
        first = wrong[0]
        is_line = _flat(board)[first] == BOARD_LINE
        what = (Text("has a line, but the loop does not pass there", "に線がありますが、答えの輪は通りません")
                if is_line else Text("is marked ×, but the loop passes there", "に×がありますが、答えの輪が通ります"))
        more = Text(f" ({len(wrong) - 1} more after it)", f"（ほかに{len(wrong) - 1}か所）") if len(wrong) > 1 \
            else Text("", "")
        edge = _edge(first, puzzle.width, puzzle.height)
        return Hint("mistake", None, (), (Mark("edge", first),), Text(
            f"{edge.en[0].upper()}{edge.en[1:]} is a mistake: it {what.en}{more.en}. Clear it, and the hints go on "
            "from the edges that are right.",
            f"{edge.ja}は間違いです。この辺{what.ja}{more.ja}。消すと、正しい辺からヒントが続きます。"))
    flat = _flat(board)
    if all((v == BOARD_LINE) == bool(answer) for v, answer in zip(flat, puzzle.edges())):
        return Hint("solved", None, (), (), SOLVED)
    step = step_of(puzzle.clues, puzzle.width, puzzle.height, _known_of(flat))
    return step if step is not None else Hint("stuck", None, (), (), STUCK)


def apply(puzzle: Any, board: Mapping[str, Sequence[int]], given: Hint) -> dict[str, list[int]]:
    """The board with the hint's edges drawn or marked ×, or its mistake cleared."""
    flat = _flat(board)
    for mark in given.decides:
        flat[mark.index] = BOARD_LINE if mark.value else BOARD_CROSS
    if given.status == "mistake":
        for mark in given.evidence:
            flat[mark.index] = BOARD_BLANK
    split = (puzzle.height + 1) * puzzle.width
    return {"horizontal": flat[:split], "vertical": flat[split:]}


STUCK_SECONDS = 5.0  # the solver's time to tell "several loops" from "beyond the techniques"


StepFinder = Callable[[Sequence[int | None], int, int, Mapping[int, int], "float | None"], "Hint | None"]


def walkthrough(clues: Sequence[int | None], width: int, height: int, levels: Sequence[str] = LEVELS,
                techniques: Sequence[Technique] = TECHNIQUES, deadline: float | None = None,
                step_finder: StepFinder | None = None) -> Walkthrough:
    """Every step from the empty board until every edge is known or no technique decides more;
    its level is the hardest technique's (None when a search was needed or it got stuck). Past
    ``deadline``: :class:`~gridlogic.params.OutOfTime`. ``step_finder`` finds each step (this
    module's :func:`next_step` by default; version 3 passes its ladder's)."""
    find_step = step_finder or next_step
    checked = check_clues(clues, width, height)
    known: dict[int, int] = {}
    edge_count = (height + 1) * width + height * (width + 1)
    steps: list[Hint] = []
    while len(known) < edge_count:
        check_deadline(deadline)
        step = find_step(checked, width, height, known, deadline)
        if step is None:
            verdict = stuck_verdict(checked, width, height, deadline)
            if verdict.status == "none":
                return Walkthrough(None, tuple(steps), "contradiction", Text(
                    "No loop meets these numbers.", "これらの数字をすべて満たす輪はありません。"))
            return Walkthrough(None, tuple(steps), "stuck", SEVERAL if verdict.status == "several" else STUCK)
        steps.append(step)
        for mark in step.decides:
            known[mark.index] = LINE if mark.value else CROSS
    if not validate_loop([1 if known[e] == LINE else 0 for e in range(edge_count)], checked, width, height):
        return Walkthrough(None, tuple(steps), "contradiction", Text(
            "No loop meets these numbers.", "これらの数字をすべて満たす輪はありません。"))
    used = {step.technique for step in steps if step.technique is not None}
    return Walkthrough(hardest_level(used, techniques, levels), tuple(steps), "solved")


def stuck_verdict(clues: list[int | None], width: int, height: int, deadline: float | None) -> Verdict:
    """The solver's status of a puzzle whose walk-through is stuck (several loops, none, or beyond the
    techniques; its solutions are not the canonical pair, which nothing here shows), within
    :data:`STUCK_SECONDS` and ``deadline``: :class:`~gridlogic.params.OutOfTime`
    when the deadline, not its own limit, left it undecided."""
    verdict = decide(clues, width, height, time_limit=seconds_left(deadline, STUCK_SECONDS), least=False)  # status only
    if verdict.status == "undecided":
        check_deadline(deadline)
    return verdict


def start(puzzle: Any) -> dict[str, list[int]]:
    """The board a play starts from: every edge blank."""
    return {"horizontal": [BOARD_BLANK] * ((puzzle.height + 1) * puzzle.width),
            "vertical": [BOARD_BLANK] * (puzzle.height * (puzzle.width + 1))}


def hints_by_version(gradings: Mapping[int, Grading], default: int, own: Mapping[int, Hints] | None = None) -> Hints:
    """Loop's :class:`~gridlogic.hints.Hints` record: a puzzle of a version in ``gradings`` is explained
    by its levels; any other (one brought from outside, or no version) by those of ``default``. A
    version in ``own`` has its own step solver and techniques (version 3's ladder): its record answers
    for its puzzles, and for every other puzzle too when it is the ``default``."""
    own = own or {}
    techniques: dict[int | None, tuple[Technique, ...]] = {n: graded(g) for n, g in gradings.items() if n not in own}
    levels: dict[int | None, tuple[str, ...]] = {n: g.levels for n, g in gradings.items() if n not in own}

    def record_of(version: object) -> Hints | None:
        if isinstance(version, int) and version in own:
            return own[version]
        return own.get(default) if version not in gradings else None

    def techniques_of(version: int | None) -> tuple[Technique, ...]:
        record = record_of(version)
        return record.techniques(version) if record else techniques[version if version in techniques else default]

    def levels_of(version: int | None) -> tuple[str, ...]:
        record = record_of(version)
        return record.levels(version) if record else levels[version if version in levels else default]

    def hint_of(puzzle: Any, board: Mapping[str, Sequence[int]]) -> Hint:
        record = record_of(getattr(puzzle, "version", None))
        return record.hint(puzzle, board) if record else hint(puzzle, board)

    def explain(problem: Any, version: int | None, deadline: float | None = None) -> Walkthrough:
        """The walk-through of a problem's clues, graded by the levels of ``version``, within ``deadline``."""
        record = record_of(version)
        if record:
            return record.explain(problem, version, deadline)
        return walkthrough(problem.givens["clues"], problem.width, problem.height, levels_of(version),
                           techniques_of(version), deadline)

    return Hints(techniques=techniques_of, levels=levels_of, hint=hint_of, apply=apply, explain=explain,
                 start=start)
