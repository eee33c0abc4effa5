"""Signal boards brought from outside, played like generated ones (see "Imported puzzles" in :mod:`gridlogic.game`).

An imported board's ID carries its tiles as hexadecimal digits, one a tile in
row-major order, each the tile's mask (1 up, 2 right, 4 down, 8 left): a
square number of digits, since only the count tells the side. The solver
must prove it unique within 2,000 search nodes (Signal's solver counts
nodes, not seconds: a node costs up to about 0.7 ms on a 20x20 board, so
that is 1.5 s or so there; ``benchmarks/imports.py`` prints such figures);
boards up to 20x20 are taken (Signal's own are 4x4 to 6x6), and
a board solved already is refused. Worked example (checked in
``tests/test_imported.py``)::

    >>> from gridlogic.signal.formats import read_board
    >>> write_text(read_board("[4, 4, 3, 9]"))
    '4439'
    >>> read_text("4439").givens
    {'tiles': [4, 4, 3, 9]}
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gridlogic.errors import ImportRefused, InvalidParameters
from gridlogic.game.imported import ImportedPuzzle as ImportedBase
from gridlogic.game.record import Imports, Problem
from gridlogic.params import short_repr

IMPORT_NODE_LIMIT = 2000
IMPORT_MAX_SIDE = 20
HEX_DIGITS = "0123456789abcdef"


FORMAT = "hex"  # the text an imported puzzle's ID carries


@dataclass(frozen=True, repr=False)
class ImportedPuzzle(ImportedBase):
    """A Signal board brought from outside: the tiles as given and the one solution the solver found."""

    width: int
    height: int
    text: str
    shuffled: tuple[int, ...]
    answer: tuple[int, ...]
    game: ClassVar[str] = "signal"
    format: ClassVar[str] = FORMAT
    wrapping: ClassVar[bool] = False  # a board brought in has edges

    @property
    def n(self) -> int:
        """The side of the (square) board."""
        return self.width

    def givens(self) -> dict[str, Any]:
        return {"tiles": list(self.shuffled)}

    def solution(self) -> dict[str, Any]:
        return {"tiles": list(self.answer)}


def write_text(problem: Problem) -> str:
    """The tiles as hexadecimal digits, one a tile."""
    return "".join(HEX_DIGITS[mask] for mask in problem.givens["tiles"])


def read_text(text: str) -> Problem:
    """The board of :func:`write_text`'s text."""
    bad = next((ch for ch in text if ch not in HEX_DIGITS), None)
    if bad is not None:
        raise InvalidParameters(f"{bad!r} is not a tile; a tile is a hexadecimal digit 0-9 or a-f")
    n = math.isqrt(len(text))
    if n < 1 or n * n != len(text):
        raise InvalidParameters(f"a board has a square number of tiles (1, 4, 9, ...), not {len(text)}: "
                                f"{short_repr(text)}")
    return Problem("signal", n, n, {"tiles": [HEX_DIGITS.index(ch) for ch in text]}, "hex")


def imported_puzzle(problem: Problem, solution: Sequence[int]) -> ImportedPuzzle:
    """The playable board; ImportRefused when it is solved already (nothing would be left to play)."""
    if tuple(solution) == tuple(problem.givens["tiles"]):
        raise ImportRefused("this Signal board is solved already: there is nothing to play")
    return ImportedPuzzle(problem.width, problem.height, write_text(problem), tuple(problem.givens["tiles"]),
                          tuple(solution))


IMPORTS = Imports(FORMAT, write_text, read_text, imported_puzzle, {"node_limit": IMPORT_NODE_LIMIT},
                  IMPORT_MAX_SIDE)
