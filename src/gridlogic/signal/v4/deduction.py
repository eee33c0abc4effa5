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

**Working less, deciding the same.** A tile's result depends only on the
domains and groups within two links of it, so a round tries again only the
tiles near a cell whose domain or view of its group changed since the last
round (:class:`Settled`; the generator's first looks at boards one link swap
apart use :class:`RoundMemo` alike). Between rounds, and from a search node
to its children, domains only shrink, so links only go from open to absent
or present: :func:`regroup` brings the groups up to date from the links of
the cells that lost orientations instead of finding them again. In the
first look at a wrapping board at least 5 wide and high, away from crosses,
the rule comes down to one fact about the neighbours' shapes, which
:func:`first_look_away_from_crosses` reads off directly (a turn is dropped
when every neighbour it points at is an end; a test compares it with the
rule worked out in full). Within a tile, the groups near it are numbered
from 0, so that each hypothesis runs its union-find on a few small lists.

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
from typing import Final, final

from gridlogic.params import check_deadline
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


@final
class Ring:
    """:func:`links_around` and ``geo.pairs`` as flat lists of ints, the form the compiled rule reads fastest.

    Cell ``i``'s ``s``-th link is at ``4 * i + s`` (``count[i]`` of them): its
    direction, neighbour, link id, the cell's masks with and without a pipe
    there, and the neighbour's facing back. ``pair_*`` are ``geo.pairs``' columns.
    """

    def __init__(self, geo: Geometry) -> None:
        cells = geo.cells
        self.count: list[int] = [0] * cells
        self.direction: list[int] = [0] * (4 * cells)
        self.cell: list[int] = [0] * (4 * cells)
        self.link: list[int] = [0] * (4 * cells)
        self.has: list[int] = [0] * (4 * cells)
        self.lacks: list[int] = [0] * (4 * cells)
        self.has_back: list[int] = [0] * (4 * cells)
        self.lacks_back: list[int] = [0] * (4 * cells)
        for i, around in enumerate(links_around(geo)):
            self.count[i] = len(around)
            for s, (d, j, link, has_i, lacks_i, has_j, lacks_j) in enumerate(around):
                at = 4 * i + s
                self.direction[at], self.cell[at], self.link[at] = d, j, link
                self.has[at], self.lacks[at], self.has_back[at], self.lacks_back[at] = has_i, lacks_i, has_j, lacks_j
        self.pair_i: list[int] = [p[0] for p in geo.pairs]
        self.pair_j: list[int] = [p[1] for p in geo.pairs]
        self.pair_has_i: list[int] = [p[2] for p in geo.pairs]
        self.pair_lacks_i: list[int] = [p[3] for p in geo.pairs]
        self.pair_has_j: list[int] = [p[4] for p in geo.pairs]
        self.pair_lacks_j: list[int] = [p[5] for p in geo.pairs]


@cache
def ring_of(geo: Geometry) -> Ring:
    return Ring(geo)


OPEN_CAP = 40  # a group with more open ends than a hypothesis can close (2 per link it decides) is never closed


@dataclass(frozen=True)
class Groups:
    """The groups of the present links: each cell's group (its root), and per root the size and open ends."""

    root: list[int]
    size: list[int]
    open_ends: list[int]

    def summary(self) -> list[int]:
        """Per cell what the global rule can see of its group, as one number (:meth:`seen`)."""
        return [self.seen(a) for a in self.root]

    def seen(self, a: int) -> int:
        """What the global rule can see of the group of root ``a``: root, open ends (capped) and size (0
        when the ends are capped), as one number."""
        span = len(self.root) + 1
        ends = self.open_ends[a]
        if ends < OPEN_CAP:
            return (a * (OPEN_CAP + 1) + ends) * span + self.size[a]
        return (a * (OPEN_CAP + 1) + OPEN_CAP) * span

    def copy(self) -> Groups:
        return Groups(list(self.root), list(self.size), list(self.open_ends))


