"""The generator's grader of changing clues gives, grade after grade, what a grade from scratch gives."""

from __future__ import annotations

import random

import pytest

from gridlogic.pattern.grading import Regrader, level_up_to
from gridlogic.pattern.lines import grid_clues
from gridlogic.pattern.propagation import OVERLAP_SLOT, fixed_point, line_memos, replay
from gridlogic.pattern.v2.generator import draw_picture, orbits
from gridlogic.rng import rng as seeded_stream


def clues_of(cells: list[int], width: int, height: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    rows, cols = grid_clues(cells, width, height)
    return [tuple(c) if c != [0] else () for c in rows], [tuple(c) if c != [0] else () for c in cols]


class Steered:
    """Clues and memos kept as the generator keeps them, changed in place, the grader told."""

    def __init__(self, rows: list[tuple[int, ...]], cols: list[tuple[int, ...]], top: int, max_open: int) -> None:
        self.rows, self.cols = rows, cols
        self.row_memos, self.col_memos = line_memos(rows, len(cols)), line_memos(cols, len(rows))
        self.grader = Regrader(rows, cols, self.row_memos, self.col_memos, top, max_open)

    def set_row(self, r: int, clue: tuple[int, ...]) -> None:
        self.rows[r] = clue
        self.row_memos[r] = line_memos([clue], len(self.cols))[0]
        self.grader.changed(1 << r, 0)

    def set_column(self, c: int, clue: tuple[int, ...]) -> None:
        self.cols[c] = clue
        self.col_memos[c] = line_memos([clue], len(self.rows))[0]
        self.grader.changed(0, 1 << c)


def from_scratch(rows, cols, top: int, max_open: int) -> tuple[str, str | None, list[int]]:
    found = level_up_to(list(rows), list(cols), top, None if max_open < 0 else max_open)
    return found.status, found.level, list(found.open_cells) if found.status == "stuck" else []


@pytest.mark.parametrize("top", [0, 1, 2])
def test_flipped_pictures_grade_as_from_scratch(top):
    """Pictures steered by flipping orbits, as the generator does; every level and status is met."""
    rng = random.Random(40 + top)
    seen = set()
    for k in range(30):
        width, height = rng.choice([(5, 5), (8, 6), (10, 10), (12, 9)])
        symmetry = rng.choice(["none", "none", "left-right", "both", "rotation"])
        cells = draw_picture(width, height, seeded_stream(f"regrade-{top}-{k}"), 0.45, rng.choice([0, 1]), symmetry)
        max_open = rng.choice([-1, 2 * (width + height), 6])
        rows, cols = clues_of(cells, width, height)
        steered = Steered(rows, cols, top, max_open)
        tied = orbits(width, height, symmetry)
        for _ in range(40):
            got = steered.grader.grade()
            assert got == from_scratch(steered.rows, steered.cols, top, max_open)
            seen.add(got[:2])
            for _ in range(rng.choice([1, 1, 1, 2])):  # now and then two flips between grades
                for i in tied[rng.randrange(width * height)]:
                    cells[i] ^= 1
            new_rows, new_cols = clues_of(cells, width, height)
            for r in range(height):
                if new_rows[r] != steered.rows[r]:
                    steered.set_row(r, new_rows[r])
            for c in range(width):
                if new_cols[c] != steered.cols[c]:
                    steered.set_column(c, new_cols[c])
    assert ("solved", "easy") in seen and ("stuck", None) in seen
    if top >= 1:
        assert ("solved", "medium") in seen
    if top == 2:
        assert ("solved", "hard") in seen


def test_any_changed_clues_grade_as_from_scratch_contradictions_too():
    """Clues that no picture has: contradictions, and the grades after them, start again from nothing."""
    rng = random.Random(7)
    statuses = set()
    for k in range(30):
        width, height = rng.choice([(4, 4), (5, 6), (7, 5)])
        cells = [int(rng.random() < 0.55) for _ in range(width * height)]
        rows, cols = clues_of(cells, width, height)
        top = rng.choice([0, 1, 2])
        steered = Steered(rows, cols, top, -1)
        for _ in range(15):
            got = steered.grader.grade()
            assert got == from_scratch(steered.rows, steered.cols, top, -1)
            statuses.add(got[0])
            line = [int(rng.random() < 0.5) for _ in range(max(width, height))]
            if rng.random() < 0.5:
                r = rng.randrange(height)
                steered.set_row(r, clues_of(line[:width], width, 1)[0][0])
            else:
                c = rng.randrange(width)
                steered.set_column(c, clues_of(line[:height], 1, height)[1][0])
    assert statuses == {"solved", "stuck", "contradiction"}


def test_replay_of_unchanged_clues_redoes_every_step_from_the_log():
    """With no clue changed every step is read from the log, and the masks reach the fixed point."""
    cells = [0, 1, 1, 0, 1,
             1, 1, 1, 0, 0,
             0, 1, 0, 1, 1,
             1, 1, 1, 1, 0]
    rows, cols = clues_of(cells, 5, 4)
    row_memos, col_memos = line_memos(rows, 5), line_memos(cols, 4)
    masks = [0] * 4, [0] * 4, [0] * 5, [0] * 5
    log: list[int] = []
    assert fixed_point(row_memos, col_memos, *masks, 0b1111, 0b11111, OVERLAP_SLOT, log)
    again = [0] * 4, [0] * 4, [0] * 5, [0] * 5
    assert replay(log, row_memos, col_memos, *again, OVERLAP_SLOT, 0, 0) == log
    assert again == masks


def test_worked_example_of_the_regrader():
    """The class docstring's example: the module's 3x3 example, then its centre flipped."""
    rows, cols = [(3,), (1,), (3,)], [(3,), (1, 1), (1, 1)]
    steered = Steered(rows, cols, 2, -1)
    assert steered.grader.grade() == ("solved", "easy", [])
    # rows 0 and 2 from nothing (row r is r), then columns 0, 1, 2 (3 + c) from their filled ends
    old_log = [0, 0, 0, 0b111, 0, 2, 0, 0, 0b111, 0,
               3, 0b101, 0, 0b111, 0, 4, 0b101, 0, 0b101, 0b010, 5, 0b101, 0, 0b101, 0b010]
    assert steered.grader.overlap_log == old_log
    steered.set_row(1, (2,))
    steered.set_column(1, (3,))
    masks = [0] * 3, [0] * 3, [0] * 3, [0] * 3
    redone = replay(old_log, steered.row_memos, steered.col_memos, *masks, OVERLAP_SLOT, 0b010, 0b010)
    # the steps read from the log, and column 1 settled again: filled from its ends, now [3]
    assert redone == old_log[:15] + [4, 0b101, 0, 0b111, 0] + old_log[20:]
    assert masks == ([0b111, 0b011, 0b111], [0, 0b100, 0], [0b111, 0b111, 0b101], [0, 0, 0b010])
    assert steered.grader.grade() == ("solved", "easy", [])
