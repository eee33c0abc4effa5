"""What every answer says about itself: security headers, redirects without a host, and when to hang up.

:class:`ResponseHeaders` is an ASGI middleware wrapped around the whole app,
so that the page, the API, the static files and the error answers alike get:

* :data:`SECURITY_HEADERS`: a Content-Security-Policy that allows only this
  server's own scripts, styles, images and connections and no framing
  (``frame-ancestors 'none'``, and ``X-Frame-Options: DENY`` for browsers
  that predate it), ``X-Content-Type-Options: nosniff`` (a JSON answer is
  never run as a script) and ``Referrer-Policy: no-referrer`` (a share link's
  seed stays on this page);
* a ``Location`` reduced to its path and query (``GET /static`` redirects to
  ``/static/``, never to ``http://<whatever the Host header said>/static/``):
  the browser resolves it against the address it asked, so no answer names a
  host taken from the request;
* ``Connection: close`` when the app answered without reading the request's
  body to its end (a body refused as too large, or sent to an endpoint that
  takes none): otherwise the server would read and throw away the rest of
  it, however large it was declared, to reach the next request.

It also refuses a request whose head (path, query string and headers) is
longer than :data:`MAX_HEAD_BYTES` with a 431, before the app sees it. (The
HTTP parser refuses a head that grows past that size while it arrives in
pieces; one that arrives whole in a single read is refused here.)

Worked example (``tests/web/test_headers.py`` checks it)::

    GET /static HTTP/1.1
    Host: evil.example
    -> 307, location: /static/, x-content-type-options: nosniff, x-frame-options: DENY, ...
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gridlogic.web.responses import error

MAX_HEAD_BYTES = 16 * 1024

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}
_ENCODED = [(name.encode("latin-1"), value.encode("latin-1")) for name, value in SECURITY_HEADERS.items()]


def relative_location(location: str) -> str:
    """``location`` without its scheme and host: ``http://evil.example/static/?a=1`` -> ``/static/?a=1``."""
    parts = urlsplit(location)
    path = parts.path or "/"
    if path.startswith("//"):  # "//host/..." would name a host again
        path = "/" + path.lstrip("/")
    return path + (f"?{parts.query}" if parts.query else "")


def head_bytes(scope: Scope) -> int:
    """The length of the request's head as sent: its path, query string and header lines."""
    headers = sum(len(name) + len(value) + 4 for name, value in scope.get("headers", []))
    return len(scope.get("raw_path") or b"") + len(scope.get("query_string", b"")) + headers


def _has_body(scope: Scope) -> bool:
    for name, value in scope.get("headers", []):
        if name == b"transfer-encoding" or (name == b"content-length" and value.strip() not in (b"", b"0")):
            return True
    return False


class ResponseHeaders:
    """The middleware of the module docstring."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        body_pending = _has_body(scope)

        async def reading() -> Message:
            nonlocal body_pending
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_pending = False
            return message

        async def answering(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(name, value) for name, value in message.get("headers", [])
                           if name.lower().decode("latin-1") not in SECURITY_HEADERS]
                headers = [(name, relative_location(value.decode("latin-1")).encode("latin-1"))
                           if name.lower() == b"location" else (name, value) for name, value in headers]
                headers += _ENCODED
                if body_pending and not any(name.lower() == b"connection" for name, _ in headers):
                    headers.append((b"connection", b"close"))
                message = {**message, "headers": headers}
            await send(message)

        if head_bytes(scope) > MAX_HEAD_BYTES:
            refusal = error(f"the request's head is too large; at most {MAX_HEAD_BYTES} bytes of path, query "
                            "and headers are accepted", 431)
            await refusal(scope, reading, answering)
            return
        await self.app(scope, reading, answering)
