"""The ``gridlogic`` command: ``main(argv) -> int``, a thin adapter over the engines.

Each command lives in a module of this package with a ``register(subparsers)``
function that adds its parser and sets ``handler`` to a function taking the
parsed arguments and returning an exit code. ``main`` turns every error the
library raises on purpose into one line on stderr and exit code 2; it never
shows a traceback for bad input.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import secrets
import sys
from collections.abc import Sequence
from types import ModuleType

from gridlogic import __version__
from gridlogic.errors import GridlogicError, InvalidParameters

# Modules of this package that add commands, in the order `--help` lists them.
COMMAND_MODULES: tuple[str, ...] = ("signal", "pattern", "loop", "batch", "serve", "bench_solve")


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line ("gridlogic: error: ...") and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="gridlogic",
        description="Signal (Net), Pattern (nonogram) and Loop (slitherlink): generate puzzles with "
        "exactly one solution, solve the ones you bring, generate in bulk, or play in the browser.",
    )
    parser.add_argument("--version", action="version", version=f"gridlogic {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(f"gridlogic.cli.{name}").register(commands)
    return parser


def add_generate_command(actions: argparse._SubParsersAction, game: ModuleType) -> None:
    """``gridlogic GAME generate``, the same for every game, built from the game's surface."""
    sizes = ", ".join(map(str, game.SIZES))
    gen = actions.add_parser("generate", help="generate a puzzle with exactly one solution")
    gen.add_argument("--size", type=int, default=game.DEFAULT_SIZE, help=f"board side: {sizes}")
    if len(game.DIFFICULTIES) > 1:
        gen.add_argument("--difficulty", default="any", help=", ".join(game.DIFFICULTIES) + " (default any)")
    gen.add_argument("--seed", help="any text of at most 80 UTF-16 units (default: random, printed)")
    gen.add_argument("--format", choices=("text", "json", "svg"), default="text")
    gen.add_argument("--solution", action="store_true", help="also show the answer (text, svg)")
    gen.set_defaults(handler=functools.partial(_generate, game))


def _generate(game: ModuleType, args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    puzzle = game.generate(args.size, seed, getattr(args, "difficulty", "any"))
    data = puzzle.to_dict()
    if args.format == "json":
        print(json.dumps(data, ensure_ascii=False))
    elif args.format == "svg":
        if args.seed is None:
            sys.stderr.write(f"seed {seed!r}\n")
        print(game.render_svg(puzzle, solution=args.solution), end="")
    else:
        level = data.get("difficulty", {}).get("level")
        title = f"{game.NAME.capitalize()} {data['n']}x{data['n']}, seed {seed!r}"
        print(title + (f", {level}" if level else "") + f" (attempt {data['attempt']})")
        print(game.render_text(puzzle, solution=args.solution), end="")
    return 0


def add_solve_command(
    actions: argparse._SubParsersAction,
    *,
    help: str,
    budget_default: float | None,
    budget_help: str,
    sat_help: str,
    node_limit_default: int | None,
    node_limit_help: str,
) -> argparse.ArgumentParser:
    """``gridlogic GAME solve`` with the options every game's solver takes.

    ``--budget SECONDS``, ``--sat``, ``--node-limit N`` and ``--json``; the
    caller adds its puzzle argument and handler, and checks the numbers with
    :func:`check_solve_options`.
    """
    sol = actions.add_parser("solve", help=help)
    sol.add_argument(
        "--budget", type=float, default=budget_default, metavar="SECONDS", help=budget_help
    )
    sol.add_argument("--sat", action="store_true", help=sat_help)
    sol.add_argument("--node-limit", type=int, default=node_limit_default, help=node_limit_help)
    sol.add_argument("--json", action="store_true", help="print the verdict and solutions as JSON")
    return sol


def check_solve_options(args: argparse.Namespace) -> None:
    """InvalidParameters when ``--node-limit`` is below 0 or ``--budget`` is not above 0."""
    if args.node_limit is not None and args.node_limit < 0:
        raise InvalidParameters(f"--node-limit must be 0 or more, not {args.node_limit}")
    if args.budget is not None and not args.budget > 0:
        raise InvalidParameters(f"--budget must be a number of seconds above 0, not {args.budget}")


def count_of(count: int, thing: str) -> str:
    """``"1 loop"``, ``"2 loops"``: a count with its noun, plural when not 1."""
    return f"{count} {thing}{'s' if count != 1 else ''}"


def solution_title(number: int, total: int, undecided: bool, thing: str) -> str:
    """The heading over solution ``number`` (from 1) of ``total`` in a solve command's output.

    An undecided verdict's solution proves nothing, so it is "a THING found so far".
    """
    if undecided:
        return f"a {thing} found so far"
    return "solution" if total == 1 else f"solution {number}"


def read_text(path: str | None) -> str:
    """The text of ``path``, or of standard input when ``path`` is None or ``-``."""
    if path is None or path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise GridlogicError(f"cannot read {path!r}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise GridlogicError(f"cannot read {path!r}: it is not UTF-8 text") from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except GridlogicError as error:
        sys.stderr.write(f"gridlogic: {error}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("gridlogic: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
