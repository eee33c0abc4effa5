"""Hints that explain: ``POST /api/{game}/hint`` answers the next deduction for a player's board, and
``GET /api/{game}/explain`` the whole solve, step by step.

::

    POST /api/{game}/hint   {"id": "<puzzle ID>", "board": <the board, as /check takes it>, "play"?: <receipt>}
    GET  /api/{game}/explain?id=<puzzle ID>[&play=<receipt>]   (or size=&difficulty=&seed=..., as /solution)

The puzzle is named as ``/check`` names it: by its ``id`` (or its parts,
``size``, ``seed`` ...) in the body or in the query string. The answer is the
puzzle header (:func:`~.api.puzzle_header`), the ``hint`` (see
:mod:`gridlogic.hints`: its status, technique, explanation in English and
Japanese, what it decides and the evidence) and ``board``: the board with the
hint applied, for the page's Apply button, or null when applying it would
change nothing (a Signal mistake is turned by the player). The game's step
solver runs in a worker process, admitted as a ``hint`` by the app's
:mod:`.admission` rule (a 503 when the server is busy, a 429 past the
client's share, both with ``Retry-After``), once: a puzzle not cached yet is
made in the same task (:meth:`.puzzles.PuzzleSource.run_on`).

**The server counts the hints it gives.** A hint that tells the player something (a step or a
mistake) is noted before it leaves, for the play whose receipt the body shows (``play``, from
``/api/records/start``): the play's record counts these, not the page's count, and a hint whose
board is solved hands out the answer, so its play is recorded as revealed (see *What the server
gave* in :mod:`gridlogic.store.plays`).

**The walk-through** (``/explain``, the page ``/explain?id=...`` shows it) is the puzzle as
``/puzzle`` sends it and ``walkthrough``: the hints' whole solve from the empty board (its
``level``, ``status``, ``note``, ``techniques`` counted, and the ``steps``, each with its
technique, explanation, decides and evidence) played on the player's board: ``start`` is the
board a play starts from and each step's ``changes`` what it changes, ``[[index, value], ...]``
(Loop's board: ``{"horizontal": [...], "vertical": [...]}`` of them). Its techniques and levels
are the puzzle's version's, or the latest version's for a puzzle brought from outside, as the
studio grades it. It hands out the answer, so it is noted as ``/solution`` notes it (as an
``answer``, for the cookie's player and the ``play`` the query shows, optional; a receipt not the
player's own of that puzzle is refused as there) once the walk is made and before it leaves. It runs
in a worker as one task with the making of the puzzle when that is not cached yet, admitted once as
an ``explain`` (with a ``generate`` or ``import`` when the puzzle is made too:
:meth:`.puzzles.PuzzleSource.run_on`): refused at once, or its answer due within the queue's time.

Refusals, as everywhere: a body that is not a JSON object, an unknown field, a
missing or malformed board, a puzzle named twice or not at all: 400 with the
reason; an unknown game: 404; a game without hints: 400.

Worked example (checked in ``tests/web/test_hints_api.py``)::

    POST /api/pattern/hint {"id": "pattern.1.5x5.any.notes-example", "board": [0, 0, ... 25 zeros]}
    -> 200 {..., "hint": {"status": "step", "technique": "line",
            "explanation": {"en": "Row 3 (clue 1 3): every way the clue fits its 5 cells fills cells 1 and 3–5
            and leaves cell 2 empty.", "ja": ...}, "decides": [{"kind": "cell", "index": 10, "value": 1}, ...],
            "evidence": [{"kind": "row", "index": 2}]}, "board": [...]}
    GET /api/pattern/explain?id=pattern.1.5x5.any.notes-example
    -> 200 {..., "rows": [...], "columns": [...], "walkthrough": {"level": null, "status": "solved", ...,
            "start": [0, 0, ... 25 zeros], "steps": [{"technique": "line", ..., "changes": [[10, 1], ...]}, ...]}}
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gridlogic.game import Game
from gridlogic.web import tasks
from gridlogic.web.admission import EXPLAIN, HINT
from gridlogic.web.api import GiveHelp, game_of, puzzle_header
from gridlogic.web.inputs import BadRequest, board_request, puzzle_spec, query_values, spec_fields
from gridlogic.web.puzzles import PuzzleSource
from gridlogic.web.responses import JSONResponse, guarded

COUNTED = ("step", "mistake")  # the hints that tell the player something (hint.js counts the same)


def routes(games: Mapping[str, Game], puzzles: PuzzleSource, give: GiveHelp) -> list[Route]:
    """The hint and walk-through routes over ``games``; the puzzles come from (and are cached in)
    ``puzzles``; a hint or a walk-through handed out is noted by ``give``."""

    def hinted(request: Request) -> Game:
        game = game_of(games, request)
        if game.hints is None:
            raise BadRequest(f"{game.title} gives no hints")
        return game

    async def hint(request: Request) -> Response:
        game = hinted(request)
        spec, body, board = await board_request(game, request, ("play",))
        found, (given, after) = await puzzles.run_on(HINT, spec, tasks.hint, board)
        if given["status"] in COUNTED:
            finishing = after is not None and game.check(found, after).get("solved")
            await give(request, spec, body.get("play"), "last-hint" if finishing else "hint")
        return JSONResponse({**puzzle_header(found), "hint": given, "board": after if after != board else None})

    async def explain(request: Request) -> Response:
        game = hinted(request)
        values = query_values(request, (*spec_fields(game), "play"))
        receipt = values.pop("play", None)
        spec = puzzle_spec(game, values, from_text=True, seed_required=True)
        found, walk = await puzzles.run_on(EXPLAIN, spec, tasks.explain)
        await give(request, spec, receipt, "answer")
        return JSONResponse({**puzzle_header(found), "givens": found.givens(), "walkthrough": walk})

    return [Route("/api/{game}/hint", guarded(hint), methods=["POST"]),
            Route("/api/{game}/explain", guarded(explain), methods=["GET"])]
