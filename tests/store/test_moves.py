"""The log of a play's moves: its flat form, its checks, its replay (:mod:`gridlogic.store.moves`)."""

from __future__ import annotations

import doctests
import pytest
from tests.play_logs import solving_log

from gridlogic import GAMES, puzzle_from_id
from gridlogic.store import moves
from gridlogic.store.moves import MAX_LOG_ENTRIES, MovesRefused, flat, parse_log, replay, unflat


def test_the_docstring_examples_hold():
    assert doctests.testmod(moves).failed == 0


@pytest.mark.parametrize("puzzle_id", ["signal.4.6x6.medium.logs", "pattern.2.8x8.medium.logs",
                                       "loop.3.5x5.medium.logs"])
def test_the_fewest_moves_of_every_game_replay_to_the_solution(puzzle_id):
    puzzle = puzzle_from_id(puzzle_id)
    game = GAMES[puzzle.game]
    start, board = game.hints.start(puzzle), game.parse_board(puzzle.width, puzzle.height, puzzle.solution())
    log = parse_log(solving_log(puzzle, 30.0), len(flat(start)))
    parse = lambda raw: game.parse_board(puzzle.width, puzzle.height, raw)
    assert replay(start, log, board, 30.0, parse) == len(log) > 0
    assert unflat(start, flat(board)) == board
    with pytest.raises(MovesRefused, match="do not give the board"):
        replay(start, log[1:], board, 30.0, parse)


def test_a_log_longer_than_the_limit_is_refused_before_it_is_read():
    with pytest.raises(MovesRefused, match=f"at most {MAX_LOG_ENTRIES}"):
        parse_log([[0, 0, 0]] * (MAX_LOG_ENTRIES + 1), 4)


def test_a_value_given_twice_to_one_place_is_checked_in_each_layer():
    seen = []
    start = [0, 0]
    log = parse_log([[0, 0, 1], [1, 0, 2], [2, 0, 1], [3, 1, 3]], 2)
    with pytest.raises(MovesRefused, match="do not give"):
        replay(start, log, [1, 0], 5.0, lambda raw: seen.append(list(raw)))
    assert seen == [[1, 3], [2, 0]]  # two parse_board calls check all four values
