"""A probe's hint tells its chain: each line from the assumption to the line that breaks, with the
clue it read and the cells it decided, and that chain is a proof on its own (checked here line by
line with the line solver, from the board, the assumption and the chain's earlier lines alone)."""

from __future__ import annotations

import pytest

from gridlogic import pattern
from gridlogic.hints import LANGUAGES
from gridlogic.pattern.hints import explain_step, next_deduction
from gridlogic.pattern.lines import solve_line
from gridlogic.pattern.solver import UNKNOWN

GAME = pattern.GAME


def line_cells(kind, k, width, height):
    return range(k * width, k * width + width) if kind == "row" else range(k, width * height, width)


def masks(cells, indices):
    filled = sum(1 << n for n, i in enumerate(indices) if cells[i] == 1)
    empty = sum(1 << n for n, i in enumerate(indices) if cells[i] == 0)
    return filled, empty


def assert_chain_is_a_proof(step, rows, cols, cells):
    width, height = len(cols), len(rows)
    known = list(cells)
    i, value = step.assumption
    known[i] = value
    for (kind, k), decided in step.chain:
        indices = line_cells(kind, k, width, height)
        clue = rows[k] if kind == "row" else cols[k]
        filled, empty = solve_line(tuple(clue), len(indices), *masks(known, indices))
        for cell, cell_value in decided:
            bit = 1 << list(indices).index(cell)
            assert (filled if cell_value else empty) & bit, (kind, k, cell, cell_value)
            known[cell] = cell_value
    kind, k = step.line
    indices = line_cells(kind, k, width, height)
    assert solve_line(tuple(rows[k] if kind == "row" else cols[k]), len(indices), *masks(known, indices)) is None


@pytest.mark.parametrize("seed", ["chain-0", "chain-1"])
def test_every_probe_of_a_hard_walk_tells_a_chain_that_proves_it(seed):
    puzzle = GAME.generate(20, seed, "hard", version=2)
    rows, cols = puzzle.row_clues, puzzle.col_clues
    cells = [UNKNOWN] * (len(rows) * len(cols))
    probes = 0
    while UNKNOWN in cells:
        step = next_deduction(rows, cols, cells)
        if step.technique == "probe":
            probes += 1
            assert_chain_is_a_proof(step, rows, cols, cells)
            words = explain_step(step, rows, cols, cells)
            for kind, k in [line for line, _ in step.chain] + [step.line]:
                clue = " ".join(map(str, rows[k] if kind == "row" else cols[k])) or "0"
                assert f"{kind} {k + 1} (clue {clue})" in words.en, (kind, k, words.en)
            assert all(words.to_dict().get(lang) for lang in LANGUAGES)
        for i, value in step.cells:
            cells[i] = value
    assert probes >= 1


def test_a_walk_through_of_clues_no_grid_meets_ends_in_a_contradiction():
    """Rows 2 / 0 / 0 and columns 1 / 0 / 1: every cell gets decided, yet the full grid breaks a
    line, so the walk-through ends in a contradiction, not "solved"."""
    from gridlogic.pattern.hints import walkthrough

    walk = walkthrough([[2], [0], [0]], [[1], [0], [1]])
    assert walk.status == "contradiction" and walk.note.en.startswith("The clues contradict")
