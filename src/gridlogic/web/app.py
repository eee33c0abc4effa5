"""The web app: a Starlette adapter that serves the page and the JSON API.

The page (``static/``) talks to the engines only through the API, and the
API talks to them only through :data:`gridlogic.GAMES`. The app is assembled
here from parts that each live in a module of their own:

``inputs``     reading a request (query strings, JSON bodies, the puzzle they name)
``responses``  JSON answers and errors; :func:`~.responses.guarded` endpoints
``admission``  one rule for all expensive work: a bounded queue in estimated seconds, fair shares
``pool``       the worker processes that do that work (``tasks``: what they run)
``clients``    who a client is (its address), per-address rate limits
``connections`` uvicorn's protocol: head deadlines, connections counted per address
``puzzles``    the generated puzzles: made under the admission, one generation per spec, a cache
``api``        ``/api/games`` and ``/api/{game}/puzzle|solution|check``
``delivery``   the page and its files: compression, caching, versioned URLs
``imports``    ``/api/{game}/import``: a puzzle people bring, played like a generated one
``hints``      ``/api/{game}/hint``: the next deduction for a player's board, with its reason;
               ``/api/{game}/explain``: the whole solve step by step (the page ``/explain``,
               ``static/explain.html``, shows it)
``studio``     ``/api/{game}/analyse|fixes``: a maker's puzzle proven unique and graded, or fixed;
               ``/api/{game}/grid``: a grid the studio designs on (Loop on Loopy's grids);
               the studio page itself (``/studio``, ``static/studio.html``) is served here
``pdf_page``   ``/api/{game}/pdf``: a puzzle and its solution on two PDF pages, to print
``records``    the daily puzzles and the players' records (``/daily``, ``/stats``, ``/api/records``)
``headers``    the security headers of every answer, host-free redirects

Every answer of the API is JSON (but the PDF of ``/api/{game}/pdf``). Anything the request
got wrong is a 400 (413 for a body over the limit) with ``{"error": "<what was wrong and what is
allowed>"}``, an unknown path or game a 404, a puzzle the generator could not make within its
attempts a 422 with the engine's own message. A 500 is never sent: an unexpected exception is
logged with its traceback and answered with a 503 that says so. A 503 with ``Retry-After`` also
says that the queue of expensive work is full, and a 429 with ``Retry-After`` that the client's
address has its share. To a request with ``Accept-Language`` (a browser's), every error answer also
has a stable ``code`` and its ``params`` beside ``error`` (:mod:`.errors`), for the page to say it
in its own language.
"""

from __future__ import annotations

import contextlib
import logging
import mimetypes
import os
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gridlogic.game import GAMES, Game
from gridlogic.params import int_from_text, short_repr
from gridlogic.web import api, hints, imports, pdf_page, records, studio
from gridlogic.web.admission import Admission
from gridlogic.web.clients import ClientShares
from gridlogic.web.delivery import Delivery
from gridlogic.web.errors import ErrorCodes, with_code
from gridlogic.web.headers import SECURITY_HEADERS, ResponseHeaders
from gridlogic.web.inputs import MAX_BODY_BYTES
from gridlogic.web.puzzles import PuzzleSource, pool_for
from gridlogic.web.ready import ReadyPuzzles, menu_specs
from gridlogic.web.responses import JSONResponse, error

logger = logging.getLogger("gridlogic.web")

STATIC_DIR = Path(__file__).parent / "static"

__all__ = ["MAX_BODY_BYTES", "STATIC_DIR", "create_app"]

# Some platforms map .js to text/plain; browsers refuse to run modules served like that.
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("image/svg+xml", ".svg")
mimetypes.add_type("application/manifest+json", ".webmanifest")

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


GENERATORS_VARIABLE = "GRIDLOGIC_GENERATORS"  # generation processes per server process (gridlogic serve)


def page(name: str) -> Response:
    """A page of ``static/`` other than the game's (the daily, stats and studio pages); its security
    headers come from :class:`ResponseHeaders`, like every answer's."""
    return FileResponse(STATIC_DIR / name, headers={"Cache-Control": "no-cache"})


