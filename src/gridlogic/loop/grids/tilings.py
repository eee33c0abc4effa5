"""The periodic tilings Loopy plays, each laid face by face in Loopy's order.

A builder takes Loopy's W×H for its grid and lays the faces of a W×H patch of the tiling with
:class:`~.graph.GridBuilder`: for each cell ``(x, y)``, rows top to bottom and cells left to
right, the cell's faces in a fixed sequence, each from a fixed corner and clockwise; a face on
the patch's rim is left out where Loopy leaves it out (so that no face hangs on by one edge).
The coordinates are Loopy's integer ones (for instance a hexagon side as the vector (15, 26),
close to 1 : √3), so that two faces share a dot exactly when they share a point. That sequence
(Loopy's ``grid_new_*`` functions in ``grid.c``, read, not copied) is the whole contract: it
fixes the face order, hence which clue of a Loopy ID belongs to which face, and with it the edge
order (:mod:`.graph`).

The shapes are the published ones: squares (4⁴), triangles (3⁶), hexagons (6³), snub square
(3².4.3.4), Cairo pentagons, great hexagonal (4.6.12 read as hexagons, squares and
triangles: 3.4.6.4), truncated square (4.8²), kites (deltoidal trihexagonal), floret pentagons,
dodecagonal (3.12²), great dodecagonal (4.6.12), great-great dodecagonal (dodecagons, hexagons,
squares and triangles), kagome (3.6.3.6) and compass dodecagonal (dodecagons with a square and
four triangles between each four).

Worked example (a test checks it): Loopy's 3×3 honeycomb has 9 hexagons, 38 edges and 30 dots;
its first face's corners, from the top left one clockwise, are (-15, -26), (15, -26), (30, 0),
(15, 26), (-15, 26), (-30, 0).

>>> g = honeycomb(3, 3)
>>> len(g.faces), len(g.edges), len(g.dots)
(9, 38, 30)
>>> [g.dots[d] for d in g.faces[0]]
[(-15, -26), (15, -26), (30, 0), (15, 26), (-15, 26), (-30, 0)]
"""

from __future__ import annotations

from .graph import Grid, GridBuilder, Point

# Loopy's integer side vectors: (A, B) is close to (1, √3) in proportion.
HEX_A, HEX_B = 15, 26
CAIRO_A, CAIRO_B = 14, 31
OCTAGON_A, OCTAGON_B = 29, 41


def shifted(px: int, py: int, offsets: list[Point]) -> list[Point]:
    """The points ``offsets`` moved by (px, py)."""
    return [(px + dx, py + dy) for dx, dy in offsets]


def square(width: int, height: int) -> Grid:
    side = 20
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            b.add_face(shifted(side * x, side * y, [(0, 0), (side, 0), (side, side), (0, side)]))
    return b.build("square", width, height)


def honeycomb(width: int, height: int) -> Grid:
    a, h = HEX_A, HEX_B
    hexagon = [(-a, -h), (a, -h), (2 * a, 0), (a, h), (-a, h), (-2 * a, 0)]
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            b.add_face(shifted(3 * a * x, 2 * h * y + (h if x % 2 else 0), hexagon))
    return b.build("honeycomb", width, height)


def triangular(width: int, height: int, description: str | None = "0") -> Grid:
    """Loopy's current triangular grid (description ``"0"``: no corner triangle on one edge) or,
    with ``description=None``, the older one that old IDs without a description still name."""
    if description is None:
        return triangular_with_ears(width, height)
    vx, vy = HEX_A, HEX_B
    b = GridBuilder()
    for y in range(height):
        # Rows alternate between pointing up and pointing down; so does the corner order.
        if y % 2:
            y0, y1, n1, n2 = y * vy, y * vy + vy, 2, 1
        else:
            y0, y1, n1, n2 = y * vy + vy, y * vy, 1, 2
        for x in range(width + 1):
            if height % 2 == 1 and y == height - 1 and x in (0, width):
                continue
            x0 = 2 * x * vx
            b.add_face(ordered({0: (x0, y0), n1: (x0 + vx, y1), n2: (x0 + 2 * vx, y0)}))
        for x in range(width):
            x0 = (2 * x + 1) * vx
            b.add_face(ordered({0: (x0, y1), n2: (x0 + vx, y0), n1: (x0 + 2 * vx, y1)}))
    return b.build("triangular", width, height, "0")


