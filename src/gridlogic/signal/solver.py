"""Signal's solver: arc consistency over tile orientations, then MRV search.

Each cell's *domain* is the set of orientations it may still take. The
articles' ``propagate`` removes an orientation when

1. it has a pipe leaving the board, or
2. in some direction, no orientation left in the neighbour agrees with it
   (one has a pipe there and the other none facing back),

and repeats full sweeps over the cells until a sweep changes nothing. That
is arc consistency; its fixed point does not depend on the order of the
work, only its ``rounds`` count does.

:func:`solve` (the articles' code, generator version 3) propagates once
with full sweeps (the ``rounds`` and ``deduction`` it reports come from
there), then searches: at each node, propagate; if some cell has several
orientations left, branch on the first cell with the fewest (MRV; ties go
to the lower index), trying its orientations in :func:`~.board.variants`
order; at a leaf keep the board if :func:`~.board.is_solved`. It stops at
two solutions, or when the node count passes ``node_limit`` (then
``truncated`` is set and the count of solutions proves nothing).

How this module keeps the articles' results while doing less work:

* A domain is a 16-bit int with bit ``m`` set when mask ``m`` is allowed
  (:mod:`.tables`); the orientation order of a cell is that of the
  variants of its tile, so iterating a domain means filtering that list.
* Support from a neighbour in direction ``d`` depends only on the
  neighbour's domain, so ``SUPPORT[d][domain]`` (:mod:`.tables`) holds, for
  each of the 65,536 domains, the masks it lets a cell keep: one lookup and
  one AND per neighbour replace the nested loops.
* The full sweeps, whose count is reported, are written out once per board
  side as straight-line Python (:mod:`.sweeps`).
* Inside the search, propagation runs from a work list that starts at the
  neighbours of the cell just fixed (:func:`~.search.make_arc_consistent`);
  the fixed point, hence validity, MRV choice and node counts, is the same
  as re-sweeping the whole board.
* The grader's global rule tries every orientation of a cell; one scan of
  the links away from that cell serves them all
  (:func:`conflict_free_orientations`).

Worked example (``tests/signal/test_solver.py``): the articles' puzzle
n=4, seed ``notes-example``, answer ``[4,4,6,12, 3,11,13,1, 2,14,11,8,
2,11,10,8]``, is proven unique with ``solve``; a budget of 0 nodes gives
``truncated: True`` and no solution.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gridlogic.errors import InvalidParameters
from gridlogic.params import check_deadline, check_int
from gridlogic.signal.board import VARIANTS, check_board, check_size, is_solved
from gridlogic.signal.search import make_arc_consistent, members, mrv_choice
from gridlogic.signal.sweeps import compiled_sweeps
from gridlogic.signal.tables import (
    OPPOSITE,
    VARIANT_DOMAINS,
    WITH,
    WITHOUT,
    Geometry,
    count_fixed,
    domain_of,
    geometry,
)
from gridlogic.verdict import SolveResult as SearchResult

SOLVE_NODE_LIMIT = 30000  # the articles' budget for proving uniqueness


def sweep_to_fixed_point(domains: list[int], geo: Geometry) -> tuple[bool, int]:
    """The articles' ``propagate`` in place: full sweeps until none changes; (valid, rounds).

    As printed, a sweep updates cells one after another, so later cells see
    earlier cells' new domains, and it stops at the first cell left empty
    (that cell keeps its old domain): the "solver" rule of :mod:`.sweeps`.
    """
    return compiled_sweeps(geo, "solver")(domains)


def _check_domains(domains: object, n: int) -> list[list[int]]:
    """``domains`` as n² lists of tile masks (ints 0-15), in their given order."""
    if isinstance(domains, (str, bytes)) or not isinstance(domains, Sequence) or len(domains) != n * n:
        raise InvalidParameters(f"domains for a {n}x{n} board are {n * n} lists of tile masks")
    orders = []
    for i, order in enumerate(domains):
        if isinstance(order, (str, bytes)) or not isinstance(order, Sequence):
            raise InvalidParameters(f"domain {i} is {order!r}; a domain is a list of tile masks")
        orders.append(list(order))
        for m in order:
            check_int(m, f"a tile mask of domain {i}", 0, 15)
    return orders


@dataclass(frozen=True)
class Propagation:
    """The result of :func:`propagate`: the narrowed domains, whether none emptied, and full sweeps run."""

    domains: list[list[int]]
    valid: bool
    rounds: int

    def to_dict(self) -> dict[str, object]:
        return {"domains": self.domains, "valid": self.valid, "rounds": self.rounds}


def propagate(domains: Sequence[Sequence[int]], n: int) -> Propagation:
    """The articles' ``propagate`` on explicit lists of candidate masks per cell."""
    n = check_size(n)
    orders = _check_domains(domains, n)
    bits = [domain_of(order) for order in orders]
    valid, rounds = sweep_to_fixed_point(bits, geometry(n))
    return Propagation([[m for m in order if bits[i] >> m & 1] for i, order in enumerate(orders)], valid, rounds)


