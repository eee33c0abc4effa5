"""The one validation vocabulary: every engine, the CLI and the web app check input here.

So that they refuse the same things with the same words, and never coerce:
``True`` is not the int 1, ``3.0`` is not the int 3, ``"5"`` is an int only
where text is all a channel can carry (a query string, a command line), and
then :func:`int_from_text` reads it.

**Seeds.** A seed is any Python ``str`` of 0 to 80 UTF-16 code units, the
original engines' ``seed.length <= 80`` (so "😀" counts 2). The empty seed is a
seed like any other, and so is text holding a lone surrogate: the original
engines are JavaScript, whose strings may hold them, and the seeded random
stream reads UTF-16 code units. Every channel accepts exactly these: the
library, the CLI, JSON (batch files, request bodies) and puzzle IDs. A URL's
query string carries UTF-8, which has no lone surrogates, so there a seed
with one travels inside a puzzle ID (see :mod:`gridlogic.game`).

**Deadlines.** Work on a puzzle somebody brought (a walk-through, a grade, the studio's analysis)
may take a time budget in seconds, checked by :func:`check_limit`. :func:`deadline_after` turns it
into a deadline, an instant of :func:`time.monotonic` (None: no deadline), the form the solvers keep
(``gridlogic.pattern.decide``); the work calls :func:`check_deadline` between its steps, which
raises :class:`OutOfTime` once the instant has passed, so that the work stops there and what it had
found so far is never given as its answer::

    >>> check_deadline(deadline_after(60.0)), check_deadline(None)
    (None, None)
    >>> check_deadline(time.monotonic() - 1)
    Traceback (most recent call last):
    ...
    gridlogic.params.OutOfTime: the work stopped at its deadline before it finished

:func:`seconds_left` narrows a solver's own time limit to what is left.

**Sizes.** :func:`check_size` takes an int (a square board) or a
``(width, height)`` pair and the sides a generator version makes.

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
import time
from collections.abc import Sequence
from typing import Any

from gridlogic.errors import GridlogicError, InvalidParameters
from gridlogic.rng import js_length

MAX_SEED_LENGTH = 80


def check_seed(seed: object) -> str:
    """``seed`` if it is a str of at most 80 UTF-16 code units (see the module docstring)."""
    if not isinstance(seed, str):
        raise InvalidParameters(f"seed must be a str, not {type(seed).__name__} {seed!r:.100}")
    if js_length(seed) > MAX_SEED_LENGTH:
        raise InvalidParameters(
            f"seed is {js_length(seed)} UTF-16 code units long; it must be at most {MAX_SEED_LENGTH}"
        )
    return seed


def check_int(value: object, name: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """``value`` if it is an int (never a bool or a float) from ``minimum`` to ``maximum``."""
    if minimum is not None and maximum is not None:
        wanted = f"a whole number from {minimum} to {maximum}"
    elif minimum is not None:
        wanted = f"a whole number of at least {minimum}"
    else:
        wanted = "a whole number"
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidParameters(f"{name} must be {wanted}, not {_kind(value)} {short_repr(value)}")
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        raise InvalidParameters(f"{name} must be {wanted}, not {short_repr(value)}")
    return value


MAX_SECONDS = 30 * 24 * 3600
"""The longest time budget a solver takes: 30 days. None is the way to say "no limit"; infinity and
larger numbers are refused, since the clocks that keep a budget cannot wait for them (``select``
overflows at infinity, and a timer thread waits at most ``threading.TIMEOUT_MAX``, 49 days on
Windows)."""


def check_limit(value: object, name: str, *, seconds: bool = False, minimum: int = 1) -> Any:
    """``value`` if it is None (no limit) or a budget: with ``seconds`` a number of seconds above 0
    and at most :data:`MAX_SECONDS` (an int or a float, never NaN or infinity), otherwise a count
    (of search nodes, of propagations) that is a whole number of at least ``minimum``."""
    if value is None:
        return None
    if not seconds:
        return check_int(value, name, minimum)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= MAX_SECONDS:
        raise InvalidParameters(
            f"{name} must be a number of seconds above 0 and at most {MAX_SECONDS} (30 days), "
            f"not {_kind(value)} {short_repr(value)}"
        )
    return value


class OutOfTime(GridlogicError):
    """Work stopped at its deadline before it finished (see the module docstring): it has no answer."""


def deadline_after(seconds: float | None) -> float | None:
    """The :func:`time.monotonic` instant ``seconds`` from now (a budget :func:`check_limit` takes),
    or None (no deadline) for None."""
    return None if seconds is None else time.monotonic() + seconds


def check_deadline(deadline: float | None) -> None:
    """:class:`OutOfTime` once ``deadline`` (a :func:`time.monotonic` instant) has passed; nothing
    before it, or when it is None."""
    if deadline is not None and time.monotonic() > deadline:
        raise OutOfTime("the work stopped at its deadline before it finished")


def seconds_left(deadline: float | None, limit: float) -> float:
    """The time limit of a solver called before ``deadline``: ``limit`` seconds, or fewer when the
    deadline comes sooner; :class:`OutOfTime` when it has passed already."""
    if deadline is None:
        return limit
    left = deadline - time.monotonic()
    if left <= 0:
        raise OutOfTime("the work stopped at its deadline before it finished")
    return min(limit, left)


def check_bool(value: object, name: str) -> bool:
    """``value`` if it is True or False (never 0, 1 or "true")."""
    if not isinstance(value, bool):
        raise InvalidParameters(f"{name} must be true or false, not {_kind(value)} {short_repr(value)}")
    return value


def check_choice(value: object, name: str, choices: Sequence[str]) -> str:
    """``value`` if it is one of the strings ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise InvalidParameters(f"{name} must be one of {', '.join(choices)}, not {short_repr(value)}")
    return value


