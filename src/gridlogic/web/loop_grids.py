"""``GET /api/loop/grid``: the drawing of one of Loopy's grids, for the studio to design a Loop puzzle on.

The studio page (``static/views/loop/studio.js``) designs Loop on squares by itself; on any other of
Loopy's grids it asks this route for the grid's dots, edges and faces, lets the maker draw a loop on
the edges and choose which faces' clues to show, and writes the design as a Loopy ID
(``WxHtN:[description_]clues``), which the studio's analysis reads like any Loopy ID. The answer is
:func:`gridlogic.loop.grids.drawing` of ``build_grid(name, width, height)`` (an aperiodic type's fixed
patch for that size, its description in the drawing) and Loopy's type number, the ``tN`` of the ID::

    GET /api/loop/grid?grid=honeycomb&width=3&height=3
    -> 200 {"loopyType": 2, "grid": {"name": "honeycomb", "width": 3, "height": 3, "description": null,
            "dots": [[x, y]...], "edges": [[dot, dot]...], "faces": [[dot...]...], "faceEdges": [[edge...]...]}}
    GET /api/loop/grid?grid=hexagons&width=3&height=3   -> 400 naming the grids there are

Every parameter is required; a size is one Loopy allows for the type (its least sides) and at most
:data:`MAX_SIDE` (the studio's largest board, as on squares). Building a grid is quick (a 20×20 of the
largest type is some thousands of edges) and is done beside the event loop, not under the admission of
expensive work. This is the one Loop-specific route of the web app: no :class:`~gridlogic.game.record.Game`
field carries a grid's drawing yet.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gridlogic.errors import InvalidParameters
from gridlogic.loop.grids import BUILT_GRID_NAMES, build_grid, drawing, grid_type
from gridlogic.params import int_from_text, short_repr
from gridlogic.web.inputs import query_values
from gridlogic.web.responses import JSONResponse, guarded

MAX_SIDE = 20  # the studio's largest side, on squares too
FIELDS = ("grid", "width", "height")


def grid_answer(name: str, width: int, height: int) -> dict[str, object]:
    """The answer of the route: the grid's drawing and Loopy's type number of it."""
    return {"loopyType": grid_type(name).number, "grid": drawing(build_grid(name, width, height))}


async def grid_drawing(request: Request) -> Response:
    values = query_values(request, FIELDS)
    missing = [name for name in FIELDS if name not in values]
    if missing:
        raise InvalidParameters(f"missing query parameter {', '.join(missing)}; the parameters are {', '.join(FIELDS)}")
    name = values["grid"]
    if name not in BUILT_GRID_NAMES:
        raise InvalidParameters(f"grid {short_repr(name)} is not one of {', '.join(BUILT_GRID_NAMES)}")
    width = int_from_text(values["width"], "width", 1, MAX_SIDE)
    height = int_from_text(values["height"], "height", 1, MAX_SIDE)
    return JSONResponse(await run_in_threadpool(grid_answer, name, width, height))


def routes() -> list[Route]:
    return [Route("/api/loop/grid", guarded(grid_drawing), methods=["GET"])]
