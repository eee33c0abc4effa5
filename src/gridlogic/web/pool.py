"""The worker processes that run the server's expensive work, one task at a time each.

The server process answers requests and nothing else that takes long: every piece of work that
can (making a puzzle, proving a puzzle brought from outside, a hint; :mod:`.admission` decides
what is let in) is a *task*, a module-level function and its arguments (:mod:`.tasks`), run by one
of :attr:`WorkerPool.size` worker processes. Each worker is

* **started by forkserver** (a fork of the threaded server could inherit a held lock), from a
  fork server that has imported the games once (:data:`PRELOAD`), so a new worker is ready at once;
* **niced** (:data:`WORKER_NICENESS`): the server's own process, which answers everything else, is
  first on the CPU whenever it has work;
* **given one task at a time**, in the order the tasks were asked for (first come, first served:
  :mod:`.admission` counts on that order to bound each one's wait);
* **recycled**: after :data:`MAX_TASKS` tasks, or once its resident memory has grown past
  :data:`MAX_RESIDENT_BYTES` (CPython seldom gives freed memory back, and a worker that proved
  365 large imports had grown from 64 to 418 MB), it is stopped after its task and a fresh one
  takes its place;
* **stopped when overdue**: a task still running at its deadline has its worker killed; the caller
  gets :class:`Overran`, and a fresh worker takes the place. A worker that dies on its own
  (killed from outside, out of memory) is answered the same way; the other workers go on.

A task's result and exception come back pickled (an exception that cannot be pickled comes back as
a ``RuntimeError`` naming it; an unexpected one carries the worker's traceback as a note).
:class:`InlinePool` runs tasks in one thread of this process instead, for tests whose stand-in
games exist in this process only; it has no deadlines and nothing to recycle.

Example (``tests/web/test_pool.py`` runs it)::

    pool = WorkerPool(1)
    reply = await pool.run(pow, 2, 10)        # started in a worker process, the first time
    reply.value, reply.error                  # 1024, None
    reply.seconds, reply.pid != os.getpid()   # the worker's own time for the task; True
    await pool.run(time.sleep, 3600, deadline=1)  # Overran: the worker was killed after 1 s
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import pickle
import resource
import time
import traceback
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from gridlogic.errors import GridlogicError
from gridlogic.workers import init_local_worker

WORKER_NICENESS = 10  # the workers yield the CPU to the process that answers requests
MAX_TASKS = 1000  # tasks a worker runs before a fresh one takes its place
MAX_RESIDENT_BYTES = 256 * 1024 * 1024  # resident memory past which a worker is replaced after its task
PRELOAD = ["gridlogic.web.tasks"]  # what the fork server imports once for every worker
STOP_SECONDS = 5  # how long a retired worker may take to leave before it is killed


class WorkerStopped(Exception):
    """The worker process running a task ended before answering (killed from outside, out of memory)."""


class Overran(WorkerStopped):
    """The task ran past its deadline (``seconds``), and its worker was killed."""

    def __init__(self, message: str, seconds: float) -> None:
        super().__init__(message)
        self.seconds = seconds


@dataclass(frozen=True)
class Reply:
    """A task's outcome: its ``value``, or the ``error`` it raised; the worker's own ``seconds`` for it
    (without the wait for a worker) and the worker's process ID."""

    value: Any
    error: BaseException | None
    seconds: float
    pid: int

    def result(self) -> Any:
        """The value, or the task's exception raised here."""
        if self.error is not None:
            raise self.error
        return self.value


