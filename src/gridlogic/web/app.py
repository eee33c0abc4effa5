"""The web app: a Starlette adapter that serves the page and a small JSON API.

The page (``static/``) talks to the engines only through this API, and the
API talks to them only through :data:`gridlogic.GAMES` (each game's
:class:`~gridlogic.game.Game` record and its puzzles' common shape)::

    GET  /api/games                                   every game, its versions, sizes and difficulties
    GET  /api/{game}/puzzle?size=&difficulty=&seed=   the givens; no seed -> a random one
    GET  /api/{game}/solution?size=&difficulty=&seed= the answer, for the Reveal button
    POST /api/{game}/check                            a board judged by the rules, and the
                                                      score once it is solved

A puzzle is named by ``size`` (or ``width`` and ``height``), ``difficulty``,
``seed`` and ``version``, or by its ``id`` alone (:mod:`.inputs` reads them);
every answer about a puzzle carries its ``id``, ``version``, ``width`` and
``height``.

Every answer is JSON. Anything the request got wrong is a 400 with
``{"error": "<what was wrong and what is allowed>"}``, an unknown path or
game a 404, a puzzle the generator could not make within its attempts a 422
with the engine's own message. A 500 is never sent: an unexpected exception
is logged with its traceback and answered with a 503 that says so.

Generating a puzzle is pure CPU work (a seed is a promise, so the same
request always gives the same puzzle); it runs in a worker thread, so the
event loop keeps answering other requests, and its outcome (the puzzle, or
the engine's refusal) is cached by ``(game, size, difficulty, seed)``.
The page asks for the same puzzle up to three times (puzzle, check,
solution), and only the first pays.

Worked example (``tests/web/test_api.py`` checks it)::

    GET /api/signal/puzzle?size=7
    -> 400 {"error": "Signal size must be a square side, 4, 5 or 6, not 7"}
    GET /api/signal/puzzle?size=4&seed=notes-example
    -> 200 {"game": "signal", "id": "signal.3.4x4.any.notes-example", "size": 4, "width": 4,
            "height": 4, "difficulty": "any", "seed": "notes-example", "version": 3,
            "level": "medium", "tiles": [...16 shuffled masks...]}
"""

from __future__ import annotations

import functools
import json
import logging
import mimetypes
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.responses import JSONResponse as StarletteJSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gridlogic import scoring
from gridlogic.errors import GenerationFailed, GridlogicError, InvalidParameters
from gridlogic.game import GAMES, Game, Puzzle, PuzzleSpec
from gridlogic.params import short_repr
from gridlogic.web.inputs import (
    MAX_BODY_BYTES,
    PLAY_STATS,
    BadRequest,
    json_body,
    play_stats,
    puzzle_spec,
    query_values,
    spec_fields,
)

logger = logging.getLogger("gridlogic.web")

STATIC_DIR = Path(__file__).parent / "static"
PUZZLE_CACHE_SIZE = 512

__all__ = ["MAX_BODY_BYTES", "create_app"]

# Some platforms map .js to text/plain; browsers refuse to run modules served like that.
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("image/svg+xml", ".svg")


