"""``gridlogic GAME analyse``: the puzzle studio's analysis of a maker's puzzle, and its fixes.

For every game whose record has a studio (:mod:`gridlogic.studio`). The puzzle is a file, ``-``
for standard input (the default), text the game reads as a puzzle itself (a Tatham or Loopy game
ID, a puzz.link URL) or a puzzle ID, as for ``solve``. It prints the verdict, proven within the
game's import limits, and for a unique puzzle its level, the techniques its walk-through uses and
its play ID; for several solutions, where two of them differ::

    Pattern 2x2 (tatham)
    several: at least two solutions; two of them differ in 4 cells
    difference: cells 1–4 (counted from 1, in the order of --json)

``--fixes`` also lists the changes proven to leave one solution, nearest the difference first,
each with the text of the puzzle it makes::

    fixes (3 changes proven to leave one solution):
      cell 1 filled: 2x2:2/1/2/1

For Loop, ``--thin LEVEL`` first hides the clues the techniques of LEVEL do not need (as the
studio's *Hide the clues this level does not need*), prints the puzzle left, then analyses it::

    $ gridlogic loop analyse --thin medium puzzle.txt
    thinned: 14 clues hidden; the medium techniques still finish it, so it has one loop, proven
    puzzle: slither/5/5/g80ai7a60276c

``--json`` prints what ``POST /api/{game}/analyse`` answers (with ``--fixes``, what ``POST
/api/{game}/fixes`` answers; with ``--thin``, what ``POST /api/{game}/thin`` answers). Exit code 0
when the puzzle (the one left, with ``--thin``) is unique, 1 otherwise (2 for bad input).

``--budget SECONDS`` (default 60) bounds the whole command: the solver keeps the game's import
limits within it, and the walk-through of a unique puzzle and the fixes' trials stop at it. Past it,
nothing is printed but one line on standard error, and the exit code is 3 (an ``undecided`` verdict
is the solver's own limit, not the budget). The clues ``--thin`` hides are counted before the budget
is checked again (the thinning itself does not watch it).
"""

from __future__ import annotations

import argparse
import functools
import json

from gridlogic import studio
from gridlogic.cli import EXIT_OUT_OF_TIME, add_budget_argument, deadline_of
from gridlogic.cli.games import GAME_ACTIONS, read_problem
from gridlogic.game import GAMES, Game
from gridlogic.hints import Mark, positions_text
from gridlogic.params import check_deadline

__all__ = ["change_text", "register"]


def register(commands: argparse._SubParsersAction) -> None:
    for game in GAMES.values():
        if game.studio is not None:
            _add_analyse(GAME_ACTIONS[game.name], game)


def _add_analyse(actions: argparse._SubParsersAction, game: Game) -> None:
    parser = actions.add_parser(
        "analyse", help="the studio's analysis: one solution or several, where they differ, the level, fixes",
        description=f"Analyse a {game.title} puzzle as the studio does: the verdict within the import limits, "
                    "the level and techniques of a unique one, where two solutions differ, and with --fixes the "
                    "changes proven to leave one solution. Exit code 0 when it is unique, 1 otherwise, 2 for bad "
                    f"input, {EXIT_OUT_OF_TIME} when the budget ran out first.",
    )
    parser.add_argument("puzzle", nargs="?",
                        help=f"a file, - for standard input (the default), {game.formats}, or a puzzle ID")
    parser.add_argument("--fixes", action="store_true", help="also list the changes proven to make it unique")
    if game.studio is not None and game.studio.thin is not None:
        parser.add_argument("--thin", metavar="LEVEL", choices=game.studio.thin_levels,
                            help="first hide the clues the techniques of LEVEL do not need ("
                                 + ", ".join(game.studio.thin_levels) + ") and analyse the puzzle left")
    parser.add_argument("--json", action="store_true", help="print the API's answer as JSON")
    add_budget_argument(parser, "the analysis")
    parser.set_defaults(handler=functools.partial(_analyse, game))


def change_text(mark: Mark) -> str:
    """One change of a fix in words, counted from 1: ``cell 1 emptied``, ``cell 5 filled``, ``clue 3 in cell 2``,
    ``tile 4 becomes 6`` (its new mask, as the solution has it)."""
    if mark.kind == "clue":
        return f"clue {mark.value} in cell {mark.index + 1}"
    if mark.kind == "tile":
        return f"tile {mark.index + 1} becomes {mark.value}"
    return f"{mark.kind} {mark.index + 1} {'filled' if mark.value else 'emptied'}"


def _analyse(game: Game, args: argparse.Namespace) -> int:
    deadline = deadline_of(args)
    problem = read_problem(game, args.puzzle)
    # Everything is worked out before anything is printed: past the deadline, nothing is.
    if getattr(args, "thin", None) is not None:
        thinned = studio.thin(game, problem, args.thin)
        check_deadline(deadline)
        if args.json:
            print(json.dumps(thinned.to_dict(), ensure_ascii=False))
            return 0 if thinned.status == "thinned" else 1
        if thinned.text is None:
            print(f"{thinned.status}: {thinned.note}")
            return 1
        problem = game.read(thinned.text)
    found = studio.analyse(game, problem, deadline)
    check_deadline(deadline)  # an undecided verdict or a walk cut short by it is no answer
    proposed = studio.fixes(game, problem, deadline) if args.fixes else None
    check_deadline(deadline)  # nor are the fixes of trials it cut short
    if getattr(args, "thin", None) is not None and not args.json:
        print(f"{thinned.status}: {thinned.note}")
        print(f"puzzle: {thinned.text}")
    if args.json:
        print(json.dumps((proposed or found).to_dict(), ensure_ascii=False))
        return 0 if found.verdict == "unique" else 1
    print(f"{game.title} {problem.width}x{problem.height} ({problem.source})")
    print(f"{found.verdict}: {found.note}")
    if found.difference:
        kind = found.difference[0].kind
        print(f"difference: {kind}s {positions_text(mark.index for mark in found.difference).en} "
              "(counted from 1, in the order of --json)")
    if found.verdict == "unique":
        print(f"level: {found.level or 'none'}")
        print("techniques: " + ", ".join(f"{name} {count}" for name, count in found.techniques.items()))
        if found.id is not None:
            print(f"play: {found.id}")
    if proposed is not None and found.verdict == "several":
        print(f"fixes ({proposed.note}):" if proposed.fixes else proposed.note)
        for fix in proposed.fixes:
            print(f"  {', '.join(map(change_text, fix.changes))}: {fix.text}")
    return 0 if found.verdict == "unique" else 1
