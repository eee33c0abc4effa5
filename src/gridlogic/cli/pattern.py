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
from gridlogic.cli import (
    add_generate_command,
    add_solve_command,
    check_solve_options,
    count_of,
    read_text,
    solution_title,
)
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

    sol = add_solve_command(
        actions,
        help="count the solutions of a puzzle (.non, Tatham game ID or gridlogic JSON)",
        budget_default=DEFAULT_BUDGET,
        budget_help=f"time the general solver may take (default {DEFAULT_BUDGET:g}); past it: undecided",
        sat_help="use the SAT back end (python-sat)",
        node_limit_default=None,
        node_limit_help="use the generator's compatibility search instead, with this budget in nodes "
        f"(e.g. {DEFAULT_NODE_LIMIT}, the generator's)",
    )
    sol.add_argument("file", nargs="?", help="the puzzle file (default: standard input)")
    sol.set_defaults(handler=solve)


def solve_puzzle_file(puzzle: PatternPuzzleFile, node_limit: int) -> SolveResult:
    """Count the solutions of ``puzzle`` (up to two) within ``node_limit`` search nodes.

    The reference's search with the bit-mask line solver, for squares and
    rectangles alike; on squares up to 10 it is node for node the original.
    """
    return pattern.solve_grid(puzzle.row_clue_lists, puzzle.col_clue_lists, node_limit)


def describe(result: SolveResult | Verdict, node_limit: int | str) -> str:
    """One line: the verdict and how much search it took."""
    nodes = count_of(result.nodes, "search node")
    verdict = result.status
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
        f"{count_of(found, 'solution')} found, so uniqueness is not proven"
    )


def print_verdict(
    puzzle: PatternPuzzleFile, result: SolveResult | Verdict, node_limit: int | str
) -> None:
    print(f"Pattern {puzzle.width}x{puzzle.height}")
    print(describe(result, node_limit))
    for k, solution in enumerate(result.solutions, 1):
        title = solution_title(k, len(result.solutions), result.status == "undecided", "solution")
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
    check_solve_options(args)
    puzzle = read_puzzle(read_text(args.file))
    result: SolveResult | Verdict
    if args.node_limit is not None:
        result = solve_puzzle_file(puzzle, args.node_limit)
        limit: int | str = args.node_limit
    else:
        result = solve_general_file(puzzle, args.budget, args.sat)
        limit = f"{args.budget:g} seconds"
    if args.json:
        print(json.dumps({"verdict": result.status, "width": puzzle.width, "height": puzzle.height,
                          **result.to_dict()}))
    else:
        print_verdict(puzzle, result, limit)
    return 0 if result.status == "unique" else 1
