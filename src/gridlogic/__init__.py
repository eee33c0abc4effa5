"""gridlogic: logic puzzles with proven unique solutions (Signal, Pattern and Loop in this package).

Each game is a subpackage that builds one :class:`~gridlogic.game.Game`
record; ``GAMES`` maps the names to those records, in the order of the one
list of games (:mod:`gridlogic.game.registry`), and :func:`puzzle_from_id`
makes any puzzle again from its ID.

>>> import gridlogic
>>> gridlogic.GAMES["pattern"].title
'Pattern'
>>> puzzle = gridlogic.GAMES["signal"].generate(4, "notes-example")
>>> puzzle.id
'signal.3.4x4.any.notes-example'
>>> gridlogic.puzzle_from_id(puzzle.id) == puzzle
True
"""

from __future__ import annotations

from gridlogic import native

if native.pure_asked():  # before any engine module is imported: see gridlogic.native
    native.use_pure_modules()

from gridlogic.errors import GenerationFailed, GridlogicError, ImportRefused, InvalidParameters
from gridlogic.game import GAMES, Game, Problem, Puzzle, PuzzleSpec, parse_id, puzzle_from_id

__version__ = "0.1.0"

__all__ = [
    "GAMES", "Game", "GenerationFailed", "GridlogicError", "ImportRefused", "InvalidParameters", "Problem",
    "Puzzle", "PuzzleSpec", "__version__", "parse_id", "puzzle_from_id",
]
