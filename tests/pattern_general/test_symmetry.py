"""Symmetries of nonogram clues (gridlogic.pattern.symmetry), against transformations done by hand."""

from __future__ import annotations

import random

from gridlogic.pattern.lines import compute_clue
from gridlogic.pattern.symmetry import clue_symmetries

# Where the cell (r, c) of an h x w core goes: written independently of the module's source maps.
MOVES = {
    "mirror left-right": lambda r, c, h, w: (r, w - 1 - c),
    "mirror top-bottom": lambda r, c, h, w: (h - 1 - r, c),
    "half turn": lambda r, c, h, w: (h - 1 - r, w - 1 - c),
    "main diagonal": lambda r, c, h, w: (c, r),
    "other diagonal": lambda r, c, h, w: (w - 1 - c, h - 1 - r),
    "quarter turn clockwise": lambda r, c, h, w: (c, h - 1 - r),
    "quarter turn anticlockwise": lambda r, c, h, w: (w - 1 - c, r),
}


def clues(grid: list[list[int]]) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    def clue(line: list[int]) -> tuple[int, ...]:
        return tuple(block for block in compute_clue(line) if block)

    return [clue(row) for row in grid], [clue([row[c] for row in grid]) for c in range(len(grid[0]))]


def masks(grid: list[list[int]]) -> tuple[int, ...]:
    return tuple(sum(value << c for c, value in enumerate(row)) for row in grid)


def test_the_docstring_example():
    found = clue_symmetries([(1,), (1,)], [(1,), (1,)])
    assert sorted(symmetry.name for symmetry in found) == sorted(MOVES)
    mirror = next(symmetry for symmetry in found if symmetry.name == "mirror left-right")
    assert mirror.image((0b01, 0b10)) == (0b10, 0b01)  # 10 / 01 becomes 01 / 10 (bit c = column c)


def test_the_symmetries_found_are_the_moves_that_keep_the_clues_on_random_grids():
    rng = random.Random(19)
    for _ in range(400):
        h, w = rng.randint(1, 5), rng.randint(1, 5)
        if rng.random() < 0.5:
            w = h  # square cores have the diagonal moves too
        core = [[int(rng.random() < 0.5) for _ in range(w)] for _ in range(h)]
        if rng.random() < 0.5:  # make some symmetric, or the search finds nothing to check
            move = rng.choice([name for name in MOVES if h == w or "diagonal" not in name and "quarter" not in name])
            for r in range(h):
                for c in range(w):
                    mr, mc = MOVES[move](r, c, h, w)
                    core[mr][mc] = core[r][c]
        # empty lines around the core are set aside by the module
        top, left = rng.randint(0, 2), rng.randint(0, 2)
        grid = [[0] * (left + w + 1) for _ in range(top + h + 1)]
        for r in range(h):
            for c in range(w):
                grid[top + r][left + c] = core[r][c]
        rows, cols = clues(grid)
        if not any(any(row) for row in core) or not any(core[0]) or not any(core[-1]) \
                or not any(row[0] for row in core) or not any(row[-1] for row in core):
            continue  # the core must be exactly h x w for the moves below to be the module's
        expected = set()
        for name, move in MOVES.items():
            if h != w and ("diagonal" in name or "quarter" in name):
                continue
            moved_h, moved_w = (h, w) if h == w or "mirror" in name or name == "half turn" else (w, h)
            moved = [[0] * moved_w for _ in range(moved_h)]
            for r in range(h):
                for c in range(w):
                    mr, mc = move(r, c, h, w)
                    moved[mr][mc] = core[r][c]
            if clues(moved) == clues(core):
                expected.add(name)
        found = clue_symmetries(rows, cols)
        assert {symmetry.name for symmetry in found} == expected, (grid, expected)
        for symmetry in found:
            image = symmetry.image(masks(grid))
            image_grid = [[image[r] >> c & 1 for c in range(len(grid[0]))] for r in range(len(grid))]
            assert clues(image_grid) == (rows, cols)  # a symmetry maps a solution to a solution
            # cell_pairs says the same as image about whether the grid is symmetric
            pairs_equal = all(grid[a][b] == grid[c][d] for (a, b), (c, d) in symmetry.cell_pairs())
            assert pairs_equal == (image == masks(grid))