def groups_of(domains: Sequence[int], geo: Geometry) -> Groups | None:
    """The groups of ``domains``; None when present links close a loop or a group is closed off."""
    cells = geo.cells
    ring = ring_of(geo)
    pair_i, pair_j = ring.pair_i, ring.pair_j
    pair_has_i, pair_lacks_i, pair_has_j, pair_lacks_j = (ring.pair_has_i, ring.pair_lacks_i, ring.pair_has_j,
                                                          ring.pair_lacks_j)
    parent = list(range(cells))
    open_from: list[int] = []
    open_to: list[int] = []
    for p in range(len(pair_i)):
        i = pair_i[p]
        j = pair_j[p]
        here = domains[i]
        there = domains[j]
        if not here & pair_has_i[p] or not there & pair_has_j[p]:
            continue  # absent
        if here & pair_lacks_i[p] or there & pair_lacks_j[p]:
            open_from.append(i)
            open_to.append(j)
            continue
        a = i
        while parent[a] != a:
            up = parent[parent[a]]  # path halving keeps the walks short
            parent[a] = up
            a = up
        b = j
        while parent[b] != b:
            up = parent[parent[b]]
            parent[b] = up
            b = up
        if a == b:
            return None  # present links close a loop
        parent[a] = b
    root: list[int] = []
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
    for p in range(len(open_from)):
        open_ends[root[open_from[p]]] += 1
        open_ends[root[open_to[p]]] += 1
    for a in range(cells):
        if root[a] == a and not open_ends[a] and size[a] < cells:
            return None  # a group closed off short of the whole board
    return Groups(root, size, open_ends)


CASE_PAIRS: Final = 8  # ints per case: the link to the neighbour and up to 3 of its other links, as group pairs
CASE_ENDS: Final = 8  # groups per case: two per link it decides
CASE_LINKS: Final = 3  # link ids per case: the neighbour's other links it decides
ONCE: Final = 8  # the case that holds a whole hypothesis counted once (see _once)
HYPOTHESIS: Final = 64  # room for its pairs or ends (16 links decided at most, 4 of them around i)
NEAR_GROUPS: Final = 16  # the groups a hypothesis can touch: those of the tile and the 12 cells near it at most


@final
class Scratch:
    """The working lists of the global rule, allocated once per round.

    A *case* is what one neighbour of the tile tried decides when the link
    towards it is present (case ``2 c``) or absent (``2 c + 1``): the links
    it makes present as pairs of groups, the groups at the ends of the links
    it decides, and those links' ids. A hypothesis is the cases it picks
    (``picks``). The groups are numbered from 0 for the tile tried
    (:func:`_near_group`), at most :data:`NEAR_GROUPS`: ``group_root`` is
    each one's root, ``group_ends`` and ``group_size`` its open ends and
    size; ``near_group[root]`` is a root's number when ``group_root`` agrees
    (so nothing is cleared between tiles). :func:`_settles` runs a
    union-find over the numbers in ``parent``.
    """

    def __init__(self, cells: int) -> None:
        self.case_valid: list[bool] = [False] * 8
        self.case_bit: list[int] = [0] * 4
        self.case_pair_count: list[int] = [0] * (ONCE + 1)
        self.case_pairs: list[int] = [0] * (ONCE * CASE_PAIRS + HYPOTHESIS)
        self.case_end_count: list[int] = [0] * (ONCE + 1)
        self.case_ends: list[int] = [0] * (ONCE * CASE_ENDS + HYPOTHESIS)
        self.case_link_count: list[int] = [0] * 8
        self.case_links: list[int] = [0] * (8 * CASE_LINKS)
        self.open_links: list[int] = [0] * 4
        self.picks: list[int] = [0] * 4
        self.links: list[int] = [0] * (4 * CASE_LINKS)
        self.near_group: list[int] = [0] * cells
        self.groups = 0
        self.group_root: list[int] = [0] * NEAR_GROUPS
        self.group_ends: list[int] = [0] * NEAR_GROUPS
        self.group_size: list[int] = [0] * NEAR_GROUPS
        self.parent: list[int] = [0] * NEAR_GROUPS
        self.decided: list[int] = [0] * NEAR_GROUPS
        self.keeps: list[bool] = [False] * NEAR_GROUPS


