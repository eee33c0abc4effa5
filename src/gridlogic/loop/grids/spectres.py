"""Loopy's Spectres grid (``t17``): a patch of the aperiodic Spectre tiling, read from its description.

The Spectre (Smith, Myers, Kaplan and Goodman-Strauss, "A chiral aperiodic monotile", 2023,
arXiv:2305.17743) is a 14-sided tile with all sides of one length; copies of it, all of one
hand, tile the plane only aperiodically. The paper builds the tiling from nine kinds of
marked hexagon, Γ Δ Θ Λ Ξ Π Σ Φ Ψ (Loopy's letters ``G D J L X P S F Y``): each hexagon
expands into seven (Γ) or eight smaller ones, and at the bottom level a Γ hexagon is two
Spectres (one of them the rare, turned one) and every other kind one Spectre.

Loopy (Simon Tatham's ``spectre.c``, ``grid.c``; the method is in his article "Generating
aperiodic tilings: the Spectre", https://www.chiark.greenend.org.uk/~sgtatham/quasiblog/aperiodic-spectre/)
never expands anything. It names a Spectre by *combinatorial coordinates* — its index in its
bottom-level hexagon, that hexagon's index in its parent, and so on up to a top hexagon whose
kind alone is known — and steps from a Spectre to its neighbour across one of its 14 edges with
transition maps: inside a hexagon's expansion, which sub-hexagon (or Spectre) and which of its
edges lie across a given edge, or that the edge is on the expansion's outline, as the k-th piece
of a side of the parent; then the step recurses one level up and comes back down on the far
side. A grid description is those coordinates, with the first Spectre's orientation:

    ``801504X``: orientation 8 (× 30° anticlockwise), the Spectre is number 0 in its hexagon,
    which is sub-hexagon 1 of its parent, which is number 5 of its parent, then 0, then 4 of a
    Ξ (``X``) hexagon, the top, whose own place is left open.

The grid is every Spectre met by a breadth-first walk from that Spectre (edges 0 to 13 in turn)
whose 14 corners all lie in a W·7 × H·7 box around it; the corners' coordinates are exact,
``a + b·√3`` in each axis (points of Z[d], d = e^{iπ/6}, as four integers). Then Loopy's
``grid_trim_vigorously`` keeps the faces touching the largest connected set of dots not on the
outline, and the faces, dots and edges are numbered as in :mod:`.graph`. A dot's page position
is Loopy's: each coordinate times 8, with ``b·8·√3`` rounded to the nearest integer; two corners
are one dot exactly when those integers agree, as in Loopy.

Derivation. The tables Loopy's C code carries are not copied: the transition maps are computed
here at import from the published construction, in our own form (:func:`hex_maps`,
:func:`spectre_maps`): the layout of the eight sub-hexagons (rows ``0 1 / 2 3 / 4 5 6 / 7``,
centres 6 apart, with each sub-hexagon's kind and turn, the same turns for every kind), the
paper's edge classes (α β γ δ ε ζ η θ, each hexagon's six sides anticlockwise from the top)
and the path each class follows around an expansion, the Spectre's turning angles, and where
the outline of each expansion starts. Those facts are the paper's, in the numbering of
sub-hexagons, sides and Spectre edges that Tatham chose (it is what a description means), read
from his ``spectre-tables-manual.h`` and ``auxiliary/spectre-tables-extra.h`` and restated here in
our notation; everything else is computed from them. The probabilities of each kind, used to choose
the coordinates of a new patch and to extend a description too short for its patch (Loopy then
draws with its own random generator seeded ``dummy``, which :class:`LoopyRandom` reproduces),
are the Perron eigenvector of the expansion's count matrix, scaled to 10⁷ and rounded. (While
this was written, every derived map and the weights were compared with Loopy's
``spectre-tables-auto.h`` and ``spectre-tables-manual.h``, entry for entry: all equal.)

Worked example (a test checks it): a Loopy-made 6×6 patch, and a description of our own.

>>> g = build(6, 6, "801504X")
>>> g
<Grid spectres 6x6: 10 faces, 96 edges, 87 dots>
>>> len(g.faces[0]), g.description
(14, '801504X')
>>> import random
>>> new_description(6, 6, random.Random(1))
'91224G'
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gridlogic.errors import InvalidParameters

from . import sizes
from .graph import Grid, Point, grid_from_faces

NAME = "spectres"
LEAST = 6  # Loopy's least width and height of a spectres grid

# ---------------------------------------------------------------------------------------------
# Z[d], d = e^{iπ/6}: a point is (c0, c1, c2, c3) for c0 + c1·d + c2·d² + c3·d³, and d⁴ = d² − 1.

ZPoint = tuple[int, int, int, int]
ORIGIN: ZPoint = (0, 0, 0, 0)


def times_d(p: ZPoint) -> ZPoint:
    return (-p[3], p[0], p[1] + p[3], p[2])


def add(a: ZPoint, b: ZPoint) -> ZPoint:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: ZPoint, b: ZPoint) -> ZPoint:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def scale(a: ZPoint, k: int) -> ZPoint:
    return (a[0] * k, a[1] * k, a[2] * k, a[3] * k)


def times(a: ZPoint, b: ZPoint) -> ZPoint:
    """The product a·b in Z[d]."""
    product = ORIGIN
    power = a
    for coefficient in b:
        product = add(product, scale(power, coefficient))
        power = times_d(power)
    return product


def _turns() -> tuple[ZPoint, ...]:
    out = [(1, 0, 0, 0)]
    for _ in range(11):
        out.append(times_d(out[-1]))
    return tuple(out)


TURN = _turns()  # TURN[s] is d^s, a turn of 30°·s anticlockwise


def turned(p: ZPoint, steps: int) -> ZPoint:
    """p turned by 30°·steps anticlockwise."""
    for _ in range(steps % 12):
        p = times_d(p)
    return p


# ---------------------------------------------------------------------------------------------
# The published construction, in our own notation.

KINDS = "GDJLXPSFY"  # Γ Δ Θ Λ Ξ Π Σ Φ Ψ

# The kinds of the sub-hexagons of each kind's expansion, by index (rows 0 1 / 2 3 / 4 5 6 / 7;
# a Γ has no number 7). From the paper's substitution figure, numbered as Tatham numbers them.
SUB_KINDS = {
    "G": "FXGSPDJ", "D": "FPGSXDFX", "J": "FPGSYDFP", "L": "FPGSYDFX", "X": "FYGSYDFP",
    "P": "FYGSYDFX", "S": "LPGSXDFX", "F": "FPGSYDFY", "Y": "FYGSYDFY",
}
# Each sub-hexagon's turn, in 60° steps anticlockwise from upright: the same for every kind.
SUB_TURNS = (2, 1, 0, 1, 4, 5, 0, 5)
# Their centres, as (x, y) in the basis 1, d² (centres 6 apart, 60° between the axes).
SUB_CENTRES = ((0, 0), (6, 0), (0, -6), (6, -6), (0, -12), (6, -12), (12, -12), (12, -18))
# A hexagon's top corner relative to its centre (2√3·i, upright), in Z[d].
TOP_CORNER: ZPoint = (-2, 0, 4, 0)

# The paper's edge classes of each kind's six sides, anticlockwise from the top corner (side 0 is
# the upper left one): a letter for the class (a α, b β, c γ, d δ, e ε, z ζ, t θ, n η) and its
# sign (η has none: it fits itself).
SIDE_CLASSES = {
    "G": "b- a- a+ c- d- b+", "D": "z- c+ b+ e- a+ c-", "J": "b- c+ b+ t+ b+ n",
    "L": "b- c+ b+ e- a+ t-", "X": "b- a- e+ t+ b+ n", "P": "b- a- e+ e- a+ t-",
    "S": "d+ z+ b+ e- a+ c-", "F": "b- c+ b+ e- e+ n", "Y": "b- a- e+ e- e+ n",
}
# The path of each class (its + form) around an expansion: the turns between its pieces, in 30°
# steps; first when the expansion is into hexagons, then when it is into Spectres (θ is one
# Spectre edge, with no turn). The − form is the same path backwards with the turns negated.
HEX_PATHS = {"n": (2, 2, -2, -2), "a": (2, -2), "b": (-2,), "c": (2, -2, -2, 2), "d": (-2, 2, -2, 2),
             "e": (2, -2, -2), "z": (-2, 2), "t": (2, 2, -2, -2, 2)}
SPECTRE_PATHS = {"n": (0,), "a": (-2, 3), "b": (3, -2), "c": (2,), "d": (2, 3, 2, -3, 2), "e": (3,),
                 "z": (-2,), "t": ()}
# Where the outline of an expansion starts (the parent's top corner): into hexagons a point and
# the first direction, into Spectres a corner (Spectre, corner); Δ and Σ start elsewhere.
HEX_OUTLINE_START = {"common": ((-4, 0, -10, 0), (2, 0, 2, 0)), "rare": ((-2, 0, -14, 0), (-2, 0, 4, 0))}
SPECTRE_OUTLINE_START = {"common": (0, 9), "rare": (0, 8)}
RARE_STARTS = "DS"

# The Spectre's turns at its corners, in 30° steps (corner 0 is the top of its "head", corner 1
# the next one along the shorter side of its "cloak"); all 14 sides have one length.
SPECTRE_TURNS = (-3, -2, 3, -2, -3, 2, -3, 2, -3, -2, 0, -2, 3, -2)
SPECTRE_SIDE: ZPoint = (2, 0, 0, 2)  # 2 + 2i
# A Γ's second Spectre (the turned one) is laid from its own corner and direction.
SECOND_SPECTRE_START: ZPoint = (2, 6, 2, 0)


def sub_count(kind: str) -> int:
    return len(SUB_KINDS[kind])


def spectre_count(kind: str) -> int:
    return 2 if kind == "G" else 1


def side_class(kind: str, side: int) -> tuple[str, int]:
    token = SIDE_CLASSES[kind].split()[side]
    return token[0], -1 if token.endswith("-") else 1


def class_path(paths: dict[str, tuple[int, ...]], letter: str, sign: int) -> tuple[int, ...]:
    path = paths[letter]
    return path if sign > 0 else tuple(-t for t in reversed(path))


def perron_weights() -> dict[str, int]:
    """Each kind's share in the limit of many expansions, ×10⁷, rounded (kind Γ is 10⁷).

    The shares are the eigenvector of the count matrix (how many sub-hexagons of each kind an
    expansion holds) for its largest eigenvalue, 4 + √15; in closed form 1, 1, 4 − √15, 4 − √15,
    2√15 − 7, 2√15 − 7, 1, 2√15 − 6, 13 − 3√15 for G D J L X P S F Y.
    """
    root15 = math.sqrt(15)
    shares = (1, 1, 4 - root15, 4 - root15, 2 * root15 - 7, 2 * root15 - 7, 1, 2 * root15 - 6, 13 - 3 * root15)
    return {kind: round(share * 10**7) for kind, share in zip(KINDS, shares, strict=True)}


WEIGHTS = perron_weights()


# ---------------------------------------------------------------------------------------------
# Transition maps, derived from the construction.

@dataclass(frozen=True)
class Across:
    """What lies across an edge: ``inside`` — piece ``piece``'s edge ``edge`` of this expansion;
    otherwise the outline, piece ``edge`` of the parent's side ``piece``."""

    inside: bool
    piece: int
    edge: int


