"""Where the web app gets its puzzles: generated in worker processes, once per spec, then cached.

Generating a puzzle is pure CPU work (a Loop 10x10 *hard* takes about half a
second, several under load) and a pure function of its
:class:`~gridlogic.game.PuzzleSpec` (a seed is a promise). Run in the
server's own threads it would share one interpreter lock with everything
else, so that a few new hard puzzles held up cached answers, checks and
static files for seconds. So:

* **Worker processes.** Generation runs in a pool of :attr:`PuzzleSource.workers`
  processes (one per core by default), started by ``forkserver`` (a fork of
  the threaded server could inherit a held lock) and run at a lower priority
  (:data:`WORKER_NICENESS`), so that the server's own process, which answers
  everything else, is first on the CPU whenever it has work. ``workers=0``
  generates in a thread of this process instead, for tests whose stand-in
  games cannot be sent to another process.
* **One generation per spec** (single flight). A request for a spec that is
  being generated waits for that generation instead of starting another: 50
  identical requests cost one generation.
* **A bounded queue, in seconds of work.** Each kind of puzzle (game,
  version, size, difficulty, options) has a running estimate of its
  generation time (:data:`FIRST_ESTIMATE` until one has been made). A new
  generation is admitted while a worker is idle, or while the estimated work
  in flight stays within :attr:`PuzzleSource.queue_seconds` per worker
  (:data:`QUEUE_SECONDS`); otherwise the request is answered at once with 503
  and ``Retry-After`` (the seconds that work should take), rather than
  waiting behind a queue that grows without bound. Counting seconds, not
  requests, lets hundreds of millisecond puzzles wait where a few hard Loops
  would already mean a long wait.
* **A cache of outcomes**, the puzzle or the engine's refusal, the
  :data:`PUZZLE_CACHE_SIZE` most recently used: the page asks for the same
  puzzle up to three times (puzzle, check, solution), and only the first
  pays. A cached answer never touches the pool.

Example (``tests/web/test_puzzle_source.py`` runs it)::

    source = PuzzleSource(GAMES, workers=1, queue_seconds=0)
    first = asyncio.create_task(source.get(spec_a))   # generating in the worker
    same = asyncio.create_task(source.get(spec_a))    # waits for the same generation
    await source.get(spec_b)                          # BadRequest 503, Retry-After: 1 (no room)
    await first is await same                         # one puzzle, generated once

A pool of pre-generated puzzles for slow levels fits on top without changing
this class: a background task (started in the app's lifespan) asks
:meth:`PuzzleSource.get` for specs with fresh random seeds while
:attr:`PuzzleSource.in_flight` is below :attr:`PuzzleSource.workers` less one (so it
only uses idle workers and leaves one for the people who wait), and keeps
the specs it got; a request without a seed then takes one of those specs,
whose puzzle the cache answers at once, instead of drawing a random seed.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from gridlogic.errors import GenerationFailed
from gridlogic.game import GAMES, Game, Puzzle, PuzzleSpec
from gridlogic.web.inputs import BadRequest
from gridlogic.workers import init_local_worker

PUZZLE_CACHE_SIZE = 512
QUEUE_SECONDS = 10.0  # estimated seconds of generation in flight per worker before a request is answered 503
FIRST_ESTIMATE = 1.0  # seconds a kind of puzzle is taken to need before one has been made
WORKER_NICENESS = 10  # the workers yield the CPU to the process that answers requests
MAX_RETRY_AFTER = 60

Outcome = Puzzle | GenerationFailed


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def generate(make: Callable[[PuzzleSpec], Puzzle], spec: PuzzleSpec) -> tuple[Outcome, float]:
    """The puzzle of ``spec``, or the engine's refusal as a value (to cache it), and the seconds it
    took (the worker's own, without the wait in the queue)."""
    started = time.perf_counter()
    try:
        outcome: Outcome = make(spec)
    except GenerationFailed as failed:
        outcome = failed
    return outcome, time.perf_counter() - started


def generate_registered(spec: PuzzleSpec) -> tuple[Outcome, float]:
    """What a worker process runs: :func:`generate` with the game registered as ``spec.game``."""
    return generate(GAMES[spec.game].make, spec)


def init_worker() -> None:
    """A worker process: Ctrl+C is the server's business, an orphan leaves, and requests come first."""
    init_local_worker()
    os.nice(WORKER_NICENESS)


def kind_of(spec: PuzzleSpec) -> tuple[object, ...]:
    """What a generation's time depends on, as far as it can be known before: all of the spec but its seed."""
    return spec.game, spec.version, spec.width, spec.height, spec.difficulty, spec.options


class PuzzleSource:
    """The puzzles of ``games``, by spec (see the module docstring); :meth:`get` is all a caller needs."""

    def __init__(self, games: Mapping[str, Game], *, workers: int | None = None,
                 queue_seconds: float = QUEUE_SECONDS, cache_size: int = PUZZLE_CACHE_SIZE) -> None:
        self.games = games
        self.workers = default_workers() if workers is None else workers
        unregistered = [name for name, game in games.items() if GAMES.get(name) is not game]
        if self.workers and unregistered:
            raise ValueError(f"worker processes make the registered games only, and {unregistered[0]!r} is "
                             "another record; use workers=0 for games that exist in this process only")
        self.queue_seconds = queue_seconds
        self.cache_size = cache_size
        self._cache: OrderedDict[PuzzleSpec, Outcome] = OrderedDict()
        self._running: dict[PuzzleSpec, asyncio.Future[Outcome]] = {}
        self._pool: Executor | None = None
        self._estimates: dict[tuple[object, ...], float] = {}  # kind of puzzle -> running mean of its seconds

    @property
    def in_flight(self) -> int:
        """Distinct generations running or waiting for a worker."""
        return len(self._running)

    async def get(self, spec: PuzzleSpec) -> Puzzle:
        """The puzzle of ``spec``; a :class:`BadRequest` 422 with the engine's message if it cannot be made,
        503 with ``Retry-After`` when the queue is full."""
        try:
            return await self.puzzle_of(spec)
        except GenerationFailed as failed:
            raise BadRequest(str(failed), status=422) from None

    async def puzzle_of(self, spec: PuzzleSpec) -> Puzzle:
        """:meth:`get`, but a puzzle that cannot be made raises the engine's own :class:`GenerationFailed`
        (for callers that know no HTTP: :class:`gridlogic.store.daily.DailyPuzzles`)."""
        outcome = self._cache.get(spec)
        if outcome is not None:
            self._cache.move_to_end(spec)
        else:
            running = self._running.get(spec)
            if running is None:
                running = self._start(spec)
            # shielded: a request that goes away does not cancel the others' generation
            outcome = await asyncio.shield(running)
        if isinstance(outcome, GenerationFailed):
            raise outcome.with_traceback(None)  # the cached refusal, without the frames of its last raise
        return outcome

    def estimate(self, spec: PuzzleSpec) -> float:
        """The seconds a puzzle of ``spec``'s kind has been taking to generate."""
        return self._estimates.get(kind_of(spec), FIRST_ESTIMATE)

    def _start(self, spec: PuzzleSpec) -> asyncio.Future[Outcome]:
        workers = max(1, self.workers)
        in_flight = sum(self.estimate(running) for running in self._running)
        if len(self._running) >= workers and in_flight + self.estimate(spec) > self.queue_seconds * workers:
            retry = min(MAX_RETRY_AFTER, max(1, math.ceil(in_flight / workers)))
            raise BadRequest(f"the server is busy generating {len(self._running)} puzzles; try again in "
                             f"{retry} s", status=503, headers={"Retry-After": str(retry)})
        running = asyncio.ensure_future(self._generate(spec))
        self._running[spec] = running
        running.add_done_callback(lambda _: self._running.pop(spec, None))
        return running

    async def _generate(self, spec: PuzzleSpec) -> Outcome:
        pool = self._executor()
        loop = asyncio.get_running_loop()
        try:
            if self.workers:
                outcome, seconds = await loop.run_in_executor(pool, generate_registered, spec)
            else:
                outcome, seconds = await loop.run_in_executor(pool, generate, self.games[spec.game].make, spec)
        except BrokenProcessPool:
            # a worker died (killed, out of memory): the next generation gets a new pool
            if self._pool is pool:
                self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            raise BadRequest("a puzzle worker process stopped while generating this puzzle; try again",
                             status=503, headers={"Retry-After": "1"}) from None
        kind = kind_of(spec)
        self._estimates[kind] = 0.7 * self._estimates[kind] + 0.3 * seconds if kind in self._estimates else seconds
        self.remember(spec, outcome)
        return outcome

    def remember(self, spec: PuzzleSpec, outcome: Outcome) -> None:
        """Keep ``spec``'s outcome as the most recently used (the oldest goes past :attr:`cache_size`)."""
        self._cache[spec] = outcome
        self._cache.move_to_end(spec)
        if len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.workers == 0:
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="puzzles")
            else:
                methods = multiprocessing.get_all_start_methods()
                context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
                self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=init_worker)
        return self._pool

    def close(self) -> None:
        """Stop the workers (pending generations are cancelled); a later :meth:`get` starts new ones."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
