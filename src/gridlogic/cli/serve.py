"""``gridlogic serve``: the web app (:mod:`gridlogic.web.app`) under uvicorn.

Starlette, uvicorn and the records' database drivers come with the ``web`` extra; without them
the command says how to install them instead of failing with an import traceback.

``--database URL`` (or ``GRIDLOGIC_DATABASE_URL``) says where the play records go (see
:mod:`gridlogic.store.location`). ``--workers N`` runs N server processes on one listening
socket; before they start, the database is migrated and the cookie secret made once, here, so
the workers find both ready. A database that does not answer at start is reported in one line
and the server starts anyway: play goes on, and record writes answer 503 until it is back.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys

from gridlogic.errors import GridlogicError

MAX_WORKERS = 64


def _port(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"port {text!r} must be an integer from 1 to 65535")
    return int(text)


def _workers(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"workers {text!r} must be an integer from 1 to {MAX_WORKERS}")
    return int(text)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser("serve", help="serve the browser game and its JSON API",
                                   description="Serve the page and the JSON API.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1, this machine only)")
    parser.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
    parser.add_argument("--workers", type=_workers, default=1,
                        help=f"server processes sharing the port (default 1, at most {MAX_WORKERS})")
    parser.add_argument("--database", metavar="URL",
                        help="where the play records go: sqlite:///PATH or postgresql://USER@HOST:PORT/NAME "
                             "(default: GRIDLOGIC_DATABASE_URL, else an SQLite file in the user's data directory)")
    parser.set_defaults(handler=run)


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


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn
        from uvicorn.supervisors import Multiprocess

        from gridlogic.store.location import DATABASE_URL_VARIABLE
        from gridlogic.web.app import create_app
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
    try:
        if args.workers == 1:
            uvicorn.Server(uvicorn.Config(create_app(), log_level="warning")).run(sockets=[sock])
        else:
            config = uvicorn.Config("gridlogic.web.app:create_app", factory=True, workers=args.workers,
                                    log_level="warning")
            Multiprocess(config, sockets=[sock]).run()
    finally:
        sock.close()
    return 0
