"""``gridlogic GAME explain``: the whole solve of a puzzle as numbered steps, each with its reason.

For every game whose record has hints (:class:`~gridlogic.hints.Hints`). The
puzzle is a seed and settings (``--seed S`` with ``--size``, ``--difficulty``,
``--version``...), a puzzle ID, a file, ``-`` for standard input, or text the
game reads as a puzzle itself. It prints the technique counts and the level
the steps show, then the steps::

    Signal 4x4, seed 'notes-example', version 3
    ID signal.3.4x4.any.notes-example
    solved in 16 steps, level medium
    techniques: boundary 3, local 7, global 0, search 6

      1. boundary  Row 1, column 4 (an elbow) cannot point up or right (the board's edge): ...

``--json`` prints ``{"game", "id", "level", "status", "note", "techniques",
"steps": [{"technique", "explanation": {"en", "ja", ...}, "decides", "evidence"}]}``
(the explanation in each language it has), and ``--lang`` picks the language of the text, one of
:data:`~gridlogic.hints.LANGUAGES` (the technique and level names stay the grader's own)::

    $ gridlogic signal explain signal.3.4x4.any.notes-example --lang de
    ...
    gelöst in 16 Schritten, Stufe medium
    Techniken: boundary 3, local 7, global 0, search 6

Exit code 0 when the steps solve the puzzle, 1 when they stop short (several solutions, or beyond
the techniques).

``--budget SECONDS`` bounds the walk-through (default 60: a random 200x200 nonogram would take
hours): past it, nothing is printed but one line on standard error, and the exit code is 3::

    $ gridlogic pattern explain --budget 0.5 random-200x200.non
    gridlogic: out of time: pattern explain stopped at its budget of 0.5 seconds before it finished, ...
"""

from __future__ import annotations

import argparse
import functools
import json
import os
from typing import Any

from gridlogic.cli import EXIT_OUT_OF_TIME, add_budget_argument, deadline_of
from gridlogic.cli.games import GAME_ACTIONS, add_board_arguments, board_arguments, read_problem
from gridlogic.errors import InvalidParameters
from gridlogic.game import GAMES, IMPORTED, Game, Problem, parse_id
from gridlogic.hints import LANGUAGES, Hints, Text, Walkthrough

__all__ = ["register", "walkthrough_text"]


def register(commands: argparse._SubParsersAction) -> None:
    for game in GAMES.values():
        if game.hints is not None:
            _add_explain(GAME_ACTIONS[game.name], game)


def _add_explain(actions: argparse._SubParsersAction, game: Game) -> None:
    parser = actions.add_parser(
        "explain", help="the whole solve as numbered steps: each technique, what it decides and why",
        description=f"Explain a {game.title} puzzle step by step, each step by the easiest technique that "
                    "decides something. Give a puzzle (an ID, a file, - or text: " + game.formats + ") "
                    "or --seed with the settings of a generated one. Exit code 0 when the steps solve it, 1 when "
                    f"they stop short, 2 for bad input, {EXIT_OUT_OF_TIME} when the budget ran out first.",
    )
    parser.add_argument("puzzle", nargs="?", help="a puzzle ID, a file, - for standard input, or a puzzle as text")
    add_board_arguments(parser, [game], "board side, with --seed (default: the version's default)")
    if len(game.difficulties) > 1:
        parser.add_argument("--difficulty", default="any", help=", ".join(game.difficulties) + " (default any)")
    parser.add_argument("--version", type=int, metavar="V", help=f"generator version (default {game.latest})")
    parser.add_argument("--seed", help="the seed of a generated puzzle")
    parser.add_argument("--json", action="store_true", help="print the walk-through as JSON")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the text (default en)")
    add_budget_argument(parser, "the walk-through")
    parser.set_defaults(handler=functools.partial(_explain, game))


def _problem(game: Game, args: argparse.Namespace) -> tuple[Problem, int | None, str, str | None]:
    """The problem to explain, the version whose techniques explain it, its title and its puzzle ID
    (None for a puzzle read from a file or text)."""
    size, options = board_arguments(game, args)
    settings = size is not None or bool(options) or args.version is not None \
        or getattr(args, "difficulty", "any") != "any"
    if args.seed is None and settings:
        raise InvalidParameters("--size and the settings go with --seed (a puzzle ID or file says its own)")
    if args.seed is not None:
        if args.puzzle is not None:
            raise InvalidParameters("give a puzzle or --seed, not both")
        if size is None:
            size = game.version(args.version).default_size
        puzzle = game.generate(size, args.seed, getattr(args, "difficulty", "any"), version=args.version, **options)
    elif args.puzzle is not None and not os.path.exists(args.puzzle) and args.puzzle.startswith(game.name + "."):
        spec = parse_id(args.puzzle)
        puzzle = GAMES[spec.game].make(spec)
    else:
        problem = read_problem(game, args.puzzle)
        return problem, None, f"{game.title} {problem.width}x{problem.height} ({problem.source})", None
    if puzzle.version == IMPORTED:
        title = f"{game.title} {puzzle.width}x{puzzle.height}, brought from outside\nID {puzzle.id}"
        return game.problem(puzzle), None, title, puzzle.id
    title = (f"{game.title} {puzzle.width}x{puzzle.height}, seed {puzzle.seed!r}, version {puzzle.version}\n"
             f"ID {puzzle.id}")
    return game.problem(puzzle), puzzle.version, title, puzzle.id