@dataclass(frozen=True)
class Maps:
    """One kind's maps: across each piece's edge (``piece * sides + edge``), and across each
    piece of the outline (keyed (side, k)) back inside; ``side_pieces`` is each side's length."""

    across_edge: tuple[Across, ...]
    across_outline: dict[tuple[int, int], Across]
    side_pieces: tuple[int, ...]


def record(edges: dict[tuple[ZPoint, ZPoint], Across], start: ZPoint, finish: ZPoint, what: Across) -> None:
    edges.setdefault((start, finish), what)  # the first laid keeps a place, as in a sorted tree


def hex_maps(kind: str) -> Maps:
    """Across every edge of the sub-hexagons of ``kind``'s expansion, and across its outline.

    Sub-hexagon edges run anticlockwise (edge j from corner j to j + 1, corner 0 at the top before
    the turn); the outline is walked anticlockwise from the start point, each side by its class.
    """
    edges: dict[tuple[ZPoint, ZPoint], Across] = {}
    inner: list[tuple[ZPoint, ZPoint]] = []
    for i in range(sub_count(kind)):
        cx, cy = SUB_CENTRES[i]
        centre = (cx, 0, cy, 0)
        corner = turned(TOP_CORNER, 2 * SUB_TURNS[i])
        for j in range(6):
            following = turned(corner, 2)
            start, finish = add(centre, corner), add(centre, following)
            record(edges, start, finish, Across(True, i, j))
            inner.append((start, finish))
            corner = following
    outline: dict[tuple[int, int], tuple[ZPoint, ZPoint]] = {}
    pieces = []
    position, direction = HEX_OUTLINE_START["rare" if kind in RARE_STARTS else "common"]
    for side in range(6):
        path = class_path(HEX_PATHS, *side_class(kind, side))
        pieces.append(len(path) + 1)
        for k in range(len(path) + 1):
            following = add(position, direction)
            if k < len(path):
                direction = turned(direction, path[k])
            record(edges, position, following, Across(False, side, k))
            outline[side, k] = (position, following)
            position = following
        direction = turned(direction, -2)
    return maps_of(edges, inner, outline, pieces)


