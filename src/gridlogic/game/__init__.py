"""The table every game fills in, and the one thing adapters know of a game.

- :mod:`.record`: the records (:class:`Game`, :class:`Version`, :class:`Option`) and the shapes
  adapters see (:class:`Puzzle`, :class:`Problem`, :class:`GradeReport`, :class:`Imports`,
  :class:`Studio` and its :class:`Change`);
- :mod:`.ids`: puzzle IDs (:class:`PuzzleSpec` and its five fields);
- :mod:`.imported`: puzzles brought from outside (:class:`ImportedPuzzle`);
- :mod:`.registry`: the one list of games (:data:`GAMES`) and the puzzle each ID names.

Adapters import these names from here; a game's own modules import from the module that defines
them (this package imports the registry, which loads the games).
"""

from __future__ import annotations

from gridlogic.game.ids import IMPORTED, PuzzleSpec
from gridlogic.game.imported import ImportedPuzzle
from gridlogic.game.record import (
    Change,
    Game,
    GradeReport,
    Imports,
    Option,
    Preset,
    Problem,
    Puzzle,
    Studio,
    Version,
)
from gridlogic.game.registry import GAMES, game_named, parse_id, puzzle_from_id

__all__ = [
    "GAMES", "IMPORTED", "Change", "Game", "GradeReport", "ImportedPuzzle", "Imports", "Option", "Preset", "Problem",
    "Puzzle", "PuzzleSpec", "Studio", "Version", "game_named", "parse_id", "puzzle_from_id",
]
