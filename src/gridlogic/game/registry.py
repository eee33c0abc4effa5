"""The games, listed in one place, and the puzzle each ID names.

:data:`GAME_MODULES` is the one list of games: each module named there ends by building its
:class:`~gridlogic.game.record.Game` record as ``GAME``. :data:`GAMES` maps each game's name to
that record, in the list's order (the order the CLI and the page show them); it imports the game
modules the first time it is read, so importing :mod:`gridlogic` or an adapter loads no engine
until a game is needed. Tests may replace an entry (``monkeypatch.setitem(GAMES, ...)``).

>>> list(GAMES)
['signal', 'pattern', 'loop']
>>> parse_id("signal.4.7x5w.hard.notes-example").options
(('wrapping', True),)
>>> puzzle_from_id("signal.3.4x4.any.notes-example").attempt
1
"""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from importlib import import_module

from gridlogic.errors import InvalidParameters
from gridlogic.game.ids import PuzzleSpec, split_id
from gridlogic.game.record import Game, Puzzle
from gridlogic.params import short_repr

__all__ = ["GAMES", "GAME_MODULES", "game_named", "parse_id", "puzzle_from_id"]

GAME_MODULES = ("gridlogic.signal", "gridlogic.pattern", "gridlogic.loop")


class GameTable(MutableMapping[str, Game]):
    """The games by name, loaded from :data:`GAME_MODULES` when first read."""

    def __init__(self, modules: tuple[str, ...]) -> None:
        self.modules = modules
        self.loaded: dict[str, Game] | None = None

    def games(self) -> dict[str, Game]:
        if self.loaded is None:
            records = [import_module(module).GAME for module in self.modules]
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


GAMES: MutableMapping[str, Game] = GameTable(GAME_MODULES)


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
