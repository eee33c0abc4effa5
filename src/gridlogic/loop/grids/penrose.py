"""Loopy's Penrose grids: kites and darts (``penrose-p2``, Loopy ``t11``) and rhombs (``penrose-p3``, ``t12``).

A Penrose patch is not a repeated cell, so Loopy's ID carries it: the grid description before the
``_`` of ``WxHt11:<description>_<clues>`` names one triangle of an infinite tiling, and the grid is
every tile of that tiling inside a W×H box around it. This module reads and writes that description
and lays the tiles in exactly Loopy's order, so a Loopy ID's clues fall on the same faces here.

**Half-tiles.** Every Penrose tile is two triangles (Robinson triangles), each *acute* (angles
36-72-72, the apex at corner 2) or *obtuse* (36-36-108, the apex at corner 2). Kites are two acute
halves ``A`` and ``B``, darts two obtuse halves ``U`` and ``V``; thin rhombs are two acute halves
``C``/``D``, thick rhombs two obtuse halves ``X``/``Y``. A triangle's corners go anticlockwise,
edge ``k`` runs from corner ``k`` to corner ``k + 1`` and edge 0 is the odd one out (the base). The
two halves of a kite meet on a leg (edge 2 of an ``A`` or ``U``, edge 1 of a ``B`` or ``V``), the two
halves of a rhomb on the base. With the legs of the acute triangles as the unit, an acute base is
1/φ long; a dart's base is 1, a thick rhomb's φ.

**Combinatorial coordinates.** Each triangle, scaled by φ, is cut into two or three smaller
triangles (:data:`SUBDIVISION`), so every triangle of the tiling has a chain of ancestors: its
letter, its parent's letter, its grandparent's, and so on. That chain of letters is its
coordinate, and the description's letters are the chain of the first triangle, e.g. ``"AUAB..."``.
Stepping across an edge into the neighbouring triangle rewrites the chain from the bottom: if the
neighbour is a sibling (the same parent), only the first letter changes; if not, one steps out of
the parent by the matching parent edge, recursively, and back in (:func:`step`). Those two tables
(:data:`EXIT`, :data:`ENTRY`) are *computed* here from the subdivision drawn as named corners, so
the facts written down are the shapes, not the tables. When the chain runs out, a new ancestor is
chosen among the letters whose subdivision holds the last one: at random (SHA-1 based, Loopy's
``random.c`` generator, seeded ``"dummy"``, when reading a description that was too short; our
``random.Random`` when making a new one).

**The description** is ``<orientation 0-9><start corner 0-2><letters>``: the first triangle's base
points at orientation × 36°, and its start corner sits at the centre of the box. Points are exact:
sums of the powers 1, t, t², t³ of t = e^(iπ/5) with integer coefficients (:data:`Point`); their
coordinates are a + b√5 with integers a, b, in units of 1/4 across and sin(36°)/2 down. Loopy
scales them (by 37 across and 44 down for kites and darts, 30 and 35 for rhombs), rounds them to
integers and swaps the axes for its page; we keep exactly those integer dots, so that a dot is the
same dot here exactly when it is in Loopy.

**Order.** From the first triangle, a breadth-first search visits each triangle whose three corners
are in the box, neighbours by edges 0, 1, 2; a tile is laid when the search, at a triangle, finds
its other half already placed (its corners: the far two of that triangle, then the far two of the
other half). The box, centred on the first triangle's start corner, is ⌊100H/37⌋ units across by
⌊100W/44⌋ down for kites and darts, ⌊100H/30⌋ by ⌊100W/35⌋ for rhombs: Loopy's page swaps the axes,
so its x comes from the tiling's down and its y from across. Loopy then keeps only the faces
touching the largest connected group of inner dots (dots not on the outline;
:func:`trim_to_landlocked_core`), numbering faces and dots in the order they were laid, and numbers
edges by walking the faces (:mod:`.graph`).

**Legacy descriptions.** Before 2023 Loopy described a patch as ``G<x>,<y>,<angle>``: the tiles
of a huge subdivided half-tile, turned by the angle, that fall in a W×H rectangle around (x, y)
(:class:`LegacyPatch`). Loopy still reads those IDs, and so do we, dot for dot, up to about 42×42,
beyond which Loopy's own integer arithmetic may overflow (we refuse those).

**Limits.** A box too small for a tile with an inner dot leaves no grid: kites and darts three
wide never have one (Loopy crashes there; we refuse). A description longer than the box needs is
read as Loopy reads it (the extra ancestors change nothing).

Sources: Simon Tatham's ``penrose.c``, ``penrose.h``, ``grid.c`` (``grid_new_penrose``,
``grid_trim_vigorously``, ``grid_make_consistent``, the legacy grids), ``penrose-legacy.c``,
``misc.c`` (``n_times_root_k``) and ``random.c`` (in :mod:`.spectres`), and his article "Two
algorithms for randomly generating aperiodic tilings" (2023), read as the specification; the code
and the subdivision below are ours (the shapes are the published Robinson triangle subdivisions in his labelling; a
test checks them against the triangles' geometry, and the stored Loopy puzzles check the whole
against Loopy).

Worked example (a test checks it): a 5×5 kite-and-dart grid Loopy made, ``5x5t11:71UUUUAVVBB_...``
(orientation 7 tenths of a turn, corner 1 at the centre, a half-dart ``U`` in a ``U`` in a ``U``...):

>>> g = P2.build(5, 5, "71UUUUAVVBB")
>>> g
<Grid penrose-p2 5x5: 8 faces, 21 edges, 14 dots>
>>> [g.dots[d] for d in g.faces[0]]
[(274, 296), (274, 387), (362, 268), (220, 222)]
>>> g.description
'71UUUUAVVBB'
>>> try:
...     P2.build(5, 5, "71UUQ")
... except InvalidParameters as error:
...     print(error)
penrose-p2 grid description '71UUQ' is not allowed: character 'Q' at 4 is not one of the letters A, B, U, V
"""