ENDINGS = {  # the first line of a walk-through, by how it ended
    "solved": Text("solved in {steps}{level}", "{steps}で解けました{level}", zh="{steps}解开{level}",
                   ko="{steps} 만에 풀림{level}", de="gelöst in {steps}{level}", fr="résolu en {steps}{level}",
                   es="resuelto en {steps}{level}"),
    "stuck": Text("stopped in {steps}{level}", "{steps}で止まりました{level}", zh="{steps}后停止{level}",
                  ko="{steps}에서 멈춤{level}", de="angehalten nach {steps}{level}", fr="arrêté après {steps}{level}",
                  es="detenido tras {steps}{level}"),
    "contradiction": Text("contradicted in {steps}{level}", "{steps}で矛盾しました{level}",
                          zh="{steps}后出现矛盾{level}",
                          ko="{steps}에서 모순{level}", de="Widerspruch nach {steps}{level}",
                          fr="contradiction après {steps}{level}", es="contradicción tras {steps}{level}"),
}
LEVEL = Text(", level {level}", "（レベル {level}）", zh="（等级 {level}）", ko=" (레벨 {level})", de=", Stufe {level}",
             fr=", niveau {level}", es=", nivel {level}")
NO_LEVEL = Text(", no level", "（レベルなし）", zh="（无等级）", ko=" (레벨 없음)", de=", keine Stufe",
                fr=", sans niveau", es=", sin nivel")
TECHNIQUES = Text("techniques: {counts}", "手筋: {counts}", zh="技巧：{counts}", ko="기법: {counts}",
                  de="Techniken: {counts}", fr="techniques : {counts}", es="técnicas: {counts}")


def _steps(count: int) -> Text:
    """"1 step", "16 steps" (as the languages count them)."""
    if count == 1:
        return Text("{n} step", "{n}手", zh="{n} 步", ko="{n}단계", de="{n} Schritt", fr="{n} étape",
                    es="{n} paso").fill(n=count)
    return Text("{n} steps", "{n}手", zh="{n} 步", ko="{n}단계", de="{n} Schritten", fr="{n} étapes",
                es="{n} pasos").fill(n=count)


def walkthrough_text(hints: Hints, version: int | None, walk: Walkthrough, lang: str = "en") -> str:
    """The walk-through as the text ``explain`` prints after its title, in ``lang`` (one of
    :data:`~gridlogic.hints.LANGUAGES`; English where a text lacks it)."""
    names = [technique.name for technique in hints.techniques(version)]
    counted = ", ".join(f"{name} {count}" for name, count in walk.counts(names).items())
    level = LEVEL.fill(level=walk.level) if walk.level else NO_LEVEL if hints.levels(version) else Text("", "")
    lines = [ENDINGS[walk.status].fill(steps=_steps(len(walk.steps)), level=level).get(lang),
             TECHNIQUES.fill(counts=counted).get(lang), ""]
    width = max(map(len, names))
    for number, step in enumerate(walk.steps, 1):
        lines.append(f"{number:>4}. {step.technique or '':<{width}}  {step.explanation.get(lang)}")
    note = walk.note.get(lang)
    if note:
        lines += ["", note] if walk.steps else [note]
    return "\n".join(lines)


def _explain(game: Game, args: argparse.Namespace) -> int:
    hints = game.hints
    assert hints is not None  # only games with hints get the command
    deadline = deadline_of(args)
    problem, version, title, puzzle_id = _problem(game, args)
    walk = hints.explain(problem, version, deadline)
    if args.json:
        data: dict[str, Any] = {"game": game.name}
        if puzzle_id is not None:
            data["id"] = puzzle_id
        data.update(walk.to_dict([technique.name for technique in hints.techniques(version)]))
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(title)
        print(walkthrough_text(hints, version, walk, args.lang))
    return 0 if walk.status == "solved" else 1