def spectre_corners(index: int) -> list[ZPoint]:
    """The corners of Spectre ``index`` of a bottom-level hexagon, in the hexagon's own frame."""
    position, direction = ORIGIN, turned(SPECTRE_SIDE, 5)
    if index == 1:
        position, direction = SECOND_SPECTRE_START, turned(direction, 1)
    corners = []
    for j in range(14):
        corners.append(position)
        position = add(position, direction)
        direction = turned(direction, SPECTRE_TURNS[(j + 1) % 14])
    return corners


def spectre_maps(kind: str) -> Maps:
    """Across every edge of the Spectre(s) of a bottom-level ``kind`` hexagon, and across its outline.

    Each expansion flips the hand of the picture, so this outline is walked clockwise, side 5
    first; each side starts along the one outline edge leaving its first point (the least, in the
    order of coordinates, if there were several), except Σ's last two sides, which go on straight
    and then back along the one before.
    """
    edges: dict[tuple[ZPoint, ZPoint], Across] = {}
    inner: list[tuple[ZPoint, ZPoint]] = []
    corners: list[ZPoint] = []
    for i in range(spectre_count(kind)):
        own = spectre_corners(i)
        corners += own
        for j in range(14):
            start, finish = own[j], own[(j + 1) % 14]
            record(edges, start, finish, Across(True, i, j))
            inner.append((start, finish))
    outline: dict[tuple[int, int], tuple[ZPoint, ZPoint]] = {}
    pieces = [0] * 6
    spectre, corner = SPECTRE_OUTLINE_START["rare" if kind in RARE_STARTS else "common"]
    position = corners[14 * spectre + corner]
    direction = ORIGIN
    for walked in range(6):
        side = 5 - walked
        path = class_path(SPECTRE_PATHS, *side_class(kind, side))
        pieces[side] = len(path) + 1
        if kind == "S" and walked == 5:
            direction = turned(direction, 6)
        elif not (kind == "S" and walked == 4):
            leaving = sorted(finish for (start, finish) in edges if start == position and (finish, start) not in edges)
            direction = sub(leaving[0], position)
        for k in range(len(path) + 1):
            following = add(position, direction)
            if k < len(path):
                direction = turned(direction, path[k])
            piece = len(path) - k
            record(edges, following, position, Across(False, side, piece))
            outline[side, piece] = (following, position)
            position = following
    return maps_of(edges, inner, outline, pieces)


