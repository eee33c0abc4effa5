"""The daily puzzles: for each game a medium and a hard puzzle a day, the same for everyone.

:data:`DAILY_TABLE` is the one place the daily presets are chosen. Each row reads: from this UTC
date on, this game's preset is a puzzle of this generator version, size and difficulty. The
puzzle of a day is made by the row in force on that day (the latest row of its game and preset
whose date is not after the day) from a seed that is the day itself, ``daily-YYYY-MM-DD``. Where
a generator cannot make that seed's puzzle (Signal's hard boards fail for about one seed in
twenty), the next candidate ``daily-YYYY-MM-DD.2``, then ``.3``, and so on, is taken: the first
one the generator makes is the day's puzzle (:class:`DailyPuzzles` finds it once and keeps it,
and tells whether a puzzle played is a daily one).

Why a day stays the same forever: a generator version never changes its puzzles (a seed is a
promise), a day's row never changes as long as rows are only ever *added*, each dated after the
day it is added, and the seed depends on nothing but the date. A new generator version (say Loop
version 2) comes in by a new row::

    2027-03-01  loop     hard    2        15      hard

and every day before 2027-03-01 keeps its version-1 puzzle. ``tests/store/test_daily.py`` pins
the IDs of some days, so an edit that would change an old day fails there.

**The rows of 2027-01-01** move Signal and Pattern to their newer generators, at sizes chosen for
a daily played on a phone (the reasons, with the figures, are in docs/guide/playing.md, "Daily puzzles"):
Signal version 4, 8×8 medium and 10×10 hard (par 5:20 and 12:30; tiles of 40 and 32.5 CSS px
on a 360 px wide screen, where 12×12 would give 27 px, near the 24 px least touch target, and
Net's own presets for small screens stop at 11×11); Pattern version 2, 12×12 medium and 15×15
hard (par 14:24 and 33:50; cells of 23 and 18.5 px with the clues in view, where 20×20 gives 14.5
px and clues too small to read without zooming). Each generates in well under a second (the
slowest of 2027's 365 days, 15×15 hard, 0.22 s of CPU) and every day of 2027 takes its first seed.

**The rows of 2027-02-01** move Loop to version 3, whose levels are Loopy's: 7×7 medium (Loopy's
Normal) and 10×10 hard (Loopy's Tricky), the sizes Loop's dailies had; the first 90 days take 31 and 136 ms
of CPU at the median, 72 and 246 ms at most (pure Python), each on its first seed.

**Made ahead.** The first player of a day must not wait for its puzzles, so the web app makes
today's and tomorrow's in the background (:meth:`DailyPuzzles.make_ahead`) when it starts and
again every :data:`AHEAD_EVERY`, with one round :data:`AHEAD_OF_MIDNIGHT` before each UTC
midnight (:func:`seconds_to_next_round`): every round on a day makes the next day's too, and asks
for each puzzle found before, which keeps it among the recently used in the app's cache.

Worked example (the test checks it)::

    >>> [spec.id for spec in candidates(date(2026, 12, 1), rule_on(date(2026, 12, 1), "signal", "hard"))][:2]
    ['signal.3.6x6.hard.daily-2026-12-01', 'signal.3.6x6.hard.daily-2026-12-01.2']
    >>> daily_date_of("daily-2026-12-01.2")
    datetime.date(2026, 12, 1)
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from gridlogic.errors import GenerationFailed, InvalidParameters
from gridlogic.game import GAMES, Puzzle, PuzzleSpec, game_named

# One row a line: from (UTC date), game, preset, generator version, board side, difficulty.
DAILY_TABLE = """
2026-12-01  signal   medium  3        5       medium
2026-12-01  signal   hard    3        6       hard
2026-12-01  pattern  medium  1        8       any
2026-12-01  pattern  hard    1        10      any
2026-12-01  loop     medium  1        7       medium
2026-12-01  loop     hard    1        10      hard
2027-01-01  signal   medium  4        8       medium
2027-01-01  signal   hard    4        10      hard
2027-01-01  pattern  medium  2        12      medium
2027-01-01  pattern  hard    2        15      hard
2027-02-01  loop     medium  3        7       medium
2027-02-01  loop     hard    3        10      hard
"""
PRESETS = ("medium", "hard")
SEED_PREFIX = "daily-"
CANDIDATES = 8  # a 1-in-20 failure eight times running: one day in 25 billion
AHEAD_EVERY = timedelta(minutes=30)  # how often the web app makes today's and tomorrow's dailies again
AHEAD_OF_MIDNIGHT = timedelta(minutes=5)  # and one round this long before each UTC midnight


@dataclass(frozen=True)
class DailyRule:
    """One row of :data:`DAILY_TABLE`."""

    since: date
    game: str
    preset: str
    version: int
    side: int
    difficulty: str


def _read_table(text: str) -> tuple[DailyRule, ...]:
    rules: list[DailyRule] = []
    for line in text.strip().splitlines():
        since, game, preset, version, side, difficulty = line.split()
        rule = DailyRule(date.fromisoformat(since), game, preset, int(version), int(side), difficulty)
        if preset not in PRESETS:
            raise InvalidParameters(f"daily table: unknown preset {preset!r} in {line!r}")
        game_named(game).spec(rule.side, "daily-check", difficulty, version=rule.version)
        earlier = [r for r in rules if (r.game, r.preset) == (game, preset)]
        if earlier and earlier[-1].since >= rule.since:
            raise InvalidParameters(f"daily table: {line!r} is not after the row it follows")
        rules.append(rule)
    return tuple(rules)


RULES = _read_table(DAILY_TABLE)
LAUNCH = min(rule.since for rule in RULES)


def rule_on(day: date, game: str, preset: str) -> DailyRule | None:
    """The row in force on ``day`` for ``game``'s ``preset`` (None before its first row)."""
    found = [r for r in RULES if r.game == game and r.preset == preset and r.since <= day]
    return found[-1] if found else None


