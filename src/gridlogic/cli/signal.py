"""``gridlogic signal generate`` and ``gridlogic signal solve``."""

from __future__ import annotations

import argparse
import json
import math

from gridlogic import signal
from gridlogic.cli import add_generate_command, read_text
from gridlogic.errors import InvalidParameters
from gridlogic.params import parse_json
from gridlogic.verdict import verdict_of


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("signal", help="Signal: rotate tiles into one tree (Net)")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    add_generate_command(actions, signal)

    sol = actions.add_parser("solve", help="count the solutions of a board (JSON list of tile masks)")
    sol.add_argument("file", nargs="?", help="a JSON file (default: standard input)")
    sol.add_argument("--node-limit", type=int, default=30000, help="search budget (default 30000)")
    sol.add_argument("--json", action="store_true", help="print the solver's result as JSON")
    sol.set_defaults(handler=solve)


def read_board(text: str) -> list[int]:
    """A board from JSON: a list of masks, or an object with ``shuffled`` or ``tiles``."""
    data = parse_json(text, "the board")
    if isinstance(data, dict):
        data = data.get("shuffled", data.get("tiles"))
    if not isinstance(data, list):
        raise InvalidParameters("expected a JSON list of tile masks (ints 0-15), or an object with 'shuffled' or 'tiles'")
    return data


def solve(args: argparse.Namespace) -> int:
    board = read_board(read_text(args.file))
    n = math.isqrt(len(board))
    if n < 1 or n * n != len(board):
        raise InvalidParameters(f"a board has a square number of tiles (1, 4, 9, ...), not {len(board)}")
    if args.node_limit < 0:
        raise InvalidParameters(f"--node-limit must be 0 or more, not {args.node_limit}")
    result = signal.solve(board, n, args.node_limit)
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(verdict(result, args.node_limit))
        for k, solution in enumerate(result.solutions, 1):
            print(f"\nsolution {k}:\n{signal.board_text(solution, n)}")
    return 0 if result.unique else 1


def verdict(result: signal.SolveResult, node_limit: int) -> str:
    status = verdict_of(len(result.solutions), result.truncated)
    if status == "undecided":
        found = len(result.solutions)
        return f"undecided: the search stopped at its budget of {node_limit} nodes ({found} solution(s) so far)"
    return {
        "unique": "unique: exactly one solution",
        "several": "several: at least two solutions",
        "none": "none: no solution",
    }[status]
