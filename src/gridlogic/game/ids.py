"""Puzzle IDs: five dot-separated fields that name a puzzle completely.

``generate`` is a pure function of (game, version, width, height, difficulty, options, seed), so
those seven things are the ID, written as five fields::

    signal.4.7x5w.hard.notes-example
    ^game  ^version ^size and option letters ^difficulty ^seed (percent-encoded UTF-8)

The seed comes last and may itself hold dots. Options are single letters after the size (``w``,
a wrapping board); a default value has none. A seed is percent-encoded except for letters,
digits and ``-._~``, in UTF-8, with lone surrogates (which the original engines allow, being
JavaScript) written as their three-byte form, so every seed survives.

A puzzle brought from outside has ``import`` for its version, the format of its text where a
generated puzzle has its difficulty, and its text where a generated one has its seed (``:`` and
``/`` stay unencoded there)::

    pattern.import.3x2.tatham.3x2:2/1/1/3/1

:class:`PuzzleSpec` holds exactly the five fields, so it writes its own ID; reading one back
needs the game's table and lives in :mod:`gridlogic.game.registry`. A percent sign must start an
escape of two hex digits: ``%ZZ`` or a cut ``%E0%A4%A`` is refused, never taken literally, so each
puzzle has exactly one ID. Worked example (checked in ``tests/test_game.py``)::

    >>> spec = PuzzleSpec("pattern", 1, 5, 5, "any", "日本 #1")
    >>> spec.id
    'pattern.1.5x5.any.%E6%97%A5%E6%9C%AC%20%231'
    >>> decode_field("%E6%97%A5%E6%9C%AC%20%231", "its seed")
    '日本 #1'
    >>> decode_field("100%ZZ", "its seed")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gridlogic.errors.InvalidParameters: its seed has a '%' that does not start an escape of two hex digits
    (%41 is 'A'): '100%ZZ'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, unquote_to_bytes

from gridlogic.errors import InvalidParameters
from gridlogic.params import short_repr

MAX_ID_LENGTH = 1000  # an 80-unit seed of 4-byte characters is 960 characters percent-encoded
MAX_IMPORT_ID_LENGTH = 6000  # a 50x50 nonogram's Tatham ID is at most about 5,000 characters
IMPORTED = 0  # the version number of a puzzle brought from outside; "import" in its ID
IMPORT_KIND = "import"
SEED_SAFE = "-._~"  # what a seed keeps unencoded in an ID
IMPORT_SAFE = "-._~:/"  # what an imported puzzle's text keeps unencoded
ID_EXAMPLE = "signal.3.4x4.medium.notes-example"
SIZE_FIELD = re.compile(r"([0-9]{1,3})x([0-9]{1,3})([a-z]*)")
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")


@dataclass(frozen=True)
class PuzzleSpec:
    """Everything ``generate`` depends on, checked: the five fields of a puzzle ID.

    ``flags`` are the letters of the options that are not the default, as the version names them
    (``Game.spec`` writes them); for an imported puzzle ``difficulty`` is the format of its text and
    ``seed`` the text itself.
    """

    game: str
    version: int
    width: int
    height: int
    difficulty: str
    seed: str
    options: tuple[tuple[str, Any], ...] = ()
    flags: str = ""

    @property
    def size(self) -> int | tuple[int, int]:
        """The size as ``generate`` takes it: the side of a square, else (width, height)."""
        return self.width if self.width == self.height else (self.width, self.height)

    @property
    def board(self) -> str:
        """The board's field of the ID: ``WxH`` and the option letters."""
        return f"{self.width}x{self.height}{self.flags}"

    @property
    def board_key(self) -> int | str:
        """The board as batches file it: the side of a square without options, else :attr:`board`."""
        return self.width if self.board == f"{self.width}x{self.width}" else self.board

    @property
    def id(self) -> str:
        if self.version == IMPORTED:
            return f"{self.game}.{IMPORT_KIND}.{self.board}.{self.difficulty}.{encode_field(self.seed, IMPORT_SAFE)}"
        return f"{self.game}.{self.version}.{self.board}.{self.difficulty}.{encode_field(self.seed, SEED_SAFE)}"


def encode_field(text: str, safe: str) -> str:
    """``text`` percent-encoded in UTF-8 except for ASCII letters, digits and ``safe``; lone surrogates
    as their three-byte form."""
    return quote(text.encode("utf-8", "surrogatepass"), safe=safe)


def decode_field(text: str, where: str, surrogates: bool = True) -> str:
    """The text an ID's field encodes (the inverse of :func:`encode_field`); InvalidParameters, naming
    ``where``, for a ``%`` that does not start an escape or bytes that are not UTF-8."""
    if _BAD_ESCAPE.search(text):
        raise InvalidParameters(
            f"{where} has a '%' that does not start an escape of two hex digits (%41 is 'A'): {short_repr(text)}")
    try:
        return unquote_to_bytes(text).decode("utf-8", "surrogatepass" if surrogates else "strict")
    except UnicodeDecodeError:
        raise InvalidParameters(f"{where} is not percent-encoded UTF-8") from None


def split_id(text: object) -> tuple[str, str, str, str, str]:
    """The five fields of a puzzle ID, its length and shape checked (not yet what they say)."""
    if not isinstance(text, str):
        raise InvalidParameters(f"a puzzle ID is text, not {type(text).__name__}")
    fields = text.strip().split(".", 4)
    imported = len(fields) > 1 and fields[1] == IMPORT_KIND
    longest = MAX_IMPORT_ID_LENGTH if imported else MAX_ID_LENGTH
    if len(text) > longest:
        kind = "an imported puzzle's ID" if imported else "a puzzle ID"
        raise InvalidParameters(f"{kind} has at most {longest} characters; this one has {len(text)}")
    if len(fields) != 5:
        raise InvalidParameters(
            f"{short_repr(text)} is not a puzzle ID: expected GAME.VERSION.WxH.DIFFICULTY.SEED, like {ID_EXAMPLE}"
        )
    return fields[0], fields[1], fields[2], fields[3], fields[4]