def ordered(corners: dict[int, Point]) -> list[Point]:
    return [corners[k] for k in sorted(corners)]


def triangular_with_ears(width: int, height: int) -> Grid:
    vx, vy = HEX_A, HEX_B
    b = GridBuilder()
    for y in range(height + 1):  # this version numbers every dot first, row by row
        for x in range(width + 1):
            b.dot((2 * vx * x + (vx if y % 2 else 0), vy * y))

    def dot(x: int, y: int) -> Point:
        return (2 * vx * x + (vx if y % 2 else 0), vy * y)

    for y in range(height):
        for x in range(width):
            if y % 2:
                b.add_face([dot(x, y), dot(x + 1, y + 1), dot(x, y + 1)])
                b.add_face([dot(x, y), dot(x + 1, y), dot(x + 1, y + 1)])
            else:
                b.add_face([dot(x, y), dot(x + 1, y), dot(x, y + 1)])
                b.add_face([dot(x + 1, y), dot(x + 1, y + 1), dot(x, y + 1)])
    return b.build("triangular", width, height, None)


def snub_square(width: int, height: int) -> Grid:
    a, c = HEX_A, HEX_B
    s = a + c
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            px, py = s * x, s * y
            odd = (x + y) % 2 == 1
            if odd:
                b.add_face(shifted(px, py, [(a, 0), (s, a), (c, s), (0, c)]))
            else:
                b.add_face(shifted(px, py, [(c, 0), (s, c), (a, s), (0, a)]))
            if x > 0:  # the triangle on the left, pointing up or down
                if odd:
                    b.add_face(shifted(px, py, [(a, 0), (0, c), (-a, 0)]))
                else:
                    b.add_face(shifted(px, py, [(0, a), (a, s), (-a, s)]))
            if y > 0:  # the triangle above, pointing left or right
                if odd:
                    b.add_face(shifted(px, py, [(a, 0), (s, -a), (s, a)]))
                else:
                    b.add_face(shifted(px, py, [(0, -a), (c, 0), (0, a)]))
    return b.build("snub-square", width, height)


def cairo(width: int, height: int) -> Grid:
    a, c = CAIRO_A, CAIRO_B
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            px, py = 2 * c * x, 2 * c * y
            odd = (x + y) % 2 == 1
            if y > 0:  # the pentagon lying across the cell's top side
                if odd:
                    b.add_face(shifted(px, py, [(a, -c), (2 * c - a, -c), (2 * c, 0), (c, a), (0, 0)]))
                else:
                    b.add_face(shifted(px, py, [(0, 0), (c, -a), (2 * c, 0), (2 * c - a, c), (a, c)]))
            if x > 0:  # the pentagon standing across the cell's left side
                if odd:
                    b.add_face(shifted(px, py, [(0, 0), (c, a), (c, 2 * c - a), (0, 2 * c), (-a, c)]))
                else:
                    b.add_face(shifted(px, py, [(0, 0), (a, c), (0, 2 * c), (-c, 2 * c - a), (-c, a)]))
    return b.build("cairo", width, height)


def great_hexagonal(width: int, height: int) -> Grid:
    a, c = HEX_A, HEX_B
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            px, py = (3 * a + c) * x, (2 * a + 2 * c) * y + ((a + c) if x % 2 else 0)
            not_last_row, not_last_col = y < height - 1, x < width - 1
            b.add_face(shifted(px, py, [(-a, -c), (a, -c), (2 * a, 0), (a, c), (-a, c), (-2 * a, 0)]))
            if not_last_row:
                b.add_face(shifted(px, py, [(-a, c), (a, c), (a, 2 * a + c), (-a, 2 * a + c)]))
            if not_last_col and (x % 2 == 0 or not_last_row):
                b.add_face(shifted(px, py, [(2 * a, 0), (2 * a + c, a), (a + c, a + c), (a, c)]))
            if x > 0 and (x % 2 == 0 or not_last_row):
                b.add_face(shifted(px, py, [(-2 * a, 0), (-a, c), (-a - c, a + c), (-2 * a - c, a)]))
            if not_last_col and not_last_row:
                b.add_face(shifted(px, py, [(a, c), (a + c, a + c), (a, 2 * a + c)]))
            if x > 0 and not_last_row:
                b.add_face(shifted(px, py, [(-a, c), (-a, 2 * a + c), (-a - c, a + c)]))
    return b.build("great-hexagonal", width, height)


