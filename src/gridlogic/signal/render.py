"""Signal boards as text (box-drawing characters) and as standalone SVG.

Pure functions of a board: they need the tile masks and the side, not a
puzzle object. In text each tile is one character followed by a link
character, so pipes that meet look joined::

    ┌─┬─╴
    │ ├─┐
    ╵ ╵ ╵
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

# Index: the mask (1 up, 2 right, 4 down, 8 left).
TILE_CHARACTERS = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"


def board_text(board: Sequence[int], n: int) -> str:
    """The board drawn with box-drawing characters, one text line per row."""
    rows = []
    for r in range(n):
        cells = board[r * n : r * n + n]
        rows.append("".join(TILE_CHARACTERS[m] + ("─" if m & 2 else " ") for m in cells).rstrip())
    return "\n".join(rows)


def board_svg(board: Sequence[int], n: int, lit: Iterable[int] = (), cell: int = 48) -> str:
    """A standalone SVG of the board; tiles in ``lit`` are drawn in the highlight colour."""
    lit_set = set(lit)
    size = n * cell
    half = cell / 2
    parts = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size + 8}" height="{size + 8}" '
        f'viewBox="-4 -4 {size + 8} {size + 8}" role="img" aria-label="Signal board, {n} by {n}">'),
        f'<rect x="-4" y="-4" width="{size + 8}" height="{size + 8}" fill="#f7f7f2"/>',
    ]
    for i, mask in enumerate(board):
        r, c = divmod(i, n)
        x, y = c * cell, r * cell
        cx, cy = x + half, y + half
        colour = "#d9480f" if i in lit_set else "#1c3d5a"
        parts.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="none" stroke="#c8c8c0"/>')
        ends = {1: (cx, y), 2: (x + cell, cy), 4: (cx, y + cell), 8: (x, cy)}
        for bit, (ex, ey) in ends.items():
            if mask & bit:
                parts.append(
                    f'<line x1="{cx}" y1="{cy}" x2="{ex}" y2="{ey}" stroke="{colour}" '
                    f'stroke-width="{cell // 6}" stroke-linecap="round"/>'
                )
        if (mask).bit_count() == 1:
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{cell // 6}" fill="{colour}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
