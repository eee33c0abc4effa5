"""Signal boards brought from outside, played like generated ones (see "Imported puzzles" in :mod:`gridlogic.game`).

An imported board's ID carries its tiles as hexadecimal digits, one a tile in
row-major order, each the tile's mask (1 up, 2 right, 4 down, 8 left). A
square board with a border is the digits alone, a square number of them,
since only the count tells the side; any other board (an oblong one, or one
that wraps, such as a Net game ID brings) starts with its board as a
generated puzzle's ID writes it, ``7x5:`` or ``5x5w:``. (The bits are
Signal's, not Net's, whatever the board came from.) The solver
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
    >>> from gridlogic.signal.net_ids import read_net_id
    >>> write_text(read_net_id("5x5w:2463397c48dbdda81a9c44d1e"))
    '5x5w:189336bc84e7ee54256c88e2d'
"""

from __future__ import annotations

import math
import re
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
MIN_WRAPPING_SIDE = 3  # as version 4 makes them: a narrower wrapping board never has exactly one solution
_BOARD = re.compile(r"([0-9]{1,3})x([0-9]{1,3})(w?):")


FORMAT = "hex"  # the text an imported puzzle's ID carries


@dataclass(frozen=True, repr=False)
class ImportedPuzzle(ImportedBase):
    """A Signal board brought from outside: the tiles as given and the one solution the solver found."""

    width: int
    height: int
    text: str
    shuffled: tuple[int, ...]
    answer: tuple[int, ...]
    wrapping: bool = False  # pipes leaving one edge enter the opposite one
    game: ClassVar[str] = "signal"
    format: ClassVar[str] = FORMAT

    @property
    def n(self) -> int:
        """The board's width (its side, when square)."""
        return self.width

    @property
    def options(self) -> dict[str, Any]:
        """``{"wrapping": True}`` for a board that wraps (what the page and the solvers read), else none."""
        return {"wrapping": True} if self.wrapping else {}

    def givens(self) -> dict[str, Any]:
        return {"tiles": list(self.shuffled)}

    def solution(self) -> dict[str, Any]:
        return {"tiles": list(self.answer)}


def write_text(problem: Problem) -> str:
    """The tiles as hexadecimal digits, one a tile, after ``WxH:`` (``WxHw:`` wrapping) unless the board is
    square with a border."""
    wrapping = bool(problem.options.get("wrapping", False))
    digits = "".join(HEX_DIGITS[mask] for mask in problem.givens["tiles"])
    if problem.width == problem.height and not wrapping:
        return digits
    return f"{problem.width}x{problem.height}{'w' * wrapping}:{digits}"


def read_text(text: str) -> Problem:
    """The board of :func:`write_text`'s text."""
    board = _BOARD.match(text)
    digits = text[board.end():] if board else text
    bad = next((ch for ch in digits if ch not in HEX_DIGITS), None)
    if bad is not None:
        raise InvalidParameters(f"{bad!r} is not a tile; a tile is a hexadecimal digit 0-9 or a-f")
    tiles = [HEX_DIGITS.index(ch) for ch in digits]
    if board is None:
        n = math.isqrt(len(text))
        if n < 1 or n * n != len(text):
            raise InvalidParameters(f"a board has a square number of tiles (1, 4, 9, ...), not {len(text)}: "
                                    f"{short_repr(text)}")
        return Problem("signal", n, n, {"tiles": tiles}, "hex")
    width, height, wrapping = int(board.group(1)), int(board.group(2)), board.group(3) == "w"
    if len(tiles) != width * height or not tiles:
        raise InvalidParameters(f"a {width}x{height} board has {width * height} tiles, not {len(tiles)}: "
                                f"{short_repr(text)}")
    if wrapping and min(width, height) < MIN_WRAPPING_SIDE:
        raise InvalidParameters(f"a wrapping board is at least {MIN_WRAPPING_SIDE}x{MIN_WRAPPING_SIDE}, not "
                                f"{width}x{height}")
    return Problem("signal", width, height, {"tiles": tiles}, "hex", options={"wrapping": True} if wrapping else {})


def imported_puzzle(problem: Problem, solution: Sequence[int]) -> ImportedPuzzle:
    """The playable board; ImportRefused when it is solved already (nothing would be left to play)."""
    if tuple(solution) == tuple(problem.givens["tiles"]):
        raise ImportRefused("this Signal board is solved already: there is nothing to play")
    return ImportedPuzzle(problem.width, problem.height, write_text(problem), tuple(problem.givens["tiles"]),
                          tuple(solution), bool(problem.options.get("wrapping", False)))


IMPORTS = Imports(FORMAT, write_text, read_text, imported_puzzle, {"node_limit": IMPORT_NODE_LIMIT},
                  IMPORT_MAX_SIDE)
