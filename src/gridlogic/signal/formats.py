"""The Signal boards people bring: a JSON list of tile masks, or a puzzle's JSON.

A board is its tiles in row-major order, each a mask of the sides its pipes
leave by (1 up, 2 right, 4 down, 8 left). ``[4,4,3,9, ...]`` of 16 masks is
a 4×4 board; a square number of tiles is required, since only the count
tells the shape. A puzzle's JSON (``to_dict()``) or the API's givens
(``{"tiles": [...]}``) are read for their shuffled tiles; a version 4
puzzle's JSON also gives its width, height and whether it wraps.

>>> read_board("[2, 8]").givens
Traceback (most recent call last):
...
gridlogic.errors.InvalidParameters: a board has a square number of tiles (1, 4, 9, ...), not 2
>>> read_board('{"tiles": [4, 1, 0, 0]}').width
2
"""

from __future__ import annotations

import math

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Problem
from gridlogic.params import parse_json
from gridlogic.signal.board import check_board
from gridlogic.signal.v4.puzzle import puzzle_from_dict

MAX_SIDE = 200  # a 200×200 board is 40,000 tiles; past that, no solve is worth starting


def read_board(text: str) -> Problem:
    """The board in ``text`` (see the module docstring) as a :class:`~gridlogic.game.Problem`."""
    data = parse_json(text, "the board")
    source = "json"
    if isinstance(data, dict) and "width" in data:
        puzzle = puzzle_from_dict(data)  # a version 4 puzzle: its shape is in its fields
        return Problem("signal", puzzle.width, puzzle.height, puzzle.givens(), "puzzle json",
                       options=dict(puzzle.options))
    if isinstance(data, dict):
        data = data.get("shuffled", data.get("tiles"))
        source = "puzzle json"
    if not isinstance(data, list):
        raise InvalidParameters(
            "expected a JSON list of tile masks (ints 0-15), or an object with 'shuffled' or 'tiles'"
        )
    n = math.isqrt(len(data))
    if n < 1 or n * n != len(data):
        raise InvalidParameters(f"a board has a square number of tiles (1, 4, 9, ...), not {len(data)}")
    if n > MAX_SIDE:
        raise InvalidParameters(f"a board has at most {MAX_SIDE}x{MAX_SIDE} tiles, not {n}x{n}")
    return Problem("signal", n, n, {"tiles": check_board(data, n)}, source)


def looks_inline(text: str) -> bool:
    """True when ``text`` is a board itself (JSON) rather than the name of a file holding one."""
    return text.lstrip().startswith(("[", "{"))


def read_file(name: str, text: str) -> list[tuple[str, Problem]] | None:
    """The board of a ``.json`` file holding a list of ints or a Signal puzzle, else None (not Signal's)."""
    if not name.endswith(".json"):
        return None
    data = parse_json(text, "the file")
    is_board = isinstance(data, list) and data and all(isinstance(x, int) for x in data)
    if not is_board and not (isinstance(data, dict) and ("shuffled" in data or "tiles" in data)):
        return None
    return [("", read_board(text))]
