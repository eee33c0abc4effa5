"""``gridlogic serve``: the web app (:mod:`gridlogic.web.app`) under uvicorn.

Starlette and uvicorn come with the ``web`` extra; without them the command
says how to install them instead of failing with an import traceback.
"""

from __future__ import annotations

import argparse
import socket
import sys

from gridlogic.errors import GridlogicError


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
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0