def rules_on(day: date, games: tuple[str, ...] | None = None) -> list[DailyRule]:
    """The rows in force on ``day``, in :data:`GAMES` order then :data:`PRESETS` order."""
    names = games if games is not None else tuple(GAMES)
    found = [rule_on(day, game, preset) for game in names for preset in PRESETS]
    return [rule for rule in found if rule is not None]


def candidates(day: date, rule: DailyRule) -> list[PuzzleSpec]:
    """The specs a day's puzzle is taken from, in order: the first one its generator makes."""
    base = f"{SEED_PREFIX}{day.isoformat()}"
    seeds = [base] + [f"{base}.{n}" for n in range(2, CANDIDATES + 1)]
    game = game_named(rule.game)
    return [game.spec(rule.side, seed, rule.difficulty, version=rule.version) for seed in seeds]


_DAILY_SEED = re.compile(r"daily-([0-9]{4}-[0-9]{2}-[0-9]{2})(?:\.([2-9]))?")


def daily_date_of(seed: str) -> date | None:
    """The day a daily seed names (None for any other seed)."""
    matched = _DAILY_SEED.fullmatch(seed)
    if matched is None or (matched.group(2) is not None and int(matched.group(2)) > CANDIDATES):
        return None
    try:
        return date.fromisoformat(matched.group(1))
    except ValueError:
        return None


def rule_for(spec: PuzzleSpec) -> tuple[date, DailyRule] | None:
    """The day and row whose candidates ``spec`` is one of (None: not a daily candidate)."""
    day = daily_date_of(spec.seed)
    if day is None:
        return None
    for preset in PRESETS:
        rule = rule_on(day, spec.game, preset)
        if rule is not None and spec in candidates(day, rule):
            return day, rule
    return None


def seconds_to_next_round(now: datetime) -> float:
    """Seconds from ``now`` (aware) to the next round of making the dailies ahead: :data:`AHEAD_EVERY`, or
    less when the round :data:`AHEAD_OF_MIDNIGHT` before the next UTC midnight comes first."""
    midnight = datetime.combine(now.astimezone(UTC).date() + timedelta(days=1), time(), UTC)
    before_midnight = midnight - AHEAD_OF_MIDNIGHT - now
    wait = before_midnight if timedelta(0) < before_midnight < AHEAD_EVERY else AHEAD_EVERY
    return wait.total_seconds()


PuzzleMaker = Callable[[PuzzleSpec], Awaitable[Puzzle]]
"""The puzzle of a spec, or :class:`GenerationFailed` when its generator cannot make it (the web
app's :meth:`~gridlogic.web.puzzles.PuzzleSource.puzzle_of`, which makes each spec once)."""


class DailyPuzzles:
    """Which spec is the puzzle of a day and a row: the first of its :func:`candidates` that
    ``make`` makes, found once and remembered (a day's puzzle never changes)."""

    def __init__(self, make: PuzzleMaker) -> None:
        self.make = make
        self._found: dict[tuple[date, DailyRule], PuzzleSpec | None] = {}

    async def spec_on(self, day: date, rule: DailyRule) -> PuzzleSpec | None:
        """The spec of ``rule``'s puzzle on ``day`` (None: no candidate could be made)."""
        key = (day, rule)
        if key not in self._found:
            self._found[key] = await self._first_made(day, rule)
        return self._found[key]

    async def _first_made(self, day: date, rule: DailyRule) -> PuzzleSpec | None:
        for spec in candidates(day, rule):
            try:
                await self.make(spec)
            except GenerationFailed:
                continue
            return spec
        return None

    async def make_ahead(self, today: date, games: tuple[str, ...] | None = None) -> list[PuzzleSpec | None]:
        """Make the puzzles of ``today`` and the next day now, for every row in force (of ``games``, default
        all), one at a time; a puzzle found before is asked for again, so that ``make`` keeps it (a cache
        answers it at once, or makes it again if it was pushed out). The specs, None where no candidate
        could be made; ``make``'s other errors (a busy queue) are the caller's, and the next round asks
        again."""
        made: list[PuzzleSpec | None] = []
        for day in (today, today + timedelta(days=1)):
            for rule in rules_on(day, games):
                known = (day, rule) in self._found
                spec = await self.spec_on(day, rule)
                if known and spec is not None:
                    await self.make(spec)
                made.append(spec)
        return made

    async def daily_of(self, spec: PuzzleSpec, today: date) -> tuple[date, str] | None:
        """(day, preset) when ``spec`` is the daily puzzle of a day up to ``today``; None otherwise."""
        found = rule_for(spec)
        if found is None or found[0] > today:
            return None
        day, rule = found
        return (day, rule.preset) if await self.spec_on(day, rule) == spec else None
