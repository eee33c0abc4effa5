"""``gridlogic loop generate`` and ``gridlogic loop solve``.

``solve`` takes a file name, a puzz.link URL or a Loopy game ID (or reads
standard input), in any format of :mod:`gridlogic.loop.formats`, and prints
the verdict (unique / several / none / undecided) and the loop.
"""

from __future__ import annotations

import argparse
import json
import os

from gridlogic import loop
from gridlogic.cli import (
    add_generate_command,
    add_solve_command,
    check_solve_options,
    count_of,
    read_text,
    solution_title,
)
from gridlogic.loop.board import inside_of_loop
from gridlogic.loop.formats import LoopPuzzleFile, looks_inline, read_puzzle
from gridlogic.loop.general import solve_general
from gridlogic.loop.render import board_text
from gridlogic.verdict import Verdict

DEFAULT_NODE_LIMIT = 200_000


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("loop", help="Loop: draw one loop that meets every number (slitherlink)")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    add_generate_command(actions, loop)

    sol = add_solve_command(
        actions,
        help="solve a puzzle: a file, a puzz.link URL or a Loopy game ID (text grid or JSON in files)",
        budget_default=None,
        budget_help="time budget in seconds (default none)",
        sat_help="use the SAT back end (python-sat, the 'sat' extra) right after root propagation",
        node_limit_default=DEFAULT_NODE_LIMIT,
        node_limit_help=f"search budget in nodes (default {DEFAULT_NODE_LIMIT})",
    )
    sol.add_argument("puzzle", nargs="?", help="file, URL or game ID (default: standard input)")
    sol.set_defaults(handler=solve)


def read_argument(argument: str | None) -> LoopPuzzleFile:
    """The puzzle named on the command line: a URL or game ID as such, otherwise a file to read."""
    if argument is not None and argument != "-" and not os.path.exists(argument) and looks_inline(argument):
        return read_puzzle(argument)
    return read_puzzle(read_text(argument))


def describe(result: Verdict, node_limit: int, budget: float | None) -> str:
    nodes = f"{count_of(result.nodes, 'search node')}, by {result.method}"
    verdict = result.status
    if verdict == "unique":
        return f"unique: exactly one loop ({nodes})"
    if verdict == "several":
        return f"several: at least two loops; two of them follow ({nodes})"
    if verdict == "none":
        return f"none: no single loop meets every clue ({nodes})"
    found = len(result.solutions)
    limits = f"{node_limit} nodes" + (f" or {budget:g} s" if budget is not None else "")
    return (
        f"undecided: the search stopped at its budget ({limits}) with "
        f"{count_of(found, 'loop')} found, so uniqueness is not proven"
    )


def solve(args: argparse.Namespace) -> int:
    check_solve_options(args)
    puzzle = read_argument(args.puzzle)
    width, height = puzzle.width, puzzle.height
    result = solve_general(
        list(puzzle.clues), width, height,
        time_limit=args.budget, node_limit=args.node_limit, sat=args.sat,
    )  # fmt: skip
    horizontal = (height + 1) * width
    if args.json:
        data = result.to_dict()
        data["verdict"] = result.status
        # solutions as inside regions (the game surface's form), and as edge lists
        data["solutions"] = [inside_of_loop(edges, width, height) for edges in result.solutions]
        data["loops"] = [
            {"horizontal": list(edges[:horizontal]), "vertical": list(edges[horizontal:])}
            for edges in result.solutions
        ]
        data["truncated"] = result.status == "undecided"
        print(json.dumps({"format": puzzle.source, **data}))
    else:
        print(f"Loop {width}x{height} ({puzzle.source})")
        print(describe(result, args.node_limit, args.budget))
        for k, edges in enumerate(result.solutions, 1):
            title = solution_title(k, len(result.solutions), result.status == "undecided", "loop")
            print(f"\n{title}:")
            print(board_text(puzzle.clues, width, height, list(edges)))
    return 0 if result.status == "unique" else 1
