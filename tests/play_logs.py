"""Logs of plays as the page sends them (see :mod:`gridlogic.store.moves`), for the record tests."""

from __future__ import annotations

from gridlogic import GAMES, Puzzle
from gridlogic.store.moves import flat


def solving_log(puzzle: Puzzle, seconds: float, board: object = None) -> list[list[float | int]]:
    """The fewest moves from the play's start to ``board`` (default: the solution), one entry a
    changed place, spread evenly over ``seconds`` since the receipt."""
    game = GAMES[puzzle.game]
    assert game.hints is not None
    start = flat(game.hints.start(puzzle))
    end = flat(game.parse_board(puzzle.width, puzzle.height, puzzle.solution() if board is None else board))
    places = [index for index, (old, new) in enumerate(zip(start, end, strict=True)) if old != new]
    step = seconds / (len(places) + 1)
    return [[round(step * (number + 1), 3), index, end[index]] for number, index in enumerate(places)]
