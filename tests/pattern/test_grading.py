"""The grader: each technique's worked example, the level's exactness, brute force on small grids."""

from __future__ import annotations

import itertools
import random

import pytest

from gridlogic.pattern.grading import (
    Grade,
    grade,
    grade_up_to,
    level_and_open_cells,
    level_up_to,
    overlap_line,
)
from gridlogic.pattern.lines import grid_clues, solve_line
from gridlogic.pattern.propagation import line_memos
from gridlogic.pattern.solver import UNKNOWN
from gridlogic.pattern.v2.generator import draw_picture
from gridlogic.rng import rng as seeded_stream


def bits(*cells: int) -> int:
    return sum(1 << c for c in cells)


def test_overlap_examples_of_the_docstring():
    # [4] in 6 cells: the block lies at 0-3 or 2-5, so cells 2 and 3 are filled.
    assert overlap_line((4,), 6, 0, 0) == (bits(2, 3), 0)
    # [3] in 8 with cell 1 filled: at 0-2 or 1-3; 1 and 2 filled, 4 to 7 out of reach.
    assert overlap_line((3,), 8, bits(1), 0) == (bits(1, 2), bits(4, 5, 6, 7))


def test_line_solving_example_of_the_docstring_beats_overlap():
    # [1, 1] in 5 with cell 2 filled: overlap decides nothing new, line solving empties 1 and 3.
    assert overlap_line((1, 1), 5, bits(2), 0) == (bits(2), 0)
    assert solve_line((1, 1), 5, bits(2), 0) == (bits(2), bits(1, 3))


def test_probe_example_of_the_docstring():
    rows, cols = [[1, 1], [2], [0], [0]], [[1], [1], [1], [1]]
    found = grade(rows, cols)
    assert found.level == "hard" and found.status == "solved"
    assert found.counts == {"overlap": 15, "line": 0, "probe": 1}
    assert found.cells == (1, 0, 0, 1, 0, 1, 1, 0) + (0,) * 8
    stuck = grade_up_to([(1, 1), (2,), (), ()], [(1,)] * 4, 1)
    assert stuck.status == "stuck" and stuck.level is None and len(stuck.open_cells) == 8


def test_module_worked_example():
    found = grade([[3], [1], [3]], [[3], [1, 1], [1, 1]])
    assert found.level == "easy" and found.counts == {"overlap": 9, "line": 0, "probe": 0}
    assert found.to_dict() == {"level": "easy", "techniques": {"overlap": 9, "line": 0, "probe": 0}}
    assert Grade.from_dict(found.to_dict()) == found


def test_overlap_never_decides_more_than_line_solving():
    rng = random.Random(7)
    for _ in range(3000):
        length = rng.randint(1, 12)
        line = [rng.random() < 0.55 for _ in range(length)]
        blocks = tuple(len(list(g)) for v, g in itertools.groupby(line) if v)
        known = [rng.random() < 0.4 for _ in range(length)]
        filled = sum(1 << i for i in range(length) if known[i] and line[i])
        empty = sum(1 << i for i in range(length) if known[i] and not line[i])
        over, full = overlap_line(blocks, length, filled, empty), solve_line(blocks, length, filled, empty)
        assert over is not None and full is not None
        assert over[0] & ~full[0] == 0 and over[1] & ~full[1] == 0  # sound: within what is forced
        assert over[0] & filled == filled and over[1] & empty == empty  # keeps what is known


def all_solutions(rows, cols, width, height):
    """Every grid with these clues: each row one of the lines of its clue (all 2**width tried), then
    the columns compared; written apart from the grader and the line solver."""
    lines = list(itertools.product((0, 1), repeat=width))
    candidates = [[line for line in lines if grid_clues(line, width, 1)[0][0] == clue] for clue in rows]
    found = []
    for choice in itertools.product(*candidates):
        cells = tuple(v for line in choice for v in line)
        if grid_clues(cells, width, height)[1] == cols:
            found.append(cells)
    return found


@pytest.mark.parametrize(("width", "height"), [(3, 3), (4, 3), (4, 4), (5, 4), (5, 5)])
def test_brute_force_agrees_with_the_grader(width, height):
    rng = random.Random(width * 10 + height)
    levels = set()
    for _ in range(60):
        answer = [int(rng.random() < 0.5) for _ in range(width * height)]
        rows, cols = grid_clues(answer, width, height)
        found = grade(rows, cols)
        solutions = all_solutions(rows, cols, width, height)
        if found.status == "solved":
            assert solutions == [tuple(found.cells)]  # a level means exactly one solution, found
        else:
            assert found.status == "stuck"
            assert all(s[i] == v for s in solutions for i, v in enumerate(found.cells) if v != UNKNOWN)
        levels.add(found.level)
    assert "easy" in levels


def test_levels_are_exact():
    rng = random.Random(55)
    seen = set()
    for _ in range(400):
        answer = [int(rng.random() < 0.5) for _ in range(25)]
        rows, cols = grid_clues(answer, 5, 5)
        found = grade(rows, cols)
        if found.level is None:
            continue
        seen.add(found.level)
        assert found.cells == tuple(answer)
        assert sum(found.counts.values()) == 25
        checked = [tuple(c) if c != [0] else () for c in rows], [tuple(c) if c != [0] else () for c in cols]
        top = ("easy", "medium", "hard").index(found.level)
        # Exact: the techniques below the level leave cells open.
        assert top == 0 or grade_up_to(*checked, top - 1).status == "stuck"
    assert {"easy", "hard"} <= seen


def test_contradiction_and_stuck():
    assert grade([[2], [0]], [[1], [0]]).status == "contradiction"
    found = grade([[1], [1]], [[1], [1]])  # two solutions: the techniques stop
    assert found.status == "stuck" and found.level is None and found.open_cells == (0, 1, 2, 3)


def test_level_up_to_agrees_with_the_cheapest_first_grader():
    rng = random.Random(11)
    for k in range(60):
        width, height = rng.choice([5, 8, 12]), rng.choice([5, 9])
        answer = draw_picture(width, height, seeded_stream(f"agree-{k}"), 0.45, rng.choice([0, 1]))
        rows, cols = (
            [tuple(c) if c != [0] else () for c in side] for side in grid_clues(answer, width, height)
        )
        for top in (0, 1, 2):
            for max_open in (None, 2 * (width + height)):
                full, quick = grade_up_to(rows, cols, top, max_open), level_up_to(rows, cols, top, max_open)
                assert (quick.status, quick.level, quick.cells) == (full.status, full.level, full.cells)


def test_probing_only_against_the_answer_grades_the_same():
    """The generator's grade knows the picture: probing only the values it does not have gives the
    status, level and open cells that probing both values gives, and 'hard' is met."""
    rng = random.Random(40)
    levels = set()
    for k in range(120):
        width, height = rng.choice([(5, 5), (8, 6), (10, 10)])
        answer = draw_picture(width, height, seeded_stream(f"answer-{k}"), 0.45, 1)
        for _ in range(3):
            answer[rng.randrange(width * height)] ^= 1  # flips, as the steering makes, open more cells
        rows, cols = ([tuple(c) if c != [0] else () for c in side] for side in grid_clues(answer, width, height))
        for max_open in (-1, 2 * (width + height)):
            both = level_up_to(rows, cols, 2, None if max_open < 0 else max_open)
            expected = (both.status, both.level, list(both.open_cells) if both.status == "stuck" else [])
            found = level_and_open_cells(rows, cols, line_memos(rows, width), line_memos(cols, height), 2, max_open,
                                         answer)
            assert found == expected
            levels.add(found[1])
    assert {"easy", "medium", "hard", None} <= levels
