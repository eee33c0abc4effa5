"""Puzzles brought from outside: a Tatham game ID, a puzz.link URL, a ``.non`` file, a board.

Such a puzzle is played like a generated one once the game's own solver has proven that it has
exactly one solution. A game that plays them says how in its
:class:`~gridlogic.game.record.Imports` record: the one text format its imported IDs carry (the
most compact one its readers read), the solver's limits for the proof (a few seconds) and the
largest side it takes. ``Game.import_spec(problem)`` names such a puzzle and ``Game.make`` plays
it: it reads the text again, solves it within the limits and refuses it with
:class:`~gridlogic.errors.ImportRefused` (several solutions, none, or not proven within the
limits), else builds the game's imported puzzle (a subclass of :class:`ImportedPuzzle`), whose
solution is the solver's one. Its version is :data:`~gridlogic.game.ids.IMPORTED` and its ID::

    pattern.import.3x2.tatham.3x2:2/1/1/3/1
    ^game  ^kind  ^size ^format ^text (percent-encoded UTF-8)

The text is written as the game writes it (``Imports.write``), so each puzzle has one ID. The
solution is not part of the ID: opening the ID solves the puzzle again (:mod:`gridlogic.web`
caches it like a generated one).

>>> refusal("several", "Pattern", "solution", "5 s")
ImportRefused('this Pattern puzzle has more than one solution; every puzzle here has exactly one')
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from gridlogic.errors import ImportRefused
from gridlogic.game.ids import IMPORTED, PuzzleSpec

__all__ = ["ImportedPuzzle", "is_imported_dict", "refusal"]


class ImportedPuzzle(ABC):
    """What every imported puzzle says of itself; each game's imported class is a frozen dataclass
    deriving from this one, with the fields ``width``, ``height``, ``text`` (its text in the game's
    import format, named by :attr:`format`), then whatever its game's ``check``, ``min_moves`` and
    renderers read.

    It was not generated: its ``version`` is :data:`~gridlogic.game.ids.IMPORTED`, ``difficulty``
    "any", ``level`` None, ``attempt`` 0, and its ``seed`` is its text (what its spec carries). Its
    JSON form is ``{"id", "width", "height", "givens", "solution"}``.
    """

    game: ClassVar[str]
    format: ClassVar[str]
    version: ClassVar[int] = IMPORTED
    difficulty: ClassVar[str] = "any"
    level: ClassVar[str | None] = None
    attempt: ClassVar[int] = 0
    width: int
    height: int
    text: str

    @property
    def seed(self) -> str:
        return self.text

    @property
    def options(self) -> dict[str, Any]:
        return {}

    @property
    def spec(self) -> PuzzleSpec:
        return PuzzleSpec(self.game, IMPORTED, self.width, self.height, self.format, self.text)

    @property
    def id(self) -> str:
        return self.spec.id

    def __repr__(self) -> str:
        return f"<{self.game}.{type(self).__name__} {self.id}>"

    @abstractmethod
    def givens(self) -> dict[str, Any]:
        """What the player is shown, as a generated puzzle of the game shows it."""

    @abstractmethod
    def solution(self) -> dict[str, Any]:
        """The solver's one solution, in the form ``Game.check`` accepts as solved."""

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "width": self.width, "height": self.height, "givens": self.givens(),
                "solution": self.solution()}


def is_imported_dict(data: object) -> bool:
    """True when ``data`` has the shape of an imported puzzle's JSON (an ``id`` and ``givens``)."""
    return isinstance(data, dict) and "id" in data and "givens" in data


def refusal(status: str, title: str, noun: str, limits: str) -> ImportRefused:
    """Why a brought puzzle whose verdict is ``status`` (not "unique") is not played."""
    reasons = {
        "several": f"has more than one {noun}; every puzzle here has exactly one",
        "none": f"has no {noun}",
    }
    reason = reasons.get(status, f"could not be proven to have exactly one {noun} within {limits}")
    return ImportRefused(f"this {title} puzzle {reason}")
