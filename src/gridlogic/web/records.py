"""Play records on the server: the daily page, a play's hand-out and record, stats, leaderboard, export.

::

    GET    /daily, /stats                 the daily page and the stats page; both set the player cookie
    GET    /api/daily?date=YYYY-MM-DD     a day's puzzles (default: today, UTC) and the player's results
    GET    /api/daily/archive             every day since the first daily, with what the player solved
    GET    /api/daily/leaderboard?date=&game=&preset=   display names and times of that daily
    POST   /api/records/start             {"id"}: the hand-out receipt of a play that begins now
    POST   /api/records                   {"play", "board", "seconds", "moves", "checks", "revealed",
                                           "hints"?, "receipt"?, "log"?}: the finished play, recorded
    GET    /api/records/stats             the player's stats (solved, best, median, the streak)
    GET    /api/records/export?format=json|csv   every record of the player
    PUT    /api/records/name              {"name"}: the display name on the leaderboard (null: none)
    DELETE /api/records                   deletes every record of the player (and leaves every group)
    GET    /api/groups                    the player's friends' groups (id, name, invite, members)
    POST   /api/groups                    {"name"}: a new group, the player its first member
    POST   /api/groups/join               {"invite"}: join the group of an invite link (/daily?join=INVITE)
    DELETE /api/groups/{id}               leave the group (the last to leave ends it)
    GET    /api/groups/{id}/leaderboard?date=&game=&preset=   the members' plays of that daily

Every answer here is the cookie's player's own: each carries ``Cache-Control: private, no-store``
and ``Vary: Cookie``, so that no shared cache hands one player's answer to another.

**A daily's leaderboard** ranks by the server's clock and replays each play's moves (the
``log``; :mod:`gridlogic.store.plays` says what a ranked play is), and holds at most three players
of one client address (:data:`~gridlogic.store.records.PLACES_PER_ADDRESS`): the records keep a
keyed hash of the address (:meth:`RecordDesk.address_of`), never the address. ``/api/daily`` gives
each puzzle's ``floor``, the seconds under which a play is not ranked. **Friends' groups** keep
their members in the database, so every server on it shows the same boards; a group's board shows
each member's first play of the daily: ranked, unranked with the reason, or revealed.

**Who is playing.** A player is anonymous: a random ID in the ``gridlogic_player`` cookie, signed
by the server (HMAC-SHA256 with the secret of :mod:`gridlogic.store.location`), HTTP-only and
SameSite=Lax, given to any request that comes without a valid one. Every endpoint works on the
cookie's player only: no path or field names a player or a record, so one player can neither
read nor change another's records.

**Identities are not free** (:mod:`.clients`' rate limits, per client address, in memory). A new
player is made at most :data:`NEW_PLAYERS` times per address (10 at once, then one a minute: a
household's devices, a classroom within an hour, not a crowd minted in a second): past
that, a request without the cookie that hands out or writes (``start``, a record, a name, a delete)
is answered 429 with ``Retry-After``, and one that only reads is answered without a cookie (a new
player has nothing to read). And an address may hand out and write at most :data:`ADDRESS_WRITES`
(120 at once, then two a second), whichever players it holds; the store's own limit of 30 writes a
minute per player still applies. Worked example (``tests/web/test_fairness.py``): 300 cookieless
hand-outs from one address in a row: 10 receipts, then 290 × 429.

**Trust nothing from the page.** The hand-out receipt and every check of the finished play (the
receipt, the time, the board, the least moves, the score, whether it is a daily one) are the
:class:`~gridlogic.store.plays.PlayDesk`'s; this module reads the request, calls the desk, and
answers its refusals: a receipt it did not sign 400, another player's 403, an unknown game 404,
any other check 400, a play stored with other figures 409, too many writes 429 with
``Retry-After``.

**Help is noted before it leaves.** The answer (``/api/{game}/solution``), the hints
(``/api/{game}/hint``) and the other ways to the solve (``/api/{game}/explain``, ``/api/{game}/pdf``,
the studio's analysis of a daily's text) are handed out by other modules, which call
:meth:`RecordDesk.give` first:
it notes them for the cookie's player and the receipt the request shows, and refuses a receipt that
is not the player's own of that puzzle (400, 403). What the notes do to a play's record, and what
a leaderboard therefore trusts, is the :mod:`~gridlogic.store.plays` docstring's.

**The dailies are made ahead.** While the app runs, a background task of its lifespan makes today's
and tomorrow's daily puzzles (:meth:`RecordDesk.keep_dailies_ahead`, one round at start, then as
:func:`gridlogic.store.daily.seconds_to_next_round` says: every half hour and five minutes before
each UTC midnight), through the same puzzle source as the requests, one puzzle at a time, so the
first player of a day finds them made. A round that finds the generation queue busy tries again a
minute later; :attr:`RecordDesk.dailies_made` is set after each round (what tests wait for). The
daily table names the registered games, so only those are made ahead: an app built over other
records of a game (a test's stand-in, which may hold or fail its generations on purpose) makes
none of its dailies ahead.

**A database that is down** answers record writes with a 503 that says so and carries a signed
``receipt`` of the moment the server saw the record; the page keeps the write and sends it again
later with that receipt, and the time rule measures up to the receipt, not to the retry. Play
itself never needs the database: the game API, the hand-out receipts and the pages go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import hashlib
import hmac
import io
import logging
import os
import re
import secrets
import threading
import unicodedata
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gridlogic.game import GAMES, Game, PuzzleSpec
from gridlogic.params import short_repr
from gridlogic.store import daily
from gridlogic.store.location import SECRET_VARIABLE, cookie_secret
from gridlogic.store.models import ADDRESS_LENGTH, GROUP_ID_LENGTH, INVITE_LENGTH, MAX_NAME_LENGTH
from gridlogic.store.plays import (
    FloorUnavailable,
    OthersPlay,
    PlayDesk,
    PlayFigures,
    PlayRefused,
    RecordDeferred,
    UnknownGame,
)
from gridlogic.store.records import (
    EXPORT_FIELDS,
    AlreadyRecorded,
    GroupRefused,
    RateLimited,
    Store,
    StoreError,
    StoreUnavailable,
    UnknownGroup,
)
from gridlogic.store.tokens import Signer
from gridlogic.web import tasks
from gridlogic.web.admission import EXPLAIN
from gridlogic.web.clients import Rate, RateLimit, client_key
from gridlogic.web.inputs import BadRequest, json_body, play_stats, query_values
from gridlogic.web.puzzles import PuzzleSource
from gridlogic.web.responses import JSONResponse, error, guarded

logger = logging.getLogger("gridlogic.web")

COOKIE = "gridlogic_player"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
RETRY_AFTER_SECONDS = 30
LEADERBOARD_SIZE = 20
RECORD_FIELDS = ("play", "board", "seconds", "moves", "checks", "revealed", "hints", "receipt", "log")
NEW_PLAYERS = Rate(burst=10, per_second=1 / 60, what="new players")  # per address: a household, not a crowd
PER_PLAYER_HEADERS = {"Cache-Control": "private, no-store", "Vary": "Cookie"}
ADDRESS_WRITES = Rate(burst=120, per_second=2.0, what="hand-outs and record writes")  # per address
AHEAD_RETRY_SECONDS = 60  # a round of making the dailies ahead that found the queue busy is tried again then


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class RecordSettings:
    """Where the records go: ``database_url`` (None: ``GRIDLOGIC_DATABASE_URL``, else the data
    directory's SQLite file), the cookie ``secret`` (None: ``GRIDLOGIC_SECRET``, else the file
    beside the database), the ``clock`` (UTC; the tests move it by hand, and the rate limits
    follow it) and the per-address rates of ``new_players`` and of ``writes``."""

    database_url: str | None = None
    secret: bytes | None = None
    clock: Callable[[], datetime] = field(default=utc_now)
    new_players: Rate = NEW_PLAYERS
    writes: Rate = ADDRESS_WRITES


def _day(text: str | None, today: date) -> date:
    """The day a ``date`` parameter names (default today), between the first daily and today."""
    if text is None:
        return today
    try:
        day = date.fromisoformat(text) if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text) else None
    except ValueError:
        day = None
    if day is None:
        raise BadRequest(f"date {short_repr(text)} is not a day like 2026-12-01")
    if not daily.LAUNCH <= day <= today:
        raise BadRequest(f"there is no daily puzzle of {day}: the dailies run from {daily.LAUNCH} to today, "
                         f"{today}", status=404)
    return day


def _display_name(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise BadRequest(f"name must be text or null, not {short_repr(value)}")
    name = " ".join(value.split())
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise BadRequest("a name cannot hold control or unassigned characters")
    if len(name) > MAX_NAME_LENGTH:
        raise BadRequest(f"a name has at most {MAX_NAME_LENGTH} characters; this one has {len(name)}")
    return name or None


def _group_id(request: Request) -> str:
    """The group the path names: its 16 hex digits."""
    group = request.path_params["group"]
    if not re.fullmatch(f"[0-9a-f]{{{GROUP_ID_LENGTH}}}", group):
        raise BadRequest(f"a group is named by {GROUP_ID_LENGTH} hex digits, not {short_repr(group)}", status=404)
    return str(group)


class RecordDesk:
    """The records' side of one app: its store, its signer, its clock and its :class:`PlayDesk`."""

    def __init__(self, games: Mapping[str, Game], puzzles: PuzzleSource, settings: RecordSettings) -> None:
        self.games = games
        self.store = Store(settings.database_url)
        self.clock = settings.clock
        self._secret = settings.secret
        if self._secret is None and os.environ.get(SECRET_VARIABLE):
            self._secret = cookie_secret(self.store.url)  # checked now: a bad one stops the app making
        self._secret_lock = threading.Lock()
        self.signer = Signer(self.secret)
        self.puzzles = puzzles
        self.plays = PlayDesk(games, self.store, self.signer, puzzles.puzzle_of, clock=self.clock,
                              in_thread=run_in_threadpool, measure_floor=self.measure_floor)
        seconds = self.seconds
        self.new_players = RateLimit(settings.new_players, seconds)
        self.writes = RateLimit(settings.writes, seconds)
        self.dailies_made = asyncio.Event()  # set after each round of making the dailies ahead

    def seconds(self) -> float:
        """The clock in seconds, for the rate limits."""
        return self.clock().timestamp()

    def secret(self) -> bytes:
        with self._secret_lock:
            if self._secret is None:
                self._secret = cookie_secret(self.store.url)
            return self._secret

    def today(self) -> date:
        return self.plays.today()

    async def measure_floor(self, spec: PuzzleSpec) -> float:
        """A daily's floor (:func:`gridlogic.store.plays.time_floor`: its walk-through) computed in the
        workers, admitted as a walk-through is; :class:`FloorUnavailable` when the server is busy."""
        try:
            return (await self.puzzles.run_on(EXPLAIN, spec, tasks.floor))[1]
        except BadRequest as busy:
            raise FloorUnavailable(f"the floor of this daily cannot be computed now ({busy})") from None

    async def floor_or_none(self, spec: PuzzleSpec) -> float | None:
        """The floor of a daily for the daily page; None while the server is too busy to compute it."""
        try:
            return await self.plays.floor_of(spec)
        except FloorUnavailable:
            return None

    def address_of(self, request: Request) -> str:
        """The request's client address as the records keep it: a keyed hash (HMAC-SHA256 with the
        server's secret, 128 bits), the same on every server that shares the secret, and no address."""
        key = client_key(request.scope).encode()
        return hmac.new(self.secret(), b"address:" + key, hashlib.sha256).hexdigest()[:ADDRESS_LENGTH]

    def player_of(self, request: Request) -> str | None:
        """The player the request's cookie names (None: no cookie this server signed)."""
        player = self.signer.unseal("player", request.cookies.get(COOKIE))
        return player if isinstance(player, str) and re.fullmatch(r"[0-9a-f]{32}", player) else None

    async def give(self, request: Request, spec: PuzzleSpec, receipt: object, kind: str) -> None:
        """Note help of ``kind`` handed out with the puzzle of ``spec`` to the cookie's player, for the
        play of ``receipt`` (None: the request showed none), before it leaves (see *What the server
        gave* in :mod:`gridlogic.store.plays`). A receipt not this player's of this puzzle is refused
        as a record's is; with a receipt, a database that does not answer is a 503 (the help would go
        out unnoted), without one the help goes out and the failure is logged."""
        try:
            await self.plays.give(self.player_of(request), spec, receipt, kind)
        except PlayRefused as refused:
            raise BadRequest(str(refused), REFUSAL_STATUS[type(refused)]) from None
        except StoreUnavailable as down:
            if receipt is None:
                logger.warning("records: %s; %s handed out to a player unnoted", down, kind)
                return
            raise BadRequest(f"{down}; the answer and the hints of a recorded play are handed out once the server "
                             "has noted them: try again later", 503,
                             {"Retry-After": str(RETRY_AFTER_SECONDS)}) from None

    async def make_dailies_ahead(self) -> bool:
        """One round: today's and tomorrow's daily puzzles made now (see the module docstring); False when
        the queue was busy or an engine failed (logged), so that the next round comes sooner."""
        registered = tuple(name for name, game in self.games.items() if GAMES.get(name) is game)
        try:
            made = await self.plays.daily.make_ahead(self.today(), registered)
            for spec in made:  # and their floors, so that the daily page and the records find them computed
                if spec is not None:
                    await self.plays.floor_of(spec)
            return True
        except (BadRequest, FloorUnavailable) as busy:
            logger.info("daily puzzles not made ahead this round: %s", busy)
        except Exception:  # a background task has nobody to answer: log it, try again later
            logger.exception("making the daily puzzles ahead failed")
        finally:
            self.dailies_made.set()
        return False

    async def keep_dailies_ahead(self) -> None:
        """Make the dailies ahead, round after round, for as long as the app runs (its lifespan's task)."""
        while True:
            made = await self.make_dailies_ahead()
            await asyncio.sleep(daily.seconds_to_next_round(self.clock()) if made else AHEAD_RETRY_SECONDS)

    @asynccontextmanager
    async def lifespan(self, app: Starlette | None) -> AsyncIterator[None]:
        """Migrate on start (a database that is down is logged and tried again on the first use), and
        keep the dailies made ahead while the app runs."""
        try:
            await run_in_threadpool(self.store.open)
        except StoreUnavailable as down:
            logger.warning("records: %s; play goes on and record writes answer 503 until it is back", down)
        ahead = asyncio.create_task(self.keep_dailies_ahead())
        try:
            yield
        finally:
            ahead.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ahead
            self.store.close()


