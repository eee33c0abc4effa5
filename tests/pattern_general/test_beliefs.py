"""Belief propagation of the Pattern SAT back end (gridlogic.pattern.beliefs), against brute force."""

from __future__ import annotations

import itertools
import math
import random

import pytest

np = pytest.importorskip("numpy")  # the sat extra, part of the dev install

from gridlogic.pattern.automaton import clue_automaton
from gridlogic.pattern.beliefs import LineBatch, best_run, grid_beliefs, line_messages
from gridlogic.pattern.lines import compute_clue


def placements(clue: tuple[int, ...], length: int) -> list[tuple[int, ...]]:
    """Every line of ``length`` cells that shows ``clue``, by enumeration."""
    return [
        line
        for line in itertools.product((0, 1), repeat=length)
        if tuple(b for b in compute_clue(list(line)) if b) == clue
    ]


def brute_messages(clue: tuple[int, ...], incoming: list[float]) -> list[float] | None:
    """Each cell's probability of being filled over the placements weighted by the *other* cells;
    None when no placement has any weight with every cell counted."""
    lines = placements(clue, len(incoming))
    if not any(math.prod(p if value else 1.0 - p for p, value in zip(incoming, line)) for line in lines):
        return None
    out = []
    for i in range(len(incoming)):
        weight = {0: 0.0, 1: 0.0}
        for line in lines:
            weight[line[i]] += math.prod(
                p if value else 1.0 - p for k, (p, value) in enumerate(zip(incoming, line)) if k != i
            )
        out.append(weight[1] / (weight[0] + weight[1]))
    return out


def test_the_docstring_examples():
    assert line_messages(clue_automaton((1,), 3), [0.5, 0.5, 0.5]) == pytest.approx([1 / 3] * 3)
    # Cell 2 known empty: cells 0 and 1 get 1/2, cell 2 still 1/3 (its own message is left out).
    assert line_messages(clue_automaton((1,), 3), [0.5, 0.5, 0.0]) == pytest.approx([0.5, 0.5, 1 / 3])
    assert best_run(clue_automaton((2,), 4), [0.2, 0.6, 0.9, 0.3]) == [0, 0, 1, 2, 2]


def test_no_placement_fits_gives_none():
    assert line_messages(clue_automaton((2,), 3), [0.0, 1.0, 0.0]) is None


def test_messages_match_brute_force_on_every_clue_of_up_to_seven_cells():
    rng = random.Random(7)
    for length in range(1, 8):
        clues = {tuple(b for b in compute_clue(list(line)) if b) for line in itertools.product((0, 1), repeat=length)}
        for clue in sorted(clues):
            for _ in range(3):
                incoming = [rng.choice((0.0, 1.0, rng.uniform(0.01, 0.99))) for _ in range(length)]
                expected = brute_messages(clue, incoming)
                got = line_messages(clue_automaton(clue, length), incoming)
                if expected is None:
                    assert got is None, (clue, incoming)
                else:
                    assert got == pytest.approx(expected, abs=1e-12), (clue, incoming)


def test_a_batch_of_lines_of_different_clues_gives_each_its_own_messages():
    clues = [(1,), (2, 1), (4,), (1, 1, 1), ()]
    rng = random.Random(3)
    incoming = [[rng.uniform(0.05, 0.95) for _ in range(5)] for _ in clues]
    batch = LineBatch([clue_automaton(clue, 5) for clue in clues])
    out, fits = batch.messages(np.array(incoming))
    assert fits.tolist() == [True] * len(clues)
    for k, clue in enumerate(clues):
        assert out[k].tolist() == pytest.approx(brute_messages(clue, incoming[k]), abs=1e-12)


def test_best_run_is_the_most_probable_placement():
    rng = random.Random(11)
    for length in range(1, 8):
        for clue in sorted({tuple(b for b in compute_clue(list(line)) if b)
                            for line in itertools.product((0, 1), repeat=length)}):  # fmt: skip
            beliefs = [rng.uniform(0.01, 0.99) for _ in range(length)]
            automaton = clue_automaton(clue, length)
            run = best_run(automaton, beliefs)
            line = [int(automaton.on_filled[run[i]] == run[i + 1]) for i in range(length)]
            score = {p: math.prod(b if v else 1 - b for b, v in zip(beliefs, p)) for p in placements(clue, length)}
            assert score[tuple(line)] == pytest.approx(max(score.values())), (clue, beliefs)


def test_grid_beliefs_of_the_two_by_three_grid():
    # Rows [2] [1], columns [1] [1] [1]: two solutions, 110/001 and 011/100. The middle cells are
    # known; the four corners are each filled in one solution of two.
    beliefs = grid_beliefs([(2,), (1,)], [(1,), (1,), (1,)], [0b010, 0], [0, 0b010], None)
    assert beliefs[0][1] == 1.0 and beliefs[1][1] == 0.0
    for r, c in ((0, 0), (0, 2), (1, 0), (1, 2)):
        assert beliefs[r][c] == pytest.approx(0.5)