def maps_of(
    edges: dict[tuple[ZPoint, ZPoint], Across],
    inner: list[tuple[ZPoint, ZPoint]],
    outline: dict[tuple[int, int], tuple[ZPoint, ZPoint]],
    pieces: Sequence[int],
) -> Maps:
    across_edge = tuple(edges[finish, start] for start, finish in inner)
    across_outline = {key: edges[finish, start] for key, (start, finish) in outline.items()}
    return Maps(across_edge, across_outline, tuple(pieces))


HEX_MAPS = {kind: hex_maps(kind) for kind in KINDS}
SPECTRE_MAPS = {kind: spectre_maps(kind) for kind in KINDS}

# What each kind can be part of: (parent kind, index), parents in KINDS order, indices rising.
PARENTS = {kind: tuple((p, i) for p in KINDS for i, k in enumerate(SUB_KINDS[p]) if k == kind) for kind in KINDS}
SPECTRE_PLACES = tuple((kind, i) for kind in KINDS for i in range(spectre_count(kind)))


# ---------------------------------------------------------------------------------------------
# Loopy's random numbers (random.c: SHA-1 of a counter), for descriptions that run out.

class LoopyRandom:
    """Tatham's ``random_state``: ``random_new(seed)``, ``random_upto(limit)``."""

    def __init__(self, seed: bytes) -> None:
        first = hashlib.sha1(seed).digest()
        self.seed = bytearray(first + hashlib.sha1(first).digest())
        self.data = hashlib.sha1(self.seed).digest()
        self.position = 0

    def bits(self, count: int) -> int:
        value = 0
        for _ in range(0, count, 8):
            if self.position >= 20:
                for i in range(20):
                    if self.seed[i] != 0xFF:
                        self.seed[i] += 1
                        break
                    self.seed[i] = 0
                self.data = hashlib.sha1(self.seed).digest()
                self.position = 0
            value = (value << 8) | self.data[self.position]
            self.position += 1
        return value & ((1 << count) - 1)

    def upto(self, limit: int) -> int:
        count = limit.bit_length() + 3
        divisor = (1 << count) // limit
        while True:
            value = self.bits(count)
            if value < limit * divisor:
                return value // divisor


