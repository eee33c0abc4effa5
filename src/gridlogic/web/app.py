"""The web app: a Starlette adapter that serves the page and a small JSON API.

The page (``static/``) talks to the engines only through this API, and the
API talks to them only through the game surface of :mod:`gridlogic.games`
(``SIZES``, ``DEFAULT_SIZE``, ``DIFFICULTIES``, ``VERSION``, ``generate``,
``check`` and a puzzle's ``givens()`` / ``solution()``)::

    GET  /api/games                                   every game, its sizes and difficulties
    GET  /api/{game}/puzzle?size=&difficulty=&seed=   the givens; no seed -> a random one
    GET  /api/{game}/solution?size=&difficulty=&seed= the answer, for the Reveal button
    POST /api/{game}/check                            a board judged by the rules, and the
                                                      score once it is solved

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
    -> 400 {"error": "size '7' is not allowed for signal; the sizes are 4, 5, 6"}
    GET /api/signal/puzzle?size=4&seed=notes-example
    -> 200 {"game": "signal", "size": 4, "difficulty": "any", "seed": "notes-example",
            "version": 3, "tiles": [...16 shuffled masks...]}
"""

from __future__ import annotations

import functools
import logging
import math
import mimetypes
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gridlogic import GAMES, scoring
from gridlogic.errors import GenerationFailed, GridlogicError, InvalidParameters
from gridlogic.games import get_game
from gridlogic.params import MAX_SEED_LENGTH, NotJson, int_list, parse_json, short_repr
from gridlogic.rng import js_length

logger = logging.getLogger("gridlogic.web")

STATIC_DIR = Path(__file__).parent / "static"
# A 10x10 Loop board in JSON is about 1.5 kB; anything near this limit is not a board.
MAX_BODY_BYTES = 64 * 1024
# Generous: an hour-long play is 3600 seconds; a week is still a number a person could mean.
MAX_SECONDS = 7 * 24 * 3600
MAX_COUNT = 10_000_000
PUZZLE_CACHE_SIZE = 512

PUZZLE_PARAMETERS = ("size", "difficulty", "seed")
CHECK_STATS = ("seconds", "moves", "checks", "revealed")
CHECK_FIELDS = (*PUZZLE_PARAMETERS, "board", *CHECK_STATS)

_DIGITS = re.compile(r"[0-9]{1,6}")

# Some platforms map .js to text/plain; browsers refuse to run modules served like that.
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("image/svg+xml", ".svg")