def resident_bytes() -> int:
    """This process's resident memory (Linux's ``/proc/self/statm``, else the peak so far)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):  # pragma: no cover - not Linux
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def portable(error: BaseException) -> BaseException:
    """``error`` as it can travel back to the server: itself, with the worker's traceback as a note
    when it is not a refusal of the library; or a RuntimeError naming it when it cannot be pickled."""
    if not isinstance(error, GridlogicError):
        error.add_note("in the worker process:\n" + "".join(traceback.format_exception(error)).rstrip())
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # noqa: BLE001 - whatever stops it travelling, its name and message still can
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def serve(connection: Connection, niceness: int) -> None:
    """A worker process: run each task received, send back ``(value, error, seconds, resident bytes)``,
    until the server sends an empty message or goes away."""
    init_local_worker()
    if niceness:
        os.nice(niceness)
    while True:
        try:
            payload = connection.recv_bytes()
        except (EOFError, OSError):
            return
        if not payload:
            return
        started = time.perf_counter()
        value, error = None, None
        try:
            function, arguments = pickle.loads(payload)
            value = function(*arguments)
        except Exception as failed:  # noqa: BLE001 - every failure of a task is the server's to answer
            error = portable(failed)
        seconds = time.perf_counter() - started
        try:
            answer = pickle.dumps((value, error, seconds, resident_bytes()))
        except Exception as failed:  # noqa: BLE001 - a result that cannot travel is reported, not lost
            problem = RuntimeError(f"the task's result could not be sent back: {type(failed).__name__}: {failed}")
            answer = pickle.dumps((None, problem, seconds, resident_bytes()))
        connection.send_bytes(answer)


class Worker:
    """One worker process and the server's end of its pipe; :meth:`call` blocks (a thread runs it)."""

    def __init__(self, context: Any, niceness: int) -> None:
        ours, theirs = context.Pipe()
        self.process = context.Process(target=serve, args=(theirs, niceness), name="gridlogic-worker", daemon=True)
        self.process.start()
        theirs.close()
        self.connection: Connection = ours
        self.tasks = 0

    @property
    def pid(self) -> int:
        return int(self.process.pid or 0)

    def call(self, payload: bytes) -> tuple[Any, BaseException | None, float, int] | None:
        """Send a task and wait for its answer; None when the process ended first."""
        try:
            self.connection.send_bytes(payload)
            answer = self.connection.recv_bytes()
        except (EOFError, OSError):
            return None
        try:
            return pickle.loads(answer)  # type: ignore[no-any-return]
        except Exception as failed:  # noqa: BLE001 - a class the worker has and this process lacks
            return None, RuntimeError(f"the task's answer could not be read: {failed}"), 0.0, 0

    def stop(self) -> None:
        """Ask the process to leave, and make sure it has."""
        with contextlib.suppress(OSError):
            self.connection.send_bytes(b"")
        self.process.join(STOP_SECONDS)
        self.kill()

    def kill(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.connection.close()


class WorkerPool:
    """:attr:`size` worker processes, started when first needed (see the module docstring)."""

    def __init__(self, size: int, *, max_tasks: int = MAX_TASKS, max_resident: int = MAX_RESIDENT_BYTES,
                 niceness: int = WORKER_NICENESS) -> None:
        if size < 1:
            raise ValueError(f"a worker pool has at least one process, not {size}")
        self.size = size
        self.max_tasks = max_tasks
        self.max_resident = max_resident
        self.niceness = niceness
        self.recycled = 0  # workers replaced for their tasks or their memory
        self._idle: list[Worker] = []
        self._busy: set[Worker] = set()
        self._starting = 0
        self._waiting: deque[asyncio.Future[Worker]] = deque()
        self._threads: ThreadPoolExecutor | None = None
        self._starts: set[asyncio.Future[None]] = set()  # held: the loop keeps only weak references
        self._closings = 0  # how many times close() ran: a worker started before the last one is not kept

    def pids(self) -> list[int]:
        """The process IDs of the workers started (idle or busy)."""
        return sorted(worker.pid for worker in [*self._idle, *self._busy])

    async def run(self, function: Callable[..., Any], *arguments: Any, deadline: float | None = None) -> Reply:
        """``function(*arguments)`` in a worker, once one is free (first come, first served); its worker
        is killed and :class:`WorkerStopped` raised when it runs past ``deadline`` seconds. A caller
        that goes away leaves the task to finish (its worker is free again then)."""
        payload = pickle.dumps((function, arguments))  # refused here, not in the worker, if it cannot travel
        worker = await self._acquire()
        loop = asyncio.get_running_loop()
        call = loop.run_in_executor(self._executor(), worker.call, payload)
        try:
            answer = await asyncio.wait_for(asyncio.shield(call), deadline)
        except TimeoutError:
            await loop.run_in_executor(self._executor(), worker.kill)
            await call
            self._retire(worker, stopped=True)
            raise Overran(f"this request's work took longer than {deadline:g} s, the most it may take, and was "
                          "stopped", deadline or 0.0) from None
        except asyncio.CancelledError:
            call.add_done_callback(lambda done: self._finish(worker, done.result()))
            raise
        self._finish(worker, answer)
        if answer is None:
            raise WorkerStopped("the worker process stopped while working on this request")
        value, error, seconds, _ = answer
        return Reply(value, error, seconds, worker.pid)

    def _executor(self) -> ThreadPoolExecutor:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(2 * self.size + 1, thread_name_prefix="gridlogic-pool")
        return self._threads

    async def _acquire(self) -> Worker:
        if self._idle and not self._waiting:
            worker = self._idle.pop()
            self._busy.add(worker)
            return worker
        waiter: asyncio.Future[Worker] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        self._hand_over()
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release(waiter.result())  # handed over just as the caller went away
            with contextlib.suppress(ValueError):
                self._waiting.remove(waiter)
            raise

    def _hand_over(self) -> None:
        """Give idle workers to waiting callers, in order; start workers while fewer than :attr:`size` exist."""
        while self._waiting and self._waiting[0].done():
            self._waiting.popleft()
        while self._waiting and self._idle:
            waiter = self._waiting.popleft()
            if not waiter.done():
                worker = self._idle.pop()
                self._busy.add(worker)
                waiter.set_result(worker)
        missing = len(self._waiting) - self._starting
        while missing > 0 and len(self._idle) + len(self._busy) + self._starting < self.size:
            self._starting += 1
            missing -= 1
            start = asyncio.ensure_future(self._start())
            self._starts.add(start)
            start.add_done_callback(self._starts.discard)

    async def _start(self) -> None:
        loop = asyncio.get_running_loop()
        closings = self._closings
        try:
            worker = await loop.run_in_executor(self._executor(), Worker, forkserver(), self.niceness)
        except Exception as failed:  # noqa: BLE001 - out of processes or memory: the first caller hears why
            waiting = [waiter for waiter in self._waiting if not waiter.done()]
            if waiting:
                waiting[0].set_exception(WorkerStopped(f"a worker process could not be started: {failed}"))
            return
        finally:
            self._starting -= 1
        if closings != self._closings:  # closed meanwhile
            await loop.run_in_executor(None, worker.stop)
            return
        self._idle.append(worker)
        self._hand_over()

    def _finish(self, worker: Worker, answer: tuple[Any, BaseException | None, float, int] | None) -> None:
        """After a task: the worker is idle again, or replaced if it died, ran its tasks or grew too large."""
        worker.tasks += 1
        if answer is None:
            self._retire(worker, stopped=True)
        elif worker.tasks >= self.max_tasks or answer[3] >= self.max_resident:
            self.recycled += 1
            self._retire(worker, stopped=False)
        else:
            self._release(worker)

    def _release(self, worker: Worker) -> None:
        if worker not in self._busy:  # its task ended after close(), which stopped it: it is not kept
            return
        self._busy.discard(worker)
        self._idle.append(worker)
        self._hand_over()

    def _retire(self, worker: Worker, *, stopped: bool) -> None:
        self._busy.discard(worker)
        if self._threads is not None:
            self._threads.submit(worker.kill if stopped else worker.stop)
        with contextlib.suppress(RuntimeError):  # no event loop: closing
            self._hand_over()

    def close(self) -> None:
        """Stop every worker (tasks running are lost); a later :meth:`run` starts new ones."""
        self._closings += 1
        for waiter in self._waiting:
            waiter.cancel()
        self._waiting.clear()
        idle, busy, self._idle, self._busy = self._idle, self._busy, [], set()
        for worker in idle:
            worker.stop()
        for worker in busy:
            worker.kill()
        if self._threads is not None:
            self._threads.shutdown(wait=True)
            self._threads = None


class InlinePool:
    """Tasks run one at a time in a thread of this process, first come, first served (see the module
    docstring): for games that exist in this process only. ``deadline`` is not enforced."""

    size = 1

    def __init__(self) -> None:
        self._thread: ThreadPoolExecutor | None = None

    def pids(self) -> list[int]:
        return []

    async def run(self, function: Callable[..., Any], *arguments: Any, deadline: float | None = None) -> Reply:
        if self._thread is None:
            self._thread = ThreadPoolExecutor(1, thread_name_prefix="gridlogic-inline")

        def timed() -> Reply:
            started = time.perf_counter()
            try:
                value, error = function(*arguments), None
            except Exception as failed:  # noqa: BLE001 - as a worker process reports it
                value, error = None, failed
            return Reply(value, error, time.perf_counter() - started, os.getpid())

        return await asyncio.get_running_loop().run_in_executor(self._thread, timed)

    def close(self) -> None:
        if self._thread is not None:
            self._thread.shutdown(wait=True)
            self._thread = None


Pool = WorkerPool | InlinePool


def forkserver() -> Any:
    """The multiprocessing context of the workers: forkserver (spawn where there is none), its server
    told to import :data:`PRELOAD` once."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if "forkserver" in methods:
        context.set_forkserver_preload(PRELOAD)
    return context