def check_object(value: object, name: str, required: Sequence[str], optional: Sequence[str] = ()) -> dict[str, object]:
    """``value`` if it is a dict (a JSON object) with every ``required`` key and no key beyond ``optional``."""
    if not isinstance(value, dict):
        raise InvalidParameters(f"{name} must be a JSON object, not {_kind(value)} {short_repr(value)}")
    missing = [key for key in required if key not in value]
    if missing:
        raise InvalidParameters(f"{name} is missing {', '.join(map(repr, missing))}")
    unknown = [key for key in value if key not in required and key not in optional]
    if unknown:
        allowed = ", ".join(map(repr, (*required, *optional)))
        raise InvalidParameters(f"{name} has an unknown field {short_repr(unknown[0])}; its fields are {allowed}")
    return value


def int_from_text(text: object, name: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """A whole number written in decimal digits (a query string's or a command line's), then :func:`check_int`."""
    if not isinstance(text, str) or not text.isascii() or not text.isdigit() or len(text) > 9:
        raise InvalidParameters(f"{name} must be a whole number written in digits, not {short_repr(text)}")
    return check_int(int(text), name, minimum, maximum)


def check_size(size: object, sides: Sequence[int], rectangular: bool, game: str) -> tuple[int, int]:
    """``(width, height)`` of ``size``: an int (a square) or a pair, each side one of ``sides``.

    Non-``rectangular`` versions take squares only (a pair of equal sides is a square).
    """
    allowed = _describe_values(list(sides))
    if rectangular:
        wanted = f"a side or a (width, height) pair, each {allowed}"
    else:
        wanted = f"a square side, {allowed}"
    if isinstance(size, (tuple, list)) and len(size) == 2:
        width, height = size
    elif isinstance(size, int) and not isinstance(size, bool):
        width = height = size
    else:
        raise InvalidParameters(f"{game} size must be {wanted}, not {short_repr(size)}")
    for side in (width, height):
        if isinstance(side, bool) or not isinstance(side, int) or side not in sides:
            raise InvalidParameters(f"{game} size must be {wanted}, not {short_repr(size)}")
    if width != height and not rectangular:
        raise InvalidParameters(f"{game} size must be {wanted}; this version makes square boards only, "
                                f"not {width}x{height}")
    return width, height


def _kind(value: object) -> str:
    kind = type(value).__name__
    return ("an " if kind[:1] in "aeiou" else "a ") + kind


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
            raise InvalidParameters(f"{wanted}; {name}[{index}] is {short_repr(item)}, {_kind(item)}")
        if item not in allowed:
            raise InvalidParameters(f"{wanted}; {name}[{index}] is {short_repr(item)}")
    return list(value)
