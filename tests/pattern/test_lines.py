"""Clues, placements and the bit-mask line solver, pinned to the literal enumeration."""

from __future__ import annotations

import itertools
import random

import pytest

from gridlogic import InvalidParameters
from gridlogic.pattern.lines import (
    clue_length,
    compute_clue,
    few_placements,
    line_placements,
    line_step,
    overlap_step,
    placement_masks,
    solve_line,
    validate_clue,
)
from gridlogic.pattern.linesolver import line_fixed_point


def enumerated_line(clue: tuple[int, ...], length: int, filled: int, empty: int) -> tuple[int, int] | None:
    """The reference's way: keep the placements that agree, read off what they share."""
    fits = [
        m for m in placement_masks(clue, length) if not (m & empty) and (m & filled) == filled
    ]
    if not fits:
        return None
    full = (1 << length) - 1
    always = full
    ever = 0
    for m in fits:
        always &= m
        ever |= m
    return always, full & ~ever


def test_compute_clue_examples():
    assert compute_clue([1, 0, 1, 0, 0]) == [1, 1]
    assert compute_clue([1, 1, 0, 1, 1, 1]) == [2, 3]
    assert compute_clue([0, 0, 0]) == [0]
    assert compute_clue([]) == [0]
    assert compute_clue([2, 2, 0, 1]) == [2, 1]  # any truthy value is filled


def test_line_placements_in_reference_order():
    assert line_placements([3, 1], 6) == [
        [1, 1, 1, 0, 1, 0],
        [1, 1, 1, 0, 0, 1],
        [0, 1, 1, 1, 0, 1],
    ]
    assert line_placements([0], 3) == [[0, 0, 0]]
    assert line_placements([], 2) == [[0, 0]]
    assert line_placements([0, 2, 0], 3) == [[1, 1, 0], [0, 1, 1]]  # zeros are ignored
    assert line_placements([2, 2], 4) == []  # does not fit
    assert placement_masks([1], 3) == [0b001, 0b010, 0b100]


def test_placements_are_exactly_the_lines_with_that_clue():
    for length in range(9):
        by_clue: dict[tuple[int, ...], list[list[int]]] = {}
        for line in itertools.product((0, 1), repeat=length):
            by_clue.setdefault(tuple(compute_clue(line)), []).append(list(line))
        for clue, lines in by_clue.items():
            assert sorted(line_placements(clue, length)) == sorted(lines)


def test_placement_masks_are_the_placements_in_their_order():
    for length in range(11):
        for size in range(5):
            for clue in itertools.product(range(4), repeat=size):
                masks = [sum(1 << k for k, v in enumerate(p) if v) for p in line_placements(clue, length)]
                assert placement_masks(clue, length) == masks, (clue, length)


def test_docstring_worked_example():
    assert solve_line((3, 1), 6, 0, 0) == (0b000110, 0)
    assert solve_line((3, 1), 6, 0, 0b100000) == (0b010111, 0b101000)
    assert solve_line((3, 1), 6, 0b100000, 0b000001) == (0b101110, 0b010001)  # .###.#
    assert solve_line((3, 1), 6, 0b001001, 0) is None  # cells 0 and 3 cannot both be filled


def test_solve_line_equals_enumeration_exhaustively_on_short_lines():
    for length in range(1, 7):
        clues = {tuple(compute_clue(line)) for line in itertools.product((0, 1), repeat=length)}
        clues.add((length + 1,))  # a clue that cannot fit at all
        for known in itertools.product((0, 1, 2), repeat=length):  # 2 = unknown
            filled = sum(1 << k for k, v in enumerate(known) if v == 1)
            empty = sum(1 << k for k, v in enumerate(known) if v == 0)
            for clue in clues:
                blocks = tuple(x for x in clue if x)
                expected = enumerated_line(clue, length, filled, empty)
                assert solve_line(blocks, length, filled, empty) == expected, (clue, length, known)
                # solve_line filters few placements and runs the DP otherwise: pin both ways.
                assert line_fixed_point(blocks, length, filled, empty) == expected, (clue, length, known)


