"""An independent enumerator of Signal solutions on small boards, wrapping or not (for the tests only).

It shares no code with the engine: it tries every rotation of every tile in
row-major order, keeps only placements whose pipes agree with the tiles
already placed to the left and above (and, on a wrapping board, with the
first tile of the row and of the column when it reaches the last), and at
the end counts the links and walks them to see one tree. So it lists every
solution there is.
"""

from __future__ import annotations


def rotations(mask: int) -> list[int]:
    found: list[int] = []
    for _ in range(4):
        if mask not in found:
            found.append(mask)
        mask = ((mask << 1) | (mask >> 3)) & 15
    return found


def _one_tree(board: list[int], width: int, height: int, wrapping: bool) -> bool:
    links = []
    for r in range(height):
        for c in range(width):
            i = r * width + c
            if board[i] & 2:
                if c + 1 < width or wrapping:
                    links.append((i, r * width + (c + 1) % width))
                else:
                    return False
            if board[i] & 4:
                if r + 1 < height or wrapping:
                    links.append((i, ((r + 1) % height) * width + c))
                else:
                    return False
            if not wrapping and ((c == 0 and board[i] & 8) or (r == 0 and board[i] & 1)):
                return False
    if len(links) != width * height - 1:
        return False
    reach = {0}
    changed = True
    while changed:
        changed = False
        for a, b in links:
            if (a in reach) != (b in reach):
                reach |= {a, b}
                changed = True
    return len(reach) == width * height


def solutions(tiles: list[int], width: int, height: int, wrapping: bool) -> list[tuple[int, ...]]:
    """Every way to turn ``tiles`` into one tree."""
    cells = width * height
    board = [0] * cells
    found: list[tuple[int, ...]] = []

    def agrees(i: int, mask: int) -> bool:
        r, c = divmod(i, width)
        if c > 0 and bool(mask & 8) != bool(board[i - 1] & 2):
            return False
        if r > 0 and bool(mask & 1) != bool(board[i - width] & 4):
            return False
        if wrapping and c == width - 1 and bool(mask & 2) != bool(board[i - c] & 8):
            return False
        return not (wrapping and r == height - 1 and bool(mask & 4) != bool(board[c] & 1))

    def place(i: int) -> None:
        if i == cells:
            if _one_tree(board, width, height, wrapping):
                found.append(tuple(board))
            return
        for mask in rotations(tiles[i]):
            if agrees(i, mask):
                board[i] = mask
                place(i + 1)
        board[i] = 0

    place(0)
    return found
