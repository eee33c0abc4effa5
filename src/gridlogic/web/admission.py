"""One admission rule for all of the server's expensive work: a bounded wait, or a refusal at once.

Making a puzzle, proving a puzzle brought from outside and finding a hint can each take from a
millisecond to seconds (a Signal 25×25 wrapping *hard* hint 0.4 s on an idle machine and 6 s on a
busy one; a 50×50 Pattern import up to its 5 s limit). All of it runs in the worker processes of a
:mod:`.pool`, never in the process that answers requests, so cheap answers (cached puzzles, checks,
``/api/games``, the page) never wait behind it. What is let into the pool is decided here, with
no HTTP (:mod:`.responses` turns the refusals into answers):

**What a request costs** (:class:`Costs`) is known before it runs, from the first request on: a
table measured by ``benchmarks/work_costs.py`` and shipped with the package (``work_costs.json``)
gives the seconds of each kind of work (``generate``, ``import``, ``hint``, ``explain``, ``print``,
and the studio's ``analyse``, ``fixes``, ``thin`` and ``grid``, the drawing of a grid it designs on) per
game, version, difficulty and options (a *series*; an imported puzzle's version is 0 and its difficulty
its format, a grid's drawing's its grid's name) at several board sizes; a
size between two is interpolated on a log-log scale by its cells, a larger one extrapolated (at
least in proportion to its cells). A series not in the table borrows the slowest of its nearest
relatives (the same game and version, the same game, the same kind); a kind the table has not
measured borrows from every kind's. The table is the slowest of each point, measured niced on a busy
2-core machine. As the server runs, each (kind, series, size) learns its own time (a new slowest
replaces the estimate at once, faster ones pull it down by a fifth each), and this machine's pace
beside the table's (a running mean of measured / table over work the table puts at 50 ms or more,
applied when over 1) scales the estimates of what it has not seen yet.

**The rule.** Admitted work waits in one queue, first come first served, for :attr:`Admission.workers`
processes. A new request of estimate ``e`` is admitted while a worker is idle, or while the
estimated work ahead of it, spread over the workers, plus its own stays within
:attr:`Admission.queue_seconds` (:data:`QUEUE_SECONDS`)::

    admitted  iff  in flight < workers  or  (sum of the estimates in flight) / workers + e <= queue_seconds

With first come, first served, a request starts once the work ahead of it is done, and with every
worker busy until then that is at most (work ahead) / workers: so its answer is due within
``queue_seconds``, by the estimates. (A kind that takes longer than that alone is made only when a
worker is idle, and takes its own time.) Anything else is refused at once with :class:`Busy` and the
seconds after which it would fit (a 503 with ``Retry-After``).

**Fair shares.** Each request is made on behalf of a *requester* (the client's address, set in
:data:`REQUESTER` by :mod:`.clients` for each request; background work has none and no share). A
requester may have at most :attr:`Admission.client_jobs` requests in flight (:data:`CLIENT_JOBS`),
and, beyond its first, at most :attr:`Admission.client_share` of the queue's seconds
(``client_share × workers × queue_seconds``); past either it is refused with :class:`OverShare` (a
429), so one address can never hold the queue. A task still running after ``max(60 s, 10 ×
its estimate)`` has its worker killed (:class:`Stopped`, a 503).

Worked example (``tests/web/test_admission.py`` runs it; one worker, 10 s of queue, a hint on a
25×25 board that the table says takes 4 s)::

    admission = Admission(InlinePool(), Costs({"hint": {"signal.4.hard.": [[625, 4.0]]}}), queue_seconds=10)
    key = CostKey("signal", 4, 25, 25, "hard")
    a = admission.admit(HINT, key, requester="198.51.100.7")  # admitted: the worker is idle
    b = admission.admit(HINT, key, requester="203.0.113.5")   # admitted: 4 / 1 + 4 = 8 <= 10
    admission.admit(HINT, key, requester="192.0.2.1")         # Busy: 8 / 1 + 4 = 12 > 10; retry_after 2
    admission.admit(HINT, key, requester="198.51.100.7")      # OverShare: its 4 s + 4 > 2.5 s, a quarter
    await admission.execute(a, task, ...)                     # runs in the pool; a is done

**One request, one admission.** A request whose work is two kinds in a row, such as a PDF of a puzzle
not made yet (``generate`` or ``import``, then ``print``), is admitted once, for the sum of their
estimates, and runs as one task (``admit(PRINT, key, also=(GENERATE,))``; see
:meth:`.puzzles.PuzzleSource.run_on`): a second admission after the first part would make the client
wait for that part and then still refuse it, breaking the promise above. The task's time is learned
by each kind in proportion to its estimate (:meth:`Ticket.shares`). Worked example
(``tests/web/test_one_admission.py`` runs it)::

    admission = Admission(InlinePool(), Costs({"generate": {"pattern.1.any.": [[100, 4.0]]},
                                               "print": {"pattern.1.any.": [[100, 5.0]]}}), queue_seconds=10)
    key = CostKey("pattern", 1, 10, 10)
    ticket = admission.admit(PRINT, key, also=(GENERATE,))  # one ticket of 9 s (4 + 5), or Busy at once
    ticket.shares(1.8)                                      # [("generate", 0.8), ("print", 1.0)]

**Adding a kind of expensive work** is one call where a request needs it, with a module-level
function of plain values (:mod:`.tasks`), as the studio's analysis does (:mod:`.studio`)::

    result = await admission.run(ANALYSE, key, tasks.analyse, token_of(game), problem)

and, for an estimate of its own right from the first request, its series in the table
(``benchmarks/work_costs.py``); until then it borrows the slowest of the kinds measured at its size.
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import json
import math
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from gridlogic.game import PuzzleSpec
from gridlogic.web.pool import Overran, Pool, Reply, WorkerStopped

GENERATE, IMPORT, HINT, ANALYSE, FIXES, THIN, GRID = "generate", "import", "hint", "analyse", "fixes", "thin", "grid"
EXPLAIN, PRINT = "explain", "print"
QUEUE_SECONDS = 10.0  # the promise: an admitted request's answer is due within this, by the estimates
CLIENT_JOBS = 4  # expensive requests one requester may have in flight
CLIENT_SHARE = 0.25  # the part of the queue's seconds one requester may hold beyond its first request
MAX_RETRY_AFTER = 60
DEADLINE_SECONDS = 60.0  # a task runs at least this long before it is stopped ...
DEADLINE_FACTOR = 10.0  # ... or this many times its estimate
DEFAULT_SECONDS = 1.0  # a kind of work no table knows
MIN_SECONDS = 0.001
PACE_SECONDS = 0.05  # the work that tells this machine's pace: the table's estimate at least this
TABLE_FILE = "work_costs.json"
LEARNED_KEYS = 4096  # (kind, key) pairs whose own time is remembered, the most recently run

REQUESTER: contextvars.ContextVar[str | None] = contextvars.ContextVar("gridlogic_requester", default=None)

Series = Sequence[Sequence[float]]  # [[cells, seconds], ...], by cells


class Refused(Exception):
    """Work that is not admitted (or not finished); ``str(self)`` says why, ``retry_after`` when to ask again."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Busy(Refused):
    """The queue has no room for this request's estimated work."""


