"""The registry of games and the surface every game module offers.

Adapters (CLI, web app, batch generation) reach a game only through
:func:`get_game` and the names below, never through its internals (compare
the ``struct game`` table of Simon Tatham's collection). A game module
``gridlogic.<name>`` exposes:

``NAME``          the game's name ("signal", "pattern", "loop")
``SIZES``         the sizes ``generate`` accepts, smallest first
``DEFAULT_SIZE``  the size a new player starts with
``DIFFICULTIES``  the difficulties ``generate`` accepts, "any" first
``VERSION``       the generator version written into every puzzle
``generate(size, seed, difficulty="any") -> Puzzle``
                  a pure function of its arguments and ``VERSION``
``puzzle_from_dict(data) -> Puzzle``
                  the inverse of ``Puzzle.to_dict()``, validating its input
``check(puzzle, board) -> dict``
                  a player's board judged by the rules (any valid solution counts):
                  ``{"solved": bool, ...}`` plus what is wrong where the game can say it
``verify(puzzle) -> bool``
                  re-solves the givens from scratch: exactly one solution, the answer
``render_text(puzzle, solution=False) -> str`` and ``render_svg(puzzle, solution=False) -> str``

and its ``Puzzle`` has ``to_dict()`` (the JSON form, the reference's field
names), ``givens()`` (what the player is shown, without the solution) and
``solution()`` (the answer, for a Reveal button), both JSON-ready dicts.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from gridlogic import GAMES
from gridlogic.errors import InvalidParameters


def get_game(name: str) -> ModuleType:
    """The module of game ``name``; :class:`InvalidParameters` names the games for anything else."""
    if name not in GAMES:
        raise InvalidParameters(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
    return importlib.import_module(f"gridlogic.{name}")
