"""A puzzle to print: ``GET /api/{game}/pdf?id=<puzzle ID>[&paper=a4|letter]`` answers a PDF of it.

::

    GET /api/{game}/pdf?id=&paper=[&play=]   the puzzle on page 1, its solution on page 2

The puzzle is named as ``/api/{game}/solution`` names it: by its ``id`` (generated, or imported
as the studio's play link carries it, ``pattern.import.2x2.tatham.2x2:/1//1``) or by its parts
(``size``, ``seed`` ...); a generated puzzle is made and an imported one proven unique first, as
for any request. ``paper`` is ``a4`` (the default) or ``letter``. The page is the one
``gridlogic GAME print`` prints for one puzzle (:mod:`gridlogic.pdf`): the game, the size and the
level above the board, the ID below it, the solution on the page after. The text is set in IPA
Gothic where the server has it, else in Helvetica (an ID whose seed it cannot draw is printed
percent-encoded, saying so).

The answer is ``200 application/pdf`` with ``Content-Disposition: attachment`` and a file name
made of the game and the size only (``pattern-5x5.pdf``), so that no seed's character can reach
the header. The drawing runs in a worker process, as one task with the making of the puzzle when that
is not cached yet, admitted once by the app's :mod:`.admission` rule as a ``print`` (with a
``generate`` or ``import`` when the puzzle is made too: :meth:`.puzzles.PuzzleSource.run_on`; a 503
at once when the server is busy, a 429 past the client's share, both with ``Retry-After``).

**The solution page hands out the answer**, so the PDF is noted as ``/api/{game}/solution`` notes it
(as an ``answer``, for the cookie's player and the ``play`` receipt the query shows, optional; a
receipt not the player's own of that puzzle is refused as there), once it is drawn and before it
leaves. Refusals, as everywhere, in JSON: an unknown query field, a malformed ID, an unknown paper:
400 with what is allowed; an unknown game: 404. Worked example (checked in
``tests/web/test_pdf_api.py``)::

    GET /api/pattern/pdf?id=pattern.1.5x5.any.a&paper=letter
    -> 200 application/pdf, Content-Disposition: attachment; filename="pattern-5x5.pdf"
       (2 Letter pages: "1.  Pattern 5×5" over the board and its ID under it, then "Solutions")
    GET /api/pattern/pdf?id=pattern.1.5x5.any.a&paper=a3
    -> 400 {"error": "paper must be a4 or letter, not 'a3'"}
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gridlogic.game import Game, Puzzle
from gridlogic.params import short_repr
from gridlogic.pdf import PAPERS
from gridlogic.web import tasks
from gridlogic.web.admission import PRINT
from gridlogic.web.api import GiveHelp, game_of
from gridlogic.web.inputs import BadRequest, puzzle_spec, query_values, spec_fields
from gridlogic.web.puzzles import PuzzleSource
from gridlogic.web.responses import guarded

DEFAULT_PAPER = "a4"


def paper_of(values: dict[str, str]) -> str:
    """The query's ``paper`` (taken out of ``values``): a key of :data:`~gridlogic.pdf.PAPERS`."""
    paper = values.pop("paper", DEFAULT_PAPER)
    if paper not in PAPERS:
        raise BadRequest(f"paper must be {' or '.join(PAPERS)}, not {short_repr(paper)}")
    return paper


def file_name(game: Game, puzzle: Puzzle) -> str:
    """The PDF's file name: the game and the size, nothing a client chose beyond digits."""
    return f"{game.name}-{puzzle.width}x{puzzle.height}.pdf"


def routes(games: Mapping[str, Game], puzzles: PuzzleSource, give: GiveHelp) -> list[Route]:
    """The PDF route over ``games``; the puzzles come from (and are cached in) ``puzzles``; the answer
    its solution page hands out is noted by ``give``."""

    async def pdf(request: Request) -> Response:
        game = game_of(games, request)
        values = query_values(request, (*spec_fields(game), "paper", "play"))
        paper, receipt = paper_of(values), values.pop("play", None)
        spec = puzzle_spec(game, values, from_text=True, seed_required=True)
        found, data = await puzzles.run_on(PRINT, spec, tasks.pdf, paper)
        await give(request, spec, receipt, "answer")
        disposition = f'attachment; filename="{file_name(game, found)}"'
        return Response(data, media_type="application/pdf", headers={"Content-Disposition": disposition})

    return [Route("/api/{game}/pdf", guarded(pdf), methods=["GET"])]
