"""``gridlogic bench-solve PATH``: solve every puzzle in a file or folder and tabulate.

Each file is offered to every game of :data:`gridlogic.GAMES` in turn; the
first whose ``read_file`` claims it says which puzzles it holds (one, or a
collection: Jonathan Olson's JSON lists of slitherlinks, say). Each puzzle is
solved by its game's solver within ``--budget`` seconds (where the game's
solver takes a time budget) and counted in a table per collection (a
folder's files, or one file holding a list of puzzles): how many puzzles, how
many got a solution, how many were unique, several, none or undecided, the
median and the largest solving time, and how many verdicts disagree with the
solution the file publishes (``goal`` in ``.non`` files). ``.txt`` files that
no game claims are notes, and are skipped with a count; other files no game
reads are an error.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from gridlogic.cli import check_board_size, read_text
from gridlogic.errors import GridlogicError, InvalidParameters
from gridlogic.game import GAMES, Problem
from gridlogic.params import check_limit
from gridlogic.verdict import STATUSES, Verdict

DEFAULT_BUDGET = 30.0
SUFFIXES = (".non", ".json", ".txt")


@dataclass(frozen=True)
class Entry:
    """One puzzle to solve: where it came from, and the problem its game read."""

    collection: str
    name: str
    problem: Problem


@dataclass(frozen=True)
class Outcome:
    """A solver's answer in the common form the table needs."""

    status: str
    elapsed: float
    solved: bool  # at least one solution was found
    agrees: bool | None  # None: the file publishes no solution to compare with
    method: str = ""


def outcome_of(problem: Problem, verdict: Verdict) -> Outcome:
    """The verdict, and whether it agrees with the file's published solution (its goal)."""
    agrees: bool | None = None
    if problem.goal is not None and verdict.status != "undecided":
        if verdict.status == "unique":
            agrees = verdict.solutions[0] == problem.goal
        else:
            # A published goal means at least one solution: "none" disagrees;
            # "several" is consistent with it (the goal is one of them).
            agrees = verdict.status == "several"
    return Outcome(verdict.status, verdict.elapsed, bool(verdict.solutions), agrees, verdict.method)


def solve_entry(problem: Problem, budget: float | None, sat: bool) -> Outcome:
    """Solve one problem with its game's solver, giving it what it takes of the budget and ``--sat``."""
    game = GAMES[problem.game]
    limits: dict[str, Any] = {}
    if "budget" in game.solve_options:
        limits["budget"] = budget
    if sat and "sat" in game.solve_options:
        limits["sat"] = True
    return outcome_of(problem, game.solve(problem, **limits))


# -- reading -------------------------------------------------------------------------


def read_puzzles(path: str, skipped: list[str] | None = None) -> Iterator[Entry]:
    """Every puzzle in ``path`` (a file or a folder, searched recursively, sorted by name).

    ``.txt`` files that no game reads are appended to ``skipped`` when given.
    """
    if skipped is None:
        skipped = []
    if os.path.isdir(path):
        files = []
        for folder, _dirs, names in os.walk(path):
            for name in names:
                if name.endswith(SUFFIXES) and not name.startswith("."):
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


def _read_file(file: str, collection: str, skipped: list[str]) -> Iterator[Entry]:
    text = read_text(file)
    for game in GAMES.values():
        try:
            found = game.read_file(os.path.basename(file), text)
        except InvalidParameters as error:
            raise InvalidParameters(f"{file}: {error}") from None
        if found is not None:
            stem = os.path.splitext(os.path.basename(file))[0]
            for name, problem in found:
                check_board_size(game, problem, f"{file}{f' entry {name}' if name else ''}: ")
                # a puzzle with a name of its own comes from a collection: the file is its table row
                yield Entry(os.path.basename(file), name, problem) if name else Entry(collection, stem, problem)
            return
    if file.endswith(".txt"):
        skipped.append(file)  # a note beside the puzzles
        return
    raise InvalidParameters(f"{file}: no game reads this file ({', '.join(GAMES)})")


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
    check_limit(args.budget, "--budget", seconds=True)
    if args.first is not None and args.first < 1:
        raise InvalidParameters(f"--first must be 1 or more, not {args.first!r}")
    puzzles: list[Entry] = []
    per_collection: dict[str, int] = {}
    skipped: list[str] = []
    for puzzle in read_puzzles(args.path, skipped):
        seen = per_collection.get(puzzle.collection, 0)
        if args.first is not None and seen >= args.first:
            continue
        per_collection[puzzle.collection] = seen + 1
        puzzles.append(puzzle)
    if skipped:
        sys.stderr.write(f"note: skipped {len(skipped)} .txt file(s) holding no puzzle\n")
    if not puzzles:
        raise GridlogicError(f"no puzzle found in {args.path!r} (.non, .json or .txt files)")
    show_progress = sys.stderr.isatty() and not args.json
    tallies: dict[str, Tally] = {}
    total = Tally("all")
    results = []
    for index, puzzle in enumerate(puzzles):
        if show_progress:
            _progress(index, len(puzzles), f"{puzzle.collection}/{puzzle.name}")
        outcome = solve_entry(puzzle.problem, args.budget, args.sat)
        tallies.setdefault(puzzle.collection, Tally(puzzle.collection)).add(outcome)
        total.add(outcome)
        results.append(
            {
                "game": puzzle.problem.game,
                "collection": puzzle.collection,
                "name": puzzle.name,
                "width": puzzle.problem.width,
                "height": puzzle.problem.height,
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
