"""Play records on the server: the daily page, a play's hand-out and record, stats, leaderboard, export.

::

    GET    /daily, /stats                 the daily page and the stats page; both set the player cookie
    GET    /api/daily?date=YYYY-MM-DD     a day's puzzles (default: today, UTC) and the player's results
    GET    /api/daily/archive             every day since the first daily, with what the player solved
    GET    /api/daily/leaderboard?date=&game=&preset=   display names and times of that daily
    POST   /api/records/start             {"id"}: the hand-out receipt of a play that begins now
    POST   /api/records                   {"play", "board", "seconds", "moves", "checks", "revealed",
                                           "hints"?, "receipt"?}: the finished play, recorded
    GET    /api/records/stats             the player's stats (solved, best, median, the streak)
    GET    /api/records/export?format=json|csv   every record of the player
    PUT    /api/records/name              {"name"}: the display name on the leaderboard (null: none)
    DELETE /api/records                   deletes every record of the player

**Who is playing.** A player is anonymous: a random ID in the ``gridlogic_player`` cookie, signed
by the server (HMAC-SHA256 with the secret of :mod:`gridlogic.store.location`), HTTP-only and
SameSite=Lax, given to any request that comes without a valid one. Every endpoint works on the
cookie's player only: no path or field names a player or a record, so one player can neither
read nor change another's records.

**Trust nothing from the page.** When a play begins the page asks for a *hand-out receipt*: the
server signs (player, puzzle ID, the moment, a random nonce). The record of the finished play
carries that receipt back, and the server

1. refuses a receipt it did not sign, or signed for another player (403);
2. refuses a time shorter than it saw: the claimed ``seconds`` must be at least the time from the
   hand-out to the record, less :data:`ALLOWANCE_SECONDS` for the network, and at most that time
   plus the allowance (a play cannot outlast its hand-out). The page therefore reports the
   wall-clock time since the receipt came, which counts a hidden tab too: the server cannot see
   one;
3. checks the board itself with the game's own ``check`` (only a solved board is a finished
   play; a revealed one is the solution, marked revealed), and refuses fewer moves than the
   least that solve the puzzle (``Game.min_moves``) for a play without reveal or hints;
4. computes the score itself (:func:`gridlogic.scoring.score_puzzle`) and decides itself whether
   the puzzle is a daily one (its seed names a day that has come, and it is that day's puzzle);
5. stores each receipt's play once (:class:`~gridlogic.store.records.Store` refuses the same nonce
   with other figures) and rate-limits writes per player (429 with ``Retry-After``).

Checks and hints are taken as the page counts them: they only cost the player points.

**A database that is down** answers record writes with a 503 that says so and carries a signed
``receipt`` of the moment the server saw the record; the page keeps the write and sends it again
later with that receipt, and the time rule measures up to the receipt, not to the retry. Play
itself never needs the database: the game API, the hand-out receipts and the pages go on.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import hmac
import io
import json
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

from gridlogic import scoring
from gridlogic.game import Game, PuzzleSpec, parse_id
from gridlogic.params import short_repr
from gridlogic.store import daily
from gridlogic.store.location import SECRET_VARIABLE, cookie_secret
from gridlogic.store.models import MAX_NAME_LENGTH
from gridlogic.store.records import (
    EXPORT_FIELDS,
    AlreadyRecorded,
    PlayRecord,
    RateLimited,
    Store,
    StoreUnavailable,
)
from gridlogic.web.inputs import BadRequest, json_body, play_stats, query_values
from gridlogic.web.puzzles import PuzzleSource
from gridlogic.web.responses import JSONResponse, error, guarded

logger = logging.getLogger("gridlogic.web")

COOKIE = "gridlogic_player"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie
ALLOWANCE_SECONDS = 5.0
RETRY_AFTER_SECONDS = 30
LEADERBOARD_SIZE = 20
RECORD_FIELDS = ("play", "board", "seconds", "moves", "checks", "revealed", "hints", "receipt")


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class RecordSettings:
    """Where the records go: ``database_url`` (None: ``GRIDLOGIC_DATABASE_URL``, else the data
    directory's SQLite file), the cookie ``secret`` (None: ``GRIDLOGIC_SECRET``, else the file
    beside the database) and the ``clock`` (UTC; the tests move it by hand)."""

    database_url: str | None = None
    secret: bytes | None = None
    clock: Callable[[], datetime] = field(default=utc_now)


class Signer:
    """Tokens only this server can make: ``BODY.MAC``, the body base64url JSON, the MAC over purpose and body."""

    def __init__(self, secret: Callable[[], bytes]) -> None:
        self._secret = secret

    def _mac(self, purpose: str, body: str) -> str:
        digest = hmac.new(self._secret(), f"{purpose}.{body}".encode("ascii"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")

    def seal(self, purpose: str, content: object) -> str:
        text = json.dumps(content, separators=(",", ":"), ensure_ascii=True)
        body = base64.urlsafe_b64encode(text.encode("ascii")).rstrip(b"=").decode("ascii")
        return f"{body}.{self._mac(purpose, body)}"

    def unseal(self, purpose: str, token: object) -> Any:
        """The content of a token this server sealed for ``purpose``; None for anything else."""
        if not isinstance(token, str) or token.count(".") != 1 or len(token) > 4096 or not token.isascii():
            return None
        body, mac = token.split(".")
        if not hmac.compare_digest(mac, self._mac(purpose, body)):
            return None
        return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def _moment(milliseconds: int) -> datetime:
    return datetime.fromtimestamp(milliseconds / 1000, UTC)


def _milliseconds(moment: datetime) -> int:
    return round(moment.timestamp() * 1000)


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


class RecordDesk:
    """The records' side of one app: its store, its signer, its clock and the day's puzzles."""

    def __init__(self, games: Mapping[str, Game], puzzles: PuzzleSource, settings: RecordSettings) -> None:
        self.games = games
        self.puzzles = puzzles
        self.store = Store(settings.database_url)
        self.clock = settings.clock
        self._secret = settings.secret
        if self._secret is None and os.environ.get(SECRET_VARIABLE):
            self._secret = cookie_secret(self.store.url)  # checked now: a bad one stops the app making
        self._secret_lock = threading.Lock()
        self.signer = Signer(self.secret)
        self._days: dict[tuple[date, daily.DailyRule], PuzzleSpec | None] = {}

    def secret(self) -> bytes:
        with self._secret_lock:
            if self._secret is None:
                self._secret = cookie_secret(self.store.url)
            return self._secret

    def today(self) -> date:
        return self.clock().astimezone(UTC).date()

    async def day_puzzle(self, day: date, rule: daily.DailyRule) -> PuzzleSpec | None:
        """The spec of ``rule``'s puzzle on ``day``: the first candidate its generator makes (None: none)."""
        key = (day, rule)
        if key not in self._days:
            found = None
            for spec in daily.candidates(day, rule):
                try:
                    await self.puzzles.get(spec)
                except BadRequest as refused:
                    if refused.status != 422:
                        raise
                    continue
                found = spec
                break
            self._days[key] = found
        return self._days[key]

    async def daily_of(self, spec: PuzzleSpec) -> tuple[date, str] | None:
        """(day, preset) when ``spec`` is the daily puzzle of a day that has come."""
        found = daily.rule_for(spec)
        if found is None or found[0] > self.today():
            return None
        day, rule = found
        return (day, rule.preset) if await self.day_puzzle(day, rule) == spec else None

    @asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Migrate on start (a database that is down is logged and tried again on the first use)."""
        try:
            await run_in_threadpool(self.store.open)
        except StoreUnavailable as down:
            logger.warning("records: %s; play goes on and record writes answer 503 until it is back", down)
        try:
            yield
        finally:
            self.store.close()


PlayerEndpoint = Callable[[Request, str], Awaitable[Response]]


def routes(desk: RecordDesk, page: Callable[[str], Response]) -> list[Route]:
    """The records' routes; ``page(name)`` answers a file of ``static/`` as the app serves its pages."""
    games, store, signer = desk.games, desk.store, desk.signer

    def as_player(endpoint: PlayerEndpoint) -> Callable[[Request], Awaitable[Response]]:
        """``endpoint(request, player_id)`` for the cookie's player (a new one gets the cookie)."""

        async def run(request: Request) -> Response:
            player = signer.unseal("player", request.cookies.get(COOKIE))
            new = not (isinstance(player, str) and re.fullmatch(r"[0-9a-f]{32}", player))
            if new:
                player = secrets.token_hex(16)
            try:
                response = await endpoint(request, player)
            except StoreUnavailable as down:
                response = error(f"{down}; try again later", 503)
                response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
            except RateLimited as limited:
                response = error(str(limited), 429)
                response.headers["Retry-After"] = str(limited.retry_after)
            if new:
                response.set_cookie(COOKIE, signer.seal("player", player), max_age=COOKIE_MAX_AGE, path="/",
                                    httponly=True, samesite="lax", secure=request.url.scheme == "https")
            return response

        return guarded(run)

    async def in_thread(work: Callable[[], Any]) -> Any:
        return await run_in_threadpool(work)

    async def body_object(request: Request, allowed: tuple[str, ...]) -> dict[str, Any]:
        body = await json_body(request)
        if not isinstance(body, dict):
            raise BadRequest(f"the body must be a JSON object, not {short_repr(body)}")
        unknown = [key for key in body if key not in allowed]
        if unknown:
            raise BadRequest(f"unknown field {short_repr(unknown[0])} in the body; the fields are {', '.join(allowed)}")
        return body

    # --- pages ------------------------------------------------------------------------------

    async def daily_page(request: Request, player: str) -> Response:
        return page("daily.html")

    async def stats_page(request: Request, player: str) -> Response:
        return page("stats.html")

    # --- the daily puzzles ------------------------------------------------------------------

    async def day(request: Request, player: str) -> Response:
        today = desk.today()
        chosen = _day(query_values(request, ("date",)).get("date"), today)
        rules = daily.rules_on(chosen, tuple(games))
        records = await in_thread(lambda: store.daily_records(player, chosen, chosen))
        stats = await in_thread(lambda: store.stats(player, today))
        puzzles = []
        for rule in rules:
            spec = await desk.day_puzzle(chosen, rule)
            mine = [r for r in records if (r.game, r.preset) == (rule.game, rule.preset)]
            solved = [r.seconds for r in mine if r.outcome == "solved"]
            puzzles.append({
                "game": rule.game, "title": games[rule.game].title, "preset": rule.preset,
                "id": spec.id if spec else None, "version": rule.version, "size": rule.side,
                "difficulty": rule.difficulty, "seed": spec.seed if spec else None,
                "first": mine[0].to_dict() if mine else None, "plays": len(mine),
                "solved": len(solved), "best": min(solved, default=None),
            })
        return JSONResponse({"date": chosen.isoformat(), "today": today.isoformat(),
                             "launch": daily.LAUNCH.isoformat(), "streak": stats["streak"], "puzzles": puzzles})

    async def archive(request: Request, player: str) -> Response:
        query_values(request, ())
        today = desk.today()
        records = await in_thread(lambda: store.daily_records(player, daily.LAUNCH, today))
        solved: dict[date, set[tuple[str, str | None]]] = {}
        for record in records:
            if record.outcome == "solved" and record.daily_date is not None:
                solved.setdefault(record.daily_date, set()).add((record.game, record.preset))
        days = []
        day = today - timedelta(days=1)
        while day >= daily.LAUNCH:
            days.append({"date": day.isoformat(), "puzzles": len(daily.rules_on(day, tuple(games))),
                         "solved": len(solved.get(day, ()))})
            day -= timedelta(days=1)
        return JSONResponse({"today": today.isoformat(), "launch": daily.LAUNCH.isoformat(), "days": days})

    async def leaderboard(request: Request, player: str) -> Response:
        values = query_values(request, ("date", "game", "preset"))
        chosen = _day(values.get("date"), desk.today())
        game, preset = values.get("game", ""), values.get("preset", "")
        if game not in games:
            raise BadRequest(f"game must be one of {', '.join(games)}, not {short_repr(game)}")
        if preset not in daily.PRESETS:
            raise BadRequest(f"preset must be one of {', '.join(daily.PRESETS)}, not {short_repr(preset)}")
        entries = await in_thread(lambda: store.leaderboard(chosen, game, preset, LEADERBOARD_SIZE))
        return JSONResponse({"date": chosen.isoformat(), "game": game, "preset": preset,
                             "entries": [{"name": name, "seconds": seconds} for name, seconds in entries]})

    # --- a play: its hand-out and its record ------------------------------------------------

    async def start(request: Request, player: str) -> Response:
        body = await body_object(request, ("id",))
        spec = parse_id(body.get("id"))
        if spec.game not in games:
            raise BadRequest(f"unknown game {short_repr(spec.game)}; the games are {', '.join(games)}", 404)
        now = desk.clock()
        receipt = {"n": secrets.token_hex(16), "p": player, "z": spec.id, "t": _milliseconds(now)}
        return JSONResponse({"play": signer.seal("play", receipt), "handedOut": now.isoformat()})

    async def record(request: Request, player: str) -> Response:
        received = desk.clock()
        body = await body_object(request, RECORD_FIELDS)
        handout = signer.unseal("play", body.get("play"))
        if not isinstance(handout, dict):
            raise BadRequest("play is not a hand-out receipt of this server; ask /api/records/start for one")
        if handout["p"] != player:
            raise BadRequest("this play was handed out to another player", 403)
        spec = parse_id(handout["z"])
        game = games.get(spec.game)
        if game is None:
            raise BadRequest(f"unknown game {short_repr(spec.game)}; the games are {', '.join(games)}", 404)
        if "board" not in body:
            raise BadRequest("the body has no board")
        board = game.parse_board(spec.width, spec.height, body["board"])
        stats = play_stats(body)
        if stats is None:
            raise BadRequest("a record needs seconds, moves, checks and revealed")
        hints = stats["hints"]
        handed_out = _moment(handout["t"])
        seen_until = received
        if "receipt" in body:
            late = signer.unseal("receipt", body["receipt"])
            if not isinstance(late, dict) or late["n"] != handout["n"]:
                raise BadRequest("receipt is not this server's receipt of this play")
            seen_until = _moment(late["t"])
        seen = (seen_until - handed_out).total_seconds()
        refusal = None
        if stats["seconds"] < seen - ALLOWANCE_SECONDS:
            refusal = (f"a time of {stats['seconds']:.1f} s is shorter than the {seen:.1f} s the server saw "
                       f"from handing this puzzle out to this record (less {ALLOWANCE_SECONDS:g} s allowed "
                       "for the network)")
        elif stats["seconds"] > seen + ALLOWANCE_SECONDS:
            refusal = (f"a time of {stats['seconds']:.1f} s is longer than the {seen:.1f} s since the server "
                       "handed this puzzle out")
        if refusal is not None:
            # A write sent again after its answer was lost (a server killed, a network cut) is
            # late by the time it was away; if it was stored, it is answered as stored.
            earlier = await in_thread(lambda: store.find(handout["n"]))
            if earlier is None or earlier.player_id != player or earlier.seconds != stats["seconds"]:
                raise BadRequest(refusal)
            return JSONResponse({"record": earlier.to_dict(), "new": False}, status_code=200)
        puzzle = await desk.puzzles.get(spec)
        if not game.check(puzzle, board).get("solved"):
            raise BadRequest("the board is not solved: only a finished or revealed play is recorded")
        least = game.min_moves(puzzle)
        if not stats["revealed"] and hints == 0 and stats["moves"] < least:
            raise BadRequest(f"{stats['moves']} moves cannot solve this puzzle: it takes at least {least}")
        score = scoring.score_puzzle(puzzle, **stats)
        found = await desk.daily_of(spec)
        play = PlayRecord(
            id=handout["n"], player_id=player, puzzle_id=spec.id, game=spec.game, version=spec.version,
            width=spec.width, height=spec.height, difficulty=spec.difficulty,
            daily_date=found[0] if found else None, preset=found[1] if found else None,
            handed_out_at=handed_out, finished_at=seen_until,
            outcome="revealed" if stats["revealed"] else "solved", seconds=float(stats["seconds"]),
            moves=stats["moves"], checks=stats["checks"], hints=hints, score=score.score, rank=score.rank,
        )
        try:
            stored, new = await in_thread(lambda: store.record(play))
        except StoreUnavailable as down:
            receipt = signer.seal("receipt", {"n": handout["n"], "t": _milliseconds(seen_until)})
            response = JSONResponse({"error": f"{down}; the play is not lost: send it again later with this "
                                              "receipt", "receipt": receipt}, status_code=503)
            response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
            return response
        except AlreadyRecorded as refused:
            raise BadRequest(str(refused), 409) from None
        return JSONResponse({"record": stored.to_dict(), "new": new, "score": score.to_dict()},
                            status_code=201 if new else 200)

    # --- the player's own records -----------------------------------------------------------

    async def stats(request: Request, player: str) -> Response:
        query_values(request, ())
        today = desk.today()
        found = await in_thread(lambda: store.stats(player, today))
        return JSONResponse({"today": today.isoformat(), **found})

    async def export(request: Request, player: str) -> Response:
        form = query_values(request, ("format",)).get("format", "json")
        if form not in ("json", "csv"):
            raise BadRequest(f"format must be json or csv, not {short_repr(form)}")
        plays = await in_thread(lambda: store.plays(player))
        rows = [play.to_dict() for play in plays]
        headers = {"Content-Disposition": f'attachment; filename="gridlogic-records.{form}"'}
        if form == "json":
            return JSONResponse({"records": rows}, headers=headers)
        text = io.StringIO()
        writer = csv.DictWriter(text, fieldnames=EXPORT_FIELDS, lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(rows)
        return Response(text.getvalue(), media_type="text/csv; charset=utf-8", headers=headers)

    async def name(request: Request, player: str) -> Response:
        chosen = _display_name((await body_object(request, ("name",))).get("name"))
        await in_thread(lambda: store.set_name(player, chosen, desk.clock()))
        return JSONResponse({"name": chosen})

    async def delete(request: Request, player: str) -> Response:
        query_values(request, ())
        gone = await in_thread(lambda: store.delete_records(player, desk.clock()))
        return JSONResponse({"deleted": gone})

    return [
        Route("/daily", as_player(daily_page), methods=["GET"]),
        Route("/stats", as_player(stats_page), methods=["GET"]),
        Route("/api/daily", as_player(day), methods=["GET"]),
        Route("/api/daily/archive", as_player(archive), methods=["GET"]),
        Route("/api/daily/leaderboard", as_player(leaderboard), methods=["GET"]),
        Route("/api/records/start", as_player(start), methods=["POST"]),
        Route("/api/records", as_player(record), methods=["POST"]),
        Route("/api/records", as_player(delete), methods=["DELETE"]),
        Route("/api/records/stats", as_player(stats), methods=["GET"]),
        Route("/api/records/export", as_player(export), methods=["GET"]),
        Route("/api/records/name", as_player(name), methods=["PUT"]),
    ]


__all__ = ["COOKIE", "RecordDesk", "RecordSettings", "routes"]
