"""uvicorn's HTTP/1.1 protocol (h11) with a deadline for every request's head, and connections shared fairly.

uvicorn restarts its keep-alive timer at every byte, so a client sending a header byte a minute would
hold a connection for ever. :class:`HeadDeadline` arms a timer of :data:`HEADER_SECONDS` when a
connection opens and when an answer ends, disarms it when a request's head has arrived, and closes an
idle connection when it fires. For example: a client connects and sends ``GET / HTTP/1.1\r\n`` and
then nothing; 10 s later the connection is closed (``tests/web/test_connections.py`` checks it with a
shorter deadline).

**Connections are counted when they open**, not when a request comes: the server holds at most
``limit_concurrency`` connections (``gridlogic serve``: 1,000), and one address at most
:data:`PER_ADDRESS` of them (the address as :func:`~.clients.address_key` groups it; a trusted
reverse proxy's connections, which carry many clients, are not counted per address). A connection
past either is answered at once, before it sends anything, with a 503 (the server is full) or a 429
(this address has its share), ``Retry-After`` and ``Connection: close``, and closed; the connections
already open are not touched, and every one of them is served. (uvicorn's own check refuses a
request when the open connections, this one among them, reach the limit, so that 1,000 open
connections got 779 answers of 503: it is turned off here.) A slowloris of 1,000 sockets from one
address thus holds :data:`PER_ADDRESS` connections for :data:`HEADER_SECONDS` at a time, and leaves
the rest to everyone else (``tests/web/test_fairness.py``: of 1,000 such sockets 900 are answered 429
as they open, and another address's 100 requests are all served; 1,000 connections from 20
addresses are all served, and the 1,001st is answered 503).

It lives at module level, not inside a function, so that ``gridlogic serve --workers N`` can hand it to
worker processes (they receive it by reference when uvicorn's supervisor starts them).
"""

from __future__ import annotations

import asyncio
import json
import weakref
from collections import Counter
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.server import ServerState

from gridlogic.web.clients import TrustedProxies, address_key
from gridlogic.web.headers import SECURITY_HEADERS

HEADER_SECONDS = 10
PER_ADDRESS = 100  # connections one address may hold at once
REFUSED_RETRY_AFTER = 10

# connections open per address key, per server (a server's protocols share its ServerState)
_OPEN: weakref.WeakKeyDictionary[ServerState, Counter[str]] = weakref.WeakKeyDictionary()


def refusal_bytes(status: int, reason: str, message: str) -> bytes:
    """A whole HTTP/1.1 answer that closes its connection: ``{"error": message}`` and ``Retry-After``."""
    body = json.dumps({"error": message}).encode("ascii")
    headers = {"content-type": "application/json", "content-length": str(len(body)),
               "retry-after": str(REFUSED_RETRY_AFTER), "connection": "close", **SECURITY_HEADERS}
    head = f"HTTP/1.1 {status} {reason}\r\n" + "".join(f"{name}: {value}\r\n" for name, value in headers.items())
    return head.encode("latin-1") + b"\r\n" + body


class HeadDeadline(H11Protocol):
    """Closes a connection whose next request's head has not arrived :data:`HEADER_SECONDS` after
    the connection opened or the last answer ended."""

    head_deadline: asyncio.TimerHandle | None = None
    refused = False
    address: str | None = None  # the address key counted for this connection (None: not counted)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.max_connections = self.limit_concurrency
        self.limit_concurrency = None  # counted when a connection opens instead (see the module docstring)
        proxies = self.config.forwarded_allow_ips if self.config.proxy_headers else None
        self.proxies = TrustedProxies(proxies)

    def connection_made(self, transport: Any) -> None:
        peer = get_remote_addr(transport)
        refusal = self._refusal(peer[0] if peer else None)
        if refusal is not None:
            self.refused = True
            transport.write(refusal)
            transport.close()
            return
        super().connection_made(transport)
        self._arm()

    def _refusal(self, host: str | None) -> bytes | None:
        """The answer to a connection past the server's or its address's share, or None to take it."""
        counts = _OPEN.setdefault(self.server_state, Counter())
        if self.max_connections is not None and (len(self.connections) >= self.max_connections
                                                 or len(self.tasks) >= self.max_connections):
            return refusal_bytes(503, "Service Unavailable", f"the server has {self.max_connections} connections "
                                 f"open, the most it holds; try again in {REFUSED_RETRY_AFTER} s")
        if host is not None and host in self.proxies:
            return None
        key = address_key(host)
        if counts[key] >= PER_ADDRESS:
            return refusal_bytes(429, "Too Many Requests", f"this address has {counts[key]} connections open, "
                                 f"the most one address may hold; close some, or try again in "
                                 f"{REFUSED_RETRY_AFTER} s")
        counts[key] += 1
        self.address = key
        return None

    def data_received(self, data: bytes) -> None:
        if not self.refused:
            super().data_received(data)

    def pause_writing(self) -> None:
        if not self.refused:
            super().pause_writing()

    def resume_writing(self) -> None:
        if not self.refused:
            super().resume_writing()

    def handle_events(self) -> None:
        cycle = self.cycle
        super().handle_events()
        if self.cycle is not cycle:  # a request's head arrived
            self._disarm()

    def on_response_complete(self) -> None:
        self._arm()  # first: a pipelined request that the call below starts disarms it again
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refused:
            return
        if self.address is not None:
            counts = _OPEN.get(self.server_state)
            if counts is not None:
                counts[self.address] -= 1
                if counts[self.address] <= 0:
                    del counts[self.address]
            self.address = None
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
