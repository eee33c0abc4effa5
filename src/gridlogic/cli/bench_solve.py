"""``gridlogic bench-solve PATH``: solve every puzzle in a file or folder and tabulate.

Each puzzle file is read by the reader of its game, solved by that game's
general solver within ``--budget`` seconds, and counted in a table per
collection (a folder's files, or one JSON file holding a list of puzzles):
how many puzzles, how many got a solution, how many were unique, several,
none or undecided, the median and the largest solving time, and how many
verdicts disagree with the solution the file publishes (``goal`` in ``.non``
files). What is read:

- ``.non`` files, Tatham Pattern IDs (``.txt``) and gridlogic Pattern JSON:
  Pattern, solved by :func:`gridlogic.pattern.general.solve_general`;
- Loopy IDs and puzz.link slitherlink URLs (``.txt``) too: Loop;
- JSON lists of slitherlinks in Jonathan Olson's form (``board.parameters``
  with ``width`` and ``height``, ``faceData`` one character a cell) and
  gridlogic Loop JSON: Loop, solved by :func:`gridlogic.loop.general.solve_general`
  (native search, then the SAT back end past a threshold; ``--sat`` forces it).

Adding a game or a solver is one entry in :data:`SOLVERS`.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from gridlogic.cli import read_text
from gridlogic.errors import GridlogicError, InvalidParameters
from gridlogic.params import parse_json

DEFAULT_BUDGET = 30.0
STATUSES = ("unique", "several", "none", "undecided")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle to solve: its game, where it came from, and what its reader returned."""

    game: str
    collection: str
    name: str
    data: Any


@dataclass(frozen=True)
class Outcome:
    """A solver's answer in the common form the table needs."""

    status: str
    elapsed: float
    solved: bool  # at least one solution was found
    agrees: bool | None  # None: the file publishes no solution to compare with
    method: str = ""


def _pattern_outcome(puzzle: Any, budget: float | None, sat: bool) -> Outcome:
    from gridlogic.pattern.general import solve_general

    verdict = solve_general(
        puzzle.row_clues, puzzle.col_clues, puzzle.width, puzzle.height, time_limit=budget, sat=sat
    )
    agrees: bool | None = None
    if puzzle.goal is not None and verdict.status != "undecided":
        goal = tuple(puzzle.goal)
        if verdict.status == "unique":
            agrees = verdict.solutions[0] == goal
        else:
            # A published goal means at least one solution: "none" disagrees;
            # "several" is consistent with it (the goal is one of them).
            agrees = verdict.status == "several"
    return Outcome(verdict.status, verdict.elapsed, bool(verdict.solutions), agrees, verdict.method)


def _loop_outcome(puzzle: Any, budget: float | None, sat: bool) -> Outcome:
    from gridlogic.loop.general import solve_general

    verdict = solve_general(
        list(puzzle.clues), puzzle.width, puzzle.height, time_limit=budget, sat=sat
    )
    # Loop files publish no solution to compare with.
    return Outcome(verdict.status, verdict.elapsed, bool(verdict.solutions), None, verdict.method)


SOLVERS: dict[str, Callable[[Any, float | None, bool], Outcome]] = {
    "pattern": _pattern_outcome,
    "loop": _loop_outcome,
}
"""Game name -> function solving one puzzle of that game within a budget."""


# -- reading -------------------------------------------------------------------------


def _olson_slitherlinks(data: list[Any], collection: str) -> Iterator[Puzzle]:
    from gridlogic.loop.formats import LoopPuzzleFile

    for index, entry in enumerate(data):
        where = f"{collection} entry {index}"
        try:
            parameters = entry["board"]["parameters"]
            width, height = int(parameters["width"]), int(parameters["height"])
            faces = entry["faceData"]
        except (KeyError, TypeError, ValueError):
            raise InvalidParameters(
                f"{where}: expected board.parameters.width/height and faceData"
            ) from None
        if not isinstance(faces, str) or len(faces) != width * height:
            raise InvalidParameters(
                f"{where}: faceData must be {width * height} characters for {width}x{height}"
            )
        if any(ch not in ".01234" for ch in faces):
            raise InvalidParameters(f"{where}: faceData holds characters other than . and 0-4")
        clues = tuple(None if ch == "." else int(ch) for ch in faces)
        yield Puzzle(
            "loop", collection, f"{index}", LoopPuzzleFile(width, height, clues, "olson-json")
        )