from __future__ import annotations

import math
import random
import re
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gridlogic.errors import InvalidParameters

from .graph import Grid, grid_from_faces
from .sizes import check_size
from .spectres import LoopyRandom  # Loopy's random.c, shared

# ---------------------------------------------------------------------------------------------
# Exact points: a0 + a1 t + a2 t² + a3 t³, t = e^(iπ/5). Since t is a root of the tenth cyclotomic
# polynomial t⁴ - t³ + t² - t + 1, t⁴ = t³ - t² + t - 1, and these four powers suffice.

Point = tuple[int, int, int, int]
ORIGIN: Point = (0, 0, 0, 0)
ONE: Point = (1, 0, 0, 0)
PHI: Point = (1, 0, 1, -1)  # φ = t + 1/t = 1 + t² - t³
INVERSE_PHI: Point = (0, 0, 1, -1)  # 1/φ = φ - 1


def times_t(p: Point) -> Point:
    a0, a1, a2, a3 = p
    return (-a3, a0 + a3, a1 - a3, a2 + a3)


def multiply(p: Point, q: Point) -> Point:
    """p × q: the product's coefficients of t⁰ to t⁶, folded back by t⁴ = t³ - t² + t - 1, t⁵ = -1
    and t⁶ = -t."""
    a0, a1, a2, a3 = p
    b0, b1, b2, b3 = q
    c4 = a1 * b3 + a2 * b2 + a3 * b1
    return (a0 * b0 - c4 - a2 * b3 - a3 * b2, a0 * b1 + a1 * b0 + c4 - a3 * b3, a0 * b2 + a1 * b1 + a2 * b0 - c4,
            a0 * b3 + a1 * b2 + a2 * b1 + a3 * b0 + c4)


def plus(p: Point, q: Point) -> Point:
    return (p[0] + q[0], p[1] + q[1], p[2] + q[2], p[3] + q[3])


def minus(p: Point, q: Point) -> Point:
    return (p[0] - q[0], p[1] - q[1], p[2] - q[2], p[3] - q[3])


def turn(tenths: int) -> Point:
    """t^tenths: a turn by 36° × tenths."""
    p = ONE
    for _ in range(tenths % 10):
        p = times_t(p)
    return p


# ---------------------------------------------------------------------------------------------
# Page coordinates a + b√5 as (a, b). Across: 4·Re in units of 1/4, from cos 0° = 1,
# cos 36° = (1 + √5)/4, cos 72° = (√5 - 1)/4, cos 108° = (1 - √5)/4. Down: Im / (sin 36° / 2),
# from sin 36° → 2 and sin 72° = sin 108° = φ sin 36° → 1 + √5.

Surd = tuple[int, int]


def across(p: Point) -> Surd:
    a0, a1, a2, a3 = p
    return (4 * a0 + a1 - a2 + a3, a1 + a2 - a3)


def down(p: Point) -> Surd:
    _, a1, a2, a3 = p
    return (2 * a1 + a2 + a3, a2 + a3)


def surd_sign(value: Surd) -> int:
    """The sign of a + b√5, exactly."""
    a, b = value
    if a >= 0 and b >= 0:
        return 0 if a == 0 and b == 0 else 1
    if a <= 0 and b <= 0:
        return -1
    if a * a > 5 * b * b:
        return 1 if a > 0 else -1
    return 1 if b > 0 else -1


def root5_times(n: int) -> int:
    """n√5 rounded to the nearest integer (Loopy's ``n_times_root_k(n, 5)``; never a tie, √5 being
    irrational): ⌊|n|√5⌋ = x, one more when (x + 1/2)² < 5n², that is when 5n² - x² > x."""
    x = math.isqrt(5 * n * n)
    if 5 * n * n - x * x > x:
        x += 1
    return x if n >= 0 else -x


