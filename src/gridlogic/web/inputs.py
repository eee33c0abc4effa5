"""Reading a request: query strings, JSON bodies and the puzzle they name, checked as the CLI checks.

Every value goes through :mod:`gridlogic.params` or a :class:`~gridlogic.game.Game`'s
own checks, so the web accepts exactly what the library and the CLI accept
(the one difference being the channel: a query string is text, so a size
``"5"`` is read with :func:`~gridlogic.params.int_from_text`, while in a JSON
body a size is a number). Anything refused is a :class:`BadRequest` (or an
``InvalidParameters``), answered with a 400 saying what was wrong.

A puzzle is named either by its parts (``size`` or ``width`` and ``height``,
``difficulty``, ``seed``, ``version`` and the version's options) or by its
``id`` alone (see :mod:`gridlogic.game`). Without ``version`` the request
means the game's first version, the one every share link made before
versions appeared names; without ``seed``, a random seed (where allowed).
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl

from starlette.requests import ClientDisconnect, Request

from gridlogic.game import Game, PuzzleSpec, parse_id
from gridlogic.params import NotJson, check_int, int_from_text, parse_json, short_repr

logger = logging.getLogger("gridlogic.web")

# A 10x10 Loop board in JSON is about 1.5 kB; anything near this limit is not a board.
MAX_BODY_BYTES = 64 * 1024
MAX_QUERY_BYTES = 8 * 1024
BODY_SECONDS = 10  # a body that takes longer to arrive holds a connection for nothing
# Generous: an hour-long play is 3600 seconds; a week is still a number a person could mean.
MAX_SECONDS = 7 * 24 * 3600
MAX_COUNT = 10_000_000

SPEC_FIELDS = ("id", "size", "width", "height", "difficulty", "seed", "version")
PLAY_STATS = ("seconds", "moves", "checks", "revealed", "hints")  # hints may be left out: none taken


class BadRequest(Exception):
    """The request is not acceptable; ``str(self)`` says why, for a 400 or 404 answer (or the
    ``status`` given), with ``headers`` added to the answer (a 503's ``Retry-After``)."""

    def __init__(self, message: str, status: int = 400, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.headers = dict(headers or {})


def random_seed() -> str:
    """The seed of a puzzle asked for without one: 10 random hex digits."""
    return secrets.token_hex(5)


def spec_fields(game: Game) -> tuple[str, ...]:
    """The names a request may use to name a puzzle of ``game``: :data:`SPEC_FIELDS` and every option."""
    options = {option.name for version in game.versions.values() for option in version.options}
    return SPEC_FIELDS + tuple(sorted(options))


def query_values(request: Request, allowed: tuple[str, ...]) -> dict[str, str]:
    """The query parameters as a dict; an unknown or repeated parameter, or one that is not UTF-8, is refused."""
    raw = request.scope.get("query_string", b"")
    if len(raw) > MAX_QUERY_BYTES:
        raise BadRequest(f"the query string is too long; at most {MAX_QUERY_BYTES} bytes are accepted")
    try:
        pairs = parse_qsl(raw.decode("ascii"), keep_blank_values=True, errors="strict")
    except UnicodeDecodeError:
        raise BadRequest("the query string is not percent-encoded UTF-8") from None
    values: dict[str, str] = {}
    for key, value in pairs:
        if key not in allowed:
            raise BadRequest(f"unknown query parameter {short_repr(key)}; the parameters are "
                             f"{', '.join(allowed) if allowed else 'none'}")
        if key in values:
            raise BadRequest(f"query parameter {short_repr(key)} is given more than once")
        values[key] = value
    return values


async def json_body(request: Request) -> object:
    """The body parsed as JSON: at most :data:`MAX_BODY_BYTES` (a declared larger body is refused unread),
    arriving within :data:`BODY_SECONDS`. A client that goes away meanwhile is logged in one line."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise BadRequest(f"the body is too large; at most {MAX_BODY_BYTES} bytes are accepted", 413)
    chunks: list[bytes] = []
    received = 0
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                received += len(chunk)
                if received > MAX_BODY_BYTES:
                    raise BadRequest(f"the body is too large; at most {MAX_BODY_BYTES} bytes are accepted", 413)
                chunks.append(chunk)
    except TimeoutError:
        raise BadRequest(f"the body did not arrive within {BODY_SECONDS} seconds", 408) from None
    except ClientDisconnect:
        logger.warning("the client went away while sending the body of %s %s (%d bytes received)",
                       request.method, request.url.path, received)
        raise BadRequest("the client went away before its body arrived") from None
    raw = b"".join(chunks)
    if not raw.strip():
        raise BadRequest("the body is empty; send a JSON object")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadRequest("the body is not UTF-8 text; send a JSON object") from None
    try:
        return parse_json(text, "the body")
    except NotJson as error:
        raise BadRequest(f"the body is not valid JSON ({error.reason})") from None


def puzzle_spec(game: Game, values: Mapping[str, object], *, from_text: bool, seed_required: bool) -> PuzzleSpec:
    """The :class:`PuzzleSpec` that ``values`` (a query string's when ``from_text``, else a JSON body's) name."""
    if "id" in values:
        others = [key for key in values if key in spec_fields(game) and key != "id"]
        if others:
            raise BadRequest(f"give a puzzle's id or its {others[0]}, not both")
        spec = parse_id(values["id"])
        if spec.game != game.name:
            raise BadRequest(f"puzzle id {short_repr(values['id'])} names a {spec.game} puzzle, not a {game.name} one")
        return spec

    def number(name: str) -> int | None:
        if name not in values:
            return None
        raw = values[name]
        return int_from_text(raw, name) if from_text else check_int(raw, name)

    version = number("version")
    if version is None:
        version = game.unversioned
    chosen = game.version(version)
    size: int | tuple[int, int]
    width, height, side = number("width"), number("height"), number("size")
    if (width is None) != (height is None):
        raise BadRequest("width and height go together")
    if width is not None and height is not None:
        if side is not None:
            raise BadRequest("give size, or width and height, not both")
        size = (width, height)
    else:
        size = chosen.default_size if side is None else side
    difficulty = values.get("difficulty", "any")
    if "seed" in values:
        seed = values["seed"]
    elif seed_required:
        raise BadRequest("seed is required: the seed of the puzzle being played")
    else:
        seed = random_seed()
    options: dict[str, Any] = {}
    for option in chosen.options:
        if option.name in values:
            raw = values[option.name]
            options[option.name] = next((v for v in option.values if str(v).lower() == raw), raw) if from_text else raw
    return game.spec(size, seed, difficulty, version=version, **options)


async def board_request(game: Game, request: Request,
                        extra: tuple[str, ...] = ()) -> tuple[PuzzleSpec, dict[str, Any], Any]:
    """A request about a player's board of one puzzle (``/check``, ``/hint``): the puzzle it names
    (by the body's fields or the query string's, not partly each), its body (a JSON object of those
    fields, ``board`` and the ``extra`` ones) and the board as :attr:`Game.parse_board` reads it."""
    fields = spec_fields(game)
    query = query_values(request, fields)
    body = await json_body(request)
    if not isinstance(body, dict):
        raise BadRequest(f"the body must be a JSON object with the board, not {short_repr(body)}")
    allowed = (*fields, "board", *extra)
    unknown = [key for key in body if key not in allowed]
    if unknown:
        raise BadRequest(f"unknown field {short_repr(unknown[0])} in the body; the fields are "
                         f"{', '.join(allowed)}")
    if "board" not in body:
        raise BadRequest("the body has no board")
    named = {key: body[key] for key in fields if key in body}
    if named and query:
        raise BadRequest("name the puzzle in the query string or in the body, not partly in each")
    if not named and not query:
        raise BadRequest("name the puzzle: its id, in the body or in the query string")
    spec = (puzzle_spec(game, named, from_text=False, seed_required=True) if named
            else puzzle_spec(game, query, from_text=True, seed_required=True))
    return spec, body, game.parse_board(spec.width, spec.height, body["board"])


def play_stats(body: Mapping[str, object]) -> dict[str, Any] | None:
    """The play's figures for a score (all of :data:`PLAY_STATS`, hints 0 when left out; or none of
    them: no score)."""
    needed = [name for name in PLAY_STATS if name != "hints"]
    if not any(name in body for name in PLAY_STATS):
        return None
    missing = [name for name in needed if name not in body]
    if missing:
        raise BadRequest(f"a score needs all of {', '.join(needed)}; missing {', '.join(missing)}")
    seconds = body["seconds"]
    if (not isinstance(seconds, int | float) or isinstance(seconds, bool)
            or not math.isfinite(seconds) or not 0 <= seconds <= MAX_SECONDS):
        raise BadRequest(f"seconds {short_repr(seconds)} must be a number from 0 to {MAX_SECONDS}")
    stats: dict[str, Any] = {"seconds": seconds}
    for name in ("moves", "checks"):
        stats[name] = check_int(body[name], name, 0, MAX_COUNT)
    stats["hints"] = check_int(body.get("hints", 0), "hints", 0, MAX_COUNT)
    if not isinstance(body["revealed"], bool):
        raise BadRequest(f"revealed {short_repr(body['revealed'])} must be true or false")
    stats["revealed"] = body["revealed"]
    return stats
