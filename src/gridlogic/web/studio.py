"""The puzzle studio's API: ``POST /api/{game}/analyse``, ``/fixes`` and ``/thin``.

::

    POST /api/{game}/analyse   {"text": "<a puzzle the game reads, or a puzzle ID>"}
    POST /api/{game}/fixes     {"text": ..., "goal": [...]}   (goal optional)
    POST /api/{game}/thin      {"text": ..., "level": "easy" | "medium" | "hard" | "expert"}   (Loop)

``text`` is what ``/api/{game}/import`` takes (:mod:`.imports`): anything the game's reader reads
(``Game.formats``) or a gridlogic puzzle ID of this game. The answers are :mod:`gridlogic.studio`'s,
in JSON: the puzzle's ``game``, ``width``, ``height`` and ``format``, then for ``analyse`` the
``verdict`` (``unique``, ``several``, ``none`` or ``undecided``), the ``level`` and ``techniques``
of a unique puzzle (the hints' walk-through), the ``difference`` (the cells, edges or tiles where
two solutions differ), the play ``id`` of a unique puzzle, a ``note`` and the ``exports`` of a
unique puzzle (``{format: text}``: every format of other software the game writes); for ``fixes``
the verdict, the difference and the ``fixes``, each proven unique: the marks it changes with their
new values, the ``text`` of the fixed puzzle and its play ``id``. ``thin`` answers
:func:`gridlogic.studio.thin`'s ``status`` (``thinned`` or ``unfinished``), the clues ``hidden``
(``clue`` marks), the ``text``, play ``id`` and ``level`` of the puzzle left, and a ``note``; a game
that hides no clues, or a level it does not know, is a 400. Any of the requests may carry a
``goal``, the solution the maker means in the flat form of a verdict's solutions (Pattern cells,
Loop edges, Signal tiles as masks): the fixes then change that solution (the studio page sends the
loop or the network drawn, which a slitherlink's or a Signal board's text cannot carry); a goal that
does not solve the puzzle is a 400.

The work runs in a worker process, admitted by the app's :mod:`.admission` rule as an ``analyse``, a
``fixes`` or a ``thin`` (a 503 when the server is busy, a 429 past the client's share, both with
``Retry-After``); a puzzle ID of a generated puzzle is made first, as ``/api/{game}/puzzle`` makes
it. Refusals: a 400 when the body or the text is not a puzzle of this game (the reader's message
says what it expected), a 413 for a body over the limit, a 422 for a board larger than the studio
analyses (the game's import limit). Worked example (checked in
``tests/web/test_studio_api.py``)::

    POST /api/pattern/analyse {"text": "2x2:1/1/1/1"}
    -> 200 {"game": "pattern", "width": 2, "height": 2, "format": "tatham", "verdict": "several",
            "level": null, "techniques": {}, "difference": [{"kind": "cell", "index": 0}, ... 4 cells],
            "id": null, "note": "at least two solutions; two of them differ in 4 cells", "exports": {}}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gridlogic import studio
from gridlogic.game import IMPORTED, Game, Problem
from gridlogic.params import int_list, short_repr
from gridlogic.web import tasks
from gridlogic.web.admission import ANALYSE, FIXES, THIN, CostKey
from gridlogic.web.api import game_of
from gridlogic.web.imports import spec_of_id, text_of_body
from gridlogic.web.inputs import BadRequest, json_body, query_values
from gridlogic.web.puzzles import PuzzleSource
from gridlogic.web.responses import JSONResponse, guarded


def cost_key(game: Game, problem: Problem) -> CostKey:
    """What a studio request's work is estimated by: a puzzle of this size brought from outside."""
    imports = studio.studio_of(game)[1]
    return CostKey(game.name, IMPORTED, problem.width, problem.height, imports.format)


def goal_of(body: object) -> tuple[int, ...] | None:
    """The body's optional ``goal``: the solution the maker means, in the flat form of a verdict's solutions
    (checked against the puzzle by :func:`gridlogic.studio.fixes`)."""
    if not isinstance(body, dict) or "goal" not in body:
        return None
    return tuple(int_list(body["goal"], "goal", None, range(16)))


def values_of(body: object, fields: tuple[str, ...]) -> tuple[Any, ...]:
    """The values of ``fields`` (each required) in a body that also holds ``text`` and an optional ``goal``;
    a 400 names a field missing or unknown (the body's other faults are :func:`.imports.text_of_body`'s)."""
    if not fields or not isinstance(body, dict):
        return ()
    taken = ("text", *fields)
    unknown = sorted(set(body) - {*taken, "goal"})
    missing = [name for name in taken if name not in body]
    if unknown or missing:
        wrong = f"unknown: {', '.join(map(short_repr, unknown))}" if unknown else f"missing: {', '.join(missing)}"
        raise BadRequest(f"the body takes {', '.join(taken)} and an optional goal; {wrong}")
    return tuple(body[name] for name in fields)


def routes(games: Mapping[str, Game], puzzles: PuzzleSource) -> list[Route]:
    """The studio's routes over ``games``; puzzle IDs are made by (and cached in) ``puzzles``."""

    async def design_of(game: Game, request: Request, fields: tuple[str, ...]) -> tuple[Problem, tuple[Any, ...]]:
        """The body's puzzle (with its goal), and the values of ``fields`` beside it."""
        query_values(request, ())
        body = await json_body(request)
        goal, values = goal_of(body), values_of(body, fields)
        text = text_of_body(game, {key: value for key, value in body.items() if key not in ("goal", *fields)}
                            if isinstance(body, dict) else body)
        spec = spec_of_id(games, game, text)
        if spec is not None:
            problem = game.problem(await puzzles.get(spec))
        else:
            problem = await run_in_threadpool(game.read, text.strip())
        return (problem if goal is None else replace(problem, goal=goal)), values

    def endpoint(kind: str, task: Callable[..., dict[str, Any]], fields: tuple[str, ...] = ()) -> Callable[..., Any]:
        async def answer(request: Request) -> Response:
            game = game_of(games, request)
            problem, values = await design_of(game, request, fields)
            problem = studio.checked_design(game, problem)
            found = await puzzles.admission.run(kind, cost_key(game, problem), task, tasks.token_of(game), problem,
                                                *values)
            return JSONResponse(found)

        return answer

    return [Route("/api/{game}/analyse", guarded(endpoint(ANALYSE, tasks.analyse)), methods=["POST"]),
            Route("/api/{game}/fixes", guarded(endpoint(FIXES, tasks.fixes)), methods=["POST"]),
            Route("/api/{game}/thin", guarded(endpoint(THIN, tasks.thin, ("level",))), methods=["POST"])]
