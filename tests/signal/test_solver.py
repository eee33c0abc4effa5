"""Signal's solver against the articles' examples and an independent brute force."""

import itertools
import random

import pytest

from gridlogic import InvalidParameters, signal
from gridlogic.rng import rng
from gridlogic.signal.board import rotate, variants
from gridlogic.signal.solver import graph_conflict, propagate
from gridlogic.signal.v3.generator import tree
from gridlogic.verdict import SolveResult

NOTES_ANSWER = [4, 4, 6, 12, 3, 11, 13, 1, 2, 14, 11, 8, 2, 11, 10, 8]
NOTES_SHUFFLED = [4, 4, 3, 9, 3, 13, 13, 4, 1, 7, 14, 2, 4, 11, 10, 4]


def _rotations(mask):
    out = []
    for _ in range(4):
        if mask not in out:
            out.append(mask)
        mask = ((mask << 1) | (mask >> 3)) & 15
    return out


def _is_spanning_tree(board, rows, cols):
    """Independent check: every pipe meets a pipe, n-1 links, no cycle (union-find)."""
    parent = list(range(rows * cols))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    links = 0
    for r in range(rows):
        for c in range(cols):
            m = board[r * cols + c]
            if (m & 1 and r == 0) or (m & 8 and c == 0) or (m & 4 and r == rows - 1) or (m & 2 and c == cols - 1):
                return False
            if c + 1 < cols and bool(m & 2) != bool(board[r * cols + c + 1] & 8):
                return False
            if r + 1 < rows and bool(m & 4) != bool(board[(r + 1) * cols + c] & 1):
                return False
            for bit, other in ((2, r * cols + c + 1), (4, (r + 1) * cols + c)):
                if m & bit:
                    a, b = find(r * cols + c), find(other)
                    if a == b:
                        return False
                    parent[a] = b
                    links += 1
    return links == rows * cols - 1


def _brute_force_solutions(board, n):
    return [b for b in itertools.product(*(_rotations(m) for m in board)) if _is_spanning_tree(b, n, n)]


def test_articles_example_is_unique():
    result = signal.solve(NOTES_SHUFFLED, 4)
    assert result.unique
    assert result.solutions == (tuple(NOTES_ANSWER),)
    assert isinstance(result, SolveResult) and (result.width, result.height, result.status) == (4, 4, "unique")


@pytest.mark.parametrize("board", list(itertools.product([1, 5, 3, 7], repeat=4)))
def test_all_2x2_degree_combinations_agree_with_brute_force(board):
    result = signal.solve(list(board), 2)
    expected = _brute_force_solutions(board, 2)
    assert not result.truncated
    assert len(result.solutions) == min(len(expected), 2)
    assert all(s in expected for s in result.solutions)


def test_3x3_boards_agree_with_brute_force():
    rand = random.Random(7)
    checked = 0
    while checked < 40:
        board = tree(3, rng(str(rand.random()))) if rand.random() < 0.7 else [rand.randrange(16) for _ in range(9)]
        board = [rand.choice(_rotations(m)) for m in board]
        expected = _brute_force_solutions(board, 3)
        result = signal.solve(board, 3)
        assert len(result.solutions) == min(len(expected), 2), board
        assert all(s in expected for s in result.solutions)
        assert result.unique == (len(expected) == 1)
        checked += 1


def test_zero_budget_is_truncated_and_never_unique():
    # The articles' test. (Its comment calls mask 3 "all four directions"; 3 is an elbow, up+right.)
    result = signal.solve([3] * 16, 4, 0)
    assert result.truncated and not result.unique and result.solutions == ()
    tree_board = signal.solve(NOTES_ANSWER, 4, 0)
    assert tree_board.truncated and not tree_board.unique and tree_board.nodes == 1


def test_propagate_reports_rounds_and_contradictions():
    # Values printed by the reference's propagate on the articles' answer.
    ok = propagate([variants(m) for m in NOTES_ANSWER], 4)
    assert ok.valid and ok.rounds == 4  # the last sweep changes nothing but counts
    assert ok.domains[:2] == [[4, 2], [4, 8]] and ok.domains[9] == [14, 7]
    assert signal.solve(NOTES_ANSWER, 4).rounds == 4
    assert not propagate([[15]], 1).valid  # a cross cannot sit alone on a 1x1 board
    assert propagate([[0]], 1).to_dict() == {"domains": [[0]], "valid": True, "rounds": 1}


def test_graph_conflict_finds_forced_cycle_and_cut_off_cell():
    # 2x2 of elbows fixed into a ring: a forced cycle.
    assert graph_conflict([[6], [12], [3], [9]], 2)
    # Cell 3 cannot link to anything: cut off from cell 0.
    assert graph_conflict([[2], [12], [1], [0]], 2)
    assert not graph_conflict([[rotate(m) for m in variants(m)] for m in [6, 12, 1, 1]], 2)


@pytest.mark.parametrize(
    "board, n",
    [([1, 2, 3], 2), ([16, 0, 0, 0], 2), ([-1, 0, 0, 0], 2), ([True, 0, 0, 0], 2), ("abcd", 2), ([0], 0), ([0], 1.0)],
)
def test_invalid_solver_arguments(board, n):
    with pytest.raises(InvalidParameters):
        signal.solve(board, n)


def test_solve_result_verdict_is_named_as_in_the_other_games():
    board = [4, 4, 6, 12, 3, 11, 13, 1, 2, 14, 11, 8, 2, 11, 10, 8]
    assert signal.solve(board, 4).status == "unique"
    assert signal.solve(board, 4, 0).status == "undecided"
    assert signal.solve([15, 15, 15, 15], 2).status == "none"
