"""Reading and writing Loop puzzles in the formats people already have.

All readers return a :class:`LoopPuzzleFile` (``width``, ``height``, flat
row-major ``clues`` with None for a blank cell) and raise
:class:`gridlogic.InvalidParameters` naming the problem for anything else.

* **puzz.link / pzprjs URL** ``…?slither/W/H/<body>``: each character of the
  body is a clue ``0``–``4``; ``5``–``9`` a clue (value − 5) followed by one
  blank cell; ``a``–``e`` a clue (value − 10) followed by two blank cells;
  ``g``–``z`` a run of 1–20 blank cells (``g`` = 1); ``.`` a cell marked "?"
  (a number the puzzle does not tell, read as no clue). Cells run row-major
  across row ends. The body must describe every cell (a truncated URL is
  refused rather than padded); a final clue's two trailing blanks may run
  past the end, as the pzprjs encoder writes them. Example: a 3×2 board with clues ``3 . . / . . 1`` is
  ``slither/3/2/dhb``.
* **Tatham's Loopy game ID** (square grid) ``WxHt0:<body>``: digits are clues,
  ``a``–``z`` runs of 1–26 blank cells; a difficulty after ``t0`` (``de``,
  ``dn``, ``dt``, ``dh``) is accepted and ignored. The same board is
  ``3x2t0:3d1``.
* **text grid**: one line per row of ``0``–``4`` and ``.``, e.g. ``3..`` and ``..1``.
* **gridlogic JSON**: a generated puzzle (``n`` and ``clues``) or
  ``{"width": W, "height": H, "clues": [...]}``.

:func:`read_puzzle` tells the formats apart by their look; :func:`looks_inline`,
its test for a URL or a game ID, is also what the command line and bench-solve
ask, so that all of them take the same text for a puzzle. :func:`read_problem`
and :func:`read_file` (a collection, a JSON puzzle or a URL in a file) give the
game's :class:`~gridlogic.game.record.Problem`; :data:`EXPORTS` writes one for
other software (a puzz.link URL, a Loopy game ID).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gridlogic.errors import InvalidParameters
from gridlogic.game.record import Problem
from gridlogic.loop import grid_problems
from gridlogic.params import check_int, parse_json

MAX_SIDE = 200  # larger boards are refused up front rather than slowly


@dataclass(frozen=True)
class LoopPuzzleFile:
    """A puzzle read from outside: its shape and clues, and the format it came in."""

    width: int
    height: int
    clues: tuple[int | None, ...]
    source: str = "text"


def _check_shape(width: int, height: int) -> None:
    if not 1 <= width <= MAX_SIDE or not 1 <= height <= MAX_SIDE:
        raise InvalidParameters(f"board size {width}x{height} is outside 1..{MAX_SIDE} on a side")


def _shape_of(width: str, height: str) -> tuple[int, int]:
    """The sides a URL or a game ID writes in digits, checked before ``int`` reads a number too long."""
    if len(width) > 9 or len(height) > 9:
        shown = "x".join(side if len(side) <= 9 else side[:6] + "..." for side in (width, height))
        raise InvalidParameters(f"board size {shown} is outside 1..{MAX_SIDE} on a side")
    _check_shape(int(width), int(height))
    return int(width), int(height)


# ---------------------------------------------------------------- puzz.link
_PUZZLINK = re.compile(r"^(?:[^?]*\?)?slither/(?:[a-z]+/)?(\d+)/(\d+)/([0-9a-z.]*)/?$")


def from_puzzlink(url: str) -> LoopPuzzleFile:
    """A puzz.link / pzprjs slitherlink URL (or just ``slither/W/H/body``)."""
    match = _PUZZLINK.match(url.strip())
    if not match:
        raise InvalidParameters(f"not a puzz.link slitherlink URL (…?slither/W/H/body): {url.strip()[:80]!r}")
    (width, height), body = _shape_of(match[1], match[2]), match[3]
    total = width * height
    clues: list[int | None] = []
    for k, ch in enumerate(body):
        if len(clues) >= total:
            raise InvalidParameters(f"puzz.link body has characters after the last cell, from position {k}: "
                                    f"{body[k:k + 20]!r}")
        if "0" <= ch <= "4":
            clues.append(int(ch))
        elif "5" <= ch <= "9":
            clues += [int(ch) - 5, None]
        elif "a" <= ch <= "e":
            clues += [int(ch, 16) - 10, None, None]
        elif "g" <= ch <= "z":
            clues += [None] * (int(ch, 36) - 15)
        elif ch == ".":
            clues.append(None)
        else:
            raise InvalidParameters(f"puzz.link body character {ch!r} at position {k} is not a clue or a run")
    # an encoder may write a clue's trailing blanks past the last cell
    if len(clues) > total and all(c is None for c in clues[total:]) and len(clues) - total <= 2:
        clues = clues[:total]
    if len(clues) != total:
        raise InvalidParameters(
            f"puzz.link body describes {len(clues)} cells; a {width}x{height} board has {total}"
        )
    return LoopPuzzleFile(width, height, tuple(clues), "puzzlink")


def to_puzzlink(clues: Sequence[int | None], width: int, height: int) -> str:
    """The puzz.link URL of a board (the pzprjs encoding, runs of blanks joined across rows)."""
    out: list[str] = []
    blanks = 0
    k, total = 0, width * height
    while k < total:
        clue = clues[k]
        if clue is None:
            blanks += 1
            if blanks == 20:
                out.append("z")
                blanks = 0
            k += 1
            continue
        if blanks:
            out.append(_base36(blanks + 15))
            blanks = 0
        # the pzprjs encoder's look-ahead, kept exactly so that URLs round-trip with it
        if k + 1 < total and clues[k + 1] is not None:
            out.append(format(clue, "x"))
            k += 1
        elif k + 2 < total and clues[k + 2] is not None:
            out.append(format(clue + 5, "x"))
            k += 2
        else:
            out.append(format(clue + 10, "x"))
            k += 3
    if blanks:
        out.append(_base36(blanks + 15))
    return f"https://puzz.link/p?slither/{width}/{height}/{''.join(out)}"


def _base36(value: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[value]


# ---------------------------------------------------------------- Loopy
_LOOPY_GRID = re.compile(r"^(\d+)x(\d+)t(\d+)(?:d[a-z])?:(\S*)$")  # any grid's ID, its description too
_LOOPY = re.compile(r"^(\d+)x(\d+)(?:t(\d+))?(?:d[a-z])?:([0-9a-z]*)$")


def from_loopy_id(game_id: str) -> LoopPuzzleFile:
    """A Tatham Loopy game ID on the square grid (``WxHt0:body``)."""
    match = _LOOPY.match(game_id.strip())
    if not match:
        raise InvalidParameters(f"not a Loopy game ID (WxHt0:body): {game_id.strip()[:80]!r}")
    kind, body = match[3], match[4]
    if kind not in (None, "0"):
        raise InvalidParameters(f"Loopy grid type t{kind[:12]} is not the square grid t0")
    width, height = _shape_of(match[1], match[2])
    clues: list[int | None] = []
    for k, ch in enumerate(body):
        if ch.isdigit():
            if int(ch) > 4:
                raise InvalidParameters(f"Loopy clue {ch!r} at position {k} is more than 4")
            clues.append(int(ch))
        else:
            clues += [None] * (ord(ch) - ord("a") + 1)
    if len(clues) != width * height:
        raise InvalidParameters(
            f"Loopy body describes {len(clues)} cells; a {width}x{height} board has {width * height}"
        )
    return LoopPuzzleFile(width, height, tuple(clues), "loopy")


def to_loopy_id(clues: Sequence[int | None], width: int, height: int) -> str:
    """The Loopy game ID of a board."""
    out: list[str] = []
    blanks = 0
    for clue in clues:
        if clue is None:
            blanks += 1
            if blanks == 26:
                out.append("z")
                blanks = 0
            continue
        if blanks:
            out.append(chr(ord("a") + blanks - 1))
            blanks = 0
        out.append(str(clue))
    if blanks:
        out.append(chr(ord("a") + blanks - 1))
    return f"{width}x{height}t0:{''.join(out)}"


# ---------------------------------------------------------------- text grid
def from_text_grid(text: str) -> LoopPuzzleFile:
    """Rows of ``0``–``4`` and ``.``; blank lines are skipped; every row as long as the first."""
    rows: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        row = line.strip()
        if not row:
            continue
        bad = next((ch for ch in row if ch not in "01234."), None)
        if bad is not None:
            raise InvalidParameters(f"line {number}: {bad!r} is not a clue 0-4 or '.' in {row[:40]!r}")
        if rows and len(row) != len(rows[0]):
            raise InvalidParameters(f"line {number}: {len(row)} cells, but the first row has {len(rows[0])}")
        rows.append(row)
    if not rows:
        raise InvalidParameters("no puzzle: the text has no rows of clues")
    width, height = len(rows[0]), len(rows)
    _check_shape(width, height)
    clues = tuple(None if ch == "." else int(ch) for row in rows for ch in row)
    return LoopPuzzleFile(width, height, clues, "text")


def to_text_grid(clues: Sequence[int | None], width: int, height: int) -> str:
    return "\n".join(
        "".join("." if clues[r * width + c] is None else str(clues[r * width + c]) for c in range(width))
        for r in range(height)
    ) + "\n"


# ---------------------------------------------------------------- JSON
def from_json(text: str) -> LoopPuzzleFile:
    """A gridlogic Loop puzzle (``n``, ``clues``) or ``{"width", "height", "clues"}``."""
    data = parse_json(text, "the puzzle")
    if not isinstance(data, dict) or "clues" not in data:
        raise InvalidParameters("a Loop JSON puzzle is an object with 'clues' and 'n' (or 'width' and 'height')")
    if "width" in data or "height" in data:
        width, height = data.get("width"), data.get("height")
    else:
        width = height = data.get("n")
    width, height = check_int(width, "'width'"), check_int(height, "'height'")
    _check_shape(width, height)
    clues = data["clues"]
    if not isinstance(clues, list) or len(clues) != width * height:
        raise InvalidParameters(f"'clues' must be a list of {width * height} ints 0-4 or nulls")
    for k, clue in enumerate(clues):
        if clue is not None:
            check_int(clue, f"'clues'[{k}] (null for a blank cell)", 0, 4)
    return LoopPuzzleFile(width, height, tuple(clues), "json")


def from_olson_collection(data: object, where: str = "the collection") -> list[LoopPuzzleFile]:
    """Jonathan Olson's collections: a JSON list of ``{"board": {"parameters": {"width", "height"}},
    "faceData": "..."}``, one character a cell (``.`` blank, ``0``-``4`` a clue), row by row."""
    if not isinstance(data, list):
        raise InvalidParameters(f"{where}: expected a JSON list of slitherlinks")
    puzzles = []
    for index, entry in enumerate(data):
        at = f"{where} entry {index}"
        try:
            parameters = entry["board"]["parameters"]
            width, height, faces = parameters["width"], parameters["height"], entry["faceData"]
        except (KeyError, TypeError):
            raise InvalidParameters(f"{at}: expected board.parameters.width/height and faceData") from None
        width, height = check_int(width, f"{at}: width"), check_int(height, f"{at}: height")
        _check_shape(width, height)
        if not isinstance(faces, str) or len(faces) != width * height:
            raise InvalidParameters(f"{at}: faceData must be {width * height} characters for {width}x{height}")
        if any(ch not in ".01234" for ch in faces):
            raise InvalidParameters(f"{at}: faceData holds characters other than . and 0-4")
        clues = tuple(None if ch == "." else int(ch) for ch in faces)
        puzzles.append(LoopPuzzleFile(width, height, clues, "olson-json"))
    return puzzles


def to_json(clues: Sequence[int | None], width: int, height: int) -> str:
    """The plain JSON form ``{"width": W, "height": H, "clues": [...]}`` that :func:`from_json` reads."""
    return json.dumps({"width": width, "height": height, "clues": list(clues)})


# ``WxH``, the grid type and difficulty if any, then ":" before the body
_LOOPY_HEAD = re.compile(r"\d+x\d+[^:/\s]*:")


def looks_inline(text: str) -> bool:
    """Whether ``text`` is a puzz.link URL or a Loopy game ID given as such.

    The one test of that, for :func:`read_puzzle`, the command line (an argument is
    a puzzle, not a file name: ``5x5-missing.txt`` is a file) and bench-solve (a
    ``.txt`` file holds a Loop ID, not a Pattern one). A URL names ``slither/``; a
    Loopy ID is ``WxH``, its parameters, ``:`` and a body of digits and letters.
    A Pattern game ID (``3x2:2/1/1/3/1``) starts alike, but its clues are separated
    by ``/``, which no Loopy ID holds.
    """
    stripped = text.strip()
    return "slither/" in stripped or (_LOOPY_HEAD.match(stripped) is not None and "/" not in stripped)


def read_puzzle(text: str) -> LoopPuzzleFile:
    """Any of the formats above, told apart by their look."""
    stripped = text.strip()
    if not stripped:
        raise InvalidParameters("no puzzle: the input is empty")
    if stripped.startswith("{"):
        return from_json(stripped)
    if looks_inline(stripped):
        return from_puzzlink(stripped) if "slither/" in stripped else from_loopy_id(stripped)
    return from_text_grid(stripped)


def _problem(found: LoopPuzzleFile) -> Problem:
    return Problem("loop", found.width, found.height, {"clues": list(found.clues)}, found.source)


def read_problem(text: str) -> Problem:
    """A slitherlink in any format :func:`read_puzzle` reads, as a :class:`~gridlogic.game.record.Problem`;
    a Loopy ID of another grid than squares as a problem on that grid (:mod:`gridlogic.loop.grid_problems`)."""
    match = _LOOPY_GRID.match(text.strip()) if isinstance(text, str) else None
    if match is not None and match[3] != "0":
        return grid_problems.read(text)
    return _problem(read_puzzle(text))


def read_file(name: str, text: str) -> list[tuple[str, Problem]] | None:
    """An Olson collection (a ``.json`` list), a ``.json`` Loop puzzle (with ``clues``) or a ``.txt``
    puzz.link URL or Loopy ID; else None."""
    if name.endswith(".json"):
        data = parse_json(text, "the file")
        if isinstance(data, list):
            return [(str(k), _problem(p)) for k, p in enumerate(from_olson_collection(data, name))]
        if not isinstance(data, dict) or "clues" not in data or "rowClues" in data:
            return None
    elif not (name.endswith(".txt") and looks_inline(text)):
        return None
    return [("", read_problem(text))]


# what other software reads: pzprjs / puzz.link, and Simon Tatham's Loopy
def _puzzlink_of(problem: Problem) -> str:
    if grid_problems.on_grid(problem):
        raise InvalidParameters("puzz.link writes Loop on squares only; this puzzle is on another grid")
    return to_puzzlink(problem.givens["clues"], problem.width, problem.height)


def _loopy_of(problem: Problem) -> str:
    if grid_problems.on_grid(problem):
        return grid_problems.loopy_id(problem)
    return to_loopy_id(problem.givens["clues"], problem.width, problem.height)


EXPORTS: dict[str, Callable[[Problem], str]] = {"puzzlink": _puzzlink_of, "loopy": _loopy_of}