class JSONResponse(StarletteJSONResponse):
    """JSON with every non-ASCII character escaped: a seed may hold a lone surrogate, which UTF-8
    cannot carry but a JSON ``\\ud800`` escape can (and JavaScript reads back the same string)."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _game_info(game: Game) -> dict[str, Any]:
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


def _header(puzzle: Puzzle) -> dict[str, Any]:
    """What every answer about a puzzle says of it."""
    size = puzzle.width if puzzle.width == puzzle.height else [puzzle.width, puzzle.height]
    return {"game": puzzle.game, "id": puzzle.id, "size": size, "width": puzzle.width, "height": puzzle.height,
            "difficulty": puzzle.difficulty, "seed": puzzle.seed, "version": puzzle.version,
            "level": puzzle.level, **dict(puzzle.options)}


class ServerTiming:
    """Adds ``Server-Timing: app;dur=<ms>`` to every answer: the time spent inside the app.

    Browsers show it in their developer tools, and ``benchmarks/web_puzzle.py`` reads it to
    tell the server's own time from the network's.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()

        async def timed_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                elapsed = (time.perf_counter() - started) * 1000
                headers = list(message.get("headers", []))
                headers.append((b"server-timing", f"app;dur={elapsed:.2f}".encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, timed_send)


# --- the app ----------------------------------------------------------------------------------


def create_app(games: Mapping[str, Game] | None = None) -> Starlette:
    """The Starlette app; ``games`` maps names to :class:`Game` records (default: :data:`gridlogic.GAMES`)."""
    available = dict(games) if games is not None else dict(GAMES)

    @functools.lru_cache(maxsize=PUZZLE_CACHE_SIZE)
    def generate_outcome(spec: PuzzleSpec) -> Any:
        # A refusal is cached too: 500 failed attempts cost as much as a success.
        try:
            return available[spec.game].make(spec)
        except GenerationFailed as error:
            return error

    async def puzzle_for(spec: PuzzleSpec) -> Puzzle:
        outcome = await run_in_threadpool(generate_outcome, spec)
        if isinstance(outcome, GenerationFailed):
            raise BadRequest(str(outcome), status=422)
        return outcome  # type: ignore[no-any-return]

    def game_of(request: Request) -> Game:
        name = request.path_params["game"]
        if name not in available:
            known = ", ".join(available) or "none"
            raise BadRequest(f"unknown game {short_repr(name)}; the games are {known}", status=404)
        return available[name]

    async def list_games(request: Request) -> Response:
        query_values(request, ())
        return JSONResponse({"games": [_game_info(game) for game in available.values()]})

    async def puzzle(request: Request) -> Response:
        game = game_of(request)
        spec = puzzle_spec(game, query_values(request, spec_fields(game)), from_text=True, seed_required=False)
        found = await puzzle_for(spec)
        return JSONResponse({**_header(found), **found.givens()})

    async def solution(request: Request) -> Response:
        game = game_of(request)
        spec = puzzle_spec(game, query_values(request, spec_fields(game)), from_text=True, seed_required=True)
        found = await puzzle_for(spec)
        return JSONResponse({**_header(found), **found.solution()})

    async def check(request: Request) -> Response:
        game = game_of(request)
        fields = spec_fields(game)
        query = query_values(request, fields)
        body = await json_body(request)
        if not isinstance(body, dict):
            raise BadRequest(f"the body must be a JSON object with the board, not {short_repr(body)}")
        allowed = (*fields, "board", *PLAY_STATS)
        unknown = [key for key in body if key not in allowed]
        if unknown:
            raise BadRequest(f"unknown field {short_repr(unknown[0])} in the body; the fields are "
                             f"{', '.join(allowed)}")
        if "board" not in body:
            raise BadRequest("the body has no board")
        named = {key: body[key] for key in fields if key in body}
        if named and query:
            raise BadRequest("name the puzzle in the query string or in the body, not partly in each")
        spec = (puzzle_spec(game, named, from_text=False, seed_required=True) if named
                else puzzle_spec(game, query, from_text=True, seed_required=True))
        board = game.parse_board(spec.width, spec.height, body["board"])
        stats = play_stats(body)
        found = await puzzle_for(spec)
        verdict = dict(game.check(found, board))  # its InvalidParameters: a 400 by guarded
        answer: dict[str, Any] = {**_header(found), **verdict, "score": None}
        if verdict.get("solved") and stats is not None:
            answer["score"] = scoring.score_puzzle(found, **stats).to_dict()
        return JSONResponse(answer)

    async def index(request: Request) -> Response:
        response = FileResponse(STATIC_DIR / "index.html")
        # Everything the page needs comes from this server: no CDN, and it works offline.
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        )
        return response

    def guarded(endpoint: Callable[[Request], Any]) -> Callable[[Request], Any]:
        @functools.wraps(endpoint)
        async def run(request: Request) -> Response:
            try:
                return await endpoint(request)  # type: ignore[no-any-return]
            except BadRequest as error:
                return _error(str(error), error.status)
            except InvalidParameters as error:
                return _error(str(error), 400)
            except GridlogicError as error:
                return _error(str(error), 422)
            except Exception:
                logger.exception("unexpected error answering %s %s", request.method,
                                 request.url.path)
                return _error("the server could not answer this request; the error has been "
                              "logged", 503)
        return run

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        messages = {404: f"nothing here: {short_repr(request.url.path)}",
                    405: f"method {request.method} is not allowed here"}
        message = messages.get(exc.status_code, str(exc.detail))
        response = _error(message, exc.status_code)
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    async def last_resort(request: Request, exc: Exception) -> Response:
        logger.error("unhandled error answering %s %s", request.method, request.url.path,
                     exc_info=exc)
        return _error("the server could not answer this request; the error has been logged", 503)

    routes = [
        Route("/", index, methods=["GET"]),
        Route("/api/games", guarded(list_games), methods=["GET"]),
        Route("/api/{game}/puzzle", guarded(puzzle), methods=["GET"]),
        Route("/api/{game}/solution", guarded(solution), methods=["GET"]),
        Route("/api/{game}/check", guarded(check), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(ServerTiming)],
                    exception_handlers={HTTPException: http_error, Exception: last_resort})
    return app
