"""The Signal boards people bring: a JSON list of tile masks, a puzzle's JSON, or a Net game ID.

A board is its tiles in row-major order, each a mask of the sides its pipes
leave by (1 up, 2 right, 4 down, 8 left). ``[4,4,3,9, ...]`` of 16 masks is
a 4×4 board; a square number of tiles is required, since only the count
tells the shape. A puzzle's JSON (``to_dict()``) or the API's givens
(``{"tiles": [...]}``) are read for their shuffled tiles; a version 4
puzzle's JSON also gives its width, height and whether it wraps. Text that
starts with a digit is a game ID of Simon Tatham's Net (``4x3:86418b3ace5c``,
``5x5w:...`` wrapping), read by :mod:`.net_ids`, which refuses, saying why,
what Signal's rules cannot hold (barriers, blank tiles). Boards up to
:data:`MAX_SIDE` tiles wide and high are read.

>>> read_board("[2, 8]").givens
Traceback (most recent call last):
...
gridlogic.errors.InvalidParameters: a board has a square number of tiles (1, 4, 9, ...), not 2
>>> read_board('{"tiles": [4, 1, 0, 0]}').width
2
>>> read_board("4x3:86418b3ace5c").options, read_board("5x5w:2463397c48dbdda81a9c44d1e").options
({}, {'wrapping': True})
"""

from __future__ import annotations

import math

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Problem
from gridlogic.params import parse_json, short_repr
from gridlogic.signal.board import check_board
from gridlogic.signal.net_ids import looks_like_net_id, parse_net_id, signal_board
from gridlogic.signal.v4.puzzle import puzzle_from_dict

MAX_SIDE = 200  # a 200×200 board is 40,000 tiles; past that, no solve is worth starting
FORMATS = "a JSON list of tile masks, a puzzle's JSON, or a Net game ID like 4x3:86418b3ace5c"


def read_board(text: str) -> Problem:
    """The board in ``text`` (see the module docstring) as a :class:`~gridlogic.game.Problem`."""
    start = text.lstrip()[:1]
    if start.isascii() and start.isdigit():
        found = parse_net_id(text)
        if max(found.width, found.height) > MAX_SIDE:
            raise InvalidParameters(f"a board has at most {MAX_SIDE}x{MAX_SIDE} tiles, "
                                    f"not {found.width}x{found.height}")
        return signal_board(found)
    if start not in ("[", "{"):
        raise InvalidParameters(f"expected {FORMATS}, but the board is not JSON (nor a Net game ID): "
                                f"{short_repr(text)}")
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
    """True when ``text`` is a board itself (JSON, a Net game ID) rather than the name of a file holding one."""
    return text.lstrip().startswith(("[", "{")) or looks_like_net_id(text)


def read_file(name: str, text: str) -> list[tuple[str, Problem]] | None:
    """The board of a ``.json`` file holding a list of ints or a Signal puzzle, or of a ``.txt`` file holding a
    Net game ID that Signal plays, else None (not Signal's).

    A ``.txt`` file is claimed only when it reads as a board Signal plays: another game's ID may look like a
    Net ID (the Loopy ID ``2x1:3a`` without a grid type reads as two Net tiles, with too many pipe ends), and
    the games after Signal get the file. ``gridlogic signal solve FILE`` still says why a Net ID is refused."""
    if name.endswith(".txt"):
        stripped = text.lstrip("\ufeff").strip()
        if not looks_like_net_id(stripped):
            return None
        try:
            return [("", read_board(stripped))]
        except InvalidParameters:
            return None
    if not name.endswith(".json"):
        return None
    data = parse_json(text, "the file")
    is_board = isinstance(data, list) and data and all(isinstance(x, int) for x in data)
    if not is_board and not (isinstance(data, dict) and ("shuffled" in data or "tiles" in data)):
        return None
    return [("", read_board(text))]
