"""A Dask "scheduler" that accepts the connection and never answers ends a run in one line, leaving no file.

``distributed`` bounds the TCP connection but not the handshake after it, so without a bound of
our own such a server hangs ``batch`` and ``--verify`` for good. The fake here is a listening socket
that accepts and keeps every connection open without a byte; the tests shorten the bound to a
fraction of a second (the server never answers, so there is no race with the clock).
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator

import pytest

from gridlogic import GridlogicError
from gridlogic import batch as batching
from gridlogic.batch import executors
from gridlogic.cli import main

pytest.importorskip("distributed", reason="dask.distributed is not installed (pip install 'gridlogic[dask]')")


@pytest.fixture()
def silent_scheduler() -> Iterator[tuple[str, threading.Event]]:
    """``dask://127.0.0.1:PORT`` of a server that accepts connections and never answers; the event
    is set once a connection has been accepted."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    accepted = threading.Event()
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:  # the listener was closed: the test is over
                return
            held.append(connection)
            accepted.set()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"dask://127.0.0.1:{listener.getsockname()[1]}", accepted
    listener.shutdown(socket.SHUT_RDWR)  # wakes the accept() above
    listener.close()
    for connection in held:
        connection.close()
    thread.join(timeout=10)


@pytest.fixture(autouse=True)
def short_bound(monkeypatch):
    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 0.5)


def test_open_executor_gives_up_on_a_silent_scheduler(silent_scheduler):
    address, accepted = silent_scheduler
    with pytest.raises(GridlogicError) as refused, batching.open_executor(batching.parse_executor(address), None):
        pass
    assert accepted.is_set()
    assert "no Dask scheduler answered" in str(refused.value)
    assert "the connection was made, but nothing answered" in str(refused.value)


def test_batch_and_verify_end_in_one_line_and_leave_no_file(tmp_path, capsys, silent_scheduler, helpers):
    address, accepted = silent_scheduler
    out = tmp_path / "out.jsonl"
    code = main(["batch", "signal", "--size", "4", "--difficulty", "any", "--count", "3", "--seed-prefix", "d",
                 "--out", str(out), "--executor", address])
    _, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and "nothing answered" in err, err
    assert accepted.is_set() and not out.exists()

    good = tmp_path / "good.jsonl"
    helpers.run_fake(good, 3)
    before = good.read_bytes()
    code = main(["batch", "--verify", str(good), "--executor", address])
    _, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and "nothing answered" in err, err
    assert good.read_bytes() == before
