"""Reading and writing Pattern puzzles in the formats people already have.

A :class:`PatternPuzzleFile` is a rectangular puzzle as a file describes it:
``width`` columns, ``height`` rows, the row clues top to bottom, the column
clues left to right and, when the file has one, the ``goal`` (the published
solution, flat row-major 0/1). Clues are tuples of positive run lengths; an
empty line is the empty tuple ``()`` here, whatever the format writes for it.
Constructing one validates it: every clue fits its line and a goal shows
exactly the clues.

Three formats:

``.non`` (Steve Simpson's)
    One keyword a line: ``width 5``, ``height 10``, then ``rows`` followed by
    one clue a line (numbers separated by commas, ``0`` for an empty line),
    ``columns`` likewise, and optionally ``goal "0110..."`` (or unquoted).
    Header lines such as ``title``, ``by``, ``copyright``, ``catalogue``,
    ``license`` and ``color`` are accepted and ignored, as are blank lines
    and ``#`` comments. Example::

        width 3
        height 2

        rows
        3
        1

        columns
        2
        1
        1

``WxH:...`` (Simon Tatham's Pattern game ID)
    The size, a colon, then the ``width`` column clues left to right and the
    ``height`` row clues top to bottom, separated by ``/``, the numbers of a
    clue separated by ``.``, an empty line written as nothing. The puzzle
    above is ``3x2:2/1/1/3/1``. A square size may be written once (``5:``).

JSON (gridlogic's)
    Either a puzzle's ``to_dict()`` form (``n``, ``answer``, ``rowClues``,
    ``colClues``, ...; the answer becomes the goal) or the plain form
    ``{"rowClues": [[3], [1]], "colClues": [[2], [1], [1]]}`` with an
    optional ``"goal"``; an empty line is ``[0]`` (``[]`` is read too).

:func:`read_puzzle` tells the three apart by their first characters. Every
reader raises :class:`~gridlogic.InvalidParameters` for malformed input,
naming the line (and for JSON the field) and what was expected; nothing
else escapes them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from gridlogic.errors import InvalidParameters
from gridlogic.params import check_int, int_list, parse_json, short_repr
from gridlogic.pattern.lines import clue_length, compute_clue, validate_clue

__all__ = [
    "MAX_SIDE",
    "PatternPuzzleFile",
    "read_game_id",
    "read_json",
    "read_non",
    "read_puzzle",
    "write_game_id",
    "write_json",
    "write_non",
]

# Header keywords of .non files that say nothing about the puzzle's logic.
NON_HEADER_KEYWORDS = frozenset(
    {
        "title", "by", "author", "copyright", "catalogue", "catalog", "license", "licence",
        "color", "colour", "comment", "note", "source", "url", "description", "textfile",
        "gif", "jpeg", "jpg", "png",
    }
)  # fmt: skip
_CLUE_LINE = re.compile(r"^[0-9][0-9,\s]*$")
_GAME_ID = re.compile(r"^\s*(\d+)(?:x(\d+))?:")


_MAX_DIGITS = 9
# The widest or tallest grid the solvers take (the largest public nonograms are about 100 a side);
# the readers themselves take any grid the text describes, the solve commands refuse a larger one.
MAX_SIDE = 200


def _is_number(token: str) -> bool:
    """A plain ASCII decimal of at most ``_MAX_DIGITS`` digits (no sign, no spaces)."""
    return 0 < len(token) <= _MAX_DIGITS and token.isascii() and token.isdigit()


def _line_label(kind: str, index: int) -> str:
    return f"{kind} {index + 1}"


@dataclass(frozen=True)
class PatternPuzzleFile:
    """A rectangular Pattern puzzle as read from or written to a file (validated when built)."""

    width: int
    height: int
    row_clues: tuple[tuple[int, ...], ...]
    col_clues: tuple[tuple[int, ...], ...]
    goal: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        for name in ("width", "height"):
            check_int(getattr(self, name), name, 1)
        rows = _normalise_clues(self.row_clues, "row", self.height, self.width)
        cols = _normalise_clues(self.col_clues, "column", self.width, self.height)
        object.__setattr__(self, "row_clues", rows)
        object.__setattr__(self, "col_clues", cols)
        if self.goal is not None:
            goal = tuple(int_list(self.goal, "goal", self.width * self.height, (0, 1)))
            mismatch = _goal_mismatch(goal, rows, cols, self.width, self.height)
            if mismatch:
                raise InvalidParameters(f"the goal does not show the clues: {mismatch}")
            object.__setattr__(self, "goal", goal)

    def __repr__(self) -> str:
        return (
            f"PatternPuzzleFile({self.width}x{self.height}, game_id={write_game_id(self)!r}"
            f"{', with goal' if self.goal is not None else ''})"
        )

    @property
    def row_clue_lists(self) -> list[list[int]]:
        """The row clues as the solver and the JSON form take them (empty line ``[0]``)."""
        return [list(c) if c else [0] for c in self.row_clues]

    @property
    def col_clue_lists(self) -> list[list[int]]:
        """The column clues as the solver and the JSON form take them (empty line ``[0]``)."""
        return [list(c) if c else [0] for c in self.col_clues]

    def to_dict(self) -> dict[str, object]:
        """The plain JSON form: ``rowClues``, ``colClues`` and ``goal`` when known."""
        data: dict[str, object] = {"rowClues": self.row_clue_lists, "colClues": self.col_clue_lists}
        if self.goal is not None:
            data["goal"] = list(self.goal)
        return data

    @classmethod
    def from_puzzle(cls, puzzle: object) -> PatternPuzzleFile:
        """The file form of a generated :class:`gridlogic.pattern.rules.Puzzle` of any version
        (its answer is the goal)."""
        width, height = puzzle.width, puzzle.height  # type: ignore[attr-defined]
        return cls(width, height, puzzle.row_clues, puzzle.col_clues, tuple(puzzle.answer))  # type: ignore[attr-defined]


def _normalise_clues(
    clues: object, kind: str, count: int, length: int
) -> tuple[tuple[int, ...], ...]:
    if not isinstance(clues, (list, tuple)):
        raise InvalidParameters(f"{kind} clues {short_repr(clues)} are not a list of clues")
    if len(clues) != count:
        raise InvalidParameters(f"{len(clues)} {kind} clues given but the grid has {count} {kind}s")
    out = []
    for k, clue in enumerate(clues):
        out.append(_normalise_clue(clue, _line_label(kind, k), length))
    return tuple(out)


def _normalise_clue(clue: object, name: str, length: int) -> tuple[int, ...]:
    """A clue as positive runs (:func:`~.lines.validate_clue`); ``[0]`` and ``[]`` are the empty
    line, and in a file any other zero is refused."""
    runs = validate_clue(clue, length, name)
    assert isinstance(clue, (list, tuple))  # validate_clue refuses anything else
    if 0 in clue and len(clue) > 1:
        raise InvalidParameters(f"{name} clue {short_repr(list(clue))} mixes 0 with runs; an empty line is [0] alone")
    return runs


def _goal_mismatch(
    goal: Sequence[int],
    rows: Sequence[tuple[int, ...]],
    cols: Sequence[tuple[int, ...]],
    width: int,
    height: int,
) -> str:
    for r in range(height):
        shown = compute_clue(goal[r * width : (r + 1) * width])
        if tuple(x for x in shown if x) != rows[r]:
            return f"row {r + 1} shows {shown} but its clue is {list(rows[r]) or [0]}"
    for c in range(width):
        shown = compute_clue([goal[r * width + c] for r in range(height)])
        if tuple(x for x in shown if x) != cols[c]:
            return f"column {c + 1} shows {shown} but its clue is {list(cols[c]) or [0]}"
    return ""


# --- .non -------------------------------------------------------------------------------


def read_non(text: str) -> PatternPuzzleFile:
    """A puzzle from Steve Simpson's ``.non`` text (see the module docstring)."""
    if not isinstance(text, str):
        raise InvalidParameters(f"a .non puzzle is text, got {type(text).__name__}")
    lines = text.lstrip("\ufeff").splitlines()
    found = _NonText()
    found.read(lines)
    width, height = found.checked_sizes(len(lines) + 1)
    return PatternPuzzleFile(width, height, tuple(found.sections["rows"][0]), tuple(found.sections["columns"][0]),
                             found.goal_cells(width, height))


