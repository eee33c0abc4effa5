"""Clue removal for Loop version 2: greedy in a seeded order, without solving from scratch per clue.

The greedy pass
---------------
Start from a set of clues whose level's techniques finish the puzzle. Take the
clues in a seeded order; remove each one when the techniques of the level
still finish the puzzle without it, else keep it. That is version 1's pass,
and it is what this module computes, clue for clue. Version 1 asks every
question from scratch: a new engine, all the remaining clues, propagation to
the end. On 10×10 that is about 100 solves per pass, and 98 % of version 1's
time (issue 15).

Why a shared board is enough
----------------------------
Every rule only adds what follows from what is known (:mod:`.levels`), so the
board the rules reach from a set of clues (its *closure*) grows with the set:
a subset's closure is part of the set's. Two things follow.

* When the question for clue ``c`` is asked, the clues before ``c`` are
  decided (removed or kept) and those after it are all still there. So for a
  *range* of the order, everything outside the range is fixed while the
  range's questions are asked, and the closure of the outside clues alone is
  part of every answer in the range: it is computed once and shared.
* The greedy pass removes exactly the clues whose question says "still
  finished", and a range whose shared board is finished already (with none of
  its clues) has all its clues removed at once.

Divide and conquer
------------------
So the pass is a recursion over halves of the order, on one engine that only
ever *adds* clues and undoes to a mark (:meth:`~gridlogic.loop.engine.Engine.add_clue`,
the trail):

* ``range(lo, hi)``, with the engine at the closure of the clues outside it:
  if the board is finished, every clue in the range goes; a single clue is
  removed exactly when the board is finished without it;
* otherwise add the right half's clues, propagate, recurse into the left half,
  undo; add the left half's kept clues, propagate, recurse into the right
  half, undo.

Each clue is added once per level of the recursion, so a pass costs about
``log2(clues)`` solves' worth of propagation instead of one solve per clue: on
10×10 about 7 instead of 100, on 30×30 about 10 instead of 900. It needs no
bookkeeping of which deduction came from which clue (deductions here chain
across the whole board; removing a clue a minimal puzzle needs leaves, on
15×15, 150 to 270 of its 480 edges unknown), and no batches that may have to
be split again: the answer is the greedy one exactly, which a test checks
against version 1's way of asking.

Trial at the leaves only
------------------------
The expert level adds trial, which costs a propagation per unknown edge and
value. Running it at every range would cost far more than it saves, so the
ranges are shared at the hard level (the closure with colouring), and a
single clue's question, when that board is not finished, is settled by trial
there and undone: the hard closure of the right clue set, then trial, is the
expert closure of that set. Trial probes the unknown edges nearest the
removed clue first and gives up after :data:`TRIAL_BUDGET` probes; giving up
keeps the clue, which is always sound (the pass removes no clue the expert
techniques were not seen to spare; only an expert-minimal puzzle would need
the search to the end, and that is not promised).

Worked example (checked in ``tests/loop/test_v2_removal.py``): the clues of
a 2×2 board whose loop is the square around its top-right cell are ``1 4 /
0 1``; taken in the order 0, 1, 2, 3 at the easy level, the 1 at 0 goes (the
rest finish the board), so does the 4 (the 0 and the 1 below finish it: the 0
crosses its sides, the 1 keeps only its top side), the 0 stays (a lone 1
leaves four choices) and so does the last 1: ``. . / 0 1``.

>>> from gridlogic.loop.v2.levels import EASY
>>> remove_clues([1, 4, 0, 1], 2, 2, [0, 1, 2, 3], EASY)
([None, None, 0, 1], 2)
"""

from __future__ import annotations

from collections.abc import Sequence

from gridlogic.loop.board import CROSS, LINE, UNKNOWN
from gridlogic.loop.engine import MEDIUM as MEDIUM_RULES
from gridlogic.loop.engine import Engine
from gridlogic.loop.v2.levels import EXPERT, HARD, close, engine_for

__all__ = ["TRIAL_BUDGET", "remove_clues", "trial_finishes"]

TRIAL_BUDGET = 60  # probes (an edge and a value) trial may spend on one clue's question


