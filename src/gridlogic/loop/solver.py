"""The Loop solver: propagation by technique class, then search with a budget.

One engine serves generation (is it unique?), grading (which techniques does
it need?) and solving puzzles people bring (any ``width`` × ``height``). The
modules: :mod:`gridlogic.loop.engine` holds one board's state and the easy,
medium and trial rules, :mod:`gridlogic.loop.colouring` the inside/outside
colouring rule; this module is the public surface: :func:`deduce`
(propagation alone, by difficulty class), :func:`solve_grid` (the search; :func:`solve`
on a square board) and :data:`EXAMPLES`.

Techniques, by difficulty class (:data:`RULE_CLASS`; each is explained, with
its example, in the engine's docstring):

* **easy**: ``clue``, ``vertex``, ``loop`` (no cycle closes unless it is the
  whole answer);
* **medium**: ``corner`` (corner masks across cells and vertices) and
  ``threes`` (two 3s side by side);
* **hard**: ``trial`` (assume, propagate, refute) and ``colour``
  (inside/outside classes).

:func:`deduce` at ``HARD`` runs the medium rules with colouring, then trial
rounds until one finds nothing.

Search
------
After propagation the solver branches on an unknown edge at the end of a
chain with the fewest unknown edges (MRV; a line first, then a cross), with
the medium rules and colouring at every node and the trial rule at the root
and at nodes up to ``PROBE_DEPTH`` deep (probing there prunes far more than it
costs on published 15×15 puzzles), and keeps at most two solutions. Each
open branch is a :class:`SearchFrame` on a stack: its edge, the trail mark to
undo to, and how many of the two values it has tried. Every leaf is checked
by :func:`gridlogic.loop.board.validate_loop`. A search that hits its node or
time budget reports ``truncated`` and never counts as unique. Asked to branch in
edge order instead (``in_edge_order``: the unknown edge of least index, a cross
first), it meets the loops least first, so its two are the least two
(:mod:`gridlogic.loop.decide` gives those to a ``several`` verdict).

Worked example (a test runs it): the 3×2 board ``. 3 . / . 3 .`` (the trial
example) stops the medium rules; the hard rules finish it, and the search
finds its one loop, around both 3s.

>>> w, h, clues = EXAMPLES["trial"]
>>> deduce(clues, w, h, MEDIUM).status, deduce(clues, w, h, HARD).status
('stuck', 'solved')
>>> result = solve_grid(clues, w, h)
>>> result.status, result.inside()
('unique', [0, 1, 0, 0, 1, 0])
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from gridlogic import verdict
from gridlogic.errors import InvalidParameters
from gridlogic.loop.board import CROSS, LINE, UNKNOWN, inside_of_loop, validate_loop
from gridlogic.loop.engine import (
    EASY,
    HARD,
    LEVEL_NAMES,
    MEDIUM,
    RULE_CLASS,
    RULES,
    Engine,
    TrailMark,
)
from gridlogic.params import check_bool, check_int, check_limit

__all__ = [
    "EASY", "EXAMPLES", "HARD", "LEVEL_NAMES", "MEDIUM", "PROBE_DEPTH", "RULES", "RULE_CLASS",
    "SOLVE_NODE_LIMIT", "Deduction", "SearchFrame", "SolveResult", "check_clues", "deduce", "solve",
    "solve_grid",
]  # fmt: skip

# The technique examples of the engine's docstring: (width, height, clues); each
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

PROBE_DEPTH = 6


class SolveResult(verdict.SolveResult):
    """What a search found: up to two loops as edge tuples (1 = line), nodes used, cut short or not."""

    def inside(self, k: int = 0) -> list[int]:
        """The cells inside solution ``k``'s loop (1 inside, row-major)."""
        return inside_of_loop(self.solutions[k], self.width, self.height)

    def to_dict(self) -> dict[str, object]:
        """The solutions as inside regions, and ``verdict`` for the status."""
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


@dataclass(slots=True)
class SearchFrame:
    """One open branch of the search: its edge, the mark to undo to, and the values tried so far."""

    edge: int
    mark: TrailMark
    values_tried: int = 0  # 0: none yet, 1: LINE, 2: LINE and CROSS (the frame is done)


def check_clues(clues: object, width: object, height: object) -> list[int | None]:
    """Validated clues of a ``width`` × ``height`` board (each None or 0..4; 4 only fits a 1×1 loop).

    The arguments are taken as ``object`` and narrowed here: a compiled module checks declared
    types at its boundary and would refuse a wrong one with a bare ``TypeError``.
    """
    width = check_int(width, "width", 1)
    height = check_int(height, "height", 1)
    if isinstance(clues, (str, bytes)) or not isinstance(clues, Sequence):
        raise InvalidParameters(f"clues must be a list of {width * height} ints or None, not {clues!r}")
    if len(clues) != width * height:
        raise InvalidParameters(
            f"clues must have {width * height} entries for a {width}x{height} board, not {len(clues)}"
        )
    return [None if clue is None else check_int(clue, f"clue {k} (None for a blank cell)", 0, 4)
            for k, clue in enumerate(clues)]