class _NonText:
    """What the lines of a ``.non`` text say, as :func:`read_non` reads them one keyword at a time:
    ``sizes`` (keyword to (value, line number)), ``sections`` (keyword to (clues, line number of the
    keyword, line number of each clue)) and the ``goal`` (text, line number)."""

    def __init__(self) -> None:
        self.sizes: dict[str, tuple[int, int]] = {}
        self.sections: dict[str, tuple[list[tuple[int, ...]], int, list[int]]] = {}
        self.goal: tuple[str, int] | None = None

    def read(self, lines: list[str]) -> None:
        """Read every line: keywords, their values and the sections' clue lines."""
        k = 0
        while k < len(lines):
            number = k + 1
            line = lines[k].strip()
            k += 1
            if not line or line.startswith("#"):
                continue
            keyword, _, rest = line.partition(" ")
            if "\t" in keyword:
                keyword, _, more = keyword.partition("\t")
                rest = more + " " + rest
            keyword = keyword.lower()
            rest = rest.strip()
            if keyword in ("width", "height"):
                self.read_size(keyword, rest, line, number)
            elif keyword in ("rows", "columns"):
                k = self.read_section(keyword, rest, line, number, lines)
            elif keyword == "goal":
                if self.goal is not None:
                    raise InvalidParameters(f"line {number}: a second 'goal' line")
                self.goal = (rest.strip().strip('"').strip(), number)
            elif keyword not in NON_HEADER_KEYWORDS:
                _refuse_non_line(line, number)

    def read_size(self, keyword: str, rest: str, line: str, number: int) -> None:
        if keyword in self.sizes:
            raise InvalidParameters(f"line {number}: a second {keyword!r} line")
        if not _is_number(rest) or int(rest) < 1:
            raise InvalidParameters(
                f"line {number}: expected {keyword!r} followed by a whole number of 1 or "
                f"more, got {short_repr(line)}"
            )
        self.sizes[keyword] = (int(rest), number)

    def read_section(self, keyword: str, rest: str, line: str, number: int, lines: list[str]) -> int:
        """The ``rows`` or ``columns`` section whose keyword is on line ``number`` (``lines[number - 1]``);
        returns the index in ``lines`` of the first line after its clues."""
        if keyword in self.sections:
            raise InvalidParameters(f"line {number}: a second {keyword!r} section")
        if rest:
            raise InvalidParameters(
                f"line {number}: expected {keyword!r} alone on its line, got {short_repr(line)}"
            )
        clues: list[tuple[int, ...]] = []
        numbers: list[int] = []
        kind = "row" if keyword == "rows" else "column"
        k = number
        while k < len(lines):
            candidate = lines[k].strip()
            if not candidate:
                k += 1
                continue
            if not _CLUE_LINE.match(candidate):
                break
            clue = _parse_non_clue(candidate, k + 1, kind, len(clues) + 1)
            across = self.sizes.get("width" if kind == "row" else "height")
            if across is not None and clue_length(clue) > across[0]:
                raise InvalidParameters(
                    f"line {k + 1}: {kind} {len(clues) + 1} clue {short_repr(list(clue))} needs "
                    f"{clue_length(clue)} cells but the line has {across[0]}"
                )
            clues.append(clue)
            numbers.append(k + 1)
            k += 1
        self.sections[keyword] = (clues, number, numbers)
        return k

    def checked_sizes(self, end: int) -> tuple[int, int]:
        """``(width, height)`` once every keyword has been read and each section has as many clues as
        the other side says, each fitting its line; ``end`` is the line number past the text."""
        for keyword in ("width", "height"):
            if keyword not in self.sizes:
                raise InvalidParameters(f"line {end} (end of text): expected a {keyword!r} line")
        for keyword in ("rows", "columns"):
            if keyword not in self.sections:
                raise InvalidParameters(f"line {end} (end of text): expected a {keyword!r} section")
        width, height = self.sizes["width"][0], self.sizes["height"][0]
        for keyword, size_name, length, expected in (
            ("rows", "height", width, height),
            ("columns", "width", height, width),
        ):
            clues, number, numbers = self.sections[keyword]
            if len(clues) != expected:
                raise InvalidParameters(
                    f"line {number}: {keyword!r} has {len(clues)} clue lines but the {size_name} is "
                    f"{expected}"
                )
            kind = "row" if keyword == "rows" else "column"
            for index, clue in enumerate(clues):
                needed = clue_length(clue)
                if needed > length:
                    raise InvalidParameters(
                        f"line {numbers[index]}: {kind} {index + 1} clue {short_repr(list(clue))} needs "
                        f"{needed} cells but the line has {length}"
                    )
        return width, height

    def goal_cells(self, width: int, height: int) -> tuple[int, ...] | None:
        """The cells of the ``goal`` line, checked to show the clues (None without one)."""
        if self.goal is None:
            return None
        goal_text, number = self.goal
        if len(goal_text) != width * height or set(goal_text) - {"0", "1"}:
            raise InvalidParameters(
                f"line {number}: expected 'goal' followed by {width * height} digits 0 or 1 "
                f"(row by row), got {len(goal_text)} characters"
            )
        cells = tuple(int(ch) for ch in goal_text)
        mismatch = _goal_mismatch(cells, self.sections["rows"][0], self.sections["columns"][0], width, height)
        if mismatch:
            raise InvalidParameters(f"line {number}: the goal does not show the clues: {mismatch}")
        return cells


