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
``height`` (:func:`puzzle_header`), and a puzzle's givens come under their own key, ``givens``, so
that no name of a game's givens can stand for a header field. Only :data:`gridlogic.GAMES` is used: each
game's :class:`~gridlogic.game.Game` record and its puzzles' common shape.

**An answer handed out is noted** before it leaves (``give``: the record desk's
:meth:`~gridlogic.web.records.RecordDesk.give`): the page shows the receipt of the play it is
for (``play``, from ``/api/records/start``) and says whether it shows the answer (``use=reveal``,
the Reveal button) or only checks against it (no ``use``: Check, or the answer kept to play
offline). A play the answer was shown to is recorded as revealed; one whose player was handed
the answer otherwise takes no leaderboard place (:mod:`gridlogic.store.plays`). Every other way
to the answer is noted the same way, as an ``answer``: the walk-through (``/explain``) and the PDF
(``/pdf``, whose second page is the solution) with the ``play`` they show, and the studio's
analysis of a daily puzzle's own givens (:mod:`.studio`).

**A daily puzzle under another name** is still the daily: its givens pasted into the import dialog
or the studio make a puzzle brought from outside (``GAME.import...``) or a design with the daily's
answer. :class:`DailyTwins` finds the daily puzzle of yesterday, today or tomorrow (UTC) that a
puzzle brought from outside is, by its size and givens alone (the daily puzzles are made ahead and
cached, so this is a comparison, not a solve), and :func:`noting_daily_twins` notes the help handed
out with such a puzzle for that daily too (for no receipt; a reveal of the copy is the answer of
another play: an ``answer``). What it cannot see is another board of the same puzzle (turned,
mirrored, its tiles turned): like the answer a program computes offline, the server vouches only for
what it saw.

Worked example (``tests/web/test_api.py`` checks it)::

    GET /api/signal/puzzle?size=7
    -> 400 {"error": "Signal size must be a square side, 4, 5 or 6, not 7; version 4 makes it,
            with sizes 3 to 25 (width x height apart)"}
    GET /api/signal/puzzle?size=4&seed=notes-example
    -> 200 {"game": "signal", "id": "signal.3.4x4.any.notes-example", "size": 4, "width": 4,
            "height": 4, "difficulty": "any", "seed": "notes-example", "version": 3,
            "level": "medium", "givens": {"tiles": [...16 shuffled masks...]}}
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from datetime import date, timedelta
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gridlogic.game import IMPORTED, Game, Problem, Puzzle, PuzzleSpec
from gridlogic.params import short_repr
from gridlogic.scoring import score_puzzle
from gridlogic.store import daily
from gridlogic.store.daily import DailyPuzzles, DailyRule, rules_on
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
        "offers": game_offers(game),
        "versions": [
            {
                "number": version.number,
                "summary": version.summary,
                "sides": list(version.sides),
                "rectangular": version.rectangular,
                "presets": list(version.presets),
                "menu": [preset.to_dict() for preset in version.menu],
                "defaultSize": version.default_size,
                "difficulties": list(version.difficulties),
                "options": [{"name": o.name, "values": list(o.values), "help": o.help, "pictures": o.pictures}
                            for o in version.options],
            }
            for _, version in sorted(game.versions.items())
        ],
    }


