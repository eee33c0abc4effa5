"""The shared line propagation: its worked example, and brute force on small rectangular grids."""

from __future__ import annotations

import itertools
import random

from gridlogic.pattern.propagation import propagate_lines


def runs(line) -> tuple[int, ...]:
    """Run lengths of a 0/1 line, written here independently of gridlogic; (0,) for an empty line."""
    found = tuple(len(list(group)) for value, group in itertools.groupby(line) if value)
    return found or (0,)


def sweep_fixed_point(row_clues, col_clues, known):
    """Rows then columns, filtering all 0/1 lines of each length by clue and known cells, until stable.

    ``known`` maps (r, c) to 0/1. Returns the enlarged mapping, or None when some
    line has no agreeing 0/1 line left.
    """
    height, width = len(row_clues), len(col_clues)
    known = dict(known)
    lines = [(row_clues[r], [(r, c) for c in range(width)]) for r in range(height)]
    lines += [(col_clues[c], [(r, c) for r in range(height)]) for c in range(width)]
    changed = True
    while changed:
        changed = False
        for clue, cells in lines:
            agreeing = [
                line
                for line in itertools.product((0, 1), repeat=len(cells))
                if runs(line) == clue and all(known.get(cell, v) == v for cell, v in zip(cells, line))
            ]
            if not agreeing:
                return None
            for k, cell in enumerate(cells):
                values = {line[k] for line in agreeing}
                if len(values) == 1 and cell not in known:
                    known[cell] = values.pop()
                    changed = True
    return known


def masks_from(known, height, width):
    row_filled, row_empty = [0] * height, [0] * height
    col_filled, col_empty = [0] * width, [0] * width
    for (r, c), value in known.items():
        if value:
            row_filled[r] |= 1 << c
            col_filled[c] |= 1 << r
        else:
            row_empty[r] |= 1 << c
            col_empty[c] |= 1 << r
    return row_filled, row_empty, col_filled, col_empty


def test_worked_example_of_the_module_docstring():
    rows, cols = [(2,), (1,)], [(1,), (1,), (1,)]
    row_filled, row_empty, col_filled, col_empty = [0, 0], [0, 0], [0, 0, 0], [0, 0, 0]
    assert propagate_lines(rows, cols, row_filled, row_empty, col_filled, col_empty, {0, 1}, {0, 1, 2})
    assert (row_filled, row_empty) == ([0b010, 0], [0, 0b010])
    assert (col_filled, col_empty) == ([0, 0b01, 0], [0, 0b10, 0])


def test_contradiction_is_reported():
    # Row 0 must be filled throughout, but column 0 must be empty.
    rows, cols = [(2,), (0,)], [(0,), (1,)]
    assert not propagate_lines(rows, cols, [0, 0], [0, 0], [0, 0], [0, 0], {0, 1}, {0, 1})


def test_agrees_with_a_brute_force_sweep_whatever_the_dirty_lines():
    rng = random.Random(7)
    for _ in range(120):
        height, width = rng.randint(1, 4), rng.randint(1, 4)
        solution = [[rng.randint(0, 1) for _ in range(width)] for _ in range(height)]
        row_clues = [runs(row) for row in solution]
        col_clues = [runs([solution[r][c] for r in range(height)]) for c in range(width)]
        # Some known cells: usually true to the solution, sometimes a wrong one
        # (which may or may not lead to a contradiction).
        known = {}
        for r in range(height):
            for c in range(width):
                if rng.random() < 0.2:
                    known[(r, c)] = solution[r][c] if rng.random() < 0.8 else 1 - solution[r][c]
        expected = sweep_fixed_point(row_clues, col_clues, known)
        masks = masks_from(known, height, width)
        ok = propagate_lines(row_clues, col_clues, *masks, set(range(height)), set(range(width)))
        if expected is None:
            assert not ok
            continue
        assert ok
        assert masks == masks_from(expected, height, width)
        # Starting from the fixed point, any dirty lines leave it as it is.
        again = masks_from(expected, height, width)
        dirty_rows = {r for r in range(height) if rng.random() < 0.5}
        assert propagate_lines(row_clues, col_clues, *again, dirty_rows, set())
        assert again == masks
