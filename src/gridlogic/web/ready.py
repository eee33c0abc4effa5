"""Puzzles made before anyone asks, so that a player who wants *a* puzzle never waits for a slow one.

A request without a seed (the page's dice, a fresh game) may be answered by any puzzle of the kind it
names (game, version, size, difficulty, options: all of a spec but its seed). For kinds that take a
while to make (a Loop 25×25 expert takes seconds), :class:`ReadyPuzzles` keeps up to
:data:`PER_KIND` puzzles of that kind already made, and hands one's spec out instead of a fresh random
seed, putting its puzzle back in the :class:`~.puzzles.PuzzleSource`'s cache (other puzzles may have
pushed it out meanwhile): the cache answers it at once. A request with
a seed is generated on demand as before (a seed is a promise), and so is the first request of a kind
nobody asked for yet.

Filling runs in a background task of the app (:meth:`ReadyPuzzles.run`), woken by every seedless
request. It asks the puzzle source for one puzzle at a time, with a fresh random seed, on behalf of no
client (it has no share to use up), and only while fewer pieces of expensive work (of any kind:
hints and imports too, see :mod:`.admission`) than workers less one are in flight (with one worker:
while it is idle): it uses
idle workers only, and one stays free for the people who wait, since a fill that has started holds its
worker for as long as a slow kind takes (seconds), and a fast puzzle asked for meanwhile would wait
behind it. A kind is worth keeping when the source's estimate of its generation time is at
least :data:`SLOW_SECONDS` (known from the first request: :mod:`.admission`'s measured table); the
:data:`KINDS` most recently asked kinds are kept. The levels that start again when an attempt fails
have a long tail: a Loop v2 10×10 hard takes 86 ms at the median and 259 ms at p95, so a threshold of
0.2 s left it (and 5×5 and 7×7 expert) to be made on demand, and 9 to 13 of their 60 requests waited
over 200 ms on a loaded machine (``benchmarks/web_ready.py --every-level loop.2``). So kinds are kept
ready from 20 ms on; the ones faster than that cost nothing worth pooling.

A version's **menu** (:class:`~gridlogic.game.Preset`: Loopy's own presets, for Loop version 4) is kept
too, whatever was asked lately: from the first seedless request of that game and version on, every
kind of its menu is wanted (if slow enough), and filled after the kinds asked for.

Worked example (``tests/web/test_ready.py`` runs it)::

    ready = ReadyPuzzles(source)
    ready.take(loop_25_expert_x)        # -> loop_25_expert_x itself: nothing ready yet; kind now wanted
    await ready.fill()                  # makes PER_KIND puzzles of that kind with fresh seeds
    ready.take(loop_25_expert_y)        # -> one of those specs: source.get answers it from its cache

    ready = ReadyPuzzles(source, menu=menu_specs(GAMES))
    ready.take(loop_v4_7_easy)          # a version 4 request: Loopy's 23 presets are wanted from now on
    await ready.fill()                  # the asked kind first, then two of each preset
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Iterable, Mapping
from dataclasses import replace

from gridlogic.game import Game, Puzzle, PuzzleSpec
from gridlogic.web.admission import Refused
from gridlogic.web.inputs import BadRequest, random_seed
from gridlogic.web.puzzles import PuzzleSource, kind_of

PER_KIND = 2  # ready puzzles kept per kind
SLOW_SECONDS = 0.02  # kinds that generate faster (on average) are made on demand
KINDS = 32  # the most recently asked kinds that are kept ready

Kind = tuple[object, ...]
MENU_SEED = "menu"  # the seed of a menu's template spec; every puzzle made ready has a fresh random one


def menu_specs(games: Mapping[str, Game]) -> list[PuzzleSpec]:
    """A spec of every kind on the menus of ``games``' versions (see :class:`~gridlogic.game.Preset`)."""
    return [game.spec((preset.width, preset.height), MENU_SEED, preset.difficulty, version=number,
                      **dict(preset.options))
            for game in games.values() for number, version in sorted(game.versions.items())
            for preset in version.menu]


class ReadyPuzzles:
    """Specs whose puzzles ``source`` has made already, by kind, for requests that name no seed."""

    def __init__(self, source: PuzzleSource, *, per_kind: int = PER_KIND, slow_seconds: float = SLOW_SECONDS,
                 kinds: int = KINDS, menu: Iterable[PuzzleSpec] = ()) -> None:
        self.source = source
        self.per_kind = per_kind
        self.slow_seconds = slow_seconds
        self.kinds = kinds
        self._wanted: OrderedDict[Kind, PuzzleSpec] = OrderedDict()  # kind -> a spec of it, last asked last
        self._menus: dict[tuple[str, int], dict[Kind, PuzzleSpec]] = {}  # (game, version) -> its menu's kinds
        for spec in menu:
            self._menus.setdefault((spec.game, spec.version), {})[kind_of(spec)] = spec
        self._kept: dict[Kind, PuzzleSpec] = {}  # the menus' kinds wanted since their version was asked for
        self._ready: dict[Kind, deque[tuple[PuzzleSpec, Puzzle]]] = {}
        self._wake = asyncio.Event()

    def take(self, spec: PuzzleSpec) -> PuzzleSpec:
        """A ready spec of ``spec``'s kind if there is one, else ``spec``; the kind is wanted from now on."""
        kind = kind_of(spec)
        self._wanted[kind] = spec
        self._wanted.move_to_end(kind)
        self._kept.update(self._menus.pop((spec.game, spec.version), {}))
        while len(self._wanted) > self.kinds:
            dropped, _ = self._wanted.popitem(last=False)
            if dropped not in self._kept:
                self._ready.pop(dropped, None)
        self._wake.set()
        ready = self._ready.get(kind)
        if not ready:
            return spec
        made, puzzle = ready.popleft()
        self.source.remember(made, puzzle)
        return made

    def ready_count(self, spec: PuzzleSpec) -> int:
        """How many puzzles of ``spec``'s kind are ready."""
        return len(self._ready.get(kind_of(spec), ()))

    async def fill(self) -> None:
        """Make puzzles of the wanted slow kinds, one at a time, until each has :attr:`per_kind` ready or
        no worker is idle."""
        while True:
            wanted = [*reversed(self._wanted.items()), *self._kept.items()]
            short = [(kind, spec) for kind, spec in wanted
                     if self.ready_count(spec) < self.per_kind and self.source.estimate(spec) >= self.slow_seconds]
            if not short or self.source.admission.in_flight >= max(1, self.source.workers - 1):
                return
            kind, template = short[0]
            spec = replace(template, seed=random_seed())
            try:
                puzzle = await self.source.get(spec)
            except Refused:  # busy, or a worker stopped: try again when woken
                return
            except BadRequest:
                self._wanted.pop(kind, None)  # the engine cannot make this kind: stop trying
                self._kept.pop(kind, None)
                continue
            if kind in self._wanted or kind in self._kept:
                self._ready.setdefault(kind, deque()).append((spec, puzzle))

    async def run(self) -> None:
        """Fill whenever a seedless request has come (the app's background task)."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            await self.fill()

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[None]:
        """:meth:`run` in the background for the time of the ``with`` block."""
        task = asyncio.create_task(self.run())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