@dataclass(frozen=True)
class SolveResult(SearchResult):
    """What :func:`solve` found (width = height = n), with the first propagation's figures.

    The shared shape of :class:`gridlogic.verdict.SolveResult` (solutions as
    tuples of tile masks, ``status``, ``unique``); ``to_dict`` keeps the
    articles' fields and no others.
    """

    deduction: int  # cells fixed by the first propagation alone
    rounds: int  # full sweeps of the first propagation

    def to_dict(self) -> dict[str, Any]:
        return {
            "solutions": [list(s) for s in self.solutions],
            "nodes": self.nodes,
            "truncated": self.truncated,
            "deduction": self.deduction,
            "rounds": self.rounds,
        }


def solve(board: object, n: object, node_limit: object = SOLVE_NODE_LIMIT) -> SolveResult:
    """Count the ways (up to two) to rotate ``board``'s tiles into one tree, as the articles' ``solve``."""
    side = check_size(n)
    return solve_checked(check_board(board, side), side, check_int(node_limit, "node_limit"))


def solve_checked(board: Sequence[int], n: int, node_limit: int = SOLVE_NODE_LIMIT,
                  deadline: float | None = None) -> SolveResult:
    """:func:`solve` for arguments already checked; past ``deadline`` (a :func:`time.monotonic` instant,
    None: none), :class:`~gridlogic.params.OutOfTime` (a walk-through's, :mod:`.hints`)."""
    geo = geometry(n)
    domains = [VARIANT_DOMAINS[m] for m in board]
    valid, rounds = sweep_to_fixed_point(domains, geo)
    deduction = count_fixed(domains)
    if not valid:
        return SolveResult(n, n, (), 0, False, deduction, rounds)
    solutions, nodes, truncated = search_from_fixed_point(board, domains, geo, node_limit, deadline=deadline)
    return SolveResult(n, n, solutions, nodes, truncated, deduction, rounds)


def search_from_fixed_point(
    board: Sequence[int], domains: list[int], geo: Geometry, node_limit: int, board_is_solved: bool = False,
    deadline: float | None = None,
) -> tuple[tuple[tuple[int, ...], ...], int, bool]:
    """The articles' search from a propagation fixed point: (up to two solutions, nodes, truncated).

    Any order of propagation reaches the same fixed point, so the generator
    may start here from the grader's local fixed point (the border rule is
    one of propagation's rules) and skip a second propagation. The generator
    also says ``board_is_solved`` (its board is a tree by construction), so
    a leaf equal to the board needs no :func:`~.board.is_solved`: same answer.
    For the same reason, when such a board's fixed point fixes every tile,
    the search is that one leaf: each singleton holds the board's own tile,
    which every rule keeps. ``deadline`` is checked at every node (see :func:`solve_checked`).
    """
    if board_is_solved and node_limit >= 1 and count_fixed(domains) == len(domains):
        return (tuple(board),), 1, False
    orders = [VARIANTS[m] for m in board]
    n = geo.width
    solutions: list[tuple[int, ...]] = []
    nodes = 0
    truncated = False

    def visit(state: list[int], pending: set[int]) -> None:
        nonlocal nodes, truncated
        if len(solutions) >= 2 or truncated:
            return
        nodes += 1
        if nodes > node_limit:
            truncated = True
            return
        if deadline is not None:
            check_deadline(deadline)
        if not make_arc_consistent(state, geo, pending):
            return
        choice = mrv_choice(state)
        if choice < 0:
            answer = [d.bit_length() - 1 for d in state]
            if (board_is_solved and answer == board) or is_solved(answer, n):
                solutions.append(tuple(answer))
            return
        for mask in members(state[choice], orders[choice]):
            child = state.copy()
            child[choice] = 1 << mask
            visit(child, set(geo.neighbours[choice]))

    visit(domains.copy(), set())  # already a fixed point: nothing pending
    return tuple(solutions), nodes, truncated


