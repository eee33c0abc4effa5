"""``gridlogic GAME generate``, ``gridlogic GAME solve``, ``gridlogic GAME grade`` and ``gridlogic show ID``.

One builder over :data:`gridlogic.GAMES`: the options each command offers
come from the game's :class:`~gridlogic.game.Game` record (its versions'
sizes, difficulties and options; which budgets its solver takes), so a new
game or version needs nothing here.

``solve`` takes a file, ``-`` or nothing for standard input, text the game
reads as a puzzle itself (a puzz.link URL, a Tatham or Loopy game ID, JSON),
or a gridlogic puzzle ID, and prints::

    Pattern 2x2 (tatham)
    several: at least two solutions; two of them follow (0 search nodes, by line)

then the solutions. Exit code 0 when unique, 1 otherwise (2 for bad input,
from :func:`gridlogic.cli.main`).

``grade`` (for every game whose record has a grader) reads the same inputs
and prints the level and what the grader's techniques or stages did::

    Pattern 3x3 (json)
    level: easy
    overlap 9, line 0, probe 0 (cells decided by each technique)

Exit code 0 when the grader gives a level, 1 when it gives none; ``--budget SECONDS`` (default 60)
bounds the grading, past which nothing is printed but one line on standard error, with exit code 3.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import secrets
import sys
from typing import Any

from gridlogic.cli import (
    EXIT_OUT_OF_TIME,
    NoPuzzle,
    add_budget_argument,
    check_board_size,
    count_of,
    deadline_of,
    read_text,
)
from gridlogic.errors import InvalidParameters
from gridlogic.game import GAMES, IMPORTED, Game, Problem, Puzzle, parse_id, puzzle_from_id
from gridlogic.params import check_limit
from gridlogic.verdict import Verdict

# Each game's ACTION subparsers, by game name, for the command modules that add an action to every
# game after this one (``gridlogic GAME print``: :mod:`.printing`).
GAME_ACTIONS: dict[str, argparse._SubParsersAction] = {}


def register(commands: argparse._SubParsersAction) -> None:
    for game in GAMES.values():
        parser = commands.add_parser(game.name, help=f"{game.title}: {game.summary}")
        actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
        GAME_ACTIONS[game.name] = actions
        _add_generate(actions, game)
        _add_solve(actions, game)
        if game.grade is not None:
            _add_grade(actions, game)
    show = commands.add_parser("show", help="make again and show the puzzle a puzzle ID names")
    show.add_argument("id", help="a puzzle ID, like signal.3.4x4.medium.notes-example")
    _add_output_options(show, sorted({name for game in GAMES.values() for name in game.exports}))
    show.set_defaults(handler=_show)


def _versions_help(game: Game) -> str:
    lines = []
    for number, version in sorted(game.versions.items()):
        lines.append(f"version {number}: {version.summary}; sizes {version.sizes_text()}; "
                     f"difficulties {', '.join(version.difficulties)}")
    return "\n".join(lines)


OUTPUTS = ("text", "json", "svg")  # every game's; a game's exports come after them


def _add_output_options(parser: argparse.ArgumentParser, exports: list[str]) -> None:
    parser.add_argument("--format", choices=(*OUTPUTS, *exports), default="text",
                        help=", ".join((*OUTPUTS, *exports))
                             + " (the formats of other software: the givens only)" * bool(exports))
    parser.add_argument("--solution", action="store_true", help="also show the answer (text, svg)")


def _add_generate(actions: argparse._SubParsersAction, game: Game) -> None:
    latest = game.version()
    gen = actions.add_parser(
        "generate", help="generate a puzzle with exactly one solution",
        description=f"Generate a {game.title} puzzle with exactly one solution.\n\n{_versions_help(game)}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_board_arguments(gen, [game], f"board side (default {latest.default_size})")
    if len(game.difficulties) > 1:
        gen.add_argument("--difficulty", default="any", help=", ".join(game.difficulties) + " (default any)")
    gen.add_argument("--version", type=int, default=game.latest, metavar="V",
                     help=f"generator version: {', '.join(map(str, sorted(game.versions)))} (default {game.latest})")
    gen.add_argument("--seed", help="any text of at most 80 UTF-16 units (default: random, printed)")
    _add_output_options(gen, list(game.exports))
    gen.set_defaults(handler=functools.partial(_generate, game))


def add_board_arguments(parser: argparse.ArgumentParser, games: list[Game], size_help: str) -> None:
    """``--size N`` (or ``--width``/``--height`` where a version is rectangular) and a flag per option
    any version of ``games`` has (``--wrapping``, ``--symmetry CHOICE``)."""
    parser.add_argument("--size", type=int, metavar="N", help=size_help)
    versions = [version for game in games for version in game.versions.values()]
    if any(version.rectangular for version in versions):
        parser.add_argument("--width", type=int, metavar="W", help="board width (with --height, instead of --size)")
        parser.add_argument("--height", type=int, metavar="H", help="board height")
    seen: set[str] = set()
    for option in (option for version in versions for option in version.options):
        if option.name in seen:
            continue
        seen.add(option.name)
        flag = "--" + option.name.replace("_", "-")
        if option.values == (False, True):
            parser.add_argument(flag, action="store_const", const=True, default=None, help=option.help)
        else:
            parser.add_argument(flag, choices=[str(v) for v in option.values], default=None, help=option.help)


def board_arguments(game: Game, args: argparse.Namespace) -> tuple[Any, dict[str, Any]]:
    """The size (None when not given) and options that :func:`add_board_arguments`' flags ask for.

    An option flag of any version is read; ``Game.spec`` then refuses one that the chosen version
    does not have, and says which it has."""
    width, height = getattr(args, "width", None), getattr(args, "height", None)
    if (width is None) != (height is None):
        raise InvalidParameters("--width and --height go together")
    size: int | tuple[int, int] | None = args.size
    if width is not None and height is not None:
        if args.size is not None:
            raise InvalidParameters("give --size or --width and --height, not both")
        size = (width, height)
    options: dict[str, Any] = {}
    for option in (o for v in game.versions.values() for o in v.options):
        value = getattr(args, option.name, None)
        if value is not None:
            options[option.name] = next(v for v in option.values if str(v) == str(value))
    return size, options


def _generate(game: Game, args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.token_hex(4)
    size, options = board_arguments(game, args)
    if size is None:
        size = game.version(args.version).default_size
    puzzle = game.generate(size, seed, getattr(args, "difficulty", "any"), version=args.version, **options)
    if args.seed is None and args.format != "text":
        sys.stderr.write(f"seed {seed!r}\n")
    _print_puzzle(game, puzzle, args)
    return 0


def _show(args: argparse.Namespace) -> int:
    puzzle = puzzle_from_id(args.id)
    _print_puzzle(GAMES[puzzle.game], puzzle, args)
    return 0


def _print_puzzle(game: Game, puzzle: Puzzle, args: argparse.Namespace) -> None:
    if args.format == "json":
        print(json.dumps(puzzle.to_dict(), ensure_ascii=False))
    elif args.format == "svg":
        print(game.render_svg(puzzle, args.solution), end="")
    elif args.format != "text":
        if args.format not in game.exports:
            raise InvalidParameters(f"{game.title} puzzles are written as {', '.join((*OUTPUTS, *game.exports))}; "
                                    f"not {args.format}")
        text = game.exports[args.format](game.problem(puzzle))
        print(text, end="" if text.endswith("\n") else "\n")
    else:
        level = f", {puzzle.level}" if puzzle.level else ""
        if puzzle.version == IMPORTED:
            print(f"{game.title} {puzzle.width}x{puzzle.height}, brought from outside (one solution, proven)")
        else:
            size = f"{puzzle.width}x{puzzle.height}"
            print(f"{game.title} {size}, seed {puzzle.seed!r}{level} (attempt {puzzle.attempt})")
        print(f"ID {puzzle.id}")
        print(game.render_text(puzzle, args.solution), end="")


def _add_solve(actions: argparse._SubParsersAction, game: Game) -> None:
    sol = actions.add_parser("solve", help=f"decide how many solutions a puzzle has ({game.formats})")
    sol.add_argument("puzzle", nargs="?",
                     help=f"a file, - for standard input (the default), {game.formats}, or a puzzle ID")
    if "budget" in game.solve_options:
        default = f"default {game.default_budget:g}" if game.default_budget else "default none"
        sol.add_argument("--budget", type=float, metavar="SECONDS",
                         help=f"time the solver may take ({default}); past it: undecided")
    if "sat" in game.solve_options:
        sol.add_argument("--sat", action="store_true", help="go to the SAT back end at once (python-sat)")
    default_limit = f"default {game.default_node_limit}" if game.default_node_limit else "default: the general solver"
    sol.add_argument("--node-limit", type=int, metavar="N",
                     help=f"search budget in nodes ({default_limit}); past it: undecided")
    sol.add_argument("--json", action="store_true", help="print the verdict and solutions as JSON")
    sol.set_defaults(handler=functools.partial(_solve, game))


def read_problem(game: Game, argument: str | None) -> Problem:
    """The puzzle named on the command line: a puzzle ID, text that is a puzzle itself, or a file to read;
    standard input when none is named, unless it is a terminal (:class:`NoPuzzle`: nobody would know
    the command is waiting for a puzzle to be typed)."""
    if argument is None and sys.stdin.isatty():
        raise NoPuzzle(game)
    if argument is not None and argument != "-" and not os.path.exists(argument):
        if argument.startswith(game.name + "."):
            return game.problem(GAMES[parse_id(argument).game].make(parse_id(argument)))
        if game.looks_inline(argument):
            return check_board_size(game, game.read(argument))
    return check_board_size(game, game.read(read_text(argument)))


def _solve(game: Game, args: argparse.Namespace) -> int:
    node_limit, budget = args.node_limit, getattr(args, "budget", None)
    if node_limit is not None and node_limit < 0:
        raise InvalidParameters(f"--node-limit must be 0 or more, not {node_limit}")
    check_limit(budget, "--budget", seconds=True)
    problem = read_problem(game, args.puzzle)
    limits: dict[str, Any] = {name: value for name, value in (("budget", budget), ("node_limit", node_limit))
                              if value is not None}
    if getattr(args, "sat", False):
        limits["sat"] = True
    verdict = game.solve(problem, **limits)
    if args.json:
        data = {"game": game.name, "format": problem.source, **verdict.to_dict()}
        data["solutions"] = [game.solution_form(problem, s) for s in verdict.solutions]
        print(json.dumps(data))
    else:
        print(f"{game.title} {problem.width}x{problem.height} ({problem.source})")
        print(describe(game, verdict, budget if budget is not None else game.default_budget,
                       node_limit if node_limit is not None else game.default_node_limit))
        for k, solution in enumerate(verdict.solutions, 1):
            print(f"\n{_solution_title(game, problem, verdict, k, solution)}:")
            print(game.render_solution(problem, solution))
    return 0 if verdict.status == "unique" else 1


def describe(game: Game, verdict: Verdict, budget: float | None, node_limit: int | None) -> str:
    """The verdict in one line, with how much search it took."""
    noun = game.solution_noun
    work = f"{count_of(verdict.nodes, 'search node')}, by {verdict.method}"
    if verdict.status == "unique":
        return f"unique: exactly one {noun} ({work})"
    if verdict.status == "several":
        return f"several: at least two {noun}s; two of them follow ({work})"
    if verdict.status == "none":
        return f"none: there is no {noun} ({work})"
    limits = [f"{node_limit} nodes"] if node_limit is not None else []
    limits += [f"{budget:g} seconds"] if budget is not None else []
    return (f"undecided: the search stopped at its budget ({' or '.join(limits) or 'none'}) with "
            f"{count_of(len(verdict.solutions), noun)} found, so uniqueness is not proven")


def _solution_title(game: Game, problem: Problem, verdict: Verdict, number: int, solution: tuple[int, ...]) -> str:
    if verdict.status == "undecided":
        title = f"a {game.solution_noun} found so far"
    else:
        title = "solution" if len(verdict.solutions) == 1 else f"solution {number}"
    if problem.goal is not None:
        title += " (the file's goal)" if tuple(solution) == problem.goal else " (not the file's goal)"
    return title


def _add_grade(actions: argparse._SubParsersAction, game: Game) -> None:
    grade = actions.add_parser(
        "grade", help=f"how hard a puzzle is, by the grader's techniques ({game.formats})",
        description=f"Grade a {game.title} puzzle by the grader's techniques. Exit code 0 when it gives a level, "
                    f"1 when it gives none, 2 for bad input, {EXIT_OUT_OF_TIME} when the budget ran out first.",
    )
    grade.add_argument("puzzle", nargs="?",
                       help=f"a file, - for standard input (the default), {game.formats}, or a puzzle ID")
    grade.add_argument("--json", action="store_true", help="print the level and the counts as JSON")
    add_budget_argument(grade, "the grading")
    grade.set_defaults(handler=functools.partial(_grade, game))


def _grade(game: Game, args: argparse.Namespace) -> int:
    assert game.grade is not None  # the action exists only for games with a grader
    deadline = deadline_of(args)
    problem = read_problem(game, args.puzzle)
    report = game.grade(problem, deadline)
    if args.json:
        print(json.dumps({"game": game.name, "format": problem.source, "level": report.level,
                          "counts": dict(report.counts), "counted": report.counted, "note": report.note}))
    else:
        print(f"{game.title} {problem.width}x{problem.height} ({problem.source})")
        print(f"level: {report.level or 'none'}" + (f" ({report.note})" if report.note else ""))
        print(", ".join(f"{name} {count}" for name, count in report.counts.items()) + f" ({report.counted})")
    return 0 if report.level is not None else 1