def _near_group(scratch: Scratch, groups: Groups, a: int) -> int:
    """The number of the group whose root is ``a`` for the tile tried, numbering it when it is new."""
    g = scratch.near_group[a]
    count = scratch.groups
    if g < count and scratch.group_root[g] == a:
        return g
    scratch.near_group[a] = count
    scratch.group_root[count] = a
    scratch.group_ends[count] = groups.open_ends[a]
    scratch.group_size[count] = groups.size[a]
    scratch.groups = count + 1
    return count


def _agreement(domains: list[int], j: int, agreeing: int, back: int, ring: Ring, groups: Groups,
               scratch: Scratch, case: int, gi: int, present: bool) -> bool:
    """Case ``case``: the link from group ``gi``'s tile to neighbour ``j`` (``present`` or not), and what
    ``j``'s other links become when its domain shrinks to ``agreeing``; False when nothing agrees."""
    if not agreeing:
        return False
    root = groups.root
    gj = _near_group(scratch, groups, root[j])
    pairs, ends, links = scratch.case_pairs, scratch.case_ends, scratch.case_links
    p = case * CASE_PAIRS
    e = case * CASE_ENDS
    n = case * CASE_LINKS
    if present:
        pairs[p] = gi
        pairs[p + 1] = gj
        p += 2
    ends[e] = gi
    ends[e + 1] = gj
    e += 2
    there = domains[j]
    if agreeing != there:
        direction, cell, has, lacks, has_back, lacks_back = (ring.direction, ring.cell, ring.has, ring.lacks,
                                                             ring.has_back, ring.lacks_back)
        for s in range(4 * j, 4 * j + ring.count[j]):
            if direction[s] == back:
                continue
            k = cell[s]
            beyond = domains[k]
            has_j, lacks_j, has_k, lacks_k = has[s], lacks[s], has_back[s], lacks_back[s]
            if not there & has_j or not beyond & has_k or (not there & lacks_j and not beyond & lacks_k):
                continue  # decided already
            if not agreeing & has_j:
                gk = _near_group(scratch, groups, root[k])  # now absent
            elif not agreeing & lacks_j and not beyond & lacks_k:
                gk = _near_group(scratch, groups, root[k])  # now present
                pairs[p] = gj
                pairs[p + 1] = gk
                p += 2
            else:
                continue  # still open
            ends[e] = gj
            ends[e + 1] = gk
            e += 2
            links[n] = ring.link[s]
            n += 1
    scratch.case_pair_count[case] = p - case * CASE_PAIRS
    scratch.case_end_count[case] = e - case * CASE_ENDS
    scratch.case_link_count[case] = n - case * CASE_LINKS
    return True