def kagome(width: int, height: int) -> Grid:
    a, c = HEX_A, HEX_B
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            px, py = 4 * a * x + (2 * a if y % 2 else 0), 2 * c * y
            odd_row = y % 2 == 1
            b.add_face(shifted(px, py, [(a, -c), (2 * a, 0), (a, c), (-a, c), (-2 * a, 0), (-a, -c)]))
            if x < width - 1 or (not odd_row and y > 0):
                b.add_face(shifted(px, py, [(3 * a, -c), (2 * a, 0), (a, -c)]))
            if x < width - 1 or (not odd_row and y < height - 1):
                b.add_face(shifted(px, py, [(3 * a, c), (a, c), (2 * a, 0)]))
            if x == 0 and odd_row:
                b.add_face(shifted(px, py, [(-a, -c), (-2 * a, 0), (-3 * a, -c)]))
                if y < height - 1:
                    b.add_face(shifted(px, py, [(-a, c), (-3 * a, c), (-2 * a, 0)]))
    return b.build("kagome", width, height)


def octagonal(width: int, height: int) -> Grid:
    a, c = OCTAGON_A, OCTAGON_B
    s = 2 * a + c
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            px, py = s * x, s * y
            b.add_face(shifted(px, py, [(a, 0), (a + c, 0), (s, a), (s, a + c),
                                        (a + c, s), (a, s), (0, a + c), (0, a)]))
            if x > 0 and y > 0:
                b.add_face(shifted(px, py, [(0, -a), (a, 0), (0, a), (-a, 0)]))
    return b.build("octagonal", width, height)


def kites(width: int, height: int) -> Grid:
    a, c = HEX_A, HEX_B
    # Six kites around a dot of degree 6, each from that dot, clockwise, starting up-left.
    rosette = [
        [(0, 0), (2 * c, 0), (2 * c, 2 * a), (c, 3 * a)],
        [(0, 0), (c, 3 * a), (0, 4 * a), (-c, 3 * a)],
        [(0, 0), (-c, 3 * a), (-2 * c, 2 * a), (-2 * c, 0)],
        [(0, 0), (-2 * c, 0), (-2 * c, -2 * a), (-c, -3 * a)],
        [(0, 0), (-c, -3 * a), (0, -4 * a), (c, -3 * a)],
        [(0, 0), (c, -3 * a), (2 * c, -2 * a), (2 * c, 0)],
    ]
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            px, py = 4 * c * x + (2 * c if y % 2 else 0), 6 * a * y
            for kite in rosette:
                b.add_face(shifted(px, py, kite))
    return b.build("kites", width, height)


def floret(width: int, height: int) -> Grid:
    # Loopy's side vectors p, q and r = q - p, chosen so that the grid sits level on the page.
    px, py = 75, -26
    qx, qy = 4 * px // 5, -2 * py
    rx, ry = qx - px, qy - py
    step_x, step_y = (6 * px + 3 * qx) // 2, 4 * py - 5 * qy

    def v(i: int, j: int, k: int) -> Point:
        return (i * px + j * qx + k * rx, i * py + j * qy + k * ry)

    # Six pentagons around a dot of degree 6, each from that dot, clockwise.
    petals = [
        [v(0, 0, 0), v(0, 0, 2), v(0, 1, 2), v(0, 2, 1), v(0, 2, 0)],
        [v(0, 0, 0), v(0, 2, 0), v(1, 2, 0), v(2, 1, 0), v(2, 0, 0)],
        [v(0, 0, 0), v(2, 0, 0), v(2, 0, -1), v(1, 0, -2), v(0, 0, -2)],
        [v(0, 0, 0), v(0, 0, -2), v(0, -1, -2), v(0, -2, -1), v(0, -2, 0)],
        [v(0, 0, 0), v(0, -2, 0), v(-1, -2, 0), v(-2, -1, 0), v(-2, 0, 0)],
        [v(0, 0, 0), v(-2, 0, 0), v(-2, 0, 1), v(-1, 0, 2), v(0, 0, 2)],
    ]
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            cx, cy = step_x * x, step_y * y
            if x % 2:
                cy -= step_y // 2  # step_y is even: no rounding to disagree about
            elif y and y == height - 1 and width > 1:
                continue  # Loopy drops the even columns' last rosette: the grid looks better
            for petal in petals:
                b.add_face(shifted(cx, cy, petal))
    return b.build("floret", width, height)


