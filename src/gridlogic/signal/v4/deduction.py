"""Version 4's reasoning about a board: groups of linked tiles, the global rule, and a search that counts to two.

Version 3's propagation (arc consistency over tile orientations, the
"neighbour agreement" of :mod:`~gridlogic.signal.solver`) is kept as the
local rule. What version 4 adds is a global rule that works on any board,
wrapping or not, and a search that uses it at every node.

**Links and groups.** A link (the edge between two neighbouring tiles) is
*present* when every orientation left on both sides has a pipe there,
*absent* when one side has no orientation with a pipe there, and *open*
otherwise. The present links join tiles into *groups*; a group's *open
ends* are its tiles' open links, an open link between two tiles of one
group counting twice. In a solution the present links are all in the one
tree, so two facts hold at every moment:

* no present links close a loop (a group is a tree), and
* a group with no open end is the whole board: a group that is closed off
  short of the whole board can never be joined to the rest.

**The global rule** tries each orientation ``m`` left to an undecided tile
``i``, as a player tries a turn in their head: fix ``i`` to ``m``, let each
neighbour agree with it (keep the neighbour's orientations that face ``i``
exactly where ``m`` faces them), and look at the links that this makes
present or absent around ``i`` and its neighbours. ``m`` is dropped when
then some neighbour has no orientation left, a present link would join two
tiles of one group (a loop), or a group would be left with no open end
short of the whole board (a closed group; the commonest is two ends facing
each other). A *round* tries every orientation of every undecided tile
against the domains as they were when the round began, then drops all that
failed at once, so a round's result does not depend on the order of the
tiles; the local rule then runs to its fixed point. :func:`deduce` repeats
rounds until one drops nothing.

Both rules only ever remove orientations that no solution uses, so a board
that they fix completely has exactly one solution, and :func:`count_solutions`
may prune with them. That search branches on the first tile with the fewest
orientations left (MRV), trying them in the tile's own order, deduces at
every node, and stops at two solutions or past its node budget (a search cut
short proves nothing). It records its largest depth and its branching nodes:
when the solution is unique every branch is explored, so these figures are
the size of the case analysis that proves it, whatever the order.

Worked example (checked in ``tests/signal/test_v4_deduction.py``): the
wrapping 3×3 answer ``[4, 1, 4, 9, 4, 7, 2, 15, 9]`` (rows of masks) at the
first look, every tile still free to turn. Tile 0 is an end; its neighbours
above (tile 6, across the top edge), to the right (tile 1) and to the left
(tile 2, across the left edge) are ends too, so pointing at any of them
would close off a group of two tiles. Only pointing down survives:

>>> from gridlogic.signal.tables import board_geometry, VARIANT_DOMAINS
>>> geo = board_geometry(3, 3, True)
>>> domains = [VARIANT_DOMAINS[m] for m in [4, 1, 4, 9, 4, 7, 2, 15, 9]]
>>> [mask for mask in (1, 2, 4, 8) if orientation_survives(domains, 0, mask, geo)]
[4]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from gridlogic.signal.board import VARIANTS, is_solved
from gridlogic.signal.search import make_arc_consistent, members, mrv_choice
from gridlogic.signal.tables import OPPOSITE, WITH, WITHOUT, Geometry

# A link seen from one of its tiles: (direction, neighbour, link id, the tile's
# masks with a pipe there, without one, then the same for the neighbour facing back).
Around = tuple[tuple[int, int, int, int, int, int, int], ...]


@cache
def links_around(geo: Geometry) -> tuple[Around, ...]:
    """Per cell, its links to its neighbours, each with the link's id (its index in ``geo.pairs``)."""
    ids = {}
    for k, (i, j, *_) in enumerate(geo.pairs):
        ids[i, j] = ids[j, i] = k
    return tuple(
        tuple((d, j, ids[i, j], WITH[d], WITHOUT[d], WITH[OPPOSITE[d]], WITHOUT[OPPOSITE[d]])
              for d, j in geo.directions[i])
        for i in range(geo.cells)
    )


OPEN_CAP = 40  # a group with more open ends than a hypothesis can close (2 per link it decides) is never closed


@dataclass(frozen=True)
class Groups:
    """The groups of the present links: each cell's group (its root), and per root the size and open ends."""

    root: list[int]
    size: list[int]
    open_ends: list[int]

    def summary(self) -> list[tuple[int, int, int]]:
        """Per cell what the global rule can see of its group: root, open ends (capped) and size."""
        root, size, ends = self.root, self.size, self.open_ends
        return [(a, ends[a], size[a]) if ends[a] < OPEN_CAP else (a, OPEN_CAP, 0) for a in root]


