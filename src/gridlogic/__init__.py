"""gridlogic: Signal, Pattern and Loop puzzles with proven unique solutions.

Each game is a subpackage that registers one :class:`~gridlogic.game.Game`
record; ``GAMES`` maps the names to those records in the order the CLI and
the web app show them, and :func:`puzzle_from_id` makes any puzzle again from
its ID.

>>> import gridlogic
>>> list(gridlogic.GAMES)
['signal', 'pattern', 'loop']
>>> puzzle = gridlogic.GAMES["signal"].generate(4, "notes-example")
>>> puzzle.id
'signal.3.4x4.any.notes-example'
>>> gridlogic.puzzle_from_id(puzzle.id) == puzzle
True
"""

from __future__ import annotations

# Importing a game registers it in GAMES (in the order of each game's ``Game.order``).
from gridlogic import loop, pattern, signal  # noqa: F401
from gridlogic.errors import GenerationFailed, GridlogicError, ImportRefused, InvalidParameters
from gridlogic.game import GAMES, Game, Problem, Puzzle, PuzzleSpec, parse_id, puzzle_from_id

__version__ = "0.1.0"

__all__ = [
    "GAMES", "Game", "GenerationFailed", "GridlogicError", "ImportRefused", "InvalidParameters", "Problem",
    "Puzzle", "PuzzleSpec", "__version__", "parse_id", "puzzle_from_id",
]