class OverShare(Refused):
    """The requester has its share of the queue in flight already."""


class Stopped(Refused):
    """The worker running this request stopped (killed at its deadline, or from outside)."""


@dataclass(frozen=True)
class CostKey:
    """What a piece of work's time depends on, as far as it is known before: the game, the version
    (0 for a puzzle brought from outside), the size, the difficulty (an import's format) and the
    option letters."""

    game: str
    version: int
    width: int
    height: int
    difficulty: str = "any"
    flags: str = ""

    @classmethod
    def of(cls, spec: PuzzleSpec) -> CostKey:
        return cls(spec.game, spec.version, spec.width, spec.height, spec.difficulty, spec.flags)

    @property
    def series(self) -> str:
        """The table's name for everything of this key but its size: ``GAME.VERSION.DIFFICULTY.FLAGS``."""
        return f"{self.game}.{self.version}.{self.difficulty}.{self.flags}"

    @property
    def cells(self) -> int:
        return self.width * self.height


def interpolate(series: Series, cells: int) -> float:
    """The seconds of ``cells`` on a log-log line through the measured points (the smallest point's
    below them; past the largest, the last slope, at least 1: in proportion to the cells)."""
    points = sorted((max(1.0, c), max(MIN_SECONDS, s)) for c, s in series)
    if cells <= points[0][0]:
        return points[0][1]
    for (c0, s0), (c1, s1) in itertools.pairwise(points):
        if cells <= c1:
            share = math.log(cells / c0) / math.log(c1 / c0) if c1 > c0 else 1.0
            return s0 * (s1 / s0) ** share
    (c0, s0), (c1, s1) = points[-2] if len(points) > 1 else points[-1], points[-1]
    slope = math.log(s1 / s0) / math.log(c1 / c0) if c1 > c0 else 1.0
    return s1 * (cells / c1) ** max(1.0, slope)


