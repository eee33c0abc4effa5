"""How hard a version 4 puzzle is: the articles' four stages on any board, with thresholds per size.

The grader imitates a player in the articles' stages, on the answer's tiles:

1. **Foothold** (``boundaryFixed``): on a board with a border, orientations
   with a pipe off the board are removed, as in version 3. A wrapping board
   has no border, so its foothold is the first round of the global rule
   (:mod:`.deduction`) on the given tiles: what a player sees at a glance
   from the tiles' shapes alone, such as two ends that must not face each
   other (away from crosses, a tile may not point only at ends:
   :func:`~.deduction.first_look_away_from_crosses`). ``boundaryFixed``
   counts the tiles left with one orientation.
2. **Local** (``localRounds``, ``localFixed``): full sweeps of neighbour
   agreement in row-major order until a sweep changes nothing (version 3's
   stage 2, unchanged). ``remaining`` and ``largestRegion`` are the tiles
   still undecided, and the largest edge-connected group of them.
3. **Global** (``globalRounds``): rounds of version 4's global rule (a
   turn that, with its neighbours agreeing, would close a loop or wall off
   a group of tiles is dropped), each followed by stage 2 again, until a
   round drops nothing.
4. **Search** (``needsSearch``, ``maxDepth``, ``decisionPoints``): if tiles
   remain, the search of :mod:`.deduction` proves the solution unique (or
   finds a second one); its depth and branching nodes are those of the
   whole proof.

The levels (``cells`` = width × height, ``B`` = 2 (width + height) − 4, the
tiles a border has; wrapping boards use the same ``B``)::

    substantial = remaining >= max(8, ceil(0.3 cells)) and largestRegion >= 6
    demanding   = globalRounds >= 2 or (maxDepth >= 2 and decisionPoints >= 2)
    hard     if substantial and demanding
    easy     if no search, no global round, localRounds <= max(8, width, height)
             and boundaryFixed >= ceil(min(0.2 cells, 0.4 B))
    medium   otherwise

``hard`` and the 8 local rounds are the articles'; what depends on the
size is said by the size: a row-major sweep carries news down and right in
one sweep but up or left one row or column per sweep, so the sweeps a
player's chain of deductions needs grow with the longer side; and since
the border grows with the side while the board grows with its square, a
fifth of the board can only be fixed at the border on small boards, so
the foothold asks for a fifth of the tiles or 40 % of the border's tiles,
whichever is fewer. At 4×4 to 6×6 these are version 3's thresholds
exactly. Per preset:

    size      easy: localRounds <=  boundaryFixed >=    hard: remaining >=
    4x4                8                   4                    8
    5x5                8                   5                    8
    6x6                8                   8                   11
    7x7                8                  10                   15
    8x8                8                  12                   20
    10x10             10                  15                   30
    12x12             12                  18                   44
    15x15             15                  23                   68
    25x25             25                  39                  188

Why ``easy`` may use the first global round on a wrapping board: without a
border a player's first move is exactly that glance at the shapes, and
stage 2 then spreads from the tiles it fixes as it spreads from the
border. Counting that round as a global round would make every wrapping
board medium at best, however plain its reasoning.

A version 4 puzzle is never ``unrated``: the generator changes a board
whose search runs out of budget.

Worked example (checked in ``tests/signal/test_v4_grading.py``): the
wrapping 3×3 tree ``[4, 1, 4, 9, 4, 7, 2, 15, 9]`` of :mod:`.deduction`'s
example. The first look fixes 5 tiles (tile 0, pointing down, among them;
3×3 asks for 2), two sweeps of neighbour agreement fix the other 4, so
there is nothing left for a global round or a search: easy.

>>> from gridlogic.signal.tables import board_geometry
>>> grade_, count = grade([4, 1, 4, 9, 4, 7, 2, 15, 9], board_geometry(3, 3, True))
>>> grade_.level, grade_.boundary_fixed, grade_.local_rounds, grade_.global_rounds, grade_.needs_search
('easy', 5, 2, 0, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gridlogic.signal.difficulty import Difficulty, largest_region
from gridlogic.signal.sweeps import compiled_sweeps
from gridlogic.signal.tables import Geometry, count_fixed, count_open
from gridlogic.signal.v4.deduction import (
    Count,
    RoundMemo,
    Settled,
    count_solutions,
    deduce,
    first_look_away_from_crosses,
    global_round,
    remembered_round,
    tile_orders,
)

SEARCH_NODE_LIMIT = 1000  # with the global rule at every node, proofs take a few dozen at most


@dataclass(frozen=True)
class Thresholds:
    """The level rules' numbers for one board size (see the module docstring)."""

    easy_rounds: int
    easy_footholds: int
    hard_remaining: int
    hard_region: int = 6

    @classmethod
    def of(cls, width: int, height: int) -> Thresholds:
        cells = width * height
        border = 2 * (width + height) - 4
        return cls(  # ceilings in whole numbers: 0.3 * 100 is 30.000000000000004 in floating point
            easy_rounds=max(8, width, height),
            easy_footholds=min(-(-cells // 5), -(-2 * border // 5)),
            hard_remaining=max(8, -(-3 * cells // 10)),
        )


@dataclass(frozen=True)
class FirstStages:
    """Stages 1 and 2: the domains after local reasoning and the figures behind them."""

    domains: list[int]
    boundary_fixed: int
    rounds: int
    fixed: int
    remaining: int
    largest_region: int

    def substantial(self, limits: Thresholds) -> bool:
        return self.remaining >= limits.hard_remaining and self.largest_region >= limits.hard_region

    def easy(self, limits: Thresholds) -> bool:
        """Easy by stages 1 and 2 alone (nothing left for stage 3 or a search)."""
        return (not self.remaining and self.rounds <= limits.easy_rounds
                and self.boundary_fixed >= limits.easy_footholds)


def first_stages(board: Sequence[int], geo: Geometry, memo: RoundMemo | None = None,
                 deadline: float | None = None) -> FirstStages:
    """Stages 1 and 2 on a solved ``board``; ``memo``, the last first look on the same board shape, spares
    a wrapping board's first look the tiles whose view did not change (:func:`~.deduction.remembered_round`).
    ``deadline``: see :func:`grade`."""
    domains = [geo.border_domains[i][m] for i, m in enumerate(board)]
    if geo.wrapping:
        known = first_look_away_from_crosses(board, geo)
        if memo is None:
            global_round(domains, geo, tile_orders(board), None, deadline, known)
        else:
            remembered_round(domains, geo, tile_orders(board), memo, known)
    boundary_fixed = count_fixed(domains)
    rounds, _ = compiled_sweeps(geo, "grader")(domains)
    remaining = count_open(domains)
    region = largest_region(domains, geo) if remaining else 0
    return FirstStages(domains, boundary_fixed, rounds, geo.cells - remaining, remaining, region)


@dataclass(frozen=True)
class LastStages:
    """Stages 3 and 4: the global rounds, the domains they left, and the search from there."""

    global_rounds: int
    domains: list[int]
    count: Count


def last_stages(board: Sequence[int], first: FirstStages, geo: Geometry,
                deadline: float | None = None, memo: RoundMemo | None = None) -> LastStages:
    """Stages 3 and 4 after :func:`first_stages` of the same board; ``deadline``: see :func:`grade`;
    ``memo``: the first global round of the last board of this shape (:func:`~.deduction.deduce`)."""
    orders = tile_orders(board)
    domains = list(first.domains)
    settled = Settled([0] * geo.cells, [])
    valid, rounds = deduce(domains, geo, orders, settled, deadline, memo)
    if count_open(domains):  # (the search starts from where a valid deduction stopped, not again)
        count = count_solutions(domains, geo, orders, SEARCH_NODE_LIMIT, deadline, settled if valid else None)
    else:
        count = Count((tuple(board),), 0, False, 0, 0)
    return LastStages(rounds, domains, count)


def difficulty_of(first: FirstStages, last: LastStages | None, limits: Thresholds) -> Difficulty:
    """The grade of a board proven unique (``last`` None when stages 1-2 fixed every tile)."""
    rounds = last.global_rounds if last else 0
    depth = last.count.max_depth if last else 0
    decisions = last.count.decision_points if last else 0
    needs_search = bool(last and last.count.nodes)
    demanding = rounds >= 2 or (depth >= 2 and decisions >= 2)
    if first.substantial(limits) and demanding:
        level = "hard"
    elif first.easy(limits):
        level = "easy"
    else:
        level = "medium"
    return Difficulty(level, first.boundary_fixed, first.fixed, first.rounds, rounds, needs_search, depth,
                      decisions, first.remaining, first.largest_region)


def grade(board: Sequence[int], geo: Geometry, deadline: float | None = None) -> tuple[Difficulty | None, Count]:
    """All four stages on a solved ``board``: its grade (None unless proven unique) and the search's count.
    Past ``deadline`` (a :func:`time.monotonic` instant, None: none), checked at every tile of a global
    round: :class:`~gridlogic.params.OutOfTime` (a walk-through's, :mod:`..hints`)."""
    first = first_stages(board, geo, None, deadline)
    limits = Thresholds.of(geo.width, geo.height)
    if not first.remaining:
        return difficulty_of(first, None, limits), Count((tuple(board),), 0, False, 0, 0)
    last = last_stages(board, first, geo, deadline)
    count = last.count
    unique = len(count.solutions) == 1 and not count.truncated
    return (difficulty_of(first, last, limits) if unique else None), count