def _link_groups(
    domains: Sequence[int], geo: Geometry, apart_from: int = -1
) -> tuple[list[int], list[int], int] | None:
    """Union-finds over the right and down links that do not touch cell ``apart_from``.

    Returns ``(possible, forced, joins)``: ``possible`` joins the cells of
    every link some orientation allows (``joins`` counts its merges),
    ``forced`` those of every link all orientations keep. None when the
    forced links close a cycle.
    """
    forced = list(range(len(domains)))
    possible = list(range(len(domains)))
    joins = 0
    for i, j, has_i, lacks_i, has_j, lacks_j in geo.pairs:
        if i == apart_from or j == apart_from:
            continue
        here, there = domains[i], domains[j]
        if here & has_i and there & has_j:
            a, b = i, j
            while possible[a] != a:
                a = possible[a]
            while possible[b] != b:
                b = possible[b]
            if a != b:
                possible[a] = b
                joins += 1
            if not here & lacks_i and not there & lacks_j:
                a, b = i, j
                while forced[a] != a:
                    a = forced[a]
                while forced[b] != b:
                    b = forced[b]
                if a == b:
                    return None  # the links every choice keeps already close a cycle
                forced[a] = b
    return possible, forced, joins


def graph_conflict_bits(domains: Sequence[int], geo: Geometry) -> bool:
    """:func:`graph_conflict` on bit-set domains, in one pass over the right and down links.

    Two union-finds (:func:`_link_groups`): one over links every orientation
    keeps (joining two cells already joined is a forced cycle), one over
    links some orientation allows (n² - 1 joins are needed to reach every cell).
    """
    if not all(domains):
        return True
    groups = _link_groups(domains, geo)
    return groups is None or groups[2] != len(domains) - 1  # a cycle, or a cell cut off from cell 0


def conflict_free_orientations(domains: Sequence[int], i: int, geo: Geometry) -> int:
    """The masks m of ``domains[i]`` for which cell i fixed to m has no :func:`graph_conflict_bits`.

    The grader's stage 3 asks this for every undecided cell. Trying each m
    with a full graph_conflict scan repeats the work on the links that do
    not touch cell i, so this scans them once (:func:`_link_groups`) and
    then settles each m from cell i's own links, at most four:

    * a forced cycle: the other cells' forced links already close one (every
      m conflicts), or two of m's forced links reach the same forced group;
    * connectivity: without cell i the possible links leave the other cells
      in some number of groups, and m's possible links must reach them all.

    Example: on a 1×2 board with cell 0 undecided between masks 2 (pipe
    right) and 8 (pipe left), only 2 can reach cell 1: the result is 1 << 2.
    """
    cells = len(domains)
    domain = domains[i]
    if not domain or not all(domains):
        return 0  # nothing to choose, or an empty domain elsewhere: every choice conflicts
    found = _link_groups(domains, geo, i)
    if found is None:
        return 0  # a forced cycle that no choice at cell i undoes
    possible, forced, joins = found
    groups = cells - 1 - joins  # groups of possible links among the cells other than i
    kept = 0
    for mask in range(16):
        if not domain >> mask & 1:
            continue
        reached, forced_reached = set(), set()
        for d, j in geo.directions[i]:
            back, there = OPPOSITE[d], domains[j]
            if not mask >> d & 1 or not there & WITH[back]:
                continue  # no pipe towards j, or j can never face back: not a possible link
            x = j
            while possible[x] != x:
                x = possible[x]
            reached.add(x)
            if not there & WITHOUT[back]:  # every orientation of j faces back: a forced link
                x = j
                while forced[x] != x:
                    x = forced[x]
                if x in forced_reached:
                    break  # two forced links into one forced group: a cycle
                forced_reached.add(x)
        else:
            if len(reached) == groups:
                kept |= 1 << mask
    return kept


def graph_conflict(domains: Sequence[Sequence[int]], n: int) -> bool:
    """True when the domains already force a cycle, or can no longer connect every cell to cell 0.

    The articles' global rule, two tests in one: links that every remaining
    orientation of both cells keeps (union-find finds a cycle among them),
    and links that some orientation still allows (a breadth-first search
    from cell 0 must reach every cell).
    """
    n = check_size(n)
    return graph_conflict_bits([domain_of(d) for d in _check_domains(domains, n)], geometry(n))