def test_solve_line_equals_enumeration_on_random_longer_lines():
    rand = random.Random(3)
    for _ in range(3000):
        length = rand.randint(7, 16)
        line = [1 if rand.random() < rand.random() else 0 for _ in range(length)]
        clue = tuple(compute_clue(line))
        if rand.random() < 0.3:  # a clue of another line: often contradicts what is known
            clue = tuple(compute_clue([rand.randrange(2) for _ in range(length)]))
        filled = empty = 0
        for k in range(length):
            roll = rand.random()
            if roll < 0.15:
                filled |= (1 << k) if line[k] else 0
                empty |= 0 if line[k] else (1 << k)
            elif roll < 0.2:
                if rand.random() < 0.5:
                    filled |= 1 << k
                else:
                    empty |= 1 << k
        empty &= ~filled
        blocks = tuple(x for x in clue if x)
        expected = enumerated_line(clue, length, filled, empty)
        assert solve_line(blocks, length, filled, empty) == expected
        assert line_fixed_point(blocks, length, filled, empty) == expected


def slid_overlap(clue: tuple[int, ...], length: int, filled: int, empty: int) -> int:
    """Overlap read off the enumeration: each block between its start in the first and in the last
    agreeing placement; packed ``filled << length | empty``, -1 when none agrees."""
    fits = [line for line in line_placements(clue, length)
            if all(not (filled >> k & 1 and not v) and not (empty >> k & 1 and v) for k, v in enumerate(line))]
    if not fits:
        return -1
    starts = [[k for k in range(length) if line[k] and (k == 0 or not line[k - 1])] for line in (fits[0], fits[-1])]
    reach = 0
    for block, left, right in zip([x for x in clue if x], *starts):
        filled |= sum(1 << k for k in range(right, left + block))
        reach |= sum(1 << k for k in range(left, right + block))
    return filled << length | empty | ((1 << length) - 1) & ~reach


def test_packed_steps_equal_enumeration_exhaustively_on_short_lines():
    for length in range(1, 7):
        clues = {tuple(compute_clue(line)) for line in itertools.product((0, 1), repeat=length)}
        for known in itertools.product((0, 1, 2), repeat=length):  # 2 = unknown
            filled = sum(1 << k for k, v in enumerate(known) if v == 1)
            empty = sum(1 << k for k, v in enumerate(known) if v == 0)
            for clue in clues:
                blocks = tuple(x for x in clue if x)
                expected = enumerated_line(clue, length, filled, empty)
                packed = -1 if expected is None else expected[0] << length | expected[1]
                overlap = slid_overlap(clue, length, filled, empty)
                # With the placements, and with None: the dynamic programme's way.
                for masks in (few_placements(blocks, length), None):
                    assert line_step(blocks, length, filled, empty, masks) == packed, (clue, known)
                    assert overlap_step(blocks, length, filled, empty, masks) == overlap, (clue, known)


def test_solve_line_works_on_long_lines():
    # 60 cells, runs 29 and 29 with one gap and one cell to spare: only cells 1..28
    # and 31..58 are forced; the enumeration would also manage, the point is the length.
    filled, empty = solve_line((29, 29), 60, 0, 0)
    assert filled == sum(1 << k for k in (*range(1, 29), *range(31, 59)))
    assert empty == 0
    assert solve_line((30, 30), 60, 0, 0) is None


def test_clue_length():
    assert clue_length([4, 2]) == 7
    assert clue_length([0]) == 0
    assert clue_length([]) == 0
    assert clue_length([0, 3, 0, 1]) == 5


def test_validate_clue_messages():
    assert validate_clue([0, 2, 0], 5, "row 1") == (2,)
    assert validate_clue([], 5, "row 1") == ()
    with pytest.raises(InvalidParameters, match=r"row 3 clue \[4, 2\] needs 7 cells but the line has 5"):
        validate_clue([4, 2], 5, "row 3")
    with pytest.raises(InvalidParameters,
                       match=r"column 2 clue \[1, -1\]: each run length must be a whole number of at least 0, not -1"):
        validate_clue([1, -1], 5, "column 2")
    with pytest.raises(InvalidParameters, match=r"row 1 clue \[1.5\]: each run length must be a whole number "
                                                 r"of at least 0, not a float 1.5"):
        validate_clue([1.5], 5, "row 1")
    with pytest.raises(InvalidParameters, match=r"row 1 clue \[True\]: each run length must be a whole number "
                                                 r"of at least 0, not a bool True"):
        validate_clue([True], 5, "row 1")
    with pytest.raises(InvalidParameters, match=r"not a list"):
        validate_clue("1 2", 5, "row 1")
