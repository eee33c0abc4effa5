"""gridlogic.batch.games, the batch's only window on the games, against the game modules themselves."""

from __future__ import annotations

import inspect

import pytest

from gridlogic import GAMES, GridlogicError, InvalidParameters
from gridlogic.batch import games
from gridlogic.games import get_game


def test_the_module_docstring_lists_every_function():
    functions = [name for name, value in inspect.getmembers(games, inspect.isfunction)
                 if value.__module__ == games.__name__]
    assert len(functions) == 7
    for name in functions:
        assert f"``{name}(" in games.__doc__


@pytest.mark.parametrize("name", GAMES)
def test_each_function_gives_what_the_game_module_does(name):
    module = get_game(name)
    game = games.find_game(name)
    assert games.offered_sizes(game) == module.SIZES
    assert games.offered_difficulties(game) == module.DIFFICULTIES
    assert games.generator_version(game) == module.VERSION
    size = module.SIZES[0]
    puzzle = games.generate_puzzle(game, size, "window-1", "any")
    assert puzzle == module.generate(size, "window-1", "any").to_dict()
    assert games.verify_puzzle(game, puzzle) is True


@pytest.mark.parametrize("name", GAMES)
def test_a_stored_puzzle_that_does_not_load_raises_the_games_error(name):
    game = games.find_game(name)
    with pytest.raises(GridlogicError):
        games.verify_puzzle(game, {"seed": "window-1"})


def test_an_unknown_game_is_refused_naming_the_games():
    with pytest.raises(InvalidParameters, match=f"unknown game 'chess'; the games are {', '.join(GAMES)}$"):
        games.find_game("chess")


def test_difficulty_level_of_a_puzzle_dict():
    assert games.difficulty_level({"difficulty": {"level": "hard", "maxDepth": 2}}) == "hard"
    assert games.difficulty_level({"difficulty": "easy"}) == "easy"
    assert games.difficulty_level({"rowClues": [[1]]}) is None
