"""The games, listed in one place, and the puzzle each ID names.

:data:`GAME_MODULES` is the one list of games: each module named there ends by building its
:class:`~gridlogic.game.record.Game` record as ``GAME``. :data:`GAMES` maps each game's name to
that record, in the list's order (the order the CLI and the page show them); it imports the game
modules the first time it is read, so importing :mod:`gridlogic` or an adapter loads no engine
until a game is needed. Tests may replace an entry (``monkeypatch.setitem(GAMES, ...)``).

A game kept outside this package joins the table by its module's name in the environment variable
``GRIDLOGIC_GAMES`` (comma-separated, after the list's games): the test suite registers its
reference game, Lights (``tests/reference_game/``), that way, in every process it starts.

>>> list(GAMES)[:3]
['signal', 'pattern', 'loop']
>>> parse_id("signal.4.7x5w.hard.notes-example").options
(('wrapping', True),)
>>> puzzle_from_id("signal.3.4x4.any.notes-example").attempt
1
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, MutableMapping
from importlib import import_module

from gridlogic.errors import GridlogicError, InvalidParameters
from gridlogic.game.ids import PuzzleSpec, split_id
from gridlogic.game.record import Game, Puzzle
from gridlogic.params import short_repr

__all__ = ["GAMES", "GAME_MODULES", "game_named", "parse_id", "puzzle_from_id"]

GAME_MODULES = ("gridlogic.signal", "gridlogic.pattern", "gridlogic.loop")
EXTRA_GAMES = "GRIDLOGIC_GAMES"


def game_modules() -> tuple[str, ...]:
    """:data:`GAME_MODULES`, then the modules :data:`EXTRA_GAMES` names."""
    extra = os.environ.get(EXTRA_GAMES, "")
    return GAME_MODULES + tuple(name.strip() for name in extra.split(",") if name.strip())


def load_game(module: str) -> Game:
    """The ``GAME`` record of ``module``; a module that is missing or has none is a clear error."""
    try:
        record = import_module(module).GAME
    except (ImportError, AttributeError) as error:
        raise GridlogicError(f"the game module {module!r} ({EXTRA_GAMES}: {os.environ.get(EXTRA_GAMES, '')!r}) "
                             f"cannot be loaded: {error}") from None
    if not isinstance(record, Game):
        raise GridlogicError(f"the game module {module!r} has a GAME that is not a Game record")
    return record


class GameTable(MutableMapping[str, Game]):
    """The games by name, loaded from :func:`game_modules` when first read."""

    def __init__(self, modules: Callable[[], tuple[str, ...]]) -> None:
        self.modules = modules
        self.loaded: dict[str, Game] | None = None

    def games(self) -> dict[str, Game]:
        if self.loaded is None:
            records = [load_game(module) for module in self.modules()]
            self.loaded = {game.name: game for game in records}
        return self.loaded

    def __getitem__(self, name: str) -> Game:
        return self.games()[name]

    def __setitem__(self, name: str, game: Game) -> None:
        self.games()[name] = game

    def __delitem__(self, name: str) -> None:
        del self.games()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.games())

    def __len__(self) -> int:
        return len(self.games())

    def __repr__(self) -> str:
        return f"GameTable({list(self)!r})"


GAMES: MutableMapping[str, Game] = GameTable(game_modules)


def game_named(name: object) -> Game:
    """The :class:`Game` called ``name``; InvalidParameters names the games for anything else."""
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidParameters(f"unknown game {short_repr(name)}; the games are {', '.join(GAMES)}")
    return GAMES[name]


def parse_id(text: object) -> PuzzleSpec:
    """The :class:`PuzzleSpec` a puzzle ID names (see :mod:`gridlogic.game.ids`), checked like
    ``generate``'s arguments."""
    name, version, board, fourth, last = split_id(text)
    assert isinstance(text, str)  # split_id refuses anything else
    return game_named(name).spec_of_id(text, version, board, fourth, last)


def puzzle_from_id(text: object) -> Puzzle:
    """The puzzle an ID names, generated (or, imported, solved) again:
    ``puzzle_from_id(p.id).to_dict() == p.to_dict()``."""
    spec = parse_id(text)
    return GAMES[spec.game].make(spec)