class Costs:
    """Estimated seconds of each kind of work (see the module docstring): the table, scaled by this
    machine's pace, and what each key has taken here."""

    def __init__(self, table: Mapping[str, Mapping[str, Series]]) -> None:
        self.table = table
        self.pace = 1.0  # running mean of measured / table seconds
        self._learned: OrderedDict[tuple[str, CostKey], float] = OrderedDict()

    @classmethod
    def shipped(cls) -> Costs:
        """The costs of the table shipped with the package (``work_costs.json``)."""
        text = resources.files("gridlogic.web").joinpath(TABLE_FILE).read_text(encoding="utf-8")
        return cls(json.loads(text)["kinds"])

    def table_seconds(self, kind: str, key: CostKey) -> float:
        """The table's seconds for ``key``: its series, else the slowest of its nearest relatives (in
        every kind measured, for a kind the table does not have)."""
        tables = [self.table[kind]] if self.table.get(kind) else list(self.table.values())
        relatives: list[Callable[[str], bool]] = [
            lambda name: name == key.series,
            lambda name: name.startswith(f"{key.game}.{key.version}.{key.difficulty}."),
            lambda name: name.startswith(f"{key.game}.{key.version}."),
            lambda name: name.startswith(f"{key.game}."),
            lambda name: True,
        ]
        for related in relatives:
            found = [interpolate(series, key.cells) for kinds in tables for name, series in kinds.items()
                     if related(name) and series]
            if found:
                return max(found)
        return DEFAULT_SECONDS

    def estimate(self, kind: str, key: CostKey) -> float:
        """The seconds a piece of work of ``kind`` and ``key`` is expected to take."""
        learned = self._learned.get((kind, key))
        if learned is not None:
            return learned
        return max(MIN_SECONDS, self.table_seconds(kind, key) * max(1.0, self.pace))

    def observe(self, kind: str, key: CostKey, seconds: float) -> None:
        """Learn that a piece of work of ``kind`` and ``key`` took ``seconds``."""
        before = self.estimate(kind, key)
        table = self.table_seconds(kind, key)
        if table >= PACE_SECONDS:  # a millisecond's task says more of its overheads than of the machine
            self.pace = 0.9 * self.pace + 0.1 * min(16.0, seconds / table)
        learned = seconds if seconds > before else 0.8 * before + 0.2 * seconds
        self._learned[(kind, key)] = max(MIN_SECONDS, learned)
        self._learned.move_to_end((kind, key))
        while len(self._learned) > LEARNED_KEYS:
            self._learned.popitem(last=False)


@dataclass(eq=False)
class Ticket:
    """An admitted piece of work: what it is, its estimate, on whose behalf; ``parts``, when one task does
    more than one kind of work, each kind with its own estimate (``estimate`` is their sum)."""

    kind: str
    key: CostKey
    estimate: float
    requester: str | None
    parts: tuple[tuple[str, float], ...] = ()

    def shares(self, seconds: float) -> list[tuple[str, float]]:
        """The kinds that ``seconds`` of this ticket's task are learned by: its kind alone, or each part's
        share in proportion to its estimate."""
        if not self.parts:
            return [(self.kind, seconds)]
        return [(kind, seconds * estimate / self.estimate) for kind, estimate in self.parts]


@dataclass(frozen=True)
class Decision:
    """What :meth:`Admission.admit` decided, for observers (monitoring, tests)."""

    kind: str
    key: CostKey
    requester: str | None
    estimate: float
    refusal: Refused | None = None
    also: tuple[str, ...] = ()  # the other kinds of work the same task does (see Admission.admit)


def seconds_text(seconds: float) -> str:
    return f"{seconds:.1f} s" if seconds < 10 else f"{seconds:.0f} s"


def retry_in(seconds: float) -> int:
    return min(MAX_RETRY_AFTER, max(1, math.ceil(seconds)))