def groups_of(domains: Sequence[int], geo: Geometry) -> Groups | None:
    """The groups of ``domains``; None when present links close a loop or a group is closed off."""
    cells = geo.cells
    parent = list(range(cells))
    open_links = []
    for i, j, has_i, lacks_i, has_j, lacks_j in geo.pairs:
        here, there = domains[i], domains[j]
        if not here & has_i or not there & has_j:
            continue  # absent
        if here & lacks_i or there & lacks_j:
            open_links.append((i, j))
            continue
        a = i
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]  # path halving keeps the walks short
        b = j
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a == b:
            return None  # present links close a loop
        parent[a] = b
    root = []
    for i in range(cells):
        a = i
        while parent[a] != a:
            a = parent[a]
        parent[i] = a
        root.append(a)
    size = [0] * cells
    open_ends = [0] * cells
    for a in root:
        size[a] += 1
    for i, j in open_links:
        open_ends[root[i]] += 1
        open_ends[root[j]] += 1
    for a in set(root):
        if not open_ends[a] and size[a] < cells:
            return None  # a group closed off short of the whole board
    return Groups(root, size, open_ends)


# What a neighbour's agreement decides: the present links among groups (as root pairs), one root
# per end of each link it decides (present or absent), and those links' ids.
Case = tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...]]
_NOTHING: Case = ((), (), ())


def _agreement(domains: Sequence[int], j: int, agreeing: int, back: int, around: Sequence[Around],
               root: Sequence[int]) -> Case | None:
    """What neighbour ``j``'s other links become when its domain shrinks to ``agreeing``; None when
    nothing agrees."""
    if not agreeing:
        return None
    there = domains[j]
    if agreeing == there:
        return _NOTHING
    pairs = []
    ends = []
    links = []
    rj = root[j]
    for e, k, link, has_j, lacks_j, has_k, lacks_k in around[j]:
        if e == back:
            continue
        beyond = domains[k]
        if not there & has_j or not beyond & has_k or (not there & lacks_j and not beyond & lacks_k):
            continue  # decided already
        if not agreeing & has_j:
            pass  # now absent
        elif not agreeing & lacks_j and not beyond & lacks_k:
            pairs.append((rj, root[k]))  # now present
        else:
            continue  # still open
        ends.append(rj)
        ends.append(root[k])
        links.append(link)
    return tuple(pairs), tuple(ends), tuple(links)


def _settles(pairs: Sequence[tuple[int, int]], ends: Sequence[int], groups: Groups, cells: int) -> bool:
    """No loop and no group closed off short of the board after a hypothesis (see the module docstring).

    ``pairs`` are the links it makes present, as the roots of their ends'
    groups; ``ends`` has a group's root once for each end of a link it decides.
    """
    merged: dict[int, int] = {}
    for a, b in pairs:
        while a in merged:
            a = merged[a]
        while b in merged:
            b = merged[b]
        if a == b:
            return False  # a loop
        merged[a] = b
    open_ends = groups.open_ends
    decided: dict[int, int] = {}
    for a in ends:
        decided[a] = decided.get(a, 0) + 1
    # A group is closed off when every open end of every group it is made of is decided ("spent").
    spent = [a for a, count in decided.items() if open_ends[a] == count]
    if not spent:
        return True
    size = groups.size
    joined = merged.keys() | merged.values()  # the groups that the hypothesis joins to others
    keeping = set()  # the tops of joined groups that keep an open end
    for a, count in decided.items():
        if open_ends[a] != count and a in joined:
            while a in merged:
                a = merged[a]
            keeping.add(a)
    closed: dict[int, int] = {}  # top -> tiles in it
    for a in spent:
        if a not in joined:
            if size[a] != cells:
                return False  # a group left alone with no open end
            continue
        t = a
        while t in merged:
            t = merged[t]
        if t not in keeping:
            closed[t] = closed.get(t, 0) + size[a]
    return all(tiles == cells for tiles in closed.values())


