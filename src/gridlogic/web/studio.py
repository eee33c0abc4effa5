"""The puzzle studio's API: ``POST /api/{game}/analyse``, ``/fixes`` and ``/thin``; ``GET /api/{game}/grid``.

::

    POST /api/{game}/analyse   {"text": "<a puzzle the game reads, or a puzzle ID>"}
    POST /api/{game}/fixes     {"text": ..., "goal": [...]}   (goal optional)
    POST /api/{game}/thin      {"text": ..., "level": "easy" | "medium" | "hard" | "expert"}   (Loop)
    GET  /api/{game}/grid                                  the grids the studio designs on, and their sizes
    GET  /api/{game}/grid?grid=NAME&width=W&height=H       the drawing of one (Loop: one of Loopy's grids)

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
loop or the network drawn, which a slitherlink's or a Signal board's text cannot carry). Every
request checks its goal (the body's, or one the text carries) the same way, before any work
(:func:`checked_goal`): a goal of the wrong length, with entries other than 0 and 1 (but Signal's
masks), or that does not solve the puzzle by its rules is a 400 naming the fault.

**A daily puzzle's own givens** (its ID, or its text in any format, pasted into the studio) are the
daily: its analysis hands out what the daily's answer would, so the request is noted as the
daily's answer for the cookie's player (``give``, no receipt) once the work is done and before the
answer leaves. Which daily it is, of yesterday, today or tomorrow (UTC), is a comparison of the
design's size and givens with those puzzles, made ahead and cached (:class:`.api.DailyTwins`), not
a solve.

The work runs in a worker process, admitted by the app's :mod:`.admission` rule as an ``analyse``, a
``fixes`` or a ``thin`` (a 503 when the server is busy, a 429 past the client's share, both with
``Retry-After``); a puzzle ID of a generated puzzle is made first, as ``/api/{game}/puzzle`` makes
it. **The grid route** answers the game's ``Studio.grid`` (None: a 400, the game designs on its own
boards only) of the query: with no parameter, the list of grids and the sizes each takes, made at once
(nothing is built); with all three of :data:`GRID_QUERY` (the only names it takes; some of them is a
400 naming those missing), the drawing of that grid. The last :data:`KEPT_DRAWINGS` drawings asked are
kept and answered at once; any other is built in a worker process, admitted as a :data:`GRID` of the
size asked (:func:`grid_cost_key`: a 20×20 great-great-dodecagonal grid or a spectres patch, the
slowest, take about 0.1 s), and the game's refusal of the query (an unknown grid, a size it does not
take) comes back from the worker as a 400 that says what it takes.

Refusals: a 400 when the body or the text is not a puzzle of this game (the reader's message
says what it expected), a 413 for a body over the limit, a 422 for a board larger than the studio
analyses (the game's import limit). Worked example (checked in
``tests/web/test_studio_api.py``)::

    POST /api/pattern/analyse {"text": "2x2:1/1/1/1"}
    -> 200 {"game": "pattern", "width": 2, "height": 2, "format": "tatham", "verdict": "several",
            "level": null, "techniques": {}, "difference": [{"kind": "cell", "index": 0}, ... 4 cells],
            "id": null, "note": "at least two solutions; two of them differ in 4 cells", "exports": {}}
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gridlogic import studio
from gridlogic.errors import ImportRefused, InvalidParameters
from gridlogic.game import IMPORTED, Game, Problem
from gridlogic.params import int_list, short_repr
from gridlogic.web import tasks
from gridlogic.web.admission import ANALYSE, FIXES, GRID, THIN, CostKey
from gridlogic.web.api import DailyTwins, GiveHelp, game_of
from gridlogic.web.imports import spec_of_id, text_of_body
from gridlogic.web.inputs import BadRequest, json_body, query_values
from gridlogic.web.puzzles import PuzzleSource
from gridlogic.web.responses import JSONResponse, guarded

GRID_QUERY = ("grid", "width", "height")  # what a studio's grid is named by: all three, or none for the list
KEPT_DRAWINGS = 32  # the drawings the grid route keeps, the most recently asked


def grid_query(request: Request) -> dict[str, str]:
    """The grid route's query: every name of :data:`GRID_QUERY`, or none; a 400 names what is missing."""
    query = query_values(request, GRID_QUERY)
    missing = [name for name in GRID_QUERY if name not in query]
    if query and missing:
        raise BadRequest(f"missing query parameter {', '.join(missing)}; the parameters are {', '.join(GRID_QUERY)} "
                         "(or none, for the list of grids)")
    return query


def grid_cost_key(game: Game, query: Mapping[str, str]) -> CostKey:
    """What drawing the grid ``query`` names is estimated by: the grid's name and its size as asked (a side
    that is not a whole number counts as 1, one past the studio's largest board as that: the game refuses
    either at once, in the worker)."""
    largest = studio.studio_of(game)[1].max_side

    def side(text: str) -> int:
        return min(int(text), largest) if text.isascii() and text.isdigit() and len(text) <= 9 else 1

    return CostKey(game.name, IMPORTED, max(1, side(query["width"])), max(1, side(query["height"])), query["grid"])


