"""The games' JSON API: every game, a puzzle's givens, its solution, and a board judged and scored.

::

    GET  /api/games                                   every game, its versions, sizes and difficulties
    GET  /api/{game}/puzzle?size=&difficulty=&seed=   the givens; no seed -> any puzzle of that kind (see .ready)
    GET  /api/{game}/solution?size=&difficulty=&seed=[&play=&use=reveal]
                                                      the answer, for the Reveal button and Check
    POST /api/{game}/check                            a board judged by the rules, and the
                                                      score once it is solved

A puzzle is named by ``size`` (or ``width`` and ``height``), ``difficulty``,
``seed`` and ``version``, or by its ``id`` alone (:mod:`.inputs` reads them);
every answer about a puzzle carries its ``id``, ``version``, ``width`` and
``height`` (:func:`puzzle_header`). Only :data:`gridlogic.GAMES` is used: each
game's :class:`~gridlogic.game.Game` record and its puzzles' common shape.

**An answer handed out is noted** before it leaves (``give``: the record desk's
:meth:`~gridlogic.web.records.RecordDesk.give`): the page shows the receipt of the play it is
for (``play``, from ``/api/records/start``) and says whether it shows the answer (``use=reveal``,
the Reveal button) or only checks against it (no ``use``: Check, or the answer kept to play
offline). A play the answer was shown to is recorded as revealed; one whose player was handed
the answer otherwise takes no leaderboard place (:mod:`gridlogic.store.plays`).

Worked example (``tests/web/test_api.py`` checks it)::

    GET /api/signal/puzzle?size=7
    -> 400 {"error": "Signal size must be a square side, 4, 5 or 6, not 7; version 4 makes it,
            with sizes 3 to 25 (width x height apart)"}
    GET /api/signal/puzzle?size=4&seed=notes-example
    -> 200 {"game": "signal", "id": "signal.3.4x4.any.notes-example", "size": 4, "width": 4,
            "height": 4, "difficulty": "any", "seed": "notes-example", "version": 3,
            "level": "medium", "tiles": [...16 shuffled masks...]}
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gridlogic.game import Game, Puzzle, PuzzleSpec
from gridlogic.params import short_repr
from gridlogic.scoring import score_puzzle
from gridlogic.web.inputs import (
    PLAY_STATS,
    BadRequest,
    board_request,
    play_stats,
    puzzle_spec,
    query_values,
    spec_fields,
)
from gridlogic.web.puzzles import PuzzleSource
from gridlogic.web.ready import ReadyPuzzles
from gridlogic.web.responses import JSONResponse, guarded


def game_info(game: Game) -> dict[str, Any]:
    """What ``/api/games`` says of a game: its latest version's sizes, and every version in full."""
    latest = game.version()
    return {
        "name": game.name,
        "title": game.title,
        "sizes": list(latest.sides),
        "defaultSize": latest.default_size,
        "difficulties": list(latest.difficulties),
        "version": game.latest,
        "unversioned": game.unversioned,
        "versions": [
            {
                "number": version.number,
                "summary": version.summary,
                "sides": list(version.sides),
                "rectangular": version.rectangular,
                "presets": list(version.presets),
                "defaultSize": version.default_size,
                "difficulties": list(version.difficulties),
                "options": [{"name": o.name, "values": list(o.values), "help": o.help} for o in version.options],
            }
            for _, version in sorted(game.versions.items())
        ],
    }


def puzzle_header(puzzle: Puzzle) -> dict[str, Any]:
    """What every answer about a puzzle says of it."""
    size = puzzle.width if puzzle.width == puzzle.height else [puzzle.width, puzzle.height]
    return {"game": puzzle.game, "id": puzzle.id, "size": size, "width": puzzle.width, "height": puzzle.height,
            "difficulty": puzzle.difficulty, "seed": puzzle.seed, "version": puzzle.version,
            "level": puzzle.level, **dict(puzzle.options)}


def game_of(games: Mapping[str, Game], request: Request) -> Game:
    """The game the path names; a 404 naming the games for anything else."""
    name = request.path_params["game"]
    if name not in games:
        raise BadRequest(f"unknown game {short_repr(name)}; the games are {', '.join(games) or 'none'}", status=404)
    return games[name]


GiveHelp = Callable[[Request, PuzzleSpec, object, str], Awaitable[None]]
"""``give(request, spec, receipt, kind)``: note help of ``kind`` ("reveal", "answer", "hint",
"last-hint") handed out with the puzzle of ``spec`` for the play of ``receipt`` (None: none shown),
or refuse it with a :class:`BadRequest` (:meth:`gridlogic.web.records.RecordDesk.give`)."""

ANSWER_USES = {"reveal": "reveal", "check": "answer"}  # the solution's ``use`` -> the help it is


def routes(games: Mapping[str, Game], puzzles: PuzzleSource, ready: ReadyPuzzles, give: GiveHelp) -> list[Route]:
    """The API's routes over ``games``, their puzzles coming from ``puzzles``; a puzzle asked for without
    a seed may be one ``ready`` made before; an answer handed out is noted by ``give``."""

    async def list_games(request: Request) -> Response:
        query_values(request, ())
        return JSONResponse({"games": [game_info(game) for game in games.values()]})

    async def puzzle(request: Request) -> Response:
        game = game_of(games, request)
        values = query_values(request, spec_fields(game))
        spec = puzzle_spec(game, values, from_text=True, seed_required=False)
        if "seed" not in values and "id" not in values:
            spec = ready.take(spec)
        found = await puzzles.get(spec)
        return JSONResponse({**puzzle_header(found), **found.givens()})

    async def solution(request: Request) -> Response:
        game = game_of(games, request)
        values = query_values(request, (*spec_fields(game), "play", "use"))
        receipt, use = values.pop("play", None), values.pop("use", "check")
        if use not in ANSWER_USES:
            raise BadRequest(f"use must be one of {', '.join(ANSWER_USES)}, not {short_repr(use)}")
        spec = puzzle_spec(game, values, from_text=True, seed_required=True)
        found = await puzzles.get(spec)
        await give(request, spec, receipt, ANSWER_USES[use])
        return JSONResponse({**puzzle_header(found), **found.solution()})

    async def check(request: Request) -> Response:
        game = game_of(games, request)
        spec, body, board = await board_request(game, request, PLAY_STATS)
        stats = play_stats(body)
        found = await puzzles.get(spec)
        verdict = dict(game.check(found, board))  # its InvalidParameters: a 400 by guarded
        answer: dict[str, Any] = {**puzzle_header(found), **verdict, "score": None}
        if verdict.get("solved") and stats is not None:
            answer["score"] = score_puzzle(found, **stats).to_dict()
        return JSONResponse(answer)

    return [
        Route("/api/games", guarded(list_games), methods=["GET"]),
        Route("/api/{game}/puzzle", guarded(puzzle), methods=["GET"]),
        Route("/api/{game}/solution", guarded(solution), methods=["GET"]),
        Route("/api/{game}/check", guarded(check), methods=["POST"]),
    ]
