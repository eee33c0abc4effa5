"""``gridlogic serve``: the web app (:mod:`gridlogic.web.app`) under uvicorn, with its connections bounded.

Starlette, uvicorn and the records' database drivers come with the ``web`` extra; without them
the command says how to install them instead of failing with an import traceback.

``--database URL`` (or ``GRIDLOGIC_DATABASE_URL``) says where the play records go (see
:mod:`gridlogic.store.location`). ``--workers N`` runs N server processes on one listening
socket; before they start, the database is migrated and the cookie secret made once, here, so
the workers find both ready. A database that does not answer at start is reported in one line
and the server starts anyway: play goes on, and record writes answer 503 until it is back.
``--generators N`` is the number of processes each server process generates puzzles in (see
:mod:`gridlogic.web.puzzles`; default one per core), handed to the workers in
``GRIDLOGIC_GENERATORS``.

A connection may not hold the server for free: a request's line and headers
must arrive within :data:`~gridlogic.web.connections.HEADER_SECONDS` of the connection opening (or of
the previous answer; uvicorn itself sets no such deadline, so a client could
send a header byte a minute for ever), and be at most
:data:`~gridlogic.web.headers.MAX_HEAD_BYTES` long; an idle keep-alive connection is closed after
:data:`KEEP_ALIVE_SECONDS`; the server holds :data:`MAX_CONNECTIONS` connections at once, one address
at most :data:`~gridlogic.web.connections.PER_ADDRESS` of them, and a connection past either is
answered 503 or 429 as it opens (:mod:`gridlogic.web.connections`). A body's limits are the app's
(:mod:`gridlogic.web.inputs`: its size, and the seconds it may take to arrive).

``--trust-proxy ADDRESSES`` names the reverse proxies in front of the server (addresses or networks,
comma-separated; default none): a connection from one of them is one proxy carrying many clients,
so it is not counted against an address's connections, and each of its requests is the client's
that the proxy names in ``X-Forwarded-For`` (uvicorn reads it from the right, past the trusted
proxies' own entries): the address whose shares and rate limits it uses (:mod:`gridlogic.web.clients`).
Without it, ``X-Forwarded-For`` is ignored, and behind a proxy every client would share the proxy's
address.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from collections.abc import Callable
from typing import Any

from gridlogic.errors import GridlogicError
from gridlogic.params import short_repr

MAX_WORKERS = 64
KEEP_ALIVE_SECONDS = 5
MAX_CONNECTIONS = 1000


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"port {short_repr(text)} must be an integer from 1 to 65535")
    return int(text)


def _process_count(name: str) -> Callable[[str], int]:
    """An argparse type for a count of ``name`` processes: 1 to :data:`MAX_WORKERS`."""
    def parse(text: str) -> int:
        if not text.isdigit() or not 1 <= int(text) <= MAX_WORKERS:
            raise argparse.ArgumentTypeError(f"{name} {short_repr(text)} must be an integer from 1 to {MAX_WORKERS}")
        return int(text)
    return parse


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("serve", help="serve the browser game and its JSON API",
                                   description="Serve the page and the JSON API.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    parser.add_argument("--workers", type=_process_count("workers"), default=1,
                        help=f"server processes sharing the port (default 1, at most {MAX_WORKERS})")
    parser.add_argument("--database", metavar="URL",
                        help="where the play records go: sqlite:///PATH or postgresql://USER@HOST:PORT/NAME "
                             "(default: GRIDLOGIC_DATABASE_URL, else an SQLite file in the user's data directory)")
    parser.add_argument("--generators", type=_process_count("generators"), default=None,
                        help=f"worker processes each server process runs expensive work in (new puzzles, "
                             f"imports, hints; default: one per core, at most {MAX_WORKERS})")
    parser.add_argument("--trust-proxy", metavar="ADDRESSES", type=_proxies, default="",
                        help="the reverse proxies in front of this server, comma-separated addresses or networks "
                             "(default: none): their connections are not counted per address, and the client "
                             "address of their requests is the one they give in X-Forwarded-For")
    parser.set_defaults(handler=run)


def _proxies(text: str) -> str:
    from gridlogic.web.clients import TrustedProxies

    try:
        TrustedProxies(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port``, or a GridlogicError saying why there is none.

    Binding here rather than inside uvicorn turns "address already in use" into the CLI's
    one-line error (uvicorn would log it and exit with its own code).
    """
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
    except (OSError, UnicodeError) as error:  # UnicodeError: a name IDNA cannot encode (a label past 63)
        raise GridlogicError(f"cannot listen on {short_repr(host)} port {port}: "
                             f"{getattr(error, 'strerror', None) or error}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise GridlogicError(f"cannot listen on {short_repr(host)} port {port}: "
                             f"{error.strerror or error}") from None
    return sock


def prepare_records() -> str:
    """Migrate the records' database and make the cookie secret, once, before any worker starts;
    answers a line about the database for the start message."""
    from gridlogic.store import Store, StoreUnavailable
    from gridlogic.store.location import cookie_secret

    store = Store()
    cookie_secret(store.url)
    shown = store.url.render_as_string(hide_password=True)
    try:
        store.open()
    except StoreUnavailable as down:
        return f"records: {shown} -- {down}; record writes answer 503 until it answers"
    finally:
        store.close()
    return f"records: {shown}"


def server_config(app: Any, trusted_proxies: str = "", **settings: Any) -> Any:
    """The uvicorn settings of ``gridlogic serve`` (see the module docstring), with ``settings`` added;
    ``trusted_proxies`` as ``--trust-proxy`` takes them (none: proxy headers are ignored)."""
    import uvicorn

    from gridlogic.web.connections import HeadDeadline
    from gridlogic.web.headers import MAX_HEAD_BYTES

    return uvicorn.Config(app, log_level="warning", http=HeadDeadline, timeout_keep_alive=KEEP_ALIVE_SECONDS,
                          h11_max_incomplete_event_size=MAX_HEAD_BYTES, limit_concurrency=MAX_CONNECTIONS,
                          proxy_headers=bool(trusted_proxies.strip()), forwarded_allow_ips=trusted_proxies or "",
                          **settings)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn
        from uvicorn.supervisors import Multiprocess

        from gridlogic.store.location import DATABASE_URL_VARIABLE
        from gridlogic.web.app import GENERATORS_VARIABLE, create_app
    except ImportError as error:
        raise GridlogicError(f"serve needs the web extra ({error.name} is missing); "
                             "install it with: pip install 'gridlogic[web]'") from None
    if args.database:
        os.environ[DATABASE_URL_VARIABLE] = args.database  # the workers read it too
    records = prepare_records()
    sock = listening_socket(args.host, args.port)
    host = f"[{args.host}]" if ":" in args.host else args.host
    workers = f", {args.workers} workers" if args.workers > 1 else ""
    sys.stderr.write(f"gridlogic: serving http://{host}:{args.port}/{workers} (Ctrl+C stops)\n"
                     f"gridlogic: {records}\n")
    if args.generators is not None:
        os.environ[GENERATORS_VARIABLE] = str(args.generators)  # the workers read it too
    try:
        if args.workers == 1:
            uvicorn.Server(server_config(create_app(), args.trust_proxy)).run(sockets=[sock])
        else:
            config = server_config("gridlogic.web.app:create_app", args.trust_proxy, factory=True,
                                   workers=args.workers)
            Multiprocess(config, sockets=[sock]).run()
    finally:
        sock.close()
    return 0