class BadRequest(Exception):
    """The request is not acceptable; ``str(self)`` says why, for a 400 or 404 answer."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class PuzzleRequest:
    game: str
    size: int
    difficulty: str
    seed: str


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _load_games(loader: Callable[[str], ModuleType]) -> dict[str, ModuleType]:
    """The game modules that import; a game whose engine is not installed is left out."""
    games: dict[str, ModuleType] = {}
    for name in GAMES:
        try:
            games[name] = loader(name)
        except ImportError as error:
            logger.warning("game %s is not available: %s", name, error)
    return games


def _game_info(name: str, module: ModuleType) -> dict[str, Any]:
    return {
        "name": name,
        "sizes": list(module.SIZES),
        "defaultSize": module.DEFAULT_SIZE,
        "difficulties": list(module.DIFFICULTIES),
        "version": module.VERSION,
    }


# --- parameters -------------------------------------------------------------------------------


def _parse_size(module: ModuleType, game: str, raw: object) -> int:
    if isinstance(raw, str):
        if not _DIGITS.fullmatch(raw):
            raise BadRequest(f"size {short_repr(raw)} is not allowed for {game}; the sizes are "
                             f"{', '.join(map(str, module.SIZES))}")
        size = int(raw)
    elif isinstance(raw, int) and not isinstance(raw, bool):
        size = raw
    else:
        raise BadRequest(f"size {short_repr(raw)} must be an integer; the sizes for {game} are "
                         f"{', '.join(map(str, module.SIZES))}")
    if size not in module.SIZES:
        raise BadRequest(f"size {short_repr(raw)} is not allowed for {game}; the sizes are "
                         f"{', '.join(map(str, module.SIZES))}")
    return size


def _parse_difficulty(module: ModuleType, game: str, raw: object) -> str:
    if not isinstance(raw, str) or raw not in module.DIFFICULTIES:
        raise BadRequest(f"difficulty {short_repr(raw)} is not allowed for {game}; the difficulties "
                         f"are {', '.join(module.DIFFICULTIES)}")
    return raw


def _parse_seed(raw: object) -> str:
    if not isinstance(raw, str):
        raise BadRequest(f"seed {short_repr(raw)} must be a string of 1 to {MAX_SEED_LENGTH} characters")
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest(f"seed {short_repr(raw)} is not valid Unicode text (it holds a lone "
                         "surrogate)") from None
    units = js_length(raw)
    if not 1 <= units <= MAX_SEED_LENGTH:
        raise BadRequest(f"seed {short_repr(raw)} has {units} characters (UTF-16 units); a seed has "
                         f"1 to {MAX_SEED_LENGTH}")
    return raw


def _puzzle_request(game: str, module: ModuleType, values: Mapping[str, object],
                    *, seed_required: bool) -> PuzzleRequest:
    size = _parse_size(module, game, values["size"]) if "size" in values else module.DEFAULT_SIZE
    difficulty = (_parse_difficulty(module, game, values["difficulty"])
                  if "difficulty" in values else module.DIFFICULTIES[0])
    if "seed" in values:
        seed = _parse_seed(values["seed"])
    elif seed_required:
        raise BadRequest("seed is required: the seed of the puzzle being played "
                         f"(1 to {MAX_SEED_LENGTH} characters)")
    else:
        seed = secrets.token_hex(5)
    return PuzzleRequest(game, size, difficulty, seed)


def _query_values(request: Request, allowed: tuple[str, ...]) -> dict[str, str]:
    """The query parameters as a dict; an unknown or repeated parameter is refused."""
    values: dict[str, str] = {}
    for key, value in request.query_params.multi_items():
        if key not in allowed:
            raise BadRequest(f"unknown query parameter {short_repr(key)}; the parameters are "
                             f"{', '.join(allowed) if allowed else 'none'}")
        if key in values:
            raise BadRequest(f"query parameter {key!r} is given more than once")
        values[key] = value
    return values


async def _json_body(request: Request) -> object:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise BadRequest(f"the body is too large; at most {MAX_BODY_BYTES} bytes are accepted")
    chunks: list[bytes] = []
    received = 0
    async for chunk in request.stream():
        received += len(chunk)
        if received > MAX_BODY_BYTES:
            raise BadRequest(f"the body is too large; at most {MAX_BODY_BYTES} bytes are accepted")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        raise BadRequest("the body is empty; send a JSON object with the board")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("the body is not UTF-8 text; send a JSON object") from None
    try:
        return parse_json(text, "the body")
    except NotJson as error:
        raise BadRequest(f"the body is not valid JSON ({error.reason})") from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _parse_board(game: str, size: int, raw: object) -> object:
    """The board's shape, checked here so that an engine only ever sees well-formed data.

    What each entry means is the engine's business (its ``check`` refuses a Signal tile
    that is not a rotation of the given one); the web layer only checks types and lengths.
    :func:`int_list` raises :class:`InvalidParameters`, which ``guarded`` answers with a 400.
    """
    cells = size * size
    if game == "signal":
        return int_list(raw, "board", cells, range(16))
    if game == "pattern":
        return int_list(raw, "board", cells, range(3))
    if game == "loop":
        if not isinstance(raw, dict) or set(raw) != {"horizontal", "vertical"}:
            raise BadRequest('board must be an object with exactly "horizontal" and "vertical" '
                             f"lists, not {short_repr(raw)}")
        return {
            "horizontal": int_list(raw["horizontal"], "board.horizontal", (size + 1) * size,
                                   range(3)),
            "vertical": int_list(raw["vertical"], "board.vertical", size * (size + 1), range(3)),
        }
    raise BadRequest(f"unknown game {game!r}", status=404)  # pragma: no cover - routes prevent it


def _parse_stats(body: Mapping[str, object]) -> dict[str, Any] | None:
    present = [name for name in CHECK_STATS if name in body]
    if not present:
        return None
    missing = [name for name in CHECK_STATS if name not in body]
    if missing:
        raise BadRequest(f"a score needs all of {', '.join(CHECK_STATS)}; missing "
                         f"{', '.join(missing)}")
    seconds = body["seconds"]
    if (not isinstance(seconds, int | float) or isinstance(seconds, bool)
            or not math.isfinite(seconds) or not 0 <= seconds <= MAX_SECONDS):
        raise BadRequest(f"seconds {short_repr(seconds)} must be a number from 0 to {MAX_SECONDS}")
    stats: dict[str, Any] = {"seconds": seconds}
    for name in ("moves", "checks"):
        value = body[name]
        if not _is_int(value) or not 0 <= value <= MAX_COUNT:  # type: ignore[operator]
            raise BadRequest(f"{name} {short_repr(value)} must be an integer from 0 to {MAX_COUNT}")
        stats[name] = value
    if not isinstance(body["revealed"], bool):
        raise BadRequest(f"revealed {short_repr(body['revealed'])} must be true or false")
    stats["revealed"] = body["revealed"]
    return stats


# --- derived figures ----------------------------------------------------------------------------


def _score(request: PuzzleRequest, stats: Mapping[str, Any], min_moves: int) -> dict[str, Any]:
    result = scoring.score_play(
        request.game, request.size, request.difficulty, seconds=stats["seconds"],
        moves=stats["moves"], checks=stats["checks"], revealed=stats["revealed"],
        min_moves=min_moves,
    )
    return dict(result.to_dict())


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


def create_app(games: Mapping[str, ModuleType] | None = None) -> Starlette:
    """The Starlette app; ``games`` maps names to game modules (default: every installed game)."""
    available = dict(games) if games is not None else _load_games(get_game)

    @functools.lru_cache(maxsize=PUZZLE_CACHE_SIZE)
    def generate_outcome(game: str, size: int, difficulty: str, seed: str) -> Any:
        # A refusal is cached too: 500 failed attempts cost as much as a success.
        try:
            return available[game].generate(size, seed, difficulty)
        except GenerationFailed as error:
            return error

    async def puzzle_for(request: PuzzleRequest) -> Any:
        outcome = await run_in_threadpool(generate_outcome, request.game, request.size,
                                          request.difficulty, request.seed)
        if isinstance(outcome, GenerationFailed):
            raise BadRequest(str(outcome), status=422)
        return outcome

    def game_module(request: Request) -> tuple[str, ModuleType]:
        name = request.path_params["game"]
        if name not in available:
            known = ", ".join(available) or "none"
            raise BadRequest(f"unknown game {short_repr(name)}; the games are {known}", status=404)
        return name, available[name]

    def header(request: PuzzleRequest, module: ModuleType) -> dict[str, Any]:
        return {"game": request.game, "size": request.size, "difficulty": request.difficulty,
                "seed": request.seed, "version": module.VERSION}

    async def list_games(request: Request) -> Response:
        _query_values(request, ())
        return JSONResponse({"games": [_game_info(name, module)
                                       for name, module in available.items()]})

    async def puzzle(request: Request) -> Response:
        name, module = game_module(request)
        wanted = _puzzle_request(name, module, _query_values(request, PUZZLE_PARAMETERS),
                                 seed_required=False)
        found = await puzzle_for(wanted)
        return JSONResponse({**header(wanted, module), **found.givens()})

    async def solution(request: Request) -> Response:
        name, module = game_module(request)
        wanted = _puzzle_request(name, module, _query_values(request, PUZZLE_PARAMETERS),
                                 seed_required=True)
        found = await puzzle_for(wanted)
        return JSONResponse({**header(wanted, module), **found.solution()})

    async def check(request: Request) -> Response:
        name, module = game_module(request)
        query = _query_values(request, PUZZLE_PARAMETERS)
        body = await _json_body(request)
        if not isinstance(body, dict):
            raise BadRequest(f"the body must be a JSON object with the board, not {short_repr(body)}")
        unknown = [key for key in body if key not in CHECK_FIELDS]
        if unknown:
            raise BadRequest(f"unknown field {short_repr(unknown[0])} in the body; the fields are "
                             f"{', '.join(CHECK_FIELDS)}")
        both = [key for key in PUZZLE_PARAMETERS if key in body and key in query]
        if both:
            raise BadRequest(f"{both[0]} is given both in the query string and in the body; "
                             "give it once")
        if "board" not in body:
            raise BadRequest("the body has no board")
        if "size" in body and not _is_int(body["size"]):
            # A query string can only carry text; in JSON a size is a number.
            raise BadRequest(f"size {short_repr(body['size'])} must be an integer; the sizes for "
                             f"{name} are {', '.join(map(str, module.SIZES))}")
        wanted = _puzzle_request(name, module, {**query, **body}, seed_required=True)
        board = _parse_board(name, wanted.size, body["board"])
        stats = _parse_stats(body)
        found = await puzzle_for(wanted)
        verdict = dict(module.check(found, board))  # its InvalidParameters: a 400 by guarded
        answer: dict[str, Any] = {**header(wanted, module), **verdict, "score": None}
        if verdict.get("solved") and stats is not None:
            min_moves = scoring.min_moves_from_solution(name, found.givens(), found.solution())
            answer["score"] = _score(wanted, stats, min_moves)
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
