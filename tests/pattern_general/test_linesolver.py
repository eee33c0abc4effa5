"""The bit-parallel line solver against a plain enumeration of placements (the oracle)."""

from __future__ import annotations

import itertools
import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic.pattern import lines
from gridlogic.pattern.linesolver import line_fixed_point as solve_line
from gridlogic.pattern.linesolver import normalise_clue, reverse_bits, solve_line_cells


def runs_of(mask: int, length: int) -> tuple[int, ...]:
    out = []
    run = 0
    for i in range(length):
        if mask >> i & 1:
            run += 1
        elif run:
            out.append(run)
            run = 0
    if run:
        out.append(run)
    return tuple(out)


@cache
def placements(length: int) -> dict[tuple[int, ...], list[int]]:
    """Every line of ``length`` cells as a mask, grouped by its clue (the oracle's input)."""
    by_clue: dict[tuple[int, ...], list[int]] = {}
    for mask in range(1 << length):
        by_clue.setdefault(runs_of(mask, length), []).append(mask)
    return by_clue


def oracle(clue: tuple[int, ...], length: int, filled: int, empty: int) -> tuple[int, int] | None:
    """Cells filled (empty) in every agreeing placement, by enumerating them all."""
    full = (1 << length) - 1
    agreeing = [
        m for m in placements(length).get(clue, []) if not m & empty and filled & ~m & full == 0
    ]
    if not agreeing:
        return None
    always_filled, ever_filled = full, 0
    for m in agreeing:
        always_filled &= m
        ever_filled |= m
    return always_filled, full & ~ever_filled


def test_docstring_example():
    assert solve_line((3, 4), 10, 1 << 5, 0) == (0b0011100110, 0b1000000000)


def test_exhaustive_short_lines():
    """Every clue, every partial line (unknown / filled / empty per cell), lengths 0..6."""
    checked = 0
    for length in range(7):
        clues = list(placements(length)) + [(length + 1,), (1,) * length + (1,)]
        for states in itertools.product((0, 1, 2), repeat=length):
            filled = sum(1 << i for i, s in enumerate(states) if s == 1)
            empty = sum(1 << i for i, s in enumerate(states) if s == 2)
            for clue in clues:
                assert solve_line(clue, length, filled, empty) == oracle(
                    clue, length, filled, empty
                ), (
                    clue,
                    states,
                )
                checked += 1
    assert checked > 10000


@st.composite
def line_cases(draw):
    length = draw(st.integers(1, 18))
    solution = draw(st.integers(0, (1 << length) - 1))
    clue = runs_of(solution, length)
    if draw(st.booleans()):
        # A clue from another line: often contradicts the known cells.
        clue = runs_of(draw(st.integers(0, (1 << length) - 1)), length)
    known = draw(st.integers(0, (1 << length) - 1))
    filled = solution & known
    empty = ~solution & known & ((1 << length) - 1)
    return clue, length, filled, empty


@settings(max_examples=400, deadline=None)
@given(line_cases())
def test_matches_enumeration_on_random_lines(case):
    clue, length, filled, empty = case
    assert solve_line(clue, length, filled, empty) == oracle(clue, length, filled, empty)


@settings(max_examples=200, deadline=None)
@given(line_cases())
def test_matches_the_compatibility_line_solver(case):
    clue, length, filled, empty = case
    assert solve_line(clue, length, filled, empty) == lines.solve_line(clue, length, filled, empty)


def test_long_lines_keep_a_solution_consistent():
    """Lines far longer than the enumeration can reach: the answer contains the true line."""
    rng = random.Random(7)
    for _ in range(200):
        length = rng.randint(40, 150)
        solution = rng.getrandbits(length)
        known = rng.getrandbits(length) & rng.getrandbits(length)
        full = (1 << length) - 1
        result = solve_line(
            runs_of(solution, length), length, solution & known, ~solution & known & full
        )
        assert result is not None
        new_filled, new_empty = result
        assert new_filled & ~solution == 0  # nothing forced filled that is empty in the truth
        assert new_empty & solution == 0
        assert new_filled & solution & known == solution & known  # known cells stay known
        # Knowing the whole line decides it.
        assert solve_line(runs_of(solution, length), length, solution, ~solution & full) == (
            solution,
            ~solution & full,
        )


def test_empty_line_conventions_and_contradictions():
    assert normalise_clue([0]) == () == normalise_clue([])
    assert solve_line((), 4, 0, 0) == (0, 0b1111)
    assert solve_line((), 4, 0b0100, 0) is None
    assert solve_line((5,), 4, 0, 0) is None
    assert solve_line((2, 2), 5, 0, 0) == (0b11011, 0b00100)
    assert solve_line((), 0, 0, 0) == (0, 0)


def test_cells_convenience_form():
    assert solve_line_cells([3, 1], [None] * 6) == [None, 1, 1, None, None, None]
    assert solve_line_cells([3, 1], [None, None, None, None, None, 0]) == [1, 1, 1, 0, 1, 0]
    assert solve_line_cells([0], [None, 1]) is None


def test_reverse_bits_reads_a_value_backwards_over_its_width():
    assert reverse_bits(0b0011, 4) == 0b1100
    rng = random.Random(73)
    for width in range(131):
        for value in [0, (1 << width) - 1] + [rng.getrandbits(width) for _ in range(20)] if width else [0]:
            text = format(value, f"0{width}b") if width else ""
            assert reverse_bits(value, width) == (int(text[::-1], 2) if width else 0), (value, width)
