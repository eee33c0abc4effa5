"""What kind of error an answer is: a stable ``code`` and its ``params`` beside the English ``error``.

Every refusal of the API is ``{"error": "<English sentence>"}`` (see :mod:`.responses`); the page
shows it in its own language by the ``code`` this module adds, a key of the page's words
(``error.<code>`` in ``static/words/<lang>.js``) filled with ``params``. For example::

    GET /api/pattern/explain?id=bogus   (Accept-Language: de)
    -> 400 {"error": "'bogus' is not a puzzle ID: expected GAME.VERSION...", "code": "id.invalid",
            "params": {"id": "bogus", "game": "pattern", "detail": "'bogus' is not a puzzle ID: ..."}}

:class:`ErrorCodes`, an ASGI middleware, adds them to every JSON answer of status 400 or more that
has no ``code`` yet, for a request that says which languages its reader reads (``Accept-Language``,
which every browser sends): a client that does not, a script, gets the English answer alone, as
before codes (the answer says ``Vary: Accept-Language``). The code is the first of :data:`KINDS`
that fits the answer's status, path and English message (its named groups are params): a message
reworded where it is raised needs its kind's pattern here reworded too (tests/web/test_error_languages.py
asks the app for the refusals a person meets and checks their codes). Every answer also has the params
``detail`` (the English message), ``game`` (the game of an ``/api/<game>/...`` path), ``id`` (the
query string's, when it has one) and ``seconds`` (its ``Retry-After``, when it has one). The last
kinds of :data:`KINDS` fit any message of their statuses, so every error has a code; those codes'
words quote ``detail``, the English message, beside a sentence of the page's language.

Params that name a game (``game``, ``other``) hold its name (``pattern``), which the page turns into
the game's name in its language (``game.<name>``); a quoted value (``'bogus'``) is unquoted.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

from starlette.types import ASGIApp, Message, Receive, Scope, Send

GAME_PARAMS = ("game", "other")
_GAME_PATH = re.compile(r"^/api/(?P<game>[a-z]+)/(?P<what>[a-z]+)$")
_TEXT_ENDPOINTS = ("import", "analyse", "fixes", "thin")  # the endpoints that read a puzzle people bring


@dataclass(frozen=True)
class ErrorKind:
    """Errors of one ``code``: of one of ``statuses``, whose message ``pattern`` searches (its named groups
    are params; None: any message), on a path ``/api/<game>/<one of endpoints>`` (None: any path), to a
    request that names a puzzle by its ``id`` in the query string if ``named_by_id``."""

    code: str
    statuses: tuple[int, ...]
    pattern: str | None = None
    endpoints: tuple[str, ...] | None = None
    named_by_id: bool = False

    def fits(self, status: int, endpoint: str | None, message: str, by_id: bool) -> re.Match[str] | None:
        if status not in self.statuses or (self.named_by_id and not by_id):
            return None
        if self.endpoints is not None and endpoint not in self.endpoints:
            return None
        return re.search(self.pattern or "", message)


# The first kind that fits an error is its kind: the particular ones first, the catch-alls last.
KINDS: tuple[ErrorKind, ...] = (
    # a puzzle ID: a share link's, a walk-through's, or one pasted into the import box
    ErrorKind("id.otherGame", (400,), r"^puzzle id (?P<id>.+) names an? (?P<other>\w+) puzzle, not an? \w+ one$"),
    ErrorKind("id.otherGame", (400,), r"^(?P<id>.+) is an? (?P<other>\w+) puzzle's ID, not an? \w+ one$"),
    ErrorKind("id.invalid", (400,), r"^(?P<id>'.*'|\".*\") is not a puzzle ID"),
    ErrorKind("id.invalid", (400,), r"^puzzle ID (?P<id>'.*?'|\".*?\"): "),
    ErrorKind("id.invalid", (400,), r"\bpuzzle ID\b"),
    ErrorKind("id.invalid", (400,), named_by_id=True),  # whatever else is wrong with an ID asked for
    ErrorKind("game.unknown", (404,), r"^unknown game (?P<other>'[^']*'|\"[^\"]*\")"),
    ErrorKind("game.noHints", (400,), r"^\S+ gives no hints$"),
    ErrorKind("size.invalid", (400,), r"^\S+ size must be "),
    # a puzzle people bring (the import box, the studio)
    ErrorKind("text.empty", (400,), r"^text must be the puzzle as text", _TEXT_ENDPOINTS),
    ErrorKind("text.loopyFaces", (400,), r"^the clues cover (?P<count>\d+) faces, but the (?P<grid>\S+) "
              r"(?P<width>\d+)x(?P<height>\d+) grid has (?P<faces>\d+)$"),
    ErrorKind("text.unreadable", (400,), None, _TEXT_ENDPOINTS),
    ErrorKind("import.several", (422,), r"^this .+ puzzle has more than one "),
    ErrorKind("import.none", (422,), r"^this .+ puzzle has no "),
    ErrorKind("import.unproven", (422,), r"^this .+ puzzle could not be proven to have exactly one .+ within "
                                         r"(?P<limits>.+)$"),
    ErrorKind("import.solved", (422,), r"is solved already|fills no cell"),
    # a puzzle asked for
    ErrorKind("puzzle.notFound", (422,), r"^no (?P<width>\d+)x(?P<height>\d+) \S+ puzzle of difficulty "
                                         r"(?P<difficulty>\S+) \(version (?P<version>\d+)\) was found for seed "),
    ErrorKind("puzzle.notMade", (422,)),
    # the daily puzzles and the records
    ErrorKind("date.invalid", (400,), r"^date (?P<date>.+) is not a day like "),
    ErrorKind("daily.none", (400, 404), r"^there is no daily puzzle of (?P<date>\S+): "),
    ErrorKind("name.tooLong", (400,), r"^a name has at most (?P<most>\d+) characters; this one has (?P<n>\d+)$"),
    ErrorKind("name.invalid", (400,), r"^a name cannot hold "),
    ErrorKind("group.nameNeeded", (400,), r"^a group needs a name \((?P<least>\d+) to (?P<most>\d+) characters\)$"),
    ErrorKind("group.full", (400,), r"^this group is full: a group has at most (?P<most>\d+) members$"),
    ErrorKind("group.tooMany", (400,), r"^a player is in at most (?P<most>\d+) groups"),
    ErrorKind("group.unknown", (400, 404), r"^no group has this invite|^invite must be |^a group is named by "),
    ErrorKind("group.notMember", (404,), r"^you are not a member of this group$"),
    ErrorKind("record.already", (409,)),
    ErrorKind("records.unavailable", (503,), r"send it again later with this receipt$|try again later$"),
    # the server
    ErrorKind("server.failed", (503,), r"^the server could not answer this request"),
    ErrorKind("server.busy", (503,), r"^the server is busy"),
    ErrorKind("server.stopped", (503,)),
    ErrorKind("client.share", (429,)),
    ErrorKind("body.tooLarge", (413,), r"at most (?P<bytes>\d+) bytes"),
    ErrorKind("body.slow", (408,)),
    ErrorKind("path.unknown", (404,), r"^nothing here"),
    ErrorKind("method.notAllowed", (405,)),
    # whatever else: the English message, in a sentence of the page's language
    ErrorKind("request.notFound", (404,)),
    ErrorKind("request.refused", tuple(range(400, 500))),
    ErrorKind("server.unavailable", tuple(range(500, 600))),
)

CODES: tuple[str, ...] = tuple(dict.fromkeys(kind.code for kind in KINDS))  # every code, once, in order


def unquoted(value: str) -> str:
    """A value as the message quoted it (``'bogus'``, a Python repr) without its quotes; as it is otherwise."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        try:
            literal = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            return value[1:-1]
        return literal if isinstance(literal, str) else value
    return value


