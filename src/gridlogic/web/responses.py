"""How every endpoint answers: JSON (lone surrogates escaped), errors as ``{"error": ...}``, never a 500.

:func:`guarded` wraps an endpoint so that what a request got wrong
(:class:`~gridlogic.web.inputs.BadRequest`, ``InvalidParameters``) is a 400
(or the status the error names), another refusal of the library
(``GridlogicError``) a 422, expensive work not admitted (:mod:`.admission`)
a 429 when the client has its share in flight and a 503 when the server is
busy, both with ``Retry-After``, and an unexpected exception is logged with
its traceback and answered with a 503 that says so.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse as StarletteJSONResponse
from starlette.responses import Response

from gridlogic.errors import GridlogicError, InvalidParameters
from gridlogic.web.admission import OverShare, Refused
from gridlogic.web.inputs import BadRequest

logger = logging.getLogger("gridlogic.web")

Endpoint = Callable[[Request], Awaitable[Response]]


class JSONResponse(StarletteJSONResponse):
    """JSON with every non-ASCII character escaped: a seed may hold a lone surrogate, which UTF-8
    cannot carry but a JSON ``\\ud800`` escape can (and JavaScript reads back the same string)."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


def error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def refusal(refused: Refused) -> JSONResponse:
    """The answer to work not admitted: 429 past the client's share, else 503; with ``Retry-After``."""
    response = error(str(refused), 429 if isinstance(refused, OverShare) else 503)
    response.headers["Retry-After"] = str(refused.retry_after)
    return response


def guarded(endpoint: Endpoint) -> Endpoint:
    """``endpoint``, with every refusal and every unexpected error turned into a JSON answer."""

    @functools.wraps(endpoint)
    async def run(request: Request) -> Response:
        try:
            return await endpoint(request)
        except BadRequest as refused:
            response = error(str(refused), refused.status)
            response.headers.update(refused.headers)
            return response
        except Refused as refused:
            return refusal(refused)
        except InvalidParameters as refused:
            return error(str(refused), 400)
        except GridlogicError as refused:
            return error(str(refused), 422)
        except Exception:
            logger.exception("unexpected error answering %s %s", request.method, request.url.path)
            return error("the server could not answer this request; the error has been logged", 503)

    return run
