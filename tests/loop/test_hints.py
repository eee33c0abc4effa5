"""Loop's hints: the module's worked example, each technique on the engine's own example, every
hint's values are the solution's on random partial boards of correct edges, mistakes first, a
puzzle with several loops, and the walk-through's level on every level."""

from __future__ import annotations

import random

import doctests
import pytest

from gridlogic import loop
from gridlogic.loop import hints as loop_hints
from gridlogic.loop.hints import BOARD_BLANK, BOARD_CROSS, BOARD_LINE, hint, walkthrough
from gridlogic.loop.solver import EXAMPLES


def test_module_docstring_example_runs():
    failures, attempted = doctests.testmod(loop_hints, verbose=False)
    assert attempted > 0 and failures == 0


@pytest.mark.parametrize("technique", sorted(EXAMPLES))
def test_each_technique_is_used_on_the_engines_example(technique):
    width, height, clues = EXAMPLES[technique]
    walk = walkthrough(clues, width, height)
    # the threes example shows its rule on a board that has more than one loop
    assert walk.status == "solved" or (technique == "threes" and "more than one loop" in walk.note.en)
    counts = walk.counts([t.name for t in loop_hints.TECHNIQUES])
    assert counts[technique] >= 1, counts
    step = next(step for step in walk.steps if step.technique == technique)
    assert step.decides and step.explanation.en and step.explanation.ja


def board_of(flat, puzzle):
    split = (puzzle.height + 1) * puzzle.width
    return {"horizontal": flat[:split], "vertical": flat[split:]}


def partial_board(puzzle, rng, share):
    flat = [(BOARD_LINE if line else BOARD_CROSS) if rng.random() < share else BOARD_BLANK
            for line in puzzle.edges()]
    return board_of(flat, puzzle)


@pytest.mark.parametrize("size, difficulty", [(5, "easy"), (5, "hard"), (7, "medium"), (7, "hard"), (10, "any")])
def test_every_hint_on_random_correct_boards_is_the_solutions(size, difficulty):
    rng = random.Random(size)
    boards = 0
    for k in range(12):
        puzzle = loop.generate(size, f"sweep-{k}", difficulty)
        answer = puzzle.edges()
        for _ in range(5):
            board = partial_board(puzzle, rng, rng.random())
            flat = board["horizontal"] + board["vertical"]
            given = hint(puzzle, board)
            boards += 1
            assert given.status in ("step", "solved")
            for mark in given.decides:
                assert flat[mark.index] == BOARD_BLANK
                assert mark.value == answer[mark.index]
    assert boards == 60


def test_hints_alone_finish_a_random_partial_board():
    rng = random.Random(3)
    puzzle = loop.generate(7, "finish", "hard")
    board = partial_board(puzzle, rng, 0.2)
    for _ in range(200):
        given = hint(puzzle, board)
        if given.status == "solved":
            break
        board = loop_hints.apply(puzzle, board, given)
    assert given.status == "solved" and loop.GAME.check(puzzle, board)["solved"]


def test_a_mistake_comes_first_and_apply_clears_it():
    puzzle = loop.generate(5, "notes-example")
    answer = puzzle.edges()
    flat = [BOARD_BLANK] * len(answer)
    wrong_line = max(e for e, line in enumerate(answer) if not line)
    wrong_cross = min(e for e, line in enumerate(answer) if line)
    flat[wrong_line], flat[wrong_cross] = BOARD_LINE, BOARD_CROSS
    board = board_of(flat, puzzle)
    given = hint(puzzle, board)
    assert given.status == "mistake" and given.decides == ()
    assert [mark.index for mark in given.evidence] == [min(wrong_line, wrong_cross)]
    assert "is a mistake" in given.explanation.en and "1 more after it" in given.explanation.en
    cleared = loop_hints.apply(puzzle, board, given)
    assert (cleared["horizontal"] + cleared["vertical"])[min(wrong_line, wrong_cross)] == BOARD_BLANK


def test_a_solved_board_needs_no_crosses():
    puzzle = loop.generate(5, "solved")
    board = board_of([BOARD_LINE if line else BOARD_BLANK for line in puzzle.edges()], puzzle)
    assert hint(puzzle, board).status == "solved"


def test_several_loops_stop_and_say_so():
    walk = walkthrough([None] * 9, 3, 3)  # no numbers at all: every loop fits
    assert walk.status == "stuck"
    assert "more than one loop" in walk.note.en


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_the_walkthrough_shows_the_graders_level(difficulty):
    for k in range(6):
        # version 2, whose levels are the hints' techniques (version 3's are Loopy's: see its GRADING)
        puzzle = loop.generate(7, f"level-{k}", difficulty, version=2)
        walk = loop.GAME.hints.explain(loop.GAME.problem(puzzle), puzzle.version)
        assert walk.status == "solved" and walk.level == puzzle.level == difficulty
