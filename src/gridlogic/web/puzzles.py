"""Where the web app gets its puzzles: made in worker processes, once per spec, then cached.

Making a puzzle is pure CPU work (a Loop 10x10 *hard* takes about half a second, several under
load; proving a 50x50 Pattern brought from outside up to its 5 s limit) and a pure function of its
:class:`~gridlogic.game.PuzzleSpec` (a seed is a promise). So:

* **In the worker processes, under the one admission rule.** Each new spec is admitted by the
  app's :class:`~.admission.Admission` as one piece of work (``generate``, or ``import`` for a
  puzzle brought from outside), with its estimated cost, and made in a worker process of its
  :mod:`.pool`; when the queue has no room it is refused at once (:class:`~.admission.Busy`, a 503
  with ``Retry-After``), and so is a client past its share (:class:`~.admission.OverShare`, a 429).
  ``workers=0`` makes puzzles in a thread of this process instead, for tests whose stand-in
  games cannot be sent to another process.
* **One generation per spec** (single flight). A request for a spec that is being made waits for
  that generation instead of starting another, and is not admitted again: 50 identical requests
  cost one generation and one place in the queue.
* **A cache of outcomes**, the puzzle or the engine's refusal, the :data:`PUZZLE_CACHE_SIZE` most
  recently used: the page asks for the same puzzle up to three times (puzzle, check, solution),
  and only the first pays. A cached answer never touches the pool.
* **Work on a puzzle, admitted once** (:meth:`PuzzleSource.run_on`): a PDF or a walk-through of a
  puzzle not made yet is one task that makes it and then draws or walks it, admitted once for both
  estimates, never a generation and then a second admission (see :mod:`.admission`).

Example (``tests/web/test_puzzle_source.py`` runs it)::

    source = PuzzleSource(GAMES, workers=1, queue_seconds=0)
    first = asyncio.create_task(source.get(spec_a))   # making it in the worker
    same = asyncio.create_task(source.get(spec_a))    # waits for the same generation
    await source.get(spec_b)                          # Busy: Retry-After 1 (no room)
    await first is await same                         # one puzzle, made once

A pool of pre-generated puzzles for slow levels (:mod:`.ready`) fits on top without changing
this class: it asks :meth:`PuzzleSource.get` for specs with fresh random seeds while fewer pieces of
work than workers less one are in flight, on behalf of no client.
"""

from __future__ import annotations

import asyncio
import os
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from gridlogic.errors import GenerationFailed
from gridlogic.game import GAMES, IMPORTED, Game, Puzzle, PuzzleSpec
from gridlogic.web import tasks
from gridlogic.web.admission import GENERATE, IMPORT, QUEUE_SECONDS, Admission, CostKey, Ticket
from gridlogic.web.inputs import BadRequest
from gridlogic.web.pool import InlinePool, Pool, WorkerPool

PUZZLE_CACHE_SIZE = 512
T = TypeVar("T")

Outcome = tasks.Outcome


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def pool_for(games: Mapping[str, Game], workers: int | None) -> Pool:
    """``workers`` worker processes (None: one per core), or with 0 a thread of this process, the only
    place where a game record that is not the registered one can be run."""
    count = default_workers() if workers is None else workers
    unregistered = [name for name, game in games.items() if GAMES.get(name) is not game]
    if count and unregistered:
        raise ValueError(f"worker processes make the registered games only, and {unregistered[0]!r} is "
                         "another record; use workers=0 for games that exist in this process only")
    return WorkerPool(count) if count else InlinePool()


def kind_of(spec: PuzzleSpec) -> tuple[object, ...]:
    """What a generation's time depends on, as far as it can be known before: all of the spec but its seed."""
    return spec.game, spec.version, spec.width, spec.height, spec.difficulty, spec.options


def work_of(spec: PuzzleSpec) -> str:
    """The admission's kind of work that makes ``spec``: proving an imported puzzle, or generating."""
    return IMPORT if spec.version == IMPORTED else GENERATE


def made_or_refused(outcome: Outcome) -> Puzzle:
    """The puzzle of an outcome, or a :class:`BadRequest` 422 with the engine's message."""
    if isinstance(outcome, GenerationFailed):
        raise BadRequest(str(outcome), status=422)
    return outcome


