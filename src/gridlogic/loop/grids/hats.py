"""Loopy's hats grid (``t16``): a patch of the aperiodic hat tiling, named by a grid description.

The hat is the 13-sided monotile of Smith, Myers, Kaplan and Goodman-Strauss (2023,
arXiv:2303.10798). Every hat is 8 kites of the deltoidal trihexagonal ("kites") tiling, and the
hats are grouped into four *metatiles* H, T, P and F (4, 1, 2 and 2 hats; one hat of each H is
reflected) that tile the plane by a substitution: each metatile expands into a cluster of 13, 7,
11 or 11 smaller ones, the clusters of neighbours overlapping on their rims.

**Coordinates (Tatham's combinatorial scheme).** A kite is named little-endian by its number in
its hat (0-7), the hat's number in its metatile, that metatile's number among the children of its
parent, and so on up to a metatile whose type alone is given: ``"2,1,3,12,2,H"`` is kite 2 of hat
1 of child 3 of child 12 of child 2 of an H. That is Loopy's grid description: its first kite
lies at a fixed place on the page and the patch is the part of the tiling around it. Loopy finds
the names of the other kites of a W×H rectangle by stepping from kite to kite (left, right,
forward left, forward right: the four kites sharing an edge with one), using two maps:

* the *kite map* of each metatile type: for every kite of its expansion (kite, hat, child) and
  each step, the neighbour's name inside the same expansion, when it is inside;
* the *metatile map*: a metatile of the second expansion of a type often belongs to two or three
  of the first expansion's clusters (they overlap); the map cycles through its names.

A step first tries the kite map one level up; failing that, it renames the two levels above and
tries again, going a level higher each time nothing works (and making up a parent for the top
one: the ``default_parent`` of its type when reading a description, a random one when making
one). The rectangle is walked in a fixed serpentine order (:func:`kite_walk`) and a hat is laid
as a face when its kite 0 is walked and its 14 corners (13 sides, one of them cut in two) lie in
the rectangle; then Loopy trims away faces that touch no inner dot of the largest connected
inland region (:func:`trimmed`) and numbers dots, edges and faces as everywhere (:mod:`.graph`).

**Where the facts come from.** The metatiles' outlines, the place and turn of every child in an
expansion, the place, turn and order of the hats in a metatile, and the hat's first kite are read from Simon
Tatham's description of his construction (the Puzzles collection's ``auxiliary/hatgen.c``, MIT,
drawn from the paper's figures of the metatiles and their substitution) and written here in our
own form (a turn as a count of sixths, children grouped by type). The children of an expansion
are numbered by type (H, T, P, F), then by the position of their first corner (that is how
hatgen numbers them). The maps, the hat's kites, the hat counts and the parents a metatile may
have are *computed* from that geometry (:func:`kite_maps`, :func:`metatile_maps`), not taken from
Loopy's tables (they come out equal to them, entry for entry). Points are exact: ``(x, y)`` is
``x + y·ρ`` with ``ρ`` the sixth root of unity ``e^(iπ/3)`` and kite-tiling triangles of side 6;
a dot on the page is Loopy's ``(14·(2x + y)/3, 8·y)``.

Worked example (a test checks it): the kite ``2,1,3,12,2,H`` names a 6×6 patch of 18 hats (the
patch of Loopy's ID ``6x6t16:2,1,3,12,2,H_2C0b8e0b9Ab``), each a face of 14 corners, and the grid
keeps the description for writing the ID back. A description naming a child its parent does not
have is refused.

>>> g = build(6, 6, "2,1,3,12,2,H")
>>> g
<Grid hats 6x6: 18 faces, 160 edges, 143 dots>
>>> {len(f) for f in g.faces}, g.description
({14}, '2,1,3,12,2,H')
>>> [g.dots[d] for d in g.faces[0]][:4]
[(112, 0), (140, 0), (140, 16), (126, 24)]
>>> try:
...     check_description(6, 6, "2,1,9,T")
... except InvalidParameters as error:
...     print(str(error).split(";")[0])
hats grid description '2,1,9,T': child 9 of a T does not exist (a T has children 0 to 6)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from gridlogic.errors import InvalidParameters

from .graph import Grid, GridBuilder

NAME = "hats"
Eisenstein = tuple[int, int]  # x + y·ρ, ρ = e^(iπ/3); the kite tiling's triangles have side 6
Kite = tuple[Eisenstein, Eisenstein, Eisenstein, Eisenstein]  # centre, left, right, outer
TYPES = "HTPF"
KITES_IN_HAT = 8
PAGE_X, PAGE_Y = 14, 8  # Loopy's page units per hat unit across and down

# Steps from a kite to one sharing an edge with it.
LEFT, RIGHT, FORWARD_LEFT, FORWARD_RIGHT = range(4)


# --- Exact plane geometry ------------------------------------------------------------------------

def turn_left(p: Eisenstein) -> Eisenstein:
    """``p·ρ``: a sixth of a turn anticlockwise (ρ² = ρ - 1)."""
    return (-p[1], p[0] + p[1])


def turn_right(p: Eisenstein) -> Eisenstein:
    """``p/ρ``: a sixth of a turn clockwise (1/ρ = 1 - ρ)."""
    return (p[0] + p[1], -p[0])


def plus(*points: Eisenstein) -> Eisenstein:
    return (sum(p[0] for p in points), sum(p[1] for p in points))


def times(k: int, p: Eisenstein) -> Eisenstein:
    return (k * p[0], k * p[1])


def minus(p: Eisenstein, q: Eisenstein) -> Eisenstein:
    return (p[0] - q[0], p[1] - q[1])


def direction(turns: int) -> Eisenstein:
    """The unit vector ``turns`` sixths anticlockwise from (1, 0)."""
    p = (1, 0)
    for _ in range(turns % 6):
        p = turn_left(p)
    return p


@dataclass(frozen=True)
class Placement:
    """The map ``v -> origin + v.x·across + v.y·up``: a turn, and for a reflected hat a mirror."""

    origin: Eisenstein
    across: Eisenstein
    up: Eisenstein

    @staticmethod
    def at(origin: Eisenstein, turns: int, mirrored: bool = False) -> Placement:
        across = direction(turns)
        return Placement(origin, across, turn_right(across) if mirrored else turn_left(across))

    def linear(self, v: Eisenstein) -> Eisenstein:
        return plus(times(v[0], self.across), times(v[1], self.up))

    def __call__(self, v: Eisenstein) -> Eisenstein:
        return plus(self.origin, self.linear(v))

    def then(self, inner: Placement) -> Placement:
        """``inner`` placed in this frame (a child's frame inside its parent placed here)."""
        return Placement(self(inner.origin), self.linear(inner.across), self.linear(inner.up))

    def key(self) -> tuple[Eisenstein, Eisenstein, Eisenstein]:
        return (self.origin, self.across, self.up)


# Kite steps, on a kite given by its four corners (the same four rules work on a mirrored kite).
def kite_step(k: Kite, step: int) -> Kite:
    centre, left, right, outer = k
    if step == LEFT:
        return (centre, plus(centre, minus(left, right)), left, minus(times(2, left), outer))
    if step == RIGHT:
        return (centre, right, plus(centre, minus(right, left)), minus(times(2, right), outer))
    if step == FORWARD_LEFT:
        return (minus(times(2, left), centre), plus(right, minus(left, centre)), left, outer)
    return (minus(times(2, right), centre), right, plus(left, minus(right, centre)), outer)


def kite_region(k: Kite) -> tuple[Eisenstein, Eisenstein]:
    """A kite as a region: its centre and outer corner fix it, whichever side is called left."""
    return (k[0], k[3])


# A hat's kites in Loopy's numbering: kite 0, then these steps; the corners of the hat's outline
# are read off on the way (kite number, which corner), as Loopy's hat.c does.
HAT_WALK = (LEFT, FORWARD_RIGHT, RIGHT, FORWARD_LEFT, RIGHT, RIGHT, RIGHT)
CENTRE, SIDE_LEFT, SIDE_RIGHT, OUTER = range(4)
HAT_OUTLINE = ((0, CENTRE), (0, SIDE_RIGHT), (0, OUTER), (0, SIDE_LEFT), (2, CENTRE), (3, SIDE_RIGHT),
               (3, OUTER), (4, SIDE_LEFT), (4, CENTRE), (7, SIDE_RIGHT), (7, OUTER), (7, SIDE_LEFT),
               (6, OUTER), (6, SIDE_LEFT))


def hat_kites(kite0: Kite) -> list[Kite]:
    """The 8 kites of the hat whose kite 0 is ``kite0`` (its sides swapped for a mirrored hat)."""
    kites = [kite0]
    for step in HAT_WALK:
        kites.append(kite_step(kites[-1], step))
    return kites


def hat_outline(kite0: Kite, mirrored: bool) -> list[Eisenstein]:
    """The hat's 14 corners from its kite 0, in Loopy's order (reversed for a mirrored hat)."""
    centre, left, right, outer = kite0
    kites = hat_kites((centre, right, left, outer) if mirrored else kite0)
    corners = [kites[k][corner] for k, corner in HAT_OUTLINE]
    return corners[::-1] if mirrored else corners


# --- The metatiles (facts, in our form; see the module docstring) --------------------------------

# Outline of each metatile from its first corner, at turn 0; and the same corners of its expansion.
OUTLINE: dict[str, tuple[Eisenstein, ...]] = {
    "H": ((0, 0), (4, -2), (12, 6), (10, 10), (-6, 18), (-8, 16)),
    "T": ((0, 0), (6, 6), (-6, 12)),
    "P": ((0, 0), (4, 4), (-4, 20), (-8, 16)),
    "F": ((0, 0), (4, -2), (6, 0), (-2, 16), (-6, 12)),
}
EXPANDED_OUTLINE: dict[str, tuple[Eisenstein, ...]] = {
    "H": ((0, 0), (12, -6), (30, 12), (24, 24), (-12, 42), (-18, 36)),
    "T": ((0, 0), (12, 12), (-12, 24)),
    "P": ((0, 0), (14, 8), (-4, 44), (-18, 36)),
    "F": ((0, 0), (14, -4), (18, 6), (0, 42), (-14, 34)),
}

# The expansion of each metatile: for each child type, its children's first corners and turns.
EXPANSION: dict[str, dict[str, tuple[tuple[Eisenstein, int], ...]]] = {
    "H": {
        "H": (((2, 2), 0), ((-4, 20), 0), ((8, 26), 4)),
        "T": (((6, 24), 3),),
        "P": (((6, 0), 5), ((-8, 16), 0), ((4, 34), 4)),
        "F": (((2, 2), 4), ((-4, 2), 0), ((26, 14), 0), ((32, 8), 2), ((-10, 44), 4), ((-10, 38), 2)),
    },
    "T": {
        "H": (((10, 10), 2),),
        "P": (((8, 14), 1), ((-6, 0), 0), ((18, 6), 2)),
        "F": (((22, 4), 1), ((-8, -2), 5), ((-14, 34), 3)),
    },
    "P": {
        "H": (((10, 10), 2), ((4, 22), 1)),
        "P": (((8, 14), 1), ((6, 24), 0), ((-6, 0), 0)),
        "F": (((10, 10), 0), ((16, 4), 2), ((-8, -2), 5), ((4, 46), 2), ((-14, 34), 3), ((-20, 40), 5)),
    },
    "F": {
        "H": (((14, 8), 2), ((8, 20), 1)),
        "P": (((12, 12), 1), ((10, 22), 0)),
        "F": (((14, 8), 0), ((20, 2), 2), ((2, 2), 4), ((-4, 2), 0), ((8, 44), 2), ((-10, 32), 3),
              ((-16, 38), 5)),
    },
}

# The hats of each metatile: first corner of the hat's frame, turn, mirrored; in Loopy's order.
HATS: dict[str, tuple[tuple[Eisenstein, int, bool], ...]] = {
    "H": (((6, 0), 0, False), ((6, 6), 4, False), ((0, 12), 0, False), ((0, 6), 3, True)),
    "T": (((-2, 10), 2, False),),
    "P": (((-2, 10), 2, False), ((-2, 16), 1, False)),
    "F": (((0, 6), 2, False), ((0, 12), 1, False)),
}
# Kite 0 of a hat in the hat's own frame (centre, left, right, outer): hatgen's kite 0 is the one
# whose midpoint of centre and outer corner is (-7, 5); the walk above then gives its kites 1-7.
HAT_KITE0: Kite = ((-6, 6), (-6, 3), (-9, 6), (-8, 4))

# The children of an expansion that the paper's figure 2.8 counts as belonging to it (the others
# belong to a neighbour's expansion): a metatile's likely parents, used to invent ancestors.
OWN_CHILDREN: dict[str, frozenset[int]] = {
    "H": frozenset(range(13)) - {7, 10, 11},
    "T": frozenset({0}),
    "P": frozenset({0, 1, 4, 5, 10}),
    "F": frozenset({0, 1, 3, 6, 8, 10}),
}


@dataclass(frozen=True)
class Child:
    kind: str
    placement: Placement


@cache
def children(kind: str) -> tuple[Child, ...]:
    """The expansion of ``kind`` at the origin, numbered as Loopy numbers it (type, x, y)."""
    found = [(TYPES.index(c), corner, turns, c) for c, group in EXPANSION[kind].items() for corner, turns in group]
    return tuple(Child(c, Placement.at(corner, turns)) for _, corner, turns, c in sorted(found))


def hats_in(kind: str) -> int:
    return len(HATS[kind])


@cache
def hat_placements(kind: str) -> tuple[Placement, ...]:
    return tuple(Placement.at(corner, turns, mirrored) for corner, turns, mirrored in HATS[kind])


def placed_kites(frame: Placement, kind: str) -> Iterator[tuple[int, int, Kite]]:
    """(hat, kite number, kite) for every kite of a metatile ``kind`` placed by ``frame``."""
    for h, hat_frame in enumerate(hat_placements(kind)):
        where = frame.then(hat_frame)
        # A mirrored hat's kites are the mirror images of the reference hat's, sides and all.
        centre, left, right, outer = HAT_KITE0
        for k, kite in enumerate(hat_kites((where(centre), where(left), where(right), where(outer)))):
            yield h, k, kite


# --- The maps, computed from the geometry --------------------------------------------------------

KiteName = tuple[int, int, int]  # kite, hat, child


@cache
def kite_maps() -> dict[str, dict[tuple[int, KiteName], KiteName]]:
    """For each metatile type: (step, (kite, hat, child)) -> the neighbour's (kite, hat, child),
    for the neighbours inside the same expansion; a step out of it has no entry."""
    maps = {}
    for kind in TYPES:
        name_of: dict[tuple[Eisenstein, Eisenstein], KiteName] = {}
        kites: list[tuple[KiteName, Kite]] = []
        for m, child in enumerate(children(kind)):
            for h, k, kite in placed_kites(child.placement, child.kind):
                region = kite_region(kite)
                assert region not in name_of, "the children of an expansion overlap"
                name_of[region] = (k, h, m)
                kites.append(((k, h, m), kite))
        steps = {}
        for name, kite in kites:
            for step in range(4):
                neighbour = name_of.get(kite_region(kite_step(upright(kite), step)))
                if neighbour is not None:
                    steps[(step, name)] = neighbour
        maps[kind] = steps
    return maps


def upright(k: Kite) -> Kite:
    """The kite with its sides named as on an unmirrored kite (left is anticlockwise of the axis)."""
    centre, left, right, outer = k
    if cross(minus(outer, centre), minus(left, centre)) < 0:
        return (centre, right, left, outer)
    return k


def cross(p: Eisenstein, q: Eisenstein) -> int:
    """Twice the signed area of (p, q) in units of the ρ basis (ρ's own cross product is positive)."""
    return p[0] * q[1] - p[1] * q[0]


def expanded(tiles: list[tuple[str, Placement]]) -> dict[int, Placement]:
    """Where each metatile of a patch goes when the whole patch expands, by tile number in the
    order they are placed: the expansion is not exactly similar, so each tile is moved to agree
    with a corner an expanded neighbour already placed, working outwards from the first tile
    (breadth first, a corner's tiles queued when it is first placed, as Tatham's hatgen does)."""
    corners_of = [[frame(p) for p in OUTLINE[kind]] for kind, frame in tiles]
    tiles_at: dict[Eisenstein, list[int]] = {}
    for t, corners in enumerate(corners_of):
        for p in corners:
            tiles_at.setdefault(p, []).append(t)
    moved: dict[Eisenstein, Eisenstein] = {corners_of[0][0]: (0, 0)}
    placed: dict[int, Placement] = {}
    queue, queued = [0], {0}
    while queue:
        t = queue.pop(0)
        kind, frame = tiles[t]
        grown = [frame.linear(p) for p in EXPANDED_OUTLINE[kind]]
        anchor = next(i for i, p in enumerate(corners_of[t]) if p in moved)
        shift = minus(moved[corners_of[t][anchor]], grown[anchor])
        placed[t] = Placement(plus(grown[0], shift), frame.across, frame.up)
        for p, q in zip(corners_of[t], grown, strict=True):
            target = plus(q, shift)
            assert moved.setdefault(p, target) == target, "expanded neighbours disagree"
            for u in tiles_at[p]:
                if u not in queued:
                    queued.add(u)
                    queue.append(u)
    return placed


@cache
def metatile_maps() -> dict[str, dict[tuple[int, int], tuple[int, int]]]:
    """For each metatile type: (child, grandchild) -> the next name of the same metatile of its
    second expansion (a cycle over its names, a fixed point for a metatile with one name)."""
    maps = {}
    for kind in TYPES:
        first = [(c.kind, c.placement) for c in children(kind)]
        names: dict[tuple[str, tuple], list[tuple[int, int]]] = {}
        # A metatile's names are listed in the order its parents are placed, which is the order
        # Loopy's table cycles through them.
        for m2, frame in expanded(first).items():
            for m, grandchild in enumerate(children(first[m2][0])):
                key = (grandchild.kind, frame.then(grandchild.placement).key())
                names.setdefault(key, []).append((m, m2))
        cycle = {}
        for same in names.values():
            for i, name in enumerate(same):
                cycle[name] = same[(i + 1) % len(same)]
        maps[kind] = cycle
    return maps


@cache
def possible_parents(kind: str) -> tuple[tuple[str, int, float], ...]:
    """(parent type, child number, weight) for every expansion that owns a ``kind`` child, weighted
    by how common the parent type is in the limit (the substitution matrix's leading eigenvector)."""
    share = metatile_shares()
    return tuple((p, m, share[p]) for p in TYPES for m, c in enumerate(children(p))
                 if c.kind == kind and m in OWN_CHILDREN[p])


def default_parent(kind: str) -> tuple[str, int]:
    """The parent Loopy assumes when a description stops short: the first possible one."""
    parent, index, _ = possible_parents(kind)[0]
    return parent, index


@cache
def metatile_shares() -> dict[str, float]:
    """Relative frequency of each metatile type in a large patch (power iteration)."""
    counts = {k: 1.0 for k in TYPES}
    for _ in range(200):
        grown = {k: 0.0 for k in TYPES}
        for parent in TYPES:
            for m, c in enumerate(children(parent)):
                if m in OWN_CHILDREN[parent]:
                    grown[c.kind] += counts[parent]
        counts = {k: v / grown["H"] for k, v in grown.items()}
    return counts


# --- Names of kites and the step from one to a neighbour -----------------------------------------

class Ancestry:
    """The starting kite's name (Loopy's prototype), extended upwards on demand: by the default
    parents when reading a description, at random when making one."""

    def __init__(self, indices: list[int], top: str, rng: random.Random | None) -> None:
        self.indices = list(indices)
        self.kinds = kinds_below(indices, top)
        self.rng = rng

    def grow(self, levels: int) -> None:
        while len(self.kinds) < levels:
            kind = self.kinds[-1]
            if self.rng is None:
                parent, index = default_parent(kind)
            else:
                options = possible_parents(kind)
                parent, index, _ = self.rng.choices(options, weights=[w for _, _, w in options])[0]
            self.indices.append(index)
            self.kinds.append(parent)

    def name(self) -> Name:
        return Name(list(self.indices), list(self.kinds))

    def description(self) -> str:
        return "".join(f"{i}," for i in self.indices) + self.kinds[-1]


def kinds_below(indices: list[int], top: str) -> list[str]:
    """The type at each level of a name: '' for the kite and the hat, then the metatiles, the top
    (unnumbered) one last."""
    kinds = [top]
    for index in reversed(indices[2:]):
        kinds.append(children(kinds[-1])[index].kind)
    return ["", "", *reversed(kinds)]


@dataclass
class Name:
    """A kite's name: its indices little-endian (kite, hat, metatile, ...) and the type at each
    level, one level more than the indices (the top one, not yet placed in a parent)."""

    indices: list[int]
    kinds: list[str]

    def grown(self, ancestry: Ancestry, levels: int) -> Name:
        """The same name with at least ``levels`` levels, the new ones the ancestry's."""
        if len(self.kinds) >= levels:
            return self
        ancestry.grow(levels)
        return Name(self.indices + ancestry.indices[len(self.indices):levels - 1],
                    self.kinds + ancestry.kinds[len(self.kinds):levels])


def step_by_kite_map(ancestry: Ancestry, name: Name, step: int) -> Name | None:
    name = name.grown(ancestry, 4)
    kite, hat, meta = name.indices[:3]
    found = kite_maps()[name.kinds[3]].get((step, (kite, hat, meta)))
    if found is None:
        return None
    kite, hat, meta = found
    return Name([kite, hat, meta, *name.indices[3:]],
                ["", "", children(name.kinds[3])[meta].kind, *name.kinds[3:]])


def step_by_renaming(ancestry: Ancestry, name: Name, step: int, depth: int) -> Name | None:
    """Try every name of the metatile at ``depth`` within the one two levels up (and below it)."""
    name = name.grown(ancestry, depth + 3)
    start = (name.indices[depth], name.indices[depth + 1])
    top = name.kinds[depth + 2]
    current = name
    while True:
        found = (step_by_renaming(ancestry, current, step, depth - 1) if depth > 2
                 else step_by_kite_map(ancestry, current, step))
        if found is not None:
            return found
        meta, meta2 = metatile_maps()[top][(current.indices[depth], current.indices[depth + 1])]
        if (meta, meta2) == start:
            return None
        indices, kinds = list(current.indices), list(current.kinds)
        indices[depth], indices[depth + 1] = meta, meta2
        kinds[depth + 1] = children(top)[meta2].kind
        kinds[depth] = children(kinds[depth + 1])[meta].kind
        current = Name(indices, kinds)


def step_name(ancestry: Ancestry, name: Name, step: int) -> Name:
    found = step_by_kite_map(ancestry, name, step)
    depth = 2
    while found is None:
        found = step_by_renaming(ancestry, name, step, depth)
        depth += 1
    return found


# --- The walk over a W×H rectangle ---------------------------------------------------------------

START_KITE: Kite = ((0, 0), (0, 3), (3, 0), (2, 2))


def kite_walk(width: int, height: int) -> Iterator[tuple[int, int]]:
    """Loopy's serpentine walk over the kites of a W×H rectangle, as (back, step): the next kite is
    the ``back``-th last one walked (1 or 2) stepped by ``step``. Rows of triangles are walked
    along their upper side rightwards and their lower side leftwards, three kites a cell."""
    x, y, state = 0, 0, 1
    while True:
        back = 1
        if state == 1:
            step, state = FORWARD_RIGHT, 2
        elif state == 2:
            if x + 1 >= width:
                step, state = FORWARD_RIGHT, 4
            else:
                step, state, x = RIGHT, 3, x + 1
        elif state == 3:
            step, state = RIGHT, 1
        elif state == 4:  # the row's rightmost cell cannot be reached yet: its neighbour first
            step, state = LEFT, 5
        elif state == 5:
            step, state, back = RIGHT, 6, 2
        elif state == 6:
            if x <= 0:
                if y + 1 >= height:
                    return
                step, state, y = RIGHT, 9, y + 1
            else:
                step, state, x = FORWARD_RIGHT, 7, x - 1
        elif state == 7:
            step, state = RIGHT, 8
        elif state == 8:
            step, state = RIGHT, 6
        elif state == 9:
            step, state = RIGHT, 10
        elif state == 10:
            step, state = RIGHT, 11
        elif state == 11:
            if x + 1 >= width:
                step, state, back = FORWARD_RIGHT, 12, 2
            else:
                step, state, x = FORWARD_RIGHT, 9, x + 1
        elif state == 12:
            step, state = FORWARD_RIGHT, 13
        elif state == 13:
            if x <= 0:
                if y + 1 >= height:
                    return
                step, state, y = LEFT, 1, y + 1
            else:
                step, state, x = RIGHT, 14, x - 1
        else:  # state 14
            step, state = RIGHT, 12
        yield back, step


def walked_kites(width: int, height: int, ancestry: Ancestry) -> Iterator[tuple[Kite, Name]]:
    """Every kite of the walk with its name (Loopy's hat_tiling_generate)."""
    last = (START_KITE, ancestry.name())
    yield last
    last_source = last
    for back, step in kite_walk(width, height):
        # "Two back" is the kite the last one was stepped from.
        source = last if back == 1 else last_source
        kite, name = source
        last_source, last = source, (kite_step(kite, step), step_name(ancestry, name, step))
        yield last


def hats_in_rectangle(width: int, height: int, ancestry: Ancestry) -> list[list[Eisenstein]]:
    """The hats whose kite 0 is walked and whose corners all lie in the rectangle, in walk order."""
    out = []
    for kite, name in walked_kites(width, height, ancestry):
        if name.indices[0] != 0:
            continue
        name = name.grown(ancestry, 3)
        mirrored = name.kinds[2] == "H" and name.indices[1] == 3
        corners = hat_outline(kite, mirrored)
        if all(0 <= 2 * x + y <= 12 * width and 0 <= y <= 6 * height for x, y in corners):
            out.append(corners)
    return out


# --- Grid descriptions ---------------------------------------------------------------------------

DESCRIPTION = re.compile(r"((?:[0-9]{1,2},)*)([HTPF])")
MAX_DESCRIPTION = 200  # ours: far more levels than any rectangle of at most 100x100 needs


def parse_description(width: int, height: int, text: str) -> tuple[list[int], str]:
    """The indices (kite first) and the top metatile type of a description, or InvalidParameters."""
    def refuse(why: str) -> InvalidParameters:
        shown = text if len(text) <= 40 else text[:40] + "…"
        return InvalidParameters(
            f"hats grid description {shown!r}: {why}; a description is a kite's name, numbers each "
            "followed by a comma (its kite 0-7, its hat, then its metatile in each parent), then the "
            "top metatile's type H, T, P or F, as Loopy writes it (for instance 2,1,3,12,2,H)")
    if not isinstance(text, str):
        raise InvalidParameters(f"a hats grid description is text, not {type(text).__name__}")
    if len(text) > MAX_DESCRIPTION:
        raise refuse(f"it is {len(text)} characters long, more than the {MAX_DESCRIPTION} allowed")
    match = DESCRIPTION.fullmatch(text)
    if match is None:
        raise refuse("it is not of that form")
    indices = [int(part) for part in match[1].split(",")[:-1]]
    top = match[2]
    if len(indices) < 3:
        raise refuse(f"it has {len(indices)} numbers, fewer than the 3 needed (kite, hat, metatile)")
    if indices[0] >= KITES_IN_HAT:
        raise refuse(f"kite {indices[0]} does not exist (a hat has kites 0 to {KITES_IN_HAT - 1})")
    kind = top
    for index in reversed(indices[2:]):
        count = len(children(kind))
        if index >= count:
            raise refuse(f"child {index} of {a(kind)} does not exist ({a(kind)} has children 0 to {count - 1})")
        kind = children(kind)[index].kind
    if indices[1] >= hats_in(kind):
        last = hats_in(kind) - 1
        raise refuse(f"hat {indices[1]} of {a(kind)} does not exist ({a(kind)} has "
                     + ("only hat 0)" if last == 0 else f"hats 0 to {last})"))
    return indices, top


def a(kind: str) -> str:
    """'an H', 'a T', 'a P', 'an F'."""
    return f"an {kind}" if kind in "HF" else f"a {kind}"


def check_description(width: int, height: int, text: str) -> None:
    """InvalidParameters unless Loopy reads ``text`` as a hats grid description."""
    parse_description(width, height, text)


def new_description(width: int, height: int, rng: random.Random) -> str:
    """A random description whose patch covers a W×H rectangle (Loopy's hat_tiling_randomise, with
    our own random choices): a random hat and kite to start from, and each ancestor, as the walk
    needs it, chosen among the possible parents in proportion to how common they are."""
    options = [(kind, h, share) for kind, share in metatile_shares().items() for h in range(hats_in(kind))]
    kind, hat, _ = rng.choices(options, weights=[w for _, _, w in options])[0]
    ancestry = Ancestry([rng.randrange(KITES_IN_HAT), hat], kind, rng)
    ancestry.grow(4)  # at least one metatile numbered in its parent, as Loopy requires
    for _ in walked_kites(width, height, ancestry):
        pass
    return ancestry.description()


# --- The grid ------------------------------------------------------------------------------------

def grid(width: int, height: int, description: str | None = None) -> Grid:
    """The catalogue's builder: :func:`build` for a description, or without one the patch that
    :func:`new_description` picks for this size from a random generator seeded by the size, so
    that a W×H hats grid named by size alone is always the same grid."""
    if description is None:
        description = new_description(width, height, random.Random(f"hats {width}x{height}"))
    return build(width, height, description)


def build(width: int, height: int, description: str) -> Grid:
    """Loopy's W×H hats grid for ``description``, faces, edges and dots in Loopy's order."""
    for side, value in (("width", width), ("height", height)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidParameters(f"the {side} of a hats grid is a whole number at least 1, not {value!r}")
    indices, top = parse_description(width, height, description)
    laid = hats_in_rectangle(width, height, Ancestry(indices, top, None))
    faces = [[page_point(p) for p in corners] for corners in laid]
    builder = GridBuilder()
    named: dict[tuple[int, int], None] = {}
    for face in faces:
        named.update(dict.fromkeys(face))
    kept = trimmed(faces)
    kept_points = {p for f in kept for p in f}
    for point in named:  # dots are numbered as first named by any face, trimmed ones included
        if point in kept_points:
            builder.dot(point)
    for face in kept:
        builder.add_face(face)
    return builder.build(NAME, width, height, description)


def page_point(p: Eisenstein) -> tuple[int, int]:
    """Loopy's page coordinates of an exact point (all hat corners have 2x + y divisible by 3)."""
    across, remainder = divmod(2 * p[0] + p[1], 3)
    assert remainder == 0, p
    return (PAGE_X * across, PAGE_Y * p[1])


def trimmed(faces: list[list[tuple[int, int]]]) -> list[list[tuple[int, int]]]:
    """Loopy's grid_trim_vigorously: keep the faces touching the largest connected set of inland
    dots (dots all of whose edges have a face on both sides), in their order."""
    sides: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for face in faces:
        sides.update(zip(face, face[1:] + face[:1]))
    coastal = {p for a, b in sides if (b, a) not in sides for p in (a, b)}
    order = {p: i for i, p in enumerate(dict.fromkeys(p for f in faces for p in f))}
    inland = [p for p in order if p not in coastal]
    inner: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a, b in sides:
        if a not in coastal and b not in coastal:
            inner.setdefault(a, []).append(b)
    region: dict[tuple[int, int], tuple[int, int]] = {}
    for start in inland:  # flood each inland region along inner edges between inland dots
        if start in region:
            continue
        region[start] = start
        todo = [start]
        while todo:
            p = todo.pop()
            for b in inner.get(p, ()):
                if b not in region:
                    region[b] = start
                    todo.append(b)
    if not region:
        return []
    sizes: dict[tuple[int, int], int] = {}
    for root in region.values():
        sizes[root] = sizes.get(root, 0) + 1
    biggest = max(sizes.values())
    # Ties (never seen on a hat patch) go to the region named first.
    root = min((r for r, n in sizes.items() if n == biggest), key=order.__getitem__)
    return [f for f in faces if any(region.get(p) == root for p in f)]
