"""``gridlogic serve``'s connections under a real uvicorn: deadlines, refused bodies, clients that go away.

The server runs in a thread of this process with :func:`gridlogic.cli.serve.server_config`, its
deadlines shortened to half a second; each test then waits for what the server does (an answer,
the connection closed, a log record), never for the clock.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
from collections.abc import Iterator

import pytest
import uvicorn
from web_helpers import run_async

from gridlogic.cli import serve
from gridlogic.web import connections, inputs
from gridlogic.web.app import create_app
from gridlogic.web.headers import MAX_HEAD_BYTES


@pytest.fixture()
def short_deadlines(monkeypatch):
    monkeypatch.setattr(connections, "HEADER_SECONDS", 0.5)
    monkeypatch.setattr(inputs, "BODY_SECONDS", 0.5)


@pytest.fixture()
def server(short_deadlines) -> Iterator[tuple[str, int]]:
    sock = serve.listening_socket("127.0.0.1", 0)
    config = serve.server_config(create_app(workers=0))
    config.lifespan = "off"
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    started = threading.Event()
    while not running.started and thread.is_alive():
        started.wait(0.02)
    assert running.started
    yield sock.getsockname()[:2]
    running.should_exit = True
    thread.join(timeout=30)
    sock.close()


def connect(address) -> socket.socket:
    connection = socket.create_connection(address, timeout=60)
    return connection


def read_all(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := connection.recv(65536):
        data += chunk
    return data


def test_a_request_head_that_never_ends_is_cut_off(server):
    with connect(server) as connection:
        connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
        assert read_all(connection) == b""  # closed without an answer


@pytest.mark.parametrize("pieces", [1, 2], ids=["whole", "in two pieces"])
def test_a_request_head_over_the_limit_is_refused(server, pieces):
    head = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"x" * MAX_HEAD_BYTES + b"\r\n\r\n"
    with connect(server) as connection:
        if pieces == 1:
            connection.sendall(head)
        else:  # an unfinished head past the limit is refused without waiting for its end
            connection.sendall(head[:MAX_HEAD_BYTES + 100])
            connection.shutdown(socket.SHUT_WR)
        data = read_all(connection)
    assert data.startswith(b"HTTP/1.1 431 ") or (pieces == 2 and data.startswith(b"HTTP/1.1 400 "))


def test_a_connection_that_sends_nothing_is_closed(server):
    with connect(server) as connection:
        assert read_all(connection) == b""


def test_an_idle_connection_after_an_answer_is_closed(server):
    with connect(server) as connection:
        connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        data = read_all(connection)
    assert data.startswith(b"HTTP/1.1 200 ") and data.count(b"HTTP/1.1") == 1


def test_a_body_that_does_not_arrive_in_time_is_a_408_and_the_connection_closes(server):
    with connect(server) as connection:
        connection.sendall(b"POST /api/signal/check?seed=x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        data = read_all(connection)
    assert data.startswith(b"HTTP/1.1 408 ")
    assert b"connection: close" in data.lower() and b"did not arrive within 0.5 seconds" in data


def test_a_declared_huge_body_is_refused_without_reading_it(server):
    with connect(server) as connection:
        connection.sendall(b"POST /api/signal/check?seed=x HTTP/1.1\r\nHost: x\r\n"
                           b"Content-Length: 1073741824\r\n\r\n" + b"x" * 1000)
        data = read_all(connection)  # the server closes: it does not wait for the other 1 GiB
    assert data.startswith(b"HTTP/1.1 413 ") and b"connection: close" in data.lower()


class Recorder(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []
        self.arrived = threading.Event()

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        self.arrived.set()


def test_a_client_that_goes_away_mid_body_is_one_log_line(server):
    recorder = Recorder()
    logger = logging.getLogger("gridlogic.web")
    logger.addHandler(recorder)
    try:
        with connect(server) as connection:
            connection.sendall(b"POST /api/signal/check?seed=x HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n"
                               b'{"board": [')
        assert recorder.arrived.wait(timeout=60)
    finally:
        logger.removeHandler(recorder)
    [record] = recorder.records
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert record.getMessage() == ("the client went away while sending the body of POST /api/signal/check "
                                   "(11 bytes received)")


def test_the_head_deadline_is_off_while_a_request_is_answered():
    """The protocol itself, without a network: the deadline is armed while waiting for a head only."""
    app = create_app(workers=0)
    config = serve.server_config(app)
    config.load()

    class Transport(asyncio.Transport):
        def __init__(self) -> None:
            super().__init__()
            self.closed = False
            self.written = b""

        def get_extra_info(self, name, default=None):
            return {"peername": ("127.0.0.1", 1), "sockname": ("127.0.0.1", 2)}.get(name, default)

        def is_closing(self) -> bool:
            return self.closed

        def close(self) -> None:
            self.closed = True

        def write(self, data) -> None:
            self.written += data

        def pause_reading(self) -> None:
            pass

        def resume_reading(self) -> None:
            pass

    async def scenario() -> None:
        protocol = config.http_protocol_class(config, uvicorn.server.ServerState(), {}, asyncio.get_running_loop())
        transport = Transport()
        protocol.connection_made(transport)
        assert protocol.head_deadline is not None  # waiting for the first request's head
        protocol.data_received(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        assert protocol.head_deadline is not None  # part of a head does not count
        protocol.data_received(b"\r\n")
        assert protocol.head_deadline is None  # the request is being answered
        protocol._head_too_late()  # even if it fired now, an answer under way is not cut
        assert not transport.closed
        for task in list(protocol.tasks):
            await task
        assert transport.written.startswith(b"HTTP/1.1 200 ")
        assert protocol.head_deadline is not None  # armed again for the next request
        protocol.connection_lost(None)
        assert protocol.head_deadline is None

    run_async(scenario)