def surviving_orientations(domains: Sequence[int], i: int, order: Sequence[int], geo: Geometry,
                           groups: Groups) -> int:
    """The orientations of tile ``i`` that the global rule keeps, as a domain (see the module docstring).

    Each neighbour's agreement is worked out once for a pipe towards it and
    once for none, and each orientation of ``i`` combines its four cases. On
    a wrapping board 3 tiles wide or high two neighbours of ``i`` are
    neighbours of each other, and may decide the link between them twice:
    there the cases' links are compared.
    """
    around = links_around(geo)
    root = groups.root
    here = domains[i]
    allowed = here
    ri = root[i]
    cases = []
    for d, j, link, has_i, lacks_i, has_j, lacks_j in around[i]:
        there = domains[j]
        if not here & has_i or not there & has_j:
            allowed &= lacks_i  # an absent link
        elif not here & lacks_i and not there & lacks_j:
            allowed &= has_i  # a present link
        else:
            back = OPPOSITE[d]
            rj = root[j]
            with_pipe = _agreement(domains, j, there & has_j, back, around, root)
            if with_pipe is not None:
                with_pipe = (((ri, rj), *with_pipe[0]), (ri, rj, *with_pipe[1]), with_pipe[2])
            without_pipe = _agreement(domains, j, there & lacks_j, back, around, root)
            if without_pipe is not None:
                without_pipe = (without_pipe[0], (ri, rj, *without_pipe[1]), without_pipe[2])
            cases.append((1 << d, with_pipe, without_pipe))
    cells = geo.cells
    crowded = geo.wrapping and min(geo.width, geo.height) == 3
    kept = 0
    for mask in order:
        if not allowed >> mask & 1:
            continue
        pairs: tuple[tuple[int, int], ...] = ()
        ends: tuple[int, ...] = ()
        links: tuple[int, ...] = ()
        for bit, with_pipe, without_pipe in cases:
            case = with_pipe if mask & bit else without_pipe
            if case is None:
                break
            pairs += case[0]
            ends += case[1]
            if crowded:
                links += case[2]
        else:
            if crowded and len(set(links)) < len(links):
                if _decided_twice_apart(domains, i, mask, geo):
                    continue
                pairs, ends = _once(domains, i, mask, geo, root)
            if _settles(pairs, ends, groups, cells):
                kept |= 1 << mask
    return kept


def _hypothesis_links(domains: Sequence[int], i: int, mask: int, geo: Geometry) -> dict[int, tuple[int, int, int]]:
    """Every link the hypothesis decides, once: link id -> (tile, tile, 1 present / 0 absent), or a
    link decided both ways marked (-1, -1, -1)."""
    around = links_around(geo)
    here = domains[i]
    decided: dict[int, tuple[int, int, int]] = {}
    for d, j, link, has_i, lacks_i, has_j, lacks_j in around[i]:
        there = domains[j]
        if not here & has_i or not there & has_j or (not here & lacks_i and not there & lacks_j):
            continue
        pipe = mask >> d & 1
        decided[link] = (i, j, pipe)
        agreeing = there & (has_j if pipe else lacks_j)
        if agreeing == there:
            continue
        for e, k, other, has_here, lacks_here, has_k, lacks_k in around[j]:
            if k == i and e == OPPOSITE[d]:
                continue
            beyond = domains[k]
            if (not there & has_here or not beyond & has_k
                    or (not there & lacks_here and not beyond & lacks_k)):
                continue
            if not agreeing & has_here:
                state = 0
            elif not agreeing & lacks_here and not beyond & lacks_k:
                state = 1
            else:
                continue
            if other in decided and decided[other][2] != state:
                decided[other] = (-1, -1, -1)
            elif other not in decided:
                decided[other] = (j, k, state)
    return decided


def _decided_twice_apart(domains: Sequence[int], i: int, mask: int, geo: Geometry) -> bool:
    """True when two neighbours of ``i`` would decide the link between them in opposite ways."""
    return any(a < 0 for a, _, _ in _hypothesis_links(domains, i, mask, geo).values())


def _once(domains: Sequence[int], i: int, mask: int, geo: Geometry,
          root: Sequence[int]) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The hypothesis's present links and decided ends with each link counted once."""
    decided = _hypothesis_links(domains, i, mask, geo).values()
    pairs = tuple((root[a], root[b]) for a, b, present in decided if present)
    return pairs, tuple(r for a, b, _ in decided for r in (root[a], root[b]))


def orientation_survives(domains: Sequence[int], i: int, mask: int, geo: Geometry) -> bool:
    """Whether the global rule keeps orientation ``mask`` of tile ``i`` on ``domains``."""
    groups = groups_of(domains, geo)
    return groups is not None and bool(surviving_orientations(domains, i, (mask,), geo, groups))


@cache
def _near(geo: Geometry) -> tuple[tuple[int, ...], ...]:
    """Per cell, the cells at most two links away: those whose domains and groups its global rule reads."""
    neighbours = geo.neighbours
    near = []
    for i in range(geo.cells):
        around = {i, *neighbours[i]}
        for j in neighbours[i]:
            around.update(neighbours[j])
        near.append(tuple(sorted(around)))
    return tuple(near)


def _spread(cells: Sequence[int], geo: Geometry) -> set[int]:
    near = _near(geo)
    dirty: set[int] = set()
    for c in cells:
        dirty.update(near[c])
    return dirty