# ---------------------------------------------------------------------------------------------
# The triangles.

ACUTE = "ABCD"
LETTERS = {"penrose-p2": "ABUV", "penrose-p3": "CDXY"}
SIBLING_EDGE = {"A": 2, "U": 2, "B": 1, "V": 1, "C": 0, "D": 0, "X": 0, "Y": 0}
BASE = {"A": INVERSE_PHI, "B": INVERSE_PHI, "C": INVERSE_PHI, "D": INVERSE_PHI,
        "U": ONE, "V": ONE, "X": PHI, "Y": PHI}

# Walking a triangle anticlockwise, after edge k the direction turns by 180° minus the next
# corner's angle and the length changes by the ratio of the next edge to this one.
#   acute (72° at corners 0 and 1, 36° at 2): after the base 108° and ×φ, after leg 1 144°
#   and ×1, after leg 2 108° and ×1/φ;
#   obtuse (36° at corners 0 and 1, 108° at 2): 144° and ×1/φ, 72° and ×1, 144° and ×φ.
AFTER_EDGE = {
    True: (multiply(PHI, turn(3)), turn(4), multiply(INVERSE_PHI, turn(3))),
    False: (multiply(INVERSE_PHI, turn(4)), turn(2), multiply(PHI, turn(4))),
}

# How each triangle, scaled by φ, is cut: its children, each as its corners 0, 1, 2 named by
# where they lie in the parent: "0", "1", "2" a parent corner; "k<" the point of parent edge k
# a fraction 1/φ² along it (nearer its start), "k>" the point 1/φ along (nearer its end).
SUBDIVISION: dict[str, tuple[tuple[str, str, str, str], ...]] = {
    "A": (("A", "2>", "0", "1"), ("B", "1>", "2>", "1"), ("U", "2", "2>", "1>")),
    "B": (("A", "1<", "2<", "0"), ("B", "1", "1<", "0"), ("V", "1<", "2", "2<")),
    "U": (("B", "0>", "2", "0"), ("U", "1", "2", "0>")),
    "V": (("A", "2", "0<", "1"), ("V", "2", "0", "0<")),
    "C": (("C", "1", "1<", "0"), ("Y", "2", "0", "1<")),
    "D": (("D", "2>", "0", "1"), ("X", "1", "2", "2>")),
    "X": (("C", "2", "2<", "0>"), ("X", "1", "2", "0>"), ("Y", "0", "0>", "2<")),
    "Y": (("D", "1>", "2", "0<"), ("X", "0<", "1", "1>"), ("Y", "2", "0", "0<")),
}

# The letters a triangle's parent may have, in alphabetical order (Loopy draws from them in it).
PARENTS: dict[str, str] = {
    letter: "".join(sorted(p for p, children in SUBDIVISION.items() if any(c[0] == letter for c in children)))
    for letter in "ABUVCDXY"
}


@dataclass(frozen=True)
class Inside:
    """Stepping out of a child by an edge lands in a sibling, through its edge ``edge``."""

    letter: str
    edge: int


@dataclass(frozen=True)
class Outside:
    """Stepping out of a child leaves the parent by ``edge``: the whole edge (``end`` 0), or the
    piece at its start corner (+1) or at its end corner (-1)."""

    edge: int
    end: int


def on_parent_edge(corner: str, k: int) -> bool:
    return corner in (str(k), str((k + 1) % 3), f"{k}<", f"{k}>")


def exit_of(parent: str, child: tuple[str, str, str, str], edge: int) -> Inside | Outside:
    """Where stepping out of ``child`` of ``parent`` by its edge ``edge`` lands, read off the corners."""
    corners = child[1:]
    start, end = corners[edge], corners[(edge + 1) % 3]
    for other in SUBDIVISION[parent]:
        for k in range(3):
            if other is not child and (other[1:][k], other[1:][(k + 1) % 3]) == (end, start):
                return Inside(other[0], k)
    for k in range(3):
        if on_parent_edge(start, k) and on_parent_edge(end, k):
            if (start, end) == (str(k), str((k + 1) % 3)):
                return Outside(k, 0)
            if start == str(k):
                return Outside(k, +1)
            if end == str((k + 1) % 3):
                return Outside(k, -1)
    raise AssertionError(f"the subdivision of {parent} is not a tiling at {child}")


# EXIT[parent, child, edge]; ENTRY[parent, edge, end]: the child and its edge that one enters by
# coming into the parent over that piece of its edge (a piece at the neighbour's start corner is
# at this parent's end corner, as the two walk their common edge in opposite directions).
EXIT: dict[tuple[str, str, int], Inside | Outside] = {
    (parent, child[0], edge): exit_of(parent, child, edge)
    for parent, children in SUBDIVISION.items() for child in children for edge in range(3)
}
ENTRY: dict[tuple[str, int, int], Inside] = {
    (parent, way.edge, -way.end if way.end else 0): Inside(child, edge)
    for (parent, child, edge), way in EXIT.items() if isinstance(way, Outside)
}