def _refuse_non_line(line: str, number: int) -> NoReturn:
    """The refusal of a line of a ``.non`` text that starts with no keyword :func:`read_non` knows."""
    if _CLUE_LINE.match(line):
        raise InvalidParameters(
            f"line {number}: expected a keyword (width, height, rows, columns, goal), got "
            f"clue numbers {short_repr(line)} outside a 'rows' or 'columns' section"
        )
    raise InvalidParameters(
        f"line {number}: expected a keyword (width, height, rows, columns, goal, "
        f"or a header such as title), got {short_repr(line)}"
    )


def _parse_non_clue(text: str, number: int, kind: str, index: int) -> tuple[int, ...]:
    tokens = [t for t in re.split(r"[,\s]+", text) if t]
    if not tokens or re.search(r",\s*,|,\s*$", text):
        raise InvalidParameters(
            f"line {number}: expected the {kind} {index} clue as numbers separated by commas, "
            f"got {short_repr(text)}"
        )
    if not all(_is_number(t) for t in tokens):
        raise InvalidParameters(
            f"line {number}: expected the {kind} {index} clue as numbers of at most "
            f"{_MAX_DIGITS} digits, got {text[:60]!r}"
        )
    values = [int(t) for t in tokens]
    if 0 in values and len(values) > 1:
        raise InvalidParameters(
            f"line {number}: expected the {kind} {index} clue as positive numbers (or 0 alone "
            f"for an empty line), got {short_repr(text)}"
        )
    return tuple(v for v in values if v)