def error_code(status: int, path: str, message: str, *, retry_after: str | None = None, query: str = "",
               games: Collection[str] | None = None) -> tuple[str, dict[str, Any]]:
    """The code and params of an error answer of ``status`` to a request for ``path`` (with ``query``, its
    query string, whose ``id`` is the param ``id`` where the message quotes none), saying ``message``;
    ``games``: the names a path ``/api/<game>/...`` may have (None: any)."""
    route = _GAME_PATH.match(path)
    if route and games is not None and route["game"] not in games:
        route = None
    endpoint = route["what"] if route else None
    params: dict[str, Any] = {"detail": message}
    if route:
        params["game"] = route["game"]
    asked = [value for key, value in parse_qsl(query, keep_blank_values=True) if key == "id"]
    if asked:
        params["id"] = asked[0]
    if retry_after is not None and retry_after.isdigit():
        params["seconds"] = int(retry_after)
    for kind in KINDS:
        found = kind.fits(status, endpoint, message, bool(asked))
        if found is None:
            continue
        for name, value in found.groupdict().items():
            if value is None:
                continue
            value = unquoted(value)
            params[name] = int(value) if value.isdigit() and name not in ("id", "date") else value
        for name in GAME_PARAMS:
            if isinstance(params.get(name), str):
                params[name] = params[name].lower()
        return kind.code, params
    return "request.refused", params  # a status below 400: no answer of this module's has one