Upto = Callable[[int], int]


def weighted(upto: Upto, choices: Sequence[tuple[str, int]]) -> tuple[str, int]:
    """One of ``choices`` (kind, index), by the weight of the kind (Loopy's ``choose_poss``)."""
    value = upto(sum(WEIGHTS[kind] for kind, _ in choices))
    for kind, index in choices:
        if value < WEIGHTS[kind]:
            return kind, index
        value -= WEIGHTS[kind]
    raise AssertionError("unreachable: value below the total")


# ---------------------------------------------------------------------------------------------
# Combinatorial coordinates and the step across an edge.

@dataclass
class Level:
    """A hexagon on a Spectre's way up: its index in its parent (-1 at the top: not chosen yet)
    and its kind."""

    index: int
    kind: str


@dataclass
class Coords:
    """A Spectre's index in its bottom-level hexagon, and the hexagons above it, bottom first."""

    index: int
    levels: list[Level]

    def copy(self) -> Coords:
        return Coords(self.index, [Level(level.index, level.kind) for level in self.levels])


class Patch:
    """The shared state of one walk: the first Spectre's coordinates, extended as needed."""

    def __init__(self, prototype: Coords, upto: Upto | None) -> None:
        self.prototype = prototype
        self.upto = upto

    def extend(self, coords: Coords, count: int) -> None:
        """Give ``coords`` at least ``count`` levels, the new ones as the prototype's."""
        proto = self.prototype.levels
        while len(proto) < count:
            if self.upto is None:  # a description that ran out: Loopy draws from 'dummy'
                self.upto = LoopyRandom(b"dummy").upto
            kind, index = weighted(self.upto, PARENTS[proto[-1].kind])
            proto[-1].index = index
            proto.append(Level(-1, kind))
        levels = coords.levels
        while len(levels) < count:
            levels[-1].index = proto[len(levels) - 1].index
            levels.append(Level(-1, proto[len(levels)].kind))

    def step_hex(self, coords: Coords, depth: int, edge: int) -> int:
        """Move the hexagon at ``depth`` across its ``edge``; the edge it comes in by."""
        self.extend(coords, depth + 2)
        levels = coords.levels
        maps = HEX_MAPS[levels[depth + 1].kind]
        across = maps.across_edge[6 * levels[depth].index + edge]
        if not across.inside:
            side = self.step_hex(coords, depth + 1, across.piece)
            maps = HEX_MAPS[levels[depth + 1].kind]
            across = maps.across_outline[side, maps.side_pieces[side] - 1 - across.edge]
        levels[depth].index = across.piece
        levels[depth].kind = SUB_KINDS[levels[depth + 1].kind][across.piece]
        return across.edge

    def step(self, coords: Coords, edge: int) -> int:
        """Move the Spectre across its ``edge``; the edge of the new one it comes in by."""
        maps = SPECTRE_MAPS[coords.levels[0].kind]
        across = maps.across_edge[14 * coords.index + edge]
        while not across.inside:
            side = self.step_hex(coords, 0, across.piece)
            maps = SPECTRE_MAPS[coords.levels[0].kind]
            across = maps.across_outline[side, maps.side_pieces[side] - 1 - across.edge]
        coords.index = across.piece
        return across.edge


