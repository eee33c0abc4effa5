"""Where the chunks run: a local process pool or a Dask cluster, and the scheduler that feeds either.

Both are :mod:`concurrent.futures` executors. ``--executor local`` (the
default) is a :class:`~concurrent.futures.ProcessPoolExecutor` with one
process per core (or ``--jobs``); its workers ignore Ctrl+C, which only the
parent acts on, and leave by themselves when the parent is killed
(:mod:`gridlogic.workers`).
``--executor dask://HOST:PORT`` connects to a running ``dask.distributed``
scheduler and uses ``Client.get_executor(pure=False)``, so that every chunk
is new work, never deduplicated, with as many chunks at once as the cluster
has threads (or ``--jobs``); ``distributed`` is imported only then. The
connection *and* the scheduler's first answer (how many threads its workers
have) must come within :data:`CONNECT_TIMEOUT`, or the run ends with one line:
``distributed`` bounds the TCP connection by its timeout but then waits for
the scheduler's handshake without one, so a server that accepts the
connection and never answers would hang the run for good. The connection is
therefore made in a thread that is given up on (it is a daemon, and holds
nothing of the run) when the time is over.

:func:`run_chunks` sends the work out in chunks sized by
:func:`~gridlogic.batch.plan.next_chunk_size`, at most two chunks per
worker in flight, so that a crash loses little and the chunk size can
follow the observed speed. A chunk that fails on its worker ends the run
with one line: a local worker process that died says so, anything else (a
Dask worker lost, a module missing on a worker, ...) names the chunk's
first seed.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from gridlogic.batch.plan import next_chunk_size
from gridlogic.errors import GridlogicError, InvalidParameters
from gridlogic.params import check_int
from gridlogic.workers import init_local_worker

T = TypeVar("T")

CONNECT_TIMEOUT = 10.0  # seconds a Dask scheduler gets to accept the connection and answer, together


@dataclass(frozen=True)
class ExecutorChoice:
    """``local`` or a Dask scheduler address, parsed from ``--executor``."""

    kind: str  # "local" or "dask"
    address: str | None = None  # "tcp://host:port" for Dask

    def __repr__(self) -> str:
        return "local process pool" if self.kind == "local" else f"Dask scheduler {self.address}"


_DASK_ADDRESS = re.compile(r"dask://(?P<host>\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+):(?P<port>[0-9]{1,5})/?")


def parse_executor(text: str) -> ExecutorChoice:
    if text == "local":
        return ExecutorChoice("local")
    match = _DASK_ADDRESS.fullmatch(text)
    if match and 0 < int(match["port"]) < 65536:
        return ExecutorChoice("dask", f"tcp://{match['host']}:{int(match['port'])}")
    raise InvalidParameters(f"executor {text!r} is not allowed; use 'local' or 'dask://HOST:PORT'")


def check_jobs(jobs: int | None) -> None:
    if jobs is not None:
        check_int(jobs, "jobs", 1)


@contextlib.contextmanager
def open_executor(choice: ExecutorChoice, jobs: int | None) -> Iterator[tuple[Executor, int]]:
    """An executor and how many chunks it runs at once; shut down (pending work cancelled) on exit."""
    check_jobs(jobs)
    if choice.kind == "local":
        workers = jobs or os.cpu_count() or 1
        pool = ProcessPoolExecutor(max_workers=workers, initializer=init_local_worker)
        try:
            yield pool, workers
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return
    client, threads = _connect_dask(choice)
    try:
        yield client.get_executor(pure=False), jobs or max(1, threads)
    finally:
        client.close()


def _connect_dask(choice: ExecutorChoice) -> tuple[Any, int]:
    """A client of the scheduler and its workers' thread count, both within :data:`CONNECT_TIMEOUT`."""
    try:
        from distributed import Client
    except ImportError:
        raise GridlogicError(
            f"the executor {choice.address!r} needs dask.distributed, which is not installed; "
            "install it with: pip install 'gridlogic[dask]'"
        ) from None
    outcome: list[Any] = []

    def connect() -> None:
        try:
            client = Client(choice.address, timeout=CONNECT_TIMEOUT, set_as_default=False)
            try:
                outcome.append((client, sum(client.nthreads().values())))
            except BaseException:
                client.close()
                raise
        except BaseException as error:  # noqa: BLE001 - handed to the waiting thread below
            outcome.append(error)

    connecting = threading.Thread(target=connect, name="dask-connect", daemon=True)
    connecting.start()
    connecting.join(CONNECT_TIMEOUT)
    result = outcome[0] if outcome else None
    if result is None or isinstance(result, (OSError, TimeoutError)):
        reason = "the connection was made, but nothing answered" if result is None else type(result).__name__
        raise GridlogicError(
            f"no Dask scheduler answered at {choice.address!r} within {CONNECT_TIMEOUT:g} s ({reason})"
        )
    if isinstance(result, BaseException):
        raise result
    client, threads = result
    return client, threads


def _chunk_result(future: Future[Any], first_seed: str) -> Any:
    try:
        return future.result()
    except GridlogicError:
        raise
    except BrokenProcessPool:
        raise GridlogicError(
            "a worker process died (killed, or out of memory?); the chunks already written are kept, "
            "run the same command again to resume"
        ) from None
    except Exception as error:  # noqa: BLE001 - a Dask worker lost, a module missing on a worker, ...
        raise GridlogicError(
            f"the chunk starting at seed {first_seed!r} failed on its worker: "
            f"{type(error).__name__}: {error}"
        ) from None


def run_chunks(
    workers: int,
    pending: deque[T],
    submit: Callable[[list[T]], Future[Any]],
    finish: Callable[[list[T], Any], float],
    name: Callable[[T], str],
    chunk_seconds: float,
    chunk_size: int | None = None,
) -> None:
    """Send ``pending`` out in chunks through ``submit``, at most two per worker in flight.

    Chunks are sized by :func:`next_chunk_size` from the worker seconds per
    item measured so far (or ``chunk_size`` when fixed). ``submit(items)``
    starts a chunk; ``finish(items, result)`` takes a finished chunk's result,
    chunks that finish together in the order they were sent, and returns the
    worker seconds the chunk reports. A failed chunk is named by ``name`` of
    its first item. Chunks still in flight are cancelled when this ends.
    """
    in_flight: dict[Future[Any], tuple[int, list[T]]] = {}
    sent = 0
    worker_seconds, measured = 0.0, 0
    try:
        while pending or in_flight:
            while pending and len(in_flight) < 2 * workers:
                size = chunk_size or next_chunk_size(
                    len(pending), workers, worker_seconds / measured if measured else None, chunk_seconds
                )
                items = [pending.popleft() for _ in range(min(size, len(pending)))]
                in_flight[submit(items)] = (sent, items)
                sent += 1
            finished, _ = wait(list(in_flight), return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda f: in_flight[f][0]):
                _, items = in_flight.pop(future)
                worker_seconds += finish(items, _chunk_result(future, name(items[0])))
                measured += len(items)
    finally:
        for future in in_flight:
            future.cancel()