class GridDrawings:
    """The drawings the grid route has answered, by game and query, the last :data:`KEPT_DRAWINGS` asked, each
    as the JSON it was sent as (a 20×20 great-great-dodecagonal grid's is 450 kB; as Python lists it would
    be several times that): a drawing kept is answered at once; any other is built in a worker, admitted as
    any expensive work."""

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple[str, tuple[str, ...]], bytes] = OrderedDict()

    @staticmethod
    def key(game: Game, query: Mapping[str, str]) -> tuple[str, tuple[str, ...]]:
        return game.name, tuple(query[name] for name in GRID_QUERY)

    def get(self, game: Game, query: Mapping[str, str]) -> bytes | None:
        key = self.key(game, query)
        found = self.kept.get(key)
        if found is not None:
            self.kept.move_to_end(key)
        return found

    def keep(self, game: Game, query: Mapping[str, str], drawing: bytes) -> None:
        self.kept[self.key(game, query)] = drawing
        while len(self.kept) > KEPT_DRAWINGS:
            self.kept.popitem(last=False)


def cost_key(game: Game, problem: Problem) -> CostKey:
    """What a studio request's work is estimated by: a puzzle of this size brought from outside."""
    imports = studio.studio_of(game)[1]
    return CostKey(game.name, IMPORTED, problem.width, problem.height, imports.format)


def goal_of(body: object) -> tuple[int, ...] | None:
    """The body's optional ``goal``: the solution the maker means, in the flat form of a verdict's solutions
    (checked against the puzzle by :func:`checked_goal`)."""
    if not isinstance(body, dict) or "goal" not in body:
        return None
    return tuple(int_list(body["goal"], "goal", None, range(16)))


def solution_entries(game: Game, problem: Problem) -> int:
    """How many entries a flat solution of ``problem`` has: one per mark of its game's solutions
    (``Studio.solution_mark``): a cell or a tile of the board, or an edge, the horizontal ones then the
    vertical ones (:mod:`gridlogic.hints`' numbering)."""
    width, height = problem.width, problem.height
    record = studio.studio_of(game)[0]
    if record.entries is not None:
        return record.entries(problem)
    if record.solution_mark == "edge":
        return width * (height + 1) + (width + 1) * height
    return width * height


def checked_goal(game: Game, problem: Problem) -> Problem:
    """``problem`` when it has no goal, or a goal that solves it, checked as :func:`gridlogic.studio.fixes`
    checks one (the same messages), but before any solve, so that every studio request refuses the same
    goals: its length (:func:`solution_entries`), its entries (0 or 1, but Signal's tile masks) and the
    game's own rules on the board it draws. A board with nothing to play (given solved, a blank picture)
    cannot be checked by the rules: its goal is left to the fixes' check against the solver's solutions.
    InvalidParameters (a 400) saying what is wrong otherwise."""
    goal = problem.goal
    if goal is None:
        return problem
    length = solution_entries(game, problem)
    if len(goal) != length:
        raise InvalidParameters(f"the goal has {len(goal)} entries; a solution of this "
                                f"{problem.width}x{problem.height} {game.title} puzzle has {length}")
    studio_record, imports = studio.studio_of(game)
    if studio_record.solution_mark != "tile" and not set(goal) <= {0, 1}:
        raise InvalidParameters(f"the goal's entries are 0 or 1, not {min(set(goal) - {0, 1})}")
    try:
        board = game.parse_board(problem.width, problem.height, game.solution_form(problem, goal))
        solved = game.check(imports.puzzle(problem, goal), board)
    except ImportRefused:
        return problem
    if not solved.get("solved"):
        raise InvalidParameters(f"the goal does not solve this {game.title} puzzle by its rules")
    return problem


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


def routes(games: Mapping[str, Game], puzzles: PuzzleSource, give: GiveHelp, twins: DailyTwins) -> list[Route]:
    """The studio's routes over ``games``; puzzle IDs are made by (and cached in) ``puzzles``; the analysis of
    a daily puzzle (found by ``twins``) is noted by ``give`` as the daily's answer."""

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
            await run_in_threadpool(checked_goal, game, problem)
            daily = await twins.of(problem)  # before the work: a refusal on the way costs none
            found = await puzzles.admission.run(kind, cost_key(game, problem), task, tasks.token_of(game), problem,
                                                *values)
            if daily is not None:
                await give(request, daily, None, "answer")
            return JSONResponse(found)

        return answer

    drawings = GridDrawings()

    async def grid(request: Request) -> Response:
        """``GET /api/{game}/grid``: the grids a game's studio designs on (no query), or the drawing of one."""
        game = game_of(games, request)
        drawn = studio.studio_of(game)[0].grid
        if drawn is None:
            raise BadRequest(f"the {game.title} studio designs on its own boards only; it has no other grids")
        query = grid_query(request)
        if not query:
            return JSONResponse(drawn(query))  # the list of grids and their sizes: nothing is built
        sent = drawings.get(game, query)
        if sent is None:
            drawing = await puzzles.admission.run(GRID, grid_cost_key(game, query), drawn, query)
            sent = bytes(JSONResponse(drawing).body)
            drawings.keep(game, query, sent)
        return Response(sent, media_type="application/json")

    return [Route("/api/{game}/grid", guarded(grid), methods=["GET"]),
            Route("/api/{game}/analyse", guarded(endpoint(ANALYSE, tasks.analyse)), methods=["POST"]),
            Route("/api/{game}/fixes", guarded(endpoint(FIXES, tasks.fixes)), methods=["POST"]),
            Route("/api/{game}/thin", guarded(endpoint(THIN, tasks.thin, ("level",))), methods=["POST"])]