def _settles(scratch: Scratch, picked: int, cells: int) -> bool:
    """No loop and no group closed off short of the board after a hypothesis (see the module docstring).

    The hypothesis is the first ``picked`` cases of ``scratch.picks``: their
    pairs are the links it makes present, as the numbers of their ends'
    groups, their ends a group's number once for each end of a link it
    decides. The groups it joins make one *component*; a component is closed
    off when every open end of every group in it is decided (spent), and
    then it must be the whole board.
    """
    count = scratch.groups
    parent, decided, keeps = scratch.parent, scratch.decided, scratch.keeps
    for g in range(count):
        parent[g] = g
        decided[g] = 0
        keeps[g] = False
    picks, pairs, ends = scratch.picks, scratch.case_pairs, scratch.case_ends
    pair_count, end_count = scratch.case_pair_count, scratch.case_end_count
    for p in range(picked):
        case = picks[p]
        start = case * CASE_PAIRS
        for x in range(start, start + pair_count[case], 2):
            a = pairs[x]
            b = pairs[x + 1]
            while parent[a] != a:
                a = parent[a]
            while parent[b] != b:
                b = parent[b]
            if a == b:
                return False  # a loop
            parent[a] = b
    for p in range(picked):
        case = picks[p]
        start = case * CASE_ENDS
        for x in range(start, start + end_count[case]):
            decided[ends[x]] += 1
    open_ends = scratch.group_ends
    for g in range(count):
        spent = decided[g]
        if spent and spent != open_ends[g]:
            t = g
            while parent[t] != t:
                t = parent[t]
            keeps[t] = True  # a group that keeps an open end keeps its component open
    for g in range(count):
        spent = decided[g]
        if not spent or spent != open_ends[g]:
            continue
        t = g
        while parent[t] != t:
            t = parent[t]
        if not keeps[t]:
            if _component_size(scratch, t) != cells:
                return False  # a component closed off short of the board
            keeps[t] = True  # the whole board: seen
    return True


def _component_size(scratch: Scratch, top: int) -> int:
    """The tiles in the groups a hypothesis joins into the component of ``top``."""
    parent, decided, size = scratch.parent, scratch.decided, scratch.group_size
    total = 0
    for g in range(scratch.groups):
        if decided[g]:
            t = g
            while parent[t] != t:
                t = parent[t]
            if t == top:
                total += size[g]
    return total


def surviving_orientations(domains: list[int], i: int, order: Sequence[int], geo: Geometry,
                           groups: Groups, scratch: Scratch | None = None) -> int:
    """The orientations of tile ``i`` that the global rule keeps, as a domain (see the module docstring).

    Each neighbour's agreement is worked out once for a pipe towards it and
    once for none (each only when some orientation left needs it), and each
    orientation of ``i`` combines its cases. On a wrapping board 3 tiles
    wide or high two neighbours of ``i`` are neighbours of each other, and
    may decide the link between them twice: there the cases' links are
    compared. ``scratch`` may be one :class:`Scratch` for the board shared by
    the tiles of a round.
    """
    ring = ring_of(geo)
    work = Scratch(geo.cells) if scratch is None else scratch
    here = domains[i]
    allowed = here
    opened = 0
    open_links = work.open_links
    for s in range(4 * i, 4 * i + ring.count[i]):
        there = domains[ring.cell[s]]
        has_i, lacks_i, has_j, lacks_j = ring.has[s], ring.lacks[s], ring.has_back[s], ring.lacks_back[s]
        if not here & has_i or not there & has_j:
            allowed &= lacks_i  # an absent link
        elif not here & lacks_i and not there & lacks_j:
            allowed &= has_i  # a present link
        else:
            open_links[opened] = s
            opened += 1
    if not allowed:
        return 0
    work.groups = 0
    gi = _near_group(work, groups, groups.root[i])
    valid, bits = work.case_valid, work.case_bit
    for c in range(opened):
        s = open_links[c]
        j = ring.cell[s]
        there = domains[j]
        d = ring.direction[s]
        back = OPPOSITE[d]
        bits[c] = 1 << d
        valid[2 * c] = bool(allowed & ring.has[s]) and _agreement(
            domains, j, there & ring.has_back[s], back, ring, groups, work, 2 * c, gi, True)
        valid[2 * c + 1] = bool(allowed & ring.lacks[s]) and _agreement(
            domains, j, there & ring.lacks_back[s], back, ring, groups, work, 2 * c + 1, gi, False)
    cells = geo.cells
    crowded = geo.wrapping and min(geo.width, geo.height) == 3
    picks = work.picks
    kept = 0
    for mask in order:
        if not allowed >> mask & 1:
            continue
        picked = 0
        agrees = True
        for c in range(opened):
            case = 2 * c if mask & bits[c] else 2 * c + 1
            if not valid[case]:
                agrees = False
                break
            picks[picked] = case
            picked += 1
        if not agrees:
            continue
        if crowded and _links_repeat(work, picked):
            if _decided_twice_apart(domains, i, mask, geo):
                continue
            _once(domains, i, mask, geo, groups, work)
            picks[0] = ONCE
            picked = 1
        if _settles(work, picked, cells):
            kept |= 1 << mask
    return kept