def dodecagon(a: int, c: int) -> list[Point]:
    """A regular dodecagon of side 2a about the origin, from its top edge's right end, clockwise."""
    quarter = [(a, -(2 * a + c)), (a + c, -(a + c)), (2 * a + c, -a)]
    right = quarter + [(x, -y) for x, y in reversed(quarter)]
    return right + [(-x, -y) for x, y in right]


def dodecagonal(width: int, height: int) -> Grid:
    a, c = HEX_A, HEX_B
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            px, py = (4 * a + 2 * c) * x + ((2 * a + c) if y % 2 else 0), (3 * a + 2 * c) * y
            inner = (x < width - 1 or y % 2 == 0) and (x > 0 or y % 2 == 1)
            b.add_face(shifted(px, py, dodecagon(a, c)))
            if y < height - 1 and inner:
                b.add_face(shifted(px, py, [(a, 2 * a + c), (0, 2 * a + 2 * c), (-a, 2 * a + c)]))
            if y > 0 and inner:
                b.add_face(shifted(px, py, [(-a, -(2 * a + c)), (0, -(2 * a + 2 * c)), (a, -(2 * a + c))]))
    return b.build("dodecagonal", width, height)


def great_dodecagonal(width: int, height: int) -> Grid:
    a, c = HEX_A, HEX_B
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            px, py = (6 * a + 2 * c) * x + ((3 * a + c) if y % 2 else 0), (3 * a + 3 * c) * y
            odd_row, not_last_col = y % 2 == 1, x < width - 1
            inner = (not_last_col or not odd_row) and (x > 0 or odd_row)
            b.add_face(shifted(px, py, dodecagon(a, c)))
            if y < height - 1 and inner:
                b.add_face(shifted(px, py, [(a, 2 * a + c), (2 * a, 2 * a + 2 * c), (a, 2 * a + 3 * c),
                                            (-a, 2 * a + 3 * c), (-2 * a, 2 * a + 2 * c), (-a, 2 * a + c)]))
            if y > 0 and inner:
                b.add_face(shifted(px, py, [(-a, -(2 * a + c)), (-2 * a, -(2 * a + 2 * c)), (-a, -(2 * a + 3 * c)),
                                            (a, -(2 * a + 3 * c)), (2 * a, -(2 * a + 2 * c)), (a, -(2 * a + c))]))
            if not_last_col:
                b.add_face(shifted(px, py, [(2 * a + c, -a), (4 * a + c, -a), (4 * a + c, a), (2 * a + c, a)]))
            if y > 0 and (not_last_col or not odd_row):
                b.add_face(shifted(px, py, [(a, -(2 * a + c)), (2 * a, -(2 * a + 2 * c)),
                                            (2 * a + c, -(a + 2 * c)), (a + c, -(a + c))]))
            if y > 0 and (x > 0 or odd_row):
                b.add_face(shifted(px, py, [(-(a + c), -(a + c)), (-(2 * a + c), -(a + 2 * c)),
                                            (-2 * a, -(2 * a + 2 * c)), (-a, -(2 * a + c))]))
    return b.build("great-dodecagonal", width, height)


