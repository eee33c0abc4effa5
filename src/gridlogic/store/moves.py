"""A play's moves as made, replayed by the server: the log a record carries, checked and counted.

The page logs every change of its board while a play goes on: ``[t, index, value]``, ``t`` the
seconds since the play's receipt came, ``index`` an entry of the board in its *flat form*, ``value``
that entry's state after the move, as the page's board holds it. The flat form of a board is the
board itself when it is one list (Signal's tiles, Pattern's cells) and its lists one after the
other, in the order the game's start board names them, when it is named lists (Loop: the
horizontal edges, then the vertical ones). A move that changes several entries at once (a hint
applied, an undo, a drag) is one entry a change.

:func:`replay` plays a log from the board the play starts from (``Hints.start``) and answers
the number of moves; it refuses (:class:`MovesRefused`, a ``ValueError``) a log that is not a list
of such triples, an index off the board, a ``t`` that goes back in time or lies outside the window
the server saw (``0 ≤ t ≤ window``), a value the game's ``parse_board`` does not take at that
place, and a log that does not end on the board the record claims (so a logged play has at least
one move for each place its start and its end differ in: the fewest-moves rule of a logged play).

Worked example (checked in ``tests/store/test_moves.py``), a Loop board of two named lists::

    >>> flat({"horizontal": [0, 1], "vertical": [2]})
    [0, 1, 2]
    >>> unflat({"horizontal": [0, 0], "vertical": [0]}, [1, 1, 2])
    {'horizontal': [1, 1], 'vertical': [2]}
    >>> changed([0, 0, 0], [[0.5, 2, 1], [1.25, 2, 0], [2.0, 0, 1]])
    [1, 0, 0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gridlogic.errors import GridlogicError
from gridlogic.params import short_repr

MAX_LOG_ENTRIES = 50_000  # a 50×50 nonogram's 2,500 cells changed twenty times over
Board = Sequence[int] | Mapping[str, Sequence[int]]
LogEntry = tuple[float, int, int]

__all__ = ["MAX_LOG_ENTRIES", "MovesRefused", "changed", "flat", "parse_log", "replay", "unflat"]


class MovesRefused(GridlogicError, ValueError):
    """The log of a play is not a play of its puzzle; the message says what is wrong."""


def flat(board: Board) -> list[int]:
    """The board in its flat form (see the module docstring)."""
    if isinstance(board, Mapping):
        return [value for entries in board.values() for value in entries]
    return list(board)


def unflat(shape: Board, values: Sequence[int]) -> Any:
    """``values`` (a flat form) in the shape of ``shape``: a list, or named lists of its lengths."""
    if not isinstance(shape, Mapping):
        return list(values)
    board, start = {}, 0
    for name, entries in shape.items():
        board[name] = list(values[start:start + len(entries)])
        start += len(entries)
    return board


def parse_log(raw: object, length: int) -> list[LogEntry]:
    """The log as ``(t, index, value)`` triples over a flat board of ``length`` entries; each ``t`` a
    finite number, no earlier than the one before, each index on the board."""
    if not isinstance(raw, list):
        raise MovesRefused(f"log must be a list of [t, index, value], not {short_repr(raw)}")
    if len(raw) > MAX_LOG_ENTRIES:
        raise MovesRefused(f"log has {len(raw)} moves; at most {MAX_LOG_ENTRIES} are taken")
    entries: list[LogEntry] = []
    last = 0.0
    for number, entry in enumerate(raw):
        if not (isinstance(entry, list) and len(entry) == 3):
            raise MovesRefused(f"log entry {number} must be [t, index, value], not {short_repr(entry)}")
        t, index, value = entry
        if isinstance(t, bool) or not isinstance(t, int | float) or not math.isfinite(t) or t < last:
            raise MovesRefused(f"log entry {number}: t must be seconds since the receipt, no earlier than the "
                               f"move before ({last:g}), not {short_repr(t)}")
        for name, number_given in (("index", index), ("value", value)):
            if isinstance(number_given, bool) or not isinstance(number_given, int):
                raise MovesRefused(f"log entry {number}: {name} must be a whole number, not {short_repr(number_given)}")
        if not 0 <= index < length:
            raise MovesRefused(f"log entry {number}: index {index} is off the board (0 to {length - 1})")
        entries.append((float(t), index, value))
        last = float(t)
    return entries


def changed(start: Sequence[int], log: Sequence[Sequence[Any]]) -> list[int]:
    """The flat board after the log's moves, from ``start``."""
    board = list(start)
    for _, index, value in log:
        board[index] = value
    return board


def replay(start: Board, log: Sequence[LogEntry], claimed: Board, window: float,
           parse_board: Callable[[object], Any]) -> int:
    """The moves of ``log`` played from ``start``: refused unless every ``t`` is within ``window``
    seconds, every value one ``parse_board`` takes at its place, and the last board ``claimed``."""
    if log and log[-1][0] > window:
        raise MovesRefused(f"the log's last move at {log[-1][0]:.1f} s is later than the {window:.1f} s the "
                           "server saw from handing this puzzle out to this record")
    flat_start = flat(start)
    for layer in _layers(flat_start, log):
        try:
            parse_board(unflat(start, layer))
        except ValueError as refused:
            raise MovesRefused(f"the log gives a value the board does not take: {refused}") from None
    if changed(flat_start, log) != flat(claimed):
        raise MovesRefused("the log's moves, played from the start, do not give the board of this record")
    return len(log)


def _layers(start: list[int], log: Sequence[LogEntry]) -> list[list[int]]:
    """Boards that hold, together, every value the log gives every entry (the k-th board an entry's
    k-th distinct value), so that a few ``parse_board`` calls check every value of a long log."""
    seen: dict[int, list[int]] = {}
    for _, index, value in log:
        values = seen.setdefault(index, [])
        if value not in values:
            values.append(value)
    layers: list[list[int]] = []
    for index, values in seen.items():
        for depth, value in enumerate(values):
            if depth == len(layers):
                layers.append(list(start))
            layers[depth][index] = value
    return layers
