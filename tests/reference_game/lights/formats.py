"""Lights as text: ``WxH:`` and the lamps row by row, ``1`` lit and ``0`` dark (``3x3:010111010``).

A file of them (``*.lights``) holds one per line, each optionally named after a ``#``::

    >>> read("2x2:1000").givens
    {'lit': [1, 0, 0, 0]}
    >>> [name for name, _ in read_file("two.lights", "2x2:1000 # corner\\n3x3:010111010\\n")]
    ['corner', '']
"""

from __future__ import annotations

import re

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Problem
from gridlogic.params import short_repr

MAX_SIDE = 30
TEXT = re.compile(r"(\d{1,2})x(\d{1,2}):([01]+)")


def read(text: str) -> Problem:
    """The board ``text`` writes; InvalidParameters says what a Lights text looks like otherwise."""
    found = TEXT.fullmatch(text.strip())
    if found is None:
        raise InvalidParameters(
            f"not a Lights board (WxH:lamps, 1 lit, 0 dark, e.g. 3x3:010111010): {short_repr(text)}")
    width, height, lamps = int(found[1]), int(found[2]), found[3]
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise InvalidParameters(f"a Lights board has sides from 1 to {MAX_SIDE}, not {width}x{height}")
    if len(lamps) != width * height:
        raise InvalidParameters(f"a {width}x{height} Lights board has {width * height} lamps, not {len(lamps)}")
    return Problem("lights", width, height, {"lit": [int(c) for c in lamps]}, "lights")


def write(problem: Problem) -> str:
    return f"{problem.width}x{problem.height}:{''.join(map(str, problem.givens['lit']))}"


def read_file(name: str, text: str) -> list[tuple[str, Problem]] | None:
    """The boards of a ``*.lights`` file (None for another game's file)."""
    if not name.endswith(".lights"):
        return None
    boards = []
    for line in text.splitlines():
        board, _, label = line.partition("#")
        if board.strip():
            boards.append((label.strip(), read(board)))
    return boards


def looks_inline(text: str) -> bool:
    return TEXT.fullmatch(text.strip()) is not None
