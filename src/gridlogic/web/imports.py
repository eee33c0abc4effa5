"""Play any puzzle: ``POST /api/{game}/import`` reads a puzzle people bring and answers it like a generated one.

::

    POST /api/{game}/import   {"text": "<a puzzle the game reads, or a puzzle ID>"}

``text`` is anything the game's reader takes (``Game.formats``: a Tatham game
ID, a puzz.link URL, a Loopy ID, a ``.non`` file's text, a JSON board ...) or
a gridlogic puzzle ID of this game. The answer is what ``GET
/api/{game}/puzzle`` gives: the puzzle header (:func:`~.api.puzzle_header`)
and the givens. An imported puzzle's ``id`` is ``GAME.import.WxH.FORMAT.TEXT``
(:mod:`gridlogic.game`), which every other endpoint takes like any ID, so
the page checks, reveals and shares it like a generated one.

The game's solver decides whether it is played, within the game's import
limits (``Game.imports``: 5 seconds for Pattern and Loop, 2,000 search nodes
for Signal). It runs in a worker process through the app's
:class:`~.puzzles.PuzzleSource`, admitted as an ``import`` by the
:mod:`.admission` rule with the cost the measured table gives a board of its
size (a 50x50 Pattern: its whole 5 s limit), and the outcome is cached by spec
as generated puzzles are: the check and the solution that follow cost
nothing. A 503 says the server is busy, a 429 that the client has its share in
flight, both with ``Retry-After``. Refusals: a 400 when the text is not a puzzle of this game (the
reader's message says what it expected), names another game's puzzle, or
is larger than the game plays; a 422 when the solver found several
solutions or none, or could not prove one within the limits
(:class:`~gridlogic.errors.ImportRefused`'s message).

Worked example (checked in ``tests/web/test_imports.py``)::

    POST /api/pattern/import {"text": "3x2:2/1/1/3/1"}
    -> 200 {"game": "pattern", "id": "pattern.import.3x2.tatham.3x2:2/1/1/3/1", "size": [3, 2],
            "width": 3, "height": 2, "difficulty": "any", "seed": "3x2:2/1/1/3/1", "version": 0,
            "level": null, "givens": {"rowClues": [[3], [1]], "colClues": [[2], [1], [1]]}}
    POST /api/pattern/import {"text": "2x2:1/1/1/1"}
    -> 422 {"error": "this Pattern puzzle has more than one solution; every puzzle here has exactly one"}
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gridlogic.game import Game, PuzzleSpec, parse_id
from gridlogic.params import short_repr
from gridlogic.web.api import game_of, puzzle_header
from gridlogic.web.inputs import BadRequest, json_body, query_values
from gridlogic.web.puzzles import PuzzleSource
from gridlogic.web.responses import JSONResponse, guarded

_PUZZLE_ID = re.compile(r"([a-z]+)\.\S+")


def spec_of_id(games: Mapping[str, Game], game: Game, text: str) -> PuzzleSpec | None:
    """The spec ``text`` names when it is a puzzle ID of ``game``; None when it is no puzzle ID
    (a 400 when it is another game's)."""
    stripped = text.strip()
    named = _PUZZLE_ID.fullmatch(stripped)
    if not named or named.group(1) not in games:
        return None
    spec = parse_id(stripped)
    if spec.game != game.name:
        raise BadRequest(f"{short_repr(stripped)} is a {games[spec.game].title} puzzle's ID, not a {game.title} one")
    return spec


def spec_of_text(games: Mapping[str, Game], game: Game, text: str) -> PuzzleSpec:
    """The spec of the puzzle ``text`` holds: a puzzle ID of ``game``, or a puzzle its reader reads."""
    spec = spec_of_id(games, game, text)
    return spec if spec is not None else game.import_spec(game.read(text.strip()))


def text_of_body(game: Game, body: object) -> str:
    """The ``text`` of a body ``{"text": ...}``: a puzzle as text (a 400 says what else it may be)."""
    if not isinstance(body, dict) or set(body) != {"text"}:
        raise BadRequest(f"the body must be a JSON object with one field, text, not {short_repr(body)}")
    text = body["text"]
    if not isinstance(text, str) or not text.strip():
        raise BadRequest(f"text must be the puzzle as text ({game.formats}), not {short_repr(text)}")
    return text


def routes(games: Mapping[str, Game], puzzles: PuzzleSource) -> list[Route]:
    """The import route over ``games``; the puzzles come from (and are cached in) ``puzzles``."""

    async def import_puzzle(request: Request) -> Response:
        game = game_of(games, request)
        query_values(request, ())
        text = text_of_body(game, await json_body(request))
        spec = await run_in_threadpool(spec_of_text, games, game, text)
        found = await puzzles.get(spec)
        return JSONResponse({**puzzle_header(found), "givens": found.givens()})

    return [Route("/api/{game}/import", guarded(import_puzzle), methods=["POST"])]