@dataclass
class Admission:
    """The admission of expensive work into ``pool`` (see the module docstring)."""

    pool: Pool
    costs: Costs = field(default_factory=Costs.shipped)
    queue_seconds: float = QUEUE_SECONDS
    client_jobs: int = CLIENT_JOBS
    client_share: float = CLIENT_SHARE
    observers: list[Callable[[Decision], None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._jobs: list[Ticket] = []  # admitted and unfinished, in the order admitted
        self._work: set[asyncio.Future[Reply]] = set()  # the pool runs in flight, cancelled by close()

    @property
    def workers(self) -> int:
        return max(1, self.pool.size)

    @property
    def in_flight(self) -> int:
        """Admitted requests not finished yet (running or waiting for a worker)."""
        return len(self._jobs)

    def estimate(self, kind: str, key: CostKey) -> float:
        return self.costs.estimate(kind, key)

    def admit(self, kind: str, key: CostKey, requester: str | None = None, *, also: tuple[str, ...] = ()) -> Ticket:
        """A ticket for a piece of work (``requester``: :data:`REQUESTER`'s when None), or :class:`OverShare`
        or :class:`Busy` at once (see the module docstring). ``also`` names the other kinds of work the same
        task does (making its puzzle first): one ticket, for the sum of their estimates and its own."""
        requester = REQUESTER.get() if requester is None else requester
        parts = tuple((part, self.estimate(part, key)) for part in (*also, kind)) if also else ()
        estimate = sum(seconds for _, seconds in parts) if parts else self.estimate(kind, key)
        refusal = self.share_refusal(requester, estimate) or self.queue_refusal(estimate)
        for observer in self.observers:
            observer(Decision(kind, key, requester, estimate, refusal, also))
        if refusal is not None:
            raise refusal
        ticket = Ticket(kind, key, estimate, requester, parts)
        self._jobs.append(ticket)
        return ticket

    def share_refusal(self, requester: str | None, estimate: float) -> OverShare | None:
        if requester is None:
            return None
        mine = [job.estimate for job in self._jobs if job.requester == requester]
        held = sum(mine)
        if len(mine) >= self.client_jobs:
            return OverShare(f"this address has {len(mine)} requests of expensive work in flight (new puzzles, "
                             f"imports, hints); at most {self.client_jobs} at once; try again in "
                             f"{retry_in(held)} s", retry_in(held))
        share = self.client_share * self.workers * self.queue_seconds
        if mine and held + estimate > share:
            return OverShare(f"this address has about {seconds_text(held)} of work in flight, and this request "
                             f"would add {seconds_text(estimate)}; one address may have one request, or up to "
                             f"{seconds_text(share)} of work, in flight; try again in {retry_in(held)} s",
                             retry_in(held))
        return None

    def queue_refusal(self, estimate: float) -> Busy | None:
        if len(self._jobs) < self.workers:
            return None
        due = sum(job.estimate for job in self._jobs) / self.workers + estimate
        if due <= self.queue_seconds:
            return None
        retry = retry_in(due - self.queue_seconds)
        return Busy(f"the server is busy: {len(self._jobs)} requests of expensive work are in flight, and this one "
                    f"(about {seconds_text(estimate)}) would be answered in about {seconds_text(due)}, past the "
                    f"{self.queue_seconds:g} s a request may wait; try again in {retry} s", retry)

    def deadline(self, ticket: Ticket) -> float:
        """The seconds after which a task still running is stopped."""
        return max(DEADLINE_SECONDS, DEADLINE_FACTOR * ticket.estimate)

    async def execute(self, ticket: Ticket, function: Callable[..., Any], *arguments: Any) -> Any:
        """Run an admitted ``function(*arguments)`` in the pool and answer its result (or raise its error,
        or :class:`Stopped`). A caller that goes away leaves it to finish: its estimate stays in the
        queue until then."""
        work = asyncio.ensure_future(self.pool.run(function, *arguments, deadline=self.deadline(ticket)))
        self._work.add(work)
        work.add_done_callback(lambda done: self._finished(ticket, done))
        try:
            reply: Reply = await asyncio.shield(work)
        except Overran as overran:
            raise Stopped(f"{overran}; try again in {MAX_RETRY_AFTER} s", MAX_RETRY_AFTER) from None
        except WorkerStopped as stopped:
            raise Stopped(f"{stopped}; try again", 1) from None
        return reply.result()

    def release(self, ticket: Ticket) -> None:
        """Take ``ticket``'s work out of the queue (done, or never to run); once is enough."""
        if ticket in self._jobs:
            self._jobs.remove(ticket)

    def _finished(self, ticket: Ticket, done: asyncio.Future[Reply]) -> None:
        self._work.discard(done)
        self.release(ticket)
        if done.cancelled():
            return
        failed = done.exception()
        seconds = done.result().seconds if failed is None else failed.seconds if isinstance(failed, Overran) else None
        if seconds is not None:
            for kind, share in ticket.shares(seconds):
                self.costs.observe(kind, ticket.key, share)

    async def run(self, kind: str, key: CostKey, function: Callable[..., Any], *arguments: Any) -> Any:
        """:meth:`admit` and :meth:`execute` in one: the one call a new kind of expensive work needs."""
        return await self.execute(self.admit(kind, key), function, *arguments)

    def close(self) -> None:
        """Stop the workers (work in flight is lost: cancelled, so that none of it starts a worker after
        the pool is closed); later work starts new ones."""
        for work in list(self._work):
            work.cancel()
        self.pool.close()