REFUSAL_STATUS: dict[type[StoreError], int] = {PlayRefused: 400, OthersPlay: 403, UnknownGame: 404,
                                                AlreadyRecorded: 409, GroupRefused: 400, UnknownGroup: 404}


def retry_later_response(refused: StoreUnavailable | RateLimited) -> Response:
    """The answer to a write to try again later: 429, or 503 (the database is down), with ``Retry-After``."""
    if isinstance(refused, RateLimited):
        response = error(str(refused), 429)
        response.headers["Retry-After"] = str(refused.retry_after)
        return response
    if isinstance(refused, RecordDeferred):
        response = JSONResponse({"error": f"{refused}; the play is not lost: send it again later with this "
                                          "receipt", "receipt": refused.receipt}, status_code=503)
    else:
        response = error(f"{refused}; try again later", 503)
    response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


PlayerEndpoint = Callable[[Request, str], Awaitable[Response]]


def too_often(rate: Rate, retry_after: int, advice: str) -> Response:
    """The 429 of an address past one of its rates."""
    response = error(f"this address has used its share of {rate.what} ({rate.text()}); {advice}try again in "
                     f"{retry_after} s", 429)
    response.headers["Retry-After"] = str(retry_after)
    return response


def as_player(desk: RecordDesk, endpoint: PlayerEndpoint, *, writes: bool) -> Callable[[Request], Awaitable[Response]]:
    """``endpoint(request, player_id)`` for the cookie's player (a new one gets the cookie, within its
    address's share of new players), with the refusals of the play desk and the store answered by
    their :data:`REFUSAL_STATUS` or :func:`retry_later_response`. An endpoint that ``writes`` (or hands
    out) is within its address's share of writes too, and never makes a new player past the share."""
    signer = desk.signer

    async def run(request: Request) -> Response:
        player = desk.player_of(request)
        new = player is None
        address = client_key(request.scope)
        if player is None:
            player = secrets.token_hex(16)
            wait = desk.new_players.take(address)
            if wait is not None and writes:
                return too_often(desk.new_players.rate, wait, "send the player cookie this server gave you, or ")
            new = wait is None  # a read past the share is answered without making a player
        if writes and (wait := desk.writes.take(address)) is not None:
            return too_often(desk.writes.rate, wait, "")
        try:
            response = await endpoint(request, player)
        except (PlayRefused, AlreadyRecorded, GroupRefused) as refused:
            # answered as every bad request is (by guarded), without a new player's cookie
            raise BadRequest(str(refused), REFUSAL_STATUS[type(refused)], PER_PLAYER_HEADERS) from None
        except (StoreUnavailable, RateLimited) as refused:
            response = retry_later_response(refused)
        response.headers.update(PER_PLAYER_HEADERS)
        if new:
            response.set_cookie(COOKIE, signer.seal("player", player), max_age=COOKIE_MAX_AGE, path="/",
                                httponly=True, samesite="lax", secure=request.url.scheme == "https")
        return response

    return guarded(run)