@dataclass
class Spectre:
    corners: tuple[ZPoint, ...]
    coords: Coords


def lay_spectre(u: ZPoint, v: ZPoint, index_of_u: int) -> tuple[ZPoint, ...]:
    """A Spectre's corners, given that its corner ``index_of_u`` is ``u`` and the next one ``v``."""
    headings = [sub(v, u)]  # the first side turned by 0, 30°, ..., 330°
    for _ in range(11):
        headings.append(times_d(headings[-1]))
    corners: list[ZPoint] = [ORIGIN] * 14
    heading = 0
    for i in range(14):
        corners[(i + index_of_u) % 14] = u
        u = add(u, headings[heading % 12])
        heading += SPECTRE_TURNS[(i + 1 + index_of_u) % 14]
    return tuple(corners)


def first_corners(orientation: int) -> tuple[ZPoint, ZPoint]:
    """Corners 0 and 1 of the first Spectre, turned by ``orientation`` × 30°."""
    minus_root3 = add(TURN[5], TURN[7])
    side = turned(add(TURN[0], TURN[9]), orientation)
    diagonal = add(side, turned(side, -3))
    start = times(diagonal, minus_root3)
    return start, add(start, side)


# ---------------------------------------------------------------------------------------------
# The box and the walk.

def sign_of(a: int, b: int) -> int:
    """The sign of a + b·√3."""
    if a >= 0 and b >= 0:
        return 1 if a or b else 0
    if a <= 0 and b <= 0:
        return -1
    if a * a > 3 * b * b:
        return -1 if a < 0 else 1
    return -1 if b < 0 else 1


def page_axes(p: ZPoint) -> tuple[tuple[int, int], tuple[int, int]]:
    """(x, y) of a point as (a, b) for a + b·√3, in half units (y upwards)."""
    return (2 * p[0] + p[2], p[1]), (2 * p[3] + p[1], p[2])


def nearest_times_root3(n: int) -> int:
    """n·√3 rounded to the nearest integer (Loopy's ``n_times_root_k(n, 3)``)."""
    magnitude = math.isqrt(3 * n * n)
    if 4 * magnitude * magnitude + 4 * magnitude + 1 < 12 * n * n:
        magnitude += 1
    return magnitude if n >= 0 else -magnitude


UNIT = 8  # Loopy's SPECTRE_UNIT: page units per unit of the box
SQUARE = 7  # Loopy's SPECTRE_SQUARELEN: box units per unit of W and H


