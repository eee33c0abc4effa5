"""The app makes today's and tomorrow's daily puzzles in the background, so the first player of a day never waits.

The records' desk runs its lifespan with a clock the test sets (the eve of the 2027 rows), its puzzles
made in a thread (``workers=0``); the test waits for the task's round to finish (``dailies_made``),
never for a time.
"""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import UTC, datetime, timedelta

from web_helpers import run_async

from gridlogic import GAMES
from gridlogic.store import daily
from gridlogic.web.inputs import BadRequest
from gridlogic.web.puzzles import PuzzleSource
from gridlogic.web.records import RecordDesk, RecordSettings

SECRET = b"test-secret-of-the-dailies-ahead-0123456789"
EVE = datetime(2026, 12, 31, 12, 0, tzinfo=UTC)


def desk_at(tmp_path, source: PuzzleSource, now: datetime = EVE) -> RecordDesk:
    settings = RecordSettings(f"sqlite:///{tmp_path / 'records.sqlite'}", SECRET, lambda: now)
    return RecordDesk(GAMES, source, settings)


def test_the_lifespans_task_fills_the_cache_with_todays_and_tomorrows_dailies(tmp_path):
    async def scenario():
        source = PuzzleSource(GAMES, workers=0)
        desk = desk_at(tmp_path, source)
        async with desk.lifespan(None):
            await asyncio.wait_for(desk.dailies_made.wait(), timeout=120)  # a guard against a hang, not a sync
            today, tomorrow = EVE.date(), EVE.date() + timedelta(days=1)
            found = {day: [await desk.plays.daily.spec_on(day, rule) for rule in daily.rules_on(day)]
                     for day in (today, tomorrow)}
        source.close()
        return source, found

    source, found = run_async(scenario)
    for specs in found.values():
        assert len(specs) == 2 * len({rule.game for rule in daily.rules_on(EVE.date())})
        assert all(spec is not None for spec in specs)
        for spec in specs:
            assert spec in source._cache and not isinstance(source._cache[spec], Exception)
    tomorrow = {spec.id for spec in found[EVE.date() + timedelta(days=1)]}
    assert {"signal.4.8x8.medium.daily-2027-01-01", "signal.4.10x10.hard.daily-2027-01-01",
            "pattern.2.12x12.medium.daily-2027-01-01", "pattern.2.15x15.hard.daily-2027-01-01"} <= tomorrow


def test_a_busy_queue_or_a_failing_engine_ends_the_round_early_and_is_tried_again(tmp_path):
    async def scenario():
        source = PuzzleSource(GAMES, workers=0)
        desk = desk_at(tmp_path, source)
        outcomes = []

        async def busy(spec):
            raise BadRequest("the server is busy generating 9 puzzles; try again in 3 s", status=503)

        async def broken(spec):
            raise ZeroDivisionError("engine bug")

        for make in (busy, broken, source.puzzle_of):
            desk.plays.daily.make = make
            desk.dailies_made.clear()
            outcomes.append(await desk.make_dailies_ahead())
            assert desk.dailies_made.is_set()
        source.close()
        return outcomes

    assert run_async(scenario) == [False, False, True]


def test_an_app_over_stand_in_records_makes_none_of_their_dailies_ahead(tmp_path):
    asked = []

    async def scenario():
        source = PuzzleSource(GAMES, workers=0)
        stand_in = dataclasses.replace(GAMES["signal"], title="Signal (a test's stand-in)")
        settings = RecordSettings(f"sqlite:///{tmp_path / 'records.sqlite'}", SECRET, lambda: EVE)
        desk = RecordDesk({**GAMES, "signal": stand_in}, source, settings)

        async def make(spec):
            asked.append(spec.game)
            return GAMES[spec.game].make(spec)

        desk.plays.daily.make = make
        made = await desk.make_dailies_ahead()
        source.close()
        return made

    assert run_async(scenario) is True
    assert "signal" not in asked and {"pattern", "loop"} <= set(asked)
