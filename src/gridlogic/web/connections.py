"""uvicorn's HTTP/1.1 protocol (h11) with a deadline for every request's line and headers.

uvicorn restarts its keep-alive timer at every byte, so a client sending a header byte a minute would
hold a connection for ever. :class:`HeadDeadline` arms a timer of :data:`HEADER_SECONDS` when a
connection opens and when an answer ends, disarms it when a request's head has arrived, and closes an
idle connection when it fires. For example: a client connects and sends ``GET / HTTP/1.1\r\n`` and
then nothing; 10 s later the connection is closed (``tests/web/test_connections.py`` checks it with a
shorter deadline).

It lives at module level, not inside a function, so that ``gridlogic serve --workers N`` can hand it to
worker processes (they receive it by reference when uvicorn's supervisor starts them).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 10


class HeadDeadline(H11Protocol):
    """Closes a connection whose next request's head has not arrived :data:`HEADER_SECONDS` after
    the connection opened or the last answer ended."""

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