def game_offers(game: Game) -> dict[str, Any]:
    """What a game offers, as its record declares it (an optional part left out is not offered), so
    that a page shows only that: hints and the walk-through (``Game.hints``), the studio and its
    editor (``Game.studio``, the editor ``static/views/<name>/studio.js``), puzzles brought from outside
    (``Game.imports``: what it reads, and the text an imported ID carries), the formats of other
    software it writes (``Game.exports``), a grade (``Game.grade``), print (every game draws its
    puzzles, ``render_svg``) and its daily presets (:data:`gridlogic.store.daily.DAILY_TABLE`)."""
    return {
        "hints": game.hints is not None,
        "walkthrough": game.hints is not None,
        "studio": game.studio is not None,
        "imports": {"reads": game.formats, "format": game.imports.format} if game.imports is not None else None,
        "exports": sorted(game.exports),
        "grade": game.grade is not None,
        "print": True,
        "daily": sorted({rule.preset for rule in daily.RULES if rule.game == game.name}),
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
TWIN_DAYS = (-1, 0, 1)  # the days around today (UTC) whose daily puzzles a puzzle brought from outside may be
TWIN_KINDS = {"reveal": "answer"}  # help with a daily's copy -> the help noted for the daily (else the same)


def givens_key(givens: Mapping[str, Any]) -> str:
    """The givens in one text, whatever sequences hold them (a reader's tuples, a puzzle's lists)."""
    return json.dumps(givens, sort_keys=True, separators=(",", ":"))


class DailyTwins:
    """Which daily puzzle a puzzle brought from outside (a studio design, an imported puzzle) is: the daily
    of yesterday, today or tomorrow (UTC, :data:`TWIN_DAYS`) of its game with its size and its givens (see
    the module docstring). ``dailies`` finds a day's puzzle (the record desk's
    :class:`~gridlogic.store.daily.DailyPuzzles`), ``today`` says the day; the daily puzzles are made
    by (and cached in) ``puzzles``, the dailies of today and tomorrow ahead of time.

    Worked example (``tests/web/test_answer_routes.py`` checks it): on 2026-12-01 (UTC) the Net game ID
    of ``signal.3.5x5.medium.daily-2026-12-01`` is that daily, and still is the day before and the day
    after; a 5x5 Signal board of other tiles is none, and a 7x7 one is compared with nothing at all (no
    Signal daily of those days is 7x7)."""

    def __init__(self, games: Mapping[str, Game], dailies: DailyPuzzles, today: Callable[[], date],
                 puzzles: PuzzleSource) -> None:
        self.games = games
        self.dailies = dailies
        self.today = today
        self.puzzles = puzzles

    def rows_of(self, game: str, width: int, height: int) -> list[tuple[date, DailyRule]]:
        """The days and daily rows around today whose board is ``width`` x ``height``: the dailies a
        puzzle of that size could be."""
        today = self.today()
        days = [today + timedelta(days=offset) for offset in TWIN_DAYS]
        return [(day, rule) for day in days for rule in rules_on(day, (game,)) if rule.side == width == height]

    async def of(self, problem: Problem) -> PuzzleSpec | None:
        """The spec of the daily puzzle ``problem`` is, or None."""
        game = self.games.get(problem.game)
        if game is None:
            return None
        wanted = givens_key(problem.givens)
        for day, rule in self.rows_of(problem.game, problem.width, problem.height):
            spec = await self.dailies.spec_on(day, rule)
            if spec is not None and givens_key(game.problem(await self.puzzles.get(spec)).givens) == wanted:
                return spec
        return None

    async def of_spec(self, spec: PuzzleSpec) -> PuzzleSpec | None:
        """The spec of the daily puzzle that the puzzle of ``spec`` is when it was brought from outside; None
        for a generated one (a daily is its own spec) and for any other."""
        if spec.version != IMPORTED or spec.game not in self.games:
            return None
        if not self.rows_of(spec.game, spec.width, spec.height):
            return None  # no daily of its size: the text need not be read
        return await self.of(self.games[spec.game].checked_imports().read(spec.seed))


def noting_daily_twins(give: GiveHelp, twins: DailyTwins) -> GiveHelp:
    """``give``, and for a puzzle brought from outside that is a daily puzzle (:meth:`DailyTwins.of_spec`),
    the same help noted for that daily, for no receipt (:data:`TWIN_KINDS`: a reveal of the copy is an
    answer). The daily is found first: a refusal on the way (a busy queue) hands nothing out."""

    async def giving(request: Request, spec: PuzzleSpec, receipt: object, kind: str) -> None:
        twin = await twins.of_spec(spec)
        await give(request, spec, receipt, kind)
        if twin is not None:
            await give(request, twin, None, TWIN_KINDS.get(kind, kind))

    return giving


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
        return JSONResponse({**puzzle_header(found), "givens": found.givens()})

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
