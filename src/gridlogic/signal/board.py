"""Signal tiles: 4-bit masks, rotation, and the board's geometry.

A tile is one int 0–15 whose bits say where its pipe leaves the cell:
bit 1 up, 2 right, 4 down, 8 left (``BITS``). Mask 6 = right + down is an
elbow. :func:`rotate` shifts the four bits one place left, cyclically, so
the "up" connection moves to "right": a clockwise quarter turn
(``rotate(1) == 2``, ``rotate(8) == 1``).

:func:`variants` lists the distinct orientations of a tile in the order the
engine tries them, starting from the tile as given: a straight has 2
(``variants(5) == [5, 10]``), a cross 1, ends, elbows and tees 4. That order
matters: it is the branching order of every search, so it is part of what
makes our puzzles identical to the original engine's.

Boards are flat lists in row-major order (``i = r * width + c``); the
articles' boards are square (``n = width = height``). On a *wrapping* board
(generator version 4) the edges are joined: a pipe leaving the right edge
enters the tile at the left end of the same row, one leaving the top enters
the bottom tile of the same column, so every tile has four neighbours.
:func:`is_solved` is the independent check used at every leaf of every
search: no pipe leaves the board or meets nothing, exactly one link fewer
than tiles, and every tile reachable from tile 0.

>>> neighbour(2, 1, 3), neighbour(2, 1, 3, 2, wrapping=True), neighbour(0, 0, 3, 2, wrapping=True)
(-1, 0, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from gridlogic.errors import InvalidParameters
from gridlogic.params import check_int, short_repr

BITS = (1, 2, 4, 8)  # up, right, down, left


def rotate(mask: int) -> int:
    """The tile turned a quarter clockwise."""
    return ((mask << 1) & 15) | (mask >> 3)


def variants(mask: int) -> list[int]:
    """The distinct orientations of ``mask``, starting with ``mask`` itself, turning clockwise."""
    values: list[int] = []
    for _ in range(4):
        if mask not in values:
            values.append(mask)
        mask = rotate(mask)
    return values


# variants() of every mask, computed once: the engines call it in their inner loops.
VARIANTS: tuple[tuple[int, ...], ...] = tuple(tuple(variants(m)) for m in range(16))


def neighbour(i: int, d: int, width: int, height: int | None = None, wrapping: bool = False) -> int:
    """The index of the cell next to ``i`` in direction ``d`` (0 up … 3 left), or -1 off the board.

    ``height`` defaults to ``width`` (a square board, as the articles have).
    """
    n = width
    rows = width if height is None else height
    r, c = divmod(i, n)
    if d == 0:
        return i - n if r > 0 else (i + n * (rows - 1) if wrapping else -1)
    if d == 1:
        return i + 1 if c < n - 1 else (i - c if wrapping else -1)
    if d == 2:
        return i + n if r < rows - 1 else (c if wrapping else -1)
    return i - 1 if c > 0 else (i + n - 1 if wrapping else -1)


@cache
def pipe_table(width: int, height: int | None = None,
               wrapping: bool = False) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per cell: (bit, neighbour or -1, the neighbour's bit facing back) for the four directions."""
    rows = width if height is None else height
    return tuple(
        tuple((BITS[d], neighbour(i, d, width, rows, wrapping), BITS[(d + 2) % 4]) for d in range(4))
        for i in range(width * rows)
    )


def connected(board: Sequence[int], n: int, start: int = 0, both_ways: bool = False, *,
              height: int | None = None, wrapping: bool = False) -> set[int]:
    """The cells reachable from ``start`` along pipes that leave the cell's side.

    ``n`` is the board's width (and its height unless ``height`` says
    otherwise). One-sided links count (what :func:`is_solved` needs after
    checking that pipes agree); with ``both_ways`` a link also needs the
    neighbour's pipe facing back (what a player sees lit).
    """
    seen, queue = {start}, [start]
    table = pipe_table(n, height, wrapping)
    for i in queue:
        mask = board[i]
        for bit, j, back in table[i]:
            if mask & bit and j >= 0 and j not in seen and (not both_ways or board[j] & back):
                seen.add(j)
                queue.append(j)
    return seen


def is_solved(board: Sequence[int], n: int, height: int | None = None, wrapping: bool = False) -> bool:
    """True when every pipe meets a pipe and the links form one tree over all tiles.

    ``n`` is the width (and the height unless ``height`` is given). Each
    link is checked once, from its left or upper tile (on a wrapping board
    the last column's right link and the last row's down link wrap round):
    the pipes on both sides must agree, and none may leave the board. Then
    the links must number one fewer than the tiles and reach every tile from
    tile 0.
    """
    rows = n if height is None else height
    if len(board) != n * rows:
        return False
    links = 0
    last, last_row = n - 1, rows - 1
    for i, mask in enumerate(board):
        r, c = divmod(i, n)
        if not wrapping and ((r == 0 and mask & 1) or (c == 0 and mask & 8)):
            return False
        if c < last or wrapping:
            if bool(mask & 2) != bool(board[i + 1 if c < last else i - last] & 8):
                return False
            links += mask >> 1 & 1
        elif mask & 2:
            return False
        if r < last_row or wrapping:
            if bool(mask & 4) != bool(board[i + n if r < last_row else c] & 1):
                return False
            links += mask >> 2 & 1
        elif mask & 4:
            return False
    return links == len(board) - 1 and len(connected(board, n, height=rows, wrapping=wrapping)) == len(board)


# The tile's shape regardless of rotation, per mask: blank, end, straight, elbow, tee or cross.
SHAPES = tuple(
    ("straight" if m in (5, 10) else "elbow") if m.bit_count() == 2
    else ("blank", "end", "", "tee", "cross")[m.bit_count()]
    for m in range(16)
)


def check_size(n: object) -> int:
    """``n`` as a board side for the solvers: any int ≥ 1."""
    return check_int(n, "board side", 1)


def check_board(board: object, n: int, height: int | None = None) -> list[int]:
    """``board`` as a list of width × height tile masks (``n`` the width, and the height unless given), each 0–15."""
    rows = n if height is None else height
    cells = n * rows
    if isinstance(board, (str, bytes)) or not isinstance(board, Sequence):
        raise InvalidParameters(f"a board is a list of {cells} tile masks (ints 0-15), not {short_repr(board)}")
    if len(board) != cells:
        raise InvalidParameters(
            f"a {n}x{rows} board has {cells} tiles, but {len(board)} were given"
        )
    for i, mask in enumerate(board):
        check_int(mask, f"tile {i} (row {i // n + 1}, column {i % n + 1})", 0, 15)
    return list(board)
