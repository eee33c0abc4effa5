"""Hints that explain: ``POST /api/{game}/hint`` answers the next deduction for a player's board.

::

    POST /api/{game}/hint   {"id": "<puzzle ID>", "board": <the board, as /check takes it>}

The puzzle is named as ``/check`` names it: by its ``id`` (or its parts,
``size``, ``seed`` ...) in the body or in the query string. The answer is the
puzzle header (:func:`~.api.puzzle_header`), the ``hint`` (see
:mod:`gridlogic.hints`: its status, technique, explanation in English and
Japanese, what it decides and the evidence) and ``board``: the board with the
hint applied, for the page's Apply button, or null when applying it would
change nothing (a Signal mistake is turned by the player). The game's step
solver runs in a worker process, admitted as a ``hint`` by the app's
:mod:`.admission` rule (a 503 when the server is busy, a 429 past the
client's share, both with ``Retry-After``).

Refusals, as everywhere: a body that is not a JSON object, an unknown field, a
missing or malformed board, a puzzle named twice or not at all: 400 with the
reason; an unknown game: 404; a game without hints: 400.

Worked example (checked in ``tests/web/test_hints_api.py``)::

    POST /api/pattern/hint {"id": "pattern.1.5x5.any.notes-example", "board": [0, 0, ... 25 zeros]}
    -> 200 {..., "hint": {"status": "step", "technique": "line",
            "explanation": {"en": "Row 3 (clue 1 3): every way the clue fits its 5 cells fills cells 1 and 3–5
            and leaves cell 2 empty.", "ja": ...}, "decides": [{"kind": "cell", "index": 10, "value": 1}, ...],
            "evidence": [{"kind": "row", "index": 2}]}, "board": [...]}
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gridlogic.game import Game
from gridlogic.web import tasks
from gridlogic.web.admission import HINT, CostKey
from gridlogic.web.api import game_of, puzzle_header
from gridlogic.web.inputs import BadRequest, board_request
from gridlogic.web.puzzles import PuzzleSource
from gridlogic.web.responses import JSONResponse, guarded


def routes(games: Mapping[str, Game], puzzles: PuzzleSource) -> list[Route]:
    """The hint route over ``games``; the puzzles come from (and are cached in) ``puzzles``."""

    async def hint(request: Request) -> Response:
        game = game_of(games, request)
        if game.hints is None:
            raise BadRequest(f"{game.title} gives no hints")
        spec, _, board = await board_request(game, request)
        found = await puzzles.get(spec)
        given, after = await puzzles.admission.run(HINT, CostKey.of(spec), tasks.hint, tasks.token_of(game),
                                                   found, board)
        return JSONResponse({**puzzle_header(found), "hint": given, "board": after if after != board else None})

    return [Route("/api/{game}/hint", guarded(hint), methods=["POST"])]
