"""``gridlogic serve``: the web app (:mod:`gridlogic.web.app`) under uvicorn, with its connections bounded.

Starlette and uvicorn come with the ``web`` extra; without them the command
says how to install them instead of failing with an import traceback.

A connection may not hold the server for free: a request's line and headers
must arrive within :data:`HEADER_SECONDS` of the connection opening (or of
the previous answer; uvicorn itself sets no such deadline, so a client could
send a header byte a minute for ever), and be at most
:data:`~gridlogic.web.headers.MAX_HEAD_BYTES` long; an idle keep-alive connection is closed after :data:`KEEP_ALIVE_SECONDS`;
past :data:`MAX_CONNECTIONS` connections at once uvicorn answers 503. A
body's limits are the app's (:mod:`gridlogic.web.inputs`: its size, and the
seconds it may take to arrive).
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import sys
from typing import Any

from gridlogic.errors import GridlogicError

HEADER_SECONDS = 10
KEEP_ALIVE_SECONDS = 5
MAX_CONNECTIONS = 1000


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"port {text!r} must be an integer from 1 to 65535")
    return int(text)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("serve", help="serve the browser game and its JSON API",
                                   description="Serve the page and the JSON API.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    parser.add_argument("--workers", type=_workers, default=None,
                        help="processes that generate puzzles (default: one per core)")
    parser.set_defaults(handler=run)


def _workers(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 64:
        raise argparse.ArgumentTypeError(f"workers {text!r} must be an integer from 1 to 64")
    return int(text)


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port``, or a GridlogicError saying why there is none.

    Binding here rather than inside uvicorn turns "address already in use" into the CLI's
    one-line error (uvicorn would log it and exit with its own code).
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as error:
        raise GridlogicError(f"cannot listen on {host!r} port {port}: "
                             f"{error.strerror or error}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise GridlogicError(f"cannot listen on {host!r} port {port}: "
                             f"{error.strerror or error}") from None
    return sock


def timed_protocol() -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol (h11), with a deadline for every request's line and headers."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeadDeadline(H11Protocol):
        """Closes a connection whose next request's head has not arrived :data:`HEADER_SECONDS` after
        the connection opened or the last answer ended (uvicorn restarts its keep-alive timer at
        every byte, so a trickle of bytes would keep it open)."""

        head_deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def handle_events(self) -> None:
            cycle = self.cycle
            super().handle_events()
            if self.cycle is not cycle:  # a request's head arrived
                self._disarm()

        def on_response_complete(self) -> None:
            self._arm()  # first: a pipelined request that the call below starts disarms it again
            super().on_response_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self.head_deadline = self.loop.call_later(HEADER_SECONDS, self._head_too_late)

        def _disarm(self) -> None:
            if self.head_deadline is not None:
                self.head_deadline.cancel()
                self.head_deadline = None

        def _head_too_late(self) -> None:
            self.head_deadline = None
            idle = self.cycle is None or self.cycle.response_complete  # not while the app is answering
            if idle and not self.transport.is_closing():
                self.transport.close()

    return HeadDeadline


def server_config(app: Any) -> Any:
    """The uvicorn settings of ``gridlogic serve`` (see the module docstring)."""
    import uvicorn

    from gridlogic.web.headers import MAX_HEAD_BYTES

    return uvicorn.Config(app, log_level="warning", http=timed_protocol(), timeout_keep_alive=KEEP_ALIVE_SECONDS,
                          h11_max_incomplete_event_size=MAX_HEAD_BYTES, limit_concurrency=MAX_CONNECTIONS)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from gridlogic.web.app import create_app
    except ImportError as error:
        raise GridlogicError(f"serve needs the web extra ({error.name} is missing); "
                             "install it with: pip install 'gridlogic[web]'") from None
    sock = listening_socket(args.host, args.port)
    host = f"[{args.host}]" if ":" in args.host else args.host
    sys.stderr.write(f"gridlogic: serving http://{host}:{args.port}/ (Ctrl+C stops)\n")
    server = uvicorn.Server(server_config(create_app(workers=args.workers)))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0