async def body_object(request: Request, allowed: tuple[str, ...]) -> dict[str, Any]:
    """The body, a JSON object of the ``allowed`` fields only."""
    body = await json_body(request)
    if not isinstance(body, dict):
        raise BadRequest(f"the body must be a JSON object, not {short_repr(body)}")
    unknown = [key for key in body if key not in allowed]
    if unknown:
        raise BadRequest(f"unknown field {short_repr(unknown[0])} in the body; the fields are {', '.join(allowed)}")
    return body


class RecordEndpoints:
    """The records' endpoints, each ``(request, player_id) -> Response``; :meth:`routes` binds them."""

    def __init__(self, desk: RecordDesk, page: Callable[[str], Response]) -> None:
        self.desk = desk
        self.page = page
        self.store = desk.store

    def routes(self) -> list[Route]:
        def route(path: str, endpoint: PlayerEndpoint, method: str) -> Route:
            return Route(path, as_player(self.desk, endpoint, writes=method != "GET"), methods=[method])

        return [
            route("/daily", self.daily_page, "GET"),
            route("/stats", self.stats_page, "GET"),
            route("/api/daily", self.day, "GET"),
            route("/api/daily/archive", self.archive, "GET"),
            route("/api/daily/leaderboard", self.leaderboard, "GET"),
            route("/api/records/start", self.start, "POST"),
            route("/api/records", self.record, "POST"),
            route("/api/records", self.delete, "DELETE"),
            route("/api/records/stats", self.stats, "GET"),
            route("/api/records/export", self.export, "GET"),
            route("/api/records/name", self.name, "PUT"),
            route("/api/groups", self.groups, "GET"),
            route("/api/groups", self.create_group, "POST"),
            route("/api/groups/join", self.join_group, "POST"),
            route("/api/groups/{group}", self.leave_group, "DELETE"),
            route("/api/groups/{group}/leaderboard", self.group_leaderboard, "GET"),
        ]

    # --- pages ------------------------------------------------------------------------------

    async def daily_page(self, request: Request, player: str) -> Response:
        return self.page("daily.html")

    async def stats_page(self, request: Request, player: str) -> Response:
        return self.page("stats.html")

    # --- the daily puzzles ------------------------------------------------------------------

    async def day(self, request: Request, player: str) -> Response:
        today = self.desk.today()
        chosen = _day(query_values(request, ("date",)).get("date"), today)
        records = await run_in_threadpool(lambda: self.store.daily_records(player, chosen, chosen))
        stats = await run_in_threadpool(lambda: self.store.stats(player, today))
        puzzles = []
        for rule in daily.rules_on(chosen, tuple(self.desk.games)):
            spec = await self.desk.plays.daily.spec_on(chosen, rule)
            floor = await self.desk.floor_or_none(spec) if spec is not None else None
            mine = [r for r in records if (r.game, r.preset) == (rule.game, rule.preset)]
            solved = [r.seconds for r in mine if r.outcome == "solved"]
            puzzles.append({
                "game": rule.game, "title": self.desk.games[rule.game].title, "preset": rule.preset,
                "id": spec.id if spec else None, "version": rule.version, "size": rule.side,
                "difficulty": rule.difficulty, "seed": spec.seed if spec else None,
                "first": mine[0].to_dict() if mine else None, "plays": len(mine),
                "solved": len(solved), "best": min(solved, default=None), "floor": floor,
            })
        return JSONResponse({"date": chosen.isoformat(), "today": today.isoformat(),
                             "launch": daily.LAUNCH.isoformat(), "streak": stats["streak"], "puzzles": puzzles})

    async def archive(self, request: Request, player: str) -> Response:
        query_values(request, ())
        today = self.desk.today()
        records = await run_in_threadpool(lambda: self.store.daily_records(player, daily.LAUNCH, today))
        solved: dict[date, set[tuple[str, str | None]]] = {}
        for record in records:
            if record.outcome == "solved" and record.daily_date is not None:
                solved.setdefault(record.daily_date, set()).add((record.game, record.preset))
        days = []
        day = today - timedelta(days=1)
        while day >= daily.LAUNCH:
            days.append({"date": day.isoformat(), "puzzles": len(daily.rules_on(day, tuple(self.desk.games))),
                         "solved": len(solved.get(day, ()))})
            day -= timedelta(days=1)
        return JSONResponse({"today": today.isoformat(), "launch": daily.LAUNCH.isoformat(), "days": days})

    def which_daily(self, request: Request) -> tuple[date, str, str]:
        """The day, game and preset a leaderboard's query names."""
        values = query_values(request, ("date", "game", "preset"))
        chosen = _day(values.get("date"), self.desk.today())
        game, preset = values.get("game", ""), values.get("preset", "")
        if game not in self.desk.games:
            raise BadRequest(f"game must be one of {', '.join(self.desk.games)}, not {short_repr(game)}")
        if preset not in daily.PRESETS:
            raise BadRequest(f"preset must be one of {', '.join(daily.PRESETS)}, not {short_repr(preset)}")
        return chosen, game, preset

    async def leaderboard(self, request: Request, player: str) -> Response:
        chosen, game, preset = self.which_daily(request)
        entries = await run_in_threadpool(lambda: self.store.leaderboard(chosen, game, preset, LEADERBOARD_SIZE))
        return JSONResponse({"date": chosen.isoformat(), "game": game, "preset": preset,
                             "entries": [{"name": name, "seconds": seconds} for name, seconds in entries]})

    # --- a play: its hand-out and its record ------------------------------------------------

    async def start(self, request: Request, player: str) -> Response:
        body = await body_object(request, ("id",))
        receipt, now = self.desk.plays.hand_out(player, body.get("id"))
        return JSONResponse({"play": receipt, "handedOut": now.isoformat()})

    async def record(self, request: Request, player: str) -> Response:
        """The finished play: its receipt, board and figures read from the body, accepted by the desk."""
        received = self.desk.clock()
        body = await body_object(request, RECORD_FIELDS)
        plays = self.desk.plays
        handout = plays.handout_of(player, body.get("play"))
        if "board" not in body:
            raise BadRequest("the body has no board")
        board = handout.game.parse_board(handout.spec.width, handout.spec.height, body["board"])
        stats = play_stats(body)
        if stats is None:
            raise BadRequest("a record needs seconds, moves, checks and revealed")
        finished_at = plays.receipt_moment(handout, body["receipt"]) if "receipt" in body else received
        figures = PlayFigures(**stats, log=body.get("log"))
        accepted = await plays.accept(handout, board, figures, finished_at, self.desk.address_of(request))
        answer: dict[str, Any] = {"record": accepted.record.to_dict(), "new": accepted.new}
        if accepted.score is not None:
            answer["score"] = accepted.score.to_dict()
        return JSONResponse(answer, status_code=201 if accepted.new else 200)

    # --- the player's own records -----------------------------------------------------------

    async def stats(self, request: Request, player: str) -> Response:
        query_values(request, ())
        today = self.desk.today()
        found = await run_in_threadpool(lambda: self.store.stats(player, today))
        return JSONResponse({"today": today.isoformat(), **found})

    async def export(self, request: Request, player: str) -> Response:
        form = query_values(request, ("format",)).get("format", "json")
        if form not in ("json", "csv"):
            raise BadRequest(f"format must be json or csv, not {short_repr(form)}")
        plays = await run_in_threadpool(lambda: self.store.plays(player))
        rows = [play.to_dict() for play in plays]
        headers = {"Content-Disposition": f'attachment; filename="gridlogic-records.{form}"'}
        if form == "json":
            return JSONResponse({"records": rows}, headers=headers)
        text = io.StringIO()
        writer = csv.DictWriter(text, fieldnames=EXPORT_FIELDS, lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(rows)
        return Response(text.getvalue(), media_type="text/csv; charset=utf-8", headers=headers)

    async def name(self, request: Request, player: str) -> Response:
        chosen = _display_name((await body_object(request, ("name",))).get("name"))
        await run_in_threadpool(lambda: self.store.set_name(player, chosen, self.desk.clock()))
        return JSONResponse({"name": chosen})

    # --- friends' groups ---------------------------------------------------------------------

    async def groups(self, request: Request, player: str) -> Response:
        query_values(request, ())
        found = await run_in_threadpool(lambda: self.store.groups(player))
        return JSONResponse({"groups": [group.to_dict() for group in found]})

    async def create_group(self, request: Request, player: str) -> Response:
        name = _display_name((await body_object(request, ("name",))).get("name"))
        if name is None:
            raise BadRequest("a group needs a name (1 to 32 characters)")
        group = await run_in_threadpool(lambda: self.store.create_group(player, name, self.desk.clock()))
        return JSONResponse({"group": group.to_dict()}, status_code=201)

    async def join_group(self, request: Request, player: str) -> Response:
        invite = (await body_object(request, ("invite",))).get("invite")
        if not isinstance(invite, str) or not re.fullmatch(f"[0-9a-f]{{{INVITE_LENGTH}}}", invite):
            raise BadRequest(f"invite must be the {INVITE_LENGTH} hex digits of a group's link, "
                             f"not {short_repr(invite)}")
        group = await run_in_threadpool(lambda: self.store.join_group(player, invite, self.desk.clock()))
        return JSONResponse({"group": group.to_dict()})

    async def leave_group(self, request: Request, player: str) -> Response:
        query_values(request, ())
        group = _group_id(request)
        await run_in_threadpool(lambda: self.store.leave_group(player, group, self.desk.clock()))
        return JSONResponse({"left": group})

    async def group_leaderboard(self, request: Request, player: str) -> Response:
        group = _group_id(request)
        chosen, game, preset = self.which_daily(request)
        entries = await run_in_threadpool(lambda: self.store.group_board(player, group, chosen, game, preset))
        return JSONResponse({"date": chosen.isoformat(), "game": game, "preset": preset, "group": group,
                             "entries": entries})

    async def delete(self, request: Request, player: str) -> Response:
        query_values(request, ())
        gone = await run_in_threadpool(lambda: self.store.delete_records(player, self.desk.clock()))
        return JSONResponse({"deleted": gone})


def routes(desk: RecordDesk, page: Callable[[str], Response]) -> list[Route]:
    """The records' routes; ``page(name)`` answers a file of ``static/`` as the app serves its pages."""
    return RecordEndpoints(desk, page).routes()


__all__ = ["COOKIE", "RecordDesk", "RecordSettings", "routes"]
