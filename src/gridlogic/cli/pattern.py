"""``gridlogic pattern generate`` and ``gridlogic pattern solve``.

``solve`` reads any format of :mod:`gridlogic.pattern.formats` from a file or
standard input. Solving (:func:`solve_puzzle_file`) is kept apart from
printing the verdict (:func:`print_verdict`): by default ``solve`` uses the
general solver (:func:`solve_general_file`, with ``--budget SECONDS`` and
``--sat``); ``--node-limit N`` asks for the generator's compatibility search
(:func:`solve_puzzle_file`) with that node budget instead.
"""

from __future__ import annotations

import argparse
import json

from gridlogic import pattern
from gridlogic.cli import add_generate_command, read_text
from gridlogic.errors import InvalidParameters
from gridlogic.pattern.formats import PatternPuzzleFile, read_puzzle
from gridlogic.pattern.general import Verdict, solve_general
from gridlogic.pattern.render import grid_text
from gridlogic.pattern.solver import SolveResult

DEFAULT_NODE_LIMIT = 20000
DEFAULT_BUDGET = 60.0


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("pattern", help="Pattern: fill cells to match the run lengths (nonogram)")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    add_generate_command(actions, pattern)

    sol = actions.add_parser(
        "solve", help="count the solutions of a puzzle (.non, Tatham game ID or gridlogic JSON)"
    )
    sol.add_argument("file", nargs="?", help="the puzzle file (default: standard input)")
    sol.add_argument(
        "--budget", type=float, default=DEFAULT_BUDGET, metavar="SECONDS",
        help=f"time the general solver may take (default {DEFAULT_BUDGET:g}); past it: undecided",
    )  # fmt: skip
    sol.add_argument("--sat", action="store_true", help="use the SAT back end (python-sat)")
    sol.add_argument(
        "--node-limit", type=int, default=None,
        help="use the generator's compatibility search instead, with this budget in nodes "
        f"(e.g. {DEFAULT_NODE_LIMIT}, the generator's)",
    )  # fmt: skip
    sol.add_argument("--json", action="store_true", help="print the verdict and solutions as JSON")
    sol.set_defaults(handler=solve)


def solve_puzzle_file(puzzle: PatternPuzzleFile, node_limit: int) -> SolveResult:
    """Count the solutions of ``puzzle`` (up to two) within ``node_limit`` search nodes.

    The reference's search with the bit-mask line solver, for squares and
    rectangles alike; on squares up to 10 it is node for node the original.
    """
    return pattern.solve_grid(puzzle.row_clue_lists, puzzle.col_clue_lists, node_limit)


def describe(result: SolveResult | Verdict, node_limit: int | str) -> str:
    """One line: the verdict and how much search it took."""
    nodes = f"{result.nodes} search node{'s' if result.nodes != 1 else ''}"
    verdict = result.verdict
    if verdict == "unique":
        return f"unique: exactly one solution ({nodes})"
    if verdict == "several":
        return f"several: at least two solutions; two of them follow ({nodes})"
    if verdict == "none":
        return f"none: no grid shows every clue ({nodes})"
    found = len(result.solutions)
    return (
        f"undecided: the search stopped at its budget of {node_limit}"
        f"{' nodes' if isinstance(node_limit, int) else ''} with "
        f"{found} solution{'s' if found != 1 else ''} found, so uniqueness is not proven"
    )


def print_verdict(
    puzzle: PatternPuzzleFile, result: SolveResult | Verdict, node_limit: int | str
) -> None:
    print(f"Pattern {puzzle.width}x{puzzle.height}")
    print(describe(result, node_limit))
    for k, solution in enumerate(result.solutions, 1):
        title = "solution" if len(result.solutions) == 1 else f"solution {k}"
        if result.verdict == "undecided":
            title = "a solution found so far"
        if puzzle.goal is not None:
            title += " (the file's goal)" if tuple(solution) == puzzle.goal else " (not the file's goal)"
        print(f"\n{title}:")
        print(grid_text(puzzle.row_clues, puzzle.col_clues, solution))


def solve_general_file(puzzle: PatternPuzzleFile, budget: float, sat: bool) -> Verdict:
    """The general solver (:mod:`gridlogic.pattern.general`): any size, proven verdicts."""
    return solve_general(
        puzzle.row_clues, puzzle.col_clues, puzzle.width, puzzle.height, time_limit=budget, sat=sat
    )


def solve(args: argparse.Namespace) -> int:
    if args.node_limit is not None and args.node_limit < 0:
        raise InvalidParameters(f"--node-limit must be 0 or more, not {args.node_limit}")
    if not args.budget > 0:
        raise InvalidParameters(f"--budget must be a number of seconds above 0, not {args.budget}")
    puzzle = read_puzzle(read_text(args.file))
    result: SolveResult | Verdict
    if args.node_limit is not None:
        result = solve_puzzle_file(puzzle, args.node_limit)
        limit: int | str = args.node_limit
    else:
        result = solve_general_file(puzzle, args.budget, args.sat)
        limit = f"{args.budget:g} seconds"
    if args.json:
        print(json.dumps({"verdict": result.verdict, "width": puzzle.width, "height": puzzle.height,
                          **result.to_dict()}))
    else:
        print_verdict(puzzle, result, limit)
    return 0 if result.verdict == "unique" else 1
