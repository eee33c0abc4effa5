"""``gridlogic signal generate`` and ``gridlogic signal solve``."""

from __future__ import annotations

import argparse
import json
import math
import secrets

from gridlogic import signal
from gridlogic.cli import read_text
from gridlogic.errors import InvalidParameters


def register(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser("signal", help="Signal: rotate tiles into one tree (Net)")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    gen = actions.add_parser("generate", help="generate a puzzle (the original engine's, for the same seed)")
    gen.add_argument("--size", type=int, default=signal.DEFAULT_SIZE, help="board side: 4, 5 or 6")
    gen.add_argument("--difficulty", default="any", help="any, easy, medium or hard")
    gen.add_argument("--seed", help="any text of at most 80 UTF-16 units (default: random)")
    gen.add_argument("--format", choices=("text", "json", "svg"), default="text")
    gen.add_argument("--solution", action="store_true", help="also show the answer (text, svg)")
    gen.set_defaults(handler=generate)

    sol = actions.add_parser("solve", help="count the solutions of a board (JSON list of tile masks)")
    sol.add_argument("file", nargs="?", help="a JSON file (default: standard input)")
    sol.add_argument("--node-limit", type=int, default=30000, help="search budget (default 30000)")
    sol.add_argument("--json", action="store_true", help="print the solver's result as JSON")
    sol.set_defaults(handler=solve)


def generate(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    puzzle = signal.generate(args.size, seed, args.difficulty)
    if args.format == "json":
        print(json.dumps(puzzle.to_dict(), ensure_ascii=False))
    elif args.format == "svg":
        print(signal.render_svg(puzzle, solution=args.solution), end="")
    else:
        level = puzzle.difficulty.level
        print(f"Signal {puzzle.n}x{puzzle.n}, {level}, seed {seed!r} (attempt {puzzle.attempt}, score {puzzle.metrics.score})")
        print(signal.render_text(puzzle, solution=args.solution), end="")
    return 0


def read_board(text: str) -> list[int]:
    """A board from JSON: a list of masks, or an object with ``shuffled`` or ``tiles``."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidParameters(f"not JSON: {error.msg} at line {error.lineno}, column {error.colno}") from None
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
    if result.truncated:
        found = len(result.solutions)
        if found >= 2:
            return "several: at least two solutions"
        return f"undecided: the search stopped at its budget of {node_limit} nodes ({found} solution(s) so far)"
    return {0: "none: no solution", 1: "unique: exactly one solution"}.get(
        len(result.solutions), "several: at least two solutions"
    )