class Box:
    """Loopy's bounds: W·7 × H·7 units, the first Spectre's frame centred on it."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width * SQUARE, height * SQUARE
        self.x_shift, self.y_shift = self.width // 2, self.height // 2

    def page_corners(self, corners: Sequence[ZPoint]) -> list[Point] | None:
        """The corners' page points (Loopy's integers), or None if one is outside the box."""
        out = []
        for p in corners:
            (xa, xb), (ya, yb) = page_axes(p)
            if (sign_of(xa + self.x_shift, xb) < 0 or sign_of(xa + self.x_shift - self.width, xb) > 0
                    or sign_of(ya - self.y_shift + self.height, yb) < 0 or sign_of(ya - self.y_shift, yb) > 0):
                return None
            out.append(((self.x_shift + xa) * UNIT + nearest_times_root3(xb * UNIT),
                        (self.y_shift - ya) * UNIT + nearest_times_root3(-yb * UNIT)))
        return out


def walk(patch: Patch, orientation: int, box: Box) -> list[list[Point]]:
    """Loopy's breadth-first walk: the page corners of every Spectre kept, in the order met."""
    u, v = first_corners(orientation)
    # The first Spectre knows only its bottom level; the rest it copies from the prototype when a
    # step needs it (as Loopy's coordinates grow), so that a long description costs no copying.
    # A Spectre is known by any of its sides with the side's index (lay_spectre's arguments): each one
    # placed is noted by all 14, so that a neighbour met again is known before it is laid out.
    proto = patch.prototype
    first = Spectre(lay_spectre(u, v, 0), Coords(proto.index, [Level(-1, proto.levels[0].kind)]))
    placed = {(0, u, v)}
    faces: list[list[Point]] = []
    queue: deque[Spectre] = deque()
    inside = box.page_corners(first.corners)
    if inside is not None:
        placed.update(sides_of(first.corners))
        faces.append(inside)
        queue.append(first)
    while queue:
        spectre = queue.popleft()
        for edge in range(14):
            coords = spectre.coords.copy()
            arrival = patch.step(coords, edge)
            side = (arrival, spectre.corners[(edge + 1) % 14], spectre.corners[edge])
            if side in placed:
                continue
            corners = lay_spectre(side[1], side[2], arrival)
            inside = box.page_corners(corners)
            if inside is None:
                continue
            placed.update(sides_of(corners))
            faces.append(inside)
            queue.append(Spectre(corners, coords))
    return faces


def sides_of(corners: tuple[ZPoint, ...]) -> list[tuple[int, ZPoint, ZPoint]]:
    """A Spectre's 14 sides, each as its index and its two corners (what lay_spectre lays it from)."""
    return [(k, corners[k], corners[(k + 1) % 14]) for k in range(14)]


# ---------------------------------------------------------------------------------------------
# Loopy's grid_trim_vigorously, then the numbering of graph.py.

def trimmed(faces: list[list[Point]]) -> tuple[list[Point], list[tuple[int, ...]]]:
    """The faces touching the largest connected set of inland dots (dots whose every edge has a
    face on both sides), and the dots they use, both in Loopy's order."""
    dot_of: dict[Point, int] = {}
    numbered = [tuple(dot_of.setdefault(p, len(dot_of)) for p in corners) for corners in faces]
    count = len(dot_of)
    pairs = {(corners[k - 1], corners[k]) for corners in numbered for k in range(len(corners))}
    inland = [True] * count
    for a, b in pairs:
        if (b, a) not in pairs:
            inland[a] = inland[b] = False
    parent = list(range(count))
    size = [1] * count

    def root(n: int) -> int:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    lower: list[list[int]] = [[] for _ in range(count)]
    for a, b in pairs:
        if a > b and inland[a] and inland[b] and (b, a) in pairs:
            lower[a].append(b)
    for i in range(count):
        for j in sorted(lower[i]):
            r1, r2 = root(i), root(j)
            if r1 != r2:  # Loopy's dsf_merge: the larger class's root stays, else the second's
                if size[r1] > size[r2]:
                    parent[r2] = r1
                    size[r1] += size[r2]
                else:
                    parent[r1] = r2
                    size[r2] += size[r1]
    best, best_size = -1, 0
    for i in range(count):
        if inland[i] and root(i) == i and size[i] > best_size:
            best, best_size = i, size[i]
    kept = [corners for corners in numbered if any(root(d) == best for d in corners)]
    used = sorted({d for corners in kept for d in corners})
    new_number = {d: n for n, d in enumerate(used)}
    points = list(dot_of)
    return [points[d] for d in used], [tuple(new_number[d] for d in corners) for corners in kept]


# ---------------------------------------------------------------------------------------------
# Descriptions: reading, checking, making.

@dataclass(frozen=True)
class Description:
    orientation: int
    numbers: tuple[int, ...]
    top: str

    def __str__(self) -> str:
        turn = str(self.orientation) if self.orientation < 10 else "AB"[self.orientation - 10]
        return turn + "".join(map(str, self.numbers)) + self.top

    def prototype(self) -> Coords:
        kinds = [self.top]
        for number in reversed(self.numbers[1:]):
            kinds.append(SUB_KINDS[kinds[-1]][number])
        kinds.reverse()
        levels = [Level(number, kind) for number, kind in zip(self.numbers[1:], kinds, strict=False)]
        levels.append(Level(-1, self.top))
        return Coords(self.numbers[0], levels)