def _links_repeat(scratch: Scratch, picked: int) -> bool:
    """Whether two of the picked cases decide one link."""
    links, count = scratch.links, 0
    for p in range(picked):
        case = scratch.picks[p]
        start = case * CASE_LINKS
        for x in range(start, start + scratch.case_link_count[case]):
            links[count] = scratch.case_links[x]
            count += 1
    for x in range(count):
        for y in range(x):
            if links[x] == links[y]:
                return True
    return False


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


def _once(domains: Sequence[int], i: int, mask: int, geo: Geometry, groups: Groups, scratch: Scratch) -> None:
    """The hypothesis's present links and decided ends with each link counted once, as the case
    :data:`ONCE` of ``scratch``."""
    pairs, ends, root = scratch.case_pairs, scratch.case_ends, groups.root
    n_pairs = ONCE * CASE_PAIRS
    n_ends = ONCE * CASE_ENDS
    for a, b, present in _hypothesis_links(domains, i, mask, geo).values():
        ga = _near_group(scratch, groups, root[a])
        gb = _near_group(scratch, groups, root[b])
        if present:
            pairs[n_pairs] = ga
            pairs[n_pairs + 1] = gb
            n_pairs += 2
        ends[n_ends] = ga
        ends[n_ends + 1] = gb
        n_ends += 2
    scratch.case_pair_count[ONCE] = n_pairs - ONCE * CASE_PAIRS
    scratch.case_end_count[ONCE] = n_ends - ONCE * CASE_ENDS


def orientation_survives(domains: Sequence[int], i: int, mask: int, geo: Geometry) -> bool:
    """Whether the global rule keeps orientation ``mask`` of tile ``i`` on ``domains``."""
    groups = groups_of(domains, geo)
    return groups is not None and bool(surviving_orientations(list(domains), i, (mask,), geo, groups))


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


def _spread(cells: list[int], geo: Geometry) -> list[int]:
    """The cells within two links of ``cells``, in order."""
    near = _near(geo)
    dirty = [False] * geo.cells
    for c in cells:
        for x in near[c]:
            dirty[x] = True
    return [x for x in range(geo.cells) if dirty[x]]


def first_look_away_from_crosses(board: Sequence[int], geo: Geometry) -> list[int]:
    """The orientations that the first round of the global rule keeps of each tile of ``board`` on a wrapping
    board at least 5 wide and high, every tile free to turn, where no cross lies within two links (-1 where
    one does, and everywhere on another board): what :func:`surviving_orientations` finds there, read off
    the neighbours' shapes.

    There every tile near ``i`` is alone in its group with four open ends,
    and a neighbour ``j`` agrees with any turn of ``i`` (it has turns with
    and without a pipe towards ``i``). A turn of ``i`` makes no link
    present but its own, so it closes no loop, and of the groups it reaches
    only its own component (``i`` and the neighbours it points at) can be
    spent: a neighbour ``j`` is spent when its turns facing ``i`` have no
    other pipe, that is when ``j`` is an end (a tile two links away has at
    most two of its four ends decided). So a turn is dropped exactly when
    every neighbour it points at is an end. On a 4-wide board, or near a
    cross (whose links may be present), the rule is worked out in full.
    """
    cells = geo.cells
    kept_by_tile = [-1] * cells
    if not geo.wrapping or geo.width < 5 or geo.height < 5:
        return kept_by_tile
    near = _near(geo)
    crossed = [False] * cells
    for x in range(cells):
        if board[x] == 15:
            for y in near[x]:
                crossed[y] = True
    for i in range(cells):
        if crossed[i]:
            continue
        ends = 0  # the directions of the neighbours that are ends
        for d, j in geo.directions[i]:
            if board[j] in (1, 2, 4, 8):
                ends |= 1 << d
        kept = 0
        for mask in VARIANTS[board[i]]:
            if mask & ~ends:
                kept |= 1 << mask
        kept_by_tile[i] = kept
    return kept_by_tile