# ---------------------------------------------------------------------------------------------
# Random choices of ancestors.

# Half-kites and thick-rhomb halves are φ times as common as the others; Loopy weighs its random
# choices by two consecutive Fibonacci numbers, F(39) and F(38), whose ratio is φ to 15 places.
WEIGHT = {letter: 63245986 if letter in "ABXY" else 39088169 for letter in "ABUVCDXY"}


def weighted_choice(letters: str, upto: Callable[[int], int]) -> str:
    """One of ``letters`` by weight, ``upto(n)`` giving a number in range(n) (Loopy's order)."""
    value = upto(sum(WEIGHT[c] for c in letters))
    for c in letters:
        if value < WEIGHT[c]:
            return c
        value -= WEIGHT[c]
    raise AssertionError("weights")


# ---------------------------------------------------------------------------------------------
# The tiling, triangle by triangle.


@dataclass
class Triangle:
    corners: tuple[Point, Point, Point]
    chain: list[str]
    reported: bool = False


class Ancestry:
    """The first triangle's chain of letters, grown on demand by ``choose`` (see the docstring)."""

    def __init__(self, chain: Sequence[str], choose: Callable[[str], str]) -> None:
        self.chain = list(chain)
        self.choose = choose

    def extend(self, chain: list[str], length: int) -> None:
        while len(self.chain) < length:
            self.chain.append(self.choose(self.chain[-1]))
        chain.extend(self.chain[len(chain):length])


def step(ancestry: Ancestry, chain: list[str], edge: int, depth: int = 0) -> int:
    """Rewrite ``chain`` (from ``depth`` up) to the neighbour across ``edge``; the neighbour's edge."""
    ancestry.extend(chain, depth + 2)
    way = EXIT[chain[depth + 1], chain[depth], edge]
    if isinstance(way, Outside):
        parent_edge = step(ancestry, chain, way.edge, depth + 1)
        way = ENTRY[chain[depth + 1], parent_edge, way.end]
    chain[depth] = way.letter
    return way.edge


def place(letter: str, start: Point, end: Point, edge: int) -> tuple[Point, Point, Point]:
    """The corners of a ``letter`` triangle whose edge ``edge`` runs from ``start`` to ``end``."""
    corners: list[Point] = [ORIGIN, ORIGIN, ORIGIN]
    here, direction = start, minus(end, start)
    for i in range(3):
        k = (edge + i) % 3
        corners[k] = here
        here = plus(here, direction)
        direction = multiply(direction, AFTER_EDGE[letter in ACUTE][k])
    return corners[0], corners[1], corners[2]


def first_triangle(ancestry: Ancestry, orientation: int, start_corner: int) -> Triangle:
    letter = ancestry.chain[0]
    corners = place(letter, ORIGIN, multiply(BASE[letter], turn(orientation)), 0)
    shift = corners[start_corner]
    return Triangle((minus(corners[0], shift), minus(corners[1], shift), minus(corners[2], shift)),
                    list(ancestry.chain))


def neighbour(ancestry: Ancestry, triangle: Triangle, edge: int) -> Triangle:
    chain = list(triangle.chain)
    far_edge = step(ancestry, chain, edge)
    corners = place(chain[0], triangle.corners[(edge + 1) % 3], triangle.corners[edge], far_edge)
    return Triangle(corners, chain)