ALLOWED = ("a turn 0-9, A or B, then digits (the Spectre's index in its hexagon, then each hexagon's "
           f"index in its parent), then the top hexagon's kind, one of {KINDS}, for instance 801504X")


def read_description(text: str) -> Description:
    if not isinstance(text, str):
        raise InvalidParameters(f"a spectres grid description is text, not {type(text).__name__}")
    shown = text if len(text) <= 40 else text[:40] + "…"
    if len(text) < 3:
        raise InvalidParameters(f"spectres grid description {shown!r} is too short; it is {ALLOWED}")
    head, numbers, top = text[0], text[1:-1], text[-1]
    if not ("0" <= head <= "9" or head in "AB"):
        raise InvalidParameters(f"spectres grid description {shown!r} starts with {head!r}; it is {ALLOWED}")
    if not all("0" <= c <= "9" for c in numbers):
        raise InvalidParameters(f"spectres grid description {shown!r} has a non-digit in its middle; it is {ALLOWED}")
    if top not in KINDS:
        raise InvalidParameters(f"spectres grid description {shown!r} ends with {top!r}, not a hexagon kind; "
                                f"it is {ALLOWED}")
    orientation = int(head) if head.isdigit() else 10 + "AB".index(head)
    described = Description(orientation, tuple(int(c) for c in numbers), top)
    kind = top
    for level in range(len(described.numbers) - 1, -1, -1):
        number = described.numbers[level]
        limit = spectre_count(kind) if level == 0 else sub_count(kind)
        if number >= limit:
            what = "Spectre" if level == 0 else "sub-hexagon"
            raise InvalidParameters(
                f"spectres grid description {shown!r}: character {level + 2} is {number}, but a hexagon of kind "
                f"{kind} has {limit} {what}{'s' if limit > 1 else ''} (0 to {limit - 1})")
        if level:
            kind = SUB_KINDS[kind][number]
    return described


def check_size(width: int, height: int) -> None:
    """InvalidParameters unless W×H is a size Loopy allows for spectres (:mod:`.sizes`)."""
    sizes.check_size(NAME, LEAST, LEAST, width, height)


def check_description(width: int, height: int, text: str) -> None:
    """InvalidParameters unless ``text`` is a grid description Loopy accepts for a W×H spectres grid."""
    check_size(width, height)
    read_description(text)


def build_default(width: int, height: int) -> Grid:
    """A W×H spectres grid of a fixed patch per size (its description from a seed naming the size)."""
    return build(width, height, new_description(width, height, random.Random(f"{NAME} {width}x{height}")))


def build(width: int, height: int, description: str) -> Grid:
    """Loopy's W×H spectres grid for ``description``, faces, edges and dots in Loopy's order."""
    check_size(width, height)
    described = read_description(description)
    faces = walk(Patch(described.prototype(), None), described.orientation, Box(width, height))
    dots, kept = trimmed(faces)
    if not kept:
        raise InvalidParameters(f"the {width}x{height} spectres patch {description!r} has no face inside its box")
    return grid_from_faces(dots, kept, NAME, width, height, description)


def new_description(width: int, height: int, rng: random.Random) -> str:
    """A description of a W×H patch chosen with ``rng``, as Loopy chooses one (``spectre_tiling_randomise``):
    the first Spectre's place by the limiting shares of the kinds, its turn in its class, and each
    higher hexagon as the walk over the box needs it."""
    check_size(width, height)
    kind, index = weighted(rng.randrange, SPECTRE_PLACES)
    patch = Patch(Coords(index, [Level(-1, kind)]), rng.randrange)
    orientation = rng.randrange(6) * 2 + index
    walk(patch, orientation, Box(width, height))
    proto = patch.prototype
    numbers = (proto.index, *(level.index for level in proto.levels[:-1]))
    return str(Description(orientation, numbers, proto.levels[-1].kind))
