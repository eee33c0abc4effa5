"""Pattern's hints: the module's worked example, every hint's values are the solution's on random
partial boards of correct cells, mistakes first, a puzzle with several solutions, each technique."""

from __future__ import annotations

import random

import doctests
import pytest

from gridlogic import pattern
from gridlogic.pattern import hints as pattern_hints
from gridlogic.pattern.hints import BOARD_BLANK, BOARD_FILLED, BOARD_MARKED, hint, walkthrough

SIZES = (5, 8, 10)


def test_module_docstring_example_runs():
    failures, attempted = doctests.testmod(pattern_hints, verbose=False)
    assert attempted > 0 and failures == 0


def partial_board(answer, rng, share):
    """A board that shows a random ``share`` of the solution's cells, each as the page draws it."""
    return [(BOARD_FILLED if value else BOARD_MARKED) if rng.random() < share else BOARD_BLANK for value in answer]


@pytest.mark.parametrize("size", SIZES)
def test_every_hint_on_random_correct_boards_is_the_solutions(size):
    rng = random.Random(size)
    boards = 0
    for k in range(100):
        puzzle = pattern.generate(size, f"sweep-{k}")
        for _ in range(5):
            board = partial_board(puzzle.answer, rng, rng.random())
            given = hint(puzzle, board)
            boards += 1
            assert given.status in ("step", "solved")
            for mark in given.decides:
                assert board[mark.index] == BOARD_BLANK
                assert mark.value == puzzle.answer[mark.index]
    assert boards == 500


def test_hints_alone_finish_a_random_partial_board():
    rng = random.Random(7)
    puzzle = pattern.generate(10, "finish")
    board = partial_board(puzzle.answer, rng, 0.3)
    for _ in range(100):
        given = hint(puzzle, board)
        if given.status == "solved":
            break
        board = pattern_hints.apply(puzzle, board, given)
    assert given.status == "solved" and pattern.GAME.check(puzzle, board)["solved"]


def test_a_mistake_comes_first_even_beside_a_step():
    puzzle = pattern.generate(5, "notes-example")
    wrong = [i for i, value in enumerate(puzzle.answer) if not value]
    board = [BOARD_BLANK] * 25
    board[wrong[-1]] = BOARD_FILLED  # a filled cell the solution leaves empty
    board[next(i for i, value in enumerate(puzzle.answer) if value)] = BOARD_MARKED  # a × on a filled one
    given = hint(puzzle, board)
    first = min(wrong[-1], next(i for i, value in enumerate(puzzle.answer) if value))
    assert given.status == "mistake" and given.decides == ()
    assert [mark.index for mark in given.evidence] == [first]
    assert "1 more after it" in given.explanation.en
    cleared = pattern_hints.apply(puzzle, board, given)
    assert cleared[first] == BOARD_BLANK and hint(puzzle, cleared).status == "mistake"


def test_several_solutions_stop_and_say_so():
    walk = walkthrough([[1], [1]], [[1], [1]])
    assert walk.status == "stuck" and walk.steps == ()
    assert "more than one solution" in walk.note.en


def test_a_probe_step_says_what_it_assumed_and_why_it_fails():
    """Some 8x8 grids need a probe: a cell assumed one way leaves a line without a way to complete
    it, so it is the other way; the walk-through says so and finishes the grid."""
    for seed in range(400):
        puzzle = pattern.generate(8, f"probe-{seed}")
        walk = pattern.GAME.hints.explain(pattern.GAME.problem(puzzle), 1)
        counts = walk.counts(("line", "probe", "search"))
        if counts["probe"]:
            break
    else:
        pytest.fail("no 8x8 puzzle of 400 seeds needs a probe")
    assert walk.status == "solved"
    step = next(step for step in walk.steps if step.technique == "probe")
    assert step.explanation.en.startswith("Suppose row ")
    assert " were " in step.explanation.en and " : " not in step.explanation.en
    assert "can no longer be completed. So it is " in step.explanation.en
    (cell,) = step.decides
    assert cell.value == puzzle.answer[cell.index]