def great_great_dodecagonal(width: int, height: int) -> Grid:
    a, c = HEX_A, HEX_B
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            px, py = (4 * a + 4 * c) * x + ((2 * a + 2 * c) if y % 2 else 0), (6 * a + 2 * c) * y
            odd_row, not_last_col, not_last_row = y % 2 == 1, x < width - 1, y < height - 1
            inner = (not_last_col or not odd_row) and (x > 0 or odd_row)
            cell: list[tuple[bool, list[Point]]] = [
                (True, dodecagon(a, c)),
                (y > 0 and (not_last_col or not odd_row),  # hexagon, top right
                 [(a + 2 * c, -(4 * a + c)), (a + 2 * c, -(2 * a + c)), (a + c, -(a + c)),
                  (a, -(2 * a + c)), (a, -(4 * a + c)), (a + c, -(5 * a + c))]),
                (not_last_col,  # hexagon, right
                 [(2 * a + 3 * c, -a), (2 * a + 3 * c, a), (2 * a + 2 * c, 2 * a),
                  (2 * a + c, a), (2 * a + c, -a), (2 * a + 2 * c, -2 * a)]),
                (not_last_row and (not_last_col or not odd_row),  # hexagon, bottom right
                 [(a + 2 * c, 2 * a + c), (a + 2 * c, 4 * a + c), (a + c, 5 * a + c),
                  (a, 4 * a + c), (a, 2 * a + c), (a + c, a + c)]),
                (y > 0 and not_last_col,  # square, top right
                 [(a + 2 * c, -(2 * a + c)), (2 * a + 2 * c, -2 * a), (2 * a + c, -a), (a + c, -(a + c))]),
                (not_last_row and not_last_col,  # square, bottom right
                 [(2 * a + 2 * c, 2 * a), (a + 2 * c, 2 * a + c), (a + c, a + c), (2 * a + c, a)]),
                (not_last_row and inner,  # square, below
                 [(a, 2 * a + c), (a, 4 * a + c), (-a, 4 * a + c), (-a, 2 * a + c)]),
                (x > 0 and not_last_row,  # square, bottom left
                 [(-(2 * a + c), a), (-(a + c), a + c), (-(a + 2 * c), 2 * a + c), (-(2 * a + 2 * c), 2 * a)]),
                (x > 0 and y > 0,  # square, top left
                 [(-(a + c), -(a + c)), (-(2 * a + c), -a), (-(2 * a + 2 * c), -2 * a), (-(a + 2 * c), -(2 * a + c))]),
                (y > 0 and inner,  # square, above
                 [(a, -(4 * a + c)), (a, -(2 * a + c)), (-a, -(2 * a + c)), (-a, -(4 * a + c))]),
                (y > 0 and not_last_col,  # triangle pointing down
                 [(3 * a + 2 * c, -(2 * a + c)), (2 * a + 2 * c, -2 * a), (a + 2 * c, -(2 * a + c))]),
                (not_last_row and not_last_col,  # triangle pointing up
                 [(3 * a + 2 * c, 2 * a + c), (a + 2 * c, 2 * a + c), (2 * a + 2 * c, 2 * a)]),
            ]
            for present, corners in cell:
                if present:
                    b.add_face(shifted(px, py, corners))
    return b.build("great-great-dodecagonal", width, height)


def compass_dodecagonal(width: int, height: int) -> Grid:
    a, c = HEX_A, HEX_B
    b = GridBuilder()
    for y in range(height):
        for x in range(width):
            px, py = (4 * a + 2 * c) * x, (4 * a + 2 * c) * y
            b.add_face(shifted(px, py, dodecagon(a, c)))
            if x < width - 1 and y < height - 1:
                # Between four dodecagons: four triangles (north, east, south, west), then a square.
                for corners in (
                    [(2 * a + c, a), (3 * a + c, a + c), (a + c, a + c)],
                    [(3 * a + 2 * c, 2 * a + c), (3 * a + c, 3 * a + c), (3 * a + c, a + c)],
                    [(3 * a + c, 3 * a + c), (2 * a + c, 3 * a + 2 * c), (a + c, 3 * a + c)],
                    [(a + c, a + c), (a + c, 3 * a + c), (a, 2 * a + c)],
                    [(3 * a + c, a + c), (3 * a + c, 3 * a + c), (a + c, 3 * a + c), (a + c, a + c)],
                ):
                    b.add_face(shifted(px, py, corners))
    return b.build("compass-dodecagonal", width, height)
