"""What every Pattern version shares: a player's board judged by the clues, the board's checks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridlogic import InvalidParameters, pattern
from gridlogic.pattern.rules import check, clues_for, min_moves
from gridlogic.pattern.v1.puzzle import ArticlePuzzle


def test_check_judges_by_the_clues():
    puzzle = pattern.generate(5, "notes-example", version=1)
    answer = list(puzzle.answer)
    assert check(puzzle, answer) == {"solved": True, "wrongRows": [], "wrongCols": []}
    marked = [2 if v == 0 else 1 for v in answer]  # crosses count as empty
    assert check(puzzle, marked)["solved"]
    wrong = answer[:]
    wrong[0] = 0  # row 0 and column 0 change
    assert check(puzzle, wrong) == {"solved": False, "wrongRows": [0], "wrongCols": [0]}
    blank = check(puzzle, [0] * 25)
    assert blank["wrongRows"] == [0, 1, 2, 3, 4]
    with pytest.raises(InvalidParameters) as refused:
        check(puzzle, [0, 0, 0, 5] + [0] * 21)
    assert str(refused.value) == "board must be a list of 25 entries, each 0, 1 or 2; board[3] is 5"
    with pytest.raises(InvalidParameters) as refused:
        check(puzzle, [0] * 24)
    assert str(refused.value) == (
        "board must be a list of 25 entries, each 0, 1 or 2; it has 24 entries: "
        "[0, 0, 0, 0, 0, 0, 0, 0, ...]"
    )
    # A tuple is as good as a list from Python; JSON only ever brings lists.
    assert check(puzzle, tuple(answer))["solved"]
    assert min_moves(puzzle) == sum(answer)


def test_check_accepts_another_solution_of_ambiguous_clues():
    # The module docstring's example: check() judges by clues, so a grid with the same clues counts
    # even if it is not the answer.
    puzzle = ArticlePuzzle(2, 2, "x", (1, 0, 0, 1), ((1,), (1,)), ((1,), (1,)), 1)
    assert check(puzzle, [0, 1, 1, 0])["solved"]
    assert not pattern.GAME.verify(puzzle)  # two solutions: not a puzzle gridlogic would show


def test_clues_for_a_grid_and_its_refusal():
    assert clues_for([1, 1, 1, 1, 0, 0], 3, 2) == ([[3], [1]], [[2], [1], [1]])
    with pytest.raises(InvalidParameters, match="a 3x3 grid has 9 cells"):
        clues_for([1, 0], 3)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 70) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=5),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(JSON_VALUES)
def test_check_refuses_malformed_boards_cleanly(board):
    puzzle = pattern.generate(5, "fuzz", version=1)
    try:
        result = check(puzzle, board)
    except InvalidParameters:
        return
    assert set(result) == {"solved", "wrongRows", "wrongCols"}