def read_puzzles(path: str, skipped: list[str] | None = None) -> Iterator[Puzzle]:
    """Every puzzle in ``path`` (a file or a folder, searched recursively, sorted by name).

    ``.txt`` files that hold no puzzle ID are appended to ``skipped`` when given.
    """
    if skipped is None:
        skipped = []
    if os.path.isdir(path):
        files = []
        for folder, _dirs, names in os.walk(path):
            for name in names:
                if name.endswith((".non", ".json", ".txt")) and not name.startswith("."):
                    files.append(os.path.join(folder, name))
        files.sort()
        for file in files:
            relative = os.path.relpath(os.path.dirname(file), path)
            top = os.path.basename(os.path.normpath(path))
            yield from _read_file(file, top if relative == "." else relative, skipped)
    elif os.path.exists(path):
        yield from _read_file(path, os.path.basename(path), skipped)
    else:
        raise GridlogicError(f"cannot read {path!r}: no such file or folder")


def _read_file(file: str, collection: str, skipped: list[str]) -> Iterator[Puzzle]:
    from gridlogic.loop.formats import looks_inline
    from gridlogic.loop.formats import read_puzzle as read_loop
    from gridlogic.pattern.formats import read_puzzle as read_pattern

    text = read_text(file)
    name = os.path.splitext(os.path.basename(file))[0]
    if file.endswith(".json"):
        data = _with_file(lambda content: parse_json(content, "the file"), text, file)
        if isinstance(data, list):
            yield from _olson_slitherlinks(data, os.path.basename(file))
            return
        if isinstance(data, dict) and "clues" in data and "rowClues" not in data:
            yield Puzzle("loop", collection, name, _with_file(read_loop, text, file))
            return
    if file.endswith(".txt"):
        # A .txt file holds one game ID (Tatham Pattern or Loopy) or a puzz.link
        # slitherlink URL; other text files in a folder are notes and are skipped.
        head = text.strip()
        if looks_inline(head):
            yield Puzzle("loop", collection, name, _with_file(read_loop, text, file))
        elif re.match(r"\d+(x\d+)?:", head):
            yield Puzzle("pattern", collection, name, _with_file(read_pattern, text, file))
        else:
            skipped.append(file)
        return
    yield Puzzle("pattern", collection, name, _with_file(read_pattern, text, file))


def _with_file(reader: Callable[[str], Any], text: str, file: str) -> Any:
    try:
        return reader(text)
    except InvalidParameters as error:
        raise InvalidParameters(f"{file}: {error}") from None


# -- the table -----------------------------------------------------------------------


@dataclass
class Tally:
    """Counts and times of one collection (or of everything)."""

    name: str
    count: int = 0
    solved: int = 0
    disagree: int = 0
    statuses: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    times: list[float] = field(default_factory=list)

    def add(self, outcome: Outcome) -> None:
        self.count += 1
        self.solved += outcome.solved
        self.disagree += outcome.agrees is False
        self.statuses[outcome.status] = self.statuses.get(outcome.status, 0) + 1
        self.times.append(outcome.elapsed)

    def row(self) -> dict[str, Any]:
        return {
            "collection": self.name,
            "count": self.count,
            "solved": self.solved,
            **{status: self.statuses[status] for status in STATUSES},
            "disagree": self.disagree,
            "median": statistics.median(self.times) if self.times else 0.0,
            "max": max(self.times) if self.times else 0.0,
        }