@dataclass(frozen=True)
class Box:
    """The search's box in page units (across in 1/4, down in sin 36°/2), centred as Loopy does."""

    left: int
    right: int
    top: int
    bottom: int

    @classmethod
    def around_origin(cls, across_size: int, down_size: int) -> Box:
        return cls(-(across_size // 2), across_size - across_size // 2,
                   down_size // 2 - down_size, down_size // 2)

    def holds(self, triangle: Triangle, known: dict[Point, bool]) -> bool:
        """Whether every corner of ``triangle`` lies in the box (``known``: the corners judged so far)."""
        for p in triangle.corners:
            inside = known.get(p)
            if inside is None:
                inside = known[p] = self.holds_point(p)
            if not inside:
                return False
        return True

    def holds_point(self, p: Point) -> bool:
        x, y = across(p), down(p)
        return not (surd_sign((x[0] - self.left, x[1])) < 0 or surd_sign((x[0] - self.right, x[1])) > 0
                    or surd_sign((y[0] - self.top, y[1])) < 0 or surd_sign((y[0] - self.bottom, y[1])) > 0)


def tiles_in_box(ancestry: Ancestry, orientation: int, start_corner: int, box: Box) -> list[tuple[Point, ...]]:
    """Every tile of the tiling inside ``box``, as four corners, in the order Loopy lays them."""
    first = first_triangle(ancestry, orientation, start_corner)
    placed = {first.corners[:2]: first}
    known: dict[Point, bool] = {}
    queue = deque([first] if box.holds(first, known) else [])
    tiles: list[tuple[Point, ...]] = []
    while queue:
        triangle = queue.popleft()
        sibling_edge = SIBLING_EDGE[triangle.chain[0]]
        for edge in range(3):
            new = neighbour(ancestry, triangle, edge)
            if not box.holds(new, known):
                continue
            found = placed.get(new.corners[:2])
            if found is None:
                placed[new.corners[:2]] = new
                queue.append(new)
            elif edge == sibling_edge and not triangle.reported and not found.reported:
                other_edge = SIBLING_EDGE[found.chain[0]]
                tiles.append((triangle.corners[(sibling_edge + 1) % 3], triangle.corners[(sibling_edge + 2) % 3],
                              found.corners[(other_edge + 1) % 3], found.corners[(other_edge + 2) % 3]))
                triangle.reported = found.reported = True
    return tiles


# ---------------------------------------------------------------------------------------------
# Loopy's trimming: keep the faces that touch the largest connected group of inner dots.


def trim_to_landlocked_core(faces: Sequence[tuple[int, ...]], dot_count: int) -> list[int]:
    """The indices of the faces Loopy's ``grid_trim_vigorously`` keeps, in order."""
    sides: set[tuple[int, int]] = set()
    for corners in faces:
        for k, d in enumerate(corners):
            sides.add((corners[k - 1], d))
    coastal = {d for a, b in sides if (b, a) not in sides for d in (a, b)}
    parent = list(range(dot_count))
    size = [1] * dot_count

    def root(d: int) -> int:
        while parent[d] != d:
            d = parent[d]
        return d

    # Loopy merges pairs (i, j), j < i, in that order, the larger class's root (ties: j's) winning.
    inner_pairs = sorted((max(a, b), min(a, b)) for a, b in sides
                         if a < b and (b, a) in sides and a not in coastal and b not in coastal)
    for i, j in inner_pairs:
        ri, rj = root(i), root(j)
        if ri != rj:
            if size[ri] > size[rj]:
                ri, rj = rj, ri
            parent[ri] = rj
            size[rj] += size[ri]
    best, best_size = -1, 0
    for d in range(dot_count):
        if d not in coastal and parent[d] == d and size[d] > best_size:
            best, best_size = d, size[d]
    return [f for f, corners in enumerate(faces) if any(d not in coastal and root(d) == best for d in corners)]


# ---------------------------------------------------------------------------------------------
# Loopy's legacy patches, "G<x>,<y>,<angle>" (its penrose-legacy.c, the only generator before
# 2023; Loopy still reads the IDs it made). A huge half-tile is cut down to unit tiles by the
# Robinson subdivision, recursively, and the tiles whose corners, rounded to integers, fall in a
# W×H rectangle around (x, y) are laid in the order the recursion reaches them. Points are integer
# sums aA + bB + cC + dD of four of the ten unit vectors at multiples of 36° (the fifth, E, is
# -A + B - C + D); only the final page coordinates are floating point, with Loopy's own
# seven-digit cosines, rounded half away from zero.

LegacyVector = tuple[int, int, int, int]
LEGACY_COS54, LEGACY_SIN54, LEGACY_COS18, LEGACY_SIN18 = 0.5877852, 0.8090169, 0.9510565, 0.3090169
LEGACY_PHI = 1.6180339887
LEGACY_INCIRCLE = 0.22426  # the start triangle's inscribed circle per unit side, less 5% (Loopy's)
# Deeper than this, the coefficients of a vector pass 2^31 / 8 and Loopy's int arithmetic may
# overflow (its legacy grids from 43x43); we refuse those descriptions.
LEGACY_MAX_DEPTH = 14
LEGACY_FORM = re.compile(r"G([+-]?[0-9]{1,9}),([+-]?[0-9]{1,9}),([+-]?[0-9]{1,9})")


def legacy_add(v: LegacyVector, w: LegacyVector) -> LegacyVector:
    return (v[0] + w[0], v[1] + w[1], v[2] + w[2], v[3] + w[3])


def legacy_turn(v: LegacyVector, degrees: int) -> LegacyVector:
    """``v`` turned by ``degrees`` (a multiple of 36): one notch is A→B→C→D→E."""
    for _ in range((360 - degrees % 360) // 36):
        a, b, c, d = v
        v = (-d, d + a, b - d, c + d)
    return v


def legacy_shrink(v: LegacyVector) -> LegacyVector:
    """``v`` / φ: C - B is 1/φ along E, so v/φ is v turned by two notches less v turned by three."""
    a, b, c, d = v
    return (b - d, c + d - b, a + b - c, c - a)


def legacy_grow(v: LegacyVector) -> LegacyVector:
    """``v`` × φ (D - A is φ along E)."""
    a, b, c, d = v
    return (a + b - d, c + d, a + b, c + d - a)


def legacy_dot(v: LegacyVector) -> tuple[int, int]:
    a, b, c, d = v
    x = (a + d) * LEGACY_COS54 + (b + c) * LEGACY_COS18
    y = (a - d) * LEGACY_SIN54 + (b - c) * LEGACY_SIN18
    return round_half_away(x), round_half_away(y)


def legacy_page(v: LegacyVector) -> tuple[float, float]:
    a, b, c, d = v
    return (a + d) * LEGACY_COS54 + (b + c) * LEGACY_COS18, (a - d) * LEGACY_SIN54 + (b - c) * LEGACY_SIN18


def round_half_away(r: float) -> int:
    return math.floor(r + 0.5) if r > 0 else math.ceil(r - 0.5)


@dataclass(frozen=True)
class LegacySize:
    """Loopy's ``penrose_legacy_calculate_size``: the start triangle's side and the recursion depth
    that cover a circle of ``radius`` with unit tiles of side ``tile`` (150 kites, 125 rhombs)."""

    radius: float
    start_side: int
    depth: int

    @classmethod
    def of(cls, tile: int, width: int, height: int) -> LegacySize:
        radius = tile * 3.11 * math.sqrt(float(width * width + height * height))
        side, depth = float(tile), 0
        while side * LEGACY_INCIRCLE < radius:
            depth += 1
            side = side * LEGACY_PHI
        return cls(radius, int(side), depth)


class LegacyPatch:
    """The tiles of one legacy patch, as integer dots, in Loopy's order."""

    def __init__(self, kites: bool, tile: int, width: int, height: int, x: int, y: int, angle: int) -> None:
        self.size = LegacySize.of(tile, width, height)
        self.left, self.right = x - width * 100 // 2, x + width * 100 // 2
        self.top, self.bottom = y - height * 100 // 2, y + height * 100 // 2
        self.tiles: list[tuple[tuple[int, int], ...]] = []
        # Loopy's seven-digit cosines move a vector whose coefficients reach M by up to about
        # 2e-7 M, so a half-tile's children may poke that far out of it as computed; M is at most
        # the start side times φ^depth (the coefficients of 1/φ^depth are Fibonacci numbers).
        self.margin = 2 + 1e-6 * self.size.start_side * LEGACY_PHI ** self.size.depth
        start = -self.size.start_side
        origin = legacy_turn(legacy_shrink(legacy_shrink((0, start, start, 0))), angle)
        edge = legacy_turn((0, self.size.start_side, 0, 0), angle)
        if kites:
            self.kite_half(0, 1, origin, edge)
        else:
            self.thin_half(0, 1, origin, edge)

    def misses(self, *corners: LegacyVector) -> bool:
        """No tile inside this half-tile (its three corners) can have its corners in the box."""
        xs, ys = zip(*(legacy_page(c) for c in corners), strict=True)
        return (max(xs) < self.left - self.margin or min(xs) > self.right + self.margin
                or max(ys) < self.top - self.margin or min(ys) > self.bottom + self.margin)

    def lay(self, depth: int, corners: list[LegacyVector]) -> None:
        if depth < self.size.depth:
            return
        dots = tuple(legacy_dot(c) for c in corners)
        if all(self.left <= x <= self.right and self.top <= y <= self.bottom for x, y in dots):
            self.tiles.append(dots)

    def at(self, o: LegacyVector, *steps: LegacyVector) -> LegacyVector:
        for step in steps:
            o = legacy_add(o, step)
        return o

    # Each half-tile is (origin, edge, flip); a tile is laid from its half with flip +1.
    def kite_half(self, depth: int, flip: int, o: LegacyVector, e: LegacyVector) -> None:
        if self.misses(o, self.at(o, e), self.at(o, legacy_turn(e, -36 * flip))):
            return
        if flip > 0:
            self.lay(depth, [o, self.at(o, legacy_turn(e, -36)), self.at(o, e), self.at(o, legacy_turn(e, 36))])
        if depth >= self.size.depth:
            return
        far = self.at(o, legacy_turn(e, -36 * flip))
        next_edge = legacy_shrink(legacy_turn(e, 108 * flip))
        self.dart_half(depth + 1, flip, o, legacy_shrink(e))
        self.kite_half(depth + 1, flip, far, next_edge)
        self.kite_half(depth + 1, -flip, far, next_edge)

    def dart_half(self, depth: int, flip: int, o: LegacyVector, e: LegacyVector) -> None:
        if self.misses(o, self.at(o, e), self.at(o, legacy_turn(legacy_shrink(e), -36 * flip))):
            return
        if flip > 0:
            self.lay(depth, [o, self.at(o, legacy_turn(e, -72)), self.at(o, legacy_turn(legacy_shrink(e), -36)),
                             self.at(o, e)])
        if depth >= self.size.depth:
            return
        self.kite_half(depth + 1, -flip, o, legacy_shrink(legacy_turn(e, -36 * flip)))
        self.dart_half(depth + 1, flip, self.at(o, e), legacy_shrink(legacy_turn(e, -144 * flip)))

    def thick_half(self, depth: int, flip: int, o: LegacyVector, e: LegacyVector) -> None:
        if self.misses(o, self.at(o, legacy_grow(e)), self.at(o, legacy_turn(e, -36 * flip))):
            return
        if flip > 0:
            self.lay(depth, [o, self.at(o, legacy_turn(e, -36)), self.at(o, legacy_grow(e)),
                             self.at(o, legacy_turn(e, 36))])
        if depth >= self.size.depth:
            return
        self.rhomb_pair(depth, flip, o, e)
        self.thick_half(depth + 1, flip, self.at(o, legacy_grow(e)), legacy_shrink(legacy_turn(e, -144 * flip)))

    def thin_half(self, depth: int, flip: int, o: LegacyVector, e: LegacyVector) -> None:
        if self.misses(o, self.at(o, e), self.at(o, legacy_turn(e, -36 * flip))):
            return
        if flip > 0:
            end = self.at(o, e)
            self.lay(depth, [o, self.at(o, legacy_turn(e, -36)), self.at(end, legacy_turn(e, -36)), end])
        if depth >= self.size.depth:
            return
        self.rhomb_pair(depth, flip, o, e)

    def rhomb_pair(self, depth: int, flip: int, o: LegacyVector, e: LegacyVector) -> None:
        """The two children a thick and a thin rhomb half share, from the end of ``e``."""
        end = self.at(o, e)
        self.thick_half(depth + 1, -flip, end, legacy_shrink(legacy_turn(e, 180)))
        self.thin_half(depth + 1, flip, end, legacy_shrink(legacy_turn(e, -108 * flip)))


# ---------------------------------------------------------------------------------------------
# The two grid types.


@dataclass(frozen=True)
class PenroseDescription:
    orientation: int
    start_corner: int
    letters: str


@dataclass(frozen=True)
class PenroseTiling:
    """One of Loopy's two Penrose grid types: its name, letters and Loopy's integer units."""

    name: str
    kites: bool
    across_unit: int  # Loopy's x unit (its page's y after the swap)
    down_unit: int  # Loopy's y unit (its page's x)
    legacy_tile: int  # the legacy generator's unit tile side
    least: int  # Loopy's least width and height (kites and darts: 4 here, as 3 wide has no inner dot)

    @property
    def letters(self) -> str:
        return LETTERS[self.name]

    def box(self, width: int, height: int) -> Box:
        """Loopy's search box for a W×H grid (its ``api_size_penrose``, the axes swapped)."""
        return Box.around_origin(height * 100 // self.across_unit, width * 100 // self.down_unit)

    def refusal(self, text: str, why: str) -> InvalidParameters:
        shown = text if len(text) <= 40 else text[:40] + "…"
        return InvalidParameters(f"{self.name} grid description {shown!r} is not allowed: {why}")

    def parse(self, text: str) -> PenroseDescription:
        """The description's parts; InvalidParameters saying what is wrong with a bad one."""
        def refuse(why: str) -> InvalidParameters:
            return self.refusal(text, why)

        if len(text) < 3:
            raise refuse(f"it is <orientation 0-9><start corner 0-2> and at least one of the letters "
                         f"{', '.join(self.letters)}")
        if not "0" <= text[0] <= "9":
            raise refuse(f"its first character is the orientation 0 to 9, not {text[0]!r}")
        if not "0" <= text[1] <= "2":
            raise refuse(f"its second character is the start corner 0, 1 or 2, not {text[1]!r}")
        letters = text[2:]
        for position, letter in enumerate(letters):
            if letter not in self.letters:
                raise refuse(f"character {letter!r} at {position + 2} is not one of the letters "
                             f"{', '.join(self.letters)}")
            if position and letter not in PARENTS[letters[position - 1]]:
                raise refuse(f"{letter!r} at {position + 2} cannot be the parent of {letters[position - 1]!r}; "
                             f"a {letters[position - 1]!r} lies only in {' or '.join(PARENTS[letters[position - 1]])}")
        return PenroseDescription(int(text[0]), int(text[1]), letters)

    def check_description(self, width: int, height: int, text: str) -> None:
        """InvalidParameters unless Loopy accepts ``text`` for a W×H grid of this type and it has faces."""
        self.build(width, height, text)

    def build(self, width: int, height: int, description: object = None) -> Grid:
        """Loopy's W×H grid for ``description`` (None: a fixed one of ours for that size; not text: refused)."""
        check_size(self.name, self.least, self.least, width, height)
        if description is None:
            description = self.new_description(width, height, random.Random(f"{self.name} {width}x{height}"))
        if not isinstance(description, str):
            raise InvalidParameters(f"a {self.name} grid description is text, not {type(description).__name__}")
        if description.startswith("G"):
            tiles = self.legacy_tiles(width, height, description)
        else:
            parts = self.parse(description)
            dummy = LoopyRandom(b"dummy")
            ancestry = Ancestry(parts.letters, lambda letter: weighted_choice(PARENTS[letter], dummy.upto))
            box = self.box(width, height)
            tiles = [tuple(self.dot_of(p, box) for p in tile)
                     for tile in tiles_in_box(ancestry, parts.orientation, parts.start_corner, box)]
        grid = self.grid_of(tiles, width, height, description)
        if not grid.faces:
            raise InvalidParameters(f"{self.name} grid description {description!r} leaves no face of a "
                                    f"{width}x{height} grid with an inner dot")
        return grid

    def legacy_tiles(self, width: int, height: int, text: str) -> list[tuple[tuple[int, int], ...]]:
        """The tiles of a legacy description ``G<x>,<y>,<angle>``, checked as Loopy checks it."""
        match = LEGACY_FORM.fullmatch(text)
        if match is None:
            raise self.refusal(text, "a legacy description is G<x>,<y>,<angle> with whole numbers")
        x, y, angle = (int(group) for group in match.groups())
        size = LegacySize.of(self.legacy_tile, width, height)
        if size.depth > LEGACY_MAX_DEPTH:
            raise self.refusal(text, f"legacy descriptions are read for grids up to about 40x40 (recursion depth "
                                     f"{LEGACY_MAX_DEPTH}), and a {width}x{height} grid needs depth {size.depth}")
        inner_radius = int(size.radius - math.sqrt(float(width * width + height * height)))
        if math.sqrt(float(x * x + y * y)) > inner_radius:
            raise self.refusal(text, f"the patch offset ({x}, {y}) is more than {inner_radius} from the centre "
                                     f"of a {width}x{height} grid's tiling")
        if angle % 36 or not 0 <= angle < 360:
            raise self.refusal(text, f"the angle {angle} is not one of 0, 36, ..., 324")
        return LegacyPatch(self.kites, self.legacy_tile, width, height, x, y, angle).tiles

    def new_description(self, width: int, height: int, rng: random.Random) -> str:
        """A description of a random patch for a W×H grid (ours; Loopy reads it)."""
        description = self.new_grid(width, height, rng).description
        assert description is not None  # new_grid names each grid it makes
        return description

    def new_grid(self, width: int, height: int, rng: random.Random) -> Grid:
        """The grid of a random patch for a W×H grid: ``build`` of its description, made once."""
        check_size(self.name, self.least, self.least, width, height)
        for _ in range(100):
            orientation, start_corner = rng.randrange(10), rng.randrange(3)
            first = weighted_choice(self.letters, rng.randrange)
            ancestry = Ancestry(first, lambda letter: weighted_choice(PARENTS[letter], rng.randrange))
            box = self.box(width, height)
            tiles = [tuple(self.dot_of(p, box) for p in tile)
                     for tile in tiles_in_box(ancestry, orientation, start_corner, box)]
            grid = self.grid_of(tiles, width, height, f"{orientation}{start_corner}{''.join(ancestry.chain)}")
            if grid.faces:
                return grid
        raise InvalidParameters(f"no {self.name} patch with an inner dot fits a {width}x{height} grid")

    def dot_of(self, p: Point, box: Box) -> tuple[int, int]:
        """Loopy's integer dot for ``p``: its page coordinates shifted, scaled and rounded, swapped."""
        x, y = across(p), down(p)
        column = y[0] + box.bottom, y[1]
        row = x[0] - box.left, x[1]
        return (column[0] * self.down_unit + root5_times(column[1] * self.down_unit),
                row[0] * self.across_unit + root5_times(row[1] * self.across_unit))

    def grid_of(self, tiles: Sequence[tuple[tuple[int, int], ...]], width: int, height: int, description: str) -> Grid:
        """The grid of the tiles (each its corners as Loopy's integer dots), trimmed as Loopy trims."""
        dot_index: dict[tuple[int, int], int] = {}
        faces: list[tuple[int, ...]] = []
        for tile in tiles:
            faces.append(tuple(dot_index.setdefault(dot, len(dot_index)) for dot in tile))
        kept = [faces[f] for f in trim_to_landlocked_core(faces, len(dot_index))]
        used = sorted({d for corners in kept for d in corners})
        renumber = {d: i for i, d in enumerate(used)}
        dots = list(dot_index)
        return grid_from_faces([dots[d] for d in used], [tuple(renumber[d] for d in f) for f in kept],
                               self.name, width, height, description)


P2: PenroseTiling = PenroseTiling("penrose-p2", kites=True, across_unit=37, down_unit=44, legacy_tile=150, least=4)
P3: PenroseTiling = PenroseTiling("penrose-p3", kites=False, across_unit=30, down_unit=35, legacy_tile=125, least=3)
TILINGS = {t.name: t for t in (P2, P3)}