@dataclass
class Settled:
    """What the global rule last saw: so that a round re-examines only the tiles whose view changed, and
    brings its groups up to date instead of finding them again (:func:`regroup`)."""

    domains: list[int]
    view: list[int]  # Groups.summary()
    groups: Groups | None = None  # the groups of ``domains``, when known

    def copy(self) -> Settled:
        return Settled(list(self.domains), list(self.view), None if self.groups is None else self.groups.copy())


def regroup(settled: Settled, domains: list[int], moved: list[int], geo: Geometry) -> list[int] | None:
    """Brings ``settled``'s groups and view from its domains to ``domains`` (each a subset of the one
    before), where the cells ``moved`` lost orientations: the cells whose view changed, or None when
    present links close a loop or a group is closed off (then ``settled`` is spoilt).

    Only links of moved cells change, and only from open: to absent (an open end less on each side)
    or to present (their two groups join, two open ends fewer). A group that keeps an open end is
    never closed off later, so only the groups touched are checked; their cells take the root of
    the group they joined, and the view of each is read again.
    """
    groups = settled.groups
    assert groups is not None
    root, size, ends = groups.root, groups.size, groups.open_ends
    old = settled.domains
    ring = ring_of(geo)
    cells = geo.cells
    touched: list[int] = []
    joined = list(range(cells)) if moved else []  # a root's group joined into another: the other's root
    for c in moved:
        here_then, here_now = old[c], domains[c]
        for s in range(4 * c, 4 * c + ring.count[c]):
            j = ring.cell[s]
            if j < c and domains[j] != old[j]:
                continue  # seen from j
            there_then, there_now = old[j], domains[j]
            has_c, lacks_c, has_j, lacks_j = ring.has[s], ring.lacks[s], ring.has_back[s], ring.lacks_back[s]
            if (not here_then & has_c or not there_then & has_j
                    or (not here_then & lacks_c and not there_then & lacks_j)):
                continue  # decided then, so decided the same way now
            absent = not here_now & has_c or not there_now & has_j
            if not absent and (here_now & lacks_c or there_now & lacks_j):
                continue  # still open
            a = root[c]
            while joined[a] != a:
                a = joined[a]
            b = root[j]
            while joined[b] != b:
                b = joined[b]
            if absent:
                ends[a] -= 1
                ends[b] -= 1
                touched.append(a)
                touched.append(b)
                continue
            if a == b:
                return None  # present links close a loop
            joined[a] = b
            size[b] += size[a]
            ends[b] += ends[a] - 2
            touched.append(a)
            touched.append(b)
    if not touched:
        return []
    spoilt = [False] * cells
    for a in touched:
        spoilt[a] = True
        while joined[a] != a:
            a = joined[a]
        if not ends[a] and size[a] < cells:
            return None  # a group closed off short of the whole board
    view = settled.view
    viewed = []
    for c in range(cells):
        a = root[c]
        if spoilt[a]:
            while joined[a] != a:
                a = joined[a]
            root[c] = a
            seen = groups.seen(a)
            if seen != view[c]:
                view[c] = seen
                viewed.append(c)
    return viewed