def deduce(clues: Sequence[int | None], width: int, height: int, level: int) -> Deduction:
    """Propagation alone with the techniques of ``level`` (EASY, MEDIUM or HARD)."""
    engine = Engine(clues, width, height, colour=level >= HARD)
    ok = engine.propagate(min(level, MEDIUM))
    if ok and level >= HARD:
        ok = _probe(engine)  # no deadline here, so the trial rounds run until nothing changes
    counts = {name: engine.rule_counts[k] for k, name in enumerate(RULES)}
    if not ok:
        return Deduction("contradiction", engine.edges(), counts)
    if engine.unknown_edge_count == 0:
        return Deduction("solved" if engine.solved() else "contradiction", engine.edges(), counts)
    return Deduction("stuck", engine.edges(), counts)


def _probe(engine: Engine) -> bool:
    """Trial rounds until nothing changes; False when the position has no solution."""
    while engine.unknown_edge_count and engine.loop_closed_at < 0 and not engine.trial_cut_short:
        if not engine.trial():
            return False
        if not engine.trial_progress:
            break
    return True


def solve_grid(
    clues: object,
    width: object,
    height: object,
    node_limit: object = 100_000,
    time_limit: object = None,
    propagation_limit: object = None,
    in_edge_order: object = False,
) -> SolveResult:
    """Search a ``width`` × ``height`` board for up to two loops within the budgets.

    ``node_limit`` counts search nodes (None: no limit), ``time_limit`` is in
    seconds (None: no limit), ``propagation_limit`` counts the engine's
    propagations, trial's included (None: no limit); unlike time, nodes and
    propagations end the search at the same point on every run. The result's
    ``truncated`` says a budget ran out before the search space was exhausted.

    With ``in_edge_order`` the search branches on the unknown edge of least index, a cross first,
    instead of MRV: it then meets the loops in edge order (least first: the edge lists compared as
    tuples), so its two loops are the least two (:mod:`gridlogic.loop.decide` asks so).
    """
    checked = check_clues(clues, width, height)
    return _search(
        checked, check_int(width, "width"), check_int(height, "height"),
        check_limit(node_limit, "node_limit", minimum=0),
        check_limit(time_limit, "time_limit", seconds=True),
        check_limit(propagation_limit, "propagation_limit", minimum=0),
        check_bool(in_edge_order, "in_edge_order"),
    )


def _search(
    checked: list[int | None],
    width: int,
    height: int,
    node_limit: int | None,
    time_limit: float | None,
    propagation_limit: int | None,
    in_edge_order: bool = False,
) -> SolveResult:
    """:func:`solve_grid` on validated arguments: typed for the compiler, as the search is hot."""
    solutions: list[tuple[int, ...]] = []
    nodes = 0
    truncated = False
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    limit = node_limit if node_limit is not None else -1
    engine = Engine(checked, width, height, colour=True)
    engine.deadline = deadline
    engine.propagation_limit = propagation_limit
    ok = engine.propagate(MEDIUM)
    # trial at the root and near it: cheap next to a search, and it often removes most of it
    if ok:
        ok = _probe(engine)
    stack: list[SearchFrame] = []
    while True:
        if ok:
            if limit >= 0 and nodes >= limit:
                truncated = True
                break
            nodes += 1
            if deadline is not None and time.perf_counter() > deadline:
                truncated = True
                break
            if propagation_limit is not None and engine.propagations >= propagation_limit:
                truncated = True
                break
            e = _first_unknown(engine) if in_edge_order else engine.choose_edge()
            if e < 0:
                edges = engine.edges()
                if validate_loop(edges, checked, width, height):
                    solutions.append(tuple(edges))
                    if len(solutions) >= 2:  # a second loop settles "several"
                        break
                ok = False
                continue
            stack.append(SearchFrame(e, engine.mark()))
        # backtrack: the deepest frame with a value left tries it
        while stack:
            frame = stack[-1]
            engine.undo(frame.mark)
            if frame.values_tried == 2:
                stack.pop()
                continue
            value = LINE if (frame.values_tried == 0) != in_edge_order else CROSS
            frame.values_tried += 1
            ok = engine.set_edge(frame.edge, value) and engine.propagate(MEDIUM)
            if ok and len(stack) <= PROBE_DEPTH:
                ok = _probe(engine)
            break
        else:
            break
    return SolveResult(width, height, tuple(solutions), nodes, truncated)


def _first_unknown(engine: Engine) -> int:
    """The unknown edge of least index; -1 when none is left."""
    if engine.unknown_edge_count == 0:
        return -1
    edge_state = engine.edge_state
    for e in range(len(edge_state)):
        if edge_state[e] == UNKNOWN:
            return e
    return -1


SOLVE_NODE_LIMIT = 100_000


def solve(clues: object, n: object, node_limit: object = SOLVE_NODE_LIMIT) -> SolveResult:
    """Solve an n×n board (flat clues, None for blank): up to two solutions, ``nodes``, ``truncated``.

    ``.to_dict()["solutions"]`` gives each solution as its inside region (n×n 0/1).
    """
    n = check_int(n, "n", 1)
    return solve_grid(clues, n, n, node_limit=node_limit)