class PuzzleSource:
    """The puzzles of ``games``, by spec (see the module docstring); :meth:`get` is all a caller needs.

    Its work is admitted by ``admission`` (default: one of its own over ``workers`` processes,
    queueing ``queue_seconds``)."""

    def __init__(self, games: Mapping[str, Game], *, workers: int | None = None,
                 queue_seconds: float = QUEUE_SECONDS, cache_size: int = PUZZLE_CACHE_SIZE,
                 admission: Admission | None = None) -> None:
        self.games = games
        if admission is None:
            admission = Admission(pool_for(games, workers), queue_seconds=queue_seconds)
        self.admission = admission
        self.cache_size = cache_size
        self._cache: OrderedDict[PuzzleSpec, Outcome] = OrderedDict()
        self._running: dict[PuzzleSpec, asyncio.Future[Outcome]] = {}

    @property
    def workers(self) -> int:
        """The processes (1 for a thread of this process) that the admitted work shares."""
        return self.admission.workers

    @property
    def in_flight(self) -> int:
        """Distinct puzzles being made or waiting for a worker."""
        return len(self._running)

    async def get(self, spec: PuzzleSpec) -> Puzzle:
        """The puzzle of ``spec``; a :class:`BadRequest` 422 with the engine's message if it cannot be made.
        The admission's refusals (:class:`~.admission.Refused`) pass through."""
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

    async def run_on(self, kind: str, spec: PuzzleSpec, work: Callable[..., T], *arguments: Any) -> tuple[Puzzle, T]:
        """The puzzle of ``spec`` and ``work(token, puzzle, *arguments)`` run on it in a worker (``work`` a
        function of :mod:`.tasks`, ``kind`` its kind of work), under ONE admission: of ``kind`` alone when
        the puzzle is cached, else of ``kind`` with the making of the puzzle, run as one task
        (:func:`.tasks.made_then`; the puzzle made is cached as :meth:`get` caches it). So a request is
        refused at once or its whole answer is due within the admission's queue seconds; it never waits
        for its puzzle and then for a second admission. A spec being made for another request is made
        again rather than waited for (the wait would be outside this request's admission).

        A :class:`BadRequest` 422 when the puzzle cannot be made, as :meth:`get`; the admission's
        refusals pass through."""
        token = tasks.token_of(self.games[spec.game])
        key = CostKey.of(spec)
        cached = self._cache.get(spec)
        if cached is not None:
            self._cache.move_to_end(spec)
            puzzle = made_or_refused(cached)
            return puzzle, await self.admission.run(kind, key, work, token, puzzle, *arguments)
        ticket = self.admission.admit(kind, key, also=(work_of(spec),))  # or refused, at once
        outcome, result = await self.admission.execute(ticket, tasks.made_then, token, spec, work, *arguments)
        self.remember(spec, outcome)
        return made_or_refused(outcome), result

    def estimate(self, spec: PuzzleSpec) -> float:
        """The seconds a puzzle of ``spec``'s kind is expected to take to make."""
        return self.admission.estimate(work_of(spec), CostKey.of(spec))

    def _start(self, spec: PuzzleSpec) -> asyncio.Future[Outcome]:
        ticket = self.admission.admit(work_of(spec), CostKey.of(spec))  # or refused, at once
        running = asyncio.ensure_future(self._make(spec, ticket))
        self._running[spec] = running

        def done(_: asyncio.Future[Outcome]) -> None:
            self._running.pop(spec, None)
            self.admission.release(ticket)  # in case it was cancelled before it ran

        running.add_done_callback(done)
        return running

    async def _make(self, spec: PuzzleSpec, ticket: Ticket) -> Outcome:
        game = tasks.token_of(self.games[spec.game])
        outcome: Outcome = await self.admission.execute(ticket, tasks.make, game, spec)
        self.remember(spec, outcome)
        return outcome

    def remember(self, spec: PuzzleSpec, outcome: Outcome) -> None:
        """Keep ``spec``'s outcome as the most recently used (the oldest goes past :attr:`cache_size`)."""
        self._cache[spec] = outcome
        self._cache.move_to_end(spec)
        if len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)

    def close(self) -> None:
        """Stop the workers (pending generations are lost); a later :meth:`get` starts new ones."""
        self.admission.close()