def _known_everywhere(domains: list[int], known: Sequence[int]) -> bool:
    """Whether every tile is left to turn and ``known`` holds what each keeps (then no tile has a link
    that every turn uses, so no link is present and no group is closed off: the round needs no groups)."""
    for i, domain in enumerate(domains):
        if not domain & (domain - 1) or known[i] < 0:
            return False
    return True


def _known_round(domains: list[int], known: Sequence[int]) -> list[int] | None:
    """The round of :func:`global_round` when :func:`_known_everywhere`."""
    updates = []
    for i, domain in enumerate(domains):
        if known[i] != domain:
            if not known[i]:
                return None
            updates.append(i)
    for i in updates:
        domains[i] = known[i]
    return updates


def global_round(domains: list[int], geo: Geometry, orders: Sequence[Sequence[int]],
                 settled: Settled | None = None, deadline: float | None = None,
                 known: Sequence[int] | None = None) -> list[int] | None:
    """One round of the global rule in place: the cells it narrowed, or None when the board has no solution.

    With ``settled`` (the state of a round that dropped nothing, updated here)
    only the tiles within two links of a change are tried again: every other
    tile sees what it saw then, so it would keep all it kept then. ``known``:
    per tile what it keeps, where known beforehand (-1 where not; see
    :func:`first_look_away_from_crosses`). Past ``deadline`` (a
    :func:`time.monotonic` instant, None: none), checked at every tile tried:
    :class:`~gridlogic.params.OutOfTime` (a walk-through's, :mod:`..hints`).
    """
    if settled is None and known is not None and _known_everywhere(domains, known):
        return _known_round(domains, known)
    candidates: Sequence[int] = range(geo.cells)
    if settled is not None and settled.groups is not None:
        old_domains = settled.domains
        moved = [c for c in range(geo.cells) if domains[c] != old_domains[c]]
        viewed = regroup(settled, domains, moved, geo)
        if viewed is None:
            return None
        groups = settled.groups
        view = settled.view
        candidates = _spread(moved + viewed, geo)
    else:
        found = groups_of(domains, geo)
        if found is None:
            return None
        groups = found
        view = groups.summary()
        if settled is not None:
            old_domains, old_view = settled.domains, settled.view or view
            changed = [c for c in range(geo.cells) if domains[c] != old_domains[c] or view[c] != old_view[c]]
            candidates = _spread(changed, geo)
    updates = []
    scratch = Scratch(geo.cells)
    for i in candidates:
        domain = domains[i]
        if not domain & (domain - 1):
            continue
        if known is not None and known[i] >= 0:
            kept = known[i]
        else:
            if deadline is not None:
                check_deadline(deadline)
            kept = surviving_orientations(domains, i, orders[i], geo, groups, scratch)
        if kept != domain:
            if not kept:
                return None
            updates.append((i, kept))
    if settled is not None:
        settled.domains, settled.view, settled.groups = list(domains), view, groups
    for i, kept in updates:
        domains[i] = kept
    return [i for i, _ in updates]


@final
class RoundMemo:
    """A whole round's domains, view of the groups and what it kept of each tile (:func:`remembered_round`)."""

    def __init__(self) -> None:
        self.domains: list[int] = []
        self.view: list[int] = []
        self.kept: list[int] = []


