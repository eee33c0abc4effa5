"""Signal's hints: the module's worked example, every hint's tile is the solution's on random boards
whose links are all right (versions 3 and 4, rectangles and wrapping), mistakes first, the
walk-through's figures are the grader's and its level the grader's on every level."""

from __future__ import annotations

import random

import doctests
import pytest

from gridlogic import signal
from gridlogic.errors import InvalidParameters
from gridlogic.signal import hints as signal_hints
from gridlogic.signal.board import variants
from gridlogic.signal.difficulty import analyze_checked
from gridlogic.signal.hints import hint, mistakes, walkthrough
from gridlogic.signal.tables import board_geometry, geometry
from gridlogic.signal.v4.grading import grade

BOARDS = [  # (size, difficulty, version, options)
    (4, "medium", 3, {}), (6, "hard", 3, {}), (6, "any", 4, {}), ((7, 4), "medium", 4, {}),
    (5, "medium", 4, {"wrapping": True}), (8, "hard", 4, {}),
]


def test_module_docstring_example_runs():
    failures, attempted = doctests.testmod(signal_hints, verbose=False)
    assert attempted > 0 and failures == 0


def correct_board(puzzle, rng, share):
    """Some tiles turned their solution's way, the rest as shuffled, and no wrong link: a tile
    whose turn makes one is put back as it was shown."""
    board = [answer if rng.random() < share else shown for answer, shown in zip(puzzle.answer, puzzle.shuffled)]
    while wrong := mistakes(puzzle, board):
        for i in wrong[0]:
            if board[i] == puzzle.answer[i]:
                board[i] = puzzle.shuffled[i]
                break
        else:
            board[wrong[0][0]] = puzzle.answer[wrong[0][0]]
    return board


@pytest.mark.parametrize("size, difficulty, version, options", BOARDS)
def test_every_hint_on_random_correct_boards_is_the_solutions(size, difficulty, version, options):
    rng = random.Random(str(size))
    for k in range(30):
        puzzle = signal.generate(size, f"sweep-{k}", difficulty, version=version, **options)
        for _ in range(5):
            board = correct_board(puzzle, rng, rng.random())
            given = hint(puzzle, board)
            assert given.status in ("step", "solved"), given.explanation.en
            for mark in given.decides:
                assert mark.kind == "tile" and board[mark.index] != mark.value
                assert mark.value == puzzle.answer[mark.index]


def test_a_wrong_link_comes_first_and_names_both_tiles():
    puzzle = signal.generate(4, "notes-example")
    board = list(puzzle.shuffled)
    for i in range(16):  # a tile turned so that it links to a neighbour the solution does not join it to
        for turned in variants(puzzle.shuffled[i]):
            trial = board[:i] + [turned] + board[i + 1:]
            if mistakes(puzzle, trial):
                board = trial
                break
        else:
            continue
        break
    (i, j), *_ = mistakes(puzzle, board)
    given = hint(puzzle, board)
    assert given.status == "mistake" and given.decides == ()
    assert [mark.index for mark in given.evidence] == [i, j]
    assert "is a mistake" in given.explanation.en
    assert signal_hints.apply(puzzle, board, given) == board  # the player turns one of them


def test_a_tile_that_is_not_a_turn_of_its_given_tile_is_refused():
    puzzle = signal.generate(4, "notes-example")
    board = list(puzzle.shuffled)
    board[2] = 1 if puzzle.shuffled[2] != 1 else 3
    with pytest.raises(InvalidParameters, match="not a rotation"):
        hint(puzzle, board)


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_the_walkthrough_figures_and_level_are_the_graders(difficulty):
    for k in range(5):
        puzzle = signal.generate(6, f"level-{k}", difficulty, version=3)
        walk, run = walkthrough(puzzle.shuffled, geometry(6), 3)
        grade = analyze_checked(list(puzzle.answer), 6)
        assert walk.status == "solved" and walk.level == grade.level == difficulty
        assert (run.boundary_fixed, run.local_fixed, run.global_rounds, run.needs_search) == (
            grade.boundary_fixed, grade.local_fixed, grade.global_rounds, grade.needs_search)
        counts = walk.counts(signal_hints.STAGES)
        assert counts["boundary"] == grade.boundary_fixed
        assert counts["boundary"] + counts["local"] == grade.local_fixed


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_version_4_walkthroughs_reach_the_solution_with_the_graders_level(difficulty):
    for k, options in enumerate([{}, {"wrapping": True}]):
        puzzle = signal.generate(6, f"v4-{k}", difficulty, version=4, **options)
        walk, _ = walkthrough(puzzle.shuffled, board_geometry(6, 6, puzzle.wrapping), 4)
        assert walk.status == "solved" and walk.level == puzzle.level == difficulty


@pytest.mark.parametrize("size, wrapping", [(5, False), (5, True), ((7, 4), False), ((6, 4), True)])
def test_version_4_walkthrough_figures_are_its_graders(size, wrapping):
    for difficulty in ("easy", "medium", "hard"):
        for k in range(2):
            puzzle = signal.generate(size, f"fig-{k}", difficulty, version=4, wrapping=wrapping)
            geo = board_geometry(puzzle.width, puzzle.height, puzzle.wrapping)
            walk, run = walkthrough(puzzle.shuffled, geo, 4)
            graded, _ = grade(list(puzzle.answer), geo)
            assert (run.boundary_fixed, run.local_fixed, run.global_rounds, run.needs_search) == (
                graded.boundary_fixed, graded.local_fixed, graded.global_rounds, graded.needs_search)
            assert walk.level == graded.level == puzzle.level