def create_app(games: Mapping[str, Game] | None = None,
               record_settings: records.RecordSettings | None = None, *, workers: int | None = None) -> Starlette:
    """The Starlette app; ``games`` maps names to :class:`Game` records (default: :data:`gridlogic.GAMES`),
    ``record_settings`` says where the records go (default: see :class:`~.records.RecordSettings`),
    ``workers`` is the number of worker processes for expensive work (None: :data:`GENERATORS_VARIABLE` if
    set, else one per core; 0: a thread, see :mod:`.puzzles`)."""
    available = dict(games) if games is not None else dict(GAMES)
    if workers is None and os.environ.get(GENERATORS_VARIABLE):
        workers = int_from_text(os.environ[GENERATORS_VARIABLE], GENERATORS_VARIABLE, 1, 64)
    admission = Admission(pool_for(available, workers))
    puzzles = PuzzleSource(available, admission=admission)
    ready = ReadyPuzzles(puzzles, menu=menu_specs(available))
    delivery = Delivery(STATIC_DIR, {"games": [api.game_info(game) for game in available.values()]})
    desk = records.RecordDesk(available, puzzles, record_settings or records.RecordSettings())
    # every answer handed out is noted by the desk, for a daily's copy brought from outside too (see .api)
    twins = api.DailyTwins(available, desk.plays.daily, desk.today, puzzles)
    give = api.noting_daily_twins(desk.give, twins)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            async with desk.lifespan(app), ready.running():
                yield
        finally:
            puzzles.close()

    async def index(request: Request) -> Response:
        # Everything the page needs comes from this server (see the CSP in .headers): it works offline.
        return delivery.page_response(request)

    async def studio_page(request: Request) -> Response:
        return page("studio.html")

    async def explain_page(request: Request) -> Response:
        return page("explain.html")

    async def service_worker(request: Request) -> Response:
        # At the site's root, so that its scope is every page (see .delivery).
        return delivery.worker_response(request)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        messages = {404: f"nothing here: {short_repr(request.url.path)}",
                    405: f"method {request.method} is not allowed here"}
        response = error(messages.get(exc.status_code, str(exc.detail)), exc.status_code)
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    async def last_resort(request: Request, exc: Exception) -> Response:
        logger.error("unhandled error answering %s %s", request.method, request.url.path, exc_info=exc)
        # this answer is sent from outside the middleware: its code and its security headers are added here
        message = {"error": "the server could not answer this request; the error has been logged"}
        if "accept-language" in request.headers:
            message = with_code(message, 503, request.url.path, games=available)
        response = JSONResponse(message, status_code=503)
        response.headers.update({**SECURITY_HEADERS, "Vary": "Accept-Language"})
        return response

    routes = [
        Route("/", index, methods=["GET"]),
        Route("/sw.js", service_worker, methods=["GET"]),
        Route("/studio", studio_page, methods=["GET"]),
        Route("/explain", explain_page, methods=["GET"]),
        *api.routes(available, puzzles, ready, give),
        *imports.routes(available, puzzles),
        *hints.routes(available, puzzles, give),
        *studio.routes(available, puzzles, give, twins),
        *pdf_page.routes(available, puzzles, give),
        *records.routes(desk, page),
        *delivery.mounts(),
    ]
    app = Starlette(routes=routes,
                    middleware=[Middleware(ResponseHeaders), Middleware(ServerTiming), Middleware(ClientShares),
                                *delivery.middleware(), Middleware(ErrorCodes, games=tuple(available))],
                    exception_handlers={HTTPException: http_error, Exception: last_resort}, lifespan=lifespan)
    app.state.puzzles = puzzles  # the PuzzleSource, for what runs beside the requests (and tests)
    app.state.admission = admission  # the admission of expensive work, its pool and its costs
    app.state.ready = ready
    app.state.records = desk  # the record desk (its dailies made ahead, for tests)
    return app