def remembered_round(domains: list[int], geo: Geometry, orders: Sequence[Sequence[int]],
                     memo: RoundMemo, known: Sequence[int] | None = None,
                     settled: Settled | None = None) -> list[int] | None:
    """:func:`global_round` without ``settled`` (``known`` as there), trying again only the tiles within
    two links of a difference from the domains and groups of the last round ``memo`` holds (updated here).
    ``settled``, when given, is left as :func:`global_round` leaves its own: what the round saw.

    A tile farther away sees what it saw then, so it keeps what it kept then:
    the same result as a round that tries every tile. Each tile's orientations
    are a set, so the order it tries them in does not matter. The generator
    grades many boards that differ from the last by one link swap.
    """
    if known is not None and _known_everywhere(domains, known):
        memo.domains = []  # (nothing worked out to remember)
        return _known_round(domains, known)
    groups = groups_of(domains, geo)
    if groups is None:
        return None
    view = groups.summary()
    cells = geo.cells
    fresh = [True] * cells
    if len(memo.domains) == cells:
        old_domains, old_view = memo.domains, memo.view
        changed = [c for c in range(cells) if domains[c] != old_domains[c] or view[c] != old_view[c]]
        fresh = [False] * cells
        for c in _spread(changed, geo):
            fresh[c] = True
    kept_now = [0] * cells
    updates: list[int] = []
    scratch = Scratch(cells)
    for i in range(cells):
        domain = domains[i]
        if not domain & (domain - 1):
            kept = domain
        elif known is not None and known[i] >= 0:
            kept = known[i]
        elif fresh[i]:
            kept = surviving_orientations(domains, i, orders[i], geo, groups, scratch)
        else:
            kept = memo.kept[i]
        kept_now[i] = kept
        if kept != domain:
            if not kept:
                return None
            updates.append(i)
    memo.domains, memo.view, memo.kept = list(domains), view, kept_now
    if settled is not None:
        settled.domains, settled.view, settled.groups = list(domains), list(view), groups
    for i in updates:
        domains[i] = kept_now[i]
    return updates


def deduce(domains: list[int], geo: Geometry, orders: Sequence[Sequence[int]],
           settled: Settled | None = None, deadline: float | None = None,
           memo: RoundMemo | None = None) -> tuple[bool, int]:
    """Global rounds, each followed by the local rule to its fixed point, until a round drops nothing.

    In place; returns (valid, rounds that dropped something). ``domains``
    must be a local fixed point. ``settled``, when given, is the state where
    the rule last dropped nothing; it is kept up to date (spoilt when not
    valid). ``deadline``: see :func:`global_round`. ``memo``: the first round
    is :func:`remembered_round` with it (``settled`` then a fresh one), for
    the generator, which deduces on many boards one link swap apart.
    """
    rounds = 0
    neighbours = geo.neighbours
    if settled is None:
        settled = Settled([0] * geo.cells, [])
    while True:
        if memo is not None:
            narrowed = remembered_round(domains, geo, orders, memo, None, settled)
            memo = None
        else:
            narrowed = global_round(domains, geo, orders, settled, deadline)
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
                    node_limit: int, deadline: float | None = None, settled: Settled | None = None) -> Count:
    """The search of the module docstring from ``domains`` (a fixed point of :func:`deduce` or not);
    ``deadline``: see :func:`global_round`. ``settled``: the state that :func:`deduce` left when it
    reached ``domains``, so that the first node does not try every tile again (a copy is used)."""
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
        if not make_arc_consistent(state, geo, pending) or not deduce(state, geo, orders, settled, deadline)[0]:
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
            here = settled.copy()
            visit(child, set(neighbours[choice]), depth + 1, here)

    visit(list(domains), set(range(geo.cells)), 0, None if settled is None else settled.copy())
    return Count(tuple(solutions), nodes, truncated, max_depth, decision_points)


def solve_board(board: Sequence[int], geo: Geometry, node_limit: int, deadline: float | None = None) -> Count:
    """Up to two ways to turn ``board``'s tiles into one tree on ``geo``'s board (the search of the module
    docstring from the tiles' orientations that keep every pipe on the board); ``deadline``: see
    :func:`global_round`."""
    domains = [geo.border_domains[i][m] for i, m in enumerate(board)]
    return count_solutions(domains, geo, tile_orders(board), node_limit, deadline)


def tile_orders(board: Sequence[int]) -> list[tuple[int, ...]]:
    """Each tile's orientations in the order searches try them (:func:`~gridlogic.signal.board.variants`)."""
    return [VARIANTS[m] for m in board]