@dataclass
class Settled:
    """What the global rule last saw: so that a round re-examines only the tiles whose view changed."""

    domains: list[int]
    view: list[tuple[int, int, int]]


def global_round(domains: list[int], geo: Geometry, orders: Sequence[Sequence[int]],
                 settled: Settled | None = None) -> list[int] | None:
    """One round of the global rule in place: the cells it narrowed, or None when the board has no solution.

    With ``settled`` (the state of a round that dropped nothing, updated here)
    only the tiles within two links of a change are tried again: every other
    tile sees what it saw then, so it would keep all it kept then.
    """
    groups = groups_of(domains, geo)
    if groups is None:
        return None
    view = groups.summary()
    if settled is None:
        candidates: Sequence[int] = range(geo.cells)
    else:
        old_domains, old_view = settled.domains, settled.view or view
        changed = [c for c in range(geo.cells) if domains[c] != old_domains[c] or view[c] != old_view[c]]
        candidates = sorted(_spread(changed, geo))
    updates = []
    for i in candidates:
        domain = domains[i]
        if not domain & (domain - 1):
            continue
        kept = surviving_orientations(domains, i, orders[i], geo, groups)
        if kept != domain:
            if not kept:
                return None
            updates.append((i, kept))
    if settled is not None:
        settled.domains, settled.view = list(domains), view
    for i, kept in updates:
        domains[i] = kept
    return [i for i, _ in updates]


def deduce(domains: list[int], geo: Geometry, orders: Sequence[Sequence[int]],
           settled: Settled | None = None) -> tuple[bool, int]:
    """Global rounds, each followed by the local rule to its fixed point, until a round drops nothing.

    In place; returns (valid, rounds that dropped something). ``domains``
    must be a local fixed point. ``settled``, when given, is the state where
    the rule last dropped nothing; it is kept up to date.
    """
    rounds = 0
    neighbours = geo.neighbours
    if settled is None:
        settled = Settled([0] * geo.cells, [])
    while True:
        narrowed = global_round(domains, geo, orders, settled)
        if narrowed is None:
            return False, rounds
        if not narrowed:
            return True, rounds
        rounds += 1
        pending = set(narrowed)
        for i in narrowed:
            pending.update(neighbours[i])
        if not make_arc_consistent(domains, geo, pending):
            return False, rounds


@dataclass(frozen=True)
class Count:
    """What :func:`count_solutions` found: up to two solutions, nodes, and the shape of its search."""

    solutions: tuple[tuple[int, ...], ...]
    nodes: int
    truncated: bool
    max_depth: int
    decision_points: int


def count_solutions(domains: Sequence[int], geo: Geometry, orders: Sequence[Sequence[int]],
                    node_limit: int) -> Count:
    """The search of the module docstring from ``domains`` (a fixed point of :func:`deduce` or not)."""
    solutions: list[tuple[int, ...]] = []
    nodes = max_depth = decision_points = 0
    truncated = False
    neighbours = geo.neighbours

    def visit(state: list[int], pending: set[int], depth: int, settled: Settled | None) -> None:
        nonlocal nodes, truncated, max_depth, decision_points
        if len(solutions) >= 2 or truncated:
            return
        nodes += 1
        if nodes > node_limit:
            truncated = True
            return
        if settled is None:
            settled = Settled([0] * geo.cells, [])
        if not make_arc_consistent(state, geo, pending) or not deduce(state, geo, orders, settled)[0]:
            return
        choice = mrv_choice(state)
        if choice < 0:
            answer = [d.bit_length() - 1 for d in state]
            if is_solved(answer, geo.width, geo.height, geo.wrapping):
                solutions.append(tuple(answer))
            return
        decision_points += 1
        max_depth = max(max_depth, depth + 1)
        for mask in members(state[choice], orders[choice]):
            child = state.copy()
            child[choice] = 1 << mask
            here = Settled(list(settled.domains), list(settled.view))
            visit(child, set(neighbours[choice]), depth + 1, here)

    visit(list(domains), set(range(geo.cells)), 0, None)
    return Count(tuple(solutions), nodes, truncated, max_depth, decision_points)


def solve_board(board: Sequence[int], geo: Geometry, node_limit: int) -> Count:
    """Up to two ways to turn ``board``'s tiles into one tree on ``geo``'s board (the search of the module
    docstring from the tiles' orientations that keep every pipe on the board)."""
    domains = [geo.border_domains[i][m] for i, m in enumerate(board)]
    return count_solutions(domains, geo, tile_orders(board), node_limit)


def tile_orders(board: Sequence[int]) -> list[tuple[int, ...]]:
    """Each tile's orientations in the order searches try them (:func:`~gridlogic.signal.board.variants`)."""
    return [VARIANTS[m] for m in board]