def with_code(content: Mapping[str, Any], status: int, path: str, **request: Any) -> dict[str, Any]:
    """An error answer's JSON ``content`` with its ``code`` and ``params`` (as it is when it has a code);
    ``request``: what else :func:`error_code` may know of the request."""
    if "code" in content or not isinstance(content.get("error"), str):
        return dict(content)
    code, params = error_code(status, path, content["error"], **request)
    return {**content, "code": code, "params": params}


def _header(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> str | None:
    return next((value.decode("latin-1") for key, value in headers if key.lower() == name), None)


def varying(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """``headers`` of an error answer, saying that it depends on ``Accept-Language`` (beside what else)."""
    vary = _header(headers, b"vary")
    if vary is None:
        return [*headers, (b"vary", b"Accept-Language")]
    if "accept-language" in vary.lower():
        return headers
    return [(key, f"{vary}, Accept-Language".encode("latin-1")) if key.lower() == b"vary" else (key, value)
            for key, value in headers]


class ErrorCodes:
    """ASGI middleware: every JSON answer of status 400 or more to a request with ``Accept-Language``
    gets its ``code`` and ``params`` (:func:`with_code`); every answer of status 400 or more says
    ``Vary: Accept-Language``. It must see the body before it is compressed (inside the gzip middleware).
    ``games``: the app's game names (a path ``/api/<game>/...`` of another name names no game)."""

    def __init__(self, app: ASGIApp, games: Collection[str] | None = None) -> None:
        self.app = app
        self.games = games

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        asks_codes = _header(scope.get("headers", []), b"accept-language") is not None
        start: Message | None = None
        chunks: list[bytes] = []

        async def coding(message: Message) -> None:
            nonlocal start
            if message["type"] == "http.response.start" and message["status"] >= 400:
                headers = list(message.get("headers", []))
                if asks_codes and _header(headers, b"content-encoding") is None and (
                        _header(headers, b"content-type") or "").startswith("application/json"):
                    start = message  # held until the whole body is here
                    return
                message = {**message, "headers": varying(headers)}
            elif message["type"] == "http.response.body" and start is not None:
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    await self._send_coded(scope, start, b"".join(chunks), send)
                return
            await send(message)

        await self.app(scope, receive, coding)

    async def _send_coded(self, scope: Scope, start: Message, body: bytes, send: Send) -> None:
        headers = list(start.get("headers", []))
        try:
            content = json.loads(body)
        except ValueError:
            content = None
        if isinstance(content, dict):
            query = scope.get("query_string", b"").decode("latin-1")
            coded = with_code(content, start["status"], scope.get("path", ""), query=query, games=self.games,
                              retry_after=_header(headers, b"retry-after"))
            body = json.dumps(coded, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")
            headers = [(key, value) for key, value in headers if key.lower() != b"content-length"]
            headers.append((b"content-length", str(len(body)).encode("ascii")))
        await send({**start, "headers": varying(headers)})
        await send({"type": "http.response.body", "body": body, "more_body": False})