def format_table(rows: list[dict[str, Any]]) -> str:
    headers = ["collection", "count", "solved", *STATUSES, "disagree", "median s", "max s"]
    body = [
        [
            str(row["collection"]),
            *(str(row[key]) for key in ("count", "solved", *STATUSES, "disagree")),
            f"{row['median']:.4f}",
            f"{row['max']:.3f}",
        ]
        for row in rows
    ]
    widths = [max(len(h), *(len(line[i]) for line in body)) for i, h in enumerate(headers)]
    lines = [
        "  ".join(
            h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(headers, widths))
        )
    ]
    for line in body:
        lines.append(
            "  ".join(
                v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(line, widths))
            )
        )
    return "\n".join(lines)


def _progress(done: int, total: int, label: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {label[:40]:<40}")
    sys.stderr.flush()


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "bench-solve",
        help="solve every puzzle in a file or folder (.non, Pattern/Loop JSON, slitherlink "
        "collections) and print a table of verdicts and times",
    )
    parser.add_argument("path", help="a puzzle file, a JSON collection, or a folder of them")
    parser.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET,
        metavar="SECONDS",
        help=f"time allowed per puzzle (default {DEFAULT_BUDGET:g}); past it: undecided",
    )
    parser.add_argument("--sat", action="store_true", help="force the SAT back end (python-sat)")
    parser.add_argument(
        "--json", action="store_true", help="print every result and the table as JSON"
    )
    parser.add_argument(
        "--first", type=int, metavar="N", help="only the first N puzzles of each collection"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not args.budget > 0:
        raise InvalidParameters(
            f"--budget must be a number of seconds above 0, not {args.budget!r}"
        )
    if args.first is not None and args.first < 1:
        raise InvalidParameters(f"--first must be 1 or more, not {args.first!r}")
    puzzles: list[Puzzle] = []
    per_collection: dict[str, int] = {}
    skipped: list[str] = []
    for puzzle in read_puzzles(args.path, skipped):
        seen = per_collection.get(puzzle.collection, 0)
        if args.first is not None and seen >= args.first:
            continue
        per_collection[puzzle.collection] = seen + 1
        puzzles.append(puzzle)
    if skipped:
        sys.stderr.write(f"note: skipped {len(skipped)} .txt file(s) holding no puzzle ID\n")
    if not puzzles:
        raise GridlogicError(f"no puzzle found in {args.path!r} (.non, .json or .txt files)")
    show_progress = sys.stderr.isatty() and not args.json
    tallies: dict[str, Tally] = {}
    total = Tally("all")
    results = []
    for index, puzzle in enumerate(puzzles):
        if show_progress:
            _progress(index, len(puzzles), f"{puzzle.collection}/{puzzle.name}")
        outcome = SOLVERS[puzzle.game](puzzle.data, args.budget, args.sat)
        tallies.setdefault(puzzle.collection, Tally(puzzle.collection)).add(outcome)
        total.add(outcome)
        results.append(
            {
                "game": puzzle.game,
                "collection": puzzle.collection,
                "name": puzzle.name,
                "width": puzzle.data.width,
                "height": puzzle.data.height,
                "status": outcome.status,
                "method": outcome.method,
                "elapsed": round(outcome.elapsed, 6),
                "agreesWithGoal": outcome.agrees,
            }
        )
    if show_progress:
        _progress(len(puzzles), len(puzzles), "done")
        sys.stderr.write("\n")
    rows = [tally.row() for tally in tallies.values()]
    if len(rows) > 1:
        rows.append(total.row())
    if args.json:
        print(
            json.dumps({"budget": args.budget, "sat": args.sat, "puzzles": results, "table": rows})
        )
    else:
        print(format_table(rows))
        for result in results:
            if result["status"] == "undecided" or result["agreesWithGoal"] is False:
                note = "undecided" if result["status"] == "undecided" else "DISAGREES with its goal"
                print(
                    f"{note}: {result['collection']}/{result['name']} "
                    f"{result['width']}x{result['height']} ({result['status']}, "
                    f"{result['elapsed']:.2f} s)"
                )
    return 1 if total.disagree else 0