def remove_clues(clues: Sequence[int | None], width: int, height: int, order: Sequence[int],
                 level: int, trial_budget: int = TRIAL_BUDGET,
                 most: int | None = None) -> tuple[list[int | None], int]:
    """The greedy pass at ``level`` over the clues in ``order`` (see the module docstring): the clues
    kept, and how many were removed. ``clues`` must be finished by the level's techniques.

    With ``most``, the pass stops once it has removed that many clues and keeps the rest.
    """
    present = [c for c in order if clues[c] is not None]
    values = [-1 if k is None else k for k in clues]  # the clues as ints, for the engine
    shared_level = min(level, HARD)
    engine = engine_for([None] * (width * height), width, height, shared_level)
    removed = [False] * (width * height)
    count = 0

    def settle(lo: int, hi: int) -> None:
        # the engine holds the closure of the clues outside present[lo:hi]
        nonlocal count
        if most is not None and count >= most:
            return
        if engine.unknown_edge_count == 0:  # every clue of the range goes (the first ones, with most)
            take = hi - lo if most is None else min(hi - lo, most - count)
            for j in range(lo, lo + take):
                removed[present[j]] = True
            count += take
            return
        if hi - lo == 1:
            if level == EXPERT and trial_finishes(engine, present[lo], trial_budget):
                removed[present[lo]] = True
                count += 1
            return
        mid = (lo + hi) // 2
        for first, second in ((lo, mid), (mid, hi)):
            mark = engine.mark()
            for j in range(lo, hi):
                c = present[j]
                if not first <= j < second and not removed[c]:
                    engine.add_clue(c, values[c])
            if not close(engine, shared_level):
                raise AssertionError("clues of one loop contradict each other")
            settle(first, second)
            engine.undo(mark)

    if present:
        settle(0, len(present))
    kept = [None if removed[c] else k for c, k in enumerate(clues)]
    return kept, count


def trial_finishes(engine: Engine, centre: int, budget: int) -> bool:
    """Do trial rounds (with the engine's rules, colouring included) finish the board within
    ``budget`` probes? The engine is left as it was. Unknown edges are probed nearest cell
    ``centre`` first; a probe that runs into a contradiction sets the edge the other way."""
    mark = engine.mark()
    finished = _trial_rounds(engine, centre, budget)
    engine.undo(mark)
    return finished


def _trial_rounds(engine: Engine, centre: int, budget: int) -> bool:
    edge_state, edge_count = engine.edge_state, engine.grid.edge_count
    width = engine.width
    row = centre // width
    centre_x, centre_y = 2 * (centre - row * width) + 1, 2 * row + 1  # in half cells
    horizontal_count = (engine.height + 1) * width
    # every edge, nearest first (by distance, then number): each round probes the unknown ones in this order
    nearest_first = [k % edge_count for k in sorted(
        _distance(e, width, horizontal_count, centre_x, centre_y) * edge_count + e for e in range(edge_count))]
    probes = 0
    engine.counting = False
    try:
        while engine.unknown_edge_count:
            unknown = [e for e in nearest_first if edge_state[e] == UNKNOWN]
            progress = False
            for e in unknown:
                if edge_state[e] != UNKNOWN:
                    continue
                for value in (LINE, CROSS):
                    if probes == budget:
                        return False
                    probes += 1
                    mark = engine.mark()
                    refuted = not (engine.set_edge(e, value) and engine.propagate(MEDIUM_RULES))
                    engine.undo(mark)
                    if refuted:
                        if not (engine.set_edge(e, CROSS if value == LINE else LINE)
                                and engine.propagate(MEDIUM_RULES)):
                            return False
                        progress = True
                        break
                if engine.unknown_edge_count == 0:
                    return True
            if not progress:
                return False
        return True
    finally:
        engine.counting = True


def _distance(e: int, width: int, horizontal_count: int, x: int, y: int) -> int:
    """Manhattan distance, in half cells, from edge ``e``'s midpoint to (x, y)."""
    if e < horizontal_count:
        r, c = divmod(e, width)
        return abs(2 * c + 1 - x) + abs(2 * r - y)
    r, c = divmod(e - horizontal_count, width + 1)
    return abs(2 * c - x) + abs(2 * r + 1 - y)

