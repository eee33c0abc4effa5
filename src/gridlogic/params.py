"""The arguments every game's ``generate`` takes: size, seed and difficulty.

One check for all three games, so that they refuse the same things with the
same words. A seed is any Python ``str`` of at most 80 UTF-16 code units,
the original engines' ``seed.length <= 80`` (so "😀" counts 2).

:func:`int_list` is the one check of a board, an answer or a solution given
as a flat list of small ints, shared by the engines, scoring and the web app
so that every one of them refuses the same shapes with the same words.

:func:`parse_json` is the one reading of JSON text (files, standard input,
batch files and request bodies), so that none of them can fail with a
traceback on text ``json.loads`` refuses.
"""

from __future__ import annotations

import json
import reprlib
import sys
from collections.abc import Sequence

from gridlogic.errors import InvalidParameters
from gridlogic.rng import js_length

MAX_SEED_LENGTH = 80


def check_seed(seed: object) -> str:
    """``seed`` if it is a str of at most 80 UTF-16 code units."""
    if not isinstance(seed, str):
        raise InvalidParameters(f"seed must be a str, not {type(seed).__name__} {seed!r:.100}")
    if js_length(seed) > MAX_SEED_LENGTH:
        raise InvalidParameters(
            f"seed is {js_length(seed)} UTF-16 code units long; it must be at most {MAX_SEED_LENGTH}"
        )
    return seed


def check_generate_arguments(
    game: str, size: object, seed: object, difficulty: object, sizes: Sequence[int], difficulties: Sequence[str]
) -> None:
    """Raise :class:`InvalidParameters`, naming what is allowed, for arguments ``generate`` refuses."""
    if not isinstance(difficulty, str) or difficulty not in difficulties:
        raise InvalidParameters(
            f"unknown difficulty {difficulty!r} for {game}; choose one of {', '.join(difficulties)}"
        )
    if isinstance(size, bool) or not isinstance(size, int) or size not in sizes:
        raise InvalidParameters(f"size must be one of {', '.join(map(str, sizes))}, not {size!r}")
    check_seed(seed)


class NotJson(InvalidParameters):
    """What :func:`parse_json` raises; ``reason`` is the problem alone, for callers that word it their way."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def parse_json(text: str | bytes, what: str) -> object:
    """``text`` parsed as JSON; :class:`NotJson` naming ``what`` ("the board", "the puzzle") if it cannot be.

    Refused, with a message instead of a traceback: text that is not JSON (the message
    gives the line and column ``json`` reports), ``NaN`` and ``Infinity`` (Python writes
    them, JSON has no such values), an integer longer than Python converts
    (:func:`sys.get_int_max_str_digits`), nesting deeper than Python's recursion limit,
    and bytes that are not UTF-8 (or UTF-16/32, which ``json`` also detects).
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidParameters(f"expected JSON text for {what}, not {type(text).__name__}")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise NotJson(
            f"line {error.lineno}: expected JSON, but {what} is not JSON: {error.msg} at column {error.colno}",
            error.msg,
        ) from None
    except UnicodeDecodeError:
        reason = "it is not UTF-8 text"
    except ValueError as error:  # NaN or Infinity (above), or an integer Python will not convert
        reason = str(error)
        if "integer string conversion" in reason:
            reason = f"it holds an integer of more than {sys.get_int_max_str_digits()} digits"
    except RecursionError:
        reason = "it is nested too deeply"
    raise NotJson(f"expected JSON, but {what} cannot be read: {reason}", reason)


# reprlib looks at no more than a few entries of a list, so a huge value costs
# no more to quote than a small one; the cut after that bounds the text.
_SHORT = reprlib.Repr()
_SHORT.maxlist = _SHORT.maxtuple = 8
_SHORT.maxstring = _SHORT.maxother = 40
_MAX_QUOTE = 60


def short_repr(value: object) -> str:
    """``repr(value)`` cut to at most :data:`_MAX_QUOTE` characters, ending in "..." when cut."""
    try:
        text = _SHORT.repr(value)
    except ValueError:  # an int of more than 4300 digits (sys.get_int_max_str_digits)
        text = f"<{type(value).__name__} too long to show>"
    return text if len(text) <= _MAX_QUOTE else text[: _MAX_QUOTE - 3] + "..."


def _describe_values(allowed: Sequence[int]) -> str:
    """``allowed`` in words: "0 or 1", "0, 1 or 2", or "an integer from 0 to 15" for a longer run."""
    values = list(allowed)
    if len(values) > 3 and values == list(range(values[0], values[-1] + 1)):
        return f"an integer from {values[0]} to {values[-1]}"
    if len(values) == 1:
        return str(values[0])
    return f"{', '.join(map(str, values[:-1]))} or {values[-1]}"


def _entries(count: int) -> str:
    return "1 entry" if count == 1 else f"{count} entries"


def int_list(value: object, name: str, length: int | None, allowed: Sequence[int]) -> list[int]:
    """``value`` as a new list, if it is a list (or tuple) of ``length`` ints, each in ``allowed``.

    ``length`` None accepts any length. A bool is not an int here, although
    Python says it is: ``[True, False]`` is never a board. Every refusal
    starts with what is wanted and then says what was found::

        board must be a list of 4 entries, each 0, 1 or 2; board[1] is True, a bool

    (see ``tests/test_params_int_list.py`` for the other forms).
    """
    count = "entries" if length is None else _entries(length)
    wanted = f"{name} must be a list of {count}, each {_describe_values(allowed)}"
    if not isinstance(value, (list, tuple)):
        raise InvalidParameters(f"{wanted}, not {type(value).__name__} {short_repr(value)}")
    if length is not None and len(value) != length:
        raise InvalidParameters(f"{wanted}; it has {_entries(len(value))}: {short_repr(value)}")
    for index, item in enumerate(value):
        if isinstance(item, bool) or not isinstance(item, int):
            kind = type(item).__name__
            article = "an" if kind[:1] in "aeiou" else "a"
            raise InvalidParameters(
                f"{wanted}; {name}[{index}] is {short_repr(item)}, {article} {kind}"
            )
        if item not in allowed:
            raise InvalidParameters(f"{wanted}; {name}[{index}] is {short_repr(item)}")
    return list(value)