def write_non(puzzle: PatternPuzzleFile, title: str | None = None) -> str:
    """The ``.non`` text of ``puzzle`` (with its goal when known, and a title when given)."""
    out = []
    if title is not None:
        out.append(f"title {json.dumps(title, ensure_ascii=False)}")
    out += [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    out += [",".join(map(str, c)) if c else "0" for c in puzzle.row_clues]
    out += ["", "columns"]
    out += [",".join(map(str, c)) if c else "0" for c in puzzle.col_clues]
    if puzzle.goal is not None:
        out += ["", 'goal "' + "".join(map(str, puzzle.goal)) + '"']
    return "\n".join(out) + "\n"


# --- Simon Tatham's game ID ------------------------------------------------------------


def read_game_id(text: str) -> PatternPuzzleFile:
    """A puzzle from a Tatham Pattern game ID such as ``3x2:2/1/1/3/1``."""
    if not isinstance(text, str):
        raise InvalidParameters(f"a game ID is text, got {type(text).__name__}")
    lines = [(k + 1, line.strip()) for k, line in enumerate(text.splitlines()) if line.strip()]
    if not lines:
        raise InvalidParameters("line 1: expected a game ID 'WxH:clues', got nothing")
    number, game_id = lines[0]
    if len(lines) > 1:
        raise InvalidParameters(
            f"line {lines[1][0]}: expected nothing after the game ID, got {lines[1][1][:40]!r}"
        )
    match = _GAME_ID.match(game_id)
    if match and not all(_is_number(g) for g in match.groups() if g is not None):
        match = None
    if not match:
        hint = " (that is a random seed, not a puzzle)" if re.match(r"^\d+(x\d+)?#", game_id) else ""
        raise InvalidParameters(
            f"line {number}: expected a game ID 'WxH:' followed by clues, got "
            f"{game_id[:40]!r}{hint}"
        )
    width = int(match.group(1))
    height = int(match.group(2)) if match.group(2) is not None else width
    if width < 1 or height < 1:
        raise InvalidParameters(
            f"line {number}: expected a size of at least 1x1, got {width}x{height}"
        )
    if width * height > 10_000_000:
        raise InvalidParameters(f"line {number}: a {width}x{height} grid is too large to read")
    description = game_id[match.end() :]
    parts = description.split("/")
    if len(parts) != width + height:
        raise InvalidParameters(
            f"line {number}: expected {width + height} clues separated by '/' ({width} columns, "
            f"then {height} rows), got {len(parts)}"
        )
    clues: list[tuple[int, ...]] = []
    for k, part in enumerate(parts):
        name = _line_label("column", k) if k < width else _line_label("row", k - width)
        length = height if k < width else width
        if part == "":
            clues.append(())
            continue
        tokens = part.split(".")
        if not all(_is_number(t) for t in tokens):
            raise InvalidParameters(
                f"line {number}: expected the {name} clue as numbers separated by '.', got {short_repr(part)}"
            )
        values = [int(t) for t in tokens]
        if 0 in values and len(values) > 1:
            raise InvalidParameters(
                f"line {number}: expected the {name} clue as positive numbers, got {short_repr(part)}"
            )
        clue = tuple(v for v in values if v)
        if clue_length(clue) > length:
            raise InvalidParameters(
                f"line {number}: {name} clue {short_repr(list(clue))} needs {clue_length(clue)} cells but "
                f"the line has {length}"
            )
        clues.append(clue)
    return PatternPuzzleFile(width, height, tuple(clues[width:]), tuple(clues[:width]))


def write_game_id(puzzle: PatternPuzzleFile) -> str:
    """The Tatham game ID of ``puzzle`` (the goal is not part of it)."""
    lines = list(puzzle.col_clues) + list(puzzle.row_clues)
    return f"{puzzle.width}x{puzzle.height}:" + "/".join(".".join(map(str, c)) for c in lines)


# --- gridlogic JSON --------------------------------------------------------------------


def read_json(text: str) -> PatternPuzzleFile:
    """A puzzle from gridlogic's JSON: a puzzle's ``to_dict()`` or ``{"rowClues", "colClues"}``."""
    if not isinstance(text, str):
        raise InvalidParameters(f"a JSON puzzle is text, got {type(text).__name__}")
    return puzzle_file_from_dict(parse_json(text, "the puzzle"))


def puzzle_file_from_dict(data: object) -> PatternPuzzleFile:
    """A puzzle from parsed JSON (either form :func:`read_json` accepts)."""
    if not isinstance(data, dict):
        raise InvalidParameters(
            f"expected a JSON object with 'rowClues' and 'colClues', got {type(data).__name__}"
        )
    for key in ("rowClues", "colClues"):
        if key not in data:
            raise InvalidParameters(f"expected a JSON object with {key!r}; it is missing")
        value = data[key]
        if not isinstance(value, list) or not value:
            raise InvalidParameters(f"{key}: expected a non-empty list of clues, got {value!r:.60}")
        for k, clue in enumerate(value):
            if not isinstance(clue, list):
                raise InvalidParameters(
                    f"{key}[{k}]: expected a list of whole numbers 0 or more, got {clue!r:.60}"
                )
            for i, number in enumerate(clue):
                check_int(number, f"{key}[{k}][{i}]", 0)
    rows, cols = data["rowClues"], data["colClues"]
    height, width = len(rows), len(cols)
    for key, expected in (("height", height), ("width", width), ("n", None)):
        if key in data:
            value = data[key]
            if key == "n":
                if check_int(value, "n") != width or value != height:
                    raise InvalidParameters(
                        f"n: expected {width if width == height else 'the side of a square grid'} "
                        f"({height} rows, {width} columns), got {value!r:.60}"
                    )
            elif check_int(value, key) != expected:
                raise InvalidParameters(
                    f"{key}: expected {expected} (the number of clues), got {value!r:.60}"
                )
    goal_key = "goal" if "goal" in data else "answer" if "answer" in data else None
    goal = None if goal_key is None else tuple(int_list(data[goal_key], goal_key, width * height, (0, 1)))
    return PatternPuzzleFile(width, height, tuple(map(tuple, rows)), tuple(map(tuple, cols)), goal)


def write_json(puzzle: PatternPuzzleFile) -> str:
    """The plain JSON form of ``puzzle`` (``rowClues``, ``colClues``, ``goal`` when known)."""
    return json.dumps(puzzle.to_dict(), separators=(",", ":"))


# --- detection -------------------------------------------------------------------------


def detect_format(text: str) -> str:
    """``"json"``, ``"game-id"`` or ``"non"``: which reader :func:`read_puzzle` will use."""
    stripped = text.lstrip("\ufeff").strip()
    if stripped.startswith(("{", "[")):
        return "json"
    if _GAME_ID.match(stripped) or re.match(r"^\d+(x\d+)?#", stripped):
        return "game-id"
    return "non"


def read_puzzle(text: str) -> PatternPuzzleFile:
    """A puzzle from any of the three formats, told apart by how the text starts."""
    if not isinstance(text, str):
        raise InvalidParameters(f"a puzzle is text, got {type(text).__name__}")
    fmt = detect_format(text)
    if fmt == "json":
        return read_json(text.lstrip("\ufeff"))
    if fmt == "game-id":
        return read_game_id(text.lstrip("\ufeff"))
    return read_non(text)

