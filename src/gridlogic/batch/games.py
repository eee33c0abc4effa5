"""The batch's only window on the games: every look at a game goes through the functions here.

Batch generation needs seven things of a game, and this module is the one
place that knows how the game offers them:

``find_game(name)``                        the game, or :class:`InvalidParameters` naming the games
``offered_sizes(game)``                    the sizes its generator accepts
``offered_difficulties(game)``             its difficulties, "any" first
``generator_version(game)``                the version written into every puzzle and batch
``generate_puzzle(game, size, seed, difficulty)``
                                           a puzzle's JSON (``to_dict()``)
``verify_puzzle(game, puzzle)``            a stored puzzle's JSON loaded and re-solved from scratch:
                                           exactly one solution, equal to its answer
``difficulty_level(puzzle)``               the level a puzzle's JSON reports, if any

Everything else in :mod:`gridlogic.batch` holds a game only as what
:func:`find_game` returned and passes it back here.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from gridlogic.games import get_game

Game = ModuleType  # what find_game returns: the game's module (see gridlogic.games)


def find_game(name: str) -> Game:
    """The game called ``name``; :class:`InvalidParameters` names the games for anything else."""
    return get_game(name)


def offered_sizes(game: Game) -> tuple[int, ...]:
    return game.SIZES


def offered_difficulties(game: Game) -> tuple[str, ...]:
    return game.DIFFICULTIES


def generator_version(game: Game) -> int:
    return int(game.VERSION)


def generate_puzzle(game: Game, size: int, seed: str, difficulty: str) -> dict[str, Any]:
    """The JSON of the puzzle of ``seed``; raises what the generator raises (``GenerationFailed``, ...)."""
    return game.generate(size, seed, difficulty).to_dict()


def verify_puzzle(game: Game, puzzle: dict[str, Any]) -> bool:
    """Whether the givens of a stored puzzle's JSON have exactly one solution, equal to its answer.

    A JSON the game cannot load raises its :class:`GridlogicError`.
    """
    return bool(game.verify(game.puzzle_from_dict(puzzle)))


def difficulty_level(puzzle: dict[str, Any]) -> str | None:
    """The difficulty a puzzle's JSON reports (``"difficulty": {"level": ...}`` or a plain string)."""
    graded = puzzle.get("difficulty")
    if isinstance(graded, dict):
        graded = graded.get("level")
    return graded if isinstance(graded, str) else None
